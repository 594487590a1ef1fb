"""linalg.generic, linalg.yield and linalg.index (MLIR 19 LinalgStructuredOps.td /
LinalgOps.td): declarations, syntax and verifiers. The named ops are in named.py."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DictionaryAttr, StringAttr
from pyopt.ir.constraints import (AnyType, AnyShaped, AnyRankedTensor, ArrayAttrC, I64Attr,
                                  Index, StrAttr)
from pyopt.ir.constraints import AffineMapAttrC, ConfinedAttrC
from pyopt.ir.opdef import Op, ATTR_SIZED_OPERANDS, PURE, TERMINATOR, RETURN_LIKE
from pyopt.ir.verifier import op_error
from pyopt.interfaces import attach
from pyopt.interfaces.destination_style import (DESTINATION_STYLE, DestinationStyle,
                                                verify_destination_style)
from pyopt.dialects.linalg.attrs import IteratorTypeAttr, IteratorTypeArrayC
from pyopt.dialects.linalg.structured import (
    LINALG_STRUCTURED, Structured, attrs_of, in_out_names, is_linalg_op, iterator_types,
    parse_ins_outs, parse_result_types, print_ins_outs, print_result_types, split_inherent,
    structured_effects, verify_structured, verify_yield)

# linalgTraitAttrNames: printed in the leading dictionary of linalg.generic
TRAIT_ATTRS = ("doc", "indexing_maps", "iterator_types", "library_call")


# ---------------------------------------------------------------------------- generic
def _parse_generic(p, state):
    off = p.start
    d = p.parse_attribute()
    if type(d) is not DictionaryAttr:
        raise p.error("invalid kind of attribute specified", off)
    attrs = dict(d.value) if not isinstance(d.value, dict) else dict(d.value)
    iters = attrs.get("iterator_types")
    if type(iters) is not ArrayAttr:
        raise p.custom_error('expected "iterator_types" array attribute', off)
    conv = []
    for s in iters:
        kw = s.value if type(s) is StringAttr else None
        if kw not in IteratorTypeAttr.CASES:
            raise p.custom_error(f"unexpected iterator_type ({kw if kw is not None else s})",
                                 p.start)
        conv.append(IteratorTypeAttr.get(kw))
    attrs["iterator_types"] = ArrayAttr(conv)
    split_inherent(state.opdef, attrs, state.properties)
    state.attributes.update(attrs)
    parse_ins_outs(p, state)
    if p.accept_keyword("attrs"):
        p.expect("=")
        more = p.parse_optional_attr_dict()
        split_inherent(state.opdef, more, state.properties)
        state.attributes.update(more)
    state.regions = [p.parse_region()]
    state.result_types = parse_result_types(p)


def _print_generic(pr, op):
    all_ = attrs_of(op)
    trait = {}
    for k in TRAIT_ATTRS:
        a = all_.get(k)
        if a is None:
            continue
        if k == "iterator_types" and type(a) is ArrayAttr:
            a = ArrayAttr([StringAttr(x.keyword) if isinstance(x, IteratorTypeAttr) else x
                           for x in a])
        trait[k] = a
    if trait:
        pr.out.append(" " + pr.attr_dict_str(trait).lstrip())
    n_in = op.properties["operandSegmentSizes"].values[0]
    ops = op.operands
    print_ins_outs(pr, ops[:n_in], ops[n_in:])
    extra = {k: v for k, v in all_.items()
             if k not in TRAIT_ATTRS and k != "operandSegmentSizes"}
    if extra:
        pr.out.append(" attrs = " + pr.attr_dict_str(extra))
    if op.regions[0].blocks:
        pr.out.append(" ")
        pr.print_region(op.regions[0])
    print_result_types(pr, op)


def generic_maps(op):
    a = op.properties.get("indexing_maps")
    return [m.value for m in a] if a is not None else []


def generic_iterators(op):
    a = op.properties.get("iterator_types")
    return [x.keyword for x in a] if a is not None else []


def _generic_inits(op):
    sizes = op.properties["operandSegmentSizes"].values
    return list(range(sizes[0], sizes[0] + sizes[1]))


def verify_linalg_op(op):
    verify_destination_style(op, op_error)
    verify_structured(op)


GENERIC = Op("linalg.generic",
             operands=[("inputs", AnyType, "*"), ("outputs", AnyShaped, "*")],
             results=[("result_tensors", AnyRankedTensor, "*")],
             attrs={"indexing_maps": ArrayAttrC(AffineMapAttrC(),
                                                "AffineMap array attribute"),
                    "iterator_types": IteratorTypeArrayC,
                    "doc": StrAttr.opt(), "library_call": StrAttr.opt()},
             regions=["region"], traits=[ATTR_SIZED_OPERANDS],
             parse=_parse_generic, print=_print_generic, verify_regions=verify_linalg_op,
             block_arg_names=in_out_names, implicit_terminator="linalg.yield")
GENERIC.extra["effects"] = structured_effects
attach(GENERIC, LINALG_STRUCTURED, Structured(generic_maps, generic_iterators))
attach(GENERIC, DESTINATION_STYLE, DestinationStyle(_generic_inits))


# ---------------------------------------------------------------------------- yield / index
def _parse_yield(p, state):
    vals = p.parse_operand_list()
    attrs = p.parse_optional_attr_dict()
    types = p.parse_colon_type_list() if vals else []
    state.operands = p.resolve_operands(vals, types)
    state.attributes.update(attrs)


def _print_yield(pr, op):
    if op.operands:
        pr.out.append(" " + pr.values(op.operands))
    pr.out.append(pr.attr_dict_str(op.attributes))
    if op.operands:
        pr.out.append(" : " + pr.types([v.type for v in op.operands]))


YIELD = Op("linalg.yield", operands=[("values", AnyType, "*")],
           traits=[PURE, RETURN_LIKE, TERMINATOR], parse=_parse_yield, print=_print_yield,
           verify=verify_yield)


def _verify_index(op):
    parent = op.parent_op
    if parent is None or not is_linalg_op(parent):
        raise op_error(op, "expected parent op with LinalgOp interface")
    n = len(iterator_types(parent))
    dim = op.properties["dim"].value
    if n <= dim:
        raise op_error(op, f"expected dim ({dim}) to be lower than the number of loops ({n}) "
                           "of the enclosing LinalgOp")


NonNegI64Attr = ConfinedAttrC(I64Attr, lambda a: a.value >= 0,
                              "64-bit signless integer attribute whose minimum value is 0")
INDEX = Op("linalg.index", results=[("result", Index)], attrs={"dim": NonNegI64Attr},
           traits=[PURE], format="$dim attr-dict `:` type($result)", verify=_verify_index)

OPS = [GENERIC, YIELD, INDEX]
