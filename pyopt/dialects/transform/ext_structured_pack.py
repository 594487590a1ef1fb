"""Declarations of the structured transform ops that pack linalg ops (MLIR 19
LinalgTransformOps.td): structured.pack, pack_greedily, pack_transpose. Their models are
provided by passes/linalg/structured_transforms/pack_ops.py."""
from __future__ import annotations

from pyopt.ir.constraints import DenseI64Array
from pyopt.ir.opdef import Op
from pyopt.ir.verifier import op_error
from pyopt.dialects.transform.ext_structured import (INDEX_LISTS, _EMPTY_I64, _FUNCTIONAL,
                                                     declare,
                                                     parse_scalable_index_list,
                                                     print_scalable_index_list)
from pyopt.dialects.transform.types import OpHandle

PACK = Op("transform.structured.pack",
          operands=[("target", OpHandle), ("packed_sizes", OpHandle, "*")],
          results=[("packed_op", OpHandle)],
          attrs={"static_packed_sizes": _EMPTY_I64},
          format="$target `packed_sizes` `=` custom<ScalableIndexList>($packed_sizes, "
                 "$static_packed_sizes) " + _FUNCTIONAL,
          custom_directives=INDEX_LISTS)
declare(PACK)


def _values(op, name):
    a = op.get_attr(name)
    return list(a.values) if a is not None else []


def _is_perm(v):
    """isPermutationVector: no value repeated (the range is not checked)."""
    return len(set(v)) == len(v)


def _verify_pack_greedily(op):
    order = _values(op, "matmul_inner_dims_order")
    if not _is_perm(order):
        raise op_error(op, "matmul_inner_dims_order is not a valid permutation")
    multiples = _values(op, "matmul_padded_sizes_next_multiple_of")
    static = _values(op, "static_matmul_packed_sizes")
    for s, m in zip(static, multiples):
        if m != 0 and s != 0:
            raise op_error(op, "at most one of the packed_size and the "
                               "padded_sizes_next_multiple_of can be nonzero for the matmul "
                               "strategy")


def _parse_greedy_sizes(p, ctx, values_el, ints_el, multiples_el, order_el):
    """The oilist: `matmul_packed_sizes = [...] (matmul_padded_sizes_next_multiple_of =
    [...])? matmul_inner_dims_order = [...]`, any order."""
    while True:
        if p.accept_keyword("matmul_packed_sizes"):
            p.expect("=")
            parse_scalable_index_list(p, ctx, values_el, ints_el)
        elif p.accept_keyword("matmul_padded_sizes_next_multiple_of"):
            p.expect("=")
            ctx.set(multiples_el, DenseI64Array.parse_format(p))
        elif p.accept_keyword("matmul_inner_dims_order"):
            p.expect("=")
            ctx.set(order_el, DenseI64Array.parse_format(p))
        else:
            break


def _print_greedy_sizes(pr, op, values, ints, multiples, order):
    out = pr.out
    out.append("matmul_packed_sizes = ")
    print_scalable_index_list(pr, op, values, ints)
    if multiples is not None and len(multiples.values):
        out.append(" matmul_padded_sizes_next_multiple_of = "
                   + DenseI64Array.print_format(pr, multiples))
    out.append(" matmul_inner_dims_order = " + DenseI64Array.print_format(pr, order))


PACK_GREEDILY = Op("transform.structured.pack_greedily",
                   operands=[("target", OpHandle), ("matmul_packed_sizes", OpHandle, "*")],
                   results=[("packed_op", OpHandle)],
                   attrs={"static_matmul_packed_sizes": _EMPTY_I64,
                          "matmul_padded_sizes_next_multiple_of": _EMPTY_I64,
                          "matmul_inner_dims_order": _EMPTY_I64},
                   format="$target custom<GreedySizes>($matmul_packed_sizes, "
                          "$static_matmul_packed_sizes, $matmul_padded_sizes_next_multiple_of, "
                          "$matmul_inner_dims_order) " + _FUNCTIONAL,
                   custom_directives={"GreedySizes": (_parse_greedy_sizes,
                                                      _print_greedy_sizes)},
                   verify=_verify_pack_greedily)
declare(PACK_GREEDILY)


def _verify_pack_transpose(op):
    inner, outer = _values(op, "inner_perm"), _values(op, "outer_perm")
    if not _is_perm(inner):
        raise op_error(op, "inner_perm is not a valid permutation")
    if not _is_perm(outer):
        raise op_error(op, "outer_perm is not a valid permutation")
    if not inner and not outer:
        raise op_error(op, " at least one of inner_perm or outer_perm must be specified")


PACK_TRANSPOSE = Op("transform.structured.pack_transpose",
                    operands=[("target_pack_or_un_pack_op", OpHandle),
                              ("target_linalg_op", OpHandle)],
                    results=[("packed_op", OpHandle), ("pack_op", OpHandle),
                             ("un_pack_op", OpHandle)],
                    attrs={"outer_perm": DenseI64Array.opt(),
                           "inner_perm": DenseI64Array.opt()},
                    format="$target_pack_or_un_pack_op `with_compute_op` `(` $target_linalg_op "
                           "`)` (`outer_perm` `=` $outer_perm^)? (`inner_perm` `=` "
                           "$inner_perm^)? " + _FUNCTIONAL,
                    verify=_verify_pack_transpose)
declare(PACK_TRANSPOSE, consumes=("target_pack_or_un_pack_op", "target_linalg_op"))

LOWER_PACK = Op("transform.structured.lower_pack", operands=[("target", OpHandle)],
                results=[("pad_op", OpHandle), ("expand_shape_op", OpHandle),
                         ("transpose_op", OpHandle)],
                format="$target " + _FUNCTIONAL)
declare(LOWER_PACK, each=True, each_op="tensor.pack")
LOWER_UNPACK = Op("transform.structured.lower_unpack", operands=[("target", OpHandle)],
                  results=[("empty_op", OpHandle), ("transpose_op", OpHandle),
                           ("collapse_shape_op", OpHandle), ("extract_slice_op", OpHandle)],
                  format="$target " + _FUNCTIONAL)
declare(LOWER_UNPACK, each=True, each_op="tensor.unpack")
