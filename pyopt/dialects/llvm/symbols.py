"""LLVM symbol ops: llvm.func, llvm.mlir.global, llvm.mlir.addressof, comdats and global
ctors/dtors; also llvm.switch. The call ops are in calls.py."""
from __future__ import annotations

from pyopt.ir.attributes import (IntegerAttr, StringAttr, TypeAttr, UNIT, ArrayAttr,
                                 DictionaryAttr, DenseArrayAttr, DenseElementsAttr, FloatAttr,
                                 normalize_int, symbol_name_str)
from pyopt.ir.core import Region
from pyopt.interfaces import attach
from pyopt.interfaces.branch import BRANCH, SuccessorGroups, taken_switch
from pyopt.interfaces.control_flow import CALLABLE, Callable
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
from pyopt.dialects.llvm.types import (LLVMFunctionType, LLVMVoidType, LLVMArrayType,
                                       LLVMTargetExtType, LLVMTokenType, LLVMMetadataType,
                                       LLVMLabelType, VOID, is_compatible_type,
                                       is_compatible_outer_type)
from pyopt.dialects.llvm.attrs import (LinkageAttr, CConvAttr, LinkageC, CConvC, FramePointerKindC,
                                       LINKAGE, CCONV, VISIBILITY, UNNAMED_ADDR, VisibilityC,
                                       UnnamedAddrC, ComdatC, LINKAGE_EXTERNAL, CCONV_C)
from pyopt.dialects.llvm.ops import LLVM_AnyPointer, move_inherent, OPS
from pyopt.dialects.llvm.struct_attrs import MemoryEffectsC, TargetFeaturesC
from pyopt.dialects.llvm.verifiers import verify_function_param_attrs

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


def _parse_succ_operands(p):
    b = p.parse_successor()
    ops, types = [], []
    if p.accept("("):
        ops = p.parse_operand_list()
        p.expect(":")
        types = p.parse_type_list_no_parens()
        p.expect(")")
    return b, p.resolve_operands(ops, types)


# ============================================================================ llvm.func
# sym_visibility is printed in the attribute dictionary, as 19 does
_FUNC_ELIDED = ("sym_name", "function_type", "arg_attrs", "res_attrs",
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
    from pyopt.syntax.function_syntax import function_arguments
    parts = function_arguments(pr, body.blocks[0] if has_body else None, ft.params,
                               props.get("arg_attrs"))
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
    if not _has_landingpad_or_resume(op):
        return
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
                        if x.regions:
                            walk(x)
                        continue
                    if seen[0] is None:
                        seen[0] = t
                    elif seen[0] is not t:
                        raise plain_error(op, msg)
    walk(op)


def _has_landingpad_or_resume(func):
    """Whether an llvm.landingpad or llvm.resume is nested in `func` (most functions have
    neither: one tight scan spares them the ordered walk)."""
    pending = [func]
    while pending:
        for r in pending.pop().regions:
            for b in r.blocks:
                x = b.first
                while x is not None:
                    name = x.name
                    if name == "llvm.landingpad" or name == "llvm.resume":
                        return True
                    if x.regions:
                        pending.append(x)
                    x = x.next
    return False


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


class _LLVMCallable(Callable):
    def result_types(self, op):
        from pyopt.dialects.llvm.types import LLVMVoidType
        rt = op.properties["function_type"].value.return_type
        return [] if type(rt) is LLVMVoidType else [rt]


attach(FUNC, CALLABLE, _LLVMCallable())
