#!/usr/bin/env python3
"""The domain carries no words a person reads (issue 35): its failures are typed, and the
sentences, in both languages, are at the edges (crates/http/src/words, the adapters' message
words). This check fails on:

- a Chinese character in crates/domain/src outside comments, test modules and the few files
  whose Chinese is data rather than words: names stored as the catalogue's values, and the
  words the search and the contact-detail rule recognise in what people type;
- an error message (`#[error("...")]`) that is anything but a short key for logs: lower-case
  words joined by underscores, optionally followed by `: ` and the fields it logs;
- a string that reads as an English sentence for people (a capital, then three words or more),
  outside what developers read (panics, expectations, logs).

Usage: scripts/check-domain-words.py [crates/domain/src]
"""
import re
import sys
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else "crates/domain/src")

# Files whose Chinese is data, not sentences: what is stored, and what is recognised in input.
# A key ending in "/" is a module's folder: every file in it.
DATA_FILES = {
    "shared/catalogue/": "the catalogue's stored names (levels, grades, subjects, districts) and their English names",
    "shared/contact_details/": "the words that invite contact, recognised in typed text",
    "shared/narrowing.rs": "the level and subject words a search recognises",
    "shared/text_terms.rs": "the characters text search folds",
}

HAN = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
ERROR_ATTR = re.compile(r'#\[error\("((?:[^"\\]|\\.)*)"')
ERROR_KEY = re.compile(r"^[a-z][a-z0-9_]*(: .*)?$")
ENGLISH_SENTENCE = re.compile(r'"[A-Z][a-z\']+(?: [A-Za-z\',]+){3,}[.!?]?"')
FOR_DEVELOPERS = re.compile(r"\b(expect|panic!|unreachable!|todo!|assert\w*!|debug!|info!|warn!|error!|trace!|anyhow!|bail!)\s*\(")


def code_lines(text):
    """Lines before the file's test module, without comments."""
    for number, line in enumerate(text.split("\n"), start=1):
        if re.match(r"\s*#\[cfg\(test\)\]", line):
            return
        stripped = line.strip()
        if stripped.startswith("//"):
            continue
        yield number, line.split(" //")[0]


def is_data(relative):
    return any(relative == key or (key.endswith("/") and relative.startswith(key)) for key in DATA_FILES)


def main():
    problems = []
    for path in sorted(ROOT.rglob("*.rs")):
        # A test module in its own file (`#[cfg(test)] mod tests;` beside it), like one inline.
        if path.name == "tests.rs":
            continue
        relative = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        data = is_data(relative)
        for number, line in code_lines(text):
            if not data and HAN.search(line):
                problems.append(f"{path}:{number}: Chinese words in the domain: {line.strip()[:100]}")
            if not data and ENGLISH_SENTENCE.search(line) and not FOR_DEVELOPERS.search(line):
                problems.append(f"{path}:{number}: English words in the domain: {line.strip()[:100]}")
            for message in ERROR_ATTR.findall(line):
                if not ERROR_KEY.match(message):
                    problems.append(f"{path}:{number}: an error message is words, not a key: \"{message}\"")
    if problems:
        print("\n".join(problems))
        print(f"\n{len(problems)} place(s) where the domain words a message; word it at the edge (crates/http/src/words) instead.")
        return 1
    print(f"domain words: none in {ROOT} (data files: {', '.join(DATA_FILES)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
