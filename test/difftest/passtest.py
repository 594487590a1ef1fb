"""Differential tester of pyopt's passes against mlir-opt-19.

For each random program of passgen.py and each mode (a pass, or the whole lowering road):
  1. reference: mlir-opt-19 lowers the program to the LLVM dialect, mlir-translate-19 makes
     LLVM IR, lli-19 runs it (with a helper module that provides print_i64): its output is what
     every variant must print;
  2. pyopt runs the mode's pass on the program, mlir-opt-19 runs the same pass;
  3. equal texts are `same-ir`; otherwise pyopt's result is verified and lowered the rest of the
     way by mlir-opt-19 (the same tool for both), translated and run: `same-run` when it prints
     what the reference prints, else `DIFF` (then 19's own result is run too: when it differs
     from the reference as well, the row is `both-diff`, pointing at the generator or 19).
Failures of pyopt are `py-err` (it refused or crashed) and `py-invalid` (mlir-opt-19 rejects
its output); in mode `road` pyopt's lowering is exported by pytranslate instead and run, and
a difference mlir-translate-19 is known to get wrong (test/difftest/known19.py) is `ref-bug`;
`both-reject` is an input both tools refuse with a diagnostic (remove-dead-values
refuses branches and globals, as 19 does). The `19-crashed` column counts rows where mlir-opt-19
crashed on the pass (a 19 bug; pyopt's result is still run and compared); `via-generic` rows
where mlir-opt-19 could not parse the custom form that it prints itself (it rejects `%0#1`
among cf.switch case operands), so pyopt's result was handed to it in generic form. Failing rows keep their files under OUT/fail/MODE-SEED/. The exit status is 1
when any row is DIFF, py-err or py-invalid.

pyopt runs in-process in worker processes (no start-up per run); the oracle tools are looked up
as NAME-19 on PATH, else in /usr/lib/llvm-19/bin. Without them the tester prints a note and
exits 0.

    python test/difftest/passtest.py --programs 100 -j 2 --out /tmp/passtest
    python test/difftest/passtest.py --programs 1000 --modes canonicalize,sccp --features vector
    python test/difftest/passtest.py --seed 17 --programs 1 --modes inline --keep --out /tmp/r17
    python test/difftest/passtest.py --features linalg --programs 100 --seed 30000 \
        --modes linalg-loops,linalg-affine-loops,linalg-parallel-loops,linalg-generalize,road

Modes lift-cf-to-scf and lift-cf-to-scf-canon lower the program's scf to cf (and canonicalize)
before -lift-cf-to-scf, with the same tool.

The linalg modes (convert-linalg-to-{loops,affine-loops,parallel-loops},
linalg-generalize-named-ops, and tile-vectorize: the schedule Inputs/tile_vectorize.mlir run by
-transform-interpreter tiles every linalg op, vectorizes the static ones and lowers the vector
ops to what convert-vector-to-llvm takes) run by default only with the generator's `linalg` feature; the
reference lowering starts with convert-linalg-to-loops, so every mode lowers linalg programs.
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import io
import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import passgen  # noqa: E402
from known19 import classify_export_diff  # noqa: E402

LOWER = ["--convert-linalg-to-loops", "--lower-affine", "--convert-vector-to-llvm", "--convert-scf-to-cf",
         "--expand-strided-metadata", "--lower-affine", "--arith-expand",
         "--finalize-memref-to-llvm",
         "--convert-math-to-llvm", "--convert-arith-to-llvm", "--convert-index-to-llvm",
         "--convert-func-to-llvm", "--convert-cf-to-llvm", "--convert-ub-to-llvm",
         "--reconcile-unrealized-casts"]  # (ub: the poison values lift-cf-to-scf makes)

# mode -> pyopt/mlir-opt arguments ("road": pyopt lowers, pytranslate exports)
MODES = {"lower": LOWER, "road": LOWER}
for _p in ("canonicalize", "cse", "sccp", "inline", "symbol-dce", "loop-invariant-code-motion",
           "control-flow-sink", "mem2reg", "sroa", "remove-dead-values",
           "int-range-optimizations", "lower-affine", "convert-scf-to-cf"):
    MODES[_p] = ["--" + _p]
# lift-cf-to-scf needs a CFG: the program's scf is lowered first (by the same tool), also
# after canonicalization, which merges and folds blocks into other CFG shapes
MODES["lift-cf-to-scf"] = ["--convert-scf-to-cf", "--lift-cf-to-scf"]
MODES["lift-cf-to-scf-canon"] = ["--convert-scf-to-cf", "--canonicalize", "--lift-cf-to-scf"]
# the linalg passes (run by default only with the linalg feature: elsewhere they change nothing)
LINALG_MODES = {"linalg-loops": ["--convert-linalg-to-loops"],
                "linalg-affine-loops": ["--convert-linalg-to-affine-loops"],
                "linalg-parallel-loops": ["--convert-linalg-to-parallel-loops"],
                "linalg-generalize": ["--linalg-generalize-named-ops"],
                # tile and vectorize with the transform dialect (schedule in Inputs/)
                "tile-vectorize": [
                    "--transform-preload-library=transform-library-paths="
                    + os.path.join(HERE, "Inputs", "tile_vectorize.mlir"),
                    "--transform-interpreter", "--test-transform-dialect-erase-schedule"]}
DEFAULT_MODES = list(MODES)
MODES.update(LINALG_MODES)

HELPER_LL = """@fmt = private constant [5 x i8] c"%ld\\0A\\00"
declare i32 @printf(ptr, ...)
define void @print_i64(i64 %x) {
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %x)
  ret void
}
"""
BAD = ("DIFF", "py-err", "py-invalid")


def tool(name):
    path = shutil.which(name + "-19")
    if path:
        return path
    path = os.path.join("/usr/lib/llvm-19/bin", name)
    return path if os.path.exists(path) else None


class Oracle:
    def __init__(self):
        self.opt, self.translate, self.lli = tool("mlir-opt"), tool("mlir-translate"), tool("lli")

    def ok(self):
        return all((self.opt, self.translate, self.lli))


def run(cmd, stdin=None, timeout=20):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"


PY_TIMEOUT = 120  # seconds for one pyopt/pytranslate run (a hang is a py-err row)


class _Timeout(BaseException):  # (not an Exception: the tools' own handlers must not eat it)
    pass


def _timed_out(signum, frame):
    raise _Timeout()


def pyopt_inprocess(text, args, workdir, tool="pyopt"):
    """pyopt (or pytranslate) on `text` with `args`, in this process: (rc, output, stderr)."""
    if tool == "pyopt":
        from pyopt.cli import main
    else:
        from pytranslate.cli import main
    src = os.path.join(workdir, "in.mlir")
    out = os.path.join(workdir, "py.out")
    with open(src, "w") as f:
        f.write(text)
    if os.path.exists(out):
        os.unlink(out)
    err = io.StringIO()
    rc = 0
    old = signal.signal(signal.SIGALRM, _timed_out)
    signal.alarm(PY_TIMEOUT)
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            main([src] + args + ["-o", out])
        except SystemExit as e:
            rc = e.code or 0
        except _Timeout:
            rc = 1
            err.write(f"{tool}: timeout: no result after {PY_TIMEOUT} s\n")
        except Exception as e:  # run_command catches these; belt and braces
            rc = 1
            err.write(f"internal error: {type(e).__name__}: {e}\n")
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
    output = ""
    if rc == 0 and os.path.exists(out):
        with open(out) as f:
            output = f.read()
    return rc, output, err.getvalue()


class Runner:
    def __init__(self, oracle, workdir):
        self.o = oracle
        self.dir = workdir
        self.helper = os.path.join(workdir, "helper.ll")
        with open(self.helper, "w") as f:
            f.write(HELPER_LL)

    def execute(self, llvm_dialect):
        """(ok, stdout or error text) of an LLVM-dialect module."""
        rc, ll, err = run([self.o.translate, "--mlir-to-llvmir"], llvm_dialect)
        if rc != 0:
            return False, "translate: " + err
        return self.run_ll(ll)

    def run_ll(self, ll):
        path = os.path.join(self.dir, "run.ll")
        with open(path, "w") as f:
            f.write(ll)
        rc, out, err = run([self.o.lli, "-extra-module=" + self.helper, path], timeout=30)
        if rc != 0:
            return False, f"lli rc={rc}: {err[:2000]}"
        return True, out

    def lower_and_run(self, text, rest):
        rc, low, err = run([self.o.opt] + rest, text)
        if rc != 0:
            return None, err
        return self.execute(low)


def check_program(job):
    """All modes of one program: a list of row dicts."""
    seed, features, modes, out_dir, keep = job
    oracle = Oracle()
    text = passgen.program(seed, features)
    rows = []
    with tempfile.TemporaryDirectory(prefix="passtest-") as wd:
        runner = Runner(oracle, wd)
        ok, ref = runner.lower_and_run(text, LOWER)
        if not ok:
            rows.append(dict(seed=seed, mode="*", cell="gen-err", why=str(ref)[:300]))
            _save(out_dir, "gen", seed, {"in.mlir": text, "why.txt": str(ref)})
            return rows
        for mode in modes:
            args = MODES[mode]
            t0 = time.perf_counter()
            rc, ours, err = pyopt_inprocess(text, args, wd)
            dt = time.perf_counter() - t0
            row = dict(seed=seed, mode=mode, cell="", why="", py_s=round(dt, 3))
            rows.append(row)
            rrc, theirs, rerr = run([oracle.opt] + args, text)
            row["ref_crash"] = _crashed(rrc, rerr)
            if rc != 0:
                row["cell"], row["why"] = ("py-err", _first_error(err))
                if rrc == 1 and not row["ref_crash"] and "internal error" not in err:
                    row["cell"] = "both-reject"  # a diagnostic both tools give
            elif rrc == 0 and ours == theirs:
                row["cell"] = "same-ir"
            else:
                rest = [] if mode == "lower" else LOWER
                ok, got = runner.lower_and_run(ours, rest)
                if ok is None and rrc == 0 and _same_parse_error(oracle, theirs, got):
                    # 19 cannot read back its own printed form either (e.g. `%0#1` among a
                    # cf.switch's case operands): hand it our generic form instead
                    row["via_generic"] = _first_error(got)
                    grc, generic, _ = pyopt_inprocess(ours, ["--mlir-print-op-generic"], wd)
                    ok, got = runner.lower_and_run(generic, rest)
                if ok is None:
                    row["cell"], row["why"] = "py-invalid", _first_error(got)
                elif not ok:
                    row["cell"], row["why"] = "DIFF", "run failed: " + got[:300]
                elif got == ref:
                    row["cell"] = "same-run"
                else:
                    row["cell"], row["why"] = "DIFF", _first_diff(ref, got)
                    if rrc == 0:
                        ok19, got19 = runner.lower_and_run(theirs, rest)
                        if ok19 and got19 != ref:
                            row["cell"] = "both-diff"
            if mode == "road" and rc == 0:
                _road(runner, wd, ours, ref, row)
            if row["cell"] in BAD or row["cell"] == "both-diff" or keep:
                _save(out_dir, mode, seed, {"in.mlir": text, "py.mlir": ours, "py.err": err,
                                            "ref.mlir": theirs, "ref.err": rerr,
                                            "args.txt": " ".join(args) + "\n",
                                            "why.txt": row["why"] + "\n"})
    return rows


def _road(runner, wd, lowered, ref, row):
    """The rest of the road for pyopt's lowering: pytranslate exports, lli runs; the row is
    `DIFF` unless that prints the reference, or the only export difference from
    mlir-translate-19 is one where 19 is known to be wrong (`ref-bug`)."""
    rc, ll, err = pyopt_inprocess(lowered, ["--mlir-to-llvmir"], wd, tool="pytranslate")
    if rc != 0:
        row["cell"], row["why"] = "py-err", "pytranslate: " + _first_error(err)
        return
    ok, got = runner.run_ll(ll)
    if ok and got == ref:
        return
    rc19, ll19, _ = run([runner.o.translate, "--mlir-to-llvmir"], lowered)
    known = classify_export_diff(ll, ll19) if rc19 == 0 else None
    if known:
        row["cell"], row["why"] = "ref-bug", known
    else:
        row["cell"], row["why"] = "DIFF", "pytranslate export: " + (
            _first_diff(ref, got) if ok else got[:300])


def _same_parse_error(oracle, theirs, err):
    """mlir-opt-19 rejects its own output `theirs` with the message it gave for ours."""
    rc, _, err19 = run([oracle.opt], theirs)
    strip = lambda e: _first_error(e).split("error:", 1)[-1].strip()  # noqa: E731
    return rc != 0 and strip(err19) == strip(err)


def _crashed(rc, err):
    return rc not in (0, 1) or "PLEASE submit a bug report" in err


def _first_error(err):
    for line in err.splitlines():
        if "error" in line:
            return line.strip()[:300]
    return err.strip()[:300]


def _first_diff(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: expected {x}, got {y}"
    return f"{len(la)} lines expected, {len(lb)} printed"


def _save(out_dir, mode, seed, files):
    d = os.path.join(out_dir, "fail", f"{mode}-{seed}")
    os.makedirs(d, exist_ok=True)
    for name, content in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(content or "")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--programs", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--modes", default=None,
                    help="comma-separated: " + ", ".join(MODES) + " (default: all; the linalg "
                    "ones only with the linalg feature)")
    ap.add_argument("--features", default="vector,affine",
                    help="generator features: " + ", ".join(passgen.FEATURES) + " (or none)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "passtest"))
    ap.add_argument("--keep", action="store_true", help="keep every row's files")
    ap.add_argument("-q", action="store_true", help="no per-row progress")
    a = ap.parse_args(argv)
    if not Oracle().ok():
        print("passtest: mlir-opt-19, mlir-translate-19 or lli-19 not found; nothing to do")
        return 0
    features = tuple(f for f in a.features.split(",") if f and f != "none")
    unknown = [f for f in features if f not in passgen.FEATURES]
    if unknown:
        ap.error("unknown feature(s): " + ", ".join(unknown))
    if a.modes is None:
        modes = DEFAULT_MODES + (list(LINALG_MODES) if "linalg" in features else [])
    else:
        modes = [m for m in a.modes.split(",") if m]
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        ap.error("unknown mode(s): " + ", ".join(unknown))
    os.makedirs(a.out, exist_ok=True)
    jobs = [(s, features, modes, a.out, a.keep) for s in range(a.seed, a.seed + a.programs)]
    counts = collections.defaultdict(collections.Counter)
    reasons = collections.defaultdict(list)
    crashes = collections.Counter()  # rows where mlir-opt-19 itself crashed on the pass
    generic = collections.Counter()  # rows 19 could only read in generic form (a 19 bug)
    rows_all = []
    t0 = time.time()
    with multiprocessing.get_context("fork").Pool(a.j, maxtasksperchild=25) as pool:
        for rows in pool.imap_unordered(check_program, jobs):
            for row in rows:
                rows_all.append(row)
                counts[row["mode"]][row["cell"]] += 1
                crashes[row["mode"]] += bool(row.get("ref_crash"))
                generic[row["mode"]] += bool(row.get("via_generic"))
                if row["cell"] in BAD + ("both-diff", "gen-err"):
                    reasons[row["cell"]].append(row)
                    if not a.q:
                        print(f"{row['cell']:10} {row['mode']:28} seed {row['seed']}: "
                              f"{row['why']}", flush=True)
    cells = ["same-ir", "same-run", "DIFF", "both-diff", "py-err", "py-invalid", "both-reject",
             "ref-bug", "gen-err"]
    lines = [f"{'mode':28} " + " ".join(f"{c:>11}" for c in cells + ["19-crashed",
                                                                       "via-generic"])]
    for mode in list(MODES) + ["*"]:
        if mode in counts:
            lines.append(f"{mode:28} " + " ".join(f"{counts[mode][c]:>11}" for c in cells) +
                         f" {crashes[mode]:>11} {generic[mode]:>11}")
    table = "\n".join(lines)
    bad = sum(counts[m][c] for m in counts for c in BAD)
    summary = (f"{a.programs} programs (seeds {a.seed}..{a.seed + a.programs - 1}, features "
               f"{','.join(features) or 'none'}), {len(modes)} modes, {time.time() - t0:.0f} s; "
               f"{bad} failing rows")
    with open(os.path.join(a.out, "table.txt"), "w") as f:
        f.write(table + "\n" + summary + "\n")
    with open(os.path.join(a.out, "summary.json"), "w") as f:
        json.dump(rows_all, f, indent=0)
    print(table)
    print(summary)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
