"""`print-op-stats`: count the ops of each name (stderr, as mlir-opt)."""
from __future__ import annotations

import sys

from pyopt.pass_registry import PassOption, register_pass


@register_pass("print-op-stats", "Print statistics of operations", display_name="PrintOpStats",
               options=[PassOption("json", bool, False, "print the stats as JSON")])
def print_op_stats(op, ctx, options):
    counts = {}
    for o in op.walk_ops():
        counts[o.name] = counts.get(o.name, 0) + 1
    names = sorted(counts)
    out = sys.stderr
    if options["json"]:
        body = ",\n".join(f'  "{n}" : {counts[n]}' for n in names)
        out.write("{\n" + body + "\n}\n")
        return
    # dialect right-aligned up to the dot, op name left-aligned; a name without a dot is all
    # op name, in the op-name column
    split = [(d, r) if sep else ("", d) for d, sep, r in (n.partition(".") for n in names)]
    dw = max((len(d) for d, _ in split), default=0)
    ow = max((len(r) for _, r in split), default=0)
    lines = ["Operations encountered:", "-----------------------"]
    for (d, rest), n in zip(split, names):
        head = " " * (dw + 3) if not d else f"{d:>{dw + 2}}."
        lines.append(f"{head}{rest:<{ow}} , {counts[n]}")
    out.write("\n".join(lines) + "\n")
