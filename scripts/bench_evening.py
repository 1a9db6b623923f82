#!/usr/bin/env python3
"""Busy evening (issue 38), the writers' half: parents post cases, the back office approves them
with the CLI, tutors apply and withdraw, owners choose a tutor who confirms, members book tutors
who accept, and lessons are recorded; while the shell script around this runs wrk's 64 readers.

    python3 scripts/bench_evening.py --base http://127.0.0.1:PORT --bin target/release/tutorhub \
        --data-dir DIR [--database-url URL] [--setup] --rate FLOWS_PER_SECOND --seconds N

--setup first runs `BIN seed --demo` (idempotent: a second run adds nothing): 陳太 61234567 and
李思敏 62345678 post the cases, demo tutors 50000001-50000060 (not 20) apply, confirm and are
booked (password demo1234 for all). Run it once before starting the server (it writes to the database
directly), or with --setup and no --rate to only seed.

One flow (the unit of --rate), every step timed as its write kind:
  post_case       POST /cases (a parent; a unique ASCII word in the description)
  approve         BIN cases approve N --yes (wall time; approve_cpu: the process's user+sys time)
  searchable      from approve's exit, GET /cases?q=WORD every 20 ms until the case is listed
  apply ×2        POST /cases/apply by two tutors who teach the case's subject at its level
  withdraw        POST /cases/applied/{B's application}/withdraw
  select          POST /cases/{case}/applications/{A's application}/select (the owner)
  confirm         POST /cases/applied/{A's application}/confirm: the match, an arrangement
  record_lesson   POST /arrangements/{offer}/lessons (tutor A; a lesson just held)
  book            POST /bookings (a member books a third tutor C)
  accept_booking  POST /bookings/{id}/accept (tutor C): the booking is an arrangement
  record_lesson   POST /arrangements/{booking}/lessons (tutor C)
Flows start open-loop at --rate (flow i at i/rate seconds), at most MAX_FLOWS_IN_FLIGHT at once
(a later start is counted as late), so a slow server shows as latency, not as a lower rate.
Approvals run at most APPROVALS_AT_ONCE at a time (a few clerks): `approve` times the process
alone, `approve_wait` the wait for a free clerk before it (a backlog, if the rate outruns them).

Daily caps (crates/domain/src/shared/rate_limits/limits.rs) bound one run: 30 applies a tutor
and 20 bookings a member a day. All flows are planned before the clock starts; a run that needs
more than the demo accounts allow stops with exit status 2 and says how many flows fit. The
caps are counted in memory with SQLite (restart the server between runs) and in the table
rate_limits with PostgreSQL (DELETE FROM rate_limits between runs). Server environment:
CASES_AUTO_APPROVE unset or false; ACCESS_TOKEN_TTL_SECONDS above --seconds plus setup (the
default 900 s covers runs up to about 13 minutes).

Output: a table per kind, then `EVENING kind=… count=… p50_ms=… p99_ms=… max_ms=… errors=…` per
kind and `EVENING flows_per_s=… seconds=…`. Any non-2xx answer is an error; the first few are
printed. Exit status: 0 without errors, 1 with any, 2 on bad arguments or a plan over the caps.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import string
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from urllib.parse import quote

sys.dont_write_bytecode = True  # no scripts/__pycache__ left behind by importing soak.py
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soak import Target, parse_head, parse_target, raise_fd_limit, read_body  # noqa: E402

PARENT_PHONES = ["61234567", "62345678"]  # crates/cli/src/demo_accounts.rs
# demo_tutors.rs (demo_phone, DEMO_TUTORS = 60) but demo tutor 20: demo_history.rs leaves an
# invoice of theirs overdue, and an overdue tutor may not apply or confirm.
TUTOR_PHONES = [f"5{i:07d}" for i in range(1, 61) if i != 20]
DEMO_PASSWORD = "demo1234"
APPLIES_PER_TUTOR = 30  # limits.rs: APPLIES_PER_TUTOR, a day
BOOKINGS_PER_MEMBER = 20  # limits.rs: BOOKINGS_PER_MEMBER, a day
LOGIN_SOURCE = "127.10.{}.{}"  # one loopback address per account: logins are limited per address

REQUEST_TIMEOUT = 30.0
IDLE_REUSE = 5.0
POLL_INTERVAL = 0.02
SEARCHABLE_GIVE_UP = 30.0  # a case not found by then counts as an error
MAX_FLOWS_IN_FLIGHT = 256
APPROVALS_AT_ONCE = 4  # a back office of a few clerks; also keeps CLI processes off the 2 cores
ERRORS_SHOWN = 8
DESCRIPTION = "希望溫習測驗範圍，每星期一堂，需要耐心講解。"  # real text, no contact details
KINDS = ["post_case", "approve", "approve_cpu", "approve_wait", "searchable", "apply", "withdraw", "select", "confirm",
         "record_lesson", "book", "accept_booking"]


# ---------------------------------------------------------------------------------------------
# HTTP/1.1 with kept-alive connections (soak.py's reader; its requests close the connection)


class Http:
    """A pool of kept-alive connections from 127.0.0.1: a request takes an idle one or opens one."""

    def __init__(self, target: Target):
        self.target = target
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter, float]] = []

    async def call(self, method: str, path: str, payload=None, token: str | None = None,
                   source: str | None = None) -> tuple[int, bytes, float]:
        """Send one request; answer (status, body, seconds). Raises on a connection failure.
        With `source`, a one-off connection from that address (a login: limited per address)."""
        body = json.dumps(payload).encode() if payload is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.target.authority}", f"Content-Length: {len(body)}"]
        if payload is not None:
            lines.append("Content-Type: application/json")
        if token:
            lines.append(f"Authorization: Bearer {token}")
        if source:
            lines.append("Connection: close")
        # The server closes a connection idle for HEADER_READ_TIMEOUT_SECONDS (default 10): one
        # idle longer than IDLE_REUSE is dropped rather than risk a POST on a closing connection.
        while self.idle and not source and time.monotonic() - self.idle[-1][2] > IDLE_REUSE:
            self.idle.pop()[1].transport.abort()
        if self.idle and not source:
            reader, writer, _ = self.idle.pop()
        else:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(
                self.target.host, self.target.port, local_addr=(source, 0) if source else None), REQUEST_TIMEOUT)
        start = time.monotonic()
        try:
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            await writer.drain()
            status, headers = parse_head(await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), REQUEST_TIMEOUT))
            answer = await asyncio.wait_for(read_body(reader, headers, 1 << 22), REQUEST_TIMEOUT)
        except BaseException:
            writer.transport.abort()
            raise
        seconds = time.monotonic() - start
        if source or headers.get("connection", "").lower() == "close":
            writer.transport.abort()
        else:
            self.idle.append((reader, writer, time.monotonic()))
        return status, answer, seconds

    def close(self) -> None:
        for _, writer, _ in self.idle:
            writer.transport.abort()


@dataclass
class Stats:
    samples: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # kind → ms
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    shown: list[str] = field(default_factory=list)

    def error(self, kind: str, text: str) -> None:
        self.errors[kind] += 1
        if len(self.shown) < ERRORS_SHOWN:
            self.shown.append(f"{kind}: {text}")


class StepFailed(Exception):
    """A step of a flow failed (already counted): the rest of the flow depends on it."""


async def step(http: Http, stats: Stats, kind: str, method: str, path: str, payload=None, token=None) -> dict:
    """One timed write: its latency is kept under `kind`; anything but a 2xx is an error."""
    try:
        status, body, seconds = await http.call(method, path, payload, token)
    except Exception as exc:
        stats.error(kind, f"{method} {path}: {type(exc).__name__}: {exc}"[:300])
        raise StepFailed from exc
    stats.samples[kind].append(seconds * 1000)
    if not 200 <= status < 300:
        stats.error(kind, f"{method} {path}: {status} {body[:300].decode(errors='replace')}")
        raise StepFailed
    return json.loads(body) if body else {}


# ---------------------------------------------------------------------------------------------
# Accounts and the plan


@dataclass
class Account:
    phone: str
    token: str
    id: str
    subjects: list[str] = field(default_factory=list)  # a tutor's "中學 數學" strings


async def log_in(http: Http, phone: str, n: int, with_profile: bool) -> Account:
    """Log in as a person would, from their own address; then read who they are."""
    source = LOGIN_SOURCE.format(n // 250, n % 250 + 1)
    login = {"identifier": phone, "password": DEMO_PASSWORD}
    status, body, _ = await http.call("POST", "/users/login", login, source=source)
    if status != 200:
        raise RuntimeError(f"login {phone}: {status} {body[:200]!r} (was `seed --demo` run? see --setup)")
    token = json.loads(body)["token"]
    status, body, _ = await http.call("GET", "/users/me", token=token)
    if status != 200:
        raise RuntimeError(f"GET /users/me as {phone}: {status} {body[:200]!r}")
    account = Account(phone, token, json.loads(body)["id"])
    if with_profile:
        status, body, _ = await http.call("GET", f"/tutors/{account.id}")
        if status != 200:
            raise RuntimeError(f"GET /tutors/{account.id} ({phone}): {status} {body[:200]!r}")
        account.subjects = json.loads(body)["subjects"]
    return account


@dataclass
class Flow:
    parent: Account
    level: str  # level key
    grade: str
    subject: str  # as the catalogue names it within the level
    area: str
    applicant: Account  # applies, is chosen, confirms, records a lesson
    withdrawer: Account  # applies and withdraws
    booker: Account
    booked: Account  # accepts the booking, records a lesson


def plan(count: int, parents: list[Account], tutors: list[Account], catalogue: dict) -> list[Flow]:
    """Assign accounts to `count` flows within the daily caps, spreading the load over tutors
    and subjects; raise ValueError naming how many flows fit when they do not all."""
    levels = {level["label"]: level for level in catalogue["levels"] if not level["freeTextSubject"]}
    areas = [a for region in catalogue["regions"] for d in region["districts"] for a in d["areas"]]
    # Tutors by what they teach: two applicants must both teach the case (else OUTSIDE_TEACHING).
    teaching: dict[tuple[str, str], list[int]] = defaultdict(list)
    for t, tutor in enumerate(tutors):
        for taught in tutor.subjects:
            label, _, subject = taught.partition(" ")
            if label in levels and subject in levels[label]["subjects"]:
                teaching[(label, subject)].append(t)
    groups = sorted(g for g, members in teaching.items() if len(members) >= 2)
    applies = [APPLIES_PER_TUTOR] * len(tutors)
    members = parents + tutors
    bookings = [BOOKINGS_PER_MEMBER] * len(members)
    flows = []
    for i in range(count):
        choice = None
        for g in range(len(groups)):  # the next subject in turn whose tutors have applies left
            label, subject = groups[(i + g) % len(groups)]
            able = sorted((t for t in teaching[(label, subject)] if applies[t] > 0), key=lambda t: -applies[t])
            if len(able) >= 2:
                choice = (label, subject, able[0], able[1])
                break
        booker = next((b for b in sorted(range(len(members)), key=lambda b: (-bookings[b], (b - i) % len(members)))
                       if bookings[b] > 0), None)
        if choice is None or booker is None:
            raise ValueError(f"the demo accounts' daily caps allow {i} flows, not {count}")
        label, subject, a, b = choice
        applies[a] -= 1
        applies[b] -= 1
        bookings[booker] -= 1
        # The booked tutor: any other than the booker, turning with i, so a member and a tutor
        # meet again only after many flows (a second pending booking of a pair is a 409).
        booked = next(tutors[(i * 7 + k) % len(tutors)] for k in range(len(tutors))
                      if tutors[(i * 7 + k) % len(tutors)] is not members[booker])
        level = levels[label]
        flows.append(Flow(parents[i % len(parents)], level["key"], level["grades"][i % len(level["grades"])], subject,
                          areas[(i * 13) % len(areas)], tutors[a], tutors[b], members[booker], booked))
    return flows


# ---------------------------------------------------------------------------------------------
# One flow


def word() -> str:
    """A made-up ASCII word the keyword search finds whole and nothing else holds (letters only:
    a mix with digits could read as a handle to the contact-details rule)."""
    return "evening" + "".join(random.choices(string.ascii_lowercase, k=9))


def now_rfc3339(delta: timedelta = timedelta()) -> str:
    # Microseconds: a lesson recorded "now" must not start before the arrangement's own instant.
    return (datetime.now(timezone.utc) + delta).isoformat(timespec="microseconds")


def first_lesson_at(days: int) -> str:
    """An evening lesson `days` ahead in Hong Kong: 19:00, a quarter hour between 07:00 and
    22:00, as the first lesson's rule asks."""
    hong_kong = timezone(timedelta(hours=8))
    day = datetime.now(hong_kong).date() + timedelta(days=days)
    return datetime(day.year, day.month, day.day, 19, 0, tzinfo=hong_kong).isoformat()


