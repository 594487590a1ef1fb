"""Affine memory ops: load/store, vector_load/vector_store, prefetch, dma_start/dma_wait.

Their subscripts are affine maps over SSA values, written inline (`%A[%i + 3, symbol(%n)]`);
each subscript operand must be a valid affine dimension or symbol in the op's scope.
"""
from __future__ import annotations

from pyopt.ir.attributes import AffineMapAttr, IntegerAttr, BoolAttr
from pyopt.ir.types import INDEX, I32, MemRefType, VectorType
from pyopt.ir.verifier import op_error
from pyopt.ir.constraints import (AnyType, AnyMemRef, AnyVector, Index, AffineMapAttrC, BoolAttrC,
                           IntAttrC)
from pyopt.ir.opdef import Op
from pyopt.dialects.affine.scope import get_affine_scope, is_valid_index
from pyopt.dialects.affine.syntax import (parse_map_of_ssa_ids, map_of_ssa_ids_str, parse_typed_type,
                     resolve_index, finish, attr_dict_str, map_attr)

MAP = AffineMapAttrC()


def _subscripts_str(pr, op, first_index):
    amap = map_attr(op)
    if amap is None:
        return "[]"
    return "[" + map_of_ssa_ids_str(pr, amap, op.operands[first_index:]) + "]"


def verify_indexing(op, amap, indices, memref_type):
    """verifyMemoryOpIndexing: map shape against memref and subscripts, then each
    subscript's affine validity."""
    rank = len(memref_type.shape) if type(memref_type) is MemRefType else -1
    if amap.num_results != rank:
        raise op_error(op, "affine map num results must equal memref rank")
    if amap.num_inputs != len(indices):
        raise op_error(op, "expects as many subscripts as affine map inputs")
    check_subscripts(op, indices, "index to load must have 'index' type", "index")


def check_subscripts(op, indices, type_msg, what):
    """Each subscript must be an index (when `type_msg` is given) and a valid affine
    dimension or symbol in the op's scope."""
    region = get_affine_scope(op)
    for v in indices:
        if type_msg is not None and v.type is not INDEX:
            raise op_error(op, type_msg)
        if not is_valid_index(v, region):
            raise op_error(op, f"{what} must be a valid dimension or symbol identifier")


# ------------------------------------------------------------------------------ load/store
def _parse_load(p, state):
    mem = p.parse_operand()
    amap, idx = parse_map_of_ssa_ids(p)
    state.attributes["map"] = AffineMapAttr(amap)
    state.attributes.update(p.parse_optional_attr_dict())
    p.expect(":")
    t = parse_typed_type(p, MemRefType)
    vector = state.opdef.name == "affine.vector_load"
    if vector:
        p.expect(",")
        rt = parse_typed_type(p, VectorType)
    state.operands = [p.resolve_operand(mem, t)] + resolve_index(p, idx)
    state.result_types = [rt if vector else t.element_type]
    finish(state)


def _print_load(pr, op):
    mem = op.memref
    s = " " + pr.value(mem) + _subscripts_str(pr, op, 1) + attr_dict_str(pr, op, ("map",))
    s += " : " + pr.type_str(mem.type)
    if op.name == "affine.vector_load":
        s += ", " + pr.type_str(op.results[0].type)
    pr.out.append(s)


def _parse_store(p, state):
    val = p.parse_operand()
    p.expect(",")
    mem = p.parse_operand()
    amap, idx = parse_map_of_ssa_ids(p)
    state.attributes["map"] = AffineMapAttr(amap)
    state.attributes.update(p.parse_optional_attr_dict())
    p.expect(":")
    t = parse_typed_type(p, MemRefType)
    if state.opdef.name == "affine.vector_store":
        p.expect(",")
        vt = parse_typed_type(p, VectorType)
    else:
        vt = t.element_type
    state.operands = [p.resolve_operand(val, vt), p.resolve_operand(mem, t)] + \
        resolve_index(p, idx)
    finish(state)


def _print_store(pr, op):
    val, mem = op.value, op.memref
    s = " " + pr.value(val) + ", " + pr.value(mem) + _subscripts_str(pr, op, 2) + \
        attr_dict_str(pr, op, ("map",)) + " : " + pr.type_str(mem.type)
    if op.name == "affine.vector_store":
        s += ", " + pr.type_str(val.type)
    pr.out.append(s)


def _verify_load(op):
    mt = op.memref.type
    if op.results[0].type is not mt.element_type:
        raise op_error(op, "result type must match element type of memref")
    verify_indexing(op, map_attr(op), op.indices, mt)


def _verify_store(op):
    mt = op.memref.type
    if op.value.type is not mt.element_type:
        raise op_error(op, "value to store must have the same type as memref element type")
    verify_indexing(op, map_attr(op), op.indices, mt)


def _verify_vector_elem(op, mt, vt):
    if mt.element_type is not vt.element_type:
        raise op_error(op, "requires memref and vector types of the same elemental type")


