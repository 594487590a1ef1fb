"""`convert-func-to-llvm` (MLIR's FuncToLLVM) and `set-llvm-module-datalayout`.

func.func becomes llvm.func with the converted signature: memref arguments are unbundled into
their descriptor fields (allocated ptr, aligned ptr, offset, sizes, strides) and re-packed in
the body by the type converter's argument materialization; several results are packed into a
struct. With `use-bare-ptr-memref-call-conv` (or `llvm.bareptr` on the function) statically
shaped memrefs pass as one pointer. `llvm.emit_c_interface` adds a `_mlir_ciface_` wrapper
taking memrefs by pointer (for defined functions: a wrapper that calls the function; for
declarations: the function calls the wrapper). Calls, returns, func.constant and
func.call_indirect follow the same convention. The pass also applies the arith and cf
lowerings, as upstream's does.
"""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DictionaryAttr, StringAttr, TypeAttr, UnitAttr
from pyopt.ir.core import Region
from pyopt.ir.symbols import SymbolTableCollection, lookup_symbol
from pyopt.ir.types import MemRefType, UnrankedMemRefType
from pyopt.pass_registry import PassOption, register_pass, unchanged_unless
from pyopt.rewrite.conversion import apply_partial_conversion
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.dialects.llvm import types as lt
from pyopt.dialects.llvm.attrs import LinkageAttr
from passes.conversion.llvm_common import (ConvertOpToLLVMPattern, LLVMConversionTarget,
                                           LLVMTypeConverter, LowerToLLVMOptions,
                                           MemRefDescriptor, UnrankedMemRefDescriptor)
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common import interface

VARARGS, LINKAGE, BAREPTR = "func.varargs", "llvm.linkage", "llvm.bareptr"
READNONE, EMIT_C = "llvm.readnone", "llvm.emit_c_interface"
# Argument attributes whose value is a type, converted with the argument.
_TYPED_ARG_ATTRS = ("llvm.byval", "llvm.byref", "llvm.sret", "llvm.inalloca")


def _use_bare_ptr(op, tc):
    return (op is not None and op.get_attr(BAREPTR) is not None) or \
        tc.options.use_bare_ptr_call_conv


def _filtered_attrs(func):
    return {k: v for k, v in func.attributes.items() if k not in (LINKAGE, VARARGS, READNONE)}


def _create_llvm_func(rw, loc, name, ftype, attrs, linkage="external"):
    props = {"sym_name": StringAttr(name), "function_type": TypeAttr(ftype),
             "linkage": LinkageAttr.get(linkage)}
    fn = B.create(rw, "llvm.func", [], [], properties=props, attributes=dict(attrs),
                  regions=[Region()], loc=loc)
    return fn


def _set_visibility(new, func):
    # MLIR 19's llvm.func keeps the visibility as a discardable attribute.
    vis = func.properties.get("sym_visibility")
    if vis is not None:
        new.attributes["sym_visibility"] = vis


def _add_entry_block(rw, fn):
    ft = fn.properties["function_type"].value
    region = fn.regions[0]
    return rw.create_block(region, list(ft.params), [fn.loc] * len(ft.params))


def _propagate_arg_res_attrs(func, wrapper, result_struct):
    args = func.properties.get("arg_attrs")
    if result_struct is None:
        res = func.properties.get("res_attrs")
        if res is not None:
            wrapper.properties["res_attrs"] = res
        if args is not None:
            wrapper.properties["arg_attrs"] = args
    elif args is not None:
        wrapper.properties["arg_attrs"] = ArrayAttr([DictionaryAttr({})] + list(args.value))
    _set_visibility(wrapper, func)


def _wrap_for_external_callers(rw, loc, tc, func, new_fn):
    """`_mlir_ciface_<name>`: memrefs arrive by pointer, are loaded and unpacked, and the
    function is called; a struct result is stored through the leading pointer argument."""
    ft = func.properties["function_type"].value
    wrapper_type, result_struct = tc.convert_function_type_c_wrapper(ft)
    wrapper = _create_llvm_func(rw, loc, "_mlir_ciface_" + func.properties["sym_name"].value,
                                wrapper_type, _filtered_attrs(func))
    _propagate_arg_res_attrs(func, wrapper, result_struct)
    ip = rw.save()
    entry = _add_entry_block(rw, wrapper)
    rw.set_insertion_point_to_start(entry)
    offset = 1 if result_struct is not None else 0
    args = []
    for i, t in enumerate(ft.inputs):
        arg = entry.args[i + offset]
        if type(t) is MemRefType:
            loaded = B.load(rw, tc.convert_type(t), arg, loc)
            args += MemRefDescriptor(loaded).unpack(rw, loc, t)
        elif type(t) is UnrankedMemRefType:
            loaded = B.load(rw, tc.convert_type(t), arg, loc)
            args += UnrankedMemRefDescriptor(loaded).unpack(rw, loc)
        else:
            args.append(arg)
    rt = new_fn.properties["function_type"].value.return_type
    call = B.call(rw, new_fn.properties["sym_name"].value, args,
                  [] if type(rt) is lt.LLVMVoidType else [rt], loc)
    if result_struct is not None:
        B.store(rw, call.results[0], entry.args[0], loc)
        B.create(rw, "llvm.return", [], [], loc=loc)
    else:
        B.create(rw, "llvm.return", list(call.results), [], loc=loc)
    rw.restore(ip)