@dataclass
class Context:
    http: Http
    stats: Stats
    bin: str
    data_dir: str
    env: dict[str, str]
    approvals: asyncio.Semaphore


def approve_blocking(ctx: Context, case_id: int) -> tuple[int, str, float, float]:
    """Run the back office's approval; answer (exit code, output, wall s, user+sys CPU s).
    os.wait4 gives the child's own CPU time even with several approvals at once."""
    start = time.monotonic()
    child = subprocess.Popen([ctx.bin, "cases", "approve", str(case_id), "--yes", "--data-dir", ctx.data_dir],
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=ctx.env)
    output = child.stdout.read().decode(errors="replace")
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
    child.stdout.close()
    return child.returncode, output, time.monotonic() - start, usage.ru_utime + usage.ru_stime


async def approve(ctx: Context, case_id: int) -> None:
    queued = time.monotonic()
    async with ctx.approvals:
        ctx.stats.samples["approve_wait"].append((time.monotonic() - queued) * 1000)
        code, output, wall, cpu = await asyncio.to_thread(approve_blocking, ctx, case_id)
    ctx.stats.samples["approve"].append(wall * 1000)
    ctx.stats.samples["approve_cpu"].append(cpu * 1000)
    if code != 0:
        ctx.stats.error("approve", f"cases approve {case_id}: exit {code}: {output[:600]}")
        raise StepFailed


