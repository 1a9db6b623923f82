#!/usr/bin/env python3
"""Writes the cold mix of scripts/bench.sh: distinct filter + keyword + page combinations for
GET /cases and GET /tutors, shuffled, percent-encoded, one path per line.

Usage: bench-paths.py KIND COUNT [wide] > FILE   (KIND: cases, tutors or fees; COUNT a number or all)

With `wide`, every combination comes in each sort order too (`sort=`), four times as many
paths for cases and five for tutors: enough for scripts/bench-layers.sh's turns.

Every line differs from every other, so replaying the file never asks the same page twice
until it wraps: the server cannot answer from its prepared pages, only by searching.
"""
import itertools
import random
import sys
import urllib.parse

REGIONS = {
    "香港島": ["中西區", "灣仔區", "東區", "南區"],
    "九龍": ["油尖旺區", "深水埗區", "九龍城區", "黃大仙區", "觀塘區"],
    "新界": ["葵青區", "荃灣區", "屯門區", "元朗區", "北區", "大埔區", "沙田區", "西貢區", "離島區"],
}
LEVELS = ["", "kindergarten", "primary", "secondary", "tertiary"]
CASE_WORDS = ["", "數學", "英文", "DSE", "考評局", "中三", "耐性", "操練", "大埔", "補習", "物理", "化學",
              "奧數", "拔尖", "溫習", "沙田 英文", "觀塘 數學", "默書", "會計學", "微積分", "名列前茅"]
TUTOR_WORDS = ["", "數學", "英文", "DSE", "物理", "化學", "耐性", "大埔", "沙田", "中文大學", "香港大學",
               "港大", "IB", "陳", "Amy", "補習經驗", "5**", "鼓勵", "reading", "Physics"]
MIN_RATES = ["", "150", "200", "300", "400", "500"]
PAGES = range(1, 9)
SORTS = {"cases": ["", "newest", "feeLow", "feeHigh"], "tutors": ["", "newest", "feeLow", "feeHigh", "rating"]}


FEE_GRADES = {"primary": ["小一", "小二", "小三", "小四", "小五", "小六"], "secondary": ["中一", "中二", "中三", "中四", "中五", "中六"]}
FEE_SUBJECTS = ["", "中文", "英文", "數學"]


def fee_guides():
    """The fee guidance a parent's case form asks for (GET /cases/fee-guide): a few hundred
    combinations, asked again and again."""
    for level, grades in FEE_GRADES.items():
        for grade, subject, region in itertools.product([""] + grades, FEE_SUBJECTS, [""] + list(REGIONS)):
            query = [("level", level)] + [(k, v) for k, v in (("grade", grade), ("subject", subject), ("region", region)) if v]
            yield "/cases/fee-guide?" + urllib.parse.urlencode(query)


def combos(kind, sorts):
    if kind == "fees":
        yield from fee_guides()
        return
    words = CASE_WORDS if kind == "cases" else TUTOR_WORDS
    places = [("", "")] + [(r, "") for r in REGIONS] + [("", d) for ds in REGIONS.values() for d in ds]
    for word, level, (region, district), min_rate, page, sort in itertools.product(words, LEVELS, places, MIN_RATES, PAGES, sorts):
        query = []
        if word:
            query.append(("q", word))
        if level:
            query.append(("level", level))
        if region:
            query.append(("region", region))
        if district:
            query.append(("districts", district))
        if min_rate:
            query.append(("minRate", min_rate))
        if page > 1:
            query.append(("page", str(page)))
        if sort:
            query.append(("sort", sort))
        yield f"/{kind}?" + urllib.parse.urlencode(query) if query else f"/{kind}"


def main():
    kind, count = sys.argv[1], sys.argv[2]
    sorts = SORTS.get(kind, [""]) if sys.argv[3:] == ["wide"] else [""]
    unique = sorted(set(combos(kind, sorts)))
    random.Random(13).shuffle(unique)
    count = len(unique) if count == "all" else int(count)
    if len(unique) < count:
        sys.exit(f"only {len(unique)} distinct {kind} paths, {count} asked for")
    sys.stdout.write("\n".join(unique[:count]) + "\n")


if __name__ == "__main__":
    main()