def _wrap_external_function(rw, loc, tc, func, new_fn):
    """For a declaration: the function gets a private body that packs memref arguments into
    descriptors on the stack and calls the `_mlir_ciface_` declaration."""
    ft = func.properties["function_type"].value
    wrapper_type, result_struct = tc.convert_function_type_c_wrapper(ft)
    wrapper = _create_llvm_func(rw, loc, "_mlir_ciface_" + func.properties["sym_name"].value,
                                wrapper_type, _filtered_attrs(func))
    _propagate_arg_res_attrs(func, wrapper, result_struct)
    new_fn.properties["linkage"] = LinkageAttr.get("private")
    ip = rw.save()
    entry = _add_entry_block(rw, new_fn)
    rw.set_insertion_point_to_start(entry)
    args = []
    if result_struct is not None:
        one = B.constant(rw, tc.index_type, 1, loc)
        args.append(B.alloca(rw, wrapper_type.params[0], result_struct, one, loc))
    pos = 0
    for t in ft.inputs:
        if type(t) in (MemRefType, UnrankedMemRefType):
            if type(t) is MemRefType:
                n = MemRefDescriptor.num_unpacked_values(t)
                packed = MemRefDescriptor.pack(rw, loc, tc, t, entry.args[pos:pos + n]).value
            else:
                n = 2
                packed = UnrankedMemRefDescriptor.pack(rw, loc, tc, t,
                                                       entry.args[pos:pos + n]).value
            one = B.constant(rw, tc.index_type, 1, loc)
            slot = B.alloca(rw, tc.ptr(0, packed.type), packed.type, one, loc)
            B.store(rw, packed, slot, loc)
            args.append(slot)
            pos += n
        else:
            args.append(entry.args[pos])
            pos += 1
    rt = wrapper_type.return_type
    call = B.call(rw, wrapper.properties["sym_name"].value, args,
                  [] if type(rt) is lt.LLVMVoidType else [rt], loc)
    if result_struct is not None:
        result = B.load(rw, result_struct, args[0], loc)
        B.create(rw, "llvm.return", [result], [], loc=loc)
    else:
        B.create(rw, "llvm.return", list(call.results), [], loc=loc)
    rw.restore(ip)


def _memory_none():
    from pyopt.dialects.llvm.struct_attrs import MemoryEffectsAttr
    return MemoryEffectsAttr((0, 0, 0))  # other, argMem, inaccessibleMem: none


def convert_func_op(func, rw, tc):
    """Builds the llvm.func of a func-like op (convertFuncOpToLLVMFuncOp); None on failure."""
    ft = func.properties["function_type"].value
    varargs = func.get_attr(VARARGS)
    bare = _use_bare_ptr(func, tc)
    sig = tc.convert_function_signature(ft, bool(varargs is not None and varargs.value), bare)
    if sig is None:
        rw.notify_match_failure(func, "signature conversion failed")
        return None
    llvm_type, conversion = sig
    linkage = "external"
    la = func.get_attr(LINKAGE)
    if la is not None:
        if not isinstance(la, LinkageAttr):
            raise MLIRError(Diagnostic("error", func.loc, f"Contains {LINKAGE} attribute not of "
                                                          f"type LLVM::LinkageAttr"))
        linkage = la.keyword
    new = _create_llvm_func(rw, func.loc, func.properties["sym_name"].value, llvm_type,
                            _filtered_attrs(func), linkage)
    _set_visibility(new, func)
    rn = func.get_attr(READNONE)
    if rn is not None:
        if not isinstance(rn, UnitAttr):
            raise MLIRError(Diagnostic("error", func.loc,
                                       f"Contains {READNONE} attribute not of type UnitAttr"))
        new.properties["memory"] = _memory_none()
    res_attrs = func.properties.get("res_attrs")
    if res_attrs is not None and len(ft.results) == 1:
        new.properties["res_attrs"] = res_attrs
    arg_attrs = func.properties.get("arg_attrs")
    if arg_attrs is not None:
        new_attrs = [None] * len(llvm_type.params)
        for i, d in enumerate(arg_attrs.value):
            items = []
            for k, v in _dict_items(d):
                if k in _TYPED_ARG_ATTRS:
                    v = TypeAttr(tc.convert_type(v.value))
                items.append((k, v))
            start, n = conversion.get_input_mapping(i)
            if n == 1:
                new_attrs[start] = DictionaryAttr(dict(items))
            else:
                for j in range(n):
                    new_attrs[start + j] = DictionaryAttr({})
        if new_attrs:
            new.properties["arg_attrs"] = ArrayAttr([a if a is not None else DictionaryAttr({})
                                                     for a in new_attrs])
    rw.inline_region_before(func.regions[0], new.regions[0], None)
    if new.regions[0].blocks and \
            rw.convert_region_types(new.regions[0], tc, conversion) is None:
        rw.notify_match_failure(func, "region types conversion failed")
        return None
    if not bare and func.get_attr(EMIT_C) is not None:
        if llvm_type.var_arg:
            raise MLIRError(Diagnostic("error", func.loc,
                                       "C interface for variadic functions is not supported "
                                       "yet."))
        if not new.regions[0].blocks:
            _wrap_external_function(rw, func.loc, tc, func, new)
        else:
            _wrap_for_external_callers(rw, func.loc, tc, func, new)
    return new