async def until_searchable(ctx: Context, token_word: str, case_id: int) -> None:
    """From approval to the case listed by a keyword search of its word, polled every 20 ms."""
    start = time.monotonic()
    while time.monotonic() - start < SEARCHABLE_GIVE_UP:
        try:
            status, body, _ = await ctx.http.call("GET", f"/cases?q={quote(token_word)}")
        except Exception as exc:
            ctx.stats.error("searchable", f"GET /cases?q={token_word}: {type(exc).__name__}: {exc}"[:300])
            raise StepFailed from exc
        if status != 200:
            ctx.stats.error("searchable", f"GET /cases?q={token_word}: {status} {body[:300].decode(errors='replace')}")
            raise StepFailed
        if any(item["caseId"] == case_id for item in json.loads(body)["items"]):
            ctx.stats.samples["searchable"].append((time.monotonic() - start) * 1000)
            return
        await asyncio.sleep(POLL_INTERVAL)
    ctx.stats.error("searchable", f"case {case_id} not found by q={token_word} within {SEARCHABLE_GIVE_UP:g} s")
    raise StepFailed


async def evening(ctx: Context, f: Flow) -> None:
    http, st = ctx.http, ctx.stats
    token_word = word()
    form = {"postType": "student-seeking-tutor", "postTitle": f"{f.grade}{f.subject}補習", "level": f.level,
            "grade": f.grade, "subjects": [f.subject], "location": f.area, "rate": 320, "sessionLength": 90,
            "sessionsPerWeek": 1, "description": f"{DESCRIPTION}\n參考字 {token_word}",
            "preferredGender": "no limit", "startDate": (date.today() + timedelta(days=14)).isoformat()}
    case_id = (await step(http, st, "post_case", "POST", "/cases", form, f.parent.token))["caseId"]
    await approve(ctx, case_id)
    await until_searchable(ctx, token_word, case_id)
    application = {"caseId": case_id, "availableTimes": "星期一至三 晚上7時後"}
    chosen = await step(http, st, "apply", "POST", "/cases/apply", application, f.applicant.token)
    other = await step(http, st, "apply", "POST", "/cases/apply", application, f.withdrawer.token)
    await step(http, st, "withdraw", "POST", f"/cases/applied/{other['id']}/withdraw", None, f.withdrawer.token)
    await step(http, st, "select", "POST", f"/cases/{case_id}/applications/{chosen['id']}/select", {}, f.parent.token)
    offer = await step(http, st, "confirm", "POST", f"/cases/applied/{chosen['id']}/confirm",
                       {"firstLessonAt": first_lesson_at(3)}, f.applicant.token)
    await step(http, st, "record_lesson", "POST", f"/arrangements/{offer['id']}/lessons",
               {"startsAt": now_rfc3339(), "minutes": 90}, f.applicant.token)
    booking = await step(http, st, "book", "POST", "/bookings",
                         {"tutorId": f.booked.id, "bookingTime": "星期三 19:00-21:00",
                          "subject": f.booked.subjects[0]}, f.booker.token)
    await step(http, st, "accept_booking", "POST", f"/bookings/{booking['id']}/accept", None, f.booked.token)
    await step(http, st, "record_lesson", "POST", f"/arrangements/{booking['id']}/lessons",
               {"startsAt": now_rfc3339(), "minutes": 90}, f.booked.token)


