"""Benchmark of the lowering to the LLVM dialect against mlir-opt 19, at growing sizes.

    python bench/bench_lower.py                       # 10k, 100k, 300k ops
    python bench/bench_lower.py --ops 10000,100000 --repeat 3 --json out.json
    python bench/bench_lower.py --ops 100000 --no-mlir --profile /tmp/prof   # cProfile

The workload is bench/gen_module.py's module restricted to func, arith, scf and cf (no builtin
casts: reconcile-unrealized-casts must be able to remove every cast), lowered by

    --convert-scf-to-cf --convert-func-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm
    --reconcile-unrealized-casts

Both tools run as commands on the same file (parse, verify, passes, print to a file), each in
a fresh process whose wall time, CPU time and peak RSS come from its own rusage (`os.wait4`:
the CPU time includes the children it waited for). They run as a user runs them: mlir-opt
with its threads, pyopt sharing the functions out between two processes (1 MB of input or
more: pyopt/pipeline_halves.py) or else verifying in a forked child beside its passes (both
use the two cores of the reference machine). Their pass times come from one more run with
`--mlir-timing` (mlir-opt single-threaded, pyopt verifying in-process). For each size the table
gives the command's wall time, CPU time, peak RSS and time per op for both tools, the passes'
time per op, the ratios, and whether the two outputs are byte-identical (exit status 1 if not).
On a loaded machine wall times swell; CPU times much less. The last lines give the slope of the time
per op from the smallest to the largest size (1.0 = linear) and the targets: pyopt within 4x of
mlir-opt's time and 1.5x its peak RSS (issue 25). Without mlir-opt 19 only pyopt is measured.

`--profile DIR` also runs the command's work in-process under cProfile (DIR/lower-<ops>.prof)
and prints the top functions by self and by cumulative time.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

PASSES = ["--convert-scf-to-cf", "--convert-func-to-llvm", "--convert-arith-to-llvm",
          "--convert-cf-to-llvm", "--reconcile-unrealized-casts"]
# mlir-opt's pass names in its timing report (pyopt reports the same names)
PASS_NAMES = ("SCFToControlFlow", "ConvertFuncToLLVMPass", "ArithToLLVMConversionPass",
              "ConvertControlFlowToLLVMPass", "ReconcileUnrealizedCasts")
GEN_ARGS = ["--dialects", "func,arith,scf,cf", "--exclude", "cast"]
# --workload memref: loops over 2-D dynamic memrefs, one third loads and stores
# (gen_memref_module.py), through finalize-memref-to-llvm as well.
MEMREF_PASSES = ["--convert-scf-to-cf", "--finalize-memref-to-llvm", "--convert-func-to-llvm",
                 "--convert-arith-to-llvm", "--convert-cf-to-llvm", "--reconcile-unrealized-casts"]
MEMREF_PASS_NAMES = PASS_NAMES + ("FinalizeMemRefToLLVMConversionPass",)
# --workload vector: 1-D/2-D vector transfers, arithmetic and reductions in loops
# (gen_vector_module.py), through convert-vector-to-scf and convert-vector-to-llvm as well.
VECTOR_PASSES = ["--convert-vector-to-scf", "--convert-scf-to-cf", "--convert-vector-to-llvm",
                 "--finalize-memref-to-llvm", "--convert-func-to-llvm", "--convert-arith-to-llvm",
                 "--convert-cf-to-llvm", "--reconcile-unrealized-casts"]
VECTOR_PASS_NAMES = MEMREF_PASS_NAMES + ("ConvertVectorToSCF", "ConvertVectorToLLVMPass")
# --workload linalg: linalg named ops and generics on memrefs (gen_linalg_module.py), through
# convert-linalg-to-loops first (issue 21's targets: 6x wall, 2.5x peak RSS).
LINALG_PASSES = ["--convert-linalg-to-loops", "--lower-affine", "--convert-scf-to-cf",
                 "--finalize-memref-to-llvm", "--convert-func-to-llvm", "--convert-arith-to-llvm",
                 "--convert-cf-to-llvm", "--reconcile-unrealized-casts"]
LINALG_PASS_NAMES = MEMREF_PASS_NAMES + ("ConvertLinalgToLoopsPass", "ConvertAffineToStandard")
# --workload tensor: random linalg-on-tensors kernels calling each other
# (gen_tensor_programs.py) through issue 22's whole pipeline, bufferization included.
TENSOR_PASSES = ["--convert-elementwise-to-linalg", "--convert-tensor-to-linalg",
                 "--one-shot-bufferize=bufferize-function-boundaries",
                 "--buffer-deallocation-pipeline", "--convert-bufferization-to-memref",
                 "--convert-linalg-to-loops", "--expand-strided-metadata", "--lower-affine",
                 "--convert-scf-to-cf", "--convert-math-to-llvm", "--convert-arith-to-llvm",
                 "--finalize-memref-to-llvm", "--convert-func-to-llvm", "--convert-cf-to-llvm",
                 "--reconcile-unrealized-casts"]
TENSOR_PASS_NAMES = LINALG_PASS_NAMES + (
    "ConvertElementwiseToLinalgPass", "ConvertTensorToLinalg", "OneShotBufferize",
    "ExpandRealloc", "OwnershipBasedBufferDeallocation", "BufferDeallocationSimplification",
    "LowerDeallocations", "Canonicalizer", "CSE", "ConvertBufferizationToMemRef",
    "ExpandStridedMetadata", "ConvertMathToLLVMPass")
GENERATOR = "gen_module.py"
WALL_TARGET, RSS_TARGET = 4.0, 1.5

# A timing line: mlir-opt's list display `  0.1479 ( 27.2%)  Name` or a table row
# `  0.1479 │  27.2% │ Name`.
_TIMING = re.compile(r"^\s*([\d.]+)\s+(?:\(\s*[\d.]+%\)|\S\s+[\d.]+%\s+\S)\s+(.*?)\s*$")


def generate(ops, path, seed=0):
    subprocess.run([sys.executable, os.path.join(HERE, GENERATOR), "--ops", str(ops),
                    "--seed", str(seed), *GEN_ARGS, "-o", path], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def find_pyopt():
    p = shutil.which("pyopt")
    if p:
        return [p]
    return [sys.executable, "-m", "pyopt.cli"]


def find_mlir_opt():
    for name in ("mlir-opt-19",):
        p = shutil.which(name)
        if p:
            return p
    p = "/usr/lib/llvm-19/bin/mlir-opt"
    return p if os.access(p, os.X_OK) else None


def run_measured(cmd):
    """Runs `cmd`; returns (wall seconds, CPU seconds, peak RSS in MiB, stderr text)."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed ({p.returncode}):\n{err[-3000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, err


