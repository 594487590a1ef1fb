"""Declarations of smaller structured transform ops (MLIR 19 LinalgTransformOps.td):
insert_slice_to_copy, scalarize, replace, split, bufferize_to_allocation, transpose_*,
multitile_sizes, convert_conv2d_to_img2col, decompose, hoist_pad, promote. Models: the
modules of passes/linalg/structured_transforms/."""
from __future__ import annotations

from pyopt.ir.opdef import GRAPH_REGION, NO_TERMINATOR, SINGLE_BLOCK, Op
from pyopt.ir.verifier import op_error
from pyopt.dialects.transform.ext_structured import (_EMPTY_I64, _SEMI, SEMI_FUNCTION,
                                                     _FUNCTIONAL, _one_to_one, declare)
from pyopt.dialects.transform.extension import pattern_descriptor
from pyopt.dialects.transform.types import AnyHandleOrParam, OpHandle, ValueHandle
from pyopt.ir.constraints import (AnyAttr, ArrayAttrC, I64Attr, IntEnum,
                                  IntEnumAttrC, StrAttr, UnitAttrConstraint)
from pyopt.ir.attributes import ArrayAttr, IntegerAttr, StringAttr
from pyopt.ir.types import I32, I64

INSERT_SLICE_TO_COPY = Op("transform.structured.insert_slice_to_copy",
                          operands=[("target", OpHandle)], results=[("transformed", OpHandle)],
                          format="$target " + _FUNCTIONAL)
declare(INSERT_SLICE_TO_COPY, each=True, tracking=False)

SCALARIZE = _one_to_one("transform.structured.scalarize")
declare(SCALARIZE, each=True)


def _verify_replace(op):
    region = op.regions[0]
    if len(region.blocks) != 1:
        raise op_error(op, "expected one block")
    ops = list(region.blocks[0])
    if len(ops) != 1:
        raise op_error(op, "expected one operation in block")
    r = ops[0]
    if r.operands:
        raise op_error(r, "expected replacement without operands")
    if r.regions and not r.has_trait("IsolatedFromAbove"):
        raise op_error(r, "expect op that is isolated from above")


REPLACE = Op("transform.structured.replace", operands=[("target", OpHandle)],
             results=[("replacement", OpHandle)], regions=["bodyRegion"],
             traits=[NO_TERMINATOR, SINGLE_BLOCK, GRAPH_REGION],
             format="$target attr-dict-with-keyword regions `:` "
                    "custom<SemiFunctionType>(type($target), type($replacement))",
             custom_directives=SEMI_FUNCTION, verify=_verify_replace)
declare(REPLACE)

REWRITE_IN_DPS = Op("transform.structured.rewrite_in_destination_passing_style",
                    operands=[("target", OpHandle)], results=[("transformed", OpHandle)],
                    format="$target " + _FUNCTIONAL)
declare(REWRITE_IN_DPS, each=True)

FLATTEN_ELEMENTWISE = Op("transform.structured.flatten_elementwise",
                         operands=[("target", OpHandle)], results=[("transformed", OpHandle)],
                         format="$target attr-dict `:` functional-type($target, results)")
declare(FLATTEN_ELEMENTWISE, each=True)


# -- structured.split -------------------------------------------------------------------------
def _parse_split_point(p, ctx, dyn_el, static_el):
    """`after 42` or `after %handle`."""
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.ir.types import DYNAMIC, I64
    if p.kind == "percent":
        ctx.set(dyn_el, p.parse_operand())
        ctx.set(static_el, IntegerAttr(I64, DYNAMIC))
    else:
        ctx.set(static_el, IntegerAttr(I64, p.parse_integer("expected integer")))


def _print_split_point(pr, op, dyn, static):
    from pyopt.ir.types import DYNAMIC
    # (19's printer emits a space before the attribute dictionary's own leading space)
    if static is not None and static.value != DYNAMIC:
        pr.out.append(str(static.value) + " ")
    else:
        pr.out.append(pr.value(dyn[0] if isinstance(dyn, list) else dyn) + " ")


def _verify_split(op):
    from pyopt.ir.types import DYNAMIC
    static = op.get_attr("static_chunk_sizes")
    has_dyn = op.opdef.get_group(op, "operand", 1) is not None
    if (static is not None and static.value != DYNAMIC) == has_dyn:
        raise op_error(op, "expects either a dynamic or a static split point to be provided")


