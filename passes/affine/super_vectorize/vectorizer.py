"""Vectorizing one matched loop nest (upstream's vectorizeLoopNest and the per-op rules of
SuperVectorize.cpp). A new vector loop nest is built next to the scalar one, op by op in
pre-order; on success the scalar nest is erased, on failure the vector nest is."""
from __future__ import annotations

from pyopt.dialects.affine.canonicalize import compose_map_and_operands
from pyopt.dialects.vector.attrs import KIND, CombiningKindAttr
from pyopt.dialects.vector.folds import splat_of
from pyopt.ir.affine import AffineExprKind, AffineMap, dim
from pyopt.ir.attributes import (AffineMapAttr, ArrayAttr, BoolAttr,
                                 FloatAttr, IntegerAttr, normalize_int)
from pyopt.ir.core import Block, Region
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import I1, INDEX, FloatType, VectorType
from pyopt.rewrite.rewriter import Builder

from passes.affine.super_vectorize.analysis import (
    access_parts, body, for_iv_owner, for_parts, is_valid_vector_element, iv_of, iter_args,
    make_permutation_map, match_reduction, vectorizable_body)


class Strategy:
    """Vector sizes, the loops to vectorize (-> vector dim) and the reductions per loop."""

    def __init__(self, vector_sizes, reduction_loops=None):
        self.vector_sizes = list(vector_sizes)
        self.loop_to_dim = {}
        self.reduction_loops = reduction_loops or {}


# AtomicRMWKind -> (vector.reduction kind, scalar combiner)
_REDUCE = {
    "addf": ("add", "arith.addf"), "addi": ("add", "arith.addi"),
    "mulf": ("mul", "arith.mulf"), "muli": ("mul", "arith.muli"),
    "minimumf": ("minimumf", "arith.minimumf"), "maximumf": ("maximumf", "arith.maximumf"),
    "mins": ("minsi", "arith.minsi"), "maxs": ("maxsi", "arith.maxsi"),
    "minu": ("minui", "arith.minui"), "maxu": ("maxui", "arith.maxui"),
    "andi": ("and", "arith.andi"), "ori": ("or", "arith.ori"),
}


def identity_attr(kind, t):
    """arith::getIdentityValueAttr."""
    if isinstance(t, FloatType):
        x = {"maximumf": float("-inf"), "minimumf": float("inf"), "addf": 0.0,
             "mulf": 1.0}.get(kind)
        return None if x is None else FloatAttr.from_float(t, x)
    w = getattr(t, "width", 64)
    v = {"addi": 0, "maxu": 0, "ori": 0, "andi": -1, "maxs": -(1 << (w - 1)),
         "mins": (1 << (w - 1)) - 1, "minu": -1, "muli": 1}.get(kind)
    return None if v is None else IntegerAttr(t, normalize_int(v, t))


class _Failed(Exception):
    pass


class State:
    def __init__(self, ctx, strategy):
        self.b = Builder(ctx)
        self.strategy = strategy
        self.op_vec = {}
        self.val_vec = {}
        self.val_scalar = {}
        self.loop_result_scalar = {}
        self.vec_loop_dim = {}
        self.vec_loop_mask = {}
        self.outside = []  # ops built after the vector root (erased with it on failure)

    def vtype(self, t):
        return VectorType(self.strategy.vector_sizes, t)

    def scalar(self, v):
        return self.val_scalar.get(v, v)

    def register_op(self, old, new):
        self.op_vec[old] = new
        for a, b in zip(old.results, new.results):
            self.val_vec[a] = b

    def register_value(self, old, new_op):
        d = old.defining_op()
        if d is not None:
            self.register_op(d, new_op)
        else:
            self.val_vec[old] = new_op.results[0]

    def create(self, name, operands=(), types=(), props=None, attrs=None, loc=None):
        return self.b.create(name, operands, types, properties=props, attributes=attrs, loc=loc)

    def constant(self, attr, t, loc):
        return self.create("arith.constant", [], [t], {"value": attr}, loc=loc)