def pass_time(report):
    total = 0.0
    for line in report.splitlines():
        m = _TIMING.match(line)
        if m and m.group(2) in PASS_NAMES:
            total += float(m.group(1))
    return total


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def constants_normalized_digest(path):
    """The digest of the text up to one-shot bufferization's constant names (see
    test/difftest/tensortest.py's normalize_constants)."""
    sys.path.insert(0, os.path.join(HERE, "..", "test", "difftest"))
    from tensortest import normalize_constants
    with open(path) as f:
        return hashlib.sha256(normalize_constants(f.read()).encode()).hexdigest()


def measure(tool_cmd, path, out, extra=(), passes=None):
    """The plain command, as a user runs it (wall, CPU of the process and the children it
    waited for, peak RSS)."""
    passes = PASSES if passes is None else passes
    wall, cpu, rss, _ = run_measured([*tool_cmd, path, *passes, "-o", out, *extra])
    return {"wall": wall, "cpu": cpu, "rss": rss}


def measure_passes(tool_cmd, path, out, extra=()):
    """The passes' own time from a run with `--mlir-timing` (single-threaded: `extra` holds
    mlir-opt's --mlir-disable-threading; pyopt verifies in-process when timing)."""
    _, _, _, err = run_measured([*tool_cmd, path, *PASSES, "-o", out, "--mlir-timing",
                                 "--mlir-timing-display=list", *extra])
    return pass_time(err)


KEYS = ("wall", "cpu", "rss", "passes")
HEADER = (f"{'ops':>7s}  {'tool':9s} {'wall s':>8s} {'cpu s':>8s} {'RSS MiB':>8s} "
          f"{'us/op':>7s} {'passes us/op':>12s}")


