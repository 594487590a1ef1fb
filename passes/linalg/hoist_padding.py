"""Hoisting a tensor.pad out of enclosing scf.for loops by packing (MLIR 19 Linalg
HoistPadding.cpp: buildPackingLoopNest and hoistPaddingOnTensors).

The pad of an extract_slice of a tensor defined above the loops is recomputed, before the
outermost loop, by a copy of the loops whose induction variables index the slice (the
"packing loops"): each iteration pads its slice (optionally transposed) into one entry of a
tensor<?x..x?x padded shape> indexed by the iteration numbers. Inside the original loops the
pad is then replaced by an extract_slice of that packed tensor (or, when the slice feeds an
scf.for iter_arg, by the packed tensor carried through that loop)."""
from __future__ import annotations

from pyopt.analysis.slices import (backward_slice, backward_slice_of_value,
                                   used_values_defined_above)
from pyopt.analysis.value_bounds import compute_bound
from pyopt.ir.affine import AffineMap, dim, symbol
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.types import DYNAMIC, INDEX, IndexType, RankedTensorType
from pyopt.rewrite.folding import create_or_fold, is_memory_effect_free
from pyopt.rewrite.matchers import constant_attr
from pyopt.dialects import value_bounds_models as _value_bounds_models  # noqa: F401
from pyopt.dialects.affine.builders import materialize_bound, value_of
from pyopt.dialects.linalg.builders import create_transpose_generic
from pyopt.dialects.tensor.canonicalize import mixed
from pyopt.dialects.tensor.pad_canonicalize import constant_padding_value
from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice, create_insert_slice

from passes.scf.common import create_for
from passes.transforms.subset_hoisting import hoist_loop_invariant_subsets

_AFFINE_INDEX_OPS = frozenset({"affine.min", "affine.max", "affine.apply"})


def _iv(loop):
    return loop.regions[0].blocks[0].args[0]


def _iter_args(loop):
    return list(loop.regions[0].blocks[0].args[1:])


def _owner_op(v):
    d = v.defining_op()
    return d if d is not None else v.owner.parent_op


def _defined_outside(loop, v):
    return not loop.is_ancestor_of(_owner_op(v))


def _dominated_by(a, op):
    """DominanceInfo::dominates(a, op) for ops of one region tree: op is a, nested in a, or
    (an ancestor of it is) after a in a's block."""
    while op is not None:
        if op.parent is a.parent:
            return op is a or a.is_before_in_block(op)
        op = op.parent_op
    return False


def _enclosing_loops(pad, n=None, until=None):
    """The scf.for loops around `pad`, innermost first: at most n, or up to `until`."""
    loops, nxt = [], pad.parent_op
    while nxt is not None and nxt.name == "scf.for":
        if n is not None and len(loops) == n:
            break
        loops.append(nxt)
        if nxt is until:
            break
        nxt = nxt.parent_op
    return loops


