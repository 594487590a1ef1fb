"""Parse / verify / print benchmark of pyopt against mlir-opt 19 (and xdsl-opt when installed).

    python bench/bench_parse_print.py --ops 100000
    python bench/bench_parse_print.py --ops 10000,100000 --repeat 3
    python bench/bench_parse_print.py --ops 100000 --profile /tmp/prof   # cProfile per phase

For each size a module is generated (bench/gen_module.py, seeded) and measured, every
measurement in a fresh process whose peak RSS is read from its own rusage (os.wait4):
  - pyopt in-process: parse (SourceBuffer + parse_module), verify, print (Printer.print_top)
    timed separately through the Python API, with ops/s per phase;
  - the whole `pyopt FILE -o /dev/null` command line (start-up included);
  - `mlir-opt-19 FILE -o /dev/null` (its own Parser/Verifier/Output split via --mlir-timing)
    and `xdsl-opt FILE` - each skipped when the tool is absent.
Ratios pyopt/mlir-opt are shown against the targets (issue 25: CLI within 4.5x, peak RSS
within 1.5x), and start-up (`pyopt` on a one-op file, median of --startup-runs) against 0.10 s.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

WALL_TARGET = 4.5
RSS_TARGET = 1.5
STARTUP_TARGET = 0.10
ONE_OP = "func.func private @f()\n"  # one op (plus the implicit module)


# ----------------------------------------------------------------------------- child side
def child_phases(path, profile_dir=None):
    """Runs in a fresh process: times parse, verify and print of `path`; prints JSON."""
    import resource

    def peak_kib():
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    t0 = time.perf_counter()
    from pyopt.dialects import make_context
    from pyopt.ir.location import SourceBuffer
    from pyopt.ir.verifier import verify
    from pyopt.syntax.printer import Printer, PrintFlags
    from pyopt.tool import parse_module
    ctx = make_context()
    t_import = time.perf_counter() - t0
    with open(path) as f:
        text = f.read()
    out = {"import": t_import, "rss_start": peak_kib()}
    prof = None
    if profile_dir:
        import cProfile
        os.makedirs(profile_dir, exist_ok=True)
        prof = cProfile.Profile()

    def timed(name, fn):
        if prof is not None:
            prof.enable()
        t, c = time.perf_counter(), time.process_time()
        res = fn()
        out[name + "_cpu"] = time.process_time() - c
        dt = time.perf_counter() - t
        if prof is not None:
            prof.disable()
            prof.dump_stats(os.path.join(profile_dir, name + ".prof"))
            prof.clear()
        return res, dt

    (module, _), out["parse"] = timed("parse", lambda: parse_module(SourceBuffer(path, text),
                                                                     ctx))
    out["rss_parse"] = peak_kib()
    # As pyopt.tool.process_chunk does: the parsed IR is kept off the cycle collector's passes.
    import gc
    gc.freeze()
    _, out["verify"] = timed("verify", lambda: verify(module, ctx))
    out["rss_verify"] = peak_kib()
    printed, out["print"] = timed("print", lambda: Printer(PrintFlags(), ctx).print_top(module))
    out["rss_print"] = peak_kib()
    out["ops"] = sum(1 for _ in module.walk_ops())
    out["out_chars"] = len(printed)
    print(json.dumps(out))


# ----------------------------------------------------------------------------- parent side
def run_measured(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=None):
    """(wall seconds, peak RSS KiB of that child, exit code, stderr text, CPU seconds)."""
    with tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=stdout, stderr=err, env=env)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        return (wall, ru.ru_maxrss, p.returncode, err.read().decode(errors="replace"),
                ru.ru_utime + ru.ru_stime)


def _last_line(err):
    """The last line of a failed run's stderr: the message, after any traceback."""
    return (err.strip().splitlines() or ["failed"])[-1:]


def find_tool(*names):
    for n in names:
        p = shutil.which(n) if not os.path.isabs(n) else (n if os.access(n, os.X_OK) else None)
        if p:
            return p
    return None


def pyopt_cmd():
    exe = shutil.which("pyopt")
    if exe:
        return [exe]
    return [sys.executable, "-c", "from pyopt.cli import main; main()"]


def mlir_timing(stderr):
    """{'parse','verify','print'} seconds from mlir-opt's --mlir-timing report."""
    names = {"Parser": "parse", "Verifier": "verify", "Output": "print"}
    out = {}
    for line in stderr.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[-1] in names:
            try:
                out[names[parts[-1]]] = float(parts[0])
            except ValueError:
                pass
    return out


