"""LLVM symbol ops and calls: llvm.func, llvm.mlir.global, llvm.mlir.addressof, llvm.call,
llvm.invoke, llvm.landingpad, llvm.switch, comdats and global ctors/dtors."""
from __future__ import annotations

from pyopt.ir.attributes import (IntegerAttr, StringAttr, TypeAttr, UNIT, ArrayAttr, DictionaryAttr,
                              DenseArrayAttr, DenseElementsAttr, SymbolRefAttr, FloatAttr,
                              normalize_int, symbol_name_str)
from pyopt.ir.core import Region
from pyopt.interfaces import attach
from pyopt.interfaces.branch import BRANCH, SuccessorGroups, taken_switch
from pyopt.interfaces.control_flow import CALL as CALL_IFACE, CALLABLE, Callable
from pyopt.ir.location import UnknownLoc, find_fused_metadata
from pyopt.ir.types import IntegerType, FunctionType, VectorType, I32, I64
from pyopt.ir.verifier import op_error, plain_error
from pyopt.ir.symbols import lookup_symbol
from pyopt.ir.constraints import (AnyType, AnyAttr, StrAttr, SymbolNameAttr, UnitAttrConstraint,
                           I64Attr, I32Attr, TypeAttrC, ArrayAttrAny, DictArrayAttr,
                           FlatSymbolRefAttr, SymbolRefAttrAny, DenseI32Array, BoolAttrConstraint,
                           AnySignlessInteger, ElementsAttrC)
from pyopt.ir.opdef import (Op, ISOLATED, SYMBOL, SYMBOL_TABLE, TERMINATOR, PURE, ATTR_SIZED_OPERANDS,
                     AUTOMATIC_ALLOCATION_SCOPE, NO_TERMINATOR, CONSTANT_LIKE, segment_sizes)
from pyopt.syntax.function_syntax import parse_function_signature, parse_result_list
from pyopt.dialects.cf import verify_successor_operands
from pyopt.dialects.llvm.types import (LLVMFunctionType, LLVMVoidType, LLVMArrayType, LLVMPointerType,
                    LLVMTargetExtType, LLVMTokenType, LLVMMetadataType, LLVMLabelType,
                    VOID, is_compatible_type, is_compatible_outer_type, note_seed_syntax)
from pyopt.dialects.llvm.attrs import (LinkageAttr, CConvAttr, TailCallKindAttr, LinkageC, CConvC, TailCallKindC,
                    FramePointerKindC, FastmathC, FMF_NONE, LINKAGE, CCONV, TAILCALLKIND,
                    VISIBILITY, UNNAMED_ADDR, VisibilityC, UnnamedAddrC, ComdatC,
                    LINKAGE_EXTERNAL, CCONV_C, TAILCALL_NONE)
from pyopt.dialects.llvm.ops import LLVM_Type, LLVM_AnyPointer, move_inherent, OPS
from pyopt.dialects.llvm.struct_attrs import (ALIAS_ATTRS as _ALIAS_ATTRS, DISubprogramAttr, MemoryEffectsC,
                                              TargetFeaturesC)

_ZERO_I64 = IntegerAttr(I64, 0)


class _NonNegI32C(type(I32Attr)):
    """ConfinedAttr<I32Attr, [IntNonNegative]>."""

    def check(self, a):
        return super().check(a) and a.value >= 0


_NonNegI32 = _NonNegI32C(I32, "32-bit signless integer attribute whose value is non-negative")


def _op(name, **kw):
    o = Op("llvm." + name, **kw)
    OPS.append(o)
    return o


def _optional_enum_keyword(p, by_kw, default):
    """parseOptionalLLVMKeyword: one of the enum's (non-empty) keywords, else the default."""
    if p.kind == "bare" and p.tok in by_kw and p.tok:
        return by_kw[p.parse_keyword()]
    return default


# ============================================================================ llvm.func
_FUNC_ELIDED = ("sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs",
                "linkage", "CConv", "visibility_", "comdat", "unnamed_addr", "vscale_range")


def _parse_func(p, state):
    props = state.properties
    props["linkage"] = LinkageAttr(_optional_enum_keyword(p, LINKAGE.by_kw, 10))
    props["visibility_"] = IntegerAttr(I64, _optional_enum_keyword(p, VISIBILITY.by_kw, 0))
    props["unnamed_addr"] = IntegerAttr(I64, _optional_enum_keyword(p, UNNAMED_ADDR.by_kw, 0))
    props["CConv"] = CConvAttr(_optional_enum_keyword(p, CCONV.by_kw, 0))
    sig_off = p.start
    props["sym_name"] = StringAttr(p.parse_symbol_name())
    names, arg_types, arg_attrs, arg_locs, variadic = parse_function_signature(p, True)
    res_types, res_attrs = [], []
    if p.accept("->"):
        res_types, res_attrs = parse_result_list(p)
    if len(res_types) > 1:
        raise p.error("failed to construct function type: expected zero or one function "
                      "result", sig_off)
    for t in arg_types:
        if not is_compatible_type(t):
            raise p.error("failed to construct function type: expected LLVM type for function "
                          "arguments", sig_off)
    ret = res_types[0] if res_types else VOID
    if not is_compatible_type(ret):
        raise p.error(f"failed to construct function type: expected LLVM type for function "
                      f"results{ret}", sig_off)
    props["function_type"] = TypeAttr(LLVMFunctionType(ret, arg_types, variadic))
    if p.accept_keyword("vscale_range"):
        p.expect("(")
        lo = p.parse_integer()
        p.expect(",")
        hi = p.parse_integer()
        p.expect(")")
        from pyopt.dialects.llvm.attrs import VScaleRangeAttr
        props["vscale_range"] = VScaleRangeAttr(IntegerAttr(I32, lo), IntegerAttr(I32, hi))
    if p.accept_keyword("comdat"):
        p.expect("(")
        props["comdat"] = p.parse_symbol_ref()
        p.expect(")")
    if p.accept_keyword("attributes"):
        if not p.peek_is("{"):
            raise p.error("expected '{'")
        state.attributes.update(p.parse_attr_dict_body())
    if any(arg_attrs):
        props["arg_attrs"] = ArrayAttr([DictionaryAttr(d) for d in arg_attrs])
    if any(res_attrs):
        props["res_attrs"] = ArrayAttr([DictionaryAttr(d) for d in res_attrs])
    move_inherent(state, FUNC.attr_names, FUNC)
    if p.peek_is("{"):
        entry = list(zip(names, arg_types, arg_locs))
        state.regions = [p.parse_region(entry, isolated=True)]
    else:
        state.regions = [Region()]


