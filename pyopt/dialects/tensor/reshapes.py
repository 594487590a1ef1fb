"""tensor.expand_shape / tensor.collapse_shape: the builders that infer what the op leaves
implicit (MLIR 19's ExpandShapeOp builder without output sizes, CollapseShapeOp's result
type), their folders and canonicalization patterns (TensorOps.cpp, ReshapeOpsUtils):

- fold: identity reshapes, reshapes of dense constants, and a reshape undoing its producer
  (same outer types and at most one dynamic dimension, or the same groups);
- ComposeReassociativeReshapeOps: expand(expand) / collapse(collapse) become one;
- ComposeExpandOfCollapseOp / ComposeCollapseOfExpandOp: when the groups line up, one
  reshape (or a tensor.cast) replaces the pair;
- FoldReshapeWithConstant / FoldReshapeWithSplat: splat constants and tensor.splat are
  rebuilt at the new shape;
- FoldCollapseOfCastOp: a tensor.cast adding static sizes moves below the collapse;
- FoldDimOfExpandShape / FoldDimOfCollapseShape (on tensor.dim): a dynamic size of a reshape
  result computed from the source's sizes with affine.apply.

Attached by `attach(dialect)` (folds replace the older ones of canonicalize.py)."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, symbol
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, DenseArrayAttr, \
    DenseElementsAttr, IntegerAttr
from pyopt.ir.core import Value
from pyopt.ir.types import DYNAMIC, I64, INDEX, MemRefType, RankedTensorType
from pyopt.rewrite.folding import fold_op, materialize_constant
from pyopt.rewrite.matchers import constant_attr, constant_int, defining
from pyopt.rewrite.pattern import RewritePattern


# ---------------------------------------------------------------------------- builders
def create_quietly(b, name, operands, result_types, properties=None, loc=None):
    """An op at b's insertion point its listener has not heard of yet."""
    listener, b.listener = b.listener, None
    try:
        return b.create(name, operands, result_types, properties=properties, loc=loc)
    finally:
        b.listener = listener


def create_or_fold(b, name, operands, result_types, loc, properties=None):
    """OpBuilder::createOrFold for ops folding to existing values (tensor.dim, arith.divui):
    the values the op folds to (the op is then dropped unannounced), else its results."""
    op = create_quietly(b, name, operands, result_types, properties, loc)
    r = fold_op(op)
    if r:
        out, made = [], []
        for x, res in zip(r, op.results):
            if not isinstance(x, Value):  # (a constant, built by the op's dialect)
                c = materialize_constant(b, b.ctx, op.opdef.dialect_name, x, res.type, loc)
                if c is None:
                    for m in made:
                        b.erase_op(m)
                    break
                made.append(c)
                x = c.results[0]
            out.append(x)
        else:
            op.erase()
            return out
    if b.listener is not None:
        b.listener.notify_op_inserted(op)
    return list(op.results)


def index_constant(b, value, loc):
    return b.create("arith.constant", [], [INDEX],
                    properties={"value": IntegerAttr(INDEX, value)}, loc=loc).results[0]


def create_dim(b, v, i, loc):
    """DimOp's builder from an int: the index constant, then the dim op."""
    c = index_constant(b, i, loc)
    name = "memref.dim" if isinstance(v.type, MemRefType) else "tensor.dim"
    return b.create(name, [v, c], [INDEX], loc=loc).results[0]


def create_or_fold_dim(b, v, i, loc):
    c = index_constant(b, i, loc)
    name = "memref.dim" if isinstance(v.type, MemRefType) else "tensor.dim"
    return create_or_fold(b, name, [v, c], [INDEX], loc)[0]


def mixed_sizes(b, v, loc):
    """getMixedSizes: each dimension of v, an int when static, else a (folded) dim op."""
    return [create_or_fold_dim(b, v, i, loc) if s == DYNAMIC else s
            for i, s in enumerate(v.type.shape)]


def reassociation_attr(groups):
    return ArrayAttr([ArrayAttr([IntegerAttr(I64, i) for i in g]) for g in groups])


def reassociation_of(op):
    return [[x.value for x in g] for g in op.get_attr("reassociation")]


def infer_expand_output_shape(b, expanded, groups, input_shape, loc):
    """inferExpandShapeOutputShape: [int | Value] per expanded dim, None when a group has
    several dynamic dims."""
    if not input_shape:
        return [1] * len(expanded.shape)
    if DYNAMIC not in expanded.shape:
        return list(expanded.shape)
    out = [DYNAMIC] * len(expanded.shape)
    values = []
    for k, g in enumerate(groups):
        product, dynamic = 1, False
        for i in g:
            s = expanded.shape[i]
            if s == DYNAMIC:
                if dynamic:
                    return None
                dynamic = True
            else:
                out[i] = s
                product *= s
        if not dynamic:
            continue
        size = input_shape[k]
        c = index_constant(b, product, loc)
        values.append(create_or_fold(b, "arith.divui", [size, c], [INDEX], loc)[0])
    if len(values) != out.count(DYNAMIC):
        return None
    it = iter(values)
    return [next(it) if s == DYNAMIC else s for s in out]


