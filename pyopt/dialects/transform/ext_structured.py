"""Declarations of the structured (linalg) transform ops of MLIR 19 LinalgTransformOps.td:
syntax and verifiers. What they do (their TransformOpInterface models) is attached by
passes/linalg/structured_transforms/, over the tiling, fusion and vectorization drivers."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DenseArrayAttr, StringAttr
from pyopt.ir.constraints import (ArrayAttrC, DenseBoolArray, DenseI64Array, DictAttrC,
                                  IntEnum, IntEnumAttrC, StrAttr, TypeAttrAny,
                                  UnitAttrConstraint)
from pyopt.ir.opdef import ATTR_SIZED_OPERANDS, Op
from pyopt.ir.types import I32, I64
from pyopt.ir.verifier import op_error
from pyopt.dialects.memref.views import parse_dynamic_index_list, print_dynamic_index_list
from pyopt.dialects.transform.extension import transform_op
from pyopt.dialects.transform.types import AnyHandleOrParam, OpHandle

MATCH_INTERFACE = IntEnum("MatchInterfaceEnum",
                          ["LinalgOp", "TilingInterface", "LoopLikeInterface"], I32,
                          "An interface to match")
StrArrayAttr = ArrayAttrC(StrAttr, "string array attribute")
TypeArrayAttr = ArrayAttrC(TypeAttrAny, "type array attribute")
_FUNCTIONAL = "attr-dict `:` functional-type(operands, results)"

# What an op does is implemented by the pass library (passes/linalg/structured_transforms/,
# with extension.implement); declared here with the op's handle effects.
def declare(opdef, each=False, consumes=("target",), modifies_payload=True, tracking=True,
            each_op=None, allows_repeated=False):
    """Adds `opdef` to the dialect with its TransformOpInterface effects: `each` for
    TransformEachOpTrait ops, `consumes` the consumed operand names."""
    transform_op(opdef, per_op=each, consumes=consumes, modifies_payload=modifies_payload,
                 each_op=each_op, allows_repeated=allows_repeated, reports_tracking=tracking)
    return opdef


# -- custom<DynamicIndexList> with scalable entries: `[4, [8], %n]` ----------------------------
parse_scalable_index_list = parse_dynamic_index_list
print_scalable_index_list = print_dynamic_index_list


# -- custom<PackedOrDynamicIndexList>: `*(%packed)` or a dynamic index list -------------------
def parse_packed_or_dynamic(p, ctx, packed_el, values_el, ints_el):
    if p.accept("*"):
        p.expect("(")
        ctx.set(packed_el, p.parse_operand())
        p.expect(")")
        ctx.set(ints_el, DenseArrayAttr(I64, []))
        return
    parse_scalable_index_list(p, ctx, values_el, ints_el)


def print_packed_or_dynamic(pr, op, packed, values, ints):
    if packed is not None and packed != []:
        v = packed[0] if isinstance(packed, list) else packed
        pr.out.append(f"*({pr.value(v)})")
        return
    print_scalable_index_list(pr, op, values, ints)


INDEX_LISTS = {"ScalableIndexList": (parse_scalable_index_list, print_scalable_index_list),
               "PackedOrDynamicIndexList": (parse_packed_or_dynamic, print_packed_or_dynamic)}


# -- structured.match -------------------------------------------------------------------------
MATCH = Op("transform.structured.match",
           operands=[("target", OpHandle)], results=[("results", OpHandle)],
           attrs={"ops": StrArrayAttr.opt(), "interface": IntEnumAttrC(MATCH_INTERFACE).opt(),
                  "op_attrs": DictAttrC().opt(), "filter_result_type": TypeAttrAny.opt(),
                  "filter_operand_types": TypeArrayAttr.opt()},
           format="(`ops` `{` $ops^ `}`)? (`interface` `{` $interface^ `}`)? "
                  "(`attributes` $op_attrs^)? (`filter_result_type` `=` $filter_result_type^)? "
                  "(`filter_operand_types` `=` $filter_operand_types^)? `in` $target attr-dict "
                  "`:` functional-type($target, results)")


# -- structured.tile_using_for ----------------------------------------------------------------
def _verify_tile_using_for(op):
    static = list(op.get_attr("static_sizes").values) if op.get_attr("static_sizes") else []
    scal = op.get_attr("scalable_sizes")
    n_scal = len(scal.values) if scal is not None else 0
    if scal is not None and len(static) != n_scal:
        raise op_error(op, f"expected same number of sizes ({len(static)}) and scalable sizes "
                           f"({n_scal})")
    expected = len(static) - static.count(0)
    loops = len(op.results) - 1
    if loops != expected:
        raise op_error(op, f"expected number of loops to tile ({expected}) to match number of "
                           f"`loops` results ({loops})")


TILE_USING_FOR = Op("transform.structured.tile_using_for",
                    operands=[("target", OpHandle), ("dynamic_sizes", AnyHandleOrParam, "*")],
                    results=[("tiled_linalg_op", OpHandle), ("loops", OpHandle, "*")],
                    attrs={"static_sizes": DenseI64Array.opt(),
                           "interchange": DenseI64Array.opt(),
                           "scalable_sizes": DenseBoolArray.opt()},
                    format="$target `tile_sizes` custom<ScalableIndexList>($dynamic_sizes, "
                           "$static_sizes, $scalable_sizes) (`interchange` `=` $interchange^)? "
                           + _FUNCTIONAL,
                    custom_directives=INDEX_LISTS, verify=_verify_tile_using_for)


# -- structured.tile_using_forall -------------------------------------------------------------
def _verify_tile_using_forall(op):
    d = op.opdef

    def given(static_name, group, packed):
        s = op.get_attr(static_name)
        mixed = bool(s is not None and len(s.values)) or bool(d.get_group(op, "operand", group))
        return int(mixed) + int(d.get_group(op, "operand", packed) is not None)
    threads = given("static_num_threads", 1, 3)
    tiles = given("static_tile_sizes", 2, 4)
    if threads > 1:
        raise op_error(op, "num_threads and packed_num_threads are mutually exclusive")
    if tiles > 1:
        raise op_error(op, "tile_sizes and packed_tile_sizes are mutually exclusive")
    if threads == 0 and tiles == 0:
        raise op_error(op, "either (packed_)num_threads or (packed_)tile_sizes must be "
                           "specified")


def _parse_forall_sizes(p, ctx, pnt, nt, snt, pts, ts, sts):
    """`num_threads [...]` and/or `tile_sizes [...]` in either order (the oilist)."""
    seen = set()
    while True:
        if "n" not in seen and p.accept_keyword("num_threads"):
            parse_packed_or_dynamic(p, ctx, pnt, nt, snt)
            seen.add("n")
        elif "t" not in seen and p.accept_keyword("tile_sizes"):
            parse_packed_or_dynamic(p, ctx, pts, ts, sts)
            seen.add("t")
        else:
            break


def _print_forall_sizes(pr, op, pnt, nt, snt, pts, ts, sts):
    parts = []
    if (pnt is not None and pnt != []) or nt or (snt is not None and len(snt.values)):
        pr.out.append("num_threads ")
        print_packed_or_dynamic(pr, op, pnt, nt, snt)
        parts.append(1)
    if (pts is not None and pts != []) or ts or (sts is not None and len(sts.values)):
        pr.out.append((" " if parts else "") + "tile_sizes ")
        print_packed_or_dynamic(pr, op, pts, ts, sts)


TILE_USING_FORALL = Op(
    "transform.structured.tile_using_forall",
    operands=[("target", OpHandle), ("num_threads", AnyHandleOrParam, "*"),
              ("tile_sizes", AnyHandleOrParam, "*"), ("packed_num_threads", AnyHandleOrParam, "?"),
              ("packed_tile_sizes", AnyHandleOrParam, "?")],
    results=[("tiled_op", OpHandle), ("forall_op", OpHandle)],
    attrs={"static_num_threads": DenseI64Array.opt(), "static_tile_sizes": DenseI64Array.opt(),
           "mapping": ArrayAttrC().opt()},
    traits=[ATTR_SIZED_OPERANDS],
    format="$target custom<ForallSizes>($packed_num_threads, $num_threads, $static_num_threads, "
           "$packed_tile_sizes, $tile_sizes, $static_tile_sizes) "
           "(`(` `mapping` `=` $mapping^ `)`)? " + _FUNCTIONAL,
    custom_directives={"ForallSizes": (_parse_forall_sizes, _print_forall_sizes)},
    verify=_verify_tile_using_forall)

declare(MATCH, consumes=(), modifies_payload=False, tracking=False)
declare(TILE_USING_FOR)
declare(TILE_USING_FORALL)


# -- custom<SemiFunctionType>: `!t` or `(!t) -> !r` / `(!t) -> (!r, ...)` ---------------------
def parse_semi_function_type(p, ctx, arg_el, res_el):
    paren = p.accept("(")
    arg = p.parse_type()
    ctx.set(arg_el, arg)
    if not paren:
        ctx.set(res_el, arg)  # (19 leaves the result type null here)
        return
    p.expect(")")
    p.expect("->")
    if p.accept("("):
        types = [p.parse_type()]
        while p.accept(","):
            types.append(p.parse_type())
        p.expect(")")
        ctx.set(res_el, types)
    else:
        ctx.set(res_el, p.parse_type())


def print_semi_function_type(pr, op, arg, res):
    res = res if isinstance(res, list) else ([] if res is None else [res])
    if not res:
        pr.out.append(pr.type_str(arg))
        return
    inner = ", ".join(pr.type_str(t) for t in res)
    pr.out.append(f"({pr.type_str(arg)}) -> " + (f"({inner})" if len(res) > 1 else inner))


SEMI_FUNCTION = {"SemiFunctionType": (parse_semi_function_type, print_semi_function_type)}
_SEMI = "attr-dict `:` custom<SemiFunctionType>(type($target), type($transformed))"
_TARGET_SEMI = "$target " + _SEMI


def _one_to_one(name, format=_TARGET_SEMI, attrs=None, verify=None):
    """An op taking one target handle and giving one `transformed` handle."""
    return Op(name, operands=[("target", OpHandle)], results=[("transformed", OpHandle)],
              attrs=attrs or {}, format=format, custom_directives=SEMI_FUNCTION, verify=verify)


def _verify_interchange(op):
    perm = list(op.get_attr("iterator_interchange").values) \
        if op.get_attr("iterator_interchange") is not None else []
    if any(x < 0 for x in perm):
        raise op_error(op, "attribute 'iterator_interchange' failed to satisfy constraint: i64 "
                           "dense array attribute whose value is non-negative")
    if sorted(perm) != list(range(len(perm))):
        raise op_error(op, "expects iterator_interchange to be a permutation, found "
                           + ", ".join(str(x) for x in perm))


GENERALIZE = _one_to_one("transform.structured.generalize")
SPECIALIZE = _one_to_one("transform.structured.specialize")
INTERCHANGE = _one_to_one("transform.structured.interchange",
                          "$target (`iterator_interchange` `=` $iterator_interchange^)? " + _SEMI,
                          {"iterator_interchange": DenseI64Array.opt()}, _verify_interchange)
declare(GENERALIZE, each=True)
declare(SPECIALIZE, each=True)
declare(INTERCHANGE, each=True, each_op="linalg.generic")


# -- structured.fuse_into_containing_op -------------------------------------------------------
FUSE_INTO_CONTAINING = Op("transform.structured.fuse_into_containing_op",
                          operands=[("producer_op", OpHandle), ("containing_op", OpHandle)],
                          results=[("fused_op", OpHandle), ("new_containing_op", OpHandle)],
                          format="$producer_op `into` $containing_op " + _FUNCTIONAL)
declare(FUSE_INTO_CONTAINING, consumes=("producer_op",), tracking=False, allows_repeated=True)


# -- structured.fuse --------------------------------------------------------------------------
def _ints(op, name):
    a = op.get_attr(name)
    return [x.value for x in a] if a is not None else []


def _verify_fuse(op):
    perm = _ints(op, "tile_interchange")
    if sorted(perm) != list(range(len(perm))):
        raise op_error(op, "expects interchange to be a permutation, found ["
                           + ", ".join(str(x) for x in perm) + "]")
    sizes = _ints(op, "tile_sizes")
    expected = len(sizes) - sizes.count(0)
    if expected != len(op.results) - 1:
        raise op_error(op, f"expects {expected} loop results")


_I64_ARRAY = ArrayAttrC(None, "64-bit integer array attribute")
FUSE = Op("transform.structured.fuse",
          operands=[("target", OpHandle)],
          results=[("transformed", OpHandle), ("loops", OpHandle, "*")],
          attrs={"tile_sizes": _I64_ARRAY.with_default(ArrayAttr([])),
                 "tile_interchange": _I64_ARRAY.with_default(ArrayAttr([]))},
          format="$target ($tile_sizes^)? (`interchange` $tile_interchange^)? " + _FUNCTIONAL,
          verify=_verify_fuse)
declare(FUSE)


# -- structured.vectorize ---------------------------------------------------------------------
def _parse_opt_vector_sizes(p, ctx, target_el, values_el, ints_el, scalable_el):
    """`$target (vector_sizes [...])?` (the oilist of one optional clause)."""
    ctx.set(target_el, p.parse_operand())
    if p.accept_keyword("vector_sizes"):
        parse_scalable_index_list(p, ctx, values_el, ints_el, scalable_el)


def _print_opt_vector_sizes(pr, op, target, values, ints, scalable):
    pr.out.append(pr.value(target[0] if isinstance(target, list) else target))
    if (ints is not None and len(ints.values)) or values:
        pr.out.append(" vector_sizes ")
        print_scalable_index_list(pr, op, values, ints, scalable)


def _verify_vectorize(op):
    n = len(op.get_attr("static_vector_sizes").values) \
        if op.get_attr("static_vector_sizes") is not None else 0
    s = len(op.get_attr("scalable_sizes").values) \
        if op.get_attr("scalable_sizes") is not None else 0
    if n != s:
        raise op_error(op, f"expected same number of vector sizes ({n}) and scalable sizes "
                           f"({s})")


VECTORIZE = Op("transform.structured.vectorize",
               operands=[("target", OpHandle), ("vector_sizes", AnyHandleOrParam, "*")],
               attrs={"static_vector_sizes": DenseI64Array.opt(),
                      "vectorize_nd_extract": UnitAttrConstraint.opt(),
                      "scalable_sizes": DenseBoolArray.opt()},
               format="custom<OptVectorSizes>($target, $vector_sizes, $static_vector_sizes, "
                      "$scalable_sizes) attr-dict `:` type($target) "
                      "(`,` type($vector_sizes)^)?",
               custom_directives={"OptVectorSizes": (_parse_opt_vector_sizes,
                                                     _print_opt_vector_sizes)},
               verify=_verify_vectorize)
declare(VECTORIZE, tracking=False)

VECTORIZE_CHILDREN = Op("transform.structured.vectorize_children_and_apply_patterns",
                        operands=[("target", OpHandle)], results=[("transformed", OpHandle)],
                        attrs={n: UnitAttrConstraint.opt() for n in (
                            "vectorize_padding", "vectorize_nd_extract",
                            "flatten_1d_depthwise_conv",
                            "disable_multi_reduction_to_contract_patterns",
                            "disable_transfer_permutation_map_lowering_patterns")},
                        format="$target " + _FUNCTIONAL)
declare(VECTORIZE_CHILDREN, each=True)

# -- structured.hoist_redundant_vector_transfers / _broadcasts --------------------------------
HOIST_VECTOR_TRANSFERS = Op("transform.structured.hoist_redundant_vector_transfers",
                            operands=[("target", OpHandle)], results=[("transformed", OpHandle)],
                            format="$target " + _FUNCTIONAL)
declare(HOIST_VECTOR_TRANSFERS, each=True, each_op="func.func")
HOIST_VECTOR_BROADCASTS = Op("transform.structured.hoist_redundant_vector_broadcasts",
                             operands=[("target", OpHandle)],
                             results=[("transformed", OpHandle)],
                             format="$target " + _FUNCTIONAL)
declare(HOIST_VECTOR_BROADCASTS, each=True)

# (default-valued, as MLIR's: stored when absent, elided when equal to the default)
_EMPTY_I64 = DenseI64Array.with_default(DenseArrayAttr(I64, ()))

# -- structured.tile_reduction_using_for ------------------------------------------------------
TILE_REDUCTION_USING_FOR = Op(
    "transform.structured.tile_reduction_using_for",
    operands=[("target", OpHandle)],
    results=[("fill_op", OpHandle, "*"), ("split_linalg_op", OpHandle),
             ("combining_linalg_op", OpHandle), ("for_op", OpHandle)],
    attrs={"tile_sizes": _EMPTY_I64},
    format="$target `by` `tile_sizes` `=` $tile_sizes " + _FUNCTIONAL)
declare(TILE_REDUCTION_USING_FOR, each=True)

TILE_REDUCTION_USING_FORALL = Op(
    "transform.structured.tile_reduction_using_forall",
    operands=[("target", OpHandle)],
    results=[("fill_op", OpHandle, "*"), ("split_linalg_op", OpHandle),
             ("combining_linalg_op", OpHandle), ("forall_op", OpHandle)],
    attrs={"num_threads": _EMPTY_I64, "tile_sizes": _EMPTY_I64,
           "mapping": ArrayAttrC().opt()},
    format="$target `by` (`num_threads` `=` $num_threads^)? (`,` `tile_sizes` `=` "
           "$tile_sizes^)? (`,` `mapping` `=` $mapping^)? " + _FUNCTIONAL)
declare(TILE_REDUCTION_USING_FORALL, each=True)

# -- structured.pad ---------------------------------------------------------------------------
def _int_list(op, name):
    a = op.get_attr(name)
    return [x.value for x in a] if a is not None else []


def _verify_pad(op):
    packs = _int_list(op, "pack_paddings")
    if any(p not in (0, 1) for p in packs):
        raise op_error(op, "expects pack_paddings to contain booleans (0/1), found ["
                           + ", ".join(str(p) for p in packs) + "]")
    dims = _int_list(op, "padding_dimensions")
    if any(d < 0 for d in dims):
        raise op_error(op, "expects padding_dimensions to contain positive integers, found ["
                           + ", ".join(str(d) for d in dims) + "]")
    static = op.get_attr("static_pad_to_multiple_of")
    n = len(static.values) if static is not None else 0
    if n and n != len(dims):
        raise op_error(op, "expects as many multiples as padding_dimensions")
    for a in (op.get_attr("transpose_paddings") or []):
        perm = [x.value for x in a]
        if sorted(perm) != list(range(len(perm))):
            raise op_error(op, "expects transpose_paddings to be a permutation, found ["
                               + ", ".join(str(x) for x in perm) + "]")
    cb = op.get_attr("copy_back_op")
    if cb is not None and cb.value not in ("bufferization.materialize_in_destination",
                                           "linalg.copy", "none"):
        raise op_error(op, "invalid copy_back_op")


def _parse_opt_multiples(p, ctx, target_el, values_el, ints_el):
    """`$target (pad_to_multiple_of [...])?`."""
    ctx.set(target_el, p.parse_operand())
    if p.accept_keyword("pad_to_multiple_of"):
        parse_scalable_index_list(p, ctx, values_el, ints_el)


def _print_opt_multiples(pr, op, target, values, ints):
    pr.out.append(pr.value(target[0] if isinstance(target, list) else target))
    if ints is not None or values:  # (an empty list that is present is printed, `[]`)
        pr.out.append(" pad_to_multiple_of ")
        print_scalable_index_list(pr, op, values, ints)


PAD = Op("transform.structured.pad",
         operands=[("target", OpHandle), ("pad_to_multiple_of", AnyHandleOrParam, "*")],
         results=[("padded", OpHandle), ("pad", OpHandle), ("copy", OpHandle)],
         # (default-valued as MLIR's: stored when absent, elided when equal to the default)
         attrs={"padding_values": ArrayAttrC().with_default(ArrayAttr([])),
                "padding_dimensions": _I64_ARRAY.with_default(ArrayAttr([])),
                "static_pad_to_multiple_of": DenseI64Array.opt(),
                "pack_paddings": _I64_ARRAY.with_default(ArrayAttr([])),
                "transpose_paddings": ArrayAttrC().with_default(ArrayAttr([])),
                "copy_back_op": StrAttr.with_default(
                    StringAttr("bufferization.materialize_in_destination"))},
         format="custom<OptMultiples>($target, $pad_to_multiple_of, $static_pad_to_multiple_of) "
                + _FUNCTIONAL,
         custom_directives={"OptMultiples": (_parse_opt_multiples, _print_opt_multiples)},
         verify=_verify_pad)
declare(PAD, tracking=True)
