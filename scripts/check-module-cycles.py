#!/usr/bin/env python3
"""Fails when the modules of a Rust crate depend on each other in a cycle.

A module depends on another when its code names a path into it (`crate::cases::model::Case`,
`super::ErrorCode`). Declaring a child (`mod x;`) is not a dependency, and test modules
(`#[cfg(test)] mod … { … }`) may reach anywhere, so they are left out. Checked at two levels:
every file module, and the top-level modules (the business areas), so that no two areas lean
on each other.

Usage: scripts/check-module-cycles.py crates/domain crates/adapters crates/http crates/cli
"""

import re
import sys
from pathlib import Path

PATH = re.compile(r"\b(crate|super)((?:::[a-z_][a-z0-9_]*)+)")
GROUP = re.compile(r"\b(crate|super)((?:::[a-z_][a-z0-9_]*)*)::\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}")
TEST_MODULE = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+[a-z_]+\s*\{")


def without_tests(text: str) -> str:
    """The source without its test modules (balanced braces after `#[cfg(test)] mod x {`)."""
    while (match := TEST_MODULE.search(text)) is not None:
        depth, end = 0, match.end() - 1
        for end in range(match.end() - 1, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                break
        text = text[: match.start()] + text[end + 1 :]
    return re.sub(r"//[^\n]*", "", text)


def module_of(src: Path, file: Path) -> tuple[str, ...]:
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return tuple(parts)


def deepest_module(path: tuple[str, ...], modules: set[tuple[str, ...]]) -> tuple[str, ...] | None:
    for length in range(len(path), 0, -1):
        if path[:length] in modules:
            return path[:length]
    return None


def referenced_paths(text: str, here: tuple[str, ...], is_dir_module: bool):
    """Absolute module paths the text names, starting from `crate::` or `super::`."""
    # `super` is the parent of the module the file *is*: for `x/mod.rs` that is x's parent.
    def absolute(root: str, rest: str) -> tuple[str, ...]:
        segments = [s for s in rest.split("::") if s]
        base = [] if root == "crate" else list(here[:-1])
        while segments and segments[0] == "super":
            segments.pop(0)
            base = base[:-1]
        return tuple(base + segments)

    for match in GROUP.finditer(text):
        prefix = absolute(match.group(1), match.group(2))
        for item in re.split(r"[,{}]", match.group(3)):
            item = item.strip().split(" as ")[0]
            if item and item != "self":
                yield prefix + tuple(s for s in item.split("::") if s and s != "*")
        text = text.replace(match.group(0), "")
    for match in PATH.finditer(text):
        yield absolute(match.group(1), match.group(2))


def cycles(graph: dict) -> list[list]:
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in list(graph):
        if node not in index:
            visit(node)
    return found


def check(crate: Path) -> list[str]:
    src = crate / "src"
    files = sorted(src.rglob("*.rs"))
    modules = {module_of(src, f) for f in files}
    files_graph: dict = {m: set() for m in modules}
    areas_graph: dict = {}
    for file in files:
        here = module_of(src, file)
        for path in referenced_paths(without_tests(file.read_text()), here, file.name == "mod.rs"):
            target = deepest_module(path, modules)
            # A module may use its own ancestors' items (`super::X`) and its descendants.
            if target is None or target == here or here[: len(target)] == target or target[: len(here)] == here:
                continue
            files_graph[here].add(target)
            if here and target and here[0] != target[0]:
                areas_graph.setdefault(here[0], set()).add(target[0])
    problems = []
    for component in cycles(files_graph):
        problems.append(f"{crate}: modules in a cycle: " + ", ".join("::".join(m) or "crate" for m in component))
    for component in cycles(areas_graph):
        edges = [f"{a} -> {b}" for a in component for b in sorted(areas_graph.get(a, ())) if b in component]
        problems.append(f"{crate}: top-level modules in a cycle: " + "; ".join(edges))
    return problems


def main() -> int:
    problems = [p for crate in sys.argv[1:] for p in check(Path(crate))]
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"no module cycles in {', '.join(sys.argv[1:])}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