SPLIT = Op("transform.structured.split",
           operands=[("target", OpHandle), ("dynamic_chunk_sizes", AnyHandleOrParam, "?")],
           results=[("first", OpHandle), ("second", OpHandle)],
           attrs={"dimension": I64Attr, "static_chunk_sizes": I64Attr,
                  "multiway": UnitAttrConstraint.opt()},
           format="$target `after` custom<SplitPoint>($dynamic_chunk_sizes, $static_chunk_sizes)"
                  " attr-dict `:` type($target) (`,` type($dynamic_chunk_sizes)^)?",
           custom_directives={"SplitPoint": (_parse_split_point, _print_split_point)},
           infer={"first": "target", "second": "target"}, verify=_verify_split)
declare(SPLIT)


# -- structured.bufferize_to_allocation -------------------------------------------------------
def _verify_bufferize_to_allocation(op):
    m = op.get_attr("memcpy_op")
    if m is not None and m.value not in ("bufferization.materialize_in_destination",
                                         "memref.copy", "linalg.copy"):
        raise op_error(op, "unsupported memcpy op")
    a = op.get_attr("alloc_op")
    if a is not None and a.value not in ("memref.alloc", "memref.alloca"):
        raise op_error(op, "unsupported alloc op")


def _any_value(known, attrs):
    from pyopt.dialects.transform.types import ANY_VALUE
    return ANY_VALUE


def _any_op(known, attrs):
    from pyopt.dialects.transform.types import ANY_OP
    return ANY_OP


BUFFERIZE_TO_ALLOCATION = Op(
    "transform.structured.bufferize_to_allocation",
    operands=[("target", OpHandle)],
    results=[("allocated_buffer", ValueHandle), ("new_ops", OpHandle)],
    attrs={"memory_space": AnyAttr().opt(),
           "memcpy_op": StrAttr.with_default(
               StringAttr("bufferization.materialize_in_destination")),
           "alloc_op": StrAttr.with_default(StringAttr("memref.alloc")),
           "bufferize_destination_only": UnitAttrConstraint.opt(),
           "emit_dealloc": UnitAttrConstraint.opt()},
    format="$target attr-dict `:` type($target)",
    infer={"allocated_buffer": _any_value, "new_ops": _any_op},
    verify=_verify_bufferize_to_allocation)
declare(BUFFERIZE_TO_ALLOCATION, tracking=False)


# -- apply_patterns.linalg.* -----------------------------------------------------------------
# (its patterns come from the pass library, which implements it)
TILING_CANONICALIZATION = pattern_descriptor(
    Op("transform.apply_patterns.linalg.tiling_canonicalization", format="attr-dict"))
ERASE_UNNECESSARY_INPUTS = pattern_descriptor(
    Op("transform.apply_patterns.linalg.erase_unnecessary_inputs", format="attr-dict"))
FOLD_UNIT_EXTENT_DIMS_VIA_RESHAPES = pattern_descriptor(
    Op("transform.apply_patterns.linalg.fold_unit_extent_dims_via_reshapes",
       format="attr-dict"))
FOLD_UNIT_EXTENT_DIMS_VIA_SLICES = pattern_descriptor(
    Op("transform.apply_patterns.linalg.fold_unit_extent_dims_via_slices", format="attr-dict"))


# -- structured.transpose_matmul --------------------------------------------------------------
TRANSPOSE_MATMUL_INPUT = IntEnum("TransposeMatmulInput", ["lhs", "rhs"], I32,
                                 "Input to transpose when converting matmul ops to transposed "
                                 "variants")
def _parse_transposed_input(p, ctx, target_el, input_el):
    """`$target (< lhs | rhs >)?` (the default, lhs, is not printed)."""
    from pyopt.ir.attributes import IntegerAttr
    ctx.set(target_el, p.parse_operand())
    if p.accept("<"):
        kw = p.parse_keyword()
        if kw not in TRANSPOSE_MATMUL_INPUT.by_kw:
            raise p.error("expected one of [lhs, rhs] for TransposeMatmulInput")
        ctx.set(input_el, IntegerAttr(I32, TRANSPOSE_MATMUL_INPUT.by_kw[kw]))
        p.expect(">")


def _print_transposed_input(pr, op, target, which):
    pr.out.append(pr.value(target[0] if isinstance(target, list) else target))
    if which is not None and TRANSPOSE_MATMUL_INPUT.keyword(which) != "lhs":
        pr.out.append(f"<{TRANSPOSE_MATMUL_INPUT.keyword(which)}>")  # (19 prints no space)


