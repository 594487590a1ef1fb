"""The hand-written parsers and printers of the vector ops that have no assembly format
(VectorOps.cpp's parse/print): contract, outerproduct, transfer_read/transfer_write, mask,
print, warp_execute_on_lane_0 and from_elements. The ops are declared in ops.py."""
from __future__ import annotations

from pyopt.ir.attributes import (AffineMapAttr, ArrayAttr, StringAttr, BoolAttr, IntegerAttr,
                              DictionaryAttr)
from pyopt.ir.core import Operation
from pyopt.ir.types import VectorType, MemRefType, RankedTensorType, I1, I64, INDEX
from pyopt.ir.opdef import segment_sizes
from pyopt.syntax.format import ensure_terminator
from pyopt.dialects.vector.attrs import (KIND_ADD, IteratorTypeAttr, PunctuationAttr,
                                         PUNCT_NEWLINE)
from pyopt.dialects.vector import verifiers as V


def _all_attrs(op):
    """Operation::getAttrs(): inherent (properties) and discardable attributes."""
    d = dict(op.properties)
    d.update(op.attributes)
    return d


def _split_inherent(d, attrs, props):
    """Inherent attributes written in an attr-dict are stored as properties."""
    for n in [n for n in attrs if n in d.attr_names]:
        props[n] = attrs.pop(n)


def _name_offset(p):
    return p.custom_ops[-1][1]


# ---------------------------------------------------------------------------- contract
def _parse_contract(p, state):
    d = state.opdef
    off = p.start
    trait = p.parse_attribute()
    if type(trait) is not DictionaryAttr:
        raise p.error("invalid kind of attribute specified", off)
    lhs = p.parse_operand()
    p.expect(",")
    rhs = p.parse_operand()
    p.expect(",")
    acc = p.parse_operand()
    masks = []
    while p.accept(","):
        masks.append(p.parse_operand())
    attrs = p.parse_optional_attr_dict()
    types_off = p.start
    types = p.parse_colon_type_list()
    if not p.accept_keyword("into"):
        raise p.error("expected 'into'")
    res = p.parse_type()
    if len(types) < 2:
        raise p.error(f"{len(types)} operands present, but expected 2", types_off)
    operands = [p.resolve_operand(lhs, types[0]), p.resolve_operand(rhs, types[1]),
                p.resolve_operand(acc, res)]
    props = state.properties
    for k, v in trait.value.items() if isinstance(trait.value, dict) else trait.value:
        attrs.setdefault(k, v)
    iters = attrs.get("iterator_types")
    if type(iters) is ArrayAttr:
        conv = []
        for s in iters:
            if type(s) is StringAttr:
                if s.value not in IteratorTypeAttr.CASES:
                    raise p.error(f"unexpected iterator_type ({s.value})", off)
                conv.append(IteratorTypeAttr.get(s.value))
            else:
                conv.append(s)
        attrs["iterator_types"] = ArrayAttr(conv)
    attrs.setdefault("kind", KIND_ADD)
    _split_inherent(d, attrs, props)
    state.attributes.update(attrs)
    if masks:
        if len(masks) != 2:
            raise p.custom_error("expected zero or exactly 2 vector mask operands")
        lt, rt = types[0], types[1]
        operands += [p.resolve_operand(masks[0], VectorType(lt.shape, I1, lt.scalable_dims)),
                     p.resolve_operand(masks[1], VectorType(rt.shape, I1, rt.scalable_dims))]
    state.operands = operands
    state.result_types = [res]


_TRAIT_ATTRS = ("indexing_maps", "iterator_types", "kind")


def _print_contract(pr, op):
    all_ = _all_attrs(op)
    parts = []
    for name in sorted(n for n in all_ if n in _TRAIT_ATTRS):
        a = all_[name]
        if name == "iterator_types" and type(a) is ArrayAttr:
            a = ArrayAttr([StringAttr(x.keyword) if isinstance(x, IteratorTypeAttr) else x
                           for x in a])
        parts.append(f"{name} = {pr.attr_str(a)}")
    pr.out.append(" {" + ", ".join(parts) + "} " + pr.values([op.lhs, op.rhs, op.acc]))
    pr.out.append(pr.attr_dict_str(all_, _TRAIT_ATTRS))
    t = op.operand_types
    pr.out.append(f" : {pr.type_str(t[0])}, {pr.type_str(t[1])} into "
                  f"{pr.type_str(op.results[0].type)}")


