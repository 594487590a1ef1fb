"""InferIntRangeInterface models (pyopt/interfaces/int_range.py) of the arith and index ops
and of the test dialect's range probes: functions (op, operand ranges) -> result ranges.
Operand ranges are IntRange or None (uninitialized); a None result leaves that result's range
untouched. Most ops need every operand known (`_all_known`); arith.select works on partial
knowledge, as upstream's inferResultRangesFromOptional does. Attached when the dialects are
loaded (pyopt/dialects/__init__.py: EXTERNAL_MODELS).
"""
from __future__ import annotations

from pyopt.analysis import int_range as ir_
from pyopt.dialects.arith import ARITH
from pyopt.dialects.index import INDEX_DIALECT
from pyopt.dialects.test import TEST_DIALECT
from pyopt.interfaces import attach
from pyopt.interfaces.int_range import INFER_INT_RANGE
from pyopt.analysis.int_range import IntRange, storage_width
from pyopt.ir.attributes import IntegerAttr, normalize_int
from pyopt.ir.types import IntegerType


def _all_known(fn):
    def infer(op, args):
        if any(a is None for a in args):
            return None
        return fn(op, args)
    return infer


def _flags(op):
    f = op.properties.get("overflowFlags")
    v = getattr(f, "value", 0) or 0
    return (ir_.NSW if v & 1 else 0) | (ir_.NUW if v & 2 else 0)


def _result_width(op):
    return storage_width(op.results[0].type)


# -- arith ----------------------------------------------------------------------------------
def _arith_constant(op, args):
    attr = op.properties.get("value")
    w = _result_width(op)
    if type(attr).__name__ != "IntegerAttr" or w == 0:
        return None
    return [IntRange.constant(attr.value, w)]


def _plain(fn):
    return _all_known(lambda op, args: [fn(args)])


def _with_flags(fn):
    return _all_known(lambda op, args: [fn(args, _flags(op))])


def _ext(fn):
    return _all_known(lambda op, args: [fn(args[0], _result_width(op))])


def _cast(ext):
    """arith.index_cast(ui): extend (signed / unsigned), truncate or keep."""
    def infer(op, args):
        src, dst = storage_width(op.in_.type), _result_width(op)
        if src < dst:
            return [ext(args[0], dst)]
        if src > dst:
            return [ir_.trunc_range(args[0], dst)]
        return [args[0]]
    return _all_known(infer)


def _cmp(pred_of, index):
    def infer(op, args):
        pred = pred_of(op)
        truth = ir_.evaluate_pred(pred, args[0], args[1])
        if index:  # the answer must hold for 32-bit index too
            t32 = ir_.evaluate_pred(pred, ir_.trunc_range(args[0], ir_.INDEX_MIN_WIDTH),
                                    ir_.trunc_range(args[1], ir_.INDEX_MIN_WIDTH))
            if t32 != truth:
                truth = None
        return [ir_.bool_range(truth)]
    return _all_known(infer)


def _select(op, args):
    cond, t, f = args
    c = cond.constant_value() if cond is not None else None
    if c is not None:
        return [f if c == 0 else t]
    if t is None:
        return [f]
    if f is None:
        return [t]
    return [t.union(f)]


# -- index ----------------------------------------------------------------------------------
def _index(fn, mode, flags=False):
    g = (lambda args: fn(args, 0)) if flags else fn
    return _all_known(lambda op, args: [ir_.infer_index_op(g, args, mode)])


def _like_dest(r, src, dst, signed):
    if src < dst:
        return ir_.ext_si_range(r, dst) if signed else ir_.ext_ui_range(r, dst)
    if src > dst:
        return ir_.trunc_range(r, dst)
    return r


def _index_cast(signed):
    def infer(op, args):
        from pyopt.ir.types import INDEX
        st = op.input.type
        src, dst = storage_width(st), _result_width(op)
        r = _like_dest(args[0], src, dst, signed)
        if st is INDEX:
            return [r]
        narrow = _like_dest(args[0], src, ir_.INDEX_MIN_WIDTH, signed)
        return [r.union(ir_.ext_range(narrow, dst))]
    return _all_known(infer)


def _index_constant(op, args):
    return [IntRange.constant(op.properties["value"].value, ir_.INDEX_MAX_WIDTH)]


def _bool_constant(op, args):
    return [IntRange.constant(1 if op.properties["value"].value else 0, 1)]


def _sizeof(op, args):
    return [IntRange.from_unsigned(ir_.INDEX_MIN_WIDTH, ir_.INDEX_MAX_WIDTH,
                                   ir_.INDEX_MAX_WIDTH)]


# -- the test dialect's range probes (see pyopt.dialects.test) ----------------------------------
def _test_with_bounds(op, args):
    w = _result_width(op)
    m = (1 << w) - 1
    p = op.properties
    return [IntRange(w, p["umin"].value & m, p["umax"].value & m,
                     ir_.to_signed(p["smin"].value, w), ir_.to_signed(p["smax"].value, w))]