def _dict_items(d):
    v = d.value
    return v.items() if isinstance(v, dict) else v


class FuncOpLowering(ConvertOpToLLVMPattern):
    root = "func.func"

    def match_and_rewrite(self, op, adaptor, rw):
        rw.set_insertion_point(op)
        if convert_func_op(op, rw, self.tc) is None:
            return False
        rw.erase_op(op)
        return True


class ConstantOpLowering(ConvertOpToLLVMPattern):
    root = "func.constant"

    def match_and_rewrite(self, op, adaptor, rw):
        t = self.tc.convert_type(op.results[0].type)
        if t is None or not lt.is_compatible_type(t):
            return False
        new = B.create(rw, "llvm.mlir.addressof", [], [t],
                       properties={"global_name": op.properties["value"]}, loc=op.loc)
        for k, v in op.attributes.items():
            new.attributes[k] = v
        rw.replace_op(op, new.results)
        return True


class _CallLowering(ConvertOpToLLVMPattern):
    def lower_call(self, op, operands, rw, bare, callee_operands=()):
        tc = self.tc
        result_types = [r.type for r in op.results]
        packed = None
        if result_types:
            packed = tc.pack_function_results(result_types, bare)
            if packed is None:
                return False
        call_operands = [v.value for v in op.operand_slots][len(callee_operands):]
        if bare and any(type(v.type) is UnrankedMemRefType for v in call_operands):
            return False
        promoted = list(callee_operands) + \
            promote_operands(rw, op.loc, tc, call_operands, operands[len(callee_operands):],
                             bare or tc.options.use_bare_ptr_call_conv)
        props = {k: v for k, v in op.properties.items()}
        new = B.create(rw, "llvm.call", promoted, [packed] if packed is not None else [],
                       properties=props, attributes=dict(op.attributes), loc=op.loc)
        if len(op.results) < 2:
            results = list(new.results)
        else:
            results = [B.extractvalue(rw, new.results[0], i, op.loc)
                       for i in range(len(op.results))]
        if bare:
            results = [MemRefDescriptor.from_static_shape(rw, op.loc, tc, t, v).value
                       if type(t) is MemRefType else v
                       for t, v in zip(result_types, results)]
        else:
            results = self.copy_unranked_descriptors(rw, op.loc, result_types, results, False)
            if results is None:
                return False
        rw.replace_op(op, results)
        return True


def promote_operands(rw, loc, tc, orig_values, operands, bare):
    """Call operands in the calling convention: memref descriptors unpacked into their fields
    (or, with bare pointers, the aligned pointer)."""
    out = []
    for orig, v in zip(orig_values, operands):
        t = orig.type
        if bare:
            if type(t) is MemRefType:
                v = MemRefDescriptor(v).aligned_ptr(rw, loc)
        elif type(t) is UnrankedMemRefType:
            out += UnrankedMemRefDescriptor(v).unpack(rw, loc)
            continue
        elif type(t) is MemRefType:
            out += MemRefDescriptor(v).unpack(rw, loc, t)
            continue
        out.append(v)
    return out


