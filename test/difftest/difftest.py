"""Differential tester: pytranslate against mlir-translate-19, the way csmith judges C compilers.

C programs (random ones from cgen.py, or real files given on the command line) are compiled by
clang-19 to .ll at several flag sets; each .ll is imported by both tools (MLIR text compared),
the reference import is exported by both tools (LLVM IR text compared), and pytranslate's own
round trip (import then export) is linked by clang-19 and run against the native build (stdout
and exit code compared). Random MLIR programs (mlirgen.py) are lowered by mlir-opt-19 to the
LLVM dialect, exported by both tools (text compared), and the reference .ll imported by both
(text compared). Failing inputs are kept under OUT/fail/ for triage.

  python test/difftest/difftest.py --c 200 --mlir 300 -j 4 --out /tmp/difftest
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import difflib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cgen  # noqa: E402
import known19  # noqa: E402
import mlirgen  # noqa: E402

LLVM_BIN = "/usr/lib/llvm-19/bin"
FLAG_SETS = {"O0": ["-O0"], "O2": ["-O2"], "O2g": ["-O2", "-g"],
             "O3v4": ["-O3", "-march=x86-64-v4"],
             # optional: debug info that mlir-translate-19 imports (clang's -O2 -g emits
             # llvm.dbg.assign, which 19 rejects)
             "O0g": ["-O0", "-g"],
             "O2gnoat": ["-O2", "-g", "-Xclang", "-fexperimental-assignment-tracking=disabled"]}
DEFAULT_FLAGS = "O0,O2,O2g,O3v4"


def tool(name):
    """Path of an LLVM 19 tool (clang-19 style name on PATH, else the llvm-19 bin dir)."""
    p = shutil.which(f"{name}-19")
    if p:
        return p
    p = os.path.join(LLVM_BIN, name)
    return p if os.path.exists(p) else None


def pytranslate_cmd():
    p = shutil.which("pytranslate")
    return [p] if p else [sys.executable, "-m", "pytranslate.cli"]


def missing_tools():
    return [t for t in ("clang", "mlir-translate", "mlir-opt") if tool(t) is None]


def cpu_has_avx512():
    try:
        with open("/proc/cpuinfo") as f:
            return " avx512f" in f.read()
    except OSError:
        return False


class Ctx:
    def __init__(self, args):
        self.clang = tool("clang")
        self.mt = tool("mlir-translate")
        self.mo = tool("mlir-opt")
        self.py = pytranslate_cmd()
        self.timeout = args.timeout
        self.run_timeout = args.run_timeout
        self.out = args.out
        self.keep = args.keep
        self.v4 = cpu_has_avx512()
        self.cflags = shlex.split(args.cflags)


def run(cmd, timeout, stdin=None, cwd=None, shell=False):
    """(rc, stdout, stderr); rc is 'timeout' on timeout."""
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=stdin, cwd=cwd,
                           shell=shell)
    except subprocess.TimeoutExpired:
        return "timeout", b"", b"timeout"
    return p.returncode, p.stdout, p.stderr


def read(path):
    with open(path, "rb") as f:
        return f.read()


# pytranslate's options beyond 19: they change nothing 19 imports, and make "extra" rows of
# what it rejects (computed goto in lua, oniguruma, ...)
PY_EXTRA_OPTS = {"-import-llvm": ["-import-computed-goto"]}


def translate(ctx, wd, a, opt, tag):
    """Run both tools on file a with option opt: (status, reason, reference output, ours)."""
    ref, ours = os.path.join(wd, f"ref.{tag}"), os.path.join(wd, f"py.{tag}")
    r1 = run([ctx.mt, opt, a, "-o", ref], ctx.timeout)
    r2 = run(ctx.py + [opt] + PY_EXTRA_OPTS.get(opt, []) + [a, "-o", ours], ctx.timeout)
    with open(os.path.join(wd, f"stderr.{tag}"), "wb") as f:
        f.write(b"== mlir-translate-19 ==\n" + r1[2] + b"\n== pytranslate ==\n" + r2[2])
    ok1, ok2 = r1[0] == 0, r2[0] == 0
    if not ok1:
        note = f"mlir-translate-19 {opt} fails: {first_error(r1[2])}" + (
            f" / pytranslate: {first_error(r2[2])}" if not ok2 else " / pytranslate: ok")
        return ("ref-err" if not ok2 else "extra"), note, None, (ours if ok2 else None)
    if not ok2:
        why = "timeout" if r2[0] == "timeout" else first_error(r2[2])
        return "py-err", f"py-err: {why}", ref, None
    t1, t2 = read(ref), read(ours)
    if tag == "mlir":
        t1, t2 = canon_dl_spec(t1), canon_dl_spec(t2)
    if t1 == t2:
        return "same", None, ref, ours
    d = list(difflib.unified_diff(t1.decode(errors="replace").splitlines(),
                                  t2.decode(errors="replace").splitlines(),
                                  "mlir-translate-19", "pytranslate", lineterm="", n=1))
    with open(os.path.join(wd, f"diff.{tag}"), "w") as f:
        f.write("\n".join(d) + "\n")
    if tag == "ll":
        bug = known19.classify_export_diff(t2, t1)
        if bug:  # (a note, not a failure: see known19.py)
            return "ref-bug", f"mlir-translate-19 is wrong: {bug}", ref, ours
    if tag == "ll" and _ref_varies(ctx, opt, a, t1):
        return "nondet", ("mlir-translate-19's own output changes from run to run here "
                          "(pointer-hash order, e.g. of the blocks it adds for repeated "
                          "switch successors)"), ref, ours
    return "DIFF", f"diff: {first_diff(d)}", ref, ours


def _ref_varies(ctx, opt, a, first, runs=6):
    """Whether mlir-translate-19 gives other text than `first` on re-runs."""
    for _ in range(runs):
        r = run([ctx.mt, opt, a], ctx.timeout)
        if r[0] == 0 and r[1] != first:
            return True
    return False


def canon_dl_spec(text):
    """mlir-translate-19 prints the dl_spec entries in hash-map order, which changes from run
    to run: compare them sorted."""
    key = b"#dlti.dl_spec<"
    i = text.find(key)
    if i < 0:
        return text
    j, depth, entries, start = i + len(key), 1, [], i + len(key)
    while j < len(text) and depth:
        c = text[j:j + 1]
        if c == b"<":
            depth += 1
        elif c == b">" and text[j - 1:j] != b"-":
            depth -= 1
        if depth == 1 and c == b"," or depth == 0:
            entries.append(text[start:j].strip())
            start = j + 1
        j += 1
    return text[:i + len(key)] + b", ".join(sorted(entries)) + text[j - 1:]


def first_error(err):
    for line in err.decode(errors="replace").splitlines():
        if "error" in line or "Error" in line:
            return normalize(line.split("error:", 1)[-1])
    lines = err.decode(errors="replace").strip().splitlines()
    return normalize(lines[-1]) if lines else "(no message)"


def first_diff(d):
    minus = next((x[1:] for x in d[2:] if x.startswith("-")), "")
    plus = next((x[1:] for x in d[2:] if x.startswith("+")), "")
    return f"{normalize(minus)[:110]} | {normalize(plus)[:110]}"


_NORM = [(re.compile(r"^\S+:\d+:\d+:\s*"), ""), (re.compile(r"%[\w.]+"), "%_"),
         (re.compile(r"@[\w.$]+"), "@_"), (re.compile(r"#\w+\d+"), "#_"),
         (re.compile(r"!\d+"), "!_"), (re.compile(r"\b\d+\b"), "N"), (re.compile(r"\s+"), " ")]


def normalize(s):
    """Strip names and numbers so that lines from different programs group together."""
    for rx, rep in _NORM:
        s = rx.sub(rep, s)
    return s.strip()


def c_job(ctx, name, src, fkey, runnable=True):
    """One C program at one flag set: returns a result row."""
    flags = FLAG_SETS[fkey] + ctx.cflags
    wd = os.path.join(ctx.out, "work", f"{name}-{fkey}")
    shutil.rmtree(wd, ignore_errors=True)
    os.makedirs(wd)
    row = {"program": name, "flags": fkey, "import": "-", "export": "-", "run": "-",
           "reasons": [], "notes": [], "src": src, "runnable": runnable}
    ll = os.path.join(wd, "in.ll")
    rc, _, err = run([ctx.clang] + flags + ["-w", "-S", "-emit-llvm", src, "-o", ll],
                     ctx.timeout)
    if rc != 0:
        row["import"] = "cc-err"
        row["reasons"].append("clang: " + first_error(err))
        return finish(ctx, row, wd, src)
    st, why, ref_mlir, py_mlir = translate(ctx, wd, ll, "-import-llvm", "mlir")
    row["import"] = st
    note(row, "import", why)
    src_mlir = ref_mlir or py_mlir
    if not src_mlir:
        return finish(ctx, row, wd, src)
    # Export compared on the reference import, so that import differences do not leak in.
    st, why, _, py_ll = translate(ctx, wd, src_mlir, "--mlir-to-llvmir", "ll")
    row["export"] = st
    note(row, "export", why)
    rt = py_ll if st != "extra" and py_mlir and row["import"] == "same" else None
    if py_mlir and rt is None and st != "extra" and row["import"] != "same":
        rt = os.path.join(wd, "rt.ll")   # pytranslate's own round trip: its import, exported
        r = run(ctx.py + ["--mlir-to-llvmir", py_mlir, "-o", rt], ctx.timeout)
        if r[0] != 0:
            rt = None
            row["reasons"].append("export-of-own-import py-err: " + first_error(r[2]))
    if st == "extra":
        rt = py_ll
    if runnable and ctx.run_programs and rt and (fkey != "O3v4" or ctx.v4):
        row["run"] = run_compare(ctx, wd, src, rt, flags, row)
    if ctx.link and rt:   # kept for linking the whole project after all files are done
        d = os.path.join(ctx.out, "link", fkey)
        os.makedirs(d, exist_ok=True)
        shutil.copy(rt, os.path.join(d, f"{name}.ll"))
    return finish(ctx, row, wd, src)


def link_and_run(ctx, files, fkey):
    """--link: the project's files, each through pytranslate's round trip, linked into one
    program and run against the native build of the same files."""
    d = os.path.join(ctx.out, "link", fkey)
    lls = [os.path.join(d, os.path.splitext(os.path.basename(f))[0] + ".ll") for f in files]
    missing = [x for x in lls if not os.path.exists(x)]
    if missing:
        names = " ".join(os.path.basename(x)[:-3] for x in missing)
        return f"missing: {names} did not round-trip"
    flags = FLAG_SETS[fkey] + ctx.cflags
    native, ours = os.path.join(d, "native.exe"), os.path.join(d, "ours.exe")
    r = run([ctx.clang] + flags + ["-w"] + files + ["-o", native] + ctx.libs, ctx.timeout)
    if r[0] != 0:
        return "native build failed: " + first_error(r[2])
    r = run([ctx.clang] + flags + ["-w"] + lls + ["-o", ours] + ctx.libs, ctx.timeout)
    if r[0] != 0:
        return "link-err: " + first_error(r[2])
    exes = [native, ours]
    if ctx.via_llc:  # the same .ll files through LLVM's own optimizer and code generator
        objs = []
        for ll in lls:
            obj = ll[:-3] + ".llc.o"
            r = run(f"{shlex.quote(tool('opt'))} -O2 {shlex.quote(ll)} | "
                    f"{shlex.quote(tool('llc'))} -O2 -filetype=obj -relocation-model=pic "
                    f"-o {shlex.quote(obj)}", ctx.timeout, shell=True)
            if r[0] != 0:
                return "opt -O2 | llc failed: " + first_error(r[2])
            objs.append(obj)
        via = os.path.join(d, "ours-llc.exe")
        r = run([ctx.clang] + flags + ["-w"] + objs + ["-o", via] + ctx.libs, ctx.timeout)
        if r[0] != 0:
            return "link-err (opt | llc objects): " + first_error(r[2])
        exes.append(via)
    res = []
    for exe in exes:
        stdin = open(ctx.stdin, "rb") if ctx.stdin else subprocess.DEVNULL
        res.append(run([exe] + ctx.run_args, ctx.run_timeout * 10, stdin=stdin, cwd=d)[:2])
    if all(x == res[0] for x in res):
        via = ", also through opt -O2 | llc" if ctx.via_llc else ""
        return f"same (exit {res[0][0]}, {len(res[0][1])} bytes of output{via})"
    return "DIFF (native exit %s, ours exit %s)" % (res[0][0], ", ".join(str(x[0])
                                                                       for x in res[1:]))


def note(row, what, why):
    """Failure reasons go to 'reasons'; where the oracle itself fails, to 'notes'."""
    if why:
        row["notes" if why.startswith("mlir-translate-19") else "reasons"].append(
            f"{what} {why}")


def run_compare(ctx, wd, src, ll, flags, row):
    native, rt = os.path.join(wd, "native.exe"), os.path.join(wd, "rt.exe")
    rc, _, err = run([ctx.clang] + flags + ["-w", src, "-o", native], ctx.timeout)
    if rc != 0:
        return "-"
    rc, _, err = run([ctx.clang] + flags + ["-w", ll, "-o", rt], ctx.timeout)
    if rc != 0:
        row["reasons"].append("link: " + first_error(err))
        return "link-err"
    a = run([native], ctx.run_timeout)
    b = run([rt], ctx.run_timeout)
    row["native"] = [str(a[0]), a[1].decode(errors="replace")]
    if a[:2] == b[:2]:
        return "same"
    with open(os.path.join(wd, "run.txt"), "w") as f:
        f.write(f"native rc={a[0]}\n{a[1].decode(errors='replace')}\n"
                f"re-exported rc={b[0]}\n{b[1].decode(errors='replace')}\n")
    row["reasons"].append("run: output/exit code differ")
    return "DIFF"


def mlir_job(ctx, name, seed):
    wd = os.path.join(ctx.out, "work", name)
    shutil.rmtree(wd, ignore_errors=True)
    os.makedirs(wd)
    src = os.path.join(wd, "prog.mlir")
    with open(src, "w") as f:
        f.write(mlirgen.program(seed))
    row = {"program": name, "flags": "lowered", "import": "-", "export": "-", "run": "-",
           "reasons": [], "notes": [], "src": src}
    low = os.path.join(wd, "lowered.mlir")
    rc, _, err = run([ctx.mo, src] + mlirgen.PIPELINE + ["-o", low], ctx.timeout)
    if rc != 0:
        row["export"] = "gen-err"
        row["reasons"].append("mlir-opt-19: " + first_error(err))
        return finish(ctx, row, wd, src)
    st, why, ref_ll, _ = translate(ctx, wd, low, "--mlir-to-llvmir", "ll")
    row["export"] = st
    note(row, "export", why)
    if ref_ll:
        st, why, _, _ = translate(ctx, wd, ref_ll, "-import-llvm", "mlir")
        row["import"] = st
        note(row, "import", why)
    return finish(ctx, row, wd, src)


GOOD = {"same", "-", "ref-err", "extra", "cc-err", "gen-err", "nondet",  # not ours to fix
        "ref-bug"}


def finish(ctx, row, wd, src):
    bad = any(row[k] not in GOOD for k in ("import", "export", "run"))
    row["ok"] = not bad
    if bad:
        dst = os.path.join(ctx.out, "fail", os.path.basename(wd))
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(wd, dst)
        if not os.path.exists(os.path.join(dst, os.path.basename(src))):
            shutil.copy(src, dst)
        row["dir"] = dst
    if not ctx.keep:
        shutil.rmtree(wd, ignore_errors=True)
    return row


def gather_c_files(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".c")]
        else:
            out.append(p)
    return out


def main(argv=None, rows=None):
    """Run the tester; the result rows are appended to `rows` when given."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--c", type=int, default=20, help="number of random C programs")
    ap.add_argument("--c-seed", type=int, default=0, help="first seed of the C programs")
    ap.add_argument("--mlir", type=int, default=20, help="number of random MLIR programs")
    ap.add_argument("--mlir-seed", type=int, default=0, help="first seed of the MLIR programs")
    ap.add_argument("--flags", default=DEFAULT_FLAGS,
                    help=f"comma-separated flag sets out of {','.join(FLAG_SETS)}")
    ap.add_argument("--files", nargs="*", default=[],
                    help="real C files or directories (translated per file, not run)")
    ap.add_argument("--cflags", default="",
                    help="extra clang flags, one string (e.g. --cflags='-Idir -DX=1')")
    ap.add_argument("--link", action="store_true",
                    help="the --files form one program: link their round trips and run it "
                         "against the native build")
    ap.add_argument("--run-args", default="", help="--link: program arguments (one string)")
    ap.add_argument("--stdin", help="--link: file fed to the program's standard input")
    ap.add_argument("--libs", default="", help="--link: extra link flags, e.g. --libs=-lm")
    ap.add_argument("--via-llc", action="store_true",
                    help="--link: also build the round-tripped files with opt -O2 | llc and "
                         "run that program too")
    ap.add_argument("--no-run", action="store_true", help="skip link-and-run comparisons")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2, help="parallel jobs")
    ap.add_argument("--out", default="/tmp/difftest", help="output directory")
    ap.add_argument("--timeout", type=float, default=600, help="per tool invocation, seconds")
    ap.add_argument("--run-timeout", type=float, default=20, help="per program run, seconds")
    ap.add_argument("--keep", action="store_true", help="keep work dirs of passing programs")
    ap.add_argument("-q", action="store_true", help="print only failing rows and the summary")
    ap.add_argument("--rerun", metavar="OUT",
                    help="run again only the failing rows of an earlier run in OUT (triage "
                         "after a fix); --c/--mlir/--files are ignored")
    ap.add_argument("--report", metavar="OUT",
                    help="only print the summary of the rows an earlier run left in OUT")
    args = ap.parse_args(argv)
    if args.report:
        return report_only(args.report)
    if args.rerun and os.path.abspath(args.rerun) == os.path.abspath(args.out):
        ap.error("--rerun needs an --out directory of its own")
    miss = missing_tools()
    if miss:
        print(f"difftest: oracle tools missing ({', '.join(miss)}); nothing to do")
        return 0
    ctx = Ctx(args)
    ctx.run_programs = not args.no_run
    ctx.link, ctx.stdin, ctx.libs = args.link, args.stdin, shlex.split(args.libs)
    ctx.via_llc = args.via_llc
    ctx.run_args = shlex.split(args.run_args)
    os.makedirs(os.path.join(ctx.out, "src"), exist_ok=True)
    fkeys = [f for f in args.flags.split(",") if f]
    jobs = []
    if args.rerun:
        jobs = rerun_jobs(args.rerun)
        args.c = args.mlir = 0
        args.files = []
    for seed in range(args.c_seed, args.c_seed + args.c):
        src = os.path.join(ctx.out, "src", f"rand{seed}.c")
        with open(src, "w") as f:
            f.write(cgen.program(seed))
        jobs += [(c_job, (f"c{seed}", src, k)) for k in fkeys]
    for path in gather_c_files(args.files):
        # single files of real projects do not link on their own: text comparisons only
        name = os.path.splitext(os.path.basename(path))[0]
        jobs += [(c_job, (name, os.path.abspath(path), k, False)) for k in fkeys]
    jobs += [(mlir_job, (f"mlir{s}", s)) for s in range(args.mlir_seed,
                                                          args.mlir_seed + args.mlir)]
    t0 = time.time()
    rows = [] if rows is None else rows
    log = open(os.path.join(ctx.out, "rows.jsonl"), "w")
    hdr = f"{'program':<14} {'flags':<8} {'import':<8} {'export':<8} {'run':<8} note"
    print(hdr)
    with cf.ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        futs = [ex.submit(fn, ctx, *a) for fn, a in jobs]
        for fut in cf.as_completed(futs):
            row = fut.result()
            rows.append(row)
            log.write(json.dumps(row) + "\n")
            log.flush()
            if args.q and len(rows) % 25 == 0:
                print(f"[{len(rows)}/{len(jobs)} rows, {time.time() - t0:.0f} s]", flush=True)
            if not args.q or not row["ok"]:
                note = row["reasons"][0][:90] if row["reasons"] else ""
                print(f"{row['program']:<14} {row['flags']:<8} {row['import']:<8} "
                      f"{row['export']:<8} {row['run']:<8} {note}", flush=True)
    log.close()
    code = report(ctx.out, rows, time.time() - t0)
    if ctx.link:
        files = [os.path.abspath(f) for f in gather_c_files(args.files)]
        for k in fkeys:
            if k == "O3v4" and not ctx.v4:
                continue
            res = link_and_run(ctx, files, k)
            print(f"linked program at {k}: {res}")
            code = code or not res.startswith("same")
    return code


