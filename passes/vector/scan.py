"""vector.scan unrolled along its reduction dim into
extract_strided_slice / arith combine / insert_strided_slice steps (upstream's
ScanToArithOps). Used by apply_patterns.vector.lower_scan and -test-vector-scan-lowering."""
from __future__ import annotations

from pyopt.dialects.vector.reduction_canonicalize import make_arith_reduction
from pyopt.ir.attributes import ArrayAttr, IntegerAttr
from pyopt.ir.types import I64, IndexType, IntegerType, VectorType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.prepare import const
from passes.conversion.vector_to_scf import xfer_ops as X

_FLOAT_ONLY = {"minnumf", "minimumf", "maxnumf", "maximumf"}
_INT_ONLY = {"minui", "minsi", "maxui", "maxsi", "and", "or", "xor"}


def _valid_kind(is_int, kind):
    if kind in _FLOAT_ONLY:
        return not is_int
    if kind in _INT_ONLY:
        return is_int
    return kind in ("add", "mul")


def _i64s(values):
    return ArrayAttr([IntegerAttr(I64, v) for v in values])


class ScanToArithOps(RewritePattern):
    root = "vector.scan"

    def match_and_rewrite(self, op, rw):
        dt = op.results[0].type
        elem = dt.element_type
        kind = op.get_attr("kind")
        if not _valid_kind(type(elem) in (IntegerType, IndexType), kind.name):
            return False
        loc = op.loc
        shape = list(dt.shape)
        result = const(rw, loc, VectorType(shape, elem))
        rdim = int(op.get_attr("reduction_dim").value)
        inclusive = bool(op.get_attr("inclusive").value)
        init = op.initial_value
        init_t = init.type
        rshape = list(shape)
        rshape[rdim] = 1
        rtype = VectorType(rshape, elem)
        offsets, strides = [0] * len(shape), [1] * len(shape)
        last_out = last_in = None
        for i in range(shape[rdim]):
            offsets[rdim] = i
            inp = rw.create("vector.extract_strided_slice", [op.source], [rtype], properties={
                "offsets": _i64s(offsets), "sizes": _i64s(rshape), "strides": _i64s(strides)},
                loc=loc).results[0]
            if i == 0:
                if inclusive:
                    out = inp
                else:
                    name = "vector.broadcast" if not init_t.shape else "vector.shape_cast"
                    out = rw.create(name, [init], [rtype], loc=loc).results[0]
            else:
                out = make_arith_reduction(rw, loc, kind, last_out, inp if inclusive else last_in)
            result = rw.create("vector.insert_strided_slice", [out, result], [result.type],
                               properties={"offsets": _i64s(offsets), "strides": _i64s(strides)},
                               loc=loc).results[0]
            last_out, last_in = out, inp
        if not init_t.shape:
            v = X.extract(rw, loc, last_out, [0])
            red = rw.create("vector.broadcast", [v], [init_t], loc=loc).results[0]
        else:
            red = rw.create("vector.shape_cast", [last_out], [init_t], loc=loc).results[0]
        rw.replace_op(op, [result, red])
        return True
