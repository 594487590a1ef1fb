"""Tensor mode of the differential tester: linalg-on-tensors programs (tensorgen.py) through
issue 22's pipeline (elementwise/tensor to linalg, one-shot bufferization across function
boundaries, buffer deallocation, loops, LLVM) by mlir-opt-19 and by pyopt, each doing the whole
pipeline itself; mlir-translate-19 and pytranslate export their results, lli-19 runs both with
a small runtime (print_i64, and memrefCopy for the copies bufferization makes between strided
buffers) built by the C compiler. A row is

  same-ir   pyopt's LLVM dialect output is mlir-opt-19's, text for text up to the numbering
            of constant globals (normalize_constants), and runs alike
  same-run  the texts differ, both programs print the same
  DIFF      the programs print different things (or pyopt's crashes)
  py-err    pyopt or pytranslate refused the program or failed
  ref-err   mlir-opt-19 refused it (a generator bug: counted, not compared)

Failing rows keep their files under OUT/fail/SEED/. Exit status 1 when a row is DIFF or
py-err. Without mlir-opt-19, mlir-translate-19, lli-19 or cc the tester says so and exits 0.

    python test/difftest/tensortest.py --programs 200 --seed 0 -j 2 --out /tmp/tensortest
"""
from __future__ import annotations

import argparse
import collections
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import tensorgen  # noqa: E402

PIPELINE = ["--convert-elementwise-to-linalg", "--convert-tensor-to-linalg",
            "--one-shot-bufferize=bufferize-function-boundaries",
            "--buffer-deallocation-pipeline", "--convert-bufferization-to-memref",
            "--convert-linalg-to-loops", "--expand-strided-metadata", "--lower-affine",
            "--convert-scf-to-cf", "--convert-math-to-llvm", "--convert-arith-to-llvm",
            "--finalize-memref-to-llvm", "--convert-func-to-llvm", "--convert-cf-to-llvm",
            "--reconcile-unrealized-casts"]

RUNTIME_C = r"""
#include <stdio.h>
#include <stdint.h>
#include <string.h>
typedef struct { int64_t rank; void *desc; } Unranked;
void print_i64(int64_t x) { printf("%ld\n", (long)x); fflush(stdout); }
/* the strided copy of the MLIR C runner utils' memrefCopy (descriptor: allocated, aligned,
   offset, sizes[rank], strides[rank]) */
void memrefCopy(int64_t esize, Unranked *src, Unranked *dst) {
  int64_t rank = src->rank;
  char **s = (char **)src->desc, **d = (char **)dst->desc;
  int64_t *sm = (int64_t *)(s + 2), *dm = (int64_t *)(d + 2);
  int64_t *sizes = sm + 1, *ss = sm + 1 + rank, *ds = dm + 1 + rank;
  int64_t n = 1;
  for (int64_t i = 0; i < rank; i++) n *= sizes[i];
  for (int64_t lin = 0; lin < n; lin++) {
    int64_t r = lin, so = sm[0], dof = dm[0];
    for (int64_t i = rank - 1; i >= 0; i--) {
      int64_t c = r % sizes[i]; r /= sizes[i]; so += c * ss[i]; dof += c * ds[i];
    }
    memcpy(d[1] + dof * esize, s[1] + so * esize, esize);
  }
}
"""


_CONST_GLOBAL = re.compile(r"^\s*llvm\.mlir\.global private constant @(__constant_\w+)(.*)$",
                           re.M)


def normalize_constants(text):
    """The text with one-shot bufferization's constant globals named by their contents and
    listed first in sorted order: mlir-opt-19 bufferizes functions in an order that depends
    on pointer hashes (a DenseMap walk), so the globals' numbering and order vary from run to
    run; what they hold and where they are used does not."""
    defs = {m.group(1): m.group(2) for m in _CONST_GLOBAL.finditer(text)}
    canon = {n: f"__constant_{i}" for i, (_, n) in
             enumerate(sorted((body, n) for n, body in defs.items()))}
    body = _CONST_GLOBAL.sub("", text)
    body = re.sub(r"@(__constant_\w+)", lambda m: "@" + canon.get(m.group(1), m.group(1)), body)
    return "\n".join(sorted(f"@{canon[n]}{b}" for n, b in defs.items())) + body


