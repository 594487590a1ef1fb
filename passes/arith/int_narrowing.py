"""`arith-int-narrowing`: integer arithmetic whose operands are sign/zero extensions (or small
constants) is done in the narrowest supported bit width that still gives the same result,
then extended back; extensions are moved past vector ops that only move elements, to expose
more such cases. `int-bitwidths-supported` lists the widths to choose from (required)."""
from __future__ import annotations

from pyopt.ir.affine import AffineExprKind
from pyopt.ir.attributes import DenseElementsAttr, IntegerAttr
from pyopt.ir.types import INDEX, IntegerType, element_type_or_self
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.rewrite.matchers import constant_attr, constant_int, defining
from pyopt.ir.diagnostics import pass_failure
from pyopt.ir.types import with_element_type as _with_elem

SIGN, ZERO = "arith.extsi", "arith.extui"



def _type_bits(t):
    et = element_type_or_self(t)
    return et.width if type(et) is IntegerType else None


def _int_bits(v, w, kind):
    """Bits needed to hold `v` (a `w`-bit integer) so that the extension `kind` restores it."""
    if kind == ZERO:
        return max((v & ((1 << w) - 1)).bit_length(), 1)
    v &= (1 << w) - 1
    if v >> (w - 1):
        v -= 1 << w
    return (~v).bit_length() + 1 if v < 0 else v.bit_length() + 1


def _value_bits(value, kind):
    attr = constant_attr(value)
    if type(attr) is IntegerAttr:
        w = 64 if attr.type is INDEX else getattr(attr.type, "width", None)
        if w is not None:
            return _int_bits(attr.value, w, kind)
    if type(attr) is DenseElementsAttr:
        et = attr.type.element_type
        if et is INDEX or type(et) is IntegerType:
            w = 64 if et is INDEX else et.width
            if attr.is_splat:
                return _int_bits(attr.values[0], w, kind)
            return max([1] + [_int_bits(v, w, kind) for v in attr.values])
    ext = defining(value, kind)
    if ext is not None:
        return _type_bits(ext.in_.type)
    return _type_bits(value.type)


def _extension(value):
    """The defining arith.extsi / arith.extui of `value`, else None."""
    return defining(value, SIGN, ZERO)


class _Narrowing(RewritePattern):
    def __init__(self, root, widths, benefit=1):
        super().__init__(root, benefit)
        self.widths = widths

    def narrow_type(self, bits, orig):
        best = next((w for w in self.widths if w >= bits), None)
        if best is None:
            return None
        et = element_type_or_self(orig)
        if type(et) is not IntegerType:
            return None
        new = IntegerType(best)
        if new == et:
            return None
        return new if orig is et else _with_elem(orig, new)


def _trunc(rw, op, value, type_):
    return create_or_fold(rw, "arith.trunci", [value], [type_], op.loc)[0]


def _replace_with_ext(rw, ext, op, value):
    """Replaces `op` by an extension of `value` of the same kind as `ext`."""
    new = rw.create(ext.name, [value], [op.results[0].type], loc=op.loc)
    rw.replace_op(op, new)


# -- binary ops ------------------------------------------------------------------------------
class _BinaryNarrowing(_Narrowing):
    def __init__(self, root, widths, kinds, produced):
        super().__init__(root, widths)
        self.kinds, self.produced = kinds, produced

    def match_and_rewrite(self, op, rw):
        orig = op.results[0].type
        result_bits = _type_bits(orig)
        if result_bits is None:
            return False
        lhs, rhs = op.lhs, op.rhs
        ext = _extension(lhs)
        if ext is None or ext.name not in self.kinds:
            return False
        lb = _value_bits(ext.in_, ext.name)
        if lb is None or lb >= result_bits:
            return False
        rb = _value_bits(rhs, ext.name)
        if rb is None or rb >= result_bits:
            return False
        narrow = self.narrow_type(self.produced(max(lb, rb)), orig)
        if narrow is None or _type_bits(narrow) >= result_bits:
            return False
        new_l = _trunc(rw, op, lhs, narrow)
        new_r = _trunc(rw, op, rhs, narrow)
        res = rw.create(op.name, [new_l, new_r], [narrow], loc=op.loc).results[0]
        _replace_with_ext(rw, ext, op, res)
        return True