def _print_func(pr, op):
    out = pr.out
    props = op.properties
    head = []
    link = props.get("linkage")
    if link is not None and link.value != 10:
        head.append(link.keyword)
    vis = props.get("visibility_")
    if vis is not None and VISIBILITY.by_val.get(vis.value):
        head.append(VISIBILITY.by_val[vis.value])
    ua = props.get("unnamed_addr")
    if ua is not None and UNNAMED_ADDR.by_val.get(ua.value):
        head.append(UNNAMED_ADDR.by_val[ua.value])
    cc = props.get("CConv")
    if cc is not None and cc.value != 0:
        head.append(cc.keyword)
    out.append(" " + " ".join(head + [symbol_name_str(props["sym_name"].value)]))
    ft = props["function_type"].value
    body = op.regions[0]
    has_body = bool(body.blocks)
    arg_attrs = props.get("arg_attrs")
    parts = []
    for i, t in enumerate(ft.params):
        s = (pr.value(body.blocks[0].args[i]) + ": " if has_body else "") + pr.type_str(t)
        if arg_attrs is not None and i < len(arg_attrs) and len(arg_attrs[i]):
            s += " {" + pr.attr_entries(arg_attrs[i].value) + "}"
        if has_body and pr.flags.debuginfo:
            from pyopt.ir.location import UNKNOWN_LOC
            loc = body.blocks[0].args[i].loc
            s += " " + pr.loc_str_arg(loc if loc is not None else UNKNOWN_LOC)
        parts.append(s)
    if ft.var_arg:
        parts.append("...")
    out.append("(" + ", ".join(parts) + ")")
    if type(ft.return_type) is not LLVMVoidType:
        res_attrs = props.get("res_attrs")
        s = pr.type_str(ft.return_type)
        if res_attrs is not None and len(res_attrs) and len(res_attrs[0]):
            out.append(" -> (" + s + " {" + pr.attr_entries(res_attrs[0].value) + "})")
        elif isinstance(ft.return_type, FunctionType):
            out.append(" -> (" + s + ")")
        else:
            out.append(" -> " + s)
    vr = props.get("vscale_range")
    if vr is not None:
        out.append(f" vscale_range({vr.min_range.value}, {vr.max_range.value})")
    cd = props.get("comdat")
    if cd is not None:
        out.append(" comdat(" + pr.attr_str(cd) + ")")
    attrs = dict(op.attributes)
    for k, v in props.items():
        if k in _FUNC_ELIDED:
            continue
        attrs[k] = v
    out.append(pr.attr_dict_str(attrs, (), keyword=True))
    if has_body:
        out.append(" ")
        pr.print_region(body, False, True)


def _verify_comdat(op):
    c = op.properties.get("comdat")
    if c is None:
        return
    s = lookup_symbol(op, c)
    if s is None or s.name != "llvm.comdat_selector":
        raise plain_error(op, "expected comdat symbol")


def _verify_func(op):
    props = op.properties
    link = props["linkage"].value
    if link == 5:
        raise op_error(op, "functions cannot have 'common' linkage")
    _verify_comdat(op)
    ft = props["function_type"].value
    for key, n, what, kind in (("arg_attrs", len(ft.params), "arguments", "argument"),
                               ("res_attrs", 0 if type(ft.return_type) is LLVMVoidType else 1,
                                "results", "result")):
        a = props.get(key)
        if a is not None and len(a) != n:
            raise op_error(op, f"expects {kind} attribute array to have the same number of "
                           f"elements as the number of function {what}, got {len(a)}, but "
                           f"expected {n}")
    from pyopt.dialects.llvm.verifiers import verify_function_param_attrs
    verify_function_param_attrs(op, ft.params, ft.return_type)
    body = op.regions[0]
    if not body.blocks:
        if link not in (10, 7):
            raise op_error(op, "external functions must have 'external' or 'extern_weak' "
                           "linkage")
        return
    if "no_inline" in props and "always_inline" in props:
        raise plain_error(op, "no_inline and always_inline attributes are incompatible")
    if "optimize_none" in props and "no_inline" not in props:
        raise op_error(op, "with optimize_none must also be no_inline")
    entry = body.blocks[0]
    if len(entry.args) != len(ft.params):
        raise op_error(op, f"entry block must have {len(ft.params)} arguments to match function "
                       f"signature")
    for i, (a, t) in enumerate(zip(entry.args, ft.params)):
        if a.type is not t:
            raise op_error(op, f"type of entry block argument #{i}('{a.type}') must match the "
                           f"type of the corresponding argument in function signature('{t}')")
    # landingpad / resume result types must agree within the function
    seen = [None]

    def walk(o):
        for r in o.regions:
            for b in r.blocks:
                for x in b.ops:
                    if x.name == "llvm.landingpad":
                        t, msg = x.results[0].type, ("'llvm.landingpad' should have a "
                                                     "consistent result type inside a function")
                    elif x.name == "llvm.resume":
                        t, msg = x.value.type, ("'llvm.resume' should have a consistent "
                                                      "input type inside a function")
                    else:
                        walk(x)
                        continue
                    if seen[0] is None:
                        seen[0] = t
                    elif seen[0] is not t:
                        raise plain_error(op, msg)
    walk(op)


