"""`generate-runtime-verification`: ops with runtime-checkable preconditions (a
RuntimeVerifiableOpInterface model, pyopt/interfaces/runtime_verification.py) get `cf.assert`
checks in front of (or, for views, behind) them; the memref ops' models are in
pyopt/dialects/memref_runtime_verification.py. The assert message names the op in generic
local-scope form and its location, as mlir-opt 19 prints them."""
from __future__ import annotations

from pyopt.interfaces.runtime_verification import runtime_verifiable_model
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import Builder
from pyopt.syntax.printer import PrintFlags
# The memref models attach themselves when imported.
from pyopt.dialects import memref_runtime_verification as _memref_checks  # noqa: F401
from pyopt.dialects.linalg import runtime_verification as _linalg_checks  # noqa: F401


def message_flags(cli_flags):
    """The flags the op is printed with: generic, local scope, no regions, large elements
    elided, on top of the command line's (e.g. --mlir-print-debuginfo shows its location)."""
    f = PrintFlags(generic=True, local_scope=True, elide_limit=16, skip_regions=True)
    if cli_flags is not None:
        f.debuginfo, f.pretty_debuginfo = cli_flags.debuginfo, cli_flags.pretty_debuginfo
    return f


def _post_order(op, out):
    for r in op.regions:
        for blk in r.blocks:
            o = blk.first
            while o is not None:
                _post_order(o, out)
                o = o.next
    if runtime_verifiable_model(op) is not None:
        out.append(op)


@register_pass("generate-runtime-verification", "Generate additional runtime op verification "
               "checks", display_name="GenerateRuntimeVerification")
def generate_runtime_verification(module, ctx, options):
    ops = []
    _post_order(module, ops)  # (only the ops there before: checks are not checked again)
    flags = message_flags(getattr(ctx, "print_flags", None))
    for op in ops:
        b = Builder(ctx)
        b.msg_flags = flags
        b.set_insertion_point(op)
        runtime_verifiable_model(op).generate(op, b, op.loc)
