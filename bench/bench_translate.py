"""pytranslate vs mlir-translate-19 on real C programs (issue: LLVM IR import/export speed).

    python bench/bench_translate.py [--funcs 3800] [--opt O0,O2] [--keep DIR] [--no-roundtrip]

Generates a deterministic C program of `--funcs` functions (loops, switches, structs, arrays,
floating point, recursion, varargs printf) plus a small fixed driver (3800 functions: about
100k lines of clang -O0 LLVM IR), compiles it with clang-19 to .ll, then times `-import-llvm`
(and `--mlir-to-llvmir` on the result) for both tools in the same run: wall time and peak RSS
of the child process, as ratios against the targets (4x mlir-translate-19's time (issue 25), 3x its RSS).
It also times llvmlite's parse + verify of the .ll in-process, the LLVM check pytranslate runs
beside its own work (in a forked child), to show its share. When clang is available the round
trip .ll -> mlir -> .ll is compiled and its output compared with the original program's.
Exit code 1 when a ratio is over its target; tools that are absent are skipped with a
message (exit code 0)."""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

MLIR_TRANSLATE = "/usr/lib/llvm-19/bin/mlir-translate"
TIME_TARGET, RSS_TARGET = 4.0, 3.0


def find_clang():
    for c in ("clang-19", "/usr/lib/llvm-19/bin/clang", "clang"):
        p = shutil.which(c) or (c if os.path.exists(c) else None)
        if p:
            return p
    return None


