/**
 * Contact details in free text a stranger can read, found as the server finds them
 * (crates/domain/src/shared/contact_details/, mirrored step by step): phone numbers, e-mail
 * addresses, links, messenger handles and invitations. A form shows the server's message under
 * the field as the person types; the server still decides. Both sides are tested against
 * crates/domain/tests/vectors/contact-details.json.
 *
 * The text is read as people type around a filter: full-width forms, digits written as Chinese
 * numerals, groups of digits with spaces, dashes or dots between them, a country code. Fees,
 * numbers with a unit, dates, years side by side, times and decimals are set aside first, so they
 * never add up to a phone.
 */
import { contactWords as words } from '@/i18n/contact-words';
import { type ContactExchange, type ContactKind, rulesZhHK } from '@/i18n/rules-zh-HK';

export type { ContactExchange, ContactKind };

/** Each Chinese numeral's digit. */
const numeralDigits = new Map<string, string>(
  words.numerals.flatMap((numerals, digit) => [...numerals].map((c): [string, string] => [c, String(digit)])),
);

const units = new Set([...words.units]);
const spacedUnits = new Set([...words.spacedUnits]);
const referenceLabels: readonly string[] = words.referenceLabels;

/** The first kind of contact detail found: an e-mail address, a link, a phone, then a messenger. */
export function findContactDetail(text: string): ContactKind | undefined {
  const chars = normalize(text);
  const lower = chars.map(asciiLower);
  if (hasEmail(lower)) return 'email';
  if (hasLink(chars, lower)) return 'link';
  if (hasPhone(chars)) return 'phone';
  return messenger(lower);
}

/** The server's message for a field `label` that carries a contact detail, if it does. */
export function contactProblem(text: string, label: string, exchange: ContactExchange): string | undefined {
  const kind = findContactDetail(text);
  return kind && rulesZhHK.contactRefused(label, kind, exchange);
}

function asciiLower(c: string): string {
  return c >= 'A' && c <= 'Z' ? c.toLowerCase() : c;
}

function isAlnum(c: string | undefined): boolean {
  return c !== undefined && /^[A-Za-z0-9]$/.test(c);
}

