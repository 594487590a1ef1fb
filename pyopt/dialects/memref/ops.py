"""memref ops that allocate, access and synchronise memory (the view-like ops are in
views.py)."""
from __future__ import annotations

from pyopt.ir.attributes import (UNIT, UnitAttr, TypeAttr, BoolAttr, IntegerAttr,
                              DenseElementsAttr, DenseStringElementsAttr,
                              DenseResourceElementsAttr, SparseElementsAttr)
from pyopt.ir.types import (MemRefType, RankedTensorType, FloatType, IntegerType, INDEX, I32,
                         DYNAMIC)
from pyopt.ir.memref_layout import layout_is_identity, layout_map
from pyopt.ir.symbols import lookup_symbol
from pyopt.ir.verifier import op_error, plain_error
from pyopt.ir.constraints import (AnyType, Index, SymbolNameAttr, StrAttr, FlatSymbolRefAttr,
                           UnitAttrConstraint, TypeAttrC, AnyAttr, BoolAttrConstraint,
                           IntEnumAttrC, I64Attr)
from pyopt.ir.opdef import (Op, ATTR_SIZED_OPERANDS, PURE, TERMINATOR, RETURN_LIKE, SYMBOL,
                     AUTOMATIC_ALLOCATION_SCOPE, SINGLE_BLOCK)
from pyopt.syntax.format import ensure_terminator
from pyopt.dialects.memref.common import (RankedMemRef, AnyRankedOrUnrankedMemRef, MemRef1D, MemRefOfIntOrFloat,
                     StaticShapeMemRef, SignlessIntOrFloat, Non0RankedOrUnrankedMemRef,
                     AlignmentAttr, PositiveI32Attr, LocalityHintAttr, ATOMIC_RMW_KIND, NO_MEMORY_EFFECT,
                     RECURSIVE_MEMORY_EFFECTS, elem_of, all_attrs, is_memory_effect_free)

FALSE = BoolAttr(False)
_ELEMENTS = (DenseElementsAttr, DenseStringElementsAttr, DenseResourceElementsAttr,
             SparseElementsAttr)


def _types_match_elem(op, value_type, memref_type, what):
    """TypesMatchWith<..., memref element type>."""
    if elem_of(memref_type) is not value_type:
        raise op_error(op, f"failed to verify that {what}")


def _mixed_shape_ok(a, b):
    """verifyCompatibleShape of two shaped types (unranked is compatible with anything)."""
    if not a.has_rank or not b.has_rank:
        return True
    if len(a.shape) != len(b.shape):
        return False
    return all(x == y or x == DYNAMIC or y == DYNAMIC for x, y in zip(a.shape, b.shape))


# ---------------------------------------------------------------------------- alloc / alloca
def _verify_alloc_like(op):
    t = op.results[0].type
    if type(t) is not MemRefType:
        raise op_error(op, "result must be a memref")
    sizes = op.opdef.get_group(op, "operand", 0)
    syms = op.opdef.get_group(op, "operand", 1)
    if len(sizes) != t.num_dynamic_dims:
        raise op_error(op, "dimension operand count does not equal memref dynamic dimension "
                       "count")
    nsym = 0 if layout_is_identity(t) else layout_map(t).num_symbols
    if len(syms) != nsym:
        raise op_error(op, f"symbol operand count does not equal memref symbol count: "
                       f"expected {nsym}, got {len(syms)}")


def _verify_alloca(op):
    p = op.parent_op
    while p is not None:
        if p.opdef is not None and AUTOMATIC_ALLOCATION_SCOPE in p.opdef.traits:
            break
        p = p.parent_op
    else:
        raise op_error(op, "requires an ancestor op with AutomaticAllocationScope trait")
    _verify_alloc_like(op)


_ALLOC_FMT = ("`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict "
              "`:` type($memref)")


def _alloc_like(name, verify):
    return Op(f"memref.{name}",
              operands=[("dynamicSizes", Index, "*"), ("symbolOperands", Index, "*")],
              results=[("memref", RankedMemRef)],
              attrs={"alignment": AlignmentAttr.opt()},
              traits=[ATTR_SIZED_OPERANDS], format=_ALLOC_FMT, verify=verify,
              result_names=lambda op: [(0, name)])


ALLOC = _alloc_like("alloc", _verify_alloc_like)
ALLOCA = _alloc_like("alloca", _verify_alloca)