# ------------------------------------------------------------------ operands
def _vectorize_constant(op, st):
    t = op.results[0].type
    if not is_valid_vector_element(t):
        return None
    vt = st.vtype(t)
    attr = splat_of(vt, op.get_attr("value"))
    if attr is None:
        return None
    p = st.b.block.parent_op
    while p is not None and p not in st.vec_loop_dim:
        p = p.parent_op
    if p is None:
        return None
    ip = st.b.save()
    st.b.set_insertion_point_to_start(body(p))
    new = st.constant(attr, vt, op.loc)
    st.b.restore(ip)
    st.register_op(op, new)
    return new


def _is_uniform(v, strategy):
    loop = for_iv_owner(v)
    if loop is not None and loop not in strategy.loop_to_dim:
        return True
    owner = v.defining_op()
    where = owner.parent_op if owner is not None else v.owner.parent_op
    for lp in strategy.loop_to_dim:
        if where is not None and lp.is_ancestor_of(where):
            return False
    return True


def _vectorize_uniform(v, st):
    s = st.scalar(v)
    ip = st.b.save()
    d = s.defining_op()
    if d is None:
        st.b.set_insertion_point_to_start(s.owner)
    else:
        st.b.set_insertion_point_after(d)
    loc = v_loc(v)  # (the original value's location, not its replacement's)
    bc = st.create("vector.broadcast", [s], [st.vtype(v.type)], loc=loc)
    st.b.restore(ip)
    st.register_value(v, bc)
    return bc


def vectorize_operand(v, st):
    r = st.val_vec.get(v)
    if r is not None:
        return r
    if isinstance(v.type, VectorType):
        return None
    d = v.defining_op()
    if d is not None and d.name == "arith.constant":
        c = _vectorize_constant(d, st)
        return c.results[0] if c is not None else None
    if _is_uniform(v, st.strategy):
        return _vectorize_uniform(v, st).results[0]
    return None


# ------------------------------------------------------------------ memory ops
def _indices(op, amap, operands, memref, st):
    rank = len(memref.type.shape)
    if amap == AffineMap.get_multi_dim_identity(rank):
        return list(operands)
    out = []
    for e in amap.results:
        m = AffineMap.get(amap.num_dims, amap.num_symbols, [e])
        out.append(st.create("affine.apply", operands, [INDEX], {"map": AffineMapAttr(m)},
                             loc=op.loc).results[0])
    return out


def _bools(values):
    return ArrayAttr([BoolAttr(x) for x in values])


def _vectorize_load(op, st):
    memref, amap, operands = access_parts(op)
    et = memref.type.element_type
    vt = st.vtype(et)
    operands = [st.scalar(v) for v in operands]
    if amap != AffineMap.get_multi_dim_identity(len(memref.type.shape)):
        for v in operands:
            d = v.defining_op()
            if d is not None and d.name == "affine.apply":
                return None
    indices = _indices(op, amap, operands, memref, st)
    perm = make_permutation_map(st.b.block, indices, st.vec_loop_dim)
    if perm is None:
        return None
    # broadcast dims must be marked in bounds (as upstream, unchecked)
    in_bounds = [False] * len(st.strategy.vector_sizes)
    for i, e in enumerate(perm.results):
        if e.kind is AffineExprKind.CONSTANT and e.value == 0 and i < len(in_bounds):
            in_bounds[i] = True
    pad = st.constant(_zero_attr(et), et, op.loc).results[0]
    props = {"permutation_map": AffineMapAttr(perm), "in_bounds": _bools(in_bounds),
             "operandSegmentSizes": segment_sizes([1, len(indices), 1, 0])}
    new = st.create("vector.transfer_read", [memref] + indices + [pad], [vt], props, loc=op.loc)
    st.register_op(op, new)
    return new


def _zero_attr(t):
    if isinstance(t, FloatType):
        return FloatAttr.from_float(t, 0.0)
    return IntegerAttr(t, 0)


