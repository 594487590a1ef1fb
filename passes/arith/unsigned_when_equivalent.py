"""`arith-unsigned-when-equivalent`: signed arith ops whose operands and results the integer
range analysis proves non-negative become their unsigned forms (divsi and floordivsi ->
divui, ceildivsi -> ceildivui, remsi -> remui, minsi/maxsi -> minui/maxui, extsi -> extui),
and signed cmpi predicates unsigned ones when both operands are non-negative."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import PatternRewriter

_UNSIGNED = {"arith.divsi": "arith.divui", "arith.ceildivsi": "arith.ceildivui",
             "arith.floordivsi": "arith.divui", "arith.remsi": "arith.remui",
             "arith.minsi": "arith.minui", "arith.maxsi": "arith.maxui",
             "arith.extsi": "arith.extui"}
_SIGNED_PREDICATES = {2: 6, 3: 7, 4: 8, 5: 9}  # slt sle sgt sge -> ult ule ugt uge


@register_pass("arith-unsigned-when-equivalent",
               "Replace signed ops with unsigned ones where they are proven equivalent",
               display_name="ArithUnsignedWhenEquivalent")
def arith_unsigned_when_equivalent(root, ctx, options):
    from pyopt.analysis.int_range_analysis import IntRangeSolver  # (loaded on use)
    lat = IntRangeSolver(root).run().lat

    def non_negative(v):
        r = lat.get(v)
        return r is not None and r.smin >= 0

    todo = []

    def visit(op):
        if op.name in _UNSIGNED:
            if all(non_negative(v) for v in op.operands) and \
                    all(non_negative(v) for v in op.results):
                todo.append(op)
        elif op.name == "arith.cmpi":
            if op.properties["predicate"].value in _SIGNED_PREDICATES and \
                    all(non_negative(v) for v in op.operands):
                todo.append(op)
    root.walk(visit)
    rw = PatternRewriter(ctx)
    for op in todo:
        rw.set_insertion_point(op)
        if op.name == "arith.cmpi":
            pred = op.properties["predicate"]
            new = rw.create("arith.cmpi", op.operands, [r.type for r in op.results],
                            properties={"predicate": IntegerAttr(
                                pred.type, _SIGNED_PREDICATES[pred.value])}, loc=op.loc)
        else:
            new = rw.create(_UNSIGNED[op.name], op.operands, [r.type for r in op.results],
                            properties=dict(op.properties), attributes=dict(op.attributes),
                            loc=op.loc)
        rw.replace_op(op, new)