TRANSPOSE_MATMUL = Op("transform.structured.transpose_matmul",
                      operands=[("target", OpHandle)], results=[("transformed", OpHandle)],
                      attrs={"inputToTranspose": IntEnumAttrC(TRANSPOSE_MATMUL_INPUT)
                             .with_default(IntegerAttr(I32, 0))},  # (lhs)
                      format="custom<TransposedInput>($target, $inputToTranspose) attr-dict `:` "
                             "functional-type($target, results)",
                      custom_directives={"TransposedInput": (_parse_transposed_input,
                                                             _print_transposed_input)})
declare(TRANSPOSE_MATMUL, each=True)

TRANSPOSE_CONV2D = Op("transform.structured.transpose_conv2d", operands=[("target", OpHandle)],
                      results=[("transformed", OpHandle)],
                      format="$target attr-dict `:` functional-type($target, results)")
declare(TRANSPOSE_CONV2D, each=True)


# -- structured.multitile_sizes / continuous_tile_sizes ---------------------------------------
def _parse_shared_result_types(p, ctx, target_el, *result_els):
    """`(target type) -> result type`, the result type shared by all results."""
    off = p.start
    ins = p.parse_type_list_parens()
    p.expect("->")
    outs = p.parse_function_result_types()
    if len(ins) != 1 or len(outs) != 1:
        raise p.error("expects a trailing functional type with one argument and one result",
                      off)
    ctx.set(target_el, ins[0])
    for el in result_els:
        ctx.set(el, outs[0])


def _print_shared_result_types(pr, op, target, first, *others):
    pr.out.append(f"({pr.type_str(target)}) -> {pr.type_str(first)}")


_SHARED_RESULT_TYPES = (_parse_shared_result_types, _print_shared_result_types)


def _verify_same_result_types(op):
    t = op.results[0].type
    if any(r.type is not t for r in op.results):
        raise op_error(op, "expects all results type to be the same")


MULTITILE_SIZES = Op("transform.structured.multitile_sizes", operands=[("target", OpHandle)],
                     results=[("low_size", AnyHandleOrParam), ("high_size", AnyHandleOrParam),
                              ("split_point", AnyHandleOrParam)],
                     attrs={"dimension": I64Attr, "target_size": I64Attr,
                            "divisor": I64Attr.with_default(IntegerAttr(I64, 1))},
                     format="$target attr-dict `:` custom<MultitileSizesTypes>(type($target), "
                            "type($low_size), type($high_size), type($split_point))",
                     custom_directives={"MultitileSizesTypes": _SHARED_RESULT_TYPES},
                     verify=_verify_same_result_types)
declare(MULTITILE_SIZES, each=True, consumes=(), modifies_payload=False, tracking=False)


def _verify_continuous(op):
    _verify_same_result_types(op)
    for name in ("dimension", "target_size"):
        a = op.get_attr(name)
        if a is not None and a.value < 0:
            raise op_error(op, f"attribute '{name}' failed to satisfy constraint: 64-bit "
                               "signless integer attribute whose value is non-negative")


CONTINUOUS_TILE_SIZES = Op(
    "transform.structured.continuous_tile_sizes", operands=[("target", OpHandle)],
    results=[("tile_sizes", AnyHandleOrParam), ("chunk_sizes", AnyHandleOrParam)],
    attrs={"dimension": I64Attr, "target_size": I64Attr},
    format="$target attr-dict `:` custom<ContinuousTileSizeTypes>(type($target), "
           "type($tile_sizes), type($chunk_sizes))",
    custom_directives={"ContinuousTileSizeTypes": _SHARED_RESULT_TYPES},
    verify=_verify_continuous)
declare(CONTINUOUS_TILE_SIZES, consumes=(), modifies_payload=False, tracking=False)


# -- structured.convert_conv2d_to_img2col -----------------------------------------------------
CONVERT_CONV2D_TO_IMG2COL = Op("transform.structured.convert_conv2d_to_img2col",
                               operands=[("target", OpHandle)],
                               results=[("img2col_tensor", OpHandle), ("transformed", OpHandle)],
                               format="$target " + _FUNCTIONAL)
declare(CONVERT_CONV2D_TO_IMG2COL, each=True)

# -- structured.decompose / decompose_interface -----------------------------------------------
DECOMPOSE = Op("transform.structured.decompose", operands=[("target", OpHandle)],
               results=[("transformed", OpHandle)], format="$target " + _FUNCTIONAL)