def _verify_func_regions(op):
    body = op.regions[0]
    if not body.blocks:
        return
    for i, a in enumerate(body.blocks[0].args):
        if not is_compatible_type(a.type):
            raise op_error(op, f"entry block argument #{i} is not of LLVM type")


FUNC = _op("func",
           attrs={"sym_name": SymbolNameAttr, "sym_visibility": StrAttr.opt(),
                  "function_type": TypeAttrC(lambda t: type(t) is LLVMFunctionType,
                                             "type attribute of LLVM function type"),
                  "linkage": LinkageC.with_default(LINKAGE_EXTERNAL),
                  "dso_local": UnitAttrConstraint.opt(),
                  "CConv": CConvC.with_default(CCONV_C),
                  "comdat": SymbolRefAttrAny.opt(), "convergent": UnitAttrConstraint.opt(),
                  "personality": FlatSymbolRefAttr.opt(), "garbageCollector": StrAttr.opt(),
                  "passthrough": ArrayAttrAny.opt(), "arg_attrs": DictArrayAttr.opt(),
                  "res_attrs": DictArrayAttr.opt(), "function_entry_count": I64Attr.opt(),
                  "memory": MemoryEffectsC.opt(),
                  "visibility_": VisibilityC.with_default(_ZERO_I64),
                  "arm_streaming": UnitAttrConstraint.opt(),
                  "arm_locally_streaming": UnitAttrConstraint.opt(),
                  "arm_streaming_compatible": UnitAttrConstraint.opt(),
                  "arm_new_za": UnitAttrConstraint.opt(), "arm_in_za": UnitAttrConstraint.opt(),
                  "arm_out_za": UnitAttrConstraint.opt(),
                  "arm_inout_za": UnitAttrConstraint.opt(),
                  "arm_preserves_za": UnitAttrConstraint.opt(), "section": StrAttr.opt(),
                  "unnamed_addr": UnnamedAddrC.opt(), "alignment": I64Attr.opt(),
                  "vscale_range": AnyAttr().opt(), "frame_pointer": FramePointerKindC.opt(),
                  "target_cpu": StrAttr.opt(), "tune_cpu": StrAttr.opt(),
                  "target_features": TargetFeaturesC.opt(),
                  "unsafe_fp_math": BoolAttrConstraint.opt(),
                  "no_infs_fp_math": BoolAttrConstraint.opt(),
                  "no_nans_fp_math": BoolAttrConstraint.opt(),
                  "approx_func_fp_math": BoolAttrConstraint.opt(),
                  "no_signed_zeros_fp_math": BoolAttrConstraint.opt(),
                  "denormal_fp_math": StrAttr.opt(), "denormal_fp_math_f32": StrAttr.opt(),
                  "fp_contract": StrAttr.opt(), "no_inline": UnitAttrConstraint.opt(),
                  "always_inline": UnitAttrConstraint.opt(),
                  "no_unwind": UnitAttrConstraint.opt(),
                  "will_return": UnitAttrConstraint.opt(),
                  "optimize_none": UnitAttrConstraint.opt()},
           regions=["body"],
           traits=[ISOLATED, SYMBOL, AUTOMATIC_ALLOCATION_SCOPE],
           parse=_parse_func, print=_print_func, verify=_verify_func,
           verify_regions=_verify_func_regions,
           is_declaration=lambda op: False)  # LLVMFuncOp keeps the default isDeclaration


# ============================================================================ llvm.mlir.global
_GLOBAL_ELIDED = ("sym_name", "global_type", "constant", "value", "linkage", "unnamed_addr",
                  "thread_local_", "visibility_", "comdat")


def _parse_global(p, state):
    props = state.properties
    props["linkage"] = LinkageAttr(_optional_enum_keyword(p, LINKAGE.by_kw, 10))
    props["visibility_"] = IntegerAttr(I64, _optional_enum_keyword(p, VISIBILITY.by_kw, 0))
    props["unnamed_addr"] = IntegerAttr(I64, _optional_enum_keyword(p, UNNAMED_ADDR.by_kw, 0))
    if p.accept_keyword("thread_local"):
        props["thread_local_"] = UNIT
    if p.accept_keyword("constant"):
        props["constant"] = UNIT
    props["sym_name"] = StringAttr(p.parse_symbol_name())
    p.expect("(")
    value = None
    if not p.accept(")"):
        value = p.parse_attribute()
        props["value"] = value
        p.expect(")")
    if p.accept_keyword("comdat"):
        p.expect("(")
        props["comdat"] = p.parse_symbol_ref()
        p.expect(")")
    state.attributes.update(p.parse_optional_attr_dict())
    types = []
    if p.accept(":"):
        types = p.parse_type_list_no_parens()
    if len(types) > 1:
        raise p.custom_error("expected zero or one type")
    region = Region()
    if not types:
        if type(value) is StringAttr:
            types = [LLVMArrayType(IntegerType(8),
                                   len(value.value.encode("utf-8", "surrogateescape")))]
        else:
            raise p.custom_error("type can only be omitted for string globals")
    elif p.peek_is("{"):
        region = p.parse_region()
    state.regions = [region]
    props["global_type"] = TypeAttr(types[0])
    move_inherent(state, GLOBAL.attr_names, GLOBAL)
    GLOBAL.apply_defaults(props)