# ---------------------------------------------------------------------------- outerproduct
def _parse_outerproduct(p, state):
    ops = p.parse_operand_list()
    attrs = p.parse_optional_attr_dict()
    tl = p.parse_colon_type()
    p.expect(",")
    tr = p.parse_type()
    if len(ops) < 2:
        raise p.custom_error("expected at least 2 operands")
    if type(tl) is not VectorType:
        raise p.custom_error("expected vector type for operand #1")
    l0 = tl.shape[0] if tl.shape else 0
    ls = tl.scalable_dims[0] if tl.shape else False
    if type(tr) is VectorType:
        res = VectorType([l0, tr.shape[0] if tr.shape else 0], tl.element_type,
                         [ls, tr.scalable_dims[0] if tr.shape else False])
    else:
        res = VectorType([l0], tl.element_type, [ls])
    attrs.setdefault("kind", KIND_ADD)
    _split_inherent(state.opdef, attrs, state.properties)
    state.attributes.update(attrs)
    operands = [p.resolve_operand(ops[0], tl), p.resolve_operand(ops[1], tr)]
    if len(ops) > 2:
        operands.append(p.resolve_operand(ops[2], res))
    state.operands = operands
    state.result_types = [res]


def _print_outerproduct(pr, op):
    pr.out.append(" " + pr.values([op.lhs, op.rhs]))
    acc = op.acc
    if acc is not None:
        pr.out.append(", " + pr.value(acc))
        pr.out.append(pr.attr_dict_str(_all_attrs(op)))
    pr.out.append(f" : {pr.type_str(op.lhs.type)}, {pr.type_str(op.rhs.type)}")


# ---------------------------------------------------------------------------- transfers
def _transfer_maps(p, state, shaped, vtype, attrs, types_off):
    pm = attrs.get("permutation_map")
    if pm is None:
        try:
            m = V.minor_identity_map(shaped, vtype)
        except ValueError:
            raise p.custom_error("expected a permutation_map", types_off)
        attrs["permutation_map"] = AffineMapAttr(m)
    elif type(pm) is not AffineMapAttr:
        raise p.custom_error("expected permutation_map to be an affine map", types_off)
    m = attrs["permutation_map"].value
    if "in_bounds" not in attrs:
        attrs["in_bounds"] = ArrayAttr([BoolAttr(False)] * m.num_results)
    return m


def _resolve_mask(p, mask, shaped, vtype, m, types_off):
    if type(shaped.element_type) is VectorType:
        raise p.custom_error("does not support masks with vector element type", mask[2])
    if len(vtype.shape) != m.num_results:
        raise p.custom_error("expected the same rank for the vector and the results of the "
                             "permutation map", types_off)
    return p.resolve_operand(mask, V.transfer_mask_type(vtype, m))


def _parse_types2(p):
    types_off = p.start
    types = p.parse_colon_type_list()
    if len(types) != 2:
        raise p.custom_error("requires two types", types_off)
    return types, types_off


def _is_shaped_source(t):
    return type(t) in (MemRefType, RankedTensorType)


def _parse_transfer_read(p, state):
    src = p.parse_operand()
    idx = p.parse_operand_list("[")
    p.expect(",")
    pad = p.parse_operand()
    mask = p.parse_operand() if p.accept(",") else None
    attrs = p.parse_optional_attr_dict()
    (shaped, vtype), types_off = _parse_types2(p)
    if not _is_shaped_source(shaped):
        raise p.custom_error("requires memref or ranked tensor type", types_off)
    if type(vtype) is not VectorType:
        raise p.custom_error("requires vector type", types_off)
    m = _transfer_maps(p, state, shaped, vtype, attrs, types_off)
    operands = [p.resolve_operand(src, shaped)] + [p.resolve_operand(i, INDEX) for i in idx] + \
        [p.resolve_operand(pad, shaped.element_type)]
    if mask is not None:
        operands.append(_resolve_mask(p, mask, shaped, vtype, m, types_off))
    _split_inherent(state.opdef, attrs, state.properties)
    state.attributes.update(attrs)
    state.properties["operandSegmentSizes"] = segment_sizes([1, len(idx), 1, int(mask is not None)])
    state.operands = operands
    state.result_types = [vtype]


