#!/usr/bin/env python3
"""Import circles between the modules of each crate: `scripts/module-cycles.py [CRATE_DIR...]`.

A module uses another when its file names it by a path: `use crate::a::b`, `super::x`,
`self::x`, or a child module's name (`chart::render(..)`), in a `use` or in code. Each path
is resolved to the deepest module it names (`crate::chart::Spec` is the module `chart`), so
an edge goes from module to module, never to an item. Inline modules (`mod tests { .. }`)
are modules of their own. The crate root (`lib.rs`, `main.rs`, `src/bin/*.rs`) is left out:
it declares the modules, re-exports their items and holds the crate's error type, so every
module "uses" it and it "uses" every module; `--root` keeps it in.

Prints every circle (a strongly connected set of two or more modules, with one cycle
through it) and exits 1 when there is one; `--edges` prints the edges as well. Without
arguments it checks every crate under `crates/`. It reads the text (comments and strings
removed), it does not compile: a path built by a macro is not seen.
"""

import re
import sys
from pathlib import Path

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip(text):
    """The text without comments, string and char literals (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if text[i] == "\n" else "")
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 40]) and not re.match(r"\w", text[i - 1:i] or " "):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            end = n if end < 0 else end + 1 + len(hashes)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'":
            # a char literal ('a', '\n', '\u{..}'), not a lifetime ('a)
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:])
            if m:
                out.append("' '")
                i += m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand_use(tree):
    """`a::{b, c::{d, e}}` as paths: [[a, b], [a, c, d], [a, c, e]]."""
    tree = tree.strip()
    if not tree:
        return []
    depth = 0
    for k, ch in enumerate(tree):
        if ch == "{":
            if depth == 0:
                prefix = [s for s in tree[:k].split("::") if s.strip()]
                inner = tree[k + 1:tree.rindex("}")]
                parts, depth2, start = [], 0, 0
                for m, c2 in enumerate(inner):
                    if c2 == "{":
                        depth2 += 1
                    elif c2 == "}":
                        depth2 -= 1
                    elif c2 == "," and depth2 == 0:
                        parts.append(inner[start:m])
                        start = m + 1
                parts.append(inner[start:])
                paths = []
                for p in parts:
                    for sub in expand_use(p):
                        paths.append([s.strip() for s in prefix] + sub)
                return paths
            depth += 1
    path = tree.split(" as ")[0]
    return [[s.strip() for s in path.split("::") if s.strip()]]


class Crate:
    def __init__(self, root_file):
        self.src = root_file.parent
        self.root_file = root_file
        self.modules = {}  # path tuple -> (file, text) for file modules
        self.children = {}  # path tuple -> set of child names (file and inline)
        self.spans = {}  # path tuple -> [(start, end, name)] of its file's inline modules
        self.edges = {}  # (from, to) -> example path
        self.load(root_file, ())

    def child_file(self, file, path, name):
        """The file of module `name` declared in `file` (module `path`)."""
        if not path or file.name == "mod.rs":
            base = file.parent
        else:
            base = file.parent / file.stem
        for cand in (base / f"{name}.rs", base / name / "mod.rs"):
            if cand.exists():
                return cand
        return None

    def load(self, file, path):
        text = strip(file.read_text(encoding="utf-8"))
        self.modules[path] = (file, text)
        self.children.setdefault(path, set())
        # inline modules: find `mod name {` and their extent, to give each line its module
        spans = []
        for m in re.finditer(rf"\bmod\s+({IDENT})\s*([;{{])", text):
            name = m.group(1)
            if m.group(2) == ";":
                child = self.child_file(file, path, name)
                self.children[path].add(name)
                if child is not None:
                    self.load(child, path + (name,))
            else:
                depth, k = 1, m.end()
                while k < len(text) and depth:
                    depth += {"{": 1, "}": -1}.get(text[k], 0)
                    k += 1
                spans.append((m.start(), k, name))
        self.spans[path] = spans

    def module_at(self, path, offset):
        """The module (file module plus inline ones) at `offset` in the file of `path`."""
        inner = []
        for start, end, name in sorted(self.spans[path]):
            if start <= offset < end:
                inner.append(name)
        return path + tuple(inner)

    def inline_children(self, mod):
        file_mod = mod
        while file_mod not in self.modules:
            file_mod = file_mod[:-1]
        depth = len(mod) - len(file_mod)
        names = set()
        for _, _, name in self.spans[file_mod]:
            names.add(name)
        return names if depth == 0 else set()

    def resolve(self, mod, segs):
        """The deepest module named by path `segs` written in module `mod`, or None."""
        if not segs:
            return None
        head = segs[0]
        if head == "crate":
            base, rest = (), segs[1:]
        elif head in ("super", "self"):
            base, rest = mod, segs
            while rest and rest[0] in ("super", "self"):
                if rest[0] == "super":
                    if not base:
                        return None
                    base = base[:-1]
                rest = rest[1:]
        elif head in self.children.get(mod, set()) or head in self.inline_children(mod):
            base, rest = mod, segs
        else:
            return None  # an external crate, std, or an item in scope
        best = base
        cur = base
        for s in rest:
            cur = cur + (s,)
            if cur in self.modules or s in self.inline_children(cur[:-1]) or (
                cur[:-1] in self.children and s in self.children[cur[:-1]]
            ):
                best = cur
            else:
                break
        return best

    def scan(self):
        for path, (file, text) in self.modules.items():
            uses = []
            for m in re.finditer(r"\buse\s+([^;]*);", text):
                uses.append((m.start(), m.end()))
                mod = self.module_at(path, m.start())
                for segs in expand_use(m.group(1)):
                    self.add(mod, segs, file)
            for m in re.finditer(rf"(?<![\w:])((?:{IDENT}::)+){IDENT}", text):
                if any(a <= m.start() < b for a, b in uses):
                    continue  # inside a `use`, handled above
                mod = self.module_at(path, m.start())
                segs = [s for s in m.group(0).split("::") if s]
                self.add(mod, segs, file)

    def add(self, mod, segs, file):
        target = self.resolve(mod, segs)
        if target is None or target == mod:
            return
        # a module's own descendants are parts of it: an edge into one of its children from
        # the parent is still an edge (parent uses child), kept
        self.edges.setdefault((mod, target), f"{file.relative_to(self.src)}: {'::'.join(segs)}")


def name(path):
    return "::".join(path) if path else "crate"


def cycles(nodes, edges):
    """Strongly connected components of two or more nodes (Tarjan), each with a cycle."""
    graph = {n: sorted({b for (a, b) in edges if a == n}) for n in nodes}
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    result = []
    for comp in out:
        members = set(comp)
        # one cycle: breadth-first from the first member back to itself inside the component
        start = comp[0]
        prev, queue, found = {start: None}, [start], None
        while queue and found is None:
            v = queue.pop(0)
            for w in graph[v]:
                if w not in members:
                    continue
                if w == start:
                    found = v
                    break
                if w not in prev:
                    prev[w] = v
                    queue.append(w)
        cyc, v = [], found
        while v is not None:
            cyc.append(v)
            v = prev[v]
        result.append((comp, list(reversed(cyc)) + [start]))
    return result


def main(argv):
    show_edges = "--edges" in argv
    with_root = "--root" in argv
    dirs = [Path(a) for a in argv if not a.startswith("--")]
    if not dirs:
        dirs = sorted(p for p in Path("crates").iterdir() if (p / "src").is_dir())
    found = 0
    for d in dirs:
        src = d / "src"
        roots = [src / "lib.rs", src / "main.rs"] + sorted((src / "bin").glob("*.rs"))
        for root in (r for r in roots if r.exists()):
            crate = Crate(root)
            crate.scan()
            edges = {
                e: why
                for e, why in crate.edges.items()
                if with_root or (e[0] != () and e[1] != ())
            }
            nodes = {a for a, _ in edges} | {b for _, b in edges}
            label = f"{d.name} ({root.relative_to(d)})"
            if show_edges:
                for (a, b), why in sorted(edges.items()):
                    print(f"{label}: {name(a)} -> {name(b)}    [{why}]")
            for comp, cyc in cycles(nodes, edges):
                found += 1
                print(f"{label}: circle of {len(comp)} modules: {', '.join(map(name, comp))}")
                for a, b in zip(cyc, cyc[1:]):
                    print(f"    {name(a)} -> {name(b)}    [{edges[(a, b)]}]")
    if found == 0:
        print(f"no import circle in {len(dirs)} crate(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
