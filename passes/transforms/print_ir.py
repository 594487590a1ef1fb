"""`print-ir`: dump the op the pass runs on to stderr, for looking inside a pipeline."""
from __future__ import annotations

import sys

from pyopt.pass_registry import PassOption, register_pass
from pyopt.syntax.printer import PrintFlags, print_op


@register_pass("print-ir", "Print IR on the debug stream", display_name="PrintIRPass",
               options=[PassOption("label", str, "", "Label")])
def print_ir(op, ctx, options):
    label = options["label"]
    header = "// -----// IR Dump" + (" " + label if label else "") + " //----- //\n"
    # Operation::dump: local scope, so no alias definitions.
    sys.stderr.write(header + print_op(op, PrintFlags(local_scope=True)) + "\n")
