"""Bytecode round trips against mlir-opt-19, over the .mlir inputs of test/ (each
`// -----` chunk on its own, unregistered dialects allowed):

  forward:  pyopt writes bytecode, mlir-opt-19 reads it  == mlir-opt-19 reads the text
  backward: mlir-opt-19 writes bytecode, pyopt reads it  == pyopt reads the text

A chunk counts only when both tools accept its text. Run as a script for every input:
    python test/unit/bytecode_roundtrip.py [-j N] [-v] [files...]
"""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ORACLE = shutil.which("mlir-opt-19") or (
    "/usr/lib/llvm-19/bin/mlir-opt" if os.path.exists("/usr/lib/llvm-19/bin/mlir-opt") else None)
FLAGS = ["--allow-unregistered-dialect"]


def inputs():
    out = []
    for d, dirs, files in os.walk(os.path.join(ROOT, "test")):
        dirs[:] = [x for x in dirs if x != "Output"]  # (lit's scratch files)
        out += [os.path.join(d, f) for f in files if f.endswith(".mlir")]
    return sorted(out)


def chunks(path):
    from pyopt.tool import split_chunks
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", "surrogateescape")
    return [text[a:b] for a, b in split_chunks(text)]


def oracle(data: bytes, *flags):
    p = subprocess.run([ORACLE, "-", *FLAGS, *flags], input=data, capture_output=True,
                       timeout=60)
    return p.stdout if p.returncode == 0 else None


def pyopt(data: bytes, emit_bytecode=False):
    """pyopt in this process: the printed text (or bytecode) as bytes, None on failure."""
    from pyopt.tool import OptOptions, run
    opts = OptOptions(allow_unregistered=True, emit_bytecode=emit_bytecode)
    out = io.StringIO()
    err = sys.stderr
    sys.stderr = io.StringIO()
    try:
        rc = run(data.decode("utf-8", "surrogateescape"), "<chunk>", opts, out)
    except Exception:  # a crash counts as a failure of the round trip
        rc = 1
    finally:
        sys.stderr = err
    return out.getvalue().encode("utf-8", "surrogateescape") if rc == 0 else None


def check_chunk(text: str):
    """(forward, backward): True/False per direction, None when a tool rejects the text.

    Where mlir-opt-19 does not reproduce its own text through its own bytecode (distinct
    attributes inside attributes written as text are parsed apart), the expected output of
    both directions is what it prints for its own bytecode."""
    data = text.encode("utf-8", "surrogateescape")
    mlir_text = oracle(data)
    py_text = pyopt(data)
    if py_text is None:
        return None, None
    if mlir_text is None:
        # only pyopt takes the text (e.g. seed-era syntax it upgrades): mlir-opt must read
        # pyopt's bytecode as pyopt prints it
        ours = pyopt(data, emit_bytecode=True)
        return ("pyopt-only", ours is not None and oracle(ours) == py_text), None
    theirs = oracle(data, "--emit-bytecode")
    mlir_again = oracle(theirs) if theirs is not None else None
    ours = pyopt(data, emit_bytecode=True)
    forward = ours is not None and oracle(ours) in (mlir_text, mlir_again)
    back = pyopt(theirs) if theirs is not None else None
    backward = back is not None and (back == py_text or (mlir_again != mlir_text and
                                                         back == mlir_again))
    return forward, backward


def run_all(files, jobs=2, verbose=False):
    work = [(f, i, c) for f in files for i, c in enumerate(chunks(f))]
    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda w: check_chunk(w[2]), work))
    stats = {"chunks": 0, "forward": 0, "backward": 0, "files": 0, "pyopt_only": 0,
             "pyopt_only_read": 0}
    failures = []
    seen = set()
    for (f, i, _), (fw, bw) in zip(work, results):
        if fw is None:
            continue
        if type(fw) is tuple:
            stats["pyopt_only"] += 1
            stats["pyopt_only_read"] += fw[1]
            if not fw[1] and verbose:  # (e.g. ops newer than 19 that pyopt has)
                print(f"{os.path.relpath(f, ROOT)}#{i}: only pyopt accepts it, and mlir-opt "
                      f"does not read its bytecode so")
            continue
        if f not in seen:
            seen.add(f)
            stats["files"] += 1
        stats["chunks"] += 1
        stats["forward"] += fw
        stats["backward"] += bw
        if not (fw and bw):
            failures.append((os.path.relpath(f, ROOT), i, fw, bw))
    if verbose:
        for f, i, fw, bw in failures:
            print(f"{f}#{i}: forward {'ok' if fw else 'FAIL'}, backward "
                  f"{'ok' if bw else 'FAIL'}")
    return stats, failures


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("-v", action="store_true")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if ORACLE is None:
        sys.exit("mlir-opt-19 is not installed")
    sys.setrecursionlimit(20000)
    st, fails = run_all(a.files or inputs(), a.j, a.v)
    print(f"{st['chunks']} chunks of {st['files']} files accepted by both tools; forward "
          f"(pyopt -> mlir-opt) "
          f"{st['forward']}, backward (mlir-opt -> pyopt) {st['backward']}; chunks only pyopt "
          f"accepts: {st['pyopt_only']}, read back by mlir-opt as pyopt prints them: "
          f"{st['pyopt_only_read']}")
    sys.exit(1 if fails else 0)