def median_run(cmd, repeat, **kw):
    runs = [run_measured(cmd, **kw) for _ in range(repeat)]
    failed = [r for r in runs if r[2] != 0]
    if failed:
        return None, failed[0][3]
    return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
            runs, statistics.median(r[4] for r in runs)), None


def measure_size(path, args, tools):
    res = {"file": path, "bytes": os.path.getsize(path)}
    phases = []
    for _ in range(args.repeat):
        cmd = [sys.executable, os.path.abspath(__file__), "--child", path]
        if args.profile:
            cmd += ["--profile", args.profile]
        wall, rss, rc, err = _child_run(cmd)
        if rc != 0:
            res["pyopt_error"] = _last_line(err)
            break
        phases.append((wall, rss, err))
    if phases:
        data = [json.loads(p[2]) for p in phases]
        res["pyopt_phases"] = {k: statistics.median(d[k] for d in data) for k in data[0]}
        res["pyopt_phases_rss"] = statistics.median(p[1] for p in phases)
    r, err = median_run(pyopt_cmd() + [path, "-o", os.devnull], args.repeat)
    if r is not None:
        res["pyopt_cli"] = {"wall": r[0], "rss": r[1], "cpu": r[3]}
    else:
        res["pyopt_cli_error"] = _last_line(err)
    for name, exe in tools.items():
        if exe is None:
            continue
        cmd = [exe, path, "-o", os.devnull]
        if name == "mlir-opt":
            cmd.append("--mlir-timing")
        r, err = median_run(cmd, args.repeat)
        if r is None:
            res[name + "_error"] = _last_line(err)
            continue
        res[name] = {"wall": r[0], "rss": r[1], "cpu": r[3]}
        if name == "mlir-opt":
            res[name]["phases"] = mlir_timing(r[2][0][3])
    return res


def _child_run(cmd):
    """Runs the phase child; its JSON goes to a temp file (returned as the 'stderr' text)."""
    with tempfile.TemporaryFile() as out:
        with tempfile.TemporaryFile() as err:
            t = time.perf_counter()
            p = subprocess.Popen(cmd, stdout=out, stderr=err)
            _, status, ru = os.wait4(p.pid, 0)
            wall = time.perf_counter() - t
            rc = os.waitstatus_to_exitcode(status)
            out.seek(0)
            err.seek(0)
            text = out.read().decode() if rc == 0 else err.read().decode(errors="replace")
            return wall, ru.ru_maxrss, rc, text


def measure_startup(args, tools, workdir):
    path = os.path.join(workdir, "one_op.mlir")
    with open(path, "w") as f:
        f.write(ONE_OP)
    out = {}
    cmds = {"pyopt": pyopt_cmd() + [path, "-o", os.devnull]}
    for name, exe in tools.items():
        if exe is not None:
            cmds[name] = [exe, path, "-o", os.devnull]
    for name, cmd in cmds.items():
        run_measured(cmd)  # warm the page cache
        r, err = median_run(cmd, args.startup_runs)
        if r is not None:
            out[name] = {"wall": r[0], "rss": r[1], "cpu": r[3],
                         "min": min(x[0] for x in r[2]), "max": max(x[0] for x in r[2])}
        else:
            out[name] = {"error": _last_line(err)[0]}
    return out


# ----------------------------------------------------------------------------- report
def _fmt_s(x):
    return "-" if x is None else (f"{x * 1000:.0f} ms" if x < 1 else f"{x:.2f} s")


def _fmt_rate(ops, t):
    if not t:
        return "-"
    r = ops / t
    return f"{r / 1e6:.2f}M op/s" if r >= 1e6 else f"{r / 1e3:.0f}k op/s"


def _cell(ops, t):
    """`time (ops/s)` for a phase."""
    return "-" if not t else f"{_fmt_s(t)} ({_fmt_rate(ops, t)})"


def _fmt_mib(kib):
    return "-" if kib is None else f"{kib / 1024:.0f} MiB"


def _ratio(a, b, target):
    if a is None or not b:
        return "-"
    r = a / b
    ok = r <= target
    return f"[{'green' if ok else 'red'}]{r:.1f}x[/] (target {target:g}x)"