class HoistPaddingAnalysis:
    """Whether `pad` can be hoisted above its enclosing loops, and what it takes."""

    def __init__(self, pad, num_loops=None, outermost=None):
        self.pad, self.valid = pad, None
        self.loops = _enclosing_loops(pad, num_loops, outermost)
        self.packing_loops, self.slice, self.pad_consuming_for = [], {}, None
        if not self.loops or (outermost is not None and self.loops[-1] is not outermost):
            self.valid = False
            return
        self.outer = self.loops[-1]
        src = pad.source.defining_op()
        self.slice_op = src if src is not None and src.name == "tensor.extract_slice" else None
        if self.slice_op is None:
            self.valid = False

    def enable_hoist_padding(self, rw):
        """Hoists the loop-invariant subsets of the outermost loop when the sliced tensor is
        not available before it."""
        if self.valid is False:
            return
        if not _defined_outside(self.outer, self.slice_op.source):
            self.outer = hoist_loop_invariant_subsets(rw, self.outer)

    def finalize(self):
        if self.valid is False:
            return
        pad, slice_op = self.pad, self.slice_op
        if not _defined_outside(self.outer, slice_op.source):
            self.valid = False
            return
        uses = list(slice_op.results[0].uses())
        if len(uses) == 1 and uses[0].owner.name == "scf.for":
            self.pad_consuming_for = uses[0].owner
        value = constant_padding_value(pad)
        d = value.defining_op() if value is not None else None
        if d is None or d.name != "arith.constant":
            self.valid = False
            return
        self._compute_backward_slice()
        if len(self.slice) <= 1 or not self._drop_non_index_dependencies():
            self.valid = False
            return
        self.packing_loops = [f for f in reversed(self.loops) if f in self.slice]
        if len(self.packing_loops) > 1 and self.pad_consuming_for is not None:
            self.packing_loops = self.packing_loops[:1]
        self.valid = True

    def _compute_backward_slice(self):
        pad, outer = self.pad, self.outer

        def keep(op):
            return _dominated_by(outer, op) and (op is pad or not pad.is_ancestor_of(op))
        for v in used_values_defined_above(pad.regions[0]):
            backward_slice_of_value(v, self.slice, keep)
        backward_slice(pad, self.slice, keep)

    def _drop_non_index_dependencies(self):
        """Keeps in the slice only the pad, its extract_slice and what computes their index
        operands (loops included when their induction variable is used); False when that
        computation has an op with non-index operands, regions or memory effects."""
        edges = set()

        def add_index_operands(op):
            edges.update(v for v in op.operands if isinstance(v.type, IndexType))
        remove = set()
        for op in reversed(list(self.slice)):
            if op is self.pad or op is self.slice_op:
                add_index_operands(op)
                continue
            has_index_result = any(r in edges for r in op.results)
            if op.name == "scf.for" and not has_index_result and _iv(op) in edges:
                add_index_operands(op)
                continue
            if has_index_result:
                add_index_operands(op)
                if any(not isinstance(v.type, IndexType) for v in op.operands):
                    return False
                if op.regions or not is_memory_effect_free(op):
                    return False
                continue
            if op.name != "arith.constant":
                remove.add(op)
        for op in remove:
            del self.slice[op]
        return True

    def packed_tensor_sizes(self, rw, loc):
        """The packing loops' trip counts bounded from above, independent of affine
        min/max/apply results: (ub - lb) ceildiv step."""
        sizes = []
        for f in self.packing_loops:
            ub = f.upperBound

            def stop(v, d, ub=ub):
                if v is ub:
                    return False
                o = v.defining_op()
                return o is None or o.name not in _AFFINE_INDEX_OPS
            found = compute_bound(ub, None, stop, upper=True, closed=True)
            assert found is not None, "could not get upper bound"
            ub_val = value_of(rw, materialize_bound(rw, loc, *found), loc)
            m = AffineMap(2, 1, [(dim(1) - dim(0)).ceildiv(symbol(0))])
            sizes.append(_apply(rw, m, [f.lowerBound, ub_val, f.step], loc))
        return sizes


def _apply(rw, m, operands, loc):
    return create_or_fold(rw, "affine.apply", operands, [INDEX], loc,
                          {"map": AffineMapAttr(m)})[0]


def _iteration_count(rw, outer, loop):
    """(iv - lb) ceildiv step, or None when lb or step varies inside `outer`."""
    def invariant(v):
        return _defined_outside(outer, v) or constant_attr(v) is not None
    if not invariant(loop.lowerBound) or not invariant(loop.step):
        return None
    m = AffineMap(2, 1, [(dim(0) - dim(1)).ceildiv(symbol(0))])
    return _apply(rw, m, [_iv(loop), loop.lowerBound, loop.step], loop.loc)


def transposed_type(t, perm):
    """tensor::computeTransposedType, None when perm does not fit t."""
    if not perm:
        return t
    if len(perm) != len(t.shape):
        return None
    return RankedTensorType([t.shape[p] for p in perm], t.element_type, t.encoding) \
        if t.encoding is not None else RankedTensorType([t.shape[p] for p in perm],
                                                        t.element_type)