def _verify_realloc(op):
    src = op.source.type
    res = op.results[0].type
    if not layout_is_identity(src):
        raise plain_error(op, f"unsupported layout for source memref type '{src}'")
    if not layout_is_identity(res):
        raise plain_error(op, f"unsupported layout for result memref type '{res}'")
    if src.memory_space is not res.memory_space:
        raise plain_error(op, f"different memory spaces specified for source memref type "
                          f"'{src}' and result memref type '{res}'")
    if src.element_type is not res.element_type:
        raise plain_error(op, f"different element types specified for source memref type "
                          f"'{src}' and result memref type '{res}'")
    has_size = len(op.operands) > 1
    if res.num_dynamic_dims and not has_size:
        raise plain_error(op, f"missing dimension operand for result type '{res}'")
    if not res.num_dynamic_dims and has_size:
        raise plain_error(op, f"unnecessary dimension operand for result type '{res}'")


REALLOC = Op("memref.realloc",
             operands=[("source", MemRef1D), ("dynamicResultSize", Index, "?")],
             results=[("result", MemRef1D)], attrs={"alignment": AlignmentAttr.opt()},
             format="$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` "
                    "type(results)",
             verify=_verify_realloc)


# ---------------------------------------------------------------------------- alloca_scope
def _parse_alloca_scope(p, state):
    if p.accept("->"):
        if p.peek_is("("):
            state.result_types = p.parse_type_list_parens()
        else:
            state.result_types = [p.parse_type()]
    region = p.parse_region()
    ensure_terminator(region, "memref.alloca_scope.return", p, p.loc_at(_name_off(p)))
    state.regions = [region]
    state.attributes.update(p.parse_optional_attr_dict())


def _print_alloca_scope(pr, op):
    out = pr.out
    out.append(" ")
    has_results = bool(op.results)
    if has_results:
        out.append(" -> (" + pr.types(op.result_types) + ")")
    out.append(" ")
    pr.print_region(op.regions[0], False, has_results)
    pr.print_optional_attr_dict(op)


def _verify_alloca_scope(op):
    r = op.regions[0]
    if r.blocks and r.blocks[0].args:
        raise op_error(op, "region #0 should have no arguments")


ALLOCA_SCOPE = Op("memref.alloca_scope", results=[("results", AnyType, "*")],
                  regions=["bodyRegion"],
                  traits=[AUTOMATIC_ALLOCATION_SCOPE, SINGLE_BLOCK, RECURSIVE_MEMORY_EFFECTS],
                  implicit_terminator="memref.alloca_scope.return",
                  parse=_parse_alloca_scope, print=_print_alloca_scope,
                  verify=_verify_alloca_scope)

ALLOCA_SCOPE_RETURN = Op("memref.alloca_scope.return", operands=[("results", AnyType, "*")],
                         traits=[PURE, RETURN_LIKE, TERMINATOR],
                         parent=["memref.alloca_scope"],
                         format="attr-dict ($results^ `:` type($results))?")


# ---------------------------------------------------------------------------- misc
def _verify_assume_alignment(op):
    v = op.get_attr("alignment").value
    if v & (v - 1):
        raise op_error(op, "alignment must be power of 2")


ASSUME_ALIGNMENT = Op("memref.assume_alignment",
                      operands=[("memref", RankedMemRef)],
                      attrs={"alignment": PositiveI32Attr},
                      format="$memref `,` $alignment attr-dict `:` type($memref)",
                      verify=_verify_assume_alignment)


def _verify_copy(op):
    a, b = op.source.type, op.target.type
    if a.element_type is not b.element_type:
        raise op_error(op, "requires the same element type for all operands")
    if not _mixed_shape_ok(a, b):
        raise op_error(op, "requires the same shape for all operands")


COPY = Op("memref.copy",
          operands=[("source", AnyRankedOrUnrankedMemRef),
                    ("target", AnyRankedOrUnrankedMemRef)],
          format="$source `,` $target attr-dict `:` type($source) `to` type($target)",
          verify=_verify_copy)

DEALLOC = Op("memref.dealloc", operands=[("memref", AnyRankedOrUnrankedMemRef)],
             format="$memref attr-dict `:` type($memref)")

def _dim_speculatability(op):
    """DimOp::getSpeculatability: a constant index within a ranked memref's rank."""
    from pyopt.rewrite.matchers import constant_int
    index = constant_int(op.index)
    rank = getattr(op.source.type, "shape", None)
    if index is None or rank is None or not 0 <= index < len(rank):
        return None
    return "always"


