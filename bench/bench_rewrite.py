"""Scaling benchmark of greedy rewriting and dialect conversion against mlir-opt 19.

    python bench/bench_rewrite.py                       # 10k, 100k, 300k ops
    python bench/bench_rewrite.py --ops 10000,100000 --repeat 3 --json out.json
    python bench/bench_rewrite.py --ops 100000 --only canon-cse --profile /tmp/prof

Workloads (each on a generated module of N ops, bench/gen_module.py):
  - canon-cse: `builtin.module(func.func(canonicalize,cse))`
  - scf-to-cf: `builtin.module(convert-scf-to-cf)` (the conversion framework)
  - poly: the poly example's partial conversion (examples/poly, pyopt only: mlir-opt has no
    poly dialect), on a generated module of poly.add/sub/constant chains and calls.

Only the pass pipeline is timed: pyopt runs it in a fresh process through the Python API after
parsing (verification after passes off), mlir-opt with `--mlir-timing --mlir-disable-threading`
(its per-pass wall times summed). Both are reported as microseconds per op for each size side by
side, with the growth of the time per op from the smallest to the largest size: a flat slope
(ratio near 1) means the rewrite is linear; a quadratic worklist, use-list or rollback journal
would show a ratio near the size ratio.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
POLY_PLUGIN = os.path.join(ROOT, "examples", "poly", "poly.py")

WORKLOADS = {
    # name -> (pipeline, mlir-opt pass names whose times are summed)
    "canon-cse": ("builtin.module(func.func(canonicalize,cse))", ("Canonicalizer", "CSE")),
    "scf-to-cf": ("builtin.module(convert-scf-to-cf)", ("SCFToControlFlow",)),
    "poly": ("builtin.module(poly-to-standard)", ()),
}


# ----------------------------------------------------------------------------- generators
def gen_standard(ops, path):
    subprocess.run([sys.executable, os.path.join(HERE, "gen_module.py"), "--ops", str(ops),
                    "-o", path], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def gen_poly(ops, path, seed=0):
    """Functions of ~40 poly ops: constants, add/sub chains over recent values, calls to
    earlier functions, to_tensor/from_tensor round trips."""
    rnd = random.Random(seed)
    lines, count, fn = [], 1, 0
    while count < ops:
        ty = "!poly.poly<8>"
        lines.append(f"func.func @f{fn}(%a: {ty}, %b: {ty}) -> {ty} {{")
        vals, n = ["%a", "%b"], 0
        for i in range(38):
            r = rnd.random()
            name = f"%v{i}"
            if r < 0.15:
                lines.append(f"  {name} = poly.constant dense<[{i}, 1]> : tensor<2xi32> : {ty}")
            elif r < 0.2 and fn > 0:
                callee = rnd.randrange(fn)
                x, y = rnd.choice(vals[-6:]), rnd.choice(vals[-6:])
                lines.append(f"  {name} = func.call @f{callee}({x}, {y}) : ({ty}, {ty}) -> {ty}")
            elif r < 0.25:
                x = rnd.choice(vals[-6:])
                lines.append(f"  %t{i} = poly.to_tensor {x} : {ty} -> tensor<8xi32>")
                lines.append(f"  {name} = poly.from_tensor %t{i} : tensor<8xi32> -> {ty}")
                n += 1
            else:
                op = rnd.choice(("add", "sub"))
                x, y = rnd.choice(vals[-6:]), rnd.choice(vals[-6:])
                lines.append(f"  {name} = poly.{op} {x}, {y} : {ty}")
            vals.append(name)
            n += 1
        lines.append(f"  func.return {vals[-1]} : {ty}")
        lines.append("}")
        count += n + 2
        fn += 1
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return count


# ----------------------------------------------------------------------------- child side
def child(path, workload, profile_dir=None):
    """Fresh process: parses `path`, then times the workload's pipeline alone; prints JSON."""
    import gc
    if workload == "poly":
        from pyopt.plugins import load_plugin
        load_plugin(POLY_PLUGIN)
    from pyopt.dialects import make_context
    from pyopt.ir.location import SourceBuffer
    from pyopt.pass_manager import PassManager, parse_pipeline
    from pyopt.pass_registry import add_pass_library
    add_pass_library("passes.registry")
    from pyopt.tool import parse_module
    ctx = make_context()
    with open(path) as f:
        module, _ = parse_module(SourceBuffer(path, f.read()), ctx)
    gc.freeze()  # as the CLI does: parsed IR stays off the cycle collector's passes
    pm = PassManager(parse_pipeline(WORKLOADS[workload][0]), verify_each=False)
    prof = None
    if profile_dir:
        import cProfile
        prof = cProfile.Profile()
        prof.enable()
    t, c = time.perf_counter(), time.process_time()
    pm.run(module, ctx)
    out = {"wall": time.perf_counter() - t, "cpu": time.process_time() - c}
    if prof is not None:
        prof.disable()
        os.makedirs(profile_dir, exist_ok=True)
        prof.dump_stats(os.path.join(profile_dir, f"{workload}.prof"))
    ops = sum(1 for _ in module.walk_ops())
    out["ops_after"] = ops
    print(json.dumps(out))
    sys.stdout.flush()
    os._exit(0)