def report(sizes, startup, tools, console):
    from rich.table import Table
    for n, res in sizes:
        ph = res.get("pyopt_phases")
        ops = ph["ops"] if ph else n
        t = Table(title=f"{ops} ops ({res['bytes'] / 1e6:.1f} MB)  {res['file']}",
                  title_justify="left")
        for col in ("tool", "parse", "verify", "print", "parse+verify+print", "p+v+p CPU",
                    "CLI wall", "CLI CPU", "peak RSS"):
            t.add_column(col, justify="left" if col == "tool" else "right")
        if ph:
            tot = ph["parse"] + ph["verify"] + ph["print"]
            cpu = ph["parse_cpu"] + ph["verify_cpu"] + ph["print_cpu"]
            cli = res.get("pyopt_cli", {})
            t.add_row("pyopt", *[_cell(ops, ph[k]) for k in ("parse", "verify", "print")],
                      _cell(ops, tot), _fmt_s(cpu), _fmt_s(cli.get("wall")),
                      _fmt_s(cli.get("cpu")),
                      _fmt_mib(cli.get("rss", res.get("pyopt_phases_rss"))))
        else:
            t.add_row("pyopt", "[red]failed[/]: " + " ".join(res.get("pyopt_error", [])),
                      *[""] * 8)
        m = res.get("mlir-opt")
        if m:
            mp = m.get("phases", {})
            tot = sum(mp.get(k, 0) for k in ("parse", "verify", "print"))
            # mlir-opt's "Parser" timer includes the verification after parsing.
            t.add_row("mlir-opt-19", _cell(ops, mp.get("parse")),
                      _cell(ops, mp["verify"]) if "verify" in mp else "(in parse)",
                      _cell(ops, mp.get("print")), _cell(ops, tot), "", _fmt_s(m["wall"]),
                      _fmt_s(m["cpu"]), _fmt_mib(m["rss"]))
        elif "mlir-opt_error" in res:
            t.add_row("mlir-opt-19", "[red]failed[/]: " + " ".join(res["mlir-opt_error"]),
                      *[""] * 8)
        x = res.get("xdsl-opt")
        if x:
            t.add_row("xdsl-opt", "", "", "", "", "", _fmt_s(x["wall"]), _fmt_s(x["cpu"]),
                      _fmt_mib(x["rss"]))
        elif "xdsl-opt_error" in res:
            t.add_row("xdsl-opt", "failed: " + " ".join(res["xdsl-opt_error"])[:60],
                      *[""] * 8)
        console.print(t)
        if "pyopt_cli_error" in res:
            console.print("  [red]pyopt CLI failed[/]: " + " ".join(res["pyopt_cli_error"]))
        cli = res.get("pyopt_cli")
        if m and cli:
            inproc = ph["parse"] + ph["verify"] + ph["print"] if ph else None
            console.print(f"  pyopt / mlir-opt: CLI wall "
                          f"{_ratio(cli['wall'], m['wall'], WALL_TARGET)}, CLI CPU "
                          f"{_ratio(cli['cpu'], m['cpu'], WALL_TARGET)}, in-process p+v+p "
                          f"wall vs mlir-opt CLI wall {_ratio(inproc, m['wall'], WALL_TARGET)}"
                          f", peak RSS {_ratio(cli['rss'], m['rss'], RSS_TARGET)}")
        elif not tools.get("mlir-opt"):
            console.print("  mlir-opt-19 not found: ratios skipped")
        if x and cli:
            console.print(f"  pyopt / xdsl-opt: CLI wall {cli['wall'] / x['wall']:.2f}x, "
                          f"peak RSS {cli['rss'] / x['rss']:.2f}x")
        console.print()
    if startup:
        t = Table(title="start-up: one-op file, median of runs", title_justify="left")
        for col in ("tool", "median wall", "min", "max", "median CPU", "peak RSS", "target"):
            t.add_column(col, justify="left" if col == "tool" else "right")
        for name, r in startup.items():
            if "error" in r:
                t.add_row(name, "[red]failed[/]: " + r["error"][:70], *[""] * 5)
                continue
            tgt = ""
            if name == "pyopt":
                ok = r["wall"] <= STARTUP_TARGET
                tgt = f"[{'green' if ok else 'red'}]{'ok' if ok else 'over'}[/] " \
                      f"(< {STARTUP_TARGET * 1000:.0f} ms)"
            t.add_row(name, _fmt_s(r["wall"]), _fmt_s(r["min"]), _fmt_s(r["max"]),
                      _fmt_s(r["cpu"]), _fmt_mib(r["rss"]), tgt)
        console.print(t)


