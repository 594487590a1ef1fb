"""RuntimeVerifiableOpInterface model of the linalg structured ops (MLIR 19 Linalg
RuntimeOpVerification.cpp), attached when this module is imported (by
generate-runtime-verification).

For each operand dimension, the indexing map applied to the first and the last iteration
(loop ranges from the operand shapes) must give indices >= 0, and the largest index + 1 must
equal the dimension's size (or not exceed it, when the map result is not a plain loop index).
Checks are built with createOrFold, so static shapes give `cf.assert`s of constants."""
from __future__ import annotations

from pyopt.ir.affine import AffineDimExpr
from pyopt.ir.attributes import IntegerAttr, StringAttr
from pyopt.ir.types import I1, INDEX
from pyopt.rewrite.folding import create_or_fold
from pyopt.interfaces import attach
from pyopt.interfaces.runtime_verification import RUNTIME_VERIFIABLE, error_message
from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from pyopt.dialects.index.ops import CMP_PREDICATES, CmpPredicateAttr
from pyopt.dialects.linalg.shapes import loop_sizes
from pyopt.dialects.linalg.structured import LINALG_STRUCTURED, indexing_maps, operand_shape
from pyopt.dialects.shaped_models import folded_dim_value

_EQ, _SLE, _SGE = (CMP_PREDICATES.index(k) for k in ("eq", "sle", "sge"))


def _index_op(b, name, x, y, loc):
    return create_or_fold(b, name, [x, y], [INDEX], loc)[0]


def _cmp(b, pred, x, y, loc):
    return create_or_fold(b, "index.cmp", [x, y], [I1], loc,
                          {"pred": CmpPredicateAttr(pred)})[0]


def _const(b, v, loc):
    return b.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, v)},
                    loc=loc).results[0]


class StructuredRuntimeChecks:
    def generate(self, op, b, loc):
        ends = loop_sizes(b, op, loc)
        starts = [0] * len(ends)
        zero = _const(b, 0, loc)
        one = _const(b, 1, loc)
        ends = [_index_op(b, "index.sub", value_of(b, e, loc), one, loc) for e in ends]

        def check(cond, msg):
            text = error_message(op, msg, b.msg_flags)
            b.create("cf.assert", [cond], [], properties={"msg": StringAttr(text)}, loc=loc)

        for n, (v, m) in enumerate(zip(op.operands, indexing_maps(op))):
            first = [composed_folded_apply(b, m.get_sub_map([k]), starts, loc)
                     for k in range(len(m.results))]
            last = [composed_folded_apply(b, m.get_sub_map([k]), ends, loc)
                    for k in range(len(m.results))]
            for d in range(len(operand_shape(v))):
                lo, hi = value_of(b, first[d], loc), value_of(b, last[d], loc)
                low = _index_op(b, "index.mins", lo, hi, loc)
                check(_cmp(b, _SGE, low, zero, loc),
                      f"unexpected negative result on dimension #{d} of input/output "
                      f"operand #{n}")
                high = _index_op(b, "index.maxs", lo, hi, loc)
                inferred = _index_op(b, "index.add", high, one, loc)
                actual = folded_dim_value(b, v, d, loc)
                pred = _EQ if type(m.results[d]) is AffineDimExpr else _SLE
                check(_cmp(b, pred, inferred, actual, loc),
                      f"dimension #{d} of input/output operand #{n} is incompatible with "
                      f"inferred dimension size")


def _attach():
    from pyopt.dialects.linalg import LINALG
    attach([d for d in LINALG.ops.values() if LINALG_STRUCTURED in d.extra],
           RUNTIME_VERIFIABLE, StructuredRuntimeChecks())


_attach()