def run_pyopt(path, workload, profile_dir=None):
    args = [sys.executable, os.path.abspath(__file__), "--child", path, "--only", workload]
    if profile_dir:
        args += ["--profile", profile_dir]
    r = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    if r.returncode != 0:
        raise RuntimeError(f"pyopt {workload} failed:\n{r.stderr[-3000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


_TIMING_LINE = re.compile(r"^\s*([\d.]+)\s+\(\s*[\d.]+%\)\s+(.*?)\s*$")


def run_mlir_opt(mlir_opt, path, workload):
    pipeline, names = WORKLOADS[workload]
    r = subprocess.run([mlir_opt, path, f"--pass-pipeline={pipeline}", "--mlir-timing",
                        "--mlir-timing-display=list", "--mlir-disable-threading", "-o",
                        os.devnull], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"mlir-opt {workload} failed:\n{r.stderr[-3000:]}")
    total = 0.0
    for line in r.stderr.splitlines():
        m = _TIMING_LINE.match(line)
        if m and m.group(2) in names:
            total += float(m.group(1))
    return {"wall": total}


# ----------------------------------------------------------------------------- driver
def find_mlir_opt():
    for name in ("mlir-opt-19", "mlir-opt"):
        p = shutil.which(name)
        if p:
            return p
    p = "/usr/lib/llvm-19/bin/mlir-opt"
    return p if os.path.exists(p) else None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", default="10000,100000,300000")
    ap.add_argument("--only", default=",".join(WORKLOADS))
    ap.add_argument("--repeat", type=int, default=1, help="runs per measurement (median)")
    ap.add_argument("--no-mlir", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("--profile")
    ap.add_argument("--child")
    a = ap.parse_args(argv)
    if a.child:
        return child(a.child, a.only, a.profile)
    sizes = [int(x) for x in a.ops.split(",")]
    workloads = [w for w in a.only.split(",") if w]
    mlir_opt = None if a.no_mlir else find_mlir_opt()
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            std, poly = os.path.join(tmp, f"std{n}.mlir"), os.path.join(tmp, f"poly{n}.mlir")
            if any(w != "poly" for w in workloads):
                gen_standard(n, std)
            if "poly" in workloads:
                gen_poly(n, poly)
            for w in workloads:
                path = poly if w == "poly" else std
                py = [run_pyopt(path, w, a.profile) for _ in range(a.repeat)]
                row = {"pyopt": statistics.median(x["wall"] for x in py),
                       "pyopt_cpu": statistics.median(x["cpu"] for x in py)}
                if mlir_opt and w != "poly":
                    row["mlir"] = statistics.median(
                        run_mlir_opt(mlir_opt, path, w)["wall"] for _ in range(a.repeat))
                results.setdefault(w, {})[n] = row
                mlir_txt = (f"  mlir-opt {row['mlir'] * 1e6 / n:7.3f} us/op  ratio "
                            f"{row['pyopt'] / row['mlir']:5.1f}x" if row.get("mlir") else "")
                print(f"{w:10s} {n:>7d} ops  pyopt {row['pyopt']:7.2f} s "
                      f"{row['pyopt'] * 1e6 / n:7.2f} us/op{mlir_txt}", flush=True)
    print("\nslope (time per op at the largest size / at the smallest; 1.0 = linear):")
    for w, rows in results.items():
        lo, hi = min(rows), max(rows)
        if lo == hi:
            continue
        s = (rows[hi]["pyopt"] / hi) / (rows[lo]["pyopt"] / lo)
        line = f"  {w:10s} pyopt {s:4.2f}"
        if rows[lo].get("mlir") and rows[hi].get("mlir"):
            line += f"   mlir-opt {(rows[hi]['mlir'] / hi) / (rows[lo]['mlir'] / lo):4.2f}"
        print(line + f"   (sizes {lo} -> {hi}, x{hi // lo})")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
