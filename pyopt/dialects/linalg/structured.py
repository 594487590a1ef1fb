"""LinalgStructuredInterface: what every linalg structured op (generic, named, map, ...)
answers - its indexing maps, iterator types, loop ranges and payload - and the verifier and
the `ins(...) outs(...)` syntax they share.

A model is a `Structured(maps, iterators)`: `maps(op)` gives the AffineMaps (one per
operand), `iterators(op)` the iterator type keywords ("parallel"/"reduction")."""
from __future__ import annotations

from pyopt.ir.affine import AffineDimExpr, AffineMap, dim
from pyopt.ir.types import DYNAMIC, MemRefType, RankedTensorType, ShapedType, VectorType
from pyopt.ir.verifier import op_error
from pyopt.interfaces.destination_style import (dps_inits, has_pure_buffer_semantics,
                                                 has_pure_tensor_semantics)
from pyopt.dialects.memref.common import all_attrs

LINALG_STRUCTURED = "LinalgStructuredInterface"
MEMOIZED_MAPS = "linalg.memoized_indexing_maps"


class Structured:
    __slots__ = ("maps", "iterators", "kind", "bbarg_operands")

    def __init__(self, maps, iterators, kind="", bbarg_operands=None):
        self.maps = maps
        self.iterators = iterators
        self.kind = kind  # "contraction", "convolution", "fill", ... (the op's interfaces)
        # getOpOperandsMatchingBBargs: the operand indices the payload has arguments for
        # (None: every operand)
        self.bbarg_operands = bbarg_operands


def structured_model(op):
    d = op.opdef
    return None if d is None else d.extra.get(LINALG_STRUCTURED)


def is_linalg_op(op):
    return structured_model(op) is not None


def indexing_maps(op):
    return structured_model(op).maps(op)


def iterator_types(op):
    return structured_model(op).iterators(op)


def num_loops(op):
    return len(iterator_types(op))


def reduction_dims(op):
    return [i for i, t in enumerate(iterator_types(op)) if t == "reduction"]


def payload(op):
    """The op's single block (its scalar computation)."""
    return op.regions[0].blocks[0]


def element_type_or_self(t):
    return t.element_type if type(t) in (MemRefType, RankedTensorType) else t


def operand_shape(v):
    """getShape: a tensor's or memref's shape; scalars and vectors (elemental) have none."""
    t = v.type
    return list(t.shape) if isinstance(t, ShapedType) and type(t) is not VectorType else []


def static_shape(op):
    out = []
    for v in op.operands:
        out.extend(operand_shape(v))
    return out


def concat_maps(maps):
    n = maps[0].num_dims if maps else 0
    return AffineMap.get(n, 0, [e for m in maps for e in m.results])


def inverse_permutation(m):
    """The map from results back to dims when every dim appears as a plain result (the
    first such result wins), else None."""
    exprs = [None] * m.num_dims
    for i, e in enumerate(m.results):
        if type(e) is AffineDimExpr and exprs[e.position] is None:
            exprs[e.position] = dim(i)
    if any(e is None for e in exprs):
        return None
    return AffineMap.get(m.num_results, 0, exprs)


_INVERSES = {}  # maps (interned) -> inverse of their concatenation (a pure function, cached)


def shapes_to_loops(maps):
    key = tuple(maps)
    inv = _INVERSES.get(key, False)
    if inv is False:
        if len(_INVERSES) > 4096:
            _INVERSES.clear()
        inv = _INVERSES[key] = inverse_permutation(concat_maps(maps))
    return inv


def shapes_to_loops_map(op):
    return shapes_to_loops(indexing_maps(op))


def static_loop_ranges(op):
    """getStaticLoopRanges: each loop's static trip count (DYNAMIC if unknown)."""
    inv = shapes_to_loops(indexing_maps(op))
    sizes = static_shape(op)
    return [sizes[e.position] for e in inv.results]