_BOTH = (SIGN, ZERO)
_BINARY = [  # op, extensions it applies to, result bits for operands of n bits
    ("arith.addi", _BOTH, lambda n: n + 1),
    ("arith.subi", (SIGN,), lambda n: n + 1),
    ("arith.muli", _BOTH, lambda n: 2 * n),
    ("arith.divsi", (SIGN,), lambda n: n + 1),
    ("arith.divui", (ZERO,), lambda n: n),
    ("arith.maxsi", (SIGN,), lambda n: n),
    ("arith.maxui", (ZERO,), lambda n: n),
    ("arith.minsi", (SIGN,), lambda n: n),
    ("arith.minui", (ZERO,), lambda n: n),
]


class _IToFP(_Narrowing):
    def __init__(self, root, widths, kind):
        super().__init__(root, widths)
        self.kind = kind

    def match_and_rewrite(self, op, rw):
        src = op.in_
        bits = _value_bits(src, self.kind)
        if bits is None:
            return False
        narrow = self.narrow_type(bits, src.type)
        if narrow is None:
            return False
        new_in = _trunc(rw, op, src, narrow)
        rw.replace_op_with_new_op(op, op.name, [new_in], [op.results[0].type])
        return True


class _IndexCast(_Narrowing):
    """index -> integer casts of an index whose bounds are known fit a narrower cast."""

    def __init__(self, root, widths, kind):
        super().__init__(root, widths)
        self.kind = kind

    def match_and_rewrite(self, op, rw):
        src = op.in_
        if src.type is not INDEX:
            return False
        bounds = _constant_bounds(src)
        if bounds is None:
            return False
        bits = max(_int_bits(b, 64, self.kind) for b in bounds)
        result = op.results[0].type
        if result.width <= bits:
            return False
        narrow = self.narrow_type(bits, result)
        if narrow is None:
            return False
        cast = rw.create(op.name, [src], [narrow], loc=op.loc).results[0]
        rw.replace_op_with_new_op(op, self.kind, [cast], [result])
        return True


def _constant_bounds(value, depth=0):
    """Closed constant bounds (lo, hi) of an index value: ValueBoundsConstraintSet's constant
    bounds for the producers it models that we can evaluate as intervals (constants, scf.for
    induction variables with constant bounds, arith.addi/subi, multiplication by a constant,
    linear affine.apply); None when unknown."""
    if depth > 32:
        return None
    c = constant_int(value)
    if c is not None:
        return (c, c)
    owner = value.owner
    if not hasattr(owner, "opdef"):
        loop = owner.parent.parent if owner.parent is not None else None
        if loop is not None and loop.name == "scf.for" and value is owner.args[0]:
            lb, ub = constant_int(loop.lowerBound), constant_int(loop.upperBound)
            if lb is not None and ub is not None and ub > lb:
                return (lb, ub - 1)
        return None
    name = owner.name
    if name in ("arith.addi", "arith.subi", "arith.muli"):
        a = _constant_bounds(owner.lhs, depth + 1)
        b = _constant_bounds(owner.rhs, depth + 1)
        if a is None or b is None:
            return None
        if name == "arith.addi":
            return (a[0] + b[0], a[1] + b[1])
        if name == "arith.subi":
            return (a[0] - b[1], a[1] - b[0])
        if a[0] != a[1] and b[0] != b[1]:
            return None  # not linear
        return _scale(a, b[0]) if b[0] == b[1] else _scale(b, a[0])
    if name == "affine.apply":
        m = owner.properties["map"].value
        if len(m.results) != 1:
            return None
        args = [_constant_bounds(v, depth + 1) for v in owner.operands]
        return _expr_bounds(m.results[0], args, m.num_dims)
    return None


def _scale(r, k):
    lo, hi = r[0] * k, r[1] * k
    return (min(lo, hi), max(lo, hi))


def _expr_bounds(e, args, num_dims):
    """Interval of a linear affine expression over operand intervals (None: unknown)."""
    k = e.kind
    if k is AffineExprKind.CONSTANT:
        return (e.value, e.value)
    if k is AffineExprKind.DIM or k is AffineExprKind.SYMBOL:
        return args[e.position + (num_dims if k is AffineExprKind.SYMBOL else 0)]
    if k is AffineExprKind.ADD:
        a = _expr_bounds(e.lhs, args, num_dims)
        b = _expr_bounds(e.rhs, args, num_dims)
        return None if a is None or b is None else (a[0] + b[0], a[1] + b[1])
    if k is AffineExprKind.MUL and e.rhs.kind is AffineExprKind.CONSTANT:
        a = _expr_bounds(e.lhs, args, num_dims)
        return None if a is None else _scale(a, e.rhs.value)
    return None