def _print_global(pr, op):
    out = pr.out
    props = op.properties
    out.append(" " + LINKAGE.by_val[props["linkage"].value] + " ")
    vis = VISIBILITY.by_val.get(props["visibility_"].value) if "visibility_" in props else ""
    if vis:
        out.append(vis + " ")
    if "thread_local_" in props:
        out.append("thread_local ")
    ua = props.get("unnamed_addr")
    if ua is not None and UNNAMED_ADDR.by_val.get(ua.value):
        out.append(UNNAMED_ADDR.by_val[ua.value] + " ")
    if "constant" in props:
        out.append("constant ")
    out.append(symbol_name_str(props["sym_name"].value) + "(")
    value = props.get("value")
    if value is not None:
        out.append(pr.attr_str(value))
    out.append(")")
    cd = props.get("comdat")
    if cd is not None:
        out.append(" comdat(" + pr.attr_str(cd) + ")")
    attrs = dict(op.attributes)
    for k, v in props.items():
        if k not in _GLOBAL_ELIDED:
            attrs[k] = v  # defaults (addr_space = 0) are printed, as MLIR does
    out.append(pr.attr_dict_str(attrs))
    if type(value) is StringAttr:
        return
    out.append(" : " + pr.type_str(props["global_type"].value))
    r = op.regions[0]
    if r.blocks:
        out.append(" ")
        pr.print_region(r, False, True)


def _is_zero_attr(v):
    if type(v) is IntegerAttr or type(v) is FloatAttr:
        return v.value == 0
    if type(v) is ArrayAttr:
        return all(_is_zero_attr(x) for x in v)
    if type(v) is DenseElementsAttr:
        # A splat is checked once, not per element (a zero-initialised 1 GiB global).
        vals = v.values[:1] if v.is_splat else v.values
        et = v.element_type
        mask = -1
        if type(et).__name__ == "FloatType":  # float elements are bit patterns; -0.0 is zero
            mask = (1 << (et.width - 1)) - 1
        return all(type(x) is int and x & mask == 0 for x in vals)
    return False


def _verify_global(op):
    props = op.properties
    t = props["global_type"].value
    valid = (is_compatible_outer_type(t) and
             type(t) not in (LLVMVoidType, LLVMTokenType, LLVMMetadataType, LLVMLabelType))
    if not valid:
        raise op_error(op, "expects type to be a valid element type for an LLVM global")
    parent = op.parent_op
    if parent is not None and not (parent.opdef is not None and
                                   SYMBOL_TABLE in parent.opdef.traits) and \
            parent.name != "builtin.module":
        raise op_error(op, "must appear at the module level")
    value = props.get("value")
    if type(value) is StringAttr:
        n = len(value.value.encode("utf-8", "surrogateescape"))
        if not (type(t) is LLVMArrayType and type(t.element_type) is IntegerType and
                t.element_type.width == 8 and t.num_elements == n):
            raise op_error(op, "requires an i8 array type of the length equal to that of the "
                           "string attribute")
    if type(t) is LLVMTargetExtType:
        if not t.name.startswith("spirv."):
            raise op_error(op, "this target extension type cannot be used in a global")
        if value is not None:
            raise op_error(op, "global with target extension type can only be initialized "
                           "with zero-initializer")
    link = props["linkage"].value
    if link == 5 and value is not None and not _is_zero_attr(value):
        raise op_error(op, "expected zero value for 'common' linkage")
    if link == 6 and type(t) is not LLVMArrayType:
        raise op_error(op, "expected array type for 'appending' linkage")
    _verify_comdat(op)
    al = props.get("alignment")
    if al is not None:
        v = al.value
        if v <= 0 or v & (v - 1):
            raise plain_error(op, "alignment attribute is not a power of 2")


def _verify_global_regions(op):
    r = op.regions[0]
    if not r.blocks:
        return
    b = r.blocks[0]
    ret = b.last
    if ret is None or ret.name != "llvm.return":
        return
    if not ret.operands:
        raise op_error(op, "initializer region cannot return void")
    t = op.properties["global_type"].value
    if ret.arg.type is not t:
        raise op_error(op, f"initializer region type '{ret.arg.type}' does not match "
                       f"global type '{t}'")
    for x in b.ops:
        d = x.opdef
        if d is None or not _no_side_effects(x):
            raise plain_error(x, "ops with side effects not allowed in global initializers")
    if op.properties.get("value") is not None:
        raise op_error(op, "cannot have both initializer value and region")


def _no_side_effects(op):
    from pyopt.ir.opdef import PURE as _P
    d = op.opdef
    return _P in d.traits or d.name in ("llvm.return", "llvm.mlir.addressof")


GLOBAL = _op("mlir.global",
             attrs={"global_type": TypeAttrC(), "constant": UnitAttrConstraint.opt(),
                    "sym_name": SymbolNameAttr, "linkage": LinkageC,
                    "dso_local": UnitAttrConstraint.opt(),
                    "thread_local_": UnitAttrConstraint.opt(), "value": AnyAttr().opt(),
                    "alignment": I64Attr.opt(),
                    "addr_space": _NonNegI32.with_default(IntegerAttr(I32, 0)),
                    "unnamed_addr": UnnamedAddrC.opt(), "section": StrAttr.opt(),
                    "comdat": SymbolRefAttrAny.opt(), "dbg_expr": AnyAttr().opt(),
                    "visibility_": VisibilityC.with_default(_ZERO_I64)},
             regions=["initializer"], traits=[SYMBOL, ISOLATED],
             implicit_terminator=None, parse=_parse_global, print=_print_global,
             verify=_verify_global, verify_regions=_verify_global_regions)


# ============================================================================ addressof
def _verify_addressof(op):
    ref = op.properties["global_name"]
    s = lookup_symbol(op, ref)
    if s is None or s.name not in ("llvm.mlir.global", "llvm.func"):
        raise op_error(op, f"must reference a global defined by 'llvm.mlir.global' or "
                       f"'llvm.func'")
    t = op.results[0].type
    if s.name == "llvm.mlir.global":
        a = s.properties.get("addr_space")
        a = a.value if a is not None else 0
        if t.address_space != a:
            raise op_error(op, "pointer address space must match address space of the "
                           "referenced global")