def row_text(n, tool, r):
    return (f"{n:>7d}  {tool:9s} {r['wall']:8.2f} {r['cpu']:8.2f} {r['rss']:8.1f} "
            f"{r['wall'] * 1e6 / n:7.1f} {r['passes'] * 1e6 / n:12.2f}")


# ----------------------------------------------------------------------------- profiling
def profile(path, out_dir, ops, top=25):
    """The command's work in this process under cProfile: parse, verify, passes, print."""
    import cProfile
    import pstats
    from pyopt.dialects import make_context
    from pyopt.ir.gc_policy import unfreeze_ir
    from pyopt.ir.location import SourceBuffer
    from pyopt.ir.verifier import verify
    from pyopt.pass_manager import PassManager, parse_pipeline
    from pyopt.pass_registry import add_pass_library
    from pyopt.syntax.printer import Printer, PrintFlags
    from pyopt.tool import parse_module
    add_pass_library("passes.registry")
    ctx = make_context()
    pipeline = "builtin.module(" + ",".join(p.lstrip("-") for p in PASSES) + ")"
    prof = cProfile.Profile()
    with open(path) as f:
        text = f.read()
    prof.enable()
    module, _ = parse_module(SourceBuffer(path, text), ctx, freeze=True)  # (as the command)
    verify(module, ctx)
    PassManager(parse_pipeline(pipeline)).run(module, ctx)
    Printer(PrintFlags(), ctx).print_top(module)
    prof.disable()
    unfreeze_ir()
    os.makedirs(out_dir, exist_ok=True)
    dest = os.path.join(out_dir, f"lower-{ops}.prof")
    prof.dump_stats(dest)
    st = pstats.Stats(dest)
    print(f"\n-- cProfile {dest}: by self time")
    st.sort_stats("tottime").print_stats(top)
    print("-- by cumulative time")
    st.sort_stats("cumulative").print_stats(top)


