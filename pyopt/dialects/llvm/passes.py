"""LLVM dialect passes (MLIR 19 Dialect/LLVMIR/Transforms): llvm-legalize-for-export,
llvm-add-comdats, llvm-request-c-wrappers and drop-di-composite-type-elements."""
from __future__ import annotations

from ...ir.attributes import StringAttr, SymbolRefAttr, IntegerAttr, UNIT
from ...ir.core import Operation, Block, Region
from ...ir.types import I64
from ...pass_registry import register_pass
from .attrs import LinkageAttr
from .struct_attrs import DICompositeTypeAttr, StructAttr


def _create(ctx, name, operands=(), result_types=(), properties=None, regions=(),
            successors=(), loc=None):
    return Operation(name, ctx.lookup_op(name), operands, result_types, properties or {}, {},
                     regions, successors, loc)


# ---------------------------------------------------------------------------- legalize
def _ensure_distinct_successors(ctx, block):
    term = block.last
    if term is None or term.opdef is None or not term.opdef.is_terminator:
        return
    positions = {}
    for i, succ in enumerate(term.successors):
        if succ.args:
            positions.setdefault(succ, []).append(i)
    region = block.parent
    for succ, pos in positions.items():
        for p in pos[1:]:
            dummy = Block([a.type for a in succ.args], [a.loc for a in succ.args])
            region.append(dummy)
            term.set_successor(p, dummy)
            br = _create(ctx, "llvm.br", operands=list(dummy.args), successors=[succ],
                         loc=term.loc)
            dummy.append(br)


@register_pass("llvm-legalize-for-export",
               "Legalize LLVM dialect to be convertible to LLVM IR")
def legalize_for_export(module, ctx, options):
    for op in list(module.walk_ops()):
        for r in op.regions:
            for b in list(r.blocks):
                _ensure_distinct_successors(ctx, b)


# ---------------------------------------------------------------------------- comdats
_LINKONCE = (LinkageAttr.get("linkonce"), LinkageAttr.get("linkonce_odr"))


@register_pass("llvm-add-comdats",
               "Add comdats to linkonce and linkonce_odr functions", anchor="builtin.module")
def add_comdats(module, ctx, options):
    body = module.regions[0].blocks[0]
    comdat = None
    for op in list(body.ops):
        if op.name != "llvm.func" or op.properties.get("linkage") not in _LINKONCE:
            continue
        if comdat is None:
            for o in body.ops:
                if o.name == "llvm.comdat" and \
                        o.properties.get("sym_name") == StringAttr("__llvm_comdat"):
                    comdat = o
                    break
            else:
                comdat = _create(ctx, "llvm.comdat",
                                 properties={"sym_name": StringAttr("__llvm_comdat")},
                                 regions=[Region([Block()])], loc=module.loc)
                body.prepend(comdat)
        name = op.properties["sym_name"]
        sel = _create(ctx, "llvm.comdat_selector",
                      properties={"sym_name": name, "comdat": IntegerAttr(I64, 0)},
                      loc=comdat.loc)
        comdat.regions[0].blocks[-1].prepend(sel)
        op.properties["comdat"] = SymbolRefAttr("__llvm_comdat", (name.value,))


# ---------------------------------------------------------------------------- c wrappers
@register_pass("llvm-request-c-wrappers",
               "Request C wrapper emission for all functions", anchor="func.func")
def request_c_wrappers(module, ctx, options):
    ops = [module] if module.name == "func.func" else \
        [o for o in module.walk_ops() if o.name == "func.func"]
    for op in ops:
        op.attributes["llvm.emit_c_interface"] = UNIT


# ---------------------------------------------------------------------------- debug info
def _drop_elements(a, memo):
    """`a` with the elements of every DW_TAG_array_type composite type dropped."""
    if not isinstance(a, StructAttr):
        return a
    r = memo.get(a)
    if r is not None:
        return r
    vals = []
    for v in a.vals:
        if isinstance(v, tuple):
            v = tuple(_drop_elements(x, memo) for x in v)
        else:
            v = _drop_elements(v, memo)
        vals.append(v)
    r = type(a)(tuple(vals))
    if type(r) is DICompositeTypeAttr and r.tag == 0x01:  # DW_TAG_array_type
        r = r.replace(elements=())
    memo[a] = r
    return r


def _rewrite_attr(a, memo):
    from ...ir.attributes import ArrayAttr, DictionaryAttr
    from ...ir.location import FusedLoc
    t = type(a)
    if isinstance(a, StructAttr):
        return _drop_elements(a, memo)
    if t is ArrayAttr:
        return ArrayAttr([_rewrite_attr(x, memo) for x in a])
    if t is DictionaryAttr:
        return DictionaryAttr({k: _rewrite_attr(v, memo) for k, v in a.value})
    return a


@register_pass("drop-di-composite-type-elements",
               "Drop the elements of debug-info array composite types")
def drop_di_composite_type_elements(module, ctx, options):
    memo = {}
    for op in module.walk_ops():
        for d in (op.properties, op.attributes):
            for k, v in list(d.items()):
                nv = _rewrite_attr(v, memo)
                if nv is not v:
                    d[k] = nv
        loc = op.loc
        meta = getattr(loc, "metadata", None)
        if meta is not None and isinstance(meta, StructAttr):
            try:
                loc.metadata = _drop_elements(meta, memo)
            except AttributeError:
                pass