class CallOpLowering(_CallLowering):
    root = "func.call"

    def __init__(self, tc, symbol_table_op=None):
        super().__init__(tc)
        # The pass's symbol table, built before the conversion starts (as upstream's): name ->
        # the original function, whose attributes each call consults. Without one (the
        # generic convert-to-llvm), each call looks its callee up on its own.
        self.symbols = None
        if symbol_table_op is not None:
            self.symbols = SymbolTableCollection().table(symbol_table_op)

    def match_and_rewrite(self, op, adaptor, rw):
        bare = self.tc.options.use_bare_ptr_call_conv
        if not bare:
            ref = op.properties["callee"]
            callee = self.symbols.get(ref.root) if self.symbols is not None else \
                lookup_symbol(op, ref)
            bare = callee is not None and callee.get_attr(BAREPTR) is not None
        return self.lower_call(op, list(adaptor), rw, bare)


class CallIndirectOpLowering(_CallLowering):
    root = "func.call_indirect"

    def match_and_rewrite(self, op, adaptor, rw):
        operands = list(adaptor)
        return self.lower_call(op, operands, rw, False, callee_operands=operands[:1])


class ReturnOpLowering(ConvertOpToLLVMPattern):
    root = "func.return"

    def match_and_rewrite(self, op, adaptor, rw):
        loc = op.loc
        tc = self.tc
        fn = op.parent_op
        bare = _use_bare_ptr(fn, tc)
        operands = list(adaptor)
        types = [v.type for v in op.operands]
        if bare:
            updated = []
            for t, v in zip(types, operands):
                if type(t) is MemRefType and tc.can_convert_to_bare_ptr(t):
                    v = MemRefDescriptor(v).allocated_ptr(rw, loc)
                elif type(t) is UnrankedMemRefType:
                    return False
                updated.append(v)
        else:
            updated = self.copy_unranked_descriptors(rw, loc, types, operands, True)
            if updated is None:
                updated = operands
        if len(updated) <= 1:
            new = B.create(rw, "llvm.return", updated, [], attributes=dict(op.attributes),
                           loc=loc)
            rw.replace_op(op, new.results)
            return True
        packed_type = tc.pack_function_results(types, bare)
        if packed_type is None:
            rw.notify_match_failure(op, "could not convert result types")
            return False
        packed = B.undef(rw, packed_type, loc)
        for i, v in enumerate(updated):
            packed = B.insertvalue(rw, packed, v, i, loc)
        B.create(rw, "llvm.return", [packed], [], attributes=dict(op.attributes), loc=loc)
        rw.erase_op(op)
        return True


def populate_func_to_llvm_patterns(tc, patterns, symbol_table_op=None):
    patterns += [FuncOpLowering(tc), CallIndirectOpLowering(tc),
                 CallOpLowering(tc, symbol_table_op), ConstantOpLowering(tc),
                 ReturnOpLowering(tc)]
    return patterns


interface.register("func", lambda target, tc, patterns:
                   populate_func_to_llvm_patterns(tc, patterns))


def _data_layout_string(module):
    a = module.get_attr("llvm.data_layout")
    return a.value if isinstance(a, StringAttr) else ""


def _check_data_layout(module, dl):
    from pyopt.dialects.llvm.datalayout import check_data_layout, _DLError
    try:
        check_data_layout(dl)
    except _DLError as e:
        raise MLIRError(Diagnostic("error", module.loc, str(e)))


@register_pass("convert-func-to-llvm", "Convert from the Func dialect to the LLVM dialect",
               display_name="ConvertFuncToLLVMPass", anchor="builtin.module", options=[
                   PassOption("use-bare-ptr-memref-call-conv", bool, False,
                              "Replace FuncOp's MemRef arguments with bare pointers to the "
                              "MemRef element types"),
                   PassOption("index-bitwidth", int, 0,
                              "Bitwidth of the index type, 0 to use size of machine word"),
                   PassOption("use-opaque-pointers", bool, True,
                              "Generate LLVM IR using opaque pointers instead of typed "
                              "pointers (mlir-opt 16's typed-pointer mode when false)")])
def convert_func_to_llvm(module, ctx, options):
    dl = _data_layout_string(module)
    _check_data_layout(module, dl)
    opts = LowerToLLVMOptions.for_op(module, options)
    opts.data_layout = dl
    tc = LLVMTypeConverter(opts)
    patterns = populate_func_to_llvm_patterns(tc, [], module)
    for populate in interface.populators(("arith", "cf")).values():
        populate(None, tc, patterns)
    changed = apply_partial_conversion(module, LLVMConversionTarget(ctx), patterns, ctx)
    return unchanged_unless(changed)


@register_pass("set-llvm-module-datalayout", "Attach a datalayout string as a module attribute",
               display_name="SetLLVMModuleDataLayoutPass", anchor="builtin.module", options=[
                   PassOption("data-layout", str, "", "String description (LLVM format) of the "
                              "data layout that is expected on the produced module")])
def set_llvm_module_datalayout(module, ctx, options):
    dl = options.get("data-layout", "")
    _check_data_layout(module, dl)
    module.attributes["llvm.data_layout"] = StringAttr(dl)