def create_expand_shape(b, result_type, src, groups, loc, output_shape=None):
    """tensor.expand_shape (memref.expand_shape for memrefs); without `output_shape` (ints
    and Values) its sizes are inferred from the source's, as ExpandShapeOp's builder does."""
    if output_shape is None:
        output_shape = infer_expand_output_shape(b, result_type, groups,
                                                 mixed_sizes(b, src, loc), loc) or []
    static = [s if isinstance(s, int) else DYNAMIC for s in output_shape]
    dyn = [s for s in output_shape if not isinstance(s, int)]
    name = "memref.expand_shape" if isinstance(src.type, MemRefType) else "tensor.expand_shape"
    return b.create(name, [src] + dyn, [result_type],
                    properties={"reassociation": reassociation_attr(groups),
                                "static_output_shape": DenseArrayAttr(I64, static)},
                    loc=loc).results[0]


def collapsed_tensor_type(t, groups):
    """CollapseShapeOp::inferCollapsedType."""
    shape = []
    for g in groups:
        n = 1
        for i in g:
            if t.shape[i] == DYNAMIC:
                n = DYNAMIC
                break
            n *= t.shape[i]
        shape.append(n)
    return RankedTensorType(shape, t.element_type)


def create_collapse_shape(b, src, groups, loc, result_type=None):
    if isinstance(src.type, MemRefType):
        from pyopt.dialects.memref.canonicalize import collapsed_type
        t = result_type or collapsed_type(src.type, groups)
        name = "memref.collapse_shape"
    else:
        t = result_type or collapsed_tensor_type(src.type, groups)
        name = "tensor.collapse_shape"
    return b.create(name, [src], [t], properties={"reassociation": reassociation_attr(groups)},
                    loc=loc).results[0]


def mixed_output_shape(op):
    dyn = iter(op.output_shape)
    return [next(dyn) if s == DYNAMIC else s for s in op.get_attr("static_output_shape").values]


# ---------------------------------------------------------------------------- reassociations
def compose_reassociation_indices(producer, consumer):
    """composeReassociationIndices (None when they do not compose)."""
    if len(producer) == len(consumer):
        return None
    if len(producer) < len(consumer):
        producer, consumer = consumer, producer
    if not consumer:
        return []
    if len(producer) != sum(len(g) for g in consumer):
        return None
    return [[i for c in g for i in producer[c]] for g in consumer]


def reassociation_for_collapse(src, dst):
    """getReassociationIndicesForCollapse of shapes `src` into `dst`, or None."""
    if len(src) <= len(dst):
        return None
    n = len(src)
    i = 0
    groups, cur, prod = [], [], 1
    while i < n:
        if len(groups) == len(dst):
            break
        target = dst[len(groups)]
        while i < n and src[i] != DYNAMIC and prod * src[i] < target:
            prod *= src[i]
            cur.append(i)
            i += 1
        if i >= n:
            return None
        if src[i] == DYNAMIC and (target != DYNAMIC or prod != 1):
            return None
        if target == DYNAMIC and src[i] != DYNAMIC:
            return None
        if src[i] != DYNAMIC and prod * src[i] != target:
            return None
        cur.append(i)
        i += 1
        groups.append(cur)
        cur, prod = [], 1
    if len(groups) != len(dst):
        return None
    for j in range(i, n):
        if src[j] != DYNAMIC and src[j] != 1:
            return None
        if groups:
            groups[-1].append(j)
    return groups


def _find_collapsing_reassociation(src_re, res_re, src_shape, res_shape):
    """ComposeExpandOfCollapseOp::findCollapsingReassociation."""
    if not src_re:
        return reassociation_for_collapse(src_shape, res_shape)
    out = []
    for s, r in zip(src_re, res_re):
        sub_src = src_shape[s[0]:s[0] + len(s)]
        sub_res = res_shape[r[0]:r[0] + len(r)]
        if len(sub_src) == len(sub_res):
            if list(sub_src) == list(sub_res) and sum(1 for x in sub_src if x == DYNAMIC) < 2:
                out.append(list(s))
            else:
                return None
        sub = reassociation_for_collapse(sub_src, sub_res)
        if sub is None:
            return None
        for g in sub:
            out.append([s[0] + i for i in g])
    return out


