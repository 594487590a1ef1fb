"""Struct-alias printing benchmark (the `--mlir-print-struct-aliases` RFC, seed 003).

    python bench/bench_struct_aliases.py                      # 500 structs x 20 fields, 100k uses
    python bench/bench_struct_aliases.py --structs 200 --uses 20000 --json out.json
    python bench/bench_struct_aliases.py --blowup 4,6,8,10    # default printing on small graphs

A seeded generator writes a module whose identified structs form a wide, deep, mutually
referring graph: every struct has `--fields` fields, a mix of scalars, arrays, typed pointers
`ptr<struct>` to any struct (cycles everywhere) and by-value nested structs (to higher-numbered
structs only, so by-value nesting stays finite and deep). The input spells the graph with the
alias syntax itself (every struct forward-declared, then defined), so its size stays linear.
The function body uses the struct types `--uses` times (undef / alloca / load / store).

Phases, each in a fresh process with its own peak RSS (os.wait4):
  parse     parse_module of the generated input, then verify
  print     print with aliases (PrintFlags(struct_aliases=True)): output size
  reparse   parse of that output, print it again: the round trip must be exact
  default   upstream-compatible printing (no aliases) under a time limit: struct bodies are
            spelled out at each use with only the enclosing structs abbreviated, so the text
            grows exponentially with the graph (the RFC's "minutes, then out of memory").
`--blowup` measures the default printing on small graphs of N structs (same generator) to show
that growth against the linear alias output.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


# ----------------------------------------------------------------------------- generator
def generate(structs=500, fields=20, uses=100_000, seed=0, ptr_ratio=0.35, nest_ratio=0.1):
    """The module text (alias syntax). Struct names carry dots like clang's (`struct.S12`)."""
    rnd = random.Random(seed)
    names = [f"struct.S{i}" for i in range(structs)]
    alias = [f"!s{i}" for i in range(structs)]
    scalars = ["i8", "i16", "i32", "i64", "f32", "f64", "!llvm.ptr", "vector<4xf32>",
               "!llvm.array<8 x i32>"]
    lines = [f'{alias[i]} = !llvm.struct<"{names[i]}">' for i in range(structs)]
    for i in range(structs):
        body = []
        for _ in range(fields):
            r = rnd.random()
            if r < ptr_ratio:
                body.append(f"!llvm.ptr<{alias[rnd.randrange(structs)]}>")
            elif r < ptr_ratio + nest_ratio and i + 1 < structs:
                j = rnd.randrange(i + 1, min(structs, i + 1 + max(4, structs // 10)))
                body.append(alias[j])
            elif r < ptr_ratio + nest_ratio + 0.05:
                body.append(f"!llvm.array<2 x !llvm.ptr<{alias[rnd.randrange(structs)]}>>")
            else:
                body.append(rnd.choice(scalars))
        packed = "packed " if rnd.random() < 0.05 else ""
        lines.append(f'{alias[i]} = !llvm.struct<"{names[i]}", {packed}({", ".join(body)})>')
    # Uses: groups of 4 ops (undef, alloca, load, store), one struct-type use each.
    body = ["llvm.func @uses(%p: !llvm.ptr, %n: i64) {"]
    k = 0
    n = 0
    while n < uses:
        s = alias[rnd.randrange(structs)]
        body.append(f"  %u{k} = llvm.mlir.undef : {s}")
        body.append(f"  %a{k} = llvm.alloca %n x {s} : (i64) -> !llvm.ptr")
        body.append(f"  %l{k} = llvm.load %a{k} : !llvm.ptr -> {s}")
        body.append(f"  llvm.store %u{k}, %p : {s}, !llvm.ptr")
        k += 1
        n += 4
    body.append("  llvm.return")
    body.append("}")
    sigs = [f"llvm.func @ext{i}({alias[i]}, !llvm.ptr<{alias[i]}>) -> {alias[(i * 7) % structs]}"
            for i in range(0, structs, max(1, structs // 50))]
    return "\n".join(lines + sigs + body) + "\n"


# ----------------------------------------------------------------------------- child side
def child(phase, path, out_path, limit):
    import resource
    import gc
    sys.path.insert(0, ROOT)
    from pyopt.dialects import make_context
    from pyopt.ir.location import SourceBuffer
    from pyopt.ir.verifier import verify
    from pyopt.syntax.printer import Printer, PrintFlags
    from pyopt.tool import parse_module
    res = {}
    with open(path) as f:
        text = f.read()
    ctx = make_context()
    t, c = time.perf_counter(), time.process_time()
    module, _ = parse_module(SourceBuffer(path, text), ctx)
    res["parse"] = time.perf_counter() - t
    res["parse_cpu"] = time.process_time() - c
    if module is None:
        res["error"] = "parse failed"
        print(json.dumps(res))
        return
    gc.freeze()
    t = time.perf_counter()
    verify(module, ctx)
    res["verify"] = time.perf_counter() - t
    res["ops"] = sum(1 for _ in module.walk_ops())
    if phase == "default":
        import signal

        def stop(*_):
            raise TimeoutError
        signal.signal(signal.SIGALRM, stop)
        signal.alarm(int(limit))
        t, c = time.perf_counter(), time.process_time()
        try:
            out = Printer(PrintFlags(), ctx).print_top(module)
            res["print"] = time.perf_counter() - t
            res["print_cpu"] = time.process_time() - c
            res["out_bytes"] = len(out.encode())
        except (TimeoutError, MemoryError) as e:
            res["print"] = time.perf_counter() - t
            res["unfinished"] = type(e).__name__
        signal.alarm(0)
    else:
        t, c = time.perf_counter(), time.process_time()
        out = Printer(PrintFlags(struct_aliases=True), ctx).print_top(module)
        res["print"] = time.perf_counter() - t
        res["print_cpu"] = time.process_time() - c
        res["out_bytes"] = len(out.encode())
        if out_path:
            with open(out_path, "w") as f:
                f.write(out)
    res["peak_rss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(res))


# ----------------------------------------------------------------------------- parent side
def run_phase(phase, path, out_path=None, limit=60, mem_mib=None):
    cmd = [sys.executable, os.path.abspath(__file__), "--child", phase, path,
           out_path or "", str(limit)]

    def cap():
        if mem_mib:
            import resource
            b = mem_mib * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (b, b))
    t = time.perf_counter()
    with tempfile.TemporaryFile() as so, tempfile.TemporaryFile() as se:
        p = subprocess.Popen(cmd, stdout=so, stderr=se, preexec_fn=cap)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        so.seek(0)
        se.seek(0)
        text = so.read().decode()
        try:
            res = json.loads(text.strip().splitlines()[-1])
        except (ValueError, IndexError):
            res = {"error": (se.read().decode(errors="replace").strip().splitlines() or
                             ["exit %d" % os.waitstatus_to_exitcode(status)])[-1]}
    res["wall"] = wall
    res["peak_rss_mib"] = ru.ru_maxrss / 1024
    return res


def fmt(res):
    keys = ["parse", "verify", "print", "wall"]
    s = "  ".join(f"{k} {res[k]:.2f}s" + (f" (cpu {res[k + '_cpu']:.2f}s)"
                                           if k + "_cpu" in res else "")
                  for k in keys if k in res)
    if "out_bytes" in res:
        s += f"  out {res['out_bytes'] / 1e6:.2f} MB"
    s += f"  peak RSS {res['peak_rss_mib']:.0f} MiB"
    for k in ("unfinished", "error"):
        if k in res:
            s += f"  [{k}: {res[k]}]"
    return s


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _, _, phase, path, out_path, limit = sys.argv
        child(phase, path, out_path or None, float(limit))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--structs", type=int, default=500)
    ap.add_argument("--fields", type=int, default=20)
    ap.add_argument("--uses", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--default-limit", type=float, default=60,
                    help="seconds allowed for the default (no alias) printing")
    ap.add_argument("--default-mem", type=int, default=4096,
                    help="address-space cap (MiB) of the default printing process")
    ap.add_argument("--blowup", default="2,3,4,5",
                    help="struct counts for the default-printing growth table ('' to skip)")
    ap.add_argument("--json")
    ap.add_argument("--keep", help="directory to keep the generated and printed files in")
    a = ap.parse_args()
    report = {}
    with tempfile.TemporaryDirectory() as tmp:
        d = a.keep or tmp
        os.makedirs(d, exist_ok=True)
        src = os.path.join(d, "structs.mlir")
        t = time.perf_counter()
        text = generate(a.structs, a.fields, a.uses, a.seed)
        with open(src, "w") as f:
            f.write(text)
        print(f"generated {a.structs} structs x {a.fields} fields, ~{a.uses} uses: "
              f"{len(text) / 1e6:.2f} MB in {time.perf_counter() - t:.2f}s")
        out1 = os.path.join(d, "printed.mlir")
        out2 = os.path.join(d, "reprinted.mlir")
        r = report["aliases"] = run_phase("print", src, out1)
        print("parse + print with aliases:   " + fmt(r))
        r = report["reparse"] = run_phase("print", out1, out2)
        print("reparse + print the output:   " + fmt(r))
        same = os.path.exists(out2) and open(out1).read() == open(out2).read()
        report["round_trip_exact"] = same
        print("round trip exact:", same)
        r = report["default"] = run_phase("default", src, limit=a.default_limit,
                                          mem_mib=a.default_mem)
        print("parse + print without aliases:" + fmt(r))
        report["blowup"] = []
        for n in [int(x) for x in a.blowup.split(",") if x]:
            small = os.path.join(d, f"small{n}.mlir")
            with open(small, "w") as f:
                f.write(generate(n, a.fields, 400, a.seed))
            ra = run_phase("print", small, os.path.join(d, f"small{n}.out"))
            rd = run_phase("default", small, limit=a.default_limit, mem_mib=a.default_mem)
            report["blowup"].append({"structs": n, "aliases": ra, "default": rd})
            print(f"  {n:4d} structs: aliases {ra.get('out_bytes', 0) / 1e3:9.1f} kB "
                  f"{ra.get('print', 0):6.2f}s | default "
                  + (f"{rd['out_bytes'] / 1e3:11.1f} kB {rd['print']:6.2f}s"
                     if "out_bytes" in rd else
                     f"unfinished after {rd.get('print', 0):.1f}s "
                     f"({rd.get('unfinished') or rd.get('error')})")
                  + f" peak {rd['peak_rss_mib']:.0f} MiB")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
