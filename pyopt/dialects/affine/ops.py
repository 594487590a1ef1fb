"""The affine ops that are maps of index values: affine.apply, affine.min, affine.max and
affine.delinearize_index; `OPS` gathers them with the loops and conditionals of control.py and
the memory accesses of access.py."""
from __future__ import annotations

from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.types import INDEX
from pyopt.ir.verifier import op_error
from pyopt.ir.constraints import Index, AffineMapAttrC
from pyopt.ir.opdef import Op, PURE
from pyopt.dialects.affine.access import ACCESS_OPS
from pyopt.dialects.affine.control import CONTROL_OPS
from pyopt.dialects.affine.syntax import (parse_typed_attr, parse_dims_and_symbols, parse_dims_and_syms_unresolved,
                     dims_and_symbols_str, resolve_index, finish, attr_dict_str, map_attr)


# ------------------------------------------------------------------------------ apply
def _parse_apply(p, state):
    a = parse_typed_attr(p, AffineMapAttr)
    state.attributes["map"] = a
    vals, ndims = parse_dims_and_symbols(p)
    state.attributes.update(p.parse_optional_attr_dict())
    m = a.value
    if m.num_dims != ndims or ndims + m.num_symbols != len(vals):
        raise p.custom_error("dimension or symbol index mismatch")
    state.operands = vals
    state.result_types = [INDEX] * m.num_results
    finish(state)


def _print_map_op(pr, op):
    """`#map(dims)[symbols]` as affine.apply, affine.min and affine.max print it."""
    a = op.get_attr("map")
    m = map_attr(op)
    nd = m.num_dims if m is not None else len(op.operand_slots)
    pr.out.append(" " + pr.attr_str(a) + dims_and_symbols_str(pr, op.operands, nd) +
                  attr_dict_str(pr, op, ("map",)))


def _verify_operand_count(op):
    m = map_attr(op)
    if len(op.operand_slots) != m.num_inputs:
        raise op_error(op, "operand count and affine map dimension and symbol count must "
                       "match")


def _verify_apply(op):
    _verify_operand_count(op)
    if map_attr(op).num_results != 1:
        raise op_error(op, "mapping must produce one value")


APPLY = Op("affine.apply", operands=[("mapOperands", Index, "*")], results=[("result", Index)],
           attrs={"map": AffineMapAttrC()}, traits=[PURE],
           parse=_parse_apply, print=_print_map_op, verify=_verify_apply)


# ------------------------------------------------------------------------------ min / max
def _parse_min_max(p, state):
    state.attributes["map"] = parse_typed_attr(p, AffineMapAttr)
    dims, syms = parse_dims_and_syms_unresolved(p)
    state.attributes.update(p.parse_optional_attr_dict())
    state.operands = resolve_index(p, dims) + resolve_index(p, syms)
    state.result_types = [INDEX]
    finish(state)


def _min_max(name):
    return Op(name, operands=[("operands", Index, "*")], results=[("result", Index)],
              attrs={"map": AffineMapAttrC()}, traits=[PURE],
              parse=_parse_min_max, print=_print_map_op, verify=_verify_operand_count)


MIN = _min_max("affine.min")
MAX = _min_max("affine.max")


# ------------------------------------------------------------------------------ delinearize
def _verify_delinearize(op):
    n = len(op.operand_slots) - 1
    if n == 0:
        raise op_error(op, "basis should not be empty")
    if len(op.results) != n:
        raise op_error(op, "should return an index for each basis element")


DELINEARIZE = Op("affine.delinearize_index",
                 operands=[("linear_index", Index), ("basis", Index, "*")],
                 results=[("multi_index", Index, "*")], traits=[PURE],
                 format="$linear_index `into` ` ` `(` $basis `)` attr-dict `:` "
                        "type($multi_index)",
                 verify=_verify_delinearize)

OPS = [APPLY, MIN, MAX, DELINEARIZE] + CONTROL_OPS + ACCESS_OPS