_op("mlir.addressof", results=[("res", LLVM_AnyPointer)],
    attrs={"global_name": FlatSymbolRefAttr}, traits=[PURE, CONSTANT_LIKE],
    format="$global_name attr-dict `:` qualified(type($res))", verify=_verify_addressof)


# ============================================================================ calls
_CALL_ELIDED = ("callee", "TailCallKind", "var_callee_type", "CConv")


def _parse_call_types(p, state, direct, operands):
    off = p.start
    p.expect(":")
    types = p.parse_type_list_no_parens()
    if direct and len(types) != 1:
        raise p.custom_error("expected direct call to have 1 trailing type", off)
    if not direct and len(types) == 1 and type(types[0]) is FunctionType:
        # seed-era `: (args) -> res`: the callee is a typed pointer to that function type
        callee = _defined_type(p, operands[0])
        if callee is None:
            ft = types[0]
            callee = LLVMPointerType(0, LLVMFunctionType(
                ft.results[0] if ft.results else VOID, list(ft.inputs), False))
        if _is_typed_ptr(callee):
            note_seed_syntax(p)
            types.insert(0, callee)
    if not direct and len(types) != 2:
        raise p.custom_error("expected indirect call to have 2 trailing types", off)
    ft = types.pop()
    if type(ft) is not FunctionType:
        raise p.custom_error("expected trailing function type", off)
    if len(ft.results) > 1:
        raise p.custom_error("expected function with 0 or 1 result", off)
    if len(ft.results) == 1 and type(ft.results[0]) is LLVMVoidType:
        raise p.custom_error("expected a non-void result type", off)
    types += list(ft.inputs)
    if len(operands) != len(types):
        raise p.custom_error(f"{len(operands)} operands present, but expected {len(types)}")
    state.operands = p.resolve_operands(operands, types)
    state.result_types = list(ft.results)


def _defined_type(p, operand):
    """The type of an already defined `%name#N`, or None."""
    name, num, _ = operand
    entry = p.values.get(name)
    if entry is not None and num < len(entry) and entry[num] is not None:
        return entry[num][0].type
    return None


def _is_typed_ptr(t):
    return type(t) is LLVMPointerType and t.element is not None


def _parse_call(p, state):
    props = state.properties
    props["CConv"] = CConvAttr(_optional_enum_keyword(p, CCONV.by_kw, 0))
    props["TailCallKind"] = TailCallKindAttr(_optional_enum_keyword(p, TAILCALLKIND.by_kw, 0))
    operands = []
    if p.kind == "percent":
        operands.append(p.parse_operand())
    direct = not operands
    if direct:
        off = p.start
        a = p.parse_symbol_ref() if p.kind == "at" else p.parse_attribute()
        if type(a) is not SymbolRefAttr:
            raise p.custom_error("invalid kind of attribute specified", off)
        props["callee"] = a
    p.expect("(")
    if not p.accept(")"):
        operands += p.parse_operand_list()
        p.expect(")")
    if p.accept_keyword("vararg"):
        p.expect("(")
        off = p.start
        t = p.parse_type()
        if type(t) is not LLVMFunctionType:
            raise p.custom_error("invalid kind of type specified", off)
        props["var_callee_type"] = TypeAttr(t)
        p.expect(")")
    state.attributes.update(p.parse_optional_attr_dict())
    _parse_call_types(p, state, direct, operands)
    move_inherent(state, CALL.attr_names, CALL)
    CALL.apply_defaults(props)


def _print_call(pr, op):
    out = pr.out
    props = op.properties
    out.append(" ")
    cc = props.get("CConv")
    if cc is not None and cc.value != 0:
        out.append(cc.keyword + " ")
    tk = props.get("TailCallKind")
    if tk is not None and tk.value != 0:
        out.append(tk.keyword + " ")
    callee = props.get("callee")
    ops = op.operands
    if callee is not None:
        out.append(pr.attr_str(callee))
        args = ops
    else:
        out.append(pr.value(ops[0]))
        args = ops[1:]
    out.append("(" + pr.values(args) + ")")
    vt = props.get("var_callee_type")
    if vt is not None:
        out.append(" vararg(" + pr.type_str(vt.value) + ")")
    attrs = dict(op.attributes)
    for k, v in props.items():
        if k in _CALL_ELIDED or (k == "fastmathFlags" and v.value == 0):
            continue
        attrs[k] = v
    out.append(pr.attr_dict_str(attrs))
    out.append(" : ")
    if callee is None and not _is_typed_ptr(ops[0].type):  # (a typed pointer names it)
        out.append(pr.type_str(ops[0].type) + ", ")
    out.append(pr.functional_type([a.type for a in args], op.result_types))


def verify_var_callee_type(op, args):
    """verifyCallOpVarCalleeType."""
    vt = op.properties.get("var_callee_type")
    if vt is None:
        return
    vt = vt.value
    if not vt.var_arg:
        raise op_error(op, "expected var_callee_type to be a variadic function type")
    if len(vt.params) > len(args):
        raise op_error(op, f"expected var_callee_type to have at most {len(args)} parameters")
    for pt, a in zip(vt.params, args):
        if pt is not a.type:
            raise op_error(op, f"var_callee_type parameter type mismatch: '{pt}' != '{a.type}'")
    res = op.results
    if not res:
        if type(vt.return_type) is not LLVMVoidType:
            raise op_error(op, "expected var_callee_type to return void")
    elif res[0].type is not vt.return_type:
        raise op_error(op, f"var_callee_type return type mismatch: '{vt.return_type}' != "
                       f"'{res[0].type}'")


