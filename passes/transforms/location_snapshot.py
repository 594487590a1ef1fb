"""`snapshot-op-locations`: prints the IR to a file and gives every printed op the location of
its own text in that file (or, with `tag`, fuses the old location with the new one named by
the tag). Ops the printer elides (implicit terminators) keep their location."""
from __future__ import annotations

import os
import tempfile

from pyopt.ir.location import FileLineColLoc, FusedLoc, NameLoc
from pyopt.pass_registry import PassOption, register_pass
from pyopt.ir.diagnostics import error
from pyopt.syntax.printer import PrintFlags, print_op_with_positions


@register_pass("snapshot-op-locations", "Generate new locations from the current IR",
               options=[PassOption("filename", str, "", "The filename to print the generated IR"),
                        PassOption("tag", str, "", "A tag to use when fusing the new locations "
                                   "with the original. If unset, the locations are replaced.")],
               display_name="LocationSnapshot")
def snapshot_op_locations(op, ctx, options):
    path = options["filename"]
    if not path:
        fd, path = tempfile.mkstemp(prefix="mlir_snapshot-", suffix=".tmp.mlir")
        os.close(fd)
    flags = getattr(ctx, "print_flags", None) or PrintFlags()
    text, positions = print_op_with_positions(op, flags, ctx)
    try:
        with open(path, "w") as f:
            f.write(text)
    except OSError as e:
        raise error(op.loc, f"cannot open output file '{path}': {e.strerror}")
    tag = options["tag"]
    for o, (line, col) in positions.items():
        new = FileLineColLoc(path, line, col)
        o.loc = new if not tag else FusedLoc([o.loc, NameLoc(tag, new)])
