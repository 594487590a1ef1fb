"""Hoisting vector transfers and broadcasts out of loops (MLIR 19 Linalg/Transforms/Hoisting.cpp,
what transform.structured.hoist_redundant_vector_transfers / _broadcasts run): a
transfer_read / transfer_write pair on the same memref at loop-invariant indices becomes a read
before the loop, a loop-carried vector and a write after it; a read with no aliasing write in
the loop just moves out. Loop-invariant code is hoisted first, each round."""
from __future__ import annotations

from pyopt.ir.affine import AffineConstantExpr, constant, dim
from pyopt.ir.core import BlockArgument, OpResult
from pyopt.ir.dominance import DominanceInfo
from pyopt.ir.memref_layout import simplify_affine_expr
from pyopt.ir.types import MemRefType
from pyopt.interfaces.loop_like import is_loop_like, iter_args_model
from pyopt.interfaces.view_like import view_source
from pyopt.rewrite.folding import is_memory_effect_free
from pyopt.rewrite.matchers import constant_int
from pyopt.rewrite.rewriter import PatternRewriter
from pyopt.dialects.vector.transfer_canonicalize import Transfer

from passes.affine.super_vectorize.slicing import forward_slice
from passes.transforms.licm import move_loop_invariant_code


def _loops(root):
    return [o for o in root.walk_ops() if is_loop_like(o)]


def _defined_outside(loop, v):
    owner = v.owner.parent_op if isinstance(v, BlockArgument) else v.owner
    return owner is None or not loop.is_ancestor_of(owner) or (
        isinstance(v, BlockArgument) and v.owner.parent_op is not loop and
        not loop.is_ancestor_of(v.owner.parent_op))


def _is_view(op):
    return op is not None and view_source(op) is not None


def _no_aliasing_use_in_loop(read, loop):
    """noAliasingUseInLoop: no op in the loop but reads may touch the read's buffer."""
    src = read.source
    while True:
        d = src.defining_op()
        if not _is_view(d):
            break
        src = view_source(d)
    users, done = list(src.users()), set()
    while users:
        u = users.pop()
        if u in done:
            continue
        done.add(u)
        if _is_view(u):
            for r in u.results:
                users.extend(r.users())
            continue
        if is_memory_effect_free(u) or u.name == "vector.transfer_read":
            continue
        if loop.is_ancestor_of(u):
            return False
    return True


def _as_affine(v):
    """(operands, expression) standing for index `v`: a constant, an affine.apply of its
    operands, or `v` itself as d0."""
    c = constant_int(v)
    if c is not None:
        return (), constant(c)
    d = v.defining_op() if isinstance(v, OpResult) else None
    if d is not None and d.name == "affine.apply":
        m = d.properties["map"].value
        return tuple(d.operands), m.results[0].replace_dims_and_symbols(
            [dim(i) for i in range(m.num_dims)],
            [dim(m.num_dims + i) for i in range(m.num_symbols)])
    return (v,), dim(0)


def _constant_difference(x, y):
    """x - y when it is a constant (ValueBoundsConstraintSet's question, for indices that are
    affine functions of the same values), else None."""
    ox, ex = _as_affine(x)
    oy, ey = _as_affine(y)
    if ox and oy and (len(ox) != len(oy) or any(a is not b for a, b in zip(ox, oy))):
        return None
    n = max(len(ox), len(oy))
    diff = simplify_affine_expr(ex - ey, n, 0)
    return diff.value if type(diff) is AffineConstantExpr else None


def disjoint_transfers(a, b):
    """isDisjointTransferSet: same buffer, some index provably a vector's width apart."""
    if a.source is not b.source or a.vtype is not b.vtype:
        return False
    lead = len(a.source.type.shape) - len(a.vtype.shape)
    for i, (x, y) in enumerate(zip(a.indices, b.indices)):
        diff = _constant_difference(x, y)
        if diff is None:
            continue
        diff = abs(diff)
        if i < lead:
            if diff != 0:
                return True
        elif diff >= a.vtype.shape[i - lead]:
            return True
    return False