def _verify_call_debug_loc(op, fn):
    """As LLVM's IR verifier: a call to an inlinable function with debug info, made in a
    function with debug info, needs a location (the inliner would have none to use)."""
    if not fn.regions[0].blocks:
        return
    parent = op.parent_op
    while parent is not None and "function_type" not in parent.properties:
        parent = parent.parent_op
    if parent is None or type(op.loc) is not UnknownLoc:
        return
    if find_fused_metadata(parent.loc, DISubprogramAttr) is not None and \
            find_fused_metadata(fn.loc, DISubprogramAttr) is not None:
        raise plain_error(op, "inlinable function call in a function with a DISubprogram "
                              "location must have a debug location")


def _verify_call(op):
    props = op.properties
    callee = props.get("callee")
    ops = op.operands
    args = ops if callee is not None else ops[1:]
    verify_var_callee_type(op, args)
    if callee is None:
        if not ops:
            raise op_error(op, "must have either a `callee` attribute or at least an operand")
        if type(ops[0].type) is not LLVMPointerType:
            raise op_error(op, f"indirect call expects a pointer as callee: '{ops[0].type}'")
        return
    fn = lookup_symbol(op, callee)
    if fn is None:
        raise op_error(op, f"'{callee.leaf}' does not reference a symbol in the current scope")
    if fn.name != "llvm.func":
        raise op_error(op, f"'{callee.leaf}' does not reference a valid LLVM function")
    _verify_call_debug_loc(op, fn)
    ft = fn.properties["function_type"].value
    if ft.var_arg and props.get("var_callee_type") is None:
        raise op_error(op, "missing var_callee_type attribute for vararg call")
    n = len(args)
    if not ft.var_arg and len(ft.params) != n:
        raise op_error(op, f"incorrect number of operands ({n}) for callee (expecting: "
                       f"{len(ft.params)})")
    if len(ft.params) > n:
        raise op_error(op, f"incorrect number of operands ({n}) for varargs callee (expecting "
                       f"at least: {len(ft.params)})")
    for i, pt in enumerate(ft.params):
        if args[i].type is not pt:
            raise op_error(op, f"operand type mismatch for operand {i}: '{args[i].type}' != "
                           f"'{pt}'")
    res = op.results
    void = type(ft.return_type) is LLVMVoidType
    if not res and not void:
        raise op_error(op, "expected function call to produce a value")
    if res and void:
        raise op_error(op, "calling function with void result must not produce values")
    if res and res[0].type is not ft.return_type:
        raise op_error(op, f"result type mismatch: '{res[0].type}' != '{ft.return_type}'")


CALL = _op("call",
           operands=[("callee_operands", LLVM_Type, "*")],
           results=[("result", LLVM_Type, "?")],
           attrs={"var_callee_type": TypeAttrC(lambda t: type(t) is LLVMFunctionType).opt(),
                  "callee": FlatSymbolRefAttr.opt(),
                  "fastmathFlags": FastmathC.with_default(FMF_NONE),
                  "branch_weights": DenseI32Array.opt(),
                  "CConv": CConvC.with_default(CCONV_C),
                  "TailCallKind": TailCallKindC.with_default(TAILCALL_NONE),
                  **_ALIAS_ATTRS},
           parse=_parse_call, print=_print_call, verify=_verify_call)


# -- invoke / landingpad ----------------------------------------------------------------
def _parse_succ_operands(p):
    b = p.parse_successor()
    ops, types = [], []
    if p.accept("("):
        ops = p.parse_operand_list()
        p.expect(":")
        types = p.parse_type_list_no_parens()
        p.expect(")")
    return b, p.resolve_operands(ops, types)


def _parse_invoke(p, state):
    props = state.properties
    props["CConv"] = CConvAttr(_optional_enum_keyword(p, CCONV.by_kw, 0))
    operands = []
    if p.kind == "percent":
        operands.append(p.parse_operand())
    direct = not operands
    if direct:
        props["callee"] = p.parse_symbol_ref()
    p.expect("(")
    if not p.accept(")"):
        operands += p.parse_operand_list()
        p.expect(")")
    if not p.accept_keyword("to"):
        raise p.error("expected 'to'")
    normal, normal_ops = _parse_succ_operands(p)
    if not p.accept_keyword("unwind"):
        raise p.error("expected 'unwind'")
    unwind, unwind_ops = _parse_succ_operands(p)
    if p.accept_keyword("vararg"):
        p.expect("(")
        props["var_callee_type"] = TypeAttr(p.parse_type())
        p.expect(")")
    state.attributes.update(p.parse_optional_attr_dict())
    _parse_call_types(p, state, direct, operands)
    callee_ops = state.operands
    state.operands = callee_ops + normal_ops + unwind_ops
    state.successors = [normal, unwind]
    props["operandSegmentSizes"] = segment_sizes([len(callee_ops), len(normal_ops),
                                                  len(unwind_ops)])
    move_inherent(state, INVOKE.attr_names, INVOKE)
    INVOKE.apply_defaults(props)


def _print_invoke(pr, op):
    out = pr.out
    props = op.properties
    d = op.opdef
    out.append(" ")
    cc = props.get("CConv")
    if cc is not None and cc.value != 0:
        out.append(cc.keyword + " ")
    ops = d.get_group(op, "operand", 0)
    callee = props.get("callee")
    if callee is not None:
        out.append(pr.attr_str(callee))
        args = ops
    else:
        out.append(pr.value(ops[0]))
        args = ops[1:]
    out.append("(" + pr.values(args) + ")")
    for kw, i in (("to", 0), ("unwind", 1)):
        vals = d.get_group(op, "operand", i + 1)
        s = pr.block_name(op.successors[i])
        if vals:
            s += "(" + pr.values(vals) + " : " + pr.types([v.type for v in vals]) + ")"
        out.append(f" {kw} {s}")
    vt = props.get("var_callee_type")
    if vt is not None:
        out.append(" vararg(" + pr.type_str(vt.value) + ")")
    attrs = dict(op.attributes)
    for k, v in props.items():
        if k in ("callee", "operandSegmentSizes", "CConv", "var_callee_type"):
            continue
        attrs[k] = v
    out.append(pr.attr_dict_str(attrs))
    out.append(" : ")
    if callee is None and not _is_typed_ptr(ops[0].type):  # (a typed pointer names it)
        out.append(pr.type_str(ops[0].type) + ", ")
    out.append(pr.functional_type([a.type for a in args], op.result_types))


