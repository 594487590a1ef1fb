"""What a named accessor costs (issue 19: "accessors must cost no more than op.operand(N) in
the hot paths").

    python bench/bench_accessors.py                  # per-read costs + the lowering workload
    python bench/bench_accessors.py --ops 20000      # a bigger lowering module

Two measurements, on whatever interpreter runs the script:

1. Per read, in a tight loop (min of 7 timeit runs): `op.operand(0)` (the positional read the
   accessors replace), the named accessors of pyopt/ir/accessors.py (`addi.lhs`, an attribute
   `cmpi.predicate`, a region `for.region`), a property with the smallest possible Python
   getter (what any attribute-syntax accessor costs at least) and a plain slot read. On
   CPython 3.11 a property always runs its getter in a new interpreter frame, so it costs more
   than a method call; 3.12 and later inline both the same way.
2. In the hot paths: the lowering workload of bench_lower.py run in-process with every named
   accessor counting its reads. The reads, times the measured extra cost of a named read over
   `op.operand(0)`, give the accessors' share of the pipeline's CPU time.
"""
from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
import timeit

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

SRC = """
func.func @f(%a: i32, %lb: index, %ub: index) -> i1 {
  %s = arith.addi %a, %a : i32
  %c = arith.cmpi slt, %s, %a : i32
  scf.for %i = %lb to %ub step %lb {
  }
  return %c : i1
}
"""
PASSES = ["--convert-scf-to-cf", "--convert-func-to-llvm", "--convert-arith-to-llvm",
          "--convert-cf-to-llvm", "--reconcile-unrealized-casts"]
N = 200_000
CPU = time.process_time  # (CPU time: the machine may be busy)


def per_read_ns():
    from pyopt.dialects import make_context
    from pyopt.ir.core import Operation
    from pyopt.ir.location import SourceBuffer
    from pyopt.tool import parse_module
    mod, _ = parse_module(SourceBuffer("bench", SRC), make_context())
    ops = {o.name: o for o in mod.walk_ops()}
    addi, cmpi, for_ = ops["arith.addi"], ops["arith.cmpi"], ops["scf.for"]
    Operation._bench_min = property(lambda op: op.operand_slots[0].value)
    try:
        loops = {
            "empty loop": "for _ in r: op",
            "op.operand(0)": "for _ in r: op.operand(0)",
            "addi.lhs (named operand)": "for _ in r: op.lhs",
            "smallest property getter": "for _ in r: op._bench_min",
            "op.opdef (slot read)": "for _ in r: op.opdef",
        }
        out = {}
        for label, stmt in loops.items():
            t = min(timeit.repeat(stmt, "op, r = OP, range(N)", globals={"OP": addi, "N": N},
                                  number=1, repeat=7, timer=CPU))
            out[label] = t / N * 1e9
        for label, op, stmt in (("cmpi.predicate (named attribute)", cmpi, "op.predicate"),
                                ("for.region (named region)", for_, "op.region")):
            t = min(timeit.repeat("for _ in r: " + stmt, "op, r = OP, range(N)",
                                  globals={"OP": op, "N": N}, number=1, repeat=7, timer=CPU))
            out[label] = t / N * 1e9
    finally:
        del Operation._bench_min
    empty = out.pop("empty loop")
    return {k: v - empty for k, v in out.items()}


def count_reads(path):
    """Runs the lowering pipeline in-process with counting accessors; returns (reads, CPU s)."""
    from pyopt.ir import accessors
    from pyopt.ir.core import Operation
    import pyopt.dialects
    counts = {}

    def counting(name, prop):
        def get(op):
            counts[name] = counts.get(name, 0) + 1
            return prop.fget(op)
        return property(get, prop.fset)

    pyopt.dialects.make_context().load_all()  # (every declaration installs its accessors)
    for (base, name) in list(accessors._DISPATCH):
        setattr(base, name, counting(name, base.__dict__[name]))
    from pyopt.cli import main
    t = time.process_time()
    try:
        main([path, *PASSES, "-o", os.devnull])
    except SystemExit as e:
        if e.code:
            raise
    return counts, time.process_time() - t


def pipeline_cpu(path):
    """The same pipeline in a fresh process without counting: its CPU seconds."""
    code = ("import time\nfrom pyopt.cli import main\nt = time.process_time()\ntry:\n"
            f"    main({[path, *PASSES, '-o', os.devnull]!r})\nexcept SystemExit:\n    pass\n"
            "print(time.process_time() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=os.path.dirname(HERE))
    return float(out.stdout.split()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ops", type=int, default=10000, help="size of the lowering module")
    args = ap.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()}")
    costs = per_read_ns()
    base = costs["op.operand(0)"]
    for label, ns in costs.items():
        print(f"  {label:36s} {ns:6.1f} ns  ({ns / base:4.2f}x op.operand(0))")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "m.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_module.py"), "--ops",
                        str(args.ops), "--dialects", "func,arith,scf,cf", "--exclude", "cast",
                        "-o", path], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        cpu = pipeline_cpu(path)
        counts, _ = count_reads(path)
    reads = sum(counts.values())
    extra = max(costs["addi.lhs (named operand)"] - base, 0.0) * 1e-9 * reads
    top = ", ".join(f"{n} {c}" for n, c in sorted(counts.items(), key=lambda x: -x[1])[:6])
    print(f"lowering {args.ops} ops ({' '.join(PASSES)}): {cpu:.2f} s CPU")
    print(f"  named-accessor reads: {reads} ({reads / args.ops:.2f} per op; most: {top})")
    print(f"  their extra cost over op.operand(N): {extra * 1e3:.2f} ms = "
          f"{100 * extra / cpu:.3f}% of the pipeline")


if __name__ == "__main__":
    main()
