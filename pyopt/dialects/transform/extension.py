"""How a module adds ops to the transform dialect (MLIR's TransformDialectExtension).

An extension op is an ordinary `Op(...)` declaration named `transform.<ext>.<op>`, given to
`transform_op`, which adds it to the dialect and attaches its TransformOpInterface model:

    apply(op, state, results)    the whole op (MLIR's `apply`): read operands with
                                 state.payload_ops(op.target) / payload_values / params, set
                                 results with results.set(op.result, [...]); return None, or
                                 raise/return a TransformFailure (failures.py)
    each(op, payload, state)     TransformEachOpTrait's applyToOne: called per payload op of
                                 the single op-handle operand; returns one entry per op result
                                 (an op, a Value, an attribute, a list of those, or None)
    consumes                     operand names consumed (invalidating handles), or a function
                                 op -> set of operand indices; the others are only read
    modifies_payload             whether the op may change the payload (the tracking rewriter
                                 is state.rewriter)
    each_op                      for `each`: the payload op name it expects (else a
                                 silenceable "transform applied to the wrong op kind")

Pattern-descriptor ops (in `transform.apply_patterns` regions) are declared with
`pattern_descriptor(OP, populate)`, `populate(descriptor_op, ctx) -> [RewritePattern]`.
Match ops (MatchOpInterface, allowed in foreach_match matchers) pass `match=True`.

Modules: every `ext_*.py` in this package is imported when the dialect loads; a module
elsewhere (e.g. `pyopt.dialects.linalg.transform_ops`) appends its name to
EXTENSION_MODULES below. Types: `register_type("mnemonic", parse)` (`!transform.mnemonic`).

A tiny example:

    from pyopt.ir.opdef import Op
    from pyopt.dialects.transform.extension import transform_op
    from pyopt.dialects.transform.failures import silenceable
    from pyopt.dialects.transform.types import OpHandle

    @transform_op(Op("transform.test.erase", operands=[("target", OpHandle)],
                     format="$target attr-dict `:` type($target)"),
                  consumes=("target",), modifies_payload=True)
    def apply_erase(op, state, results):
        for p in state.payload_ops(op.target):
            if p.results and p.results[0].uses:
                raise silenceable(op, "payload op still used")
            state.rewriter.erase_op(p)
"""
from __future__ import annotations

from pyopt.interfaces import attach, model

TRANSFORM_OP = "TransformOpInterface"
PATTERN_DESCRIPTOR = "PatternDescriptorOpInterface"
CONVERSION_DESCRIPTOR = "ConversionPatternDescriptorOpInterface"
TYPE_CONVERTER_BUILDER = "TypeConverterBuilderOpInterface"
MATCH_OP = "MatchOpInterface"

# Modules outside this package declaring transform ops (imported when the dialect loads).
EXTENSION_MODULES: list[str] = []

# Every op of the dialect, core and extensions, in declaration order.
OPS: list = []
EXTENSION_TYPES: dict = {}  # mnemonic -> parse(parser) (the `!transform.` prefix is read)
_dialect = None  # the Dialect object, once built (ops declared later are added to it)


class TransformOpModel:
    __slots__ = ("apply", "each", "consumes", "modifies_payload", "each_op",
                 "allows_repeated", "reports_tracking")

    def __init__(self, apply=None, each=None, consumes=(), modifies_payload=False,
                 each_op=None, allows_repeated=False, reports_tracking=False):
        self.apply = apply
        self.each = each
        self.consumes = consumes
        self.modifies_payload = modifies_payload
        self.each_op = each_op
        # AllowsRepeatedHandleOperands / ReportTrackingListenerFailuresOpTrait
        self.allows_repeated = allows_repeated
        self.reports_tracking = reports_tracking

    def repeated_ok(self, op):
        """AllowsRepeatedHandleOperands (a bool, or a function of the op)."""
        a = self.allows_repeated
        return a(op) if callable(a) else a

    def consumed_indices(self, op):
        """Indices of the operands `op` consumes."""
        c = self.consumes
        if callable(c):
            return set(c(op))
        if not c:
            return set()
        out = set()
        d = op.opdef
        for name, (start, n) in zip([a.name for a in d.operands],
                                    d.group_ranges(op, "operand")):
            if name in c:
                out.update(range(start, start + n))
        return out


def register_ops(*opdefs):
    """Adds op declarations (without an interpreter model) to the dialect."""
    for d in opdefs:
        OPS.append(d)
        if _dialect is not None:
            _dialect.add(d)
    return opdefs[0] if len(opdefs) == 1 else opdefs


def transform_op(opdef, apply=None, *, each=None, consumes=(), modifies_payload=False,
                 each_op=None, match=False, allows_repeated=False, reports_tracking=False):
    """Declares `opdef` as a transform op. Usable as a decorator of the `apply` function
    (or of the `each` function when `each=True`)."""
    register_ops(opdef)
    if match:
        attach(opdef, MATCH_OP, True)

    def finish(fn_apply, fn_each):
        attach(opdef, TRANSFORM_OP, TransformOpModel(
            fn_apply, fn_each, consumes, modifies_payload, each_op, allows_repeated,
            reports_tracking))

    if apply is not None or (each is not None and each is not True):
        finish(apply, each)
        return opdef

    def deco(fn):
        finish(None, fn) if each is True else finish(fn, None)
        return fn
    return deco


def implement(opdef, apply=None, *, each=None, consumes=(), modifies_payload=False,
              each_op=None, allows_repeated=False, reports_tracking=False):
    """Attaches the interpreter model to an op declared elsewhere (e.g. a dialect declares
    the op, the pass library that owns its machinery implements it)."""
    attach(opdef, TRANSFORM_OP, TransformOpModel(apply, each, consumes, modifies_payload,
                                                 each_op, allows_repeated, reports_tracking))


def pattern_descriptor(opdef, populate):
    """Declares a pattern-descriptor op for `transform.apply_patterns` regions."""
    register_ops(opdef)
    attach(opdef, PATTERN_DESCRIPTOR, populate)
    return opdef


def register_type(mnemonic, parse):
    """An extension type `!transform.<mnemonic>`: parse(parser) reads what follows."""
    EXTENSION_TYPES[mnemonic] = parse


def transform_model(op):
    """The op's TransformOpInterface model, or None."""
    return model(op, TRANSFORM_OP)


def is_match_op(op):
    return model(op, MATCH_OP) is not None


def _set_dialect(d):
    global _dialect
    _dialect = d