DIM = Op("memref.dim",
         operands=[("source", Non0RankedOrUnrankedMemRef), ("index", Index)],
         results=[("result", Index)], traits=[NO_MEMORY_EFFECT],
         speculatability=lambda op: _dim_speculatability(op),
         format="attr-dict $source `,` $index `:` type($source)",
         result_names=lambda op: [(0, "dim")])

RANK = Op("memref.rank", operands=[("memref", AnyRankedOrUnrankedMemRef)],
          results=[("result", Index)], traits=[PURE],
          format="$memref attr-dict `:` type($memref)")

EXTRACT_ALIGNED_POINTER = Op(
    "memref.extract_aligned_pointer_as_index",
    operands=[("source", AnyRankedOrUnrankedMemRef)],
    results=[("aligned_pointer", Index)], traits=[PURE],
    format="$source `:` type($source) `->` type(results) attr-dict",
    result_names=lambda op: [(0, "intptr")])


# ---------------------------------------------------------------------------- load / store
def _verify_load(op):
    mt = op.memref.type
    _types_match_elem(op, op.results[0].type, mt,
                      "result type matches element type of 'memref'")
    n = len(op.operands) - 1
    if n != len(mt.shape):
        raise op_error(op, f"incorrect number of indices for load, expected {len(mt.shape)} "
                       f"but got {n}")


LOAD = Op("memref.load",
          operands=[("memref", RankedMemRef), ("indices", Index, "*")],
          results=[("result", AnyType)],
          attrs={"nontemporal": BoolAttrConstraint.with_default(FALSE).opt()},
          format="$memref `[` $indices `]` attr-dict `:` type($memref)",
          infer={"result": lambda known, attrs: elem_of(known["memref"])},
          verify=_verify_load)


def _verify_store(op):
    mt = op.memref.type
    _types_match_elem(op, op.value.type, mt,
                      "type of 'value' matches element type of 'memref'")
    if len(op.operands) != 2 + len(mt.shape):
        raise op_error(op, "store index operand count not equal to memref rank")


STORE = Op("memref.store",
           operands=[("value", AnyType), ("memref", RankedMemRef), ("indices", Index, "*")],
           attrs={"nontemporal": BoolAttrConstraint.with_default(FALSE).opt()},
           format="$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)",
           infer={"value": lambda known, attrs: elem_of(known["memref"])},
           verify=_verify_store)


# ---------------------------------------------------------------------------- globals
def _tensor_of(mt):
    return RankedTensorType(mt.shape, mt.element_type)


def _parse_global_type_and_init(p, ctx, type_el, init_el, optional=False):
    off = p.start
    t = p.parse_type()
    if type(t) is not MemRefType or DYNAMIC in t.shape:
        raise p.error(f"type should be static shaped memref, but got '{t}'", _name_off(p))
    ctx.set(type_el, TypeAttr(t))
    if not p.accept("="):
        return
    if p.accept_keyword("uninitialized"):
        ctx.set(init_el, UNIT)
        return
    a = p.parse_attribute(_tensor_of(t))
    if not isinstance(a, _ELEMENTS):
        raise p.error("initial value should be a unit or elements attribute", _name_off(p))
    ctx.set(init_el, a)


def _print_global_type_and_init(pr, op, type_attr, init):
    out = pr.out
    out.append(pr.type_str(type_attr.value))
    if init is not None:
        out.append(" = ")
        out.append("uninitialized" if type(init) is UnitAttr else pr.attr_no_type(init))


def _verify_global(op):
    t = op.get_attr("type").value
    if type(t) is not MemRefType or DYNAMIC in t.shape:
        raise op_error(op, f"type should be static shaped memref, but got '{t}'")
    init = op.get_attr("initial_value")
    if init is not None:
        if type(init) is not UnitAttr and not isinstance(init, _ELEMENTS):
            raise op_error(op, f"initial value should be a unit or elements attribute, but "
                           f"got {init}")
        if isinstance(init, _ELEMENTS):
            tt = _tensor_of(t)
            if init.type is not tt:
                raise op_error(op, f"initial value expected to be of type '{tt}', but was of "
                               f"type '{init.type}'")
    al = op.get_attr("alignment")
    if al is not None:
        v = al.value
        if v <= 0 or v & (v - 1):
            raise plain_error(op, f"alignment attribute value {v & ((1 << 64) - 1)} is not a "
                              f"power of 2")


