"""Folders and canonicalization patterns of affine.for, affine.if and affine.parallel, and the
affine.load folds (MLIR 19 AffineOps.cpp):

- affine.for fold: constant-folds bound maps, composes/canonicalizes them (dropping bound
  results made redundant by the constant ranges of enclosing loop IVs, and adjacent duplicate
  results) and replaces a zero-trip loop with its init values; AffineForEmptyLoopFolder
  forwards the init values (or values from above) through loops whose body is just a yield.
- affine.if fold: composes producer affine.apply ops into the set and canonicalizes it;
  SimplifyDeadElse drops an empty else; AlwaysTrueOrFalseIf inlines the taken branch.
- affine.parallel fold: composes its bound maps.
- affine.load fold: through memref.cast, and from a constant memref.global.

Map helpers come from canonicalize.py. Attached by `attach(AFFINE)` in __init__.py."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, AffineExprKind, IntegerSet, constant
from pyopt.ir.attributes import (AffineMapAttr, IntegerSetAttr, IntegerAttr, FloatAttr,
                              DenseElementsAttr)
from pyopt.ir.core import BlockArgument
from pyopt.ir.types import FloatType, IntegerType, IndexType
from pyopt.rewrite.folding import constant_value
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern
from pyopt.ir.opdef import segment_sizes
from pyopt.dialects.affine.control import trip_count
from pyopt.dialects.affine.canonicalize import (compose_map_and_operands,
                                                canonicalize_map_and_operands)
from pyopt.analysis.presburger.flatten import Flattener

_CONST = AffineExprKind.CONSTANT
_FLOORDIV = AffineExprKind.FLOORDIV
_CEILDIV = AffineExprKind.CEILDIV
_MOD = AffineExprKind.MOD


def _div_floor(a, b):
    return a // b


def _div_ceil(a, b):
    return -((-a) // b)


def _c_rem(a, b):
    """C++ `%` (truncating)."""
    r = abs(a) % abs(b)
    return -r if a < 0 else r


# ------------------------------------------------------------------ affine.for bounds
def _for_parts(op):
    """(lower-bound operands, upper-bound operands, inits) of an affine.for."""
    sizes = op.properties["operandSegmentSizes"].values
    ops = op.operands
    a, b = sizes[0], sizes[0] + sizes[1]
    return ops[:a], ops[a:b], ops[b:]


def _set_bounds(op, lb_map, lb_ops, ub_map, ub_ops):
    _, _, inits = _for_parts(op)
    op.properties["lowerBoundMap"] = AffineMapAttr(lb_map)
    op.properties["upperBoundMap"] = AffineMapAttr(ub_map)
    op.properties["operandSegmentSizes"] = segment_sizes([len(lb_ops), len(ub_ops),
                                                          len(inits)])
    op.set_operands(list(lb_ops) + list(ub_ops) + list(inits))


def _bound_maps(op):
    return op.properties["lowerBoundMap"].value, op.properties["upperBoundMap"].value


def _const_operands(values):
    out = []
    for v in values:
        d = v.defining_op() if hasattr(v, "defining_op") else None
        a = constant_value(d) if d is not None else None
        out.append(a.value if type(a) is IntegerAttr else None)
    return out


def _fold_bound(m, operands, lower):
    """foldLowerOrUpperBound: the max (lower) / min (upper) of the map's results when all of
    them fold to constants, else None."""
    ints = m.constant_fold(_const_operands(operands))
    if not ints:
        return None
    return max(ints) if lower else min(ints)


def _fold_loop_bounds(op):
    lb_map, ub_map = _bound_maps(op)
    lb_ops, ub_ops, _ = _for_parts(op)
    changed = False
    if not lb_map.is_single_constant():
        c = _fold_bound(lb_map, lb_ops, True)
        if c is not None:
            lb_map, lb_ops, changed = AffineMap.get_constant_map(c), [], True
    if not ub_map.is_single_constant():
        c = _fold_bound(ub_map, ub_ops, False)
        if c is not None:
            ub_map, ub_ops, changed = AffineMap.get_constant_map(c), [], True
    if changed:
        _set_bounds(op, lb_map, lb_ops, ub_map, ub_ops)
    return changed


def for_iv_owner(v):
    """getForInductionVarOwner: the affine.for whose induction variable `v` is."""
    if type(v) is not BlockArgument or v.index != 0:
        return None
    block = v.owner
    region = block.parent if block is not None else None
    op = region.parent if region is not None else None
    return op if op is not None and op.name == "affine.for" else None


def _iv_lower_bound(v):
    f = for_iv_owner(v)
    if f is None:
        return None
    lb = f.properties["lowerBoundMap"].value
    return lb.results[0].value if lb.is_single_constant() else None


def _iv_upper_bound(v):
    """The largest value the IV takes (inclusive), exact when the lower bound is known."""
    f = for_iv_owner(v)
    if f is None:
        return None
    lb, ub = _bound_maps(f)
    if not ub.is_single_constant():
        return None
    u = ub.results[0].value
    if lb.is_single_constant():
        step = f.properties["step"].value
        return u - 1 - _c_rem(u - lb.results[0].value - 1, step)
    return u - 1


def bound_for_expr(e, nd, ns, lbs, ubs, upper):
    """getBoundForAffineExpr: a constant bound of `e` given constant operand ranges."""
    k = e.kind
    if k is _FLOORDIV or k is _CEILDIV:
        rhs = e.rhs
        if rhs.kind is not _CONST or rhs.value < 1:
            return None
        b = bound_for_expr(e.lhs, nd, ns, lbs, ubs, upper)
        if b is None:
            return None
        return _div_floor(b, rhs.value) if k is _FLOORDIV else _div_ceil(b, rhs.value)
    if k is _MOD and e.rhs.kind is _CONST and e.rhs.value >= 1:
        c = e.rhs.value
        lo = bound_for_expr(e.lhs, nd, ns, lbs, ubs, False)
        hi = bound_for_expr(e.lhs, nd, ns, lbs, ubs, upper)
        if lo is not None and hi is not None and lo // c == hi // c:
            return hi % c if upper else lo % c
        return c - 1 if upper else 0
    f = Flattener(nd, ns)
    if not e.is_pure_affine() or not f.flatten(e) or f.local_exprs:
        return None
    flat = f.stack[-1]
    bound = 0
    for i in range(nd + ns):
        coef = flat[i]
        if coef == 0:
            continue
        b = (ubs[i] if upper else lbs[i]) if coef > 0 else (lbs[i] if upper else ubs[i])
        if b is None:
            return None
        bound += b * coef
    return bound + flat[-1]


def _simplify_min_or_max(m, operands, is_max):
    """simplifyMinOrMaxExprWithOperands: drops results that can never be the max (min)
    given constant ranges of IV operands, and turns results of a single value into
    constants."""
    if not operands:
        return m
    lbs = [_iv_lower_bound(v) for v in operands]
    ubs = [_iv_upper_bound(v) for v in operands]
    nd, ns = m.num_dims, m.num_symbols
    lows, highs = [], []
    for e in m.results:
        if e.kind is _CONST:
            lows.append(e.value)
            highs.append(e.value)
        else:
            lows.append(bound_for_expr(e, nd, ns, lbs, ubs, False))
            highs.append(bound_for_expr(e, nd, ns, lbs, ubs, True))
    # For max: e_i is redundant when some other result's lower bound exceeds its upper
    # bound (min: the mirror image); of two equal constants the first is kept.
    mine, other = (highs, lows) if is_max else (lows, highs)
    beats = (lambda a, b: a > b) if is_max else (lambda a, b: a < b)
    kept = []
    for i, e in enumerate(m.results):
        if lows[i] is not None and highs[i] is not None and lows[i] == highs[i]:
            e = constant(lows[i])
        if mine[i] is None:
            kept.append(e)
            continue
        redundant = False
        for pos, ob in enumerate(other):
            if pos == i or ob is None:
                continue
            if beats(ob, mine[i]):
                redundant = True
                break
            if ob != mine[i]:
                continue
            if (mine[pos] is not None and other[i] is not None and lows[i] == highs[i]
                    and ob == mine[pos] and i < pos):
                continue
            redundant = True
            break
        if not redundant:
            kept.append(e)
    return AffineMap(nd, ns, kept)


def _remove_adjacent_duplicates(m):
    """removeDuplicateExprs (llvm::unique: only consecutive repeats)."""
    out = []
    for e in m.results:
        if not out or out[-1] != e:
            out.append(e)
    return AffineMap(m.num_dims, m.num_symbols, out)


def _canonicalize_loop_bounds(op):
    lb_ops, ub_ops, _ = _for_parts(op)
    old_lb, old_ub = _bound_maps(op)
    lb, lb_ops = compose_map_and_operands(old_lb, lb_ops)
    lb, lb_ops = canonicalize_map_and_operands(lb, lb_ops)
    lb = _simplify_min_or_max(lb, lb_ops, True)
    # (upstream simplifies the upper bound against its operands before composing them)
    ub = _simplify_min_or_max(old_ub, ub_ops, False)
    lb = _remove_adjacent_duplicates(lb)
    ub, ub_ops = compose_map_and_operands(ub, ub_ops)
    ub, ub_ops = canonicalize_map_and_operands(ub, ub_ops)
    ub = _remove_adjacent_duplicates(ub)
    if lb == old_lb and ub == old_ub:
        return False
    cur_lb, cur_ub, _ = _for_parts(op)
    if lb == old_lb:
        lb_ops = cur_lb
    if ub == old_ub:
        ub_ops = cur_ub
    _set_bounds(op, lb, lb_ops, ub, ub_ops)
    return True


def _fold_for(op, consts):
    folded = _fold_loop_bounds(op)
    folded |= _canonicalize_loop_bounds(op)
    if op.results and trip_count(op) == 0:
        return list(_for_parts(op)[2])
    return [] if folded else None


def _empty_loop_folder(op, rw):
    """AffineForEmptyLoopFolder: a loop whose body is only its yield yields its inits (or
    values from above); with an unknown trip count only when every result forwards its
    own iter_arg, and when it iterates twice or more only without permuted iter_args."""
    body = op.regions[0].blocks[0]
    yield_op = body.first
    if yield_op is not body.last or not op.results:
        return False  # (a result-less empty loop is trivially dead anyway)
    inits = _for_parts(op)[2]
    tc = trip_count(op)
    if tc == 0:
        rw.replace_op(op, inits)
        return True
    iter_args = body.args[1:]
    pos_of = {a: i for i, a in enumerate(iter_args)}
    repl, from_above, permuted = [], False, False
    for i, v in enumerate(yield_op.operands):
        pos = pos_of.get(v)
        if pos is None:
            if v is body.args[0]:
                return False  # the IV has no value outside the loop
            from_above = True
            repl.append(v)
            continue
        permuted |= pos != i
        repl.append(inits[pos])
    if tc is None and (from_above or permuted):
        return False
    if tc is not None and tc >= 2 and permuted:
        return False
    rw.replace_op(op, repl)
    return True


# ------------------------------------------------------------------ affine.if
def _set_as_map(s):
    return AffineMap(s.num_dims, s.num_symbols, s.constraints)


def _map_as_set(m, eq_flags):
    return IntegerSet(m.num_dims, m.num_symbols, m.results, eq_flags)


def _fold_if(op, consts):
    """Composes affine.apply producers into the condition and canonicalizes it in place."""
    old = op.get_attr("condition").value
    old_ops = op.operands
    m, ops = _set_as_map(old), old_ops
    if any(_is_apply(v) for v in ops):
        m, ops = compose_map_and_operands(m, ops)
    # canonicalizeSetAndOperands only renumbers dims/symbols: the map form does the same.
    m, ops = canonicalize_map_and_operands(m, ops)
    s = _map_as_set(m, old.eq_flags)
    if s == old and len(ops) == len(old_ops) and all(a is b for a, b in zip(ops, old_ops)):
        return None
    op.set_attr("condition", IntegerSetAttr(s))
    op.set_operands(ops)
    return []


def _is_apply(v):
    d = v.defining_op() if hasattr(v, "defining_op") else None
    return d is not None and d.name == "affine.apply"


def _simplify_dead_else(op, rw):
    els = op.regions[1]
    if not els.blocks or op.results:
        return False
    b = els.blocks[0]
    if b.first is not b.last:
        return False
    rw.erase_block(b)
    rw.modify_op_in_place(op)
    return True


def _always_true_or_false_if(op, rw):
    s = op.get_attr("condition").value
    if s.is_empty_integer_set():
        has_else = bool(op.regions[1].blocks)
        if not op.results and not has_else:
            rw.erase_op(op)
            return True
        block = op.regions[1].blocks[0]
    elif s.num_equalities == 1 and s.num_inequalities == 0 and \
            s.constraints[0] == constant(0):
        block = op.regions[0].blocks[0]
    else:
        return False
    term = block.last
    values = term.operands
    rw.inline_block_before(block, op.parent, op)
    rw.replace_op(op, values)
    rw.erase_op(term)
    return True


# ------------------------------------------------------------------ affine.parallel
def _fold_parallel(op, consts):
    """AffineValueMap::canonicalize (composition) of both bound maps, in place."""
    props = op.properties
    lb_map, ub_map = props["lowerBoundsMap"].value, props["upperBoundsMap"].value
    ops = op.operands
    lb_ops, ub_ops = ops[:lb_map.num_inputs], ops[lb_map.num_inputs:]
    new = []
    changed = False
    for m, vals in ((lb_map, lb_ops), (ub_map, ub_ops)):
        nm, nvals = compose_map_and_operands(m, vals)
        same = nm == m and len(nvals) == len(vals) and all(a is b for a, b in zip(nvals, vals))
        changed |= not same
        new.append((m, vals) if same else (nm, nvals))
    if not changed:
        return None
    (lb_map, lb_ops), (ub_map, ub_ops) = new
    props["lowerBoundsMap"] = AffineMapAttr(lb_map)
    props["upperBoundsMap"] = AffineMapAttr(ub_map)
    op.set_operands(list(lb_ops) + list(ub_ops))
    return []


# ------------------------------------------------------------------ affine.load
def _lookup_global(get_global):
    """The memref.global a memref.get_global names (SymbolTable::lookupSymbolIn of the
    nearest symbol table: a scan of its body, as upstream)."""
    table = get_global.parent_op
    while table is not None and not (table.opdef is not None and
                                     "SymbolTable" in table.opdef.traits):
        table = table.parent_op
    if table is None:
        return None
    name = get_global.get_attr("name")
    leaf = getattr(name, "root", None) or getattr(name, "leaf", None)
    for r in table.regions:
        for b in r.blocks:
            for o in b:
                sym = o.get_attr("sym_name")
                if sym is not None and sym.value == leaf:
                    return o if o.name == "memref.global" else None
    return None


def _element_attr(et, raw):
    if type(et) is FloatType:
        return FloatAttr(et, raw)
    if type(et) in (IntegerType, IndexType):
        return IntegerAttr(et, raw)
    return None


def _fold_load(op, consts):
    from pyopt.dialects.memref.canonicalize import fold_memref_cast
    if fold_memref_cast(op):
        return op.results[0]
    d = defining(op.memref, "memref.get_global")
    if d is None:
        return None
    g = _lookup_global(d)
    if g is None or g.get_attr("constant") is None:
        return None
    init = g.get_attr("initial_value")
    if type(init) is not DenseElementsAttr:
        return None
    et = init.element_type
    if init.is_splat:
        return _element_attr(et, init.values[0])
    m = op.get_attr("map").value
    if not m.is_constant():
        return None
    idx = m.get_constant_results()
    shape = init.type.shape
    if len(idx) != len(shape) or any(not 0 <= i < n for i, n in zip(idx, shape)):
        return None
    flat = 0
    for i, n in zip(idx, shape):
        flat = flat * n + i
    return _element_attr(et, init.values[flat])


def _fold_store(op, consts):
    from pyopt.dialects.memref.canonicalize import fold_memref_cast
    return [] if fold_memref_cast(op, op.value) else None


def _fold_casts(op, consts):
    """prefetch / dma_start / dma_wait of a memref.cast use its source."""
    from pyopt.dialects.memref.canonicalize import fold_memref_cast
    return [] if fold_memref_cast(op) else None


# ------------------------------------------------------------------ attaching
_FOLDS = {"affine.for": _fold_for, "affine.if": _fold_if, "affine.parallel": _fold_parallel,
          "affine.load": _fold_load, "affine.store": _fold_store,
          "affine.prefetch": _fold_casts, "affine.dma_start": _fold_casts,
          "affine.dma_wait": _fold_casts}
_PATTERNS = {
    "affine.for": [RewritePattern(None, 1, _empty_loop_folder, "AffineForEmptyLoopFolder")],
    "affine.if": [RewritePattern(None, 1, _simplify_dead_else, "SimplifyDeadElse"),
                  RewritePattern(None, 1, _always_true_or_false_if, "AlwaysTrueOrFalseIf")],
}


def attach(dialect):
    dialect.attach_rewrites(_FOLDS, _PATTERNS)