def load_rows(out):
    """The rows of an earlier run: rows.jsonl (written as rows finish), else summary.json."""
    path = os.path.join(out, "rows.jsonl")
    if not os.path.exists(path):
        with open(os.path.join(out, "summary.json")) as f:
            return json.load(f)["rows"]
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def rerun_jobs(out):
    rows = load_rows(out)
    jobs = []
    for r in rows:
        if r["ok"]:
            continue
        if r["flags"] == "lowered":
            jobs.append((mlir_job, (r["program"], int(r["program"][4:]))))
        else:
            jobs.append((c_job, (r["program"], r["src"], r["flags"], r.get("runnable", True))))
    return jobs


def report_only(out):
    """Summary of an interrupted or finished run, from its rows.jsonl."""
    return report(out, load_rows(out), 0)


def report(out, rows, secs):
    rows.sort(key=lambda r: (r["program"], r["flags"]))
    with open(os.path.join(out, "table.txt"), "w") as f:
        f.write(f"{'program':<14} {'flags':<8} {'import':<8} {'export':<8} {'run':<8}\n")
        for r in rows:
            f.write(f"{r['program']:<14} {r['flags']:<8} {r['import']:<8} {r['export']:<8} "
                    f"{r['run']:<8}\n")
    print(f"\n== summary ({len(rows)} rows, {secs:.0f} s) ==")
    for col in ("import", "export", "run"):
        counts = {}
        for r in rows:
            counts[r[col]] = counts.get(r[col], 0) + 1
        print(f"{col:<7} " + "  ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    # The generator must be free of undefined behaviour: native builds agree across flags.
    natives = {}
    for r in rows:
        if "native" in r:
            natives.setdefault(r["program"], set()).add(tuple(r["native"]))
    unstable = sorted(p for p, s in natives.items() if len(s) > 1)
    if unstable:
        print(f"WARNING native output differs across flag sets: {' '.join(unstable)}")
    cats = {}
    for r in rows:
        for why in r["reasons"]:
            cats.setdefault(why, []).append(r)
    if cats:
        print("\n== failure categories (count, example) ==")
        for why, rs in sorted(cats.items(), key=lambda kv: -len(kv[1])):
            ex = rs[0].get("dir", rs[0]["program"])
            print(f"{len(rs):>5}  {why[:150]}\n       e.g. {ex}")
    notes = {}
    for r in rows:
        for why in r.get("notes", []):
            notes.setdefault(why, []).append(r)
    if notes:
        print("\n== where mlir-translate-19 itself fails (not counted as failures) ==")
        for why, rs in sorted(notes.items(), key=lambda kv: -len(kv[1])):
            print(f"{len(rs):>5}  {why[:170]}\n       e.g. {rs[0]['program']} {rs[0]['flags']}")
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump({"rows": rows, "seconds": secs, "unstable_native": unstable}, f, indent=1)
    nfail = sum(not r["ok"] for r in rows)
    print(f"\n{len(rows) - nfail} of {len(rows)} rows clean; failing inputs in "
          f"{os.path.join(out, 'fail')}")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