GLOBAL = Op("memref.global",
            attrs={"sym_name": SymbolNameAttr, "sym_visibility": StrAttr.opt(),
                   "type": TypeAttrC(lambda t: type(t) is MemRefType, "memref type attribute"),
                   "initial_value": AnyAttr().opt(), "constant": UnitAttrConstraint.opt(),
                   "alignment": I64Attr.opt()},
            traits=[SYMBOL],
            format="($sym_visibility^)? (`constant` $constant^)? $sym_name `:` "
                   "custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict",
            custom_directives={"GlobalMemrefOpTypeAndInitialValue":
                               (_parse_global_type_and_init, _print_global_type_and_init)},
            verify=_verify_global)


def _verify_get_global(op):
    ref = op.properties["name"]
    g = lookup_symbol(op, ref)
    if g is None or g.name != "memref.global":
        raise op_error(op, f"'{ref.leaf}' does not reference a valid global memref")
    gt = g.get_attr("type").value
    rt = op.results[0].type
    if gt is not rt:
        raise op_error(op, f"result type '{rt}' does not match type '{gt}' of the global memref "
                       f"@{ref.leaf}")


GET_GLOBAL = Op("memref.get_global", attrs={"name": FlatSymbolRefAttr},
                results=[("result", StaticShapeMemRef)], traits=[PURE],
                format="$name `:` type($result) attr-dict", verify=_verify_get_global)


# ---------------------------------------------------------------------------- atomics
_FLOAT_KINDS = {"addf", "maximumf", "minimumf", "mulf"}
_INT_KINDS = {"addi", "maxs", "maxu", "mins", "minu", "muli", "ori", "andi"}


def _verify_atomic_rmw(op):
    value, memref = op.value.type, op.memref.type
    if value is not op.results[0].type:
        raise op_error(op, "failed to verify that all of {value, result} have same type")
    _types_match_elem(op, value, memref, "value type matches element type of memref")
    if len(memref.shape) != len(op.operands) - 2:
        raise op_error(op, "expects the number of subscripts to be equal to memref rank")
    kind = ATOMIC_RMW_KIND.keyword(op.get_attr("kind"))
    if kind in _FLOAT_KINDS and type(value) is not FloatType:
        raise op_error(op, f"with kind '{kind}' expects a floating-point type")
    if kind in _INT_KINDS and type(value) is not IntegerType:
        raise op_error(op, f"with kind '{kind}' expects an integer type")


ATOMIC_RMW = Op("memref.atomic_rmw",
                operands=[("value", SignlessIntOrFloat), ("memref", MemRefOfIntOrFloat),
                          ("indices", Index, "*")],
                results=[("result", SignlessIntOrFloat)],
                attrs={"kind": IntEnumAttrC(ATOMIC_RMW_KIND)},
                format="$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` "
                       "type($value) `,` type($memref) `)` `->` type($result)",
                verify=_verify_atomic_rmw)


def _parse_generic_atomic_rmw(p, state):
    memref = p.parse_operand()
    ivs = p.parse_operand_list("[")
    t = p.parse_colon_type()
    state.operands = [p.resolve_operand(memref, t)] + [p.resolve_operand(i, INDEX)
                                                       for i in ivs]
    state.regions = [p.parse_region()]
    state.attributes.update(p.parse_optional_attr_dict())
    state.result_types = [elem_of(t) if elem_of(t) is not None else t]


def _print_generic_atomic_rmw(pr, op):
    m = op.memref
    pr.out.append(f" {pr.value(m)}[{pr.values(op.indices)}] : {pr.type_str(m.type)} ")
    pr.print_region(op.regions[0])
    pr.print_optional_attr_dict(op)


def _verify_generic_atomic_rmw(op):
    _types_match_elem(op, op.results[0].type, op.memref.type,
                      "result type matches element type of memref")
    body = op.regions[0]
    args = body.blocks[0].args if body.blocks else []
    if len(args) != 1:
        raise op_error(op, "expected single number of entry block arguments")
    if op.results[0].type is not args[0].type:
        raise op_error(op, "expected block argument of the same type result type")
    for b in body.blocks:
        o = b.first
        while o is not None:
            _check_effect_free(o)
            o = o.next


def _check_effect_free(o):
    if not is_memory_effect_free(o):
        raise plain_error(o, "body of 'memref.generic_atomic_rmw' should contain only "
                          "operations with no side effects")
    for r in o.regions:
        for b in r.blocks:
            n = b.first
            while n is not None:
                _check_effect_free(n)
                n = n.next