def _parse_transfer_write(p, state):
    v = p.parse_operand()
    p.expect(",")
    src = p.parse_operand()
    idx = p.parse_operand_list("[")
    mask = p.parse_operand() if p.accept(",") else None
    attrs = p.parse_optional_attr_dict()
    (vtype, shaped), types_off = _parse_types2(p)
    if type(vtype) is not VectorType:
        raise p.custom_error("requires vector type", types_off)
    if not _is_shaped_source(shaped):
        raise p.custom_error("requires memref or ranked tensor type", types_off)
    m = _transfer_maps(p, state, shaped, vtype, attrs, types_off)
    operands = [p.resolve_operand(v, vtype), p.resolve_operand(src, shaped)] + \
        [p.resolve_operand(i, INDEX) for i in idx]
    if mask is not None:
        operands.append(_resolve_mask(p, mask, shaped, vtype, m, types_off))
    _split_inherent(state.opdef, attrs, state.properties)
    state.attributes.update(attrs)
    state.properties["operandSegmentSizes"] = segment_sizes([1, 1, len(idx), int(mask is not None)])
    state.operands = operands
    state.result_types = [shaped] if type(shaped) is RankedTensorType else []


def _transfer_attrs(pr, op):
    all_ = _all_attrs(op)
    elided = ["operandSegmentSizes"]
    pm = all_.get("permutation_map")
    if type(pm) is AffineMapAttr and pm.value.is_minor_identity():
        elided.append("permutation_map")
    ib = all_.get("in_bounds")
    if type(ib) is ArrayAttr and not any(getattr(x, "value", 0) for x in ib):
        elided.append("in_bounds")
    return pr.attr_dict_str(all_, elided)


def _print_transfer_read(pr, op):
    mask = op.mask
    s = f" {pr.value(op.source)}[{pr.values(op.indices)}], {pr.value(op.padding)}"
    if mask is not None:
        s += ", " + pr.value(mask)
    pr.out.append(s + _transfer_attrs(pr, op) +
                  f" : {pr.type_str(op.source.type)}, {pr.type_str(op.vector.type)}")


def _print_transfer_write(pr, op):
    mask = op.mask
    s = f" {pr.value(op.vector)}, {pr.value(op.source)}[{pr.values(op.indices)}]"
    if mask is not None:
        s += ", " + pr.value(mask)
    pr.out.append(s + _transfer_attrs(pr, op) +
                  f" : {pr.type_str(op.vector.type)}, {pr.type_str(op.source.type)}")


# ---------------------------------------------------------------------------- mask
def _parse_mask(p, state):
    name_off = _name_offset(p)
    mask = p.parse_operand()
    passthru = p.parse_operand() if p.accept(",") else None
    region = p.parse_region()
    _mask_terminator(p, region, name_off)
    state.attributes.update(p.parse_optional_attr_dict())
    mt = p.parse_colon_type()
    results = []
    if p.accept("->"):
        results = p.parse_function_result_types()
    state.result_types = results
    operands = [p.resolve_operand(mask, mt)]
    if passthru is not None:
        if not results:
            raise p.custom_error("expected a result type for the passthru value")
        operands.append(p.resolve_operand(passthru, results[0]))
    state.operands = operands
    state.regions = [region]


def _mask_terminator(p, region, name_off):
    """MaskOp::ensureTerminator: the implicit yield returns the masked op's results."""
    ensure_terminator(region, "vector.yield", p, p.loc_at(name_off))
    block = region.blocks[0]
    first, last = block.first, block.last
    if first is None or first is last or first.next is not last:
        return
    if last.name != "vector.yield" or last.operand_slots or not first.results:
        return
    new = Operation("vector.yield", last.opdef, list(first.results), loc=last.loc)
    block.append(new)
    last.erase()


def _print_mask(pr, op):
    vals = op.operands
    out = pr.out
    out.append(" " + pr.values(vals))
    out.append(" { ")
    block = op.regions[0].blocks[0] if op.regions[0].blocks else None
    if block is not None and block.first is not None:
        inner = block.first
        if pr.flags.generic or inner.opdef is None or inner.opdef.print is None:
            pr.print_generic(inner)
        else:
            out.append(inner.name)
            inner.opdef.print(pr, inner)
    out.append(" }")
    out.append(pr.attr_dict_str(op.attributes))
    out.append(" : " + pr.type_str(vals[0].type))
    if op.results:
        out.append(" -> " + _result_types(pr, op.result_types))