# ----------------------------------------------------------------------------- driver
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", default="10000,100000,300000")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=1, help="runs per measurement (median)")
    ap.add_argument("--no-mlir", action="store_true", help="measure pyopt only")
    ap.add_argument("--json")
    ap.add_argument("--profile", metavar="DIR")
    ap.add_argument("--parse-print", action="store_true",
                    help="also measure both tools parsing and printing the module without "
                         "passes (on by default for --workload linalg: issue 21's 6x target)")
    ap.add_argument("--workload", choices=("mix", "memref", "vector", "linalg", "tensor"),
                    default="mix",
                    help="mix: gen_module.py's func/arith/scf/cf mix; memref: 2-D dynamic "
                         "memref loops, one third loads/stores, with finalize-memref-to-llvm; "
                         "vector: 1-D/2-D vector transfers, arithmetic and reductions, with "
                         "convert-vector-to-scf and convert-vector-to-llvm; linalg: linalg "
                         "named and generic ops on memrefs, through convert-linalg-to-loops; "
                         "tensor: linalg-on-tensors kernels through issue 22's pipeline")
    a = ap.parse_args(argv)
    global PASSES, PASS_NAMES, GEN_ARGS, GENERATOR, WALL_TARGET, RSS_TARGET
    if a.workload == "memref":
        PASSES, PASS_NAMES, GEN_ARGS = MEMREF_PASSES, MEMREF_PASS_NAMES, []
        GENERATOR = "gen_memref_module.py"
    elif a.workload == "vector":
        PASSES, PASS_NAMES, GEN_ARGS = VECTOR_PASSES, VECTOR_PASS_NAMES, []
        GENERATOR = "gen_vector_module.py"
    elif a.workload == "linalg":
        PASSES, PASS_NAMES, GEN_ARGS = LINALG_PASSES, LINALG_PASS_NAMES, []
        GENERATOR = "gen_linalg_module.py"
        WALL_TARGET, RSS_TARGET = 6.0, 2.5
        a.parse_print = True
    elif a.workload == "tensor":
        PASSES, PASS_NAMES, GEN_ARGS = TENSOR_PASSES, TENSOR_PASS_NAMES, []
        GENERATOR = "gen_tensor_programs.py"
        WALL_TARGET, RSS_TARGET = 6.0, 2.5
    sizes = [int(x) for x in a.ops.split(",") if x]
    mlir_opt = None if a.no_mlir else find_mlir_opt()
    pyopt = find_pyopt()
    if mlir_opt is None and not a.no_mlir:
        print("mlir-opt 19 not found: measuring pyopt only")
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    print(f"load average {load:.1f} on {os.cpu_count()} CPUs (wall times swell on a loaded "
          f"machine, CPU times much less)\npipeline: {' '.join(PASSES)}")
    results = {}
    print(HEADER)
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            src = os.path.join(tmp, f"m{n}.mlir")
            generate(n, src, a.seed)
            py_out, ml_out = os.path.join(tmp, "py.mlir"), os.path.join(tmp, "ml.mlir")
            tools = [("pyopt", pyopt, py_out, ())]
            if mlir_opt:
                tools.append(("mlir-opt", [mlir_opt], ml_out, ["--mlir-disable-threading"]))
            row = {}
            for name, cmd, out, timing_extra in tools:
                runs = [measure(cmd, src, out) for _ in range(a.repeat)]
                row[name] = {k: statistics.median(r[k] for r in runs) for k in KEYS[:3]}
                row[name]["passes"] = measure_passes(cmd, src, out, timing_extra)
                print(row_text(n, name, row[name]), flush=True)
            if mlir_opt:
                py, ml = row["pyopt"], row["mlir-opt"]
                row["ratio"] = {k: py[k] / ml[k] for k in KEYS}
                same = constants_normalized_digest if a.workload == "tensor" else digest
                row["identical"] = same(py_out) == same(ml_out)
                q = row["ratio"]
                print(f"{'':7s}  {'ratio':9s} {q['wall']:7.1f}x {q['cpu']:7.1f}x "
                      f"{q['rss']:7.1f}x {'':7s} {q['passes']:11.1f}x  output "
                      f"{'identical' if row['identical'] else 'DIFFERS'}", flush=True)
            if a.parse_print and mlir_opt:
                pp = {}
                for name, cmd, out, _ in tools:
                    runs = [measure(cmd, src, out, passes=[]) for _ in range(a.repeat)]
                    pp[name] = {k: statistics.median(r[k] for r in runs) for k in KEYS[:3]}
                    pp[name]["passes"] = 0.0
                    print(row_text(n, name.split("-")[0] + " p+p", pp[name]), flush=True)
                q = {k: pp["pyopt"][k] / pp["mlir-opt"][k] for k in ("wall", "cpu", "rss")}
                print(f"{'':7s}  {'p+p ratio':9s} {q['wall']:7.1f}x {q['cpu']:7.1f}x "
                      f"{q['rss']:7.1f}x  (parse+print target: wall within 6x)", flush=True)
                row["parse_print"] = pp
                row["parse_print_ratio"] = q
            results[n] = row
            if a.profile:
                profile(src, a.profile, n)
    lo, hi = min(results), max(results)
    if lo != hi:
        def slope(tool, key):
            r = results
            return (r[hi][tool][key] / hi) / (r[lo][tool][key] / lo)
        line = (f"\nslope of the time per op, {lo} -> {hi} ops (x{hi // lo}; 1.0 = linear): "
                f"pyopt passes {slope('pyopt', 'passes'):4.2f}, command "
                f"{slope('pyopt', 'cpu'):4.2f} (cpu)")
        if mlir_opt:
            line += (f"; mlir-opt passes {slope('mlir-opt', 'passes'):4.2f}, command "
                     f"{slope('mlir-opt', 'cpu'):4.2f} (cpu)")
        print(line)
    if mlir_opt:
        q = results[hi]["ratio"]
        print(f"targets at {hi} ops: wall {q['wall']:.1f}x (<= {WALL_TARGET:g}x: "
              f"{'met' if q['wall'] <= WALL_TARGET else 'MISSED'}; cpu {q['cpu']:.1f}x), "
              f"peak RSS {q['rss']:.1f}x (<= {RSS_TARGET:g}x: "
              f"{'met' if q['rss'] <= RSS_TARGET else 'MISSED'})")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    ok = all(r.get("identical", True) for r in results.values())
    if not ok:
        print("pyopt's output differs from mlir-opt's")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
