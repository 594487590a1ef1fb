"""Making tensor.pad / tensor.empty independent of loop induction variables (MLIR 19's
tensor::buildIndependentOp), and transform.tensor.make_loop_independent over it: every
dynamic size or padding amount is replaced by an upper bound that does not depend on the
given values (pyopt/analysis/value_bounds.py), and a tensor.extract_slice of the larger
tensor stands for the original result, so that the new op can be hoisted out of the loops."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.dialects.affine.builders import independent_upper_bound, value_of
from pyopt.dialects.tensor.pad_canonicalize import constant_padding_value, create_pad_with_value
from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice
from pyopt.dialects.transform import ext_tensor as T
from pyopt.dialects.transform.extension import implement
from pyopt.dialects.transform.failures import silenceable
from pyopt.interfaces.shaped import reify_model
from pyopt.ir.types import DYNAMIC


def all_independent(rw, loc, mixed, independencies):
    """Each size / padding amount made independent of `independencies`, or None."""
    out = []
    for x in mixed:
        b = independent_upper_bound(rw, loc, x, independencies)
        if b is None:
            return None
        out.append(b)
    return out


def same_mixed(a, b):
    return len(a) == len(b) and all(x is y or (isinstance(x, int) and x == y)
                                    for x, y in zip(a, b))


def independent_pad(rw, pad, independencies):
    """The replacement Value of `pad`, or None."""
    rw.set_insertion_point(pad)
    loc = pad.loc
    value = constant_padding_value(pad)
    if value is None:
        return None
    low, high = pad.mixed_low, pad.mixed_high
    new_low = all_independent(rw, loc, low, independencies)
    new_high = all_independent(rw, loc, high, independencies) if new_low is not None else None
    if new_high is None:
        return None
    if same_mixed(low, new_low) and same_mixed(high, new_high):
        return pad.results[0]
    t = pad.results[0].type
    new = create_pad_with_value(rw, t, pad.source, new_low, new_high, value,
                                pad.properties.get("nofold"), loc)
    reified = reify_model(pad).reify(pad, rw)[0]
    offsets, sizes = [], []
    for i, s in enumerate(t.shape):
        if isinstance(low[i], int):
            offsets.append(0)
        else:  # the extra low padding is skipped
            m = AffineMap(2, 0, [dim(0) - dim(1)])
            offsets.append(rw.create("affine.apply", [value_of(rw, new_low[i], loc), low[i]],
                                     [low[i].type],
                                     properties={"map": _map_attr(m)}, loc=loc).results[0])
        sizes.append(s if s != DYNAMIC else reified[i])
    return create_extract_slice(rw, t, new.results[0], offsets, sizes, [1] * len(sizes), loc)


def independent_empty(rw, empty, independencies):
    """The replacement Value of `empty`, or None."""
    rw.set_insertion_point(empty)
    loc = empty.loc
    t = empty.results[0].type
    dyn = iter(empty.dynamicSizes)
    sizes = [next(dyn) if s == DYNAMIC else s for s in t.shape]
    new_sizes = all_independent(rw, loc, sizes, independencies)
    if new_sizes is None:
        return None
    if same_mixed(sizes, new_sizes):
        return empty.results[0]
    from pyopt.ir.types import RankedTensorType
    nt = RankedTensorType([s if isinstance(s, int) else DYNAMIC for s in new_sizes],
                          t.element_type, t.encoding)
    new = rw.create("tensor.empty", [s for s in new_sizes if not isinstance(s, int)], [nt],
                    loc=loc)
    n = len(sizes)
    return create_extract_slice(rw, t, new.results[0], [0] * n, sizes, [1] * n, loc)


def _map_attr(m):
    from pyopt.ir.attributes import AffineMapAttr
    return AffineMapAttr(m)


_BUILDERS = {"tensor.pad": independent_pad, "tensor.empty": independent_empty}


def enclosing_loop_ivs(op, target):
    """The induction variables of the op's num_loops enclosing scf.for loops."""
    ivs, nxt = [], target
    for i in range(op.num_loops.value):
        nxt = nxt.parent_op
        while nxt is not None and nxt.name != "scf.for":
            nxt = nxt.parent_op
        if nxt is None:
            raise silenceable(op, f"could not find {i}-th enclosing loop",
                              [("target op", target.loc)])
        ivs.append(nxt.regions[0].blocks[0].args[0])
    return ivs


def _make_loop_independent(op, target, state):
    ivs = enclosing_loop_ivs(op, target)
    build = _BUILDERS.get(target.name)
    if build is None:
        raise silenceable(op, "unsupported target op", [("target op", target.loc)])
    rw = state.rewriter
    repl = build(rw, target, ivs)
    if repl is None:
        raise silenceable(op, "could not make target op loop-independent",
                          [("target op", target.loc)])
    if repl is target.results[0]:
        return [target]
    rw.replace_op(target, [repl])
    return [repl.defining_op()]


implement(T.MAKE_LOOP_INDEPENDENT, each=_make_loop_independent, consumes=("target",),
          modifies_payload=True)