GENERIC_ATOMIC_RMW = Op("memref.generic_atomic_rmw",
                        operands=[("memref", MemRefOfIntOrFloat), ("indices", Index, "*")],
                        results=[("result", SignlessIntOrFloat)], regions=["atomic_body"],
                        implicit_terminator="memref.atomic_yield",
                        parse=_parse_generic_atomic_rmw, print=_print_generic_atomic_rmw,
                        verify=_verify_generic_atomic_rmw)


def _verify_atomic_yield(op):
    pt = op.parent_op.results[0].type if op.parent_op.results else None
    rt = op.result_.type  # (its operand "result"; Operation.result is the first result)
    if pt is not rt:
        raise op_error(op, f"types mismatch between yield op: '{rt}' and its parent: '{pt}'")


ATOMIC_YIELD = Op("memref.atomic_yield", operands=[("result", AnyType)],
                  traits=[PURE, TERMINATOR], parent=["memref.generic_atomic_rmw"],
                  format="$result attr-dict `:` type($result)", verify=_verify_atomic_yield)


# ---------------------------------------------------------------------------- prefetch
def _parse_prefetch(p, state):
    memref = p.parse_operand()
    ivs = p.parse_operand_list("[")
    p.expect(",")
    rw = p.parse_keyword()
    p.expect(",")
    if not p.accept_keyword("locality"):
        raise p.error("expected 'locality'")
    p.expect("<")
    hint = p.parse_attribute(I32)
    p.expect(">")
    p.expect(",")
    cache = p.parse_keyword()
    t = p.parse_colon_type()
    state.operands = [p.resolve_operand(memref, t)] + [p.resolve_operand(i, INDEX)
                                                       for i in ivs]
    if rw not in ("read", "write"):
        raise p.error("rw specifier has to be 'read' or 'write'", _name_off(p))
    if cache not in ("data", "instr"):
        raise p.error("cache type has to be 'data' or 'instr'", _name_off(p))
    state.properties.update(localityHint=hint, isWrite=BoolAttr(rw == "write"),
                            isDataCache=BoolAttr(cache == "data"))


def _print_prefetch(pr, op):
    m = op.memref
    w = op.get_attr("isWrite")
    d = op.get_attr("isDataCache")
    hint = op.get_attr("localityHint")
    hint_s = str(hint.value) if type(hint) is IntegerAttr else pr.attr_str(hint)
    pr.out.append(f" {pr.value(m)}[{pr.values(op.indices)}], "
                  f"{'write' if w is not None and w.value else 'read'}, locality<{hint_s}>, "
                  f"{'data' if d is not None and d.value else 'instr'}")
    pr.out.append(pr.attr_dict_str(all_attrs(op), ("localityHint", "isWrite", "isDataCache")))
    pr.out.append(f" : {pr.type_str(m.type)}")


def _verify_prefetch(op):
    if len(op.indices) != len(op.memref.type.shape):
        raise op_error(op, "too few indices")


PREFETCH = Op("memref.prefetch",
              operands=[("memref", RankedMemRef), ("indices", Index, "*")],
              attrs={"isWrite": BoolAttrConstraint, "localityHint": LocalityHintAttr,
                     "isDataCache": BoolAttrConstraint},
              parse=_parse_prefetch, print=_print_prefetch, verify=_verify_prefetch)


# ---------------------------------------------------------------------------- DMA
def _parse_dma_start(p, state):
    src = p.parse_operand()
    src_idx = p.parse_operand_list("[")
    p.expect(",")
    dst = p.parse_operand()
    dst_idx = p.parse_operand_list("[")
    p.expect(",")
    num = p.parse_operand()
    p.expect(",")
    tag = p.parse_operand()
    tag_idx = p.parse_operand_list("[")
    stride = []
    if p.accept(","):
        stride = p.parse_operand_list()
    if stride and len(stride) != 2:
        raise p.error("expected two stride related operands", _name_off(p))
    state.attributes.update(p.parse_optional_attr_dict())
    types = p.parse_colon_type_list()
    if len(types) != 3:
        raise p.error("fewer/more types expected", _name_off(p))
    r = p.resolve_operand
    ops = [r(src, types[0])] + [r(i, INDEX) for i in src_idx]
    ops += [r(dst, types[1])] + [r(i, INDEX) for i in dst_idx]
    ops += [r(num, INDEX), r(tag, types[2])] + [r(i, INDEX) for i in tag_idx]
    ops += [r(s, INDEX) for s in stride]
    state.operands = ops


def _rank(t):
    return len(t.shape) if type(t) is MemRefType else 0