def gen_c(nfuncs, seed=0):
    """A deterministic C program: every function mixes integer/float arithmetic, loops,
    switches, struct and array accesses and calls to earlier functions."""
    rnd = random.Random(seed)
    out = ["#include <stdio.h>", "#include <string.h>", "#include <stdarg.h>",
           "struct P { int a; long b; double c; int arr[4]; };",
           "static int table[64];",
           "static long sum_va(int n, ...) { va_list ap; va_start(ap, n); long s = 0;",
           "  for (int i = 0; i < n; i++) s += va_arg(ap, int); va_end(ap); return s; }"]
    for i in range(nfuncs):
        k = rnd.randint(1, 9)
        body = [f"static long f{i}(long x, struct P *p) {{",
                "  long acc = x; double d = p->c;"]
        body.append(f"  for (int j = 0; j < {rnd.randint(2, 9)}; j++) {{")
        body.append(f"    acc = acc * {k} + (j ^ {rnd.randint(0, 99)});")
        body.append(f"    p->arr[j & 3] += (int)(acc & {rnd.randint(1, 255)});")
        body.append("    d = d * 0.5 + (double)j;")
        body.append("  }")
        body.append(f"  switch ((int)(acc & 7)) {{ case 0: acc += {k}; break; "
                    f"case 1: acc -= p->a; break; case 3: acc ^= p->b; break; "
                    f"case 5: acc += table[acc & 63]; break; default: acc += 1; }}")
        if i > 0:
            j = rnd.randrange(i)
            body.append(f"  if (acc & 1) acc += f{j}(acc >> 3, p) & 0xffff;")
        body.append("  table[(unsigned long)acc & 63] = (int)acc;")
        body.append("  p->c = d; p->b ^= acc;")
        body.append("  return acc + (long)d;")
        body.append("}")
        out.extend(body)
    out.append("int main(void) {")
    out.append("  struct P p; memset(&p, 0, sizeof p); p.c = 1.5; long t = 0;")
    for i in range(0, nfuncs, max(1, nfuncs // 200)):
        out.append(f"  t += f{i}({i}, &p) & 0xffffff;")
    out.append("  printf(\"%ld %ld %d %d\\n\", t, sum_va(3, 1, 2, 3), p.arr[0], table[5]);")
    out.append("  printf(\"%.3f\\n\", p.c);")
    out.append("  return 0;")
    out.append("}")
    return "\n".join(out) + "\n"


def measured_once(cmd, out_path):
    """Runs cmd through a tiny wrapper so ru_maxrss is the child's own peak; also gives the
    CPU seconds (user + system) of the command and everything it forked."""
    wrapper = ("import resource,subprocess,sys,time;"
               "t=time.perf_counter();"
               "r=subprocess.run(sys.argv[2:],stdout=open(sys.argv[1],'wb'),"
               "stderr=subprocess.PIPE);"
               "dt=time.perf_counter()-t;"
               "u=resource.getrusage(resource.RUSAGE_CHILDREN);"
               "sys.stderr.buffer.write(r.stderr[-2000:]);"
               "print(dt,u.ru_maxrss,r.returncode,u.ru_utime+u.ru_stime)")
    r = subprocess.run([sys.executable, "-c", wrapper, out_path] + cmd, capture_output=True)
    dt, rss, rc, cpu = r.stdout.split()
    MEASURED_CPU[out_path] = float(cpu)
    return float(dt), int(rss) / 1024.0, int(rc), r.stderr.decode(errors="replace")


MEASURED_CPU = {}  # output path -> CPU seconds of the command that wrote it
REPEAT = 1


def measured(cmd, out_path):
    """measured_once REPEAT times: the median wall time, CPU time and peak RSS (each on its
    own), the last run's exit code and diagnostics."""
    runs = []
    for _ in range(REPEAT):
        runs.append(measured_once(cmd, out_path) + (MEASURED_CPU[out_path],))
    med = lambda i: statistics.median(r[i] for r in runs)  # noqa: E731
    MEASURED_CPU[out_path] = med(4)
    return med(0), med(1), runs[-1][2], runs[-1][3]


def llvmlite_check_time(ll_path):
    """Seconds llvmlite takes to parse and verify the .ll (None without llvmlite)."""
    code = ("import sys,time\n"
            "try:\n import llvmlite.binding as llvm\n"
            "except ImportError:\n print('-'); sys.exit()\n"
            "text=open(sys.argv[1]).read(); t=time.perf_counter()\n"
            "m=llvm.parse_assembly(text); m.verify(); print(time.perf_counter()-t)")
    r = subprocess.run([sys.executable, "-c", code, ll_path], capture_output=True, text=True)
    try:
        return float(r.stdout.split()[0])
    except (ValueError, IndexError):
        return None


def pytranslate_cmd():
    exe = shutil.which("pytranslate")
    return [exe] if exe else [sys.executable, "-m", "pytranslate.cli"]


def compile_and_run(clang, src_ll, exe, workdir):
    r = subprocess.run([clang, "-O0", "-w", src_ll, "-o", exe, "-lm"], capture_output=True,
                       cwd=workdir)
    if r.returncode:
        return None, r.stderr.decode(errors="replace")[-800:]
    r = subprocess.run([exe], capture_output=True, timeout=120)
    return (r.returncode, r.stdout), None


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--funcs", type=int, default=3800)
    ap.add_argument("--opt", default="O0,O2")
    ap.add_argument("--keep", default=None, help="keep the work files in this directory")
    ap.add_argument("--no-roundtrip", action="store_true")
    ap.add_argument("--ll", default=None, metavar="FILE",
                    help="time this .ll instead of the generated program (e.g. clang-19 -O2 "
                         "-S -emit-llvm of sqlite3.c); no round trip")
    ap.add_argument("--repeat", type=int, default=1, help="runs per measurement (median)")
    ns = ap.parse_args(argv)
    global REPEAT
    REPEAT = ns.repeat
    clang = find_clang()
    if not os.path.exists(MLIR_TRANSLATE):
        print("skip: mlir-translate-19 not found at " + MLIR_TRANSLATE)
        return 0
    if clang is None:
        print("skip: clang-19 not found (apt-get install -y clang-19)")
        return 0
    work = ns.keep or tempfile.mkdtemp(prefix="bench-translate-")
    os.makedirs(work, exist_ok=True)
    if ns.ll:
        ns.no_roundtrip, ref_out, opts = True, b"", ["ll"]
    else:
        src = os.path.join(work, "prog.c")
        with open(src, "w") as f:
            f.write(gen_c(ns.funcs))
        ref_exe = os.path.join(work, "prog")
        subprocess.run([clang, "-O0", "-w", src, "-o", ref_exe], check=True)
        ref_out = subprocess.run([ref_exe], capture_output=True).stdout
        opts = ns.opt.split(",")
    py = pytranslate_cmd()
    rows = []
    for opt in opts:
        ll = os.path.join(work, f"prog.{opt}.ll")
        if ns.ll:
            ll = os.path.abspath(ns.ll)
        else:
            subprocess.run([clang, f"-{opt}", "-S", "-emit-llvm", "-w", src, "-o", ll],
                           check=True)
        nlines = sum(1 for _ in open(ll))
        mref = os.path.join(work, f"prog.{opt}.ref.mlir")
        mpy = os.path.join(work, f"prog.{opt}.py.mlir")
        t_ref, rss_ref, rc, err = measured([MLIR_TRANSLATE, "-import-llvm", ll], mref)
        t_py, rss_py, rc_py, err_py = measured(py + ["-import-llvm", ll], mpy)
        row = {"opt": opt, "lines": nlines, "imp": (t_py, t_ref, rss_py, rss_ref, rc_py, err_py),
               "imp_cpu": (MEASURED_CPU[mpy], MEASURED_CPU[mref]),
               "llvmlite": llvmlite_check_time(ll)}
        if rc_py == 0:
            lref = os.path.join(work, f"prog.{opt}.ref.ll")
            lpy = os.path.join(work, f"prog.{opt}.py.ll")
            te_ref, re_ref, rc1, _ = measured([MLIR_TRANSLATE, "--mlir-to-llvmir", mpy], lref)
            te_py, re_py, rc2, err2 = measured(py + ["--mlir-to-llvmir", mpy], lpy)
            row["exp"] = (te_py, te_ref, re_py, re_ref, rc2, err2)
            row["exp_cpu"] = (MEASURED_CPU[lpy], MEASURED_CPU[lref])
            if not ns.no_roundtrip and rc2 == 0:
                res, cerr = compile_and_run(clang, lpy, os.path.join(work, f"rt.{opt}"), work)
                row["rt"] = ("ok" if res == (0, ref_out) else
                             f"MISMATCH {cerr or res}" if res != (0, ref_out) else "")
        rows.append(row)
    if ns.ll:
        print(f"work dir: {work}; input: {ns.ll}; median of {REPEAT} run(s)")
    else:
        print(f"work dir: {work}; program: {ns.funcs} functions; reference output "
              f"{ref_out.decode().strip()!r}; median of {REPEAT} run(s)")
    print(f"targets: time <= {TIME_TARGET:g}x mlir-translate-19, peak RSS <= {RSS_TARGET:g}x")
    print(f"{'opt':4} {'dir':7} {'.ll lines':>9} {'py s':>8} {'mlir s':>8} {'x time':>7} "
          f"{'py MiB':>7} {'mlir MiB':>8} {'x RSS':>6}  verdict")
    ok_all = True
    for row in rows:
        for key, name in (("imp", "import"), ("exp", "export")):
            if key not in row:
                continue
            tp, tr, rp, rr, rc, err = row[key]
            if rc:
                print(f"{row['opt']:4} {name:7} {row['lines']:9} FAILED: {err.strip()[-300:]}")
                ok_all = False
                continue
            xt, xr = tp / max(tr, 1e-3), rp / max(rr, 1e-3)
            good = xt <= TIME_TARGET and xr <= RSS_TARGET
            ok_all &= good
            print(f"{row['opt']:4} {name:7} {row['lines']:9} {tp:8.2f} {tr:8.2f} {xt:7.1f} "
                  f"{rp:7.0f} {rr:8.0f} {xr:6.1f}  "
                  f"{'ok' if good else 'OVER TARGET'} ({xt / TIME_TARGET:.0%} of the time "
                  f"target, {xr / RSS_TARGET:.0%} of the RSS target)")
            cp, cr = row[key + "_cpu"]
            print(f"{'':4} {'':7} {'':9} CPU s (user+sys, forked checks included): "
                  f"{cp:.2f} vs {cr:.2f} = {cp / max(cr, 1e-3):.1f}x (the wall ratio is only "
                  f"meaningful on an idle machine)")
        if row.get("llvmlite") is not None:
            print(f"{row['opt']:4} llvmlite parse+verify of the .ll (run beside the import): "
                  f"{row['llvmlite']:.2f} s")
        if "rt" in row:
            print(f"{row['opt']:4} round trip .ll -> mlir -> .ll -> clang: {row['rt']}")
    return 0 if ok_all else 1


if __name__ == "__main__":
    sys.exit(main())