function isAsciiLetter(c: string | undefined): boolean {
  return c !== undefined && /^[A-Za-z]$/.test(c);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** Full-width forms as ASCII, dashes and quotes as ASCII ones, numerals as digits, "(at)"/"(dot)" as signs. */
function normalize(text: string): string[] {
  const folded = Array.from(text, (c) => {
    const code = c.codePointAt(0) ?? 0;
    if (code >= 0xff01 && code <= 0xff5e) return String.fromCodePoint(code - 0xfee0);
    if (code === 0x3000 || code === 0xa0) return ' ';
    if ((code >= 0x2010 && code <= 0x2015) || code === 0x2212) return '-';
    if (code === 0x2018 || code === 0x2019) return "'";
    return numeralDigits.get(c) ?? c;
  });
  const out: string[] = [];
  let i = 0;
  while (i < folded.length) {
    const spelled = spelledSign(folded, i);
    const c = folded[i];
    if (spelled) {
      out.push(spelled.sign);
      i += spelled.used;
    } else {
      if (c !== undefined) out.push(c);
      i += 1;
    }
  }
  return out;
}

function spelledSign(chars: string[], i: number): { sign: string; used: number } | undefined {
  if (chars[i] !== '(' && chars[i] !== '[') return undefined;
  for (const [word, sign] of [
    ['at', '@'],
    ['dot', '.'],
  ] as const) {
    const n = word.length;
    if (i + n >= chars.length) return undefined;
    const inner = chars
      .slice(i + 1, i + 1 + n)
      .map(asciiLower)
      .join('');
    const close = chars[i + n + 1];
    if (inner === word && (close === ')' || close === ']')) return { sign, used: n + 2 };
  }
  return undefined;
}

/** Whether `word` is at `i`. */
function at(chars: string[], i: number, word: string): boolean {
  return [...word].every((c, k) => chars[i + k] === c);
}

// E-mail addresses and links.

const MAIL_PROVIDERS = [
  'gmail',
  'hotmail',
  'yahoo',
  'outlook',
  'icloud',
  'live',
  'msn',
  'qq',
  '163',
  '126',
  'ymail',
  'protonmail',
];

function isLocalPart(c: string | undefined): boolean {
  return c !== undefined && /^[A-Za-z0-9._%+-]$/.test(c);
}

function hasEmail(lower: string[]): boolean {
  return lower.some((c, i) => {
    if (c !== '@') return false;
    let before = i - 1;
    while (before >= 0 && lower[before] === ' ') before -= 1;
    const hasLocal = before >= 0 && isLocalPart(lower[before]);
    let from = i + 1;
    while (from < lower.length && lower[from] === ' ') from += 1;
    let end = from;
    while (end < lower.length && (isAlnum(lower[end]) || lower[end] === '-' || lower[end] === '.')) end += 1;
    const labels = lower
      .slice(from, end)
      .join('')
      .split('.')
      .filter((label) => label !== '');
    const first = labels[0];
    const last = labels.at(-1);
    const dotted = labels.length >= 2 && last !== undefined && last.length >= 2 && /^[A-Za-z]+$/.test(last);
    return hasLocal && (dotted || (first !== undefined && MAIL_PROVIDERS.includes(first)));
  });
}

const LINK_STARTS = ['http://', 'https://', 'www.'];

const TOP_LEVEL_DOMAINS = [
  'com',
  'net',
  'org',
  'hk',
  'io',
  'me',
  'ly',
  'gl',
  'cc',
  'tw',
  'cn',
  'mo',
  'sg',
  'uk',
  'info',
  'biz',
  'app',
  'xyz',
  'site',
  'online',
  'page',
  'link',
  'edu',
  'gov',
  'shop',
  'top',
];

/** "http(s)://", "www.", or a word, a dot and a known ending written in one case ("abc.com", "wa.me"). */
function hasLink(chars: string[], lower: string[]): boolean {
  if (lower.some((_, i) => LINK_STARTS.some((start) => at(lower, i, start)))) return true;
  return lower.some((c, dot) => {
    if (c !== '.') return false;
    let labelHasLetter = false;
    for (let j = dot - 1; j >= 0 && (isAlnum(lower[j]) || lower[j] === '-'); j -= 1) {
      if (isAsciiLetter(lower[j])) labelHasLetter = true;
    }
    let end = dot + 1;
    while (end < lower.length && isAsciiLetter(lower[end])) end += 1;
    const ending = lower.slice(dot + 1, end).join('');
    const written = chars.slice(dot + 1, end);
    const oneCase = written.every((w) => w >= 'a' && w <= 'z') || written.every((w) => w >= 'A' && w <= 'Z');
    return labelHasLetter && TOP_LEVEL_DOMAINS.includes(ending) && oneCase && !isAlnum(lower[end]);
  });
}

// Phone numbers.

interface Digits {
  start: number;
  end: number;
  value: string;
}

const isYear = (g: Digits) => g.value.length === 4 && Number(g.value) >= 1900 && Number(g.value) <= 2099;
const isMonth = (g: Digits) => g.value.length <= 2 && Number(g.value) >= 1 && Number(g.value) <= 12;
const isDay = (g: Digits) => g.value.length <= 2 && Number(g.value) >= 1 && Number(g.value) <= 31;

/** Whether a reference label ends right before `start`, with at most a space or a colon between. */
function followsReferenceLabel(chars: string[], start: number): boolean {
  let end = start;
  while (end > 0 && start - end < 2 && (chars[end - 1] === ' ' || chars[end - 1] === ':')) end -= 1;
  return referenceLabels.some((label) => {
    const n = [...label].length;
    return end >= n && chars.slice(end - n, end).join('') === label;
  });
}

/** What separates two groups of one number: at most three spaces, dashes, dots or brackets. */
function joins(gap: string[]): boolean {
  return gap.length >= 1 && gap.length <= 3 && gap.every((c) => ' -.()'.includes(c));
}

function hasPhone(chars: string[]): boolean {
  const groups = digitGroups(chars);
  const ordinary = ordinaryNumbers(chars, groups);
  let run: Digits[] = [];
  let previous: Digits | undefined;
  for (const [k, group] of groups.entries()) {
    const continues = previous !== undefined && !ordinary[k - 1] && joins(chars.slice(previous.end, group.start));
    if (!continues) {
      if (spellsPhone(run)) return true;
      run = [];
    }
    if (ordinary[k]) {
      if (spellsPhone(run)) return true;
      run = [];
    } else {
      run.push(group);
    }
    previous = group;
  }
  return spellsPhone(run);
}

function digitGroups(chars: string[]): Digits[] {
  const groups: Digits[] = [];
  for (let i = 0; i < chars.length;) {
    if (isDigit(chars[i])) {
      const start = i;
      while (i < chars.length && isDigit(chars[i])) i += 1;
      groups.push({ start, end: i, value: chars.slice(start, i).join('') });
    } else {
      i += 1;
    }
  }
  return groups;
}

/** Which groups are part of a fee, a number with its unit, a date, years, a time or a decimal. */
function ordinaryNumbers(chars: string[], groups: Digits[]): boolean[] {
  const n = groups.length;
  const gaps = groups.slice(1).map((next, k) => chars.slice(groups[k]?.end ?? next.start, next.start));
  const gap = (k: number) => gaps[k] ?? [];
  const gapIs = (k: number, c: string) => gap(k).length === 1 && gap(k)[0] === c;
  const ordinary = groups.map(() => false);
  const mark = (...ks: number[]) => {
    for (const k of ks) ordinary[k] = true;
  };
  const counted = groups.map((g) => {
    if (followsReferenceLabel(chars, g.start) && !isPhoneNumber(g.value)) return true;
    const [before1, before2] = [chars[g.start - 1], chars[g.start - 2]];
    const [after1, after2] = [chars[g.end], chars[g.end + 1]];
    return (
      before1 === '$' ||
      (before1 === ' ' && before2 === '$') ||
      (after1 !== undefined && units.has(after1)) ||
      (after1 === ' ' && after2 !== undefined && spacedUnits.has(after2))
    );
  });
  // Joined to a neighbour without a unit of its own (a phone with a unit after it, or "HK$9123
  // 4567"), a unit does not set a group aside; a fee then a duration is two numbers, each marked.
  const joined = (k: number) =>
    (k > 0 && joins(gap(k - 1)) && !counted[k - 1]) || (k + 1 < n && joins(gap(k)) && !counted[k + 1]);
  counted.forEach((isCounted, k) => {
    if (isCounted && !joined(k)) mark(k);
    const [a, b] = [groups[k], groups[k + 1]];
    // A range: $300-400, a fee or hours with their unit, 4000-5000, 1930-2130.
    const rising = a !== undefined && b !== undefined && Number(b.value) > Number(a.value);
    if (a && b && rising && gapIs(k, '-') && (isCounted || counted[k + 1] || roundRange(a, b))) mark(k, k + 1);
  });
  for (let k = 0; k + 1 < n; k += 1) {
    const [a, b] = [groups[k], groups[k + 1]];
    if (!a || !b) continue;
    if (a.value.length <= 2 && b.value.length === 2 && gapIs(k, ':')) mark(k, k + 1);
    const dottedBefore = k > 0 && gapIs(k - 1, '.');
    const dottedAfter = k + 2 < n && gapIs(k + 1, '.');
    if (a.value.length <= 3 && b.value.length <= 2 && gapIs(k, '.') && !dottedBefore && !dottedAfter) mark(k, k + 1);
    if (isYear(a)) {
      const year = Number(a.value);
      const yearMonth = isMonth(b) && (gapIs(k, '-') || gapIs(k, '.'));
      const twoYears = isYear(b) && joins(gap(k));
      // The short year may cross a century: 1999-00.
      const short = Number(b.value);
      const laterShortYear =
        b.value.length === 2 &&
        joins(gap(k)) &&
        gap(k).includes('-') &&
        Array.from({ length: 11 }, (_, more) => (year + more) % 100).includes(short);
      if (yearMonth || twoYears || laterShortYear) mark(k, k + 1);
    }
  }
  for (let k = 0; k + 2 < n; k += 1) {
    const [a, b, c] = [groups[k], groups[k + 1], groups[k + 2]];
    if (!a || !b || !c) continue;
    const sameSingle = (gapIs(k, '-') && gapIs(k + 1, '-')) || (gapIs(k, '.') && gapIs(k + 1, '.'));
    const yearFirst = isYear(a) && isMonth(b) && isDay(c);
    const yearLast = isDay(a) && isMonth(b) && isYear(c);
    if (sameSingle && (yearFirst || yearLast)) mark(k, k + 1, k + 2);
  }
  return ordinary;
}

/** Two round numbers ("4000-5000", "1930-2130"): rising, a range rather than a phone. */
function roundRange(a: Digits, b: Digits): boolean {
  const round = (d: Digits) => d.value.length >= 2 && d.value.length <= 5 && d.value.endsWith('0');
  return round(a) && round(b);
}

/** Whether consecutive groups of `run` read together as a phone number; a reading stops past 13 digits. */
function spellsPhone(run: Digits[]): boolean {
  return run.some((_, from) => {
    let digits = '';
    for (const group of run.slice(from)) {
      digits += group.value;
      if (digits.length > 13) return false;
      if (isPhoneNumber(digits)) return true;
    }
    return false;
  });
}

/** Hong Kong numbers (8 digits from 2 to 9, with or without 852), mainland mobiles (11 from 13 to 19, with or without 86). */
function isPhoneNumber(d: string): boolean {
  const local = (c: string | undefined) => c !== undefined && c >= '2' && c <= '9';
  const mainland = (c: string | undefined) => c !== undefined && c >= '3' && c <= '9';
  if (d.length === 8) return local(d[0]);
  if (d.length === 11) return (d.startsWith('852') && local(d[3])) || (d[0] === '1' && mainland(d[1]));
  if (d.length === 13) return d.startsWith('861') && mainland(d[3]);
  return false;
}

// Messenger handles and invitations.

type AfterColon = 'account' | 'handle' | 'nothing';

interface Channel {
  word: string;
  kind: ContactKind;
  colon: AfterColon;
}

const channels: Channel[] = [
  ...words.messengers.account.map((word): Channel => ({ word, kind: 'messenger', colon: 'account' })),
  ...words.messengers.handle.map((word): Channel => ({ word, kind: 'messenger', colon: 'handle' })),
  ...words.messengers.plain.map((word): Channel => ({ word, kind: 'messenger', colon: 'nothing' })),
  ...words.mail.map((word): Channel => ({ word, kind: 'email', colon: 'nothing' })),
];

const invitesAfter: readonly string[] = [...words.invitesAfter, ...words.accountMarkers];

/** `word` at `i`, not inside a longer ASCII word. */
function wordAt(lower: string[], i: number, word: string): boolean {
  const letters = [...word];
  return (
    at(lower, i, word) &&
    !(isAlnum(letters[0]) && i > 0 && isAlnum(lower[i - 1])) &&
    !(isAlnum(letters.at(-1)) && isAlnum(lower[i + letters.length]))
  );
}

/** `word` ending at `end`, not inside a longer ASCII word. */
function wordBefore(lower: string[], end: number, word: string): boolean {
  const n = [...word].length;
  return end >= n && wordAt(lower, end - n, word);
}

/** A letter or '_', then at least two more of letters, digits, '_' and '.'. */
function handleAt(lower: string[], i: number): boolean {
  let end = i;
  while (end < lower.length && (isAlnum(lower[end]) || lower[end] === '_' || lower[end] === '.')) end += 1;
  return end - i >= 3 && (isAsciiLetter(lower[i]) || lower[i] === '_');
}

/** A handle after '@' alone: a digit, '_' or '.' in it, or five characters at least ("@TKO", "@Zoom" are not). */
function loneHandleAt(lower: string[], i: number): boolean {
  let end = i;
  while (end < lower.length && (isAlnum(lower[end]) || lower[end] === '_' || lower[end] === '.')) end += 1;
  const handle = lower.slice(i, end);
  return handleAt(lower, i) && (handle.length >= 5 || handle.some((c) => /[0-9_.]/.test(c)));
}

/** An "@handle" (not an address), or a channel named as a way to reach someone. */
function messenger(lower: string[]): ContactKind | undefined {
  const handle = lower.some(
    (c, i) => c === '@' && (i === 0 || !isLocalPart(lower[i - 1])) && loneHandleAt(lower, i + 1),
  );
  if (handle) return 'messenger';
  for (let i = 0; i < lower.length; i += 1) {
    for (const channel of channels) {
      if (!wordAt(lower, i, channel.word)) continue;
      let next = i + [...channel.word].length;
      while (next < lower.length && lower[next] === ' ') next += 1;
      let previous = i;
      while (previous > 0 && lower[previous - 1] === ' ') previous -= 1;
      const invited =
        invitesAfter.some((w) => wordAt(lower, next, w)) ||
        words.invitesBefore.some((w) => wordBefore(lower, previous, w));
      let afterColon = next + 1;
      while (afterColon < lower.length && lower[afterColon] === ' ') afterColon += 1;
      const somethingAfter = afterColon < lower.length;
      const named =
        lower[next] === ':' &&
        (channel.colon === 'account'
          ? somethingAfter
          : channel.colon === 'handle' && somethingAfter && (lower[afterColon] === '@' || handleAt(lower, afterColon)));
      if (invited || named) return channel.kind;
    }
  }
  return undefined;
}