def _hoist_one_pair(rw, root):
    for op in list(root.walk_ops()):
        if op.name != "vector.transfer_read" or type(op.source.type) is not MemRefType:
            continue
        loop = op.parent_op
        if loop is None or loop.name not in ("scf.for", "affine.for"):
            continue
        write = None
        for o in forward_slice(op):
            if o.name == "vector.transfer_write" and o.source is op.source:
                write = o
                break
        if any(not _defined_outside(loop, v) for v in op.operands):
            continue
        if write is None:
            if _no_aliasing_use_in_loop(op, loop):
                op.move_before(loop)
            continue
        r, w = Transfer(op), Transfer(write)
        if r.indices != w.indices or r.vtype is not w.vtype or r.perm_map is not w.perm_map:
            continue
        if _is_view(op.source.defining_op()) or _is_view(write.source.defining_op()):
            continue
        if write.parent is not op.parent or not op.is_before_in_block(write):
            if not DominanceInfo().properly_dominates_use(op.results[0], write):
                continue
        ok = True
        for u in op.source.uses():
            o = u.owner
            if not loop.is_ancestor_of(o) or o is op or o is write:
                continue
            if o.name in ("vector.transfer_write", "vector.transfer_read") and \
                    disjoint_transfers(w, Transfer(o)):
                continue
            ok = False
            break
        if not ok:
            continue
        op.move_before(loop)
        write.move_after(loop)
        m = iter_args_model(loop)
        new = m.replace_with_additional_yields(rw, loop, op.results[0], w.vector) \
            if m is not None else _affine_for_with_yield(rw, loop, op.results[0], w.vector)
        write.set_operand(0, new.results[-1])
        return True
    return False


def _affine_for_with_yield(rw, loop, init, yielded):
    """AffineForOp::replaceWithAdditionalYields (one value): `loop` rebuilt carrying `init`
    and yielding `yielded`; the init's uses inside read the new iter_arg."""
    from pyopt.ir.opdef import segment_sizes
    body = loop.regions[0].blocks[0]
    n_lb = loop.properties["lowerBoundMap"].value.num_inputs
    n_ub = loop.properties["upperBoundMap"].value.num_inputs
    n_inits = len(loop.operands) - n_lb - n_ub
    props = dict(loop.properties)
    props["operandSegmentSizes"] = segment_sizes([n_lb, n_ub, n_inits + 1])
    rw.set_insertion_point(loop)
    new = rw.create("affine.for", list(loop.operands) + [init],
                    [r.type for r in loop.results] + [init.type], properties=props,
                    attributes=dict(loop.attributes), regions=1, loc=loop.loc)
    arg_types = [a.type for a in body.args] + [init.type]
    nb = rw.create_block(new.regions[0], arg_types, [loop.loc] * len(arg_types))
    term = body.last
    term.set_operands(list(term.operands) + [yielded])
    rw.merge_blocks(body, nb, nb.args[:len(body.args)])
    rw.replace_uses_if(init, nb.args[-1], lambda u: new is not u.owner and
                       new.is_ancestor_of(u.owner))
    rw.replace_op(loop, new.results[:len(loop.results)])
    return new


def hoist_redundant_vector_transfers(root, ctx):
    rw = PatternRewriter(ctx)
    while True:
        for loop in _loops(root):
            move_loop_invariant_code(loop)
        if not _hoist_one_pair(rw, root):
            return


def _replace_with_different_yield(rw, loop, init, index, yielded):
    """replaceWithDifferentYield: `loop` rebuilt with iter_arg `index` starting from `init`
    and yielding `yielded`."""
    from passes.scf.common import create_for
    rw.set_insertion_point(loop)
    inits = list(loop.operands[3:])
    inits[index] = init
    new = create_for(rw, *loop.operands[:3], inits, loop.loc, terminate=False)
    body = loop.regions[0].blocks[0]
    body.last.set_operand(index, yielded)
    rw.merge_blocks(body, new.regions[0].blocks[0], list(new.regions[0].blocks[0].args))
    rw.replace_op(loop, list(new.results))
    return new


def _hoist_one_broadcast(rw, root):
    for ex in list(root.walk_ops()):
        if ex.name != "vector.extract":
            continue
        loop = ex.parent_op
        if loop is None or loop.name != "scf.for":
            continue
        arg = ex.vector
        if not isinstance(arg, BlockArgument) or arg.owner.parent_op is not loop or \
                arg.index == 0 or not arg.has_one_use():
            continue
        index = arg.index - 1
        init = loop.operands[3 + index]
        yielded = loop.regions[0].blocks[0].last.operands[index]
        bc = yielded.defining_op()
        if bc is None or bc.name != "vector.broadcast" or not bc.results[0].has_one_use():
            continue
        if bc.source.type is not ex.results[0].type:
            continue
        if any(not _defined_outside(loop, v) for v in ex.operands[1:]):
            continue
        ex.set_operand(0, init)
        ex.move_before(loop)
        bc.move_after(loop)
        new = _replace_with_different_yield(rw, loop, ex.results[0], index, bc.source)
        rw.replace_all_uses_with(new.results[index], bc.results[0])
        bc.set_operand(0, new.results[index])
        return True
    return False


def hoist_redundant_vector_broadcasts(root, ctx):
    rw = PatternRewriter(ctx)
    while True:
        for loop in _loops(root):
            move_loop_invariant_code(loop)
        if not _hoist_one_broadcast(rw, root):
            return