def print_profiles(profile_dir, top, console):
    """Per phase: the top functions by self time, then by cumulative time (recursive frames,
    whose cumulative time is the whole phase, left out)."""
    import pstats
    for phase in ("parse", "verify", "print"):
        path = os.path.join(profile_dir, phase + ".prof")
        if not os.path.exists(path):
            continue
        st = pstats.Stats(path)
        total = st.total_tt

        def show(rows):
            for (fn, line, name), (cc, nc, tt, ct, _) in rows[:top]:
                rel = os.path.relpath(fn, ROOT) if fn.startswith(ROOT) else os.path.basename(fn)
                console.print(f"  {tt / total * 100:5.1f}% self {ct / total * 100:5.1f}% cum "
                              f"{nc:>9} calls  {rel}:{line}({name})", highlight=False)
        items = [kv for kv in st.stats.items() if "bench_parse_print" not in kv[0][0]]
        console.print(f"[bold]{phase}[/]: {total:.2f} s under cProfile; top by self time")
        show(sorted(items, key=lambda kv: -kv[1][2]))
        console.print(f"[bold]{phase}[/]: top by cumulative time (non-recursive)")
        show(sorted([kv for kv in items if kv[1][0] == kv[1][1] and kv[1][3] < total * 0.95
                     and kv[0][0] != "~"], key=lambda kv: -kv[1][3]))


# ----------------------------------------------------------------------------- main
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", default="100000",
                    help="module size(s) in ops, comma separated (default 100000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dialects", default="auto", help="as gen_module.py --dialects")
    ap.add_argument("--exclude", default="",
                    help="as gen_module.py --exclude (call_indirect lets xdsl-opt 0.74 run)")
    ap.add_argument("--repeat", type=int, default=1, help="runs per measurement (median)")
    ap.add_argument("--startup-runs", type=int, default=7)
    ap.add_argument("--no-startup", action="store_true")
    ap.add_argument("--no-mlir", action="store_true", help="skip mlir-opt and xdsl-opt")
    ap.add_argument("--profile", metavar="DIR",
                    help="cProfile each pyopt phase into DIR/{parse,verify,print}.prof")
    ap.add_argument("--top", type=int, default=15, help="profile rows shown per phase")
    ap.add_argument("--json", metavar="FILE", help="also write the raw results as JSON")
    ap.add_argument("--keep", metavar="DIR", help="keep the generated modules in DIR")
    ap.add_argument("--child", metavar="FILE", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child_phases(args.child, args.profile)
        return 0

    from rich.console import Console
    from gen_module import generate, _split
    console = Console(width=max(Console().width, 150))
    tools = {"mlir-opt": None, "xdsl-opt": None}
    if not args.no_mlir:
        tools["mlir-opt"] = find_tool("mlir-opt-19", "/usr/lib/llvm-19/bin/mlir-opt")
        tools["xdsl-opt"] = find_tool("xdsl-opt", os.environ.get("XDSL_OPT", "xdsl-opt"))
    if args.profile:
        os.makedirs(args.profile, exist_ok=True)
    workdir = args.keep or tempfile.mkdtemp(prefix="pyopt-bench-")
    os.makedirs(workdir, exist_ok=True)
    sizes = []
    load0 = os.getloadavg()
    try:
        for n in [int(x) for x in args.ops.split(",") if x.strip()]:
            text, count, kinds = generate(n, args.seed, args.dialects,
                                          exclude=_split(args.exclude))
            path = os.path.join(workdir, f"bench_{n}.mlir")
            with open(path, "w") as f:
                f.write(text)
            console.print(f"[dim]generated {count} ops ({', '.join(kinds)}) -> {path}[/]")
            sizes.append((n, measure_size(path, args, tools)))
        startup = None if args.no_startup else measure_startup(args, tools, workdir)
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    console.print(f"[dim]tools: pyopt={' '.join(pyopt_cmd())}, "
                  + ", ".join(f"{k}={v or 'absent'}" for k, v in tools.items()) + "[/]")
    # Wall times suffer when other work shares the machine; CPU times much less.
    console.print(f"[dim]load average before/after: {load0[0]:.1f} / {os.getloadavg()[0]:.1f} "
                  f"on {os.cpu_count()} CPUs[/]")
    report(sizes, startup, tools, console)
    if args.profile:
        print_profiles(args.profile, args.top, console)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"sizes": dict(sizes), "startup": startup,
                       "tools": tools}, f, indent=1, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