class PackingResult:
    __slots__ = ("offsets", "sizes", "strides", "cloned_ivs", "transpose_op", "hoisted_pad")

    def __init__(self, offsets, sizes, strides, cloned_ivs, transpose_op, hoisted_pad):
        self.offsets, self.sizes, self.strides = offsets, sizes, strides
        self.cloned_ivs, self.transpose_op, self.hoisted_pad = \
            cloned_ivs, transpose_op, hoisted_pad

    @property
    def outer_loop(self):
        return self.cloned_ivs[0].owner.parent_op if self.cloned_ivs else None


def _packing_loop_nest(rw, bvm, pad, perm, ttype, empty, analysis):
    outer = analysis.outer
    loc = pad.loc
    rank = len(pad.results[0].type.shape)
    # the pad's source as seen before the loops, through the iter_args it comes from
    arg = pad.source if pad.source.defining_op() is None else None
    while arg is not None:
        f = arg.owner.parent_op
        if f is None or f.name != "scf.for" or (f is not outer and not outer.is_ancestor_of(f)):
            break
        init = f.initArgs[arg.index - 1]
        bvm[arg] = init
        arg = init if init.defining_op() is None else None
    packed = empty
    ivs, leading = [], []
    for op in analysis.slice:
        if op.name == "tensor.extract_slice" and bvm.get(op.source, op.source) is packed:
            continue
        if op.name != "scf.for":
            rw.clone(op, bvm)
            continue
        g = bvm.get
        new = create_for(rw, g(op.lowerBound, op.lowerBound), g(op.upperBound, op.upperBound),
                         g(op.step, op.step), [packed], loc)
        bvm[_iv(op)] = _iv(new)
        for a, b in zip(_iter_args(op), _iter_args(new)):
            bvm[a] = b
        for a, b in zip(op.results, new.results):
            bvm[a] = b
        ivs.append(_iv(new))
        rw.set_insertion_point_to_start(new.regions[0].blocks[0])
        count = _iteration_count(rw, outer, new)
        assert count is not None, "loop independence prerequisite not met"
        leading.append(count)
        packed = _iter_args(new)[0]
    n = len(ivs)
    if DYNAMIC in ttype.shape:
        return None
    offsets = leading + [0] * rank
    sizes = [1] * n + list(ttype.shape)
    strides = [1] * (n + rank)
    padded = bvm[pad.results[0]]
    transpose_op = None
    if perm:
        out = create_extract_slice(rw, ttype, packed, offsets, sizes, strides, loc)
        transpose_op = create_transpose_generic(rw, padded, out, perm, loc)
        padded = transpose_op.results[0]
    if n:
        value = create_insert_slice(rw, "tensor.insert_slice", padded, packed, offsets, sizes,
                                    strides, loc).results[0]
        for iv in reversed(ivs):
            f = iv.owner.parent_op
            rw.set_insertion_point_to_end(f.regions[0].blocks[0])
            rw.create("scf.yield", [value], [], loc=loc)
            value = f.results[0]
    return PackingResult(offsets, sizes, strides, ivs, transpose_op,
                         bvm[pad.results[0]].defining_op())


def _build(rw, bvm, pad, perm, analysis):
    loc = pad.loc
    ttype = transposed_type(pad.results[0].type, perm)
    if ttype is None:
        return None
    shape = [DYNAMIC] * len(analysis.packing_loops) + list(ttype.shape)
    rw.set_insertion_point(analysis.outer)
    dyn = analysis.packed_tensor_sizes(rw, loc)
    empty = rw.create("tensor.empty", dyn, [RankedTensorType(shape, ttype.element_type)],
                      loc=loc).results[0]
    return _packing_loop_nest(rw, bvm, pad, perm, ttype, empty, analysis)


def build_packing_loop_nest(rw, pad, outer_loop, perm):
    """buildPackingLoopNest: the PackingResult of packing `pad` above `outer_loop` (the
    original pad is left in place), or None."""
    analysis = HoistPaddingAnalysis(pad, outermost=outer_loop)
    analysis.enable_hoist_padding(rw)
    analysis.finalize()
    if not analysis.valid:
        return None
    return _build(rw, {}, pad, perm, analysis)