def _verify_vector_load(op):
    mt = op.memref.type
    verify_indexing(op, map_attr(op), op.indices, mt)
    _verify_vector_elem(op, mt, op.results[0].type)


def _verify_vector_store(op):
    mt = op.memref.type
    verify_indexing(op, map_attr(op), op.indices, mt)
    _verify_vector_elem(op, mt, op.value.type)


LOAD = Op("affine.load", operands=[("memref", AnyMemRef), ("indices", Index, "*")],
          results=[("result", AnyType)], attrs={"map": MAP},
          parse=_parse_load, print=_print_load, verify=_verify_load, effects=("read",))
STORE = Op("affine.store",
           operands=[("value", AnyType), ("memref", AnyMemRef), ("indices", Index, "*")],
           attrs={"map": MAP}, parse=_parse_store, print=_print_store, verify=_verify_store,
           effects=("write",))
VECTOR_LOAD = Op("affine.vector_load", operands=[("memref", AnyMemRef), ("indices", Index, "*")],
                 results=[("result", AnyVector)], attrs={"map": MAP},
                 parse=_parse_load, print=_print_load, verify=_verify_vector_load,
                 effects=("read",))
VECTOR_STORE = Op("affine.vector_store",
                  operands=[("value", AnyVector), ("memref", AnyMemRef),
                            ("indices", Index, "*")],
                  attrs={"map": MAP}, parse=_parse_store, print=_print_store,
                  verify=_verify_vector_store, effects=("write",))


# ------------------------------------------------------------------------------ prefetch
class _LocalityHint(IntAttrC):
    """I32Attr confined to [0, 3]."""

    def check(self, a):
        return super().check(a) and 0 <= a.value <= 3


def _parse_prefetch(p, state):
    mem = p.parse_operand()
    amap, idx = parse_map_of_ssa_ids(p)
    state.attributes["map"] = AffineMapAttr(amap)
    p.expect(",")
    rw = p.parse_keyword()
    p.expect(",")
    if not p.accept_keyword("locality"):
        raise p.custom_error("expected 'locality'", p.start)
    p.expect("<")
    state.attributes["localityHint"] = p.parse_attribute(I32)
    p.expect(">")
    p.expect(",")
    cache = p.parse_keyword()
    state.attributes.update(p.parse_optional_attr_dict())
    p.expect(":")
    t = parse_typed_type(p, MemRefType)
    state.operands = [p.resolve_operand(mem, t)] + resolve_index(p, idx)
    if rw not in ("read", "write"):
        raise p.custom_error("rw specifier has to be 'read' or 'write'")
    state.attributes["isWrite"] = BoolAttr(rw == "write")
    if cache not in ("data", "instr"):
        raise p.custom_error("cache type has to be 'data' or 'instr'")
    state.attributes["isDataCache"] = BoolAttr(cache == "data")
    finish(state)


def _print_prefetch(pr, op):
    mem = op.memref
    write = _bool(op.get_attr("isWrite"))
    data = _bool(op.get_attr("isDataCache"))
    hint = op.get_attr("localityHint")
    pr.out.append(" " + pr.value(mem) + _subscripts_str(pr, op, 1) + ", " +
                  ("write" if write else "read") + ", locality<" +
                  (str(hint.value) if type(hint) is IntegerAttr else "") + ">, " +
                  ("data" if data else "instr") +
                  attr_dict_str(pr, op, ("map", "localityHint", "isDataCache", "isWrite")) +
                  " : " + pr.type_str(mem.type))


def _bool(a):
    return type(a) is IntegerAttr and bool(a.value)


def _verify_prefetch(op):
    amap = map_attr(op)
    mt = op.memref.type
    if amap is not None:
        rank = len(mt.shape) if type(mt) is MemRefType else -1
        if amap.num_results != rank:
            raise op_error(op, "affine.prefetch affine map num results must equal memref rank")
        if amap.num_inputs + 1 != len(op.operand_slots):
            raise op_error(op, "too few operands")
    elif len(op.operand_slots) != 1:
        raise op_error(op, "too few operands")
    check_subscripts(op, op.operands[1:], None, "index")


PREFETCH = Op("affine.prefetch", operands=[("memref", AnyMemRef), ("indices", Index, "*")],
              attrs={"isWrite": BoolAttrC(),
                     "localityHint": _LocalityHint(
                         I32, "32-bit signless integer attribute whose minimum value is 0 "
                         "whose maximum value is 3"),
                     "isDataCache": BoolAttrC(), "map": MAP},
              parse=_parse_prefetch, print=_print_prefetch, verify=_verify_prefetch)


