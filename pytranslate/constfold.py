"""LLVM 19's constant folding rules (ConstantFold.cpp / ConstantFolder), on plain values.

Both directions of the translation fold constants: the importer when the LL parser builds a
constant expression (ConstantExpr::get folds `add (i64 1, i64 2)` to 3), the export when
IRBuilder emits an instruction whose operands are constants. Each side has its own
representation (the importer's constant objects, the export's constant texts): it reads its
operands into Python ints (or the markers below) and turns the answer back into its own
form; the rules themselves live here, once.

Answers: an int (the result's bits, to be truncated to the result's width by the caller), or
one of the markers POISON, UNDEF, ZERO (the null value of the type), ONES (all bits set),
LHS / RHS (the left / right operand itself), or None (no fold: LLVM keeps the operation).
"""
from __future__ import annotations

POISON, UNDEF, ZERO, ONES, LHS, RHS = "poison", "undef", "zero", "ones", "lhs", "rhs"

# the binary operators LLVM 19 still has as constant expressions
CONSTEXPR_BINOPS = frozenset(("add", "sub", "mul", "xor"))
# the casts LLVM 19 may keep as constant expressions
CONSTEXPR_CASTS = frozenset({"trunc", "ptrtoint", "inttoptr", "bitcast", "addrspacecast"})
# casts of undef that give the null value (ConstantFoldCastInstruction)
ZERO_ON_UNDEF_CASTS = frozenset({"zext", "sext", "uitofp", "sitofp"})
COMMUTATIVE = frozenset(("add", "mul", "and", "or", "xor", "fadd", "fmul"))

# identity constants: op -> (value, on the right only) (ConstantExpr::getBinOpIdentity)
INT_IDENTITY = {"add": (0, False), "or": (0, False), "xor": (0, False), "mul": (1, False),
                "and": (-1, False), "sub": (0, True), "shl": (0, True), "lshr": (0, True),
                "ashr": (0, True), "udiv": (1, True), "sdiv": (1, True)}
FLOAT_IDENTITY = {"fadd": (-0.0, False), "fmul": (1.0, False), "fsub": (0.0, True),
                  "fdiv": (1.0, True)}


def int_rhs_rule(op, y, w):
    """The fold of `x op y` for a constant right operand `y` (any left operand), before
    both are known: LHS, RHS, POISON, 0, or None."""
    ones = (1 << w) - 1
    y &= ones
    if op in ("add", "sub", "or", "xor") and y == 0:
        return LHS
    if op == "mul" and y in (0, 1):
        return RHS if y == 0 else LHS
    if op in ("udiv", "sdiv", "urem", "srem") and y in (0, 1):
        return POISON if y == 0 else LHS if op.endswith("div") else 0
    if op == "and" and y in (0, ones):
        return RHS if y == 0 else LHS
    if op == "or" and y == ones:
        return RHS
    return None


def int_undef_rule(op, a, b):
    """The fold of an integer `a op b` with an undef operand: `a` and `b` are UNDEF, the
    operand's int value, or None (not a plain integer). UNDEF, ZERO, ONES, POISON or None."""
    both = a is UNDEF and b is UNDEF
    if op == "xor":
        return ZERO if both else UNDEF
    if op in ("add", "sub"):
        return UNDEF
    if op == "and":
        return UNDEF if both else ZERO
    if op == "mul":
        if both:
            return UNDEF
        c = a if b is UNDEF else b
        return UNDEF if c is not None and c & 1 else ZERO
    if op in ("sdiv", "udiv", "urem", "srem"):
        return POISON if b is UNDEF or b == 0 else ZERO
    if op == "or":
        return UNDEF if both else ONES
    if op in ("lshr", "ashr", "shl"):
        return POISON if b is UNDEF else ZERO
    return None


def int_arith(op, x, y, w):
    """`x op y` on `w`-bit integers: the result's bits (0 <= r < 2**w), POISON, or None for
    an operator this does not know."""
    mask = (1 << w) - 1
    ux, uy = x & mask, y & mask
    sx = ux - (1 << w) if ux >> (w - 1) else ux
    sy = uy - (1 << w) if uy >> (w - 1) else uy
    if op == "add":
        r = ux + uy
    elif op == "sub":
        r = ux - uy
    elif op == "mul":
        r = ux * uy
    elif op == "and":
        r = ux & uy
    elif op == "or":
        r = ux | uy
    elif op == "xor":
        r = ux ^ uy
    elif op in ("shl", "lshr", "ashr"):
        if uy >= w:
            return POISON
        r = ux << uy if op == "shl" else ux >> uy if op == "lshr" else sx >> uy
    elif op in ("udiv", "urem"):
        if uy == 0:
            return POISON
        r = ux // uy if op == "udiv" else ux % uy
    elif op in ("sdiv", "srem"):
        if sy == 0 or (sy == -1 and sx == -(1 << (w - 1))):
            return POISON
        q = abs(sx) // abs(sy) * (1 if (sx < 0) == (sy < 0) else -1)
        r = q if op == "sdiv" else sx - q * sy
    else:
        return None
    return r & mask


def int_cast(op, v, src_width, dst_kind, dst_width):
    """The bits of the integer `v` (of `src_width` bits) cast by `op` to an integer
    (`dst_kind` "int") or a float (`dst_kind` "float") of `dst_width` bits, for the casts that
    only move bits (trunc, zext, sext, bitcast); None for any other."""
    if dst_kind == "int":
        if op == "zext":
            return v & ((1 << src_width) - 1)
        if op in ("sext", "trunc"):
            return v
        return None
    if dst_kind == "float" and op == "bitcast" and dst_width == src_width:
        return v & ((1 << src_width) - 1)
    return None


def all_ones(bits, width):
    """Whether `bits` has all its `width` low bits set (FoldBitCast splats such a scalar)."""
    return bits & ((1 << width) - 1) == (1 << width) - 1