def structured_effects(op):
    """getGenericEffectsImpl, coarsely: memref inputs are read, memref inits read and
    written; on tensors the op has no effect."""
    eff = set()
    for v in op.operands:
        if type(v.type) is MemRefType:
            eff.add("read")
    if any(type(v.type) is MemRefType for v in dps_inits(op)):
        eff.add("write")
    return eff


# ---------------------------------------------------------------------------- verifier
_SHAPES_OK = set()  # (maps, static sizes) whose static shape check passed
def verify_structured(op):
    """verifyStructuredOpInterface."""
    if op.operands and not has_pure_tensor_semantics(op) and not has_pure_buffer_semantics(op):
        raise op_error(op, "expected to have pure tensor or buffer semantics")
    model = structured_model(op)
    check_attrs = op.opdef.extra.get("verify_index_attrs")
    if check_attrs is not None:
        check_attrs(op)
    maps = model.maps(op)
    n_operands = len(op.operand_slots)
    if len(maps) != n_operands:
        raise op_error(op, f"expected the number of indexing_map ({len(maps)}) to be equal to "
                           f"the number of input/output operands ({n_operands})")
    loops = len(model.iterators(op))
    for i, (m, v) in enumerate(zip(maps, op.operands)):
        if m.num_symbols:
            raise op_error(op, f"unexpected symbols in indexing_map #{i}")
        if m.num_dims != loops:
            raise op_error(op, f"expected indexing_map #{i} to have {loops} dim(s) to match the "
                               "number of loops")
        rank = len(operand_shape(v))
        if m.num_results != rank:
            raise op_error(op, f"expected operand rank ({rank}) to match the result rank of "
                               f"indexing_map #{i} ({m.num_results})")
    inv = shapes_to_loops(maps)
    if inv is None:
        raise op_error(op, "expected the shape-to-loops map to be non-null")
    sizes = static_shape(op)
    ends = [sizes[e.position] for e in inv.results]
    checked = (tuple(maps), tuple(sizes))  # (the shape check is a function of these)
    if DYNAMIC not in ends and checked not in _SHAPES_OK:
        last = [x - 1 for x in ends]
        zeros = [0] * len(ends)
        for i, (m, v) in enumerate(zip(maps, op.operands)):
            lo = [e.evaluate(zeros) for e in m.results]
            hi = [e.evaluate(last) for e in m.results]
            for d, size in enumerate(operand_shape(v)):
                if size == DYNAMIC or size == 0:
                    continue
                inferred = max(lo[d], hi[d]) + 1
                if min(lo[d], hi[d]) < 0:
                    raise op_error(op, f"unexpected result less than 0 at expression #{d} in {m}")
                if type(m.results[d]) is AffineDimExpr:
                    if inferred != size:
                        raise op_error(op, f"inferred input/output operand #{i} has shape's "
                                           f"dimension #{d} to be {inferred}, but found {size}")
                elif inferred > size:
                    raise op_error(op, f"inferred input/output operand #{i} has shape's "
                                       f"dimension #{d} to be greater than or equal to "
                                       f"{inferred}, but found {size}")
        if len(_SHAPES_OK) > 4096:
            _SHAPES_OK.clear()
        _SHAPES_OK.add(checked)
    if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        raise op_error(op, "expects to have 1 region with 1 block")
    block = op.regions[0].blocks[0]
    matching = range(n_operands) if model.bbarg_operands is None else model.bbarg_operands(op)
    if len(matching) != len(block.args):
        raise op_error(op, "expected as many non-induction variable region arguments as the "
                           "number of input/output operands")
    for i in matching:
        v = op.operand(i)
        et = element_type_or_self(v.type)
        at = block.args[i].type
        if et is not at:
            raise op_error(op, f"expected type of bb argument #{i} ('{at}') to match element or "
                               f"self type of the corresponding operand ('{et}')")