# ------------------------------------------------------------------------------ dma
# Not ODS ops upstream: the maps are discardable attributes and there is no attr-dict.
def _parse_dma_start(p, state):
    groups = []
    for i, name in enumerate(("src_map", "dst_map", "tag_map")):
        if i:
            p.expect(",")
        mem = p.parse_operand()
        amap, idx = parse_map_of_ssa_ids(p)
        state.attributes[name] = AffineMapAttr(amap)
        groups.append((mem, idx))
    p.expect(",")
    num = p.parse_operand()
    stride = []
    if p.accept(","):  # (a trailing comma with no operands after it is accepted)
        while p.kind == "percent":
            stride.append(p.parse_operand())
            if not p.accept(","):
                break
    if stride and len(stride) != 2:
        raise p.custom_error("expected two stride related operands")
    types = p.parse_colon_type_list()
    if len(types) != 3:
        raise p.custom_error("expected three types")
    ops = []
    for (mem, idx), t in zip(groups, types):
        ops.append(p.resolve_operand(mem, t))
        ops += resolve_index(p, idx)
    ops.append(p.resolve_operand(num, INDEX))
    ops += resolve_index(p, stride)
    state.operands = ops


def _dma_layout(op):
    """Operand positions of (src, dst, tag) memrefs and their maps, or None if malformed."""
    maps = [map_attr(op, n) for n in ("src_map", "dst_map", "tag_map")]
    if any(m is None for m in maps):
        return None
    pos, out = 0, []
    for m in maps:
        out.append((pos, m))
        pos += 1 + m.num_inputs
    return out, pos


def _print_dma_start(pr, op):
    layout = _dma_layout(op)
    ops = op.operands
    if layout is None:
        pr.out.append(" <<malformed affine.dma_start>>")
        return
    parts = []
    for pos, m in layout[0]:
        parts.append(pr.value(ops[pos]) + "[" +
                     map_of_ssa_ids_str(pr, m, ops[pos + 1:pos + 1 + m.num_inputs]) + "]")
    rest = ops[layout[1]:]
    s = " " + ", ".join(parts) + ", " + pr.values(rest)
    s += " : " + ", ".join(pr.type_str(ops[pos].type) for pos, _ in layout[0])
    pr.out.append(s)


def _verify_dma_start(op):
    layout = _dma_layout(op)
    if layout is None:
        raise op_error(op, "requires 'src_map', 'dst_map' and 'tag_map' affine map attributes")
    (spos, smap), (dpos, dmap), (tpos, tmap) = layout[0]
    ops = op.operands
    n_inputs = smap.num_inputs + dmap.num_inputs + tmap.num_inputs
    if len(ops) not in (n_inputs + 4, n_inputs + 6):
        raise op_error(op, "incorrect number of operands")
    for pos, what in ((spos, "source"), (dpos, "destination"), (tpos, "tag")):
        if type(ops[pos].type) is not MemRefType:
            raise op_error(op, f"expected DMA {what} to be of memref type")
    for pos, m, what in ((spos, smap, "src"), (dpos, dmap, "dst"), (tpos, tmap, "tag")):
        check_subscripts(op, ops[pos + 1:pos + 1 + m.num_inputs],
                         f"{what} index to dma_start must have 'index' type", f"{what} index")


def _parse_dma_wait(p, state):
    tag = p.parse_operand()
    amap, idx = parse_map_of_ssa_ids(p)
    state.attributes["tag_map"] = AffineMapAttr(amap)
    p.expect(",")
    num = p.parse_operand()
    t = p.parse_colon_type()
    state.operands = [p.resolve_operand(tag, t)] + resolve_index(p, idx) + \
        [p.resolve_operand(num, INDEX)]
    if type(t) is not MemRefType:
        raise p.custom_error("expected tag to be of memref type")


def _print_dma_wait(pr, op):
    ops = op.operands
    m = map_attr(op, "tag_map")
    n = m.num_inputs if m is not None else 0
    idx = ops[1:1 + n]
    subs = map_of_ssa_ids_str(pr, m, idx) if m is not None else ""
    pr.out.append(" " + pr.value(ops[0]) + "[" + subs + "], " + pr.values(ops[1 + n:]) +
                  " : " + pr.type_str(ops[0].type))


def _verify_dma_wait(op):
    ops = op.operands
    if not ops or type(ops[0].type) is not MemRefType:
        raise op_error(op, "expected DMA tag to be of memref type")
    m = map_attr(op, "tag_map")
    n = m.num_inputs if m is not None else 0
    check_subscripts(op, ops[1:1 + n], "index to dma_wait must have 'index' type", "index")


DMA_START = Op("affine.dma_start", operands=[("operands", AnyType, "*")],
               parse=_parse_dma_start, print=_print_dma_start, verify=_verify_dma_start)
DMA_WAIT = Op("affine.dma_wait", operands=[("operands", AnyType, "*")],
              parse=_parse_dma_wait, print=_print_dma_wait, verify=_verify_dma_wait)

ACCESS_OPS = [LOAD, STORE, VECTOR_LOAD, VECTOR_STORE, PREFETCH, DMA_START, DMA_WAIT]
