"""`convert-linalg-to-std`: each linalg op on buffers becomes a call of its library function
(MLIR 19's LinalgToStandard): the generic op's `library_call`, or for a named op a name
mangled from the op, its function attribute and its operand types
(`linalg_matmul_viewsxsxf32_viewsxsxf32_viewsxsxf32`). Memref operands are cast to fully
dynamic strided layouts; the callee is declared private with `llvm.emit_c_interface`."""
from __future__ import annotations

from pyopt.ir.attributes import FlatSymbolRefAttr, IntegerAttr, StringAttr, TypeAttr, UnitAttr
from pyopt.ir.core import Region
from pyopt.ir.types import (DYNAMIC, FloatType, FunctionType, IndexType, IntegerType, MemRefType,
                            VectorType)
from pyopt.ir.attributes import StridedLayoutAttr
from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import ConversionTarget, apply_full_conversion
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.linalg.attrs import BinaryFnAttr, UnaryFnAttr
from pyopt.dialects.linalg.structured import attrs_of, is_linalg_op

NO_LIBRARY_NAME = "op_has_no_registered_library_name"


def _mangle(t):
    """appendMangledType, or None for a type without a mangling."""
    if type(t) is MemRefType:
        s = "view" + "".join("sx" if d == DYNAMIC else f"{d}x" for d in t.shape)
        e = _mangle(t.element_type)
        if e is None:
            return None
        s += e
        ms = t.memory_space
        if ms is not None:
            if type(ms) is not IntegerAttr:
                return None
            s += f"as{ms.value}"
        return s
    if type(t) is VectorType:
        e = _mangle(t.element_type)
        return None if e is None else "vector" + "x".join(str(d) for d in t.shape) + e
    if (type(t) is IntegerType and t.signedness == 0) or type(t) in (IndexType, FloatType):
        return str(t)
    return None


def library_call_name(op):
    """getLibraryCallName."""
    if op.opdef.extra.get("named_spec") is None:
        a = op.properties.get("library_call") if op.name == "linalg.generic" else None
        return a.value if a is not None else NO_LIBRARY_NAME
    fun = ""
    for a in attrs_of(op).values():
        if isinstance(a, (UnaryFnAttr, BinaryFnAttr)):
            fun = a.keyword + "_"
    parts = []
    for v in op.operands:
        m = _mangle(v.type)
        if m is None:
            return ""
        parts.append(m)
    return op.name.replace(".", "_") + "_" + fun + "_".join(parts)


def _dynamic_layout(t):
    """makeStridedLayoutDynamic."""
    layout = StridedLayoutAttr(DYNAMIC, [DYNAMIC] * len(t.shape))
    return MemRefType(t.shape, t.element_type, layout, t.memory_space)


def _module_of(op):
    p = op.parent_op
    while p is not None and p.name != "builtin.module":
        p = p.parent_op
    return p


class LinalgOpToLibraryCall(RewritePattern):
    def match_and_rewrite(self, op, rw):
        if not is_linalg_op(op):
            return False
        name = library_call_name(op)
        if not name:
            return rw.notify_match_failure(op, "No library call defined for: ")
        module = _module_of(op)
        body = module.regions[0].blocks[0]
        if not any(o.properties.get("sym_name") == StringAttr(name) for o in body):
            if op.results:
                return rw.notify_match_failure(op, "Library call for linalg operation can be "
                                                   "generated only for ops that have void "
                                                   "return types")
            types = [_dynamic_layout(v.type) if type(v.type) is MemRefType else v.type
                     for v in op.operands]
            ip = rw.save()
            rw.set_insertion_point(body.last)  # (before the module's last op, as upstream)
            rw.create("func.func", regions=[Region()], loc=op.loc, properties={
                "sym_name": StringAttr(name), "function_type": TypeAttr(FunctionType(types, [])),
                "sym_visibility": StringAttr("private")},
                attributes={"llvm.emit_c_interface": UnitAttr()})
            rw.restore(ip)
        args = []
        for v in op.operands:
            if type(v.type) is MemRefType:
                v = rw.create("memref.cast", [v], [_dynamic_layout(v.type)], loc=op.loc).results[0]
            args.append(v)
        call = rw.create("func.call", args, [], properties={"callee": FlatSymbolRefAttr(name)},
                         loc=op.loc)
        rw.replace_op(op, list(call.results))
        return True


@register_pass("convert-linalg-to-std", "Convert the operations from the linalg dialect into "
               "the Standard dialect", display_name="ConvertLinalgToStandard",
               anchor="builtin.module")
def convert_linalg_to_std(op, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("affine", "arith", "func", "memref", "scf")
    target.add_legal_op("builtin.module", "func.func", "func.return")
    apply_full_conversion(op, target, [LinalgOpToLibraryCall()], ctx)