def _vectorize_store(op, st):
    memref, amap, operands = access_parts(op)
    value = vectorize_operand(op.value, st)
    if value is None:
        return None
    operands = [st.scalar(v) for v in operands]
    indices = _indices(op, amap, operands, memref, st)
    perm = make_permutation_map(st.b.block, indices, st.vec_loop_dim)
    if perm is None:
        return None
    props = {"permutation_map": AffineMapAttr(perm),
             "in_bounds": _bools([False] * len(st.strategy.vector_sizes)),
             "operandSegmentSizes": segment_sizes([1, 1, len(indices), 0])}
    new = st.create("vector.transfer_write", [value, memref] + indices, [], props, loc=op.loc)
    st.register_op(op, new)
    return new


# ------------------------------------------------------------------ loops
def _is_neutral(kind, v):
    d = v.defining_op()
    if d is None or d.name != "arith.constant" or not is_valid_vector_element(v.type):
        return False
    return d.get_attr("value") == identity_attr(kind, v.type)


def _create_for(st, loop, lb_ops, ub_ops, step, inits):
    props = {"lowerBoundMap": loop.properties["lowerBoundMap"],
             "upperBoundMap": loop.properties["upperBoundMap"],
             "step": IntegerAttr(INDEX, step),
             "operandSegmentSizes": segment_sizes([len(lb_ops), len(ub_ops), len(inits)])}
    # (as AffineForOp::build: the IV takes the loop's location, iter args their inits')
    blk = Block([INDEX] + [v.type for v in inits], [loop.loc] + [v_loc(v) for v in inits])
    region = Region([blk])
    return st.b.create("affine.for", list(lb_ops) + list(ub_ops) + list(inits),
                       [v.type for v in inits], properties=props,
                       regions=[region], loc=loop.loc)


def _vectorize_for(loop, st):
    strat = st.strategy
    is_vec = loop in strat.loop_to_dim
    inits = for_parts(loop)[2]
    step = loop.properties["step"].value
    if is_vec and inits and step != 1:
        return None
    new_step = step * strat.vector_sizes[strat.loop_to_dim[loop]] if is_vec else step
    reductions = []
    if is_vec and inits:
        reductions = strat.reduction_loops.get(loop)
        if reductions is None or len(reductions) != len(inits):
            return None
    vec_inits = []
    if not is_vec:
        for v in inits:
            nv = vectorize_operand(v, st)
            if nv is None:
                return None
            vec_inits.append(nv)
    else:
        for (kind, _, _), v in zip(reductions, inits):
            attr = identity_attr(kind, v.type)
            if attr is None:
                return None
            vt = st.vtype(v.type)
            vec_inits.append(st.constant(splat_of(vt, attr), vt, v_loc(v)).results[0])
    lb_ops, ub_ops, _ = for_parts(loop)
    new = _create_for(st, loop, [st.scalar(v) for v in lb_ops], [st.scalar(v) for v in ub_ops],
                      new_step, vec_inits)
    st.register_op(loop, new)
    st.val_scalar[iv_of(loop)] = iv_of(new)
    for a, b in zip(iter_args(loop), iter_args(new)):
        st.val_vec[a] = b
    if is_vec:
        for i, (kind, _, _) in enumerate(reductions):
            rkind, comb = _REDUCE[kind]
            res = new.results[i]
            red = st.create("vector.reduction", [res], [res.type.element_type],
                            {"kind": CombiningKindAttr(KIND[rkind])}, loc=new.loc)
            st.outside.append(red)
            final = red.results[0]
            orig = inits[i]
            if not _is_neutral(kind, orig):
                c = st.create(comb, [final, orig], [final.type], loc=new.loc)
                st.outside.append(c)
                final = c.results[0]
            st.loop_result_scalar[loop.results[i]] = final
        st.vec_loop_dim[new] = strat.loop_to_dim[loop]
    st.b.set_insertion_point_to_start(body(new))
    if is_vec and inits:
        _create_mask(new, st)
    return new


def v_loc(v):
    d = v.defining_op()
    return d.loc if d is not None else getattr(v, "loc", None)