def verify_yield(op):
    """linalg.yield in a structured op: one value per init, of its element type."""
    parent = op.parent_op
    if parent is None or len(parent.regions) != 1 or not parent.regions[0].blocks:
        raise op_error(op, "expected single non-empty parent region")
    if not is_linalg_op(parent):
        raise op_error(op, "expected parent op with LinalgOp interface")
    inits = dps_inits(parent)
    if len(op.operand_slots) != len(inits):
        raise op_error(op, f"expected number of yield values ({len(op.operand_slots)}) to match "
                           "the number of inits / outs operands of the enclosing LinalgOp "
                           f"({len(inits)})")
    for i, (v, init) in enumerate(zip(op.operands, inits)):
        et = element_type_or_self(init.type)
        if v.type is not et:
            raise op_error(op, f"type of yield operand {i + 1} ('{v.type}') doesn't match the "
                               f"element type of the enclosing linalg.generic op ('{et}')")


# ---------------------------------------------------------------------------- syntax
def parse_ins_outs(p, state, segments=True, attrs=None):
    """`(<{props}>)? attr-dict? (ins(%a, ... : types))? (outs(%b, ... : types))?`
    (parseCommonStructuredOpParts): sets the operands, with their segment sizes when
    `segments`; the attribute dictionary goes to `attrs` when given (the caller adds to it),
    else to the state. Returns (input types, output types)."""
    from pyopt.ir.attributes import DictionaryAttr
    from pyopt.ir.opdef import segment_sizes
    if p.accept("<"):
        props = p.parse_attribute()
        p.expect(">")
        if type(props) is DictionaryAttr:
            state.properties.update(props.value if isinstance(props.value, dict)
                                    else dict(props.value))
    parsed = p.parse_optional_attr_dict()
    ins, in_types, outs, out_types = [], [], [], []
    in_off = out_off = p.start
    if p.accept_keyword("ins"):
        p.expect("(")
        in_off = p.start
        ins = p.parse_operand_list()
        in_types = p.parse_colon_type_list()
        p.expect(")")
    if p.accept_keyword("outs"):
        out_off = p.start
        p.expect("(")
        outs = p.parse_operand_list()
        out_types = p.parse_colon_type_list()
        p.expect(")")
    state.operands = (p.resolve_operands(ins, in_types, in_off) +
                      p.resolve_operands(outs, out_types, out_off))
    if segments:
        state.properties["operandSegmentSizes"] = segment_sizes([len(ins), len(outs)])
    if attrs is not None:
        attrs.update(parsed)
    else:
        split_inherent(state.opdef, parsed, state.properties)
        state.attributes.update(parsed)
    return in_types, out_types


def split_inherent(opdef, attrs, props):
    for n in [n for n in attrs if n in opdef.attr_names]:
        props[n] = attrs.pop(n)


def print_ins_outs(pr, ins, outs):
    if ins:
        pr.out.append(" ins(" + pr.values(ins) + " : " + pr.types([v.type for v in ins]) + ")")
    if outs:
        pr.out.append(" outs(" + pr.values(outs) + " : " + pr.types([v.type for v in outs]) +
                      ")")


def print_result_types(pr, op):
    """printOptionalArrowTypeList."""
    ts = [r.type for r in op.results]
    if len(ts) == 1:
        pr.out.append(" -> " + pr.type_str(ts[0]))
    elif ts:
        pr.out.append(" -> (" + pr.types(ts) + ")")


def parse_result_types(p):
    if not p.accept("->"):
        return []
    return p.parse_function_result_types()


def attrs_of(op):
    return all_attrs(op)


def in_out_names(op, region):
    """getAsmBlockArgumentNames of structured ops: `%in` per input, `%out` per init."""
    n_in = len(op.operand_slots) - len(dps_inits(op))
    return [(a, "in" if i < n_in else "out") for i, a in enumerate(region.blocks[0].args)] \
        if region.blocks else []