def tool(name):
    path = shutil.which(name + "-19")
    if path:
        return path
    path = os.path.join("/usr/lib/llvm-19/bin", name)
    return path if os.path.exists(path) else None


def missing_tools():
    need = {"mlir-opt-19": tool("mlir-opt"), "mlir-translate-19": tool("mlir-translate"),
            "lli-19": tool("lli"), "cc": shutil.which("cc")}
    return [k for k, v in need.items() if not v]


def build_runtime(out):
    so = os.path.join(out, "tensortest_runtime.so")
    c = os.path.join(out, "tensortest_runtime.c")
    with open(c, "w") as f:
        f.write(RUNTIME_C)
    subprocess.run([shutil.which("cc"), "-O1", "-shared", "-fPIC", c, "-o", so], check=True)
    return so


def run(cmd, timeout=120):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"


def _lower_and_run(opt, translate, src, d, tag, runtime):
    lowered, ll = os.path.join(d, f"{tag}.llvm.mlir"), os.path.join(d, f"{tag}.ll")
    rc, _, err = run([opt, src] + PIPELINE + ["-o", lowered])
    if rc != 0:
        return None, None, f"{tag} pipeline: {err.strip()[-400:]}"
    rc, _, err = run([translate, "--mlir-to-llvmir", lowered, "-o", ll])
    if rc != 0:
        return None, None, f"{tag} translate: {err.strip()[-400:]}"
    rc, out, err = run([tool("lli"), f"--load={runtime}", ll], timeout=60)
    if err.strip():  # (a void main leaves lli's exit status undefined: stderr tells a crash)
        out += "\n<stderr> " + err.strip()[-300:]
    with open(lowered) as f:
        return f.read(), out, None


def check(args):
    seed, out, runtime = args
    d = tempfile.mkdtemp(prefix=f"t{seed}-", dir=out)
    src = os.path.join(d, "input.mlir")
    with open(src, "w") as f:
        f.write(tensorgen.generate(seed))
    ref_ir, ref_out, err = _lower_and_run(tool("mlir-opt"), tool("mlir-translate"), src, d,
                                          "ref", runtime)
    if err:
        status, why = "ref-err", err
    else:
        py_ir, py_out, err = _lower_and_run("pyopt", "pytranslate", src, d, "py", runtime)
        if err:
            status, why = "py-err", err
        elif py_out != ref_out:
            status, why = "DIFF", f"ref printed {ref_out!r}, pyopt's {py_out!r}"
        else:
            same = py_ir == ref_ir or normalize_constants(py_ir) == normalize_constants(ref_ir)
            status, why = ("same-ir" if same else "same-run"), ""
    if status in ("same-ir", "same-run", "ref-err"):
        shutil.rmtree(d, ignore_errors=True)
    else:
        os.makedirs(os.path.join(out, "fail"), exist_ok=True)
        dest = os.path.join(out, "fail", str(seed))
        shutil.rmtree(dest, ignore_errors=True)
        shutil.move(d, dest)
    return {"seed": seed, "status": status, "why": why}


def main(argv=None, rows=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--programs", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "tensortest"))
    ap.add_argument("-q", action="store_true")
    a = ap.parse_args(argv)
    miss = missing_tools()
    if miss:
        print("tensortest: skipped, not installed: " + ", ".join(miss))
        return 0
    os.makedirs(a.out, exist_ok=True)
    runtime = build_runtime(a.out)
    jobs = [(s, a.out, runtime) for s in range(a.seed, a.seed + a.programs)]
    counts = collections.Counter()
    with multiprocessing.Pool(a.j) as pool:
        for row in pool.imap_unordered(check, jobs):
            counts[row["status"]] += 1
            if rows is not None:
                rows.append(row)
            if row["status"] not in ("same-ir", "same-run") and not a.q:
                print(f"seed {row['seed']}: {row['status']}: {row['why']}", flush=True)
            if not a.q and sum(counts.values()) % 100 == 0:  # (a long campaign can be cut)
                print(f"[{sum(counts.values())}] " + ", ".join(f"{k} {v}" for k, v in
                                                          sorted(counts.items())), flush=True)
    print("tensortest: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 1 if counts["DIFF"] or counts["py-err"] else 0


if __name__ == "__main__":
    sys.exit(main())
