"""Building cf ops whose operand layout is spread over properties."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr, DenseElementsAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import I32, VectorType


def create_switch(builder, loc, flag, default, default_ops, values, dests, case_ops):
    """cf.switch on `flag` (case values of its type; none: a branch to `default`)."""
    flat = [v for g in case_ops for v in g]
    props = {"operandSegmentSizes": segment_sizes([1, len(default_ops), len(flat)]),
             "case_operand_segments": DenseArrayAttr(I32, [len(g) for g in case_ops])}
    if values:
        props["case_values"] = DenseElementsAttr(VectorType([len(values)], flag.type),
                                                 list(values))
    return builder.create("cf.switch", [flag] + list(default_ops) + flat, [], properties=props,
                          successors=[default] + list(dests), loc=loc)