def _create_mask(loop, st):
    lbm = loop.properties["lowerBoundMap"].value
    ubm = loop.properties["upperBoundMap"].value
    step = loop.properties["step"].value
    if lbm.is_single_constant() and ubm.is_single_constant():
        if (ubm.results[0].value - lbm.results[0].value) % step == 0:
            return None
    _, ub_ops, _ = for_parts(loop)
    loc = loop.loc
    ub = st.create("affine.apply" if ubm.num_results == 1 else "affine.min", ub_ops, [INDEX],
                   {"map": AffineMapAttr(ubm)}, loc=loc).results[0]
    m, ops = compose_map_and_operands(AffineMap.get(2, 0, [dim(0) - dim(1)]),
                                      [ub, iv_of(loop)])
    left = st.create("affine.apply", ops, [INDEX], {"map": AffineMapAttr(m)}, loc=loc)
    if not ub.has_uses():
        ub.defining_op().erase()
    mt = VectorType(st.strategy.vector_sizes, I1)
    mask = st.create("vector.create_mask", [left.results[0]], [mt], loc=loc).results[0]
    st.vec_loop_mask[loop] = mask
    return mask


def _widen(op, st):
    types = [st.vtype(r.type) for r in op.results]
    operands = []
    for v in op.operands:
        nv = vectorize_operand(v, st)
        if nv is None:
            return None
        operands.append(nv)
    new = st.create(op.name, operands, types, dict(op.properties), dict(op.attributes),
                    loc=op.loc)
    st.register_op(op, new)
    return new


def _vectorize_yield(op, st):
    new = _widen(op, st)
    if new is None:
        return None
    parent = st.b.block.parent_op
    mask = st.vec_loop_mask.get(parent)
    if mask is not None:
        args = iter_args(parent)
        inits = for_parts(parent)[2]
        for i in range(len(new.operand_slots)):
            reduced, combs = match_reduction(args, i)
            if reduced is None:
                continue
            st.b.set_insertion_point(combs[-1])
            sel = st.create("arith.select", [mask, reduced, inits[i]], [reduced.type],
                            loc=v_loc(reduced))
            for s in combs[-1].operand_slots:
                if s.value is reduced:
                    s.set(sel.results[0])
    st.b.set_insertion_point_after(parent)
    return new


def _vectorize_apply(op, st):
    operands = []
    for v in op.operands:
        if v in st.val_vec:
            return None
        operands.append(st.scalar(v))
    new = st.create("affine.apply", operands, [INDEX], dict(op.properties), loc=op.loc)
    st.val_scalar[op.results[0]] = new.results[0]
    return new


_RULES = {"affine.load": _vectorize_load, "affine.store": _vectorize_store,
          "affine.for": _vectorize_for, "affine.yield": _vectorize_yield,
          "arith.constant": _vectorize_constant, "affine.apply": _vectorize_apply}


def vectorize_one(op, st):
    rule = _RULES.get(op.name)
    if rule is not None:
        return rule(op, st)
    if op.regions:
        return None
    return _widen(op, st)


def vectorize_loop_nest(root, strategy, ctx):
    """Vectorizes the nest under `root` as `strategy` says; False when it cannot."""
    if not vectorizable_body(root):
        return False
    st = State(ctx, strategy)
    st.b.set_insertion_point_after(root)
    ok = True
    for op in root.walk_ops():
        if vectorize_one(op, st) is None:
            ok = False
            break
    if not ok:
        vroot = st.op_vec.get(root)
        for o in reversed(st.outside):
            if o.parent is not None and not o.results[0].has_uses():
                o.erase()
        if vroot is not None:
            _erase_nest(vroot)
        return False
    for old, new in st.loop_result_scalar.items():
        old.replace_all_uses_with(new)
    _erase_nest(root)
    return True


def _erase_nest(op):
    for o in op.walk_ops():
        for s in list(o.operand_slots):
            s._unlink()
        o.operand_slots = []
    op.detach()
    op.destroy()