# ---------------------------------------------------------------------------- folds
def _fold_reshape(inverse):
    def fold(op, consts):
        src, res = op.src, op.result
        if src.type is res.type:
            return src
        c = consts[0]
        if type(c) is DenseElementsAttr and type(res.type) is RankedTensorType and \
                DYNAMIC not in res.type.shape:
            return DenseElementsAttr(res.type, list(c.values) if not c.is_splat
                                     else [c.values[0]])
        p = defining(src, inverse)
        if p is None:
            return None
        st, rt = p.src.type, res.type
        if st is not rt:
            return None
        if sum(1 for s in st.shape if s == DYNAMIC) < 2:
            return p.src
        groups = reassociation_of(op)
        if groups != reassociation_of(p):
            return None
        if len(st.shape) < len(p.result.type.shape):
            return p.src
        if all(sum(1 for s in st.shape[g[0]:g[0] + len(g)] if s == DYNAMIC) < 2
               for g in groups):
            return p.src
        return None
    return fold


FOLDS = {"tensor.expand_shape": _fold_reshape("tensor.collapse_shape"),
         "tensor.collapse_shape": _fold_reshape("tensor.expand_shape")}


# ---------------------------------------------------------------------------- patterns
class ComposeReassociativeReshapeOps(RewritePattern):
    def match_and_rewrite(self, op, rw):
        src = defining(op.src, op.name)
        if src is None:
            return False
        groups = compose_reassociation_indices(reassociation_of(src), reassociation_of(op))
        if groups is None:
            return False
        props = {"reassociation": reassociation_attr(groups)}
        operands = [src.src]
        if op.name == "tensor.expand_shape":
            props["static_output_shape"] = op.get_attr("static_output_shape")
            operands += list(op.output_shape)
        rw.replace_op_with_new_op(op, op.name, operands, [op.result.type], properties=props)
        return True


class ComposeCollapseOfExpandOp(RewritePattern):
    root = "tensor.collapse_shape"

    def match_and_rewrite(self, op, rw):
        exp = defining(op.src, "tensor.expand_shape")
        if exp is None:
            return False
        src_t, res_t = exp.src.type, op.result.type
        if src_t is res_t:
            return False
        sr, rr = len(src_t.shape), len(res_t.shape)
        if sr > rr:
            higher, lower = reassociation_of(exp), reassociation_of(op)
        else:
            higher, lower = reassociation_of(op), reassociation_of(exp)
        k = 0
        composed = []
        for lg in lower:
            g = []
            while k < len(higher):
                right = higher[k][-1]
                if right > lg[-1]:
                    return False
                g.append(k)
                k += 1
                if right == lg[-1]:
                    break
            composed.append(g)
        rw.set_insertion_point(op)
        if sr > rr:
            rw.replace_op_with_new_op(op, "tensor.collapse_shape", [exp.src], [res_t],
                                      properties={"reassociation": reassociation_attr(composed)})
        elif sr < rr:
            new = create_expand_shape(rw, res_t, exp.src, composed, op.loc)
            rw.replace_op(op, [new])
        else:
            rw.replace_op_with_new_op(op, "tensor.cast", [exp.src], [res_t])
        return True


class ComposeExpandOfCollapseOp(RewritePattern):
    root = "tensor.expand_shape"

    def match_and_rewrite(self, op, rw):
        col = defining(op.src, "tensor.collapse_shape")
        if col is None:
            return False
        src_t, res_t = col.src.type, op.result.type
        if src_t is res_t:
            return False
        src_re, res_re = reassociation_of(col), reassociation_of(op)
        if len(src_t.shape) > len(res_t.shape):
            composed = _find_collapsing_reassociation(src_re, res_re, src_t.shape, res_t.shape)
            if composed is None:
                return False
            rw.replace_op_with_new_op(op, "tensor.collapse_shape", [col.src], [res_t],
                                      properties={"reassociation": reassociation_attr(composed)})
            return True
        composed = _find_collapsing_reassociation(res_re, src_re, res_t.shape, src_t.shape)
        if composed is None:
            return False
        rw.replace_op_with_new_op(
            op, "tensor.expand_shape", [col.src] + list(op.output_shape), [res_t],
            properties={"reassociation": reassociation_attr(composed),
                        "static_output_shape": op.get_attr("static_output_shape")})
        return True


class FoldReshapeWithConstant(RewritePattern):
    def match_and_rewrite(self, op, rw):
        a = constant_attr(op.src)
        if type(a) is not DenseElementsAttr or not a.is_splat:
            return False
        attr = DenseElementsAttr(op.result.type, [a.values[0]])
        rw.replace_op_with_new_op(op, "arith.constant", [], [op.result.type],
                                  properties={"value": attr})
        return True