def _verify_invoke(op):
    d = op.opdef
    verify_var_callee_type(op, _invoke_args(op))
    w = op.properties.get("branch_weights")
    if w is not None and len(w.values) != 2:
        raise op_error(op, f"expects number of branch weights to match number of successors: "
                       f"{len(w.values)} vs 2")
    unwind = op.successors[1]
    first = unwind.ops[0] if unwind.ops else None
    if first is None or first.name != "llvm.landingpad":
        raise op_error(op, "second successor of an invoke must have a landing pad "
                       "instruction as its first operation")
    verify_successor_operands(op, [d.get_group(op, "operand", 1), d.get_group(op, "operand", 2)])


def _invoke_args(op):
    ops = op.opdef.get_group(op, "operand", 0)
    return ops if op.properties.get("callee") is not None else ops[1:]


INVOKE = _op("invoke",
             operands=[("callee_operands", LLVM_Type, "*"), ("normalDestOperands", AnyType, "*"),
                       ("unwindDestOperands", AnyType, "*")],
             results=[("result", LLVM_Type, "?")],
             successors=[("normalDest", AnyType), ("unwindDest", AnyType)],
             attrs={"var_callee_type": TypeAttrC().opt(), "callee": FlatSymbolRefAttr.opt(),
                    "branch_weights": DenseI32Array.opt(),
                    "CConv": CConvC.with_default(CCONV_C)},
             traits=[ATTR_SIZED_OPERANDS, TERMINATOR],
             parse=_parse_invoke, print=_print_invoke, verify=_verify_invoke)
attach(INVOKE, BRANCH, SuccessorGroups("normalDestOperands", "unwindDestOperands"))


def _parse_landingpad(p, state):
    if p.accept_keyword("cleanup"):
        state.properties["cleanup"] = UNIT
    ops, types = [], []
    while p.accept("("):
        if not (p.accept_keyword("catch") or p.accept_keyword("filter")):
            raise p.error("expected 'catch' or 'filter'")
        ops.append(p.parse_operand())
        p.expect(":")
        types.append(p.parse_type())
        p.expect(")")
    p.expect(":")
    t = p.parse_type()
    state.operands = p.resolve_operands(ops, types)
    state.result_types = [t]


def _print_landingpad(pr, op):
    out = pr.out
    if "cleanup" in op.properties:
        out.append(" cleanup")
    for v in op.operands:
        kw = "filter" if type(v.type) is LLVMArrayType else "catch"
        out.append(f" ({kw} {pr.value(v)} : {pr.type_str(v.type)})")
    out.append(" : " + pr.type_str(op.results[0].type))


def _defining(v):
    o = getattr(v, "owner", None)
    return o.name if o is not None and hasattr(o, "opdef") else None


def _verify_landingpad(op):
    f = op.parent_op
    while f is not None and f.name != "llvm.func":
        f = f.parent_op
    if f is not None and f.properties.get("personality") is None:
        raise plain_error(op, "llvm.landingpad needs to be in a function with a personality")
    if "cleanup" not in op.properties and not op.operands:
        raise plain_error(op, "landingpad instruction expects at least one clause or cleanup "
                          "attribute")
    for i, v in enumerate(op.operands):
        if type(v.type) is LLVMArrayType:
            continue  # filter clauses are not checked (as in MLIR)
        d = _defining(v)
        if d == "llvm.bitcast":
            if _defining(v.owner.arg) == "llvm.mlir.addressof":
                continue
            raise plain_error(op, "constant clauses expected",
                              ("global addresses expected as operand to bitcast used in "
                               "clauses for landingpad", v.owner.loc))
        if d in ("llvm.mlir.zero", "llvm.mlir.addressof"):
            continue
        raise plain_error(op, f"clause #{i} is not a known constant - null, addressof, bitcast")


_op("landingpad", operands=[("operands", LLVM_Type, "*")], results=[("res", LLVM_Type)],
    attrs={"cleanup": UnitAttrConstraint.opt()},
    parse=_parse_landingpad, print=_print_landingpad, verify=_verify_landingpad)


# ============================================================================ switch
def _parse_switch(p, state):
    flag = p.parse_operand()
    p.expect(":")
    ft = p.parse_type()
    p.expect(",")
    default, dops = _parse_succ_operands(p)
    p.expect("[")
    values, dests, cops = [], [], []
    if not p.accept("]"):
        while True:
            if p.kind != "int" and not p.peek_is("-"):
                raise p.custom_error("expected integer value", p.start)
            values.append(p.parse_integer())
            p.expect(":")
            b, o = _parse_succ_operands(p)
            dests.append(b)
            cops.append(o)
            if not p.accept(","):
                break
        p.expect("]")
    state.attributes.update(p.parse_optional_attr_dict())
    state.operands = [p.resolve_operand(flag, ft)] + dops + [v for o in cops for v in o]
    state.successors = [default] + dests
    props = state.properties
    if values:
        et = ft if type(ft) is IntegerType else IntegerType(64)
        props["case_values"] = DenseElementsAttr(VectorType([len(values)], et),
                                                 [normalize_int(v, et) for v in values])
    props["case_operand_segments"] = DenseArrayAttr(I32, [len(o) for o in cops])
    props["operandSegmentSizes"] = segment_sizes([1, len(dops), sum(len(o) for o in cops)])
    move_inherent(state, SWITCH.attr_names, SWITCH)