def _traces_back_to(slice_op, expected):
    """The slice's source reaches `expected` through destination-style inits."""
    from pyopt.interfaces.destination_style import dps_inits, is_destination_style
    src = slice_op.source
    while src is not None and src is not expected:
        d = src.defining_op()
        if d is None or not is_destination_style(d):
            break
        src = dps_inits(d)[src.index]
    return src is expected


def _pad_through_iter_arg(rw, padded_before, packed, outer_slice, loop):
    """padThroughLoopIterArg: the packed tensor carried through `loop` in place of the slice
    it consumed; returns the extract_slice standing for the loop's result, or None."""
    uses = [u for u in outer_slice.results[0].uses() if u.owner is loop]
    k = uses[0].index - 3
    body = loop.regions[0].blocks[0]
    yielded = list(body.last.operands)
    ext = yielded[k].defining_op()
    if ext is None or ext.name != "tensor.extract_slice" or not _traces_back_to(ext,
                                                                               padded_before):
        return None
    n = len(yielded)
    inits = list(loop.initArgs)
    inits[k] = packed
    yielded[k] = ext.source
    rw.set_insertion_point_after(loop)
    offs, sizes, strides = (mixed(outer_slice, g, "static_" + g)
                            for g in ("offsets", "sizes", "strides"))
    extracted = create_extract_slice(rw, outer_slice.results[0].type, packed, offs, sizes,
                                     strides, outer_slice.loc)
    rw.replace_all_uses_with(loop.results[k], extracted)
    old_args = list(body.args)
    model_loop = loop
    from pyopt.interfaces.loop_like import iter_args_model
    model = iter_args_model(loop)
    for init, y in zip(inits, yielded):
        args = model_loop.regions[0].blocks[0].args
        y = args[old_args.index(y)] if y in old_args else y  # (block args are renewed)
        model_loop = model.replace_with_additional_yields(rw, model_loop, init, y)
    new = model_loop
    rw.modify_op_in_place(extracted.defining_op(),
                          lambda: extracted.defining_op().set_operand(0, new.results[n + k]))
    rw.replace_all_uses_with(padded_before, _iter_args(new)[n + k])
    return extracted


def hoist_padding_on_tensors(rw, pad, num_loops, perm):
    """hoistPaddingOnTensors: (the value replacing `pad`, the hoisted pad, the transposing
    generics) or None. The caller replaces `pad`."""
    analysis = HoistPaddingAnalysis(pad, num_loops=num_loops)
    analysis.enable_hoist_padding(rw)
    analysis.finalize()
    if not analysis.valid:
        return None
    bvm = {}
    res = _build(rw, bvm, pad, perm, analysis)
    if res is None:
        return None
    transposes = [res.transpose_op] if perm else []
    ttype = transposed_type(pad.results[0].type, perm)
    loc = pad.loc
    rw.set_insertion_point(pad)
    rank = len(pad.results[0].type.shape)
    n = len(res.cloned_ivs)
    offsets = [0] * (n + rank)
    if n:
        counts = [_iteration_count(rw, analysis.outer, f) for f in analysis.packing_loops]
        assert all(c is not None for c in counts), "loop independence prerequisite not met"
        offsets[:n] = counts
        packed = res.outer_loop.results[0]
    else:
        packed = bvm[pad.results[0]]
    if analysis.pad_consuming_for is not None:
        new = _pad_through_iter_arg(rw, pad.results[0], packed, analysis.slice_op,
                                    analysis.pad_consuming_for)
    else:
        new = create_extract_slice(rw, ttype, packed, offsets, res.sizes, res.strides, loc)
    if new is None:
        return None
    if perm:
        rw.set_insertion_point_after(new.defining_op())
        t = pad.results[0].type
        empty = rw.create("tensor.empty", [], [t], loc=loc).results[0]
        back = create_transpose_generic(rw, new, empty, perm, loc)
        new = back.results[0]
        transposes.append(back)
    return new, res.hoisted_pad, transposes