class FoldReshapeWithSplat(RewritePattern):
    def match_and_rewrite(self, op, rw):
        sp = defining(op.src, "tensor.splat")
        if sp is None or DYNAMIC in sp.aggregate.type.shape:
            return False
        rw.replace_op_with_new_op(op, "tensor.splat", [sp.input], [op.result.type])
        return True


class FoldCollapseOfCastOp(RewritePattern):
    root = "tensor.collapse_shape"

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.tensor.relayout_canonicalize import can_fold_cast_into_consumer
        cast = defining(op.src, "tensor.cast")
        if not can_fold_cast_into_consumer(cast):
            return False
        groups = reassociation_of(op)
        t = collapsed_tensor_type(cast.source.type, groups)
        if t is op.result.type:
            rw.modify_op_in_place(op, lambda: op.set_operand(0, cast.source))
            return True
        new = rw.create("tensor.collapse_shape", [cast.source], [t],
                        properties={"reassociation": op.get_attr("reassociation")}, loc=op.loc)
        rw.replace_op_with_new_op(op, "tensor.cast", [new.results[0]], [op.result.type])
        return True


def _apply(rw, op, expr, operands):
    m = AffineMap.get(0, len(operands), [expr])
    rw.replace_op_with_new_op(op, "affine.apply", operands, [INDEX],
                              properties={"map": AffineMapAttr(m)})


class FoldDimOfExpandShape(RewritePattern):
    root = "tensor.dim"

    def match_and_rewrite(self, op, rw):
        exp = defining(op.source, "tensor.expand_shape")
        if exp is None:
            return False
        d = constant_int(op.index)
        if d is None:
            return False
        res_t = exp.result.type
        if d < 0 or d >= len(res_t.shape) or res_t.shape[d] != DYNAMIC:
            return False
        groups = reassociation_of(exp)
        k = next(i for i, g in enumerate(groups) if d in g)
        product = 1
        for x in groups[k]:
            if x != d:
                product *= res_t.shape[x]
        size = create_dim(rw, exp.src, k, op.loc)
        _apply(rw, op, symbol(0).floordiv(product), [size])
        return True


class FoldDimOfCollapseShape(RewritePattern):
    root = "tensor.dim"

    def match_and_rewrite(self, op, rw):
        col = defining(op.source, "tensor.collapse_shape")
        if col is None:
            return False
        d = constant_int(op.index)
        if d is None:
            return False
        res_t = col.result.type
        if d < 0 or d >= len(res_t.shape) or res_t.shape[d] != DYNAMIC:
            return False
        sizes, product = [], None
        for j, x in enumerate(reassociation_of(col)[d]):
            sizes.append(create_dim(rw, col.src, x, op.loc))
            product = symbol(j) if product is None else product * symbol(j)
        _apply(rw, op, product, sizes)
        return True


def expand_shape_patterns():
    """ExpandShapeOp::getCanonicalizationPatterns, as {root: [patterns]} (without
    FoldReshapeWithFromElements, which canonicalize.py declares)."""
    return {"tensor.expand_shape": [ComposeReassociativeReshapeOps("tensor.expand_shape"),
                                    ComposeExpandOfCollapseOp(),
                                    FoldReshapeWithConstant("tensor.expand_shape"),
                                    FoldReshapeWithSplat("tensor.expand_shape")],
            "tensor.dim": [FoldDimOfExpandShape(), FoldDimOfCollapseShape()]}


def collapse_shape_patterns():
    return {"tensor.collapse_shape": [ComposeReassociativeReshapeOps("tensor.collapse_shape"),
                                      ComposeCollapseOfExpandOp(),
                                      FoldReshapeWithConstant("tensor.collapse_shape"),
                                      FoldReshapeWithSplat("tensor.collapse_shape"),
                                      FoldCollapseOfCastOp()]}


def attach(dialect):
    """Folds and patterns of the reshapes; each reshape's own patterns go before the ones
    already declared for it (FoldReshapeWithFromElements), in upstream's order."""
    dialect.attach_rewrites(folds=FOLDS, replace_folds=True)
    pats = {}
    for group in (expand_shape_patterns(), collapse_shape_patterns()):
        for root, ps in group.items():
            pats.setdefault(root, []).extend(ps)
    for root, ps in pats.items():
        d = dialect.ops.get(root)
        if d is None:
            continue
        old = list(d.canonicalize or [])
        if root == "tensor.dim":
            d.canonicalize = old + ps
        else:
            d.canonicalize = ps + old