declare(DECOMPOSE, each=True)
DECOMPOSE_INTERFACE = Op("transform.structured.decompose_interface",
                         operands=[("target", OpHandle)], results=[("transformed", OpHandle)],
                         format="$target " + _FUNCTIONAL)
declare(DECOMPOSE_INTERFACE, each=True)


# -- structured.hoist_pad / hoist_pad.build_packing_loop_nest ---------------------------------
def _verify_transpose_perm(op):
    a = op.get_attr("transpose")
    perm = list(a.values) if a is not None else []
    if sorted(perm) != list(range(len(perm))):
        raise op_error(op, "expects transpose to be a permutation, found "
                           + ", ".join(str(x) for x in perm))


HOIST_PAD_BUILD_PACKING_LOOP_NEST = Op(
    "transform.structured.hoist_pad.build_packing_loop_nest",
    operands=[("target", OpHandle), ("loop", OpHandle)], results=[("packing_loop", OpHandle)],
    attrs={"transpose": _EMPTY_I64},
    format="$target `above` $loop (`,` `transpose` `by` $transpose^)? " + _FUNCTIONAL,
    verify=_verify_transpose_perm)
declare(HOIST_PAD_BUILD_PACKING_LOOP_NEST, consumes=())

HOIST_PAD = Op("transform.structured.hoist_pad", operands=[("target", OpHandle)],
               results=[("transformed", OpHandle)],
               attrs={"num_loops": I64Attr, "transpose": _EMPTY_I64},
               format="$target `by` $num_loops `loops` (`,` `transpose` `by` $transpose^)? "
                      + _FUNCTIONAL,
               verify=_verify_transpose_perm)
declare(HOIST_PAD, each=True, each_op="tensor.pad", tracking=False)

# -- structured.promote -----------------------------------------------------------------------
PROMOTE = _one_to_one("transform.structured.promote", "$target " + _SEMI, {
    "operands_to_promote": ArrayAttrC(None, "64-bit integer array attribute")
    .with_default(ArrayAttr([])),
    "use_full_tile_buffers": ArrayAttrC(None, "1-bit boolean array attribute")
    .with_default(ArrayAttr([])),
    "use_full_tiles_by_default": UnitAttrConstraint.opt(),
    "use_alloca": UnitAttrConstraint.opt(), "memory_space": AnyAttr().opt(),
    "mapping": ArrayAttrC().opt(), "alignment": I64Attr.opt()})
declare(PROMOTE, each=True)

# -- structured.eliminate_empty_tensors -------------------------------------------------------
ELIMINATE_EMPTY_TENSORS = Op("transform.structured.eliminate_empty_tensors",
                             operands=[("target", OpHandle)],
                             format="$target attr-dict `:` type($target)")
declare(ELIMINATE_EMPTY_TENSORS, consumes=(), tracking=False)

# -- structured.gpu.map_copy_to_threads -------------------------------------------------------
MAP_COPY_TO_THREADS = Op(
    "transform.structured.gpu.map_copy_to_threads", operands=[("target", OpHandle)],
    results=[("forall_op", OpHandle), ("tiled_op", OpHandle)],
    attrs={"total_num_threads": I64Attr, "desired_bit_alignment": I64Attr},
    format="$target `total_num_threads` `=` $total_num_threads `desired_bit_alignment` `=` "
           "$desired_bit_alignment " + _FUNCTIONAL)
declare(MAP_COPY_TO_THREADS, each=True, tracking=False)

# -- structured.split_reduction ---------------------------------------------------------------
SPLIT_REDUCTION = Op(
    "transform.structured.split_reduction", operands=[("target", OpHandle)],
    results=[("init_or_alloc_op", OpHandle), ("fill_op", OpHandle),
             ("split_linalg_op", OpHandle), ("combining_linalg_op", OpHandle)],
    attrs={"split_factor": I64Attr.with_default(IntegerAttr(I64, 0)),
           "insert_split_dimension": I64Attr.with_default(IntegerAttr(I64, 0)),
           "inner_parallel": UnitAttrConstraint.opt(),
           "use_scaling_algorithm": UnitAttrConstraint.opt(),
           "use_alloc": UnitAttrConstraint.opt()},
    format="$target " + _FUNCTIONAL)
declare(SPLIT_REDUCTION, each=True)

# -- structured.convert_to_loops --------------------------------------------------------------
CONVERT_TO_LOOPS = Op("transform.structured.convert_to_loops", operands=[("target", OpHandle)],
                      results=[("result", OpHandle)], format="$target " + _FUNCTIONAL)
declare(CONVERT_TO_LOOPS)
