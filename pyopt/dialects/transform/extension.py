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

What an op does may live elsewhere than its declaration (a dialect declares the op and its
handle effects, the pass library that owns the machinery implements it): declare it with
`transform_op(OP, consumes=..., ...)` (or `per_op=True` for a TransformEachOpTrait op) and no
function, then `implement(OP, fn)` attaches `fn` as its apply (its each for a per-op
declaration); applying it before that is a definite "no interpreter implementation loaded".
`implement(OP, fn, consumes=...)` also declares an op registered with `register_ops` only.

Pattern-descriptor ops (in `transform.apply_patterns` regions) are declared with
`pattern_descriptor(OP, populate)`, `populate(descriptor_op, ctx) -> [RewritePattern]`, or
without `populate` and given it by `implement(OP, populate)`.
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
    __slots__ = ("apply", "each", "per_op", "consumes", "modifies_payload", "each_op",
                 "allows_repeated", "reports_tracking")

    def __init__(self, apply=None, each=None, consumes=(), modifies_payload=False,
                 each_op=None, allows_repeated=False, reports_tracking=False, per_op=False):
        self.apply = apply
        self.each = each
        self.per_op = per_op or each is not None  # TransformEachOpTrait: implemented by each
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
                 each_op=None, match=False, allows_repeated=False, reports_tracking=False,
                 per_op=False):
    """Declares `opdef` as a transform op with its handle effects. Usable as a decorator of
    the `apply` function (or of the `each` function when `each=True`); with no function at
    all, `implement` gives it one later."""
    register_ops(opdef)
    if match:
        attach(opdef, MATCH_OP, True)
    effects = dict(consumes=consumes, modifies_payload=modifies_payload, each_op=each_op,
                   allows_repeated=allows_repeated, reports_tracking=reports_tracking)
    if each is True:
        def deco(fn):
            attach(opdef, TRANSFORM_OP, TransformOpModel(None, fn, **effects))
            return fn
        return deco
    if apply is None and each is None and not per_op:
        attach(opdef, TRANSFORM_OP, TransformOpModel(**effects))
        return _DeclaredOrDecorator(opdef, effects)
    attach(opdef, TRANSFORM_OP, TransformOpModel(apply, each, per_op=per_op, **effects))
    return opdef


class _DeclaredOrDecorator:
    """`transform_op(OP, ...)` without a function: the op is declared (its model attached);
    calling the result with a function makes it OP's apply (the decorator form)."""

    def __init__(self, opdef, effects):
        self.opdef, self.effects = opdef, effects

    def __call__(self, fn):
        implement(self.opdef, fn)
        return fn


def implement(opdef, fn=None, *, each=None, **effects):
    """What a declared op does: `fn` is its apply, or its each when it was declared per-op
    (`each=` names an each function explicitly), or for a pattern descriptor its populate.
    Effects given here (consumes, ...) are added to the declaration (or declare an op
    registered without any)."""
    if PATTERN_DESCRIPTOR in opdef.extra:
        attach(opdef, PATTERN_DESCRIPTOR, fn)
        return
    m = opdef.extra.get(TRANSFORM_OP)
    if m is None:
        m = TransformOpModel()
        attach(opdef, TRANSFORM_OP, m)
    if each is not None:
        m.each, m.per_op = each, True
    elif fn is not None:
        if m.per_op:
            m.each = fn
        else:
            m.apply = fn
    for k, v in effects.items():
        setattr(m, k, v)


def pattern_descriptor(opdef, populate=None):
    """Declares a pattern-descriptor op for `transform.apply_patterns` regions; without
    `populate`, `implement(OP, populate)` gives it its patterns later."""
    register_ops(opdef)
    attach(opdef, PATTERN_DESCRIPTOR, populate or _patterns_not_loaded)
    return opdef


def _patterns_not_loaded(op, ctx):
    from pyopt.dialects.transform.failures import definite
    raise definite(op, f"'{op.name}': the pass library providing its patterns is not loaded")


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