async def run_flows(ctx: Context, flows: list[Flow], rate: float) -> tuple[float, int]:
    """Start flow i at i/rate seconds; answer the seconds taken and the flows started late."""
    slots = asyncio.Semaphore(MAX_FLOWS_IN_FLIGHT)
    tasks, late = [], 0

    async def one(f: Flow) -> None:
        try:
            await evening(ctx, f)
        except StepFailed:
            pass
        except Exception as exc:  # an answer not as openapi.yaml says: an error, not a crash
            ctx.stats.error("other", f"{type(exc).__name__}: {exc}"[:300])
        finally:
            slots.release()

    start = time.monotonic()
    for i, f in enumerate(flows):
        await asyncio.sleep(max(0.0, start + i / rate - time.monotonic()))
        if slots.locked():
            late += 1
        await slots.acquire()
        tasks.append(asyncio.create_task(one(f)))
    await asyncio.gather(*tasks)
    return time.monotonic() - start, late


# ---------------------------------------------------------------------------------------------
# Report


def percentile(values: list[float], p: float) -> float:
    """Nearest rank: the smallest value with at least p of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p * len(ordered)) - 1)] if ordered else 0.0


def report(stats: Stats, flows: int, rate: float, seconds: float, elapsed: float, late: int) -> int:
    print(f"\n{'kind':<15} {'count':>6} {'p50 ms':>9} {'p99 ms':>9} {'max ms':>9} {'errors':>6}")
    kinds = KINDS + sorted(set(stats.errors) - set(KINDS))
    for kind in kinds:
        v = stats.samples.get(kind, [])
        print(f"{kind:<15} {len(v):>6} {percentile(v, .5):>9.1f} {percentile(v, .99):>9.1f} {max(v, default=0):>9.1f} "
              f"{stats.errors.get(kind, 0):>6}")
    for kind in kinds:
        v = stats.samples.get(kind, [])
        print(f"EVENING kind={kind} count={len(v)} p50_ms={percentile(v, .5):.1f} p99_ms={percentile(v, .99):.1f} "
              f"max_ms={max(v, default=0):.1f} errors={stats.errors.get(kind, 0)}")
    # seconds: flows were started for this long; elapsed_s: until the last flow ended.
    print(f"EVENING flows_per_s={rate:g} seconds={seconds:g} flows={flows} late_starts={late} elapsed_s={elapsed:.1f}")
    total = sum(stats.errors.values())
    if total:
        print(f"\n{total} errors; the first {len(stats.shown)}:", file=sys.stderr)
        for line in stats.shown:
            print("  " + line, file=sys.stderr)
    return 1 if total else 0


def seed(args, env: dict[str, str]) -> None:
    print(f"seeding the demo data: {args.bin} seed --demo --data-dir {args.data_dir}")
    subprocess.run([args.bin, "seed", "--demo", "--data-dir", args.data_dir], env=env, check=True)


async def main_async(args, target: Target, env: dict[str, str]) -> int:
    http = Http(target)
    try:
        status, body, _ = await http.call("GET", "/catalogue")
        if status != 200:
            raise RuntimeError(f"GET /catalogue: {status}")
        catalogue = json.loads(body)
        phones = PARENT_PHONES + TUTOR_PHONES
        # Two logins at a time: argon2 is slow by design, and a busy hasher answers 503.
        hashing = asyncio.Semaphore(2)

        async def one_login(n: int, phone: str) -> Account:
            async with hashing:
                return await log_in(http, phone, n, phone in TUTOR_PHONES)

        accounts = await asyncio.gather(*(one_login(n, p) for n, p in enumerate(phones)))
        parents, tutors = accounts[:len(PARENT_PHONES)], accounts[len(PARENT_PHONES):]
        try:
            flows = plan(round(args.rate * args.seconds), parents, tutors, catalogue)
        except ValueError as exc:
            print(f"{exc}: lower --rate × --seconds, or restart the server (SQLite) / "
                  "DELETE FROM rate_limits (PostgreSQL) if earlier runs used the caps", file=sys.stderr)
            return 2
        print(f"{len(flows)} flows at {args.rate:g}/s over {args.seconds:g} s: "
              f"{len(parents)} parents, {len(tutors)} tutors")
        ctx = Context(http, Stats(), args.bin, args.data_dir, env, asyncio.Semaphore(APPROVALS_AT_ONCE))
        elapsed, late = await run_flows(ctx, flows, args.rate)
        return report(ctx.stats, len(flows), args.rate, args.seconds, elapsed, late)
    finally:
        http.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--bin", required=True, help="the tutorhub binary, for `seed` and `cases approve`")
    parser.add_argument("--data-dir", required=True, help="the server's DATA_DIR")
    parser.add_argument("--database-url", help="the server's DATABASE_URL (PostgreSQL); default SQLite in DATA_DIR")
    parser.add_argument("--setup", action="store_true", help="run `BIN seed --demo` first (idempotent)")
    parser.add_argument("--rate", type=float, help="flows started per second (open loop)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long flows are started for (default 60)")
    args = parser.parse_args()
    try:
        target = parse_target(args.base)
    except ValueError as exc:
        parser.error(str(exc))
    if not os.access(args.bin, os.X_OK):
        parser.error(f"--bin {args.bin} is not an executable")
    if args.rate is not None and (args.rate <= 0 or args.seconds <= 0 or round(args.rate * args.seconds) < 1):
        parser.error("--rate and --seconds must be positive and make at least one flow")
    if args.rate is None and not args.setup:
        parser.error("nothing to do: give --rate (and --seconds), or --setup")
    env = dict(os.environ)
    if args.database_url:
        env["DATABASE_URL"] = args.database_url
    else:
        env.pop("DATABASE_URL", None)  # the CLI must open the server's database, SQLite in DATA_DIR
    sys.stdout.reconfigure(line_buffering=True)
    if args.setup:
        seed(args, env)
    if args.rate is None:
        return 0
    if args.seconds > 780:
        print("warning: tokens last ACCESS_TOKEN_TTL_SECONDS (default 900 s): set it above the run's length",
              file=sys.stderr)
    raise_fd_limit()
    return asyncio.run(main_async(args, target, env))


if __name__ == "__main__":
    sys.exit(main())
