"""Differential tester of the CFG lifting (`-lift-cf-to-scf`) against mlir-opt-19, on random
control flow graphs: irreducible cycles, loops with several entries and exits, nested loops,
cf.switch, block arguments, values defined in a loop and used after it, infinite loops and
return ops of two kinds (a discardable attribute makes the second kind), uses inside nested
regions and nested regions holding a small CFG of their own.

Each function of a test file is a random CFG whose ops only use values that dominate them;
pyopt's output must be the text mlir-opt-19 prints (the lifting's output depends on every
detail of the algorithm, so the text is the oracle). Without mlir-opt-19 it prints a note.

    python test/difftest/cfgtest.py --seeds 200 [--first 0] [--out /tmp/cfgtest]
    python test/difftest/cfgtest.py --show 17     # print the input of seed 17
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys

TYPES = ["i32", "i64", "f32"]


def _idoms(succs):
    """Immediate dominators of the blocks reachable from block 0 (simple iterative)."""
    n = len(succs)
    preds = [[] for _ in range(n)]
    for b, ss in enumerate(succs):
        for s in ss:
            preds[s].append(b)
    doms = {0: {0}}
    order = [0]
    seen = {0}
    for b in order:
        for s in succs[b]:
            if s not in seen:
                seen.add(s)
                order.append(s)
    every = set(order)
    for b in order[1:]:
        doms[b] = set(every)
    changed = True
    while changed:
        changed = False
        for b in order[1:]:
            new = set.intersection(*[doms[p] for p in preds[b] if p in doms]) | {b}
            if new != doms[b]:
                doms[b], changed = new, True
    return doms


class CFGGen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def function(self, name):
        r = self.r
        nb = r.randint(2, 8)
        ret_types = r.choice([[], ["i32"], ["i64", "f32"]])
        arg_types = [r.choice(TYPES) for _ in range(r.randint(0, 3))]
        bargs = [[] if b == 0 else [r.choice(TYPES) for _ in range(r.randint(0, 2))]
                 for b in range(nb)]
        # successors: every block after the entry gets an earlier predecessor (reachability)
        succs = [[] for _ in range(nb)]
        for b in range(1, nb):
            succs[r.randrange(0, b)].append(b)
        kinds = []
        for b in range(nb):
            extra = r.choice([0, 0, 1, 1, 2]) if b else r.choice([0, 1])
            for _ in range(extra):
                succs[b].append(r.randrange(1, nb))
            r.shuffle(succs[b])
            k = len(succs[b])
            if k == 0:
                kinds.append("ret")
            elif k == 1:
                kinds.append(r.choice(["br", "br", "switch"]))
            elif k == 2:
                kinds.append(r.choice(["cond_br", "cond_br", "switch"]))
            else:
                kinds.append("switch")
        doms = _idoms(succs)
        defs = {}  # block -> [(value, type)] defined there
        lines = []
        args = [(f"%a{i}", t) for i, t in enumerate(arg_types)]
        sig = ", ".join(f"{v}: {t}" for v, t in args)
        res = "" if not ret_types else " -> (" + ", ".join(ret_types) + ")"
        lines.append(f"func.func @{name}({sig}){res} {{")
        for b in range(nb):
            avail = list(args)
            for d in sorted(doms[b] - {b}):
                avail += defs.get(d, [])
            mine = []
            if b:
                bv = [(f"%b{b}_{i}", t) for i, t in enumerate(bargs[b])]
                head = ", ".join(f"{v}: {t}" for v, t in bv)
                lines.append(f"^bb{b}" + (f"({head})" if bv else "") + ":")
                mine += bv
            for _ in range(r.randint(0, 3)):
                t = r.choice(TYPES)
                ins = [v for v, tt in avail + mine if tt == t]
                v = self.fresh()
                ops = ", ".join(r.sample(ins, min(len(ins), r.randint(0, 2))))
                nops = ops.count("%")
                lines.append(f'  {v} = "test.op{b}"({ops}) : ({", ".join([t] * nops)}) -> {t}')
                mine.append((v, t))
            defs[b] = mine
            pool = avail + mine
            if r.random() < 0.25:  # uses nested in a region (escaping loop values, dominance)
                v, t = r.choice(pool) if pool else (None, None)
                inner = f'"test.use"({v}) : ({t}) -> ()' if v else '"test.use"() : () -> ()'
                if r.random() < 0.5:
                    lines.append(f'  "test.wrap"() ({{\n    {inner}\n  }}) : () -> ()')
                else:  # a small CFG of its own, lifted before the function's
                    c = self.fresh()
                    lines.append(f'  "test.wrap"() ({{\n    {c} = "test.cond"() : () -> i1\n'
                                 f'    cf.cond_br {c}, ^bb1, ^bb2\n  ^bb1:\n    {inner}\n'
                                 f'    cf.br ^bb2\n  ^bb2:\n    "test.end"() : () -> ()\n'
                                 f'  }}) : () -> ()')

            def pick(t, pool=pool):
                c = [v for v, tt in pool if tt == t]
                if c and r.random() < 0.8:
                    return r.choice(c)
                v = self.fresh()
                lines.append(f'  {v} = "test.make"() : () -> {t}')
                pool.append((v, t))
                return v

            def dest(s):
                if not bargs[s]:
                    return f"^bb{s}"
                vals = [pick(t) for t in bargs[s]]
                return f"^bb{s}({', '.join(vals)} : {', '.join(bargs[s])})"

            k = kinds[b]
            if k == "ret":
                vals = [pick(t) for t in ret_types]
                attr = " {kind = 1 : i32}" if r.random() < 0.2 else ""
                if vals:
                    lines.append(f'  "func.return"({", ".join(vals)}){attr} : '
                                 f'({", ".join(ret_types)}) -> ()')
                else:
                    lines.append(f'  "func.return"(){attr} : () -> ()')
            elif k == "br":
                lines.append(f"  cf.br {dest(succs[b][0])}")
            elif k == "cond_br":
                c = self.fresh()
                lines.append(f'  {c} = "test.cond"() : () -> i1')
                lines.append(f"  cf.cond_br {c}, {dest(succs[b][0])}, {dest(succs[b][1])}")
            else:
                f = self.fresh()
                lines.append(f'  {f} = "test.flag"() : () -> i32')
                cases = r.sample(range(9), len(succs[b]) - 1)
                body = [f"    default: {dest(succs[b][0])}"]
                body += [f"    {c}: {dest(s)}" for c, s in zip(cases, succs[b][1:])]
                lines.append(f"  cf.switch {f} : i32, [\n" + ",\n".join(body) + "\n  ]")
        lines.append("}")
        return "\n".join(lines)

    def program(self, count=4):
        return "\n// -----\n".join(self.function(f"f{i}") for i in range(count)) + "\n"


def _opt():
    p = shutil.which("mlir-opt-19")
    return p or ("/usr/lib/llvm-19/bin/mlir-opt" if os.path.exists(
        "/usr/lib/llvm-19/bin/mlir-opt") else None)


def _run(cmd, text):
    try:
        p = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=120,
                           check=False)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, "timeout"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=50)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--out", default=None)
    ap.add_argument("--show", type=int, default=None)
    a = ap.parse_args(argv)
    if a.show is not None:
        print(CFGGen(a.show).program(), end="")
        return 0
    opt = _opt()
    if opt is None:
        print("note: mlir-opt-19 not found; nothing compared")
        return 0
    pyopt = shutil.which("pyopt") or "pyopt"
    args = ["--allow-unregistered-dialect", "--lift-cf-to-scf", "--split-input-file"]
    same = both_err = 0
    bad = []
    for seed in range(a.first, a.first + a.seeds):
        text = CFGGen(seed).program()
        rc1, ours = _run([pyopt, "-"] + args, text)
        rc2, theirs = _run([opt, "-"] + args, text)
        if rc1 == rc2 == 0 and ours == theirs:
            same += 1
        elif rc1 != 0 and rc2 != 0:
            both_err += 1
        else:
            bad.append(seed)
            if a.out:
                os.makedirs(a.out, exist_ok=True)
                for suffix, body in (("in", text), ("ours", ours), ("ref", theirs)):
                    with open(os.path.join(a.out, f"{seed}.{suffix}.mlir"), "w") as f:
                        f.write(body)
    print(f"{a.seeds} seeds: {same} same, {both_err} both-error, {len(bad)} differ"
          + (f" (seeds {bad[:20]})" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
