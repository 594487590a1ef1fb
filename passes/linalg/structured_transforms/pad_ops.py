"""transform.structured.pad over passes/linalg/padding.py; hoist_pad and
hoist_pad.build_packing_loop_nest over passes/linalg/hoist_padding.py."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic
from pyopt.ir.attributes import StringAttr
from pyopt.syntax.printer import attr_to_str
from pyopt.dialects.linalg.structured import is_linalg_op
from pyopt.dialects.transform.ext_structured import PAD, _int_list
from pyopt.dialects.transform.failures import definite_silent, silenceable

from pyopt.dialects.transform.ext_structured_misc import (HOIST_PAD,
                                                          HOIST_PAD_BUILD_PACKING_LOOP_NEST)
from pyopt.dialects.transform.failures import definite

from passes.linalg.hoist_padding import build_packing_loop_nest, hoist_padding_on_tensors
from passes.linalg.padding import rewrite_as_padded_op
from passes.linalg.structured_transforms.common import (implement, mixed_sizes,
                                                        reify_mixed_params_and_handles)


def _element_type(t):
    return getattr(t, "element_type", t)


def apply_pad(op, state, results):
    padded_ops, pads, copies = [], [], []
    rw = state.rewriter
    for target in state.payload_ops(op.target):
        if not is_linalg_op(target):
            raise silenceable(op, "expected LinalgOp target", [("target op", target.loc)])
        packs = _int_list(op, "pack_paddings")
        values = []
        pv_attr = op.get_attr("padding_values")
        for attr, v in zip(list(pv_attr) if pv_attr is not None else [], target.operands):
            et = _element_type(v.type)
            if isinstance(attr, StringAttr) or getattr(attr, "type", None) is not et:
                what = "a padding that parses to" if isinstance(attr, StringAttr) else \
                    "a padding value of type"
                d = Diagnostic("error", op.loc, f"'{op.name}' op expects {what} '{et}', got "
                                                f"{attr_to_str(attr)}")
                d.attach_note("when applied to this op", target.loc)
                state.emit(d)
                raise definite_silent()
            values.append(attr)
        dims = _int_list(op, "padding_dimensions")
        static = op.get_attr("static_pad_to_multiple_of")
        multiples = reify_mixed_params_and_handles(state, op, mixed_sizes(
            op, list(static.values) if static is not None else [], op.pad_to_multiple_of))
        if not multiples:
            multiples = [1] * len(dims)
        cb = op.get_attr("copy_back_op")
        copy_back = cb.value if cb is not None else "bufferization.materialize_in_destination"
        r = rewrite_as_padded_op(rw, target, dims, multiples, values, packs, copy_back)
        if r is None:
            raise silenceable(op, "failed to pad op", [("target op", target.loc)])
        padded, replacements, new_pads = r
        rw.replace_op(target, replacements)
        padded_ops.append(padded)
        pads.extend(new_pads)
        if copy_back != "none":
            for v in replacements:
                d = v.defining_op()
                if d not in copies:
                    copies.append(d)
    results.set(0, padded_ops)
    results.set(1, pads)
    results.set(2, copies)


implement(PAD, apply_pad)


def _transpose(op):
    a = op.get_attr("transpose")
    return list(a.values) if a is not None else []


def apply_build_packing_loop_nest(op, state, results):
    targets, loops = state.payload_ops(op.target), state.payload_ops(op.loop)
    if len(targets) != 1 or len(loops) != 1:
        raise definite(op, "requires exactly one target and one loop handle (got "
                           f"{len(targets)} and {len(loops)})")
    pad, loop = targets[0], loops[0]
    if pad.name != "tensor.pad" or loop.name != "scf.for":
        raise definite(op, "requires exactly 2 non-null handles")
    r = build_packing_loop_nest(state.rewriter, pad, loop, _transpose(op))
    if r is None:
        raise definite(op, "could not build packing loop nest")
    results.set(0, [r.outer_loop if r.cloned_ivs else r.hoisted_pad])


def each_hoist_pad(op, target, state):
    rw = state.rewriter
    r = hoist_padding_on_tensors(rw, target, op.get_attr("num_loops").value, _transpose(op))
    if r is None:
        raise silenceable(op, f"{op.name} failed to apply", [("when applied to this op",
                                                             target.loc)])
    value, hoisted, _ = r
    rw.replace_op(target, [value])
    return [hoisted]


implement(HOIST_PAD_BUILD_PACKING_LOOP_NEST, apply_build_packing_loop_nest)
implement(HOIST_PAD, each_hoist_pad)
