"""LLVM dialect passes (MLIR 19 Dialect/LLVMIR/Transforms): llvm-legalize-for-export,
llvm-add-comdats, llvm-request-c-wrappers and drop-di-composite-type-elements."""
from __future__ import annotations

from pyopt.ir.attributes import StringAttr, SymbolRefAttr, IntegerAttr, UNIT
from pyopt.ir.core import Operation, Block, Region
from pyopt.ir.types import I64
from pyopt.pass_registry import register_pass
from pyopt.dialects.llvm.attrs import LinkageAttr
from pyopt.dialects.llvm.struct_attrs import DICompositeTypeAttr

from pyopt.dialects.llvm.legalize import legalize_module_for_export, replace_struct_attrs

def _create(ctx, name, operands=(), result_types=(), properties=None, regions=(),
            successors=(), loc=None):
    return Operation(name, ctx.lookup_op(name), operands, result_types, properties or {}, {},
                     regions, successors, loc)


# ---------------------------------------------------------------------------- legalize
@register_pass("llvm-legalize-for-export",
               "Legalize LLVM dialect to be convertible to LLVM IR")
def legalize_for_export(module, ctx, options):
    legalize_module_for_export(module)


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
def _drop_array_elements(a):
    if type(a) is DICompositeTypeAttr and a.tag == 0x01:  # DW_TAG_array_type
        return a.replace(elements=())
    return a


@register_pass("drop-di-composite-type-elements",
               "Drop the elements of debug-info array composite types")
def drop_di_composite_type_elements(module, ctx, options):
    replace_struct_attrs(module, _drop_array_elements)

