"""Folders and canonicalization patterns of the linalg ops (MLIR 19 LinalgOps.cpp): memref.cast
folded into operands, identity/dead/self-copy ops erased, fill forwarded through reshapes,
extracts, copies and transposes, transposes composed or swapped with broadcasts, static
shapes inferred across operands, and tensor.cast consumers folded into their producer.
Attached to the declarations by `attach(dialect)`."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import DYNAMIC, INDEX, MemRefType, RankedTensorType
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import (clone_with, dps_inits, dps_inputs,
                                                has_pure_buffer_semantics,
                                                has_pure_tensor_semantics, init_indices)
from pyopt.dialects.memref.canonicalize import fold_memref_cast
from pyopt.dialects.tensor.ops import cast_compatible
from pyopt.dialects.tensor.relayout_canonicalize import FoldTensorCastProducerOp
from pyopt.dialects.linalg.structured import (indexing_maps, is_linalg_op,
                                              operand_shape, payload)


# ---------------------------------------------------------------------------- folds
def _fold_memref_casts(op, consts):
    """foldMemRefCast (generic and named ops): folded in place."""
    return [] if fold_memref_cast(op) else None


def _fold_transpose(op, consts):
    perm = list(op.properties["permutation"].values)
    if perm == list(range(len(perm))):  # (also the empty permutation)
        return [op.input] if op.results else None
    return None


# ---------------------------------------------------------------------------- helpers
def _tensor_cast(rw, value, t, loc):
    return rw.create("tensor.cast", [value], [t], loc=loc).results[0]


def _create_fill(rw, value, init, loc):
    from pyopt.dialects.linalg.builders import create_named
    return create_named(rw, "linalg.fill", [value], [init], loc)


# ---------------------------------------------------------------------------- patterns
class EraseIdentityLinalgOp(RewritePattern):
    """Identity maps and a body that only yields block arguments: on buffers, a copy of a
    buffer into itself is erased; on tensors, the results are the yielded operands."""

    def match_and_rewrite(self, op, rw):
        if any(not m.is_identity() for m in indexing_maps(op)):
            return False
        body = payload(op)
        if body.first is not body.last or body.last.name != "linalg.yield":
            return False
        yld = body.last
        if has_pure_buffer_semantics(op):
            ins, outs = dps_inputs(op), dps_inits(op)
            if len(ins) == 1 and len(outs) == 1 and ins[0] is outs[0]:
                rw.erase_op(op)
                return True
            return False
        if not has_pure_tensor_semantics(op):
            return False
        out = []
        for i, v in enumerate(yld.operands):
            if getattr(v, "owner", None) is not body:
                return False
            arg = op.operand(v.index)
            rt = op.results[i].type
            if arg.type is not rt:
                if not cast_compatible(arg.type, rt):
                    return False
                rw.set_insertion_point(op)
                arg = _tensor_cast(rw, arg, rt, op.loc)
            out.append(arg)
        if len(out) != len(op.results):
            return False
        rw.replace_op(op, out)
        return True


class EraseDeadLinalgOp(RewritePattern):
    """An op with a memref operand of a static zero size does nothing."""

    def match_and_rewrite(self, op, rw):
        for v in op.operands:
            if type(v.type) is MemRefType and 0 in operand_shape(v):
                rw.erase_op(op)
                return True
        return False


class InferStaticShapeOfOperands(RewritePattern):
    """On tensors, a dimension dynamic in one operand but static in another indexed by the
    same loop gets that size: the operand is cast to the more static type."""

    def match_and_rewrite(self, op, rw):
        if not has_pure_tensor_semantics(op):
            return False
        maps = indexing_maps(op)
        if any(not m.is_projected_permutation() for m in maps):
            return False
        sizes = {}
        for v, m in zip(op.operands, maps):
            if not operand_shape(v):
                continue
            shape = list(v.type.shape)
            d = defining(v, "tensor.cast")
            if d is not None:
                st = d.source.type
                if type(st) is RankedTensorType and DYNAMIC not in st.shape:
                    shape = list(st.shape)
            for i, s in enumerate(shape):
                if v.type.shape[i] == DYNAMIC:
                    continue
                e = m.results[i]
                if type(e).__name__ == "AffineDimExpr":
                    sizes.setdefault(e.position, s)
        inits = set(init_indices(op))
        new_operands, result_types, changed = [], [], False
        rw.set_insertion_point(op)
        for k, (v, m) in enumerate(zip(op.operands, maps)):
            new_operands.append(v)
            if not operand_shape(v):
                continue
            t = v.type
            if DYNAMIC not in t.shape and k in inits:
                result_types.append(t)
                continue
            shape, need = [], False
            for i, s in enumerate(t.shape):
                e = m.results[i]
                pos = getattr(e, "position", None) if type(e).__name__ == "AffineDimExpr" \
                    else None
                if pos is None or pos not in sizes or s != DYNAMIC:
                    shape.append(s)
                    continue
                shape.append(sizes[pos])
                need = True
            nt = RankedTensorType(shape, t.element_type)
            if need:
                changed = True
                new_operands[k] = _tensor_cast(rw, v, nt, op.loc)
            if k in inits:
                result_types.append(nt)
        if not changed:
            return False
        new = clone_with(rw, op, result_types, new_operands)
        out = []
        for old, nr in zip(op.results, new.results):
            out.append(nr if nr.type is old.type else _tensor_cast(rw, nr, old.type, op.loc))
        rw.replace_op(op, out)
        return True


class FoldTensorCastConsumerOp(RewritePattern):
    """tensor.cast of a linalg result to a more static type: the linalg op computes the
    static type (its init cast first) and a cast back serves the other users."""
    root = "tensor.cast"

    def match_and_rewrite(self, cast, rw):
        src, dst = cast.source.type, cast.dest.type
        if src is dst or not _preserves_static(dst, src):
            return False
        op = cast.source.defining_op() if hasattr(cast.source, "defining_op") else None
        if op is None or not is_linalg_op(op) or op.parent is not cast.parent:
            return False
        n = op.results.index(cast.source)
        rw.set_insertion_point(op)
        init_pos = [i for i in init_indices(op)
                    if type(op.operand(i).type) is RankedTensorType][n]
        operands = list(op.operands)
        operands[init_pos] = _tensor_cast(rw, operands[init_pos], dst, op.loc)
        types = [r.type for r in op.results]
        types[n] = dst
        new = clone_with(rw, op, types, operands)
        back = _tensor_cast(rw, new.results[n], src, op.loc)
        results = list(new.results)
        results[n] = back
        rw.replace_op(op, results)
        rw.replace_op(cast, [new.results[n]])
        return True


def _preserves_static(more, less):
    """`more` keeps every static size of `less` (and is not less static anywhere)."""
    if type(more) is not RankedTensorType or type(less) is not RankedTensorType or \
            len(more.shape) != len(less.shape):
        return False
    return all(y == DYNAMIC or x == y for x, y in zip(more.shape, less.shape))


class EraseSelfCopy(RewritePattern):
    root = "linalg.copy"

    def match_and_rewrite(self, op, rw):
        ins, outs = dps_inputs(op), dps_inits(op)
        if ins != outs:
            return False
        if has_pure_buffer_semantics(op):
            rw.erase_op(op)
        else:
            rw.replace_op(op, ins)
        return True


def _fill_of(v):
    return defining(v, "linalg.fill")


class FoldFillWithTensorReshape(RewritePattern):
    """collapse/expand_shape of a fill: a fill of the reshaped init."""

    def __init__(self, root):
        super().__init__(root)

    def match_and_rewrite(self, op, rw):
        fill = _fill_of(op.src)
        if fill is None:
            return False
        rw.set_insertion_point(op)
        init = dps_inits(fill)[0]
        ops = [init] + list(op.operands[1:])
        new_init = rw.create(op.name, ops, [op.results[0].type],
                             properties=dict(op.properties), loc=fill.loc).results[0]
        rw.replace_op(op, list(_create_fill(rw, fill.inputs[0], new_init, op.loc).results))
        return True


class FoldFillWithTensorExtract(RewritePattern):
    root = "tensor.extract"

    def match_and_rewrite(self, op, rw):
        fill = _fill_of(op.tensor)
        if fill is None:
            return False
        rw.replace_op(op, [fill.inputs[0]])
        return True


class FoldFillWithPack(RewritePattern):
    """tensor.pack of a fill (padding with the fill value, if any): a fill of the pack's
    destination."""
    root = "tensor.pack"

    def match_and_rewrite(self, op, rw):
        from pyopt.rewrite.matchers import constant_int
        fill = _fill_of(op.source)
        if fill is None:
            return False
        pv, fv = op.padding_value, fill.inputs[0]
        if pv is not None and pv is not fv and \
                (constant_int(pv) is None or constant_int(pv) != constant_int(fv)):
            return False
        if not op.dest.has_one_use():
            return False
        rw.set_insertion_point(op)
        rw.replace_op(op, list(_create_fill(rw, fv, op.dest, op.loc).results))
        return True


class FoldFillWithCopy(RewritePattern):
    root = "linalg.copy"

    def match_and_rewrite(self, op, rw):
        ins, outs = dps_inputs(op), dps_inits(op)
        fill = _fill_of(ins[0])
        rw.set_insertion_point(op)
        if fill is not None:
            new = _create_fill(rw, fill.inputs[0], outs[0], op.loc)
            rw.replace_op(op, list(new.results))
            return True
        fill = _fill_of(outs[0])
        if fill is not None:
            from pyopt.dialects.linalg.builders import create_named
            new = create_named(rw, "linalg.copy", ins, dps_inits(fill), op.loc)
            rw.replace_op(op, list(new.results))
            return True
        return False


class FoldFillWithTranspose(RewritePattern):
    root = "linalg.transpose"

    def match_and_rewrite(self, op, rw):
        fill = _fill_of(op.input)
        if fill is None:
            return False
        rw.set_insertion_point(op)
        new = _create_fill(rw, fill.inputs[0], op.init, op.loc)
        rw.replace_op(op, list(new.results))
        return True


def _create_transpose(rw, src, init, perm, loc):
    from pyopt.dialects.linalg.builders import create_with_identity_region
    return create_with_identity_region(rw, "linalg.transpose", src, init, "permutation",
                                       perm, loc)


class FoldTransposeWithTranspose(RewritePattern):
    root = "linalg.transpose"

    def match_and_rewrite(self, op, rw):
        inner = defining(op.input, "linalg.transpose")
        if inner is None:
            return False
        dp = list(inner.properties["permutation"].values)
        perm = [dp[p] for p in op.properties["permutation"].values]
        rw.set_insertion_point(op)
        new = _create_transpose(rw, inner.input, op.init, perm, op.loc)
        rw.replace_op(op, list(new.results))
        return True


class SwapTransposeWithBroadcast(RewritePattern):
    """transpose(broadcast(x)) -> broadcast(transpose(x)) when the broadcast has one use."""
    root = "linalg.transpose"

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.linalg.builders import create_with_identity_region
        src = op.input
        bc = defining(src, "linalg.broadcast")
        if bc is None or not src.has_one_use() or type(src.type) is not RankedTensorType:
            return False
        dims = list(bc.properties["dimensions"].values)
        perms = list(op.properties["permutation"].values)
        kept = [p for p in perms if p not in dims]
        # dropDims: renumber the remaining entries densely
        order = sorted(kept)
        result_perms = [order.index(p) for p in kept]
        inv = [0] * len(perms)
        for i, p in enumerate(perms):
            inv[p] = i
        result_dims = [inv[d] for d in dims]
        x = bc.input
        xt = x.type
        rw.set_insertion_point(op)
        sizes = []
        for i, s in enumerate(xt.shape):
            if s == DYNAMIC:
                c = rw.create("arith.constant", [], [INDEX],
                              properties={"value": IntegerAttr(INDEX, i)}, loc=op.loc)
                sizes.append(rw.create("tensor.dim", [x, c.results[0]], [INDEX],
                                       loc=op.loc).results[0])
            else:
                sizes.append(s)
        shape = [sizes[p] for p in result_perms]
        dyn = [s for s in shape if not isinstance(s, int)]
        et = RankedTensorType([s if isinstance(s, int) else DYNAMIC for s in shape],
                              xt.element_type)
        empty = rw.create("tensor.empty", dyn, [et], loc=op.loc).results[0]
        t = _create_transpose(rw, x, empty, result_perms, op.loc)
        new = create_with_identity_region(rw, "linalg.broadcast", t.results[0], op.init,
                                          "dimensions", result_dims, op.loc)
        rw.replace_op(op, list(new.results))
        return True


def attach(dialect):
    structured = [d for d in dialect.ops.values()
                  if "LinalgStructuredInterface" in d.extra]
    folds, patterns = {}, {}
    for d in structured:  # (LinalgDialect's patterns, one instance per root op)
        patterns[d.name] = [EraseDeadLinalgOp(d.name), InferStaticShapeOfOperands(d.name),
                            FoldTensorCastProducerOp(d.name)]  # (the tensor dialect's)
        if "named_spec" in d.extra or d.name == "linalg.generic":
            folds[d.name] = _fold_memref_casts
    folds["linalg.transpose"] = _fold_transpose
    patterns["linalg.generic"].append(EraseIdentityLinalgOp("linalg.generic"))
    patterns["linalg.broadcast"].append(EraseIdentityLinalgOp("linalg.broadcast"))
    patterns["linalg.copy"] += [EraseSelfCopy(), FoldFillWithCopy()]
    patterns["linalg.transpose"] += [FoldTransposeWithTranspose(), SwapTransposeWithBroadcast(),
                                     FoldFillWithTranspose()]
    dialect.attach_rewrites(folds=folds, patterns=patterns)
    # (LinalgDialect's and FillOp's patterns rooted at tensor ops)
    from pyopt.dialects.tensor import TENSOR
    TENSOR.attach_rewrites(patterns={
        "tensor.cast": [FoldTensorCastConsumerOp()],
        "tensor.extract": [FoldFillWithTensorExtract()],
        "tensor.pack": [FoldFillWithPack()],
        "tensor.collapse_shape": [FoldFillWithTensorReshape("tensor.collapse_shape")],
        "tensor.expand_shape": [FoldFillWithTensorReshape("tensor.expand_shape")]})