def _test_increment(op, args):
    r = args[0]
    w = r.width
    return [IntRange(w, min(r.umin + 1, (1 << w) - 1), min(r.umax + 1, (1 << w) - 1),
                     min(r.smin + 1, (1 << (w - 1)) - 1), min(r.smax + 1, (1 << (w - 1)) - 1))]


def _test_reflect_bounds(op, args):
    """Records the operand's range on the op (as upstream's test op does while inferring)."""
    r = args[0]
    t = op.results[0].type
    if isinstance(t, IntegerType):
        st, ut = IntegerType(t.width, IntegerType.SIGNED), IntegerType(t.width, IntegerType.UNSIGNED)
    else:
        st = ut = t
    for key, ty, v in (("umin", ut, r.umin), ("umax", ut, r.umax), ("smin", st, r.smin),
                       ("smax", st, r.smax)):
        op.properties[key] = IntegerAttr(ty, normalize_int(v, ty))
    return [r]


_B, _S, _U = ir_.BOTH, ir_.SIGNED, ir_.UNSIGNED

_MODELS = {
    "arith.constant": _arith_constant,
    "arith.addi": _with_flags(ir_.infer_add),
    "arith.subi": _with_flags(ir_.infer_sub),
    "arith.muli": _with_flags(ir_.infer_mul),
    "arith.divui": _plain(ir_.infer_divu),
    "arith.divsi": _plain(ir_.infer_divs),
    "arith.ceildivui": _plain(ir_.infer_ceildivu),
    "arith.ceildivsi": _plain(ir_.infer_ceildivs),
    "arith.floordivsi": _plain(ir_.infer_floordivs),
    "arith.remui": _plain(ir_.infer_remu),
    "arith.remsi": _plain(ir_.infer_rems),
    "arith.andi": _plain(ir_.infer_and),
    "arith.ori": _plain(ir_.infer_or),
    "arith.xori": _plain(ir_.infer_xor),
    "arith.maxsi": _plain(ir_.infer_maxs),
    "arith.maxui": _plain(ir_.infer_maxu),
    "arith.minsi": _plain(ir_.infer_mins),
    "arith.minui": _plain(ir_.infer_minu),
    "arith.extui": _ext(ir_.ext_ui_range),
    "arith.extsi": _ext(ir_.ext_si_range),
    "arith.trunci": _ext(ir_.trunc_range),
    "arith.index_cast": _cast(ir_.ext_si_range),
    "arith.index_castui": _cast(ir_.ext_ui_range),
    "arith.cmpi": _cmp(lambda op: op.properties["predicate"].value, False),
    "arith.select": _select,
    "arith.shli": _with_flags(ir_.infer_shl),
    "arith.shrui": _plain(ir_.infer_shru),
    "arith.shrsi": _plain(ir_.infer_shrs),

    "test.with_bounds": _test_with_bounds,
    "test.increment": _all_known(_test_increment),
    "test.reflect_bounds": _all_known(_test_reflect_bounds),

    "index.constant": _index_constant,
    "index.bool.constant": _bool_constant,
    "index.add": _index(ir_.infer_add, _B, True),
    "index.sub": _index(ir_.infer_sub, _B, True),
    "index.mul": _index(ir_.infer_mul, _B, True),
    "index.divu": _index(ir_.infer_divu, _U),
    "index.divs": _index(ir_.infer_divs, _S),
    "index.ceildivu": _index(ir_.infer_ceildivu, _U),
    "index.ceildivs": _index(ir_.infer_ceildivs, _S),
    "index.floordivs": _index(ir_.infer_floordivs, _S),
    "index.rems": _index(ir_.infer_rems, _S),
    "index.remu": _index(ir_.infer_remu, _U),
    "index.maxs": _index(ir_.infer_maxs, _S),
    "index.maxu": _index(ir_.infer_maxu, _U),
    "index.mins": _index(ir_.infer_mins, _S),
    "index.minu": _index(ir_.infer_minu, _U),
    "index.shl": _index(ir_.infer_shl, _B, True),
    "index.shrs": _index(ir_.infer_shrs, _S),
    "index.shru": _index(ir_.infer_shru, _U),
    "index.and": _index(ir_.infer_and, _U),
    "index.or": _index(ir_.infer_or, _U),
    "index.xor": _index(ir_.infer_xor, _U),
    "index.casts": _index_cast(True),
    "index.castu": _index_cast(False),
    "index.cmp": _cmp(lambda op: op.properties["pred"].value, True),
    "index.sizeof": _sizeof,
}


def _attach():
    ops = {**ARITH.ops, **INDEX_DIALECT.ops, **TEST_DIALECT.ops}
    for name, infer in _MODELS.items():
        attach(ops[name], INFER_INT_RANGE, infer)


_attach()