# -- extensions moved past vector ops ----------------------------------------------------------
class _ExtOver(_Narrowing):
    """`op(ext(x))` -> `ext(op(x))` for vector ops that only move elements: the same op on
    the narrow source, with the narrow element type."""

    def __init__(self, root, widths, source_index=0):
        super().__init__(root, widths, benefit=2)
        self.source_index = source_index

    def match_and_rewrite(self, op, rw):
        ext = _extension(op.operands[self.source_index])
        if ext is None:
            return False
        narrow_in = ext.in_
        operands = list(op.operands)
        operands[self.source_index] = narrow_in
        et = element_type_or_self(narrow_in.type)
        res_t = _with_elem(op.results[0].type, et)
        new = rw.create(op.name, operands, [res_t], properties=dict(op.properties),
                        loc=op.loc).results[0]
        _replace_with_ext(rw, ext, op, new)
        return True


class _ExtOverInsertion(_Narrowing):
    """Insertions of an extended value into a destination that also fits the narrow type."""

    def __init__(self, root, widths):
        super().__init__(root, widths, benefit=2)

    def match_and_rewrite(self, op, rw):
        src, dest = op.source, op.dest
        ext = _extension(src)
        if ext is None:
            return False
        orig_bits = _type_bits(op.results[0].type)
        if orig_bits is None:
            return False
        dest_bits = _value_bits(dest, ext.name)
        if dest_bits is None or dest_bits >= orig_bits:
            return False
        ins_bits = _value_bits(ext.in_, ext.name)
        if ins_bits is None or ins_bits >= orig_bits:
            return False
        bits = max(dest_bits, ins_bits)
        vec_t = self.narrow_type(bits, op.results[0].type)
        if vec_t is None or vec_t == op.results[0].type:
            return False
        val_t = self.narrow_type(bits, src.type)
        if val_t is None:
            return False
        narrow_val = _trunc(rw, op, src, val_t)
        narrow_dest = _trunc(rw, op, dest, vec_t)
        new = rw.create(op.name, [narrow_val, narrow_dest] + list(op.operands[2:]), [vec_t],
                        properties=dict(op.properties), loc=op.loc).results[0]
        _replace_with_ext(rw, ext, op, new)
        return True


_EXT_OVER = ("vector.broadcast", "vector.extract", "vector.extractelement",
             "vector.extract_strided_slice", "vector.shape_cast", "vector.transpose",
             "vector.flat_transpose")
_EXT_OVER_INSERT = ("vector.insert", "vector.insertelement", "vector.insert_strided_slice")


def narrowing_patterns(widths):
    widths = sorted(widths)
    pats = [_ExtOver(n, widths) for n in _EXT_OVER]
    pats += [_ExtOverInsertion(n, widths) for n in _EXT_OVER_INSERT]
    pats += [_BinaryNarrowing(n, widths, kinds, produced) for n, kinds, produced in _BINARY]
    pats += [_IToFP("arith.sitofp", widths, SIGN), _IToFP("arith.uitofp", widths, ZERO),
             _IndexCast("arith.index_cast", widths, SIGN),
             _IndexCast("arith.index_castui", widths, ZERO)]
    return pats


@register_pass("arith-int-narrowing", "Reduce integer operation bitwidth",
               options=[PassOption("int-bitwidths-supported", list, [],
                                   "Integer bitwidths supported")],
               display_name="ArithIntNarrowing")
def arith_int_narrowing(op, ctx, options):
    try:
        widths = [int(w, 0) if isinstance(w, str) else int(w)
                  for w in options["int-bitwidths-supported"]]
    except ValueError:
        raise pass_failure(op.loc)
    if not widths or 0 in widths:
        raise pass_failure(op.loc)
    apply_patterns_greedily(op, narrowing_patterns(widths), ctx,
                            GreedyConfig(top_down=False, region_simplification="aggressive"))