def _print_switch(pr, op):
    d = op.opdef
    out = pr.out
    flag = op.value
    dvals = d.get_group(op, "operand", 1)
    s = pr.block_name(op.successors[0])
    if dvals:
        s += "(" + pr.values(dvals) + " : " + pr.types([v.type for v in dvals]) + ")"
    out.append(f" {pr.value(flag)} : {pr.type_str(flag.type)}, {s} [")
    nl = "\n" + "  " * pr.indent
    cv = op.properties.get("case_values")
    if cv is None:
        out.append(nl + "]")
    else:
        flat = d.get_group(op, "operand", 2)
        seg = op.properties["case_operand_segments"].values
        pos = 0
        items = []
        for i, v in enumerate(cv.all_values()):
            n = seg[i] if i < len(seg) else 0
            vals = flat[pos:pos + n]
            pos += n
            s = pr.block_name(op.successors[i + 1])
            if vals:
                s += "(" + pr.values(vals) + " : " + pr.types([x.type for x in vals]) + ")"
            et = cv.type.element_type
            u = v & ((1 << et.width) - 1) if type(et) is IntegerType else v
            items.append(f"  {u}: {s}")
        out.append(nl + ("," + nl).join(items) + nl + "]")
    attrs = dict(op.attributes)
    for k, v in op.properties.items():
        if k in ("case_values", "case_operand_segments", "operandSegmentSizes"):
            continue
        attrs[k] = v
    out.append(pr.attr_dict_str(attrs))


def _verify_switch(op):
    cv = op.properties.get("case_values")
    ndest = len(op.successors) - 1
    if (cv is None and ndest) or (cv is not None and cv.type.num_elements != ndest):
        raise op_error(op, "expects number of case values to match number of case "
                       "destinations")
    w = op.properties.get("branch_weights")
    if w is not None and len(w.values) != len(op.successors):
        raise plain_error(op, f"expects number of branch weights to match number of "
                          f"successors: {len(w.values)} vs {len(op.successors)}")
    if cv is not None and op.value.type is not cv.type.element_type:
        raise plain_error(op, "expects case value type to match condition value type")
    d = op.opdef
    flat = d.get_group(op, "operand", 2)
    seg = op.properties["case_operand_segments"].values
    groups, pos = [d.get_group(op, "operand", 1)], 0
    for n in seg:
        groups.append(flat[pos:pos + n])
        pos += n
    verify_successor_operands(op, groups)


SWITCH = _op("switch",
             operands=[("value", AnySignlessInteger), ("defaultOperands", AnyType, "*"),
                       ("caseOperands", AnyType, "*")],
             successors=[("defaultDestination", AnyType), ("caseDestinations", AnyType, "*")],
             attrs={"case_values": ElementsAttrC().opt(),
                    "case_operand_segments": DenseI32Array,
                    "branch_weights": DenseI32Array.opt()},
             traits=[ATTR_SIZED_OPERANDS, PURE, TERMINATOR],
             parse=_parse_switch, print=_print_switch, verify=_verify_switch)
attach(SWITCH, BRANCH, SuccessorGroups("defaultOperands",
                                       ("caseOperands", "case_operand_segments"),
                                       taken=taken_switch))


# ============================================================================ comdat & ctors
_op("comdat_selector", attrs={"sym_name": SymbolNameAttr, "comdat": ComdatC},
    traits=[SYMBOL], format="$sym_name $comdat attr-dict")
def _verify_comdat_region(op):
    for b in op.regions[0].blocks:
        for x in b.ops:
            if x.name != "llvm.comdat_selector":
                raise plain_error(x, "only comdat selector symbols can appear in a comdat region")


_op("comdat", attrs={"sym_name": SymbolNameAttr}, regions=["body"],
    traits=[NO_TERMINATOR, SYMBOL_TABLE, SYMBOL], format="$sym_name $body attr-dict",
    verify_regions=_verify_comdat_region)


def _verify_ctors(op):
    kind = "ctors" if "ctors" in op.properties else "dtors"
    a = op.properties.get(kind)
    p = op.properties.get("priorities")
    for ref in (a or ()):
        fn = lookup_symbol(op, ref)
        if fn is None or fn.name != "llvm.func":
            raise op_error(op, f"'{ref.leaf}' does not reference a valid LLVM function")
        if not fn.regions[0].blocks:
            raise op_error(op, f"'{ref.leaf}' does not have a definition")
    if a is not None and p is not None and len(a) != len(p):
        raise op_error(op, f"mismatch between the number of {kind} and the number of "
                       f"priorities")


_op("mlir.global_ctors", attrs={"ctors": ArrayAttrAny, "priorities": ArrayAttrAny},
    format="attr-dict", verify=_verify_ctors)
_op("mlir.global_dtors", attrs={"dtors": ArrayAttrAny, "priorities": ArrayAttrAny},
    format="attr-dict", verify=_verify_ctors)


class _LLVMCall:
    """CallOpInterface of llvm.call and llvm.invoke: indirect (the callee pointer is the first
    call operand) when there is no `callee` attribute."""

    def args(self, op):
        ops = op.callee_operands
        return ops if op.get_attr("callee") is not None else ops[1:]

    def callee(self, op):
        c = op.get_attr("callee")
        return c if c is not None else op.callee_operands[0]



class _LLVMCallable(Callable):
    def result_types(self, op):
        from pyopt.dialects.llvm.types import LLVMVoidType
        rt = op.properties["function_type"].value.return_type
        return [] if type(rt) is LLVMVoidType else [rt]


attach([CALL, INVOKE], CALL_IFACE, _LLVMCall())
attach(FUNC, CALLABLE, _LLVMCallable())