def _dma_layout(op):
    """(src, src_idx, dst, dst_idx, num, tag, tag_idx, stride_ops) of a verified dma_start."""
    ops = op.operands
    src = ops[0]
    i = 1 + _rank(src.type)
    dst = ops[i]
    j = i + 1 + _rank(dst.type)
    tag = ops[j + 1]
    k = j + 2 + _rank(tag.type)
    return (src, ops[1:i], dst, ops[i + 1:j], ops[j], tag, ops[j + 2:k], ops[k:])


def _print_dma_start(pr, op):
    src, si, dst, di, num, tag, ti, rest = _dma_layout(op)
    v, vs = pr.value, pr.values
    s = (f" {v(src)}[{vs(si)}], {v(dst)}[{vs(di)}], {v(num)}, {v(tag)}[{vs(ti)}]")
    if rest:
        s += f", {vs(rest)}"
    pr.out.append(s)
    pr.print_optional_attr_dict(op)
    pr.out.append(f" : {pr.type_str(src.type)}, {pr.type_str(dst.type)}, "
                  f"{pr.type_str(tag.type)}")


def _verify_dma_start(op):
    ops = op.operands
    n = len(ops)
    if n < 4:
        raise op_error(op, "expected at least 4 operands")
    if type(ops[0].type) is not MemRefType:
        raise op_error(op, "expected source to be of memref type")
    sr = len(ops[0].type.shape)
    if n < sr + 4:
        raise op_error(op, f"expected at least {sr + 4} operands")
    if any(v.type is not INDEX for v in ops[1:1 + sr]):
        raise op_error(op, "expected source indices to be of index type")
    dst = ops[1 + sr]
    if type(dst.type) is not MemRefType:
        raise op_error(op, "expected destination to be of memref type")
    dr = len(dst.type.shape)
    expected = sr + dr + 4
    if n < expected:
        raise op_error(op, f"expected at least {expected} operands")
    if any(v.type is not INDEX for v in ops[2 + sr:2 + sr + dr]):
        raise op_error(op, "expected destination indices to be of index type")
    if ops[2 + sr + dr].type is not INDEX:
        raise op_error(op, "expected num elements to be of index type")
    tag = ops[3 + sr + dr]
    if type(tag.type) is not MemRefType:
        raise op_error(op, "expected tag to be of memref type")
    tr = len(tag.type.shape)
    expected += tr
    if n < expected:
        raise op_error(op, f"expected at least {expected} operands")
    if any(v.type is not INDEX for v in ops[4 + sr + dr:4 + sr + dr + tr]):
        raise op_error(op, "expected tag indices to be of index type")
    if n != expected and n != expected + 2:
        raise op_error(op, "incorrect number of operands")
    if n == expected + 2 and (ops[-2].type is not INDEX or ops[-1].type is not INDEX):
        raise op_error(op, "expected stride and num elements per stride to be of type index")


DMA_START = Op("memref.dma_start", operands=[("operands", AnyType, "*")],
               parse=_parse_dma_start, print=_print_dma_start, verify=_verify_dma_start)


def _verify_dma_wait(op):
    n = len(op.operands) - 2
    r = len(op.tagMemRef.type.shape)
    if n != r:
        raise op_error(op, f"expected tagIndices to have the same number of elements as the "
                       f"tagMemRef rank, expected {r}, but got {n}")


DMA_WAIT = Op("memref.dma_wait",
              operands=[("tagMemRef", RankedMemRef), ("tagIndices", Index, "*"),
                        ("numElements", Index)],
              format="$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` "
                     "type($tagMemRef)",
              verify=_verify_dma_wait)

OPS = [ALLOC, ALLOCA, REALLOC, ALLOCA_SCOPE, ALLOCA_SCOPE_RETURN, ASSUME_ALIGNMENT, COPY,
       DEALLOC, DIM, RANK, EXTRACT_ALIGNED_POINTER, LOAD, STORE, GLOBAL, GET_GLOBAL, ATOMIC_RMW,
       GENERIC_ATOMIC_RMW, ATOMIC_YIELD, PREFETCH, DMA_START, DMA_WAIT]


def _name_off(p):
    """Offset of the op name (parser.getNameLoc()), for errors about the whole op."""
    return p.custom_ops[-1][1] if p.custom_ops else None

from pyopt.interfaces import attach as _attach  # noqa: E402
from pyopt.interfaces.control_flow import REGION_BRANCH as _RB, SingleRegion  # noqa: E402
_attach(ALLOCA_SCOPE, _RB, SingleRegion())
