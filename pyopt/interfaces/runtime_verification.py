"""RuntimeVerifiableOpInterface: an op with preconditions that can be checked at run time. A
model's `generate(op, builder, loc)` builds the checks (`cf.assert`s) at the builder's
insertion point (in front of the op; a model may move it behind); `builder.msg_flags` are the
print flags of the messages, which `error_message` (generateErrorMessage) formats.

Models of the memref ops: pyopt/dialects/memref_runtime_verification.py."""
from __future__ import annotations

from pyopt.interfaces import model
from pyopt.syntax.printer import PrintFlags, Printer, print_op

RUNTIME_VERIFIABLE = "RuntimeVerifiableOpInterface"


def runtime_verifiable_model(op):
    """The op's RuntimeVerifiableOpInterface model, or None."""
    return model(op, RUNTIME_VERIFIABLE)


def error_message(op, msg, flags):
    """The assert text: a header, the op, what failed, where."""
    loc = Printer(PrintFlags(local_scope=True,
                             pretty_debuginfo=flags.pretty_debuginfo)).loc_str(op.loc)
    return (f"ERROR: Runtime op verification failed\n{print_op(op, flags)}\n^ {msg}\n"
            f"Location: {loc}")
