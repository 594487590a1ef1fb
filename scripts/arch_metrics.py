"""Architecture counts of the tree (issue 19's yardsticks), for anyone to run:

    python scripts/arch_metrics.py            # the table
    python scripts/arch_metrics.py --list X   # the places behind row X (index, names, big, cycles)

- index:  reads of an operand by a literal index (`.operand(0)`, `.operands[1]`,
          `.operand_slots[2]`) in pyopt/, passes/ and pytranslate/;
- names:  lines naming a dialect's op (a string literal "dialect.op" of a dialect pyopt
          registers, builtin excepted) in pyopt/analysis, pyopt/rewrite and the generic passes
          (passes/transforms/*.py), docstrings and comments aside: switches on op names, sets
          and tables of them;
- big:    modules over 800 lines (generated tables aside);
- cycles: import cycles between packages (pyopt.ir, pyopt.syntax, pyopt.analysis,
          pyopt.dialects, pyopt.rewrite, passes, pytranslate, ...), from module-level imports.
"""
from __future__ import annotations

import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREES = ("pyopt", "passes", "pytranslate")
INDEX_RE = re.compile(r"\.(operand\(\s*\d+\s*\)|operands\[\s*-?\d+\s*\]|operand_slots\[\s*-?\d+\s*\])")
DIALECTS = ("func", "arith", "cf", "memref", "scf", "affine", "index", "math", "complex", "ub",
            "llvm", "dlti", "vector", "tensor", "test", "x86vector", "bufferization", "linalg")
NAME_RE = re.compile(r"""["'](%s)\.[a-z_][a-z_0-9.]*["']""" % "|".join(DIALECTS))
GENERATED = ("_table.py", "_tables.py", "intrinsics_extra.py")
NAME_SCOPES = ("pyopt/analysis", "pyopt/rewrite")
MAX_LINES = 800


def py_files(*tops):
    for top in tops:
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            if "__pycache__" in d:
                continue
            for f in sorted(files):
                if f.endswith(".py"):
                    yield os.path.relpath(os.path.join(d, f), ROOT)


def _generic_pass(path):
    return path.startswith("passes/transforms/") and path.count("/") == 2


def index_reads():
    out = []
    for p in py_files(*TREES):
        for i, line in enumerate(open(os.path.join(ROOT, p)), 1):
            for _ in INDEX_RE.finditer(line):
                out.append(f"{p}:{i}: {line.strip()}")
    return out


def _docstring_lines(tree):
    """The line numbers of the module's, classes' and functions' docstrings."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and \
                    isinstance(first.value.value, str):
                out.update(range(first.lineno, first.end_lineno + 1))
    return out


def name_switches():
    out = []
    for p in py_files(*TREES):
        if not (p.startswith(NAME_SCOPES) or _generic_pass(p)):
            continue
        src = open(os.path.join(ROOT, p)).read()
        try:
            docs = _docstring_lines(ast.parse(src))
        except SyntaxError:
            docs = set()
        for i, line in enumerate(src.splitlines(), 1):
            code = line.split("#", 1)[0]
            if i not in docs and NAME_RE.search(code):
                out.append(f"{p}:{i}: {line.strip()}")
    return out


def big_modules():
    out = []
    for p in py_files(*TREES):
        if p.endswith(GENERATED):
            continue
        n = sum(1 for _ in open(os.path.join(ROOT, p)))
        if n > MAX_LINES:
            out.append((n, p))
    return [f"{p}: {n}" for n, p in sorted(out, reverse=True)]


def _package(mod):
    """pyopt's subpackages (pyopt.ir, pyopt.syntax, ...) count on their own; its top-level
    modules (pass_manager, cli, ...) are the package `pyopt`."""
    parts = mod.split(".")
    if parts[0] == "pyopt" and len(parts) > 1 and \
            os.path.isdir(os.path.join(ROOT, "pyopt", parts[1])):
        return "pyopt." + parts[1]
    return parts[0]


def import_cycles():
    """Cycles of the package graph (module-level imports only), as package lists."""
    graph = {}
    for p in py_files(*TREES):
        mod = p[:-3].replace("/", ".").removesuffix(".__init__")
        src = _package(mod)
        try:
            tree = ast.parse(open(os.path.join(ROOT, p)).read())
        except SyntaxError:
            continue
        for node in tree.body:  # module level: what runs at import time
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for n in names:
                if n.split(".")[0] in TREES:
                    dst = _package(n)
                    if dst != src:
                        graph.setdefault(src, set()).add(dst)
    cycles, index, low, stack, on, counter = [], {}, {}, [], set(), [0]

    def strong(v):  # Tarjan
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
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
                cycles.append(" <-> ".join(sorted(comp)))
    for v in list(graph):
        if v not in index:
            strong(v)
    return cycles


ROWS = {"index": index_reads, "names": name_switches, "big": big_modules,
        "cycles": import_cycles}


def main(argv):
    if len(argv) == 2 and argv[0] == "--list":
        for line in ROWS[argv[1]]():
            print(line)
        return 0
    for key, fn in ROWS.items():
        print(f"{key:8} {len(fn()):6}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