def _result_types(pr, ts):
    if len(ts) == 1 and ts[0].__class__.__name__ != "FunctionType":
        return pr.type_str(ts[0])
    return "(" + pr.types(ts) + ")"


# ---------------------------------------------------------------------------- print
def _parse_print(p, state):
    operands = []
    src = p.parse_optional_operand()
    if src is not None:
        t = p.parse_colon_type()
        operands.append(p.resolve_operand(src, t))
    seen = set()
    while True:
        if p.kind == "bare" and p.tok == "str" and "str" not in seen:
            p._next()
            seen.add("str")
            off = p.start
            if p.kind != "string":
                raise p.error("expected string", off)
            state.properties["stringLiteral"] = StringAttr(p.parse_string())
        elif p.kind == "bare" and p.tok == "punctuation" and "punctuation" not in seen:
            p._next()
            seen.add("punctuation")
            state.properties["punctuation"] = PunctuationAttr.parse_stripped(p)
        elif p.kind == "bare" and p.tok in ("str", "punctuation"):
            raise p.error(f"`{p.tok}` clause can appear at most once in the expansion of the "
                          f"oilist directive")
        else:
            break
    attrs = p.parse_optional_attr_dict()
    _split_inherent(state.opdef, attrs, state.properties)
    state.attributes.update(attrs)
    state.properties.setdefault("punctuation", PUNCT_NEWLINE)
    state.operands = operands


def _print_print(pr, op):
    out = pr.out
    v = op.source
    if v is not None:
        out.append(f" {pr.value(v)} : {pr.type_str(v.type)}")
    s = op.properties.get("stringLiteral")
    if s is not None:
        out.append(" str " + pr.attr_str(s))
    punct = op.properties.get("punctuation")
    if punct is not None and punct is not PUNCT_NEWLINE:
        out.append(" punctuation " + punct.asm_stripped(pr))
    out.append(pr.attr_dict_str(op.attributes))


# ---------------------------------------------------------------------------- warp
def _parse_warp(p, state):
    name_off = _name_offset(p)
    p.expect("(")
    lane = p.parse_operand()
    p.expect(")")
    p.expect("[")
    warp = p.parse_integer()
    p.expect("]")
    state.properties["warp_size"] = IntegerAttr(I64, warp)
    operands = [p.resolve_operand(lane, INDEX)]
    if p.accept_keyword("args"):
        p.expect("(")
        off = p.start
        args = p.parse_operand_list()
        types = p.parse_colon_type_list()
        p.expect(")")
        operands += p.resolve_operands(args, types, off)
    results = []
    if p.accept("->"):
        results = p.parse_function_result_types()
    region = p.parse_region()
    ensure_terminator(region, "vector.yield", p, p.loc_at(name_off))
    attrs = p.parse_optional_attr_dict()
    _split_inherent(state.opdef, attrs, state.properties)
    state.attributes.update(attrs)
    state.operands = operands
    state.result_types = results
    state.regions = [region]


def _print_warp(pr, op):
    out = pr.out
    out.append(f"({pr.value(op.laneid)})[{op.properties['warp_size'].value}]")
    args = op.args
    if args:
        out.append(f" args({pr.values(args)} : {pr.types([a.type for a in args])})")
    if op.results:
        out.append(f" -> ({pr.types(op.result_types)})")
    out.append(" ")
    pr.print_region(op.regions[0], True, bool(op.results))
    out.append(pr.attr_dict_str(_all_attrs(op), ("warp_size",)))


# ---------------------------------------------------------------------------- from_elements
def _parse_from_elements(p, state):
    elems = p.parse_operand_list()
    attrs = p.parse_optional_attr_dict()
    p.expect(":")
    off = p.start
    t = p.parse_type()
    if type(t) is not VectorType:
        raise p.custom_error("invalid kind of type specified", off)
    n = t.num_elements
    if len(elems) != n:
        raise p.custom_error(f"{len(elems)} operands present, but expected {n}")
    state.operands = [p.resolve_operand(e, t.element_type) for e in elems]
    state.attributes.update(attrs)
    state.result_types = [t]


def _print_from_elements(pr, op):
    vals = op.operands
    pr.out.append((" " + pr.values(vals) if vals else "") + pr.attr_dict_str(op.attributes) +
                  " : " + pr.type_str(op.results[0].type))
