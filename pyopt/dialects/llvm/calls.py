"""LLVM call ops: llvm.call, llvm.invoke (a call with a normal and an unwind successor),
llvm.landingpad, and their CallOpInterface model."""
from __future__ import annotations

from pyopt.ir.attributes import TypeAttr, UNIT, SymbolRefAttr
from pyopt.interfaces import attach
from pyopt.interfaces.branch import BRANCH, SuccessorGroups
from pyopt.interfaces.control_flow import CALL as CALL_IFACE
from pyopt.ir.location import UnknownLoc, find_fused_metadata
from pyopt.ir.types import FunctionType
from pyopt.ir.verifier import op_error, plain_error
from pyopt.ir.symbols import lookup_symbol
from pyopt.ir.constraints import (AnyType, UnitAttrConstraint, TypeAttrC, FlatSymbolRefAttr,
                                  DenseI32Array)
from pyopt.ir.opdef import TERMINATOR, ATTR_SIZED_OPERANDS, segment_sizes
from pyopt.dialects.cf import verify_successor_operands
from pyopt.dialects.llvm.types import (LLVMFunctionType, LLVMVoidType, LLVMArrayType,
                                       LLVMPointerType, VOID, note_seed_syntax)
from pyopt.dialects.llvm.attrs import (CConvAttr, TailCallKindAttr, CConvC, TailCallKindC,
                                       FastmathC, FMF_NONE, CCONV, TAILCALLKIND, CCONV_C,
                                       TAILCALL_NONE)
from pyopt.dialects.llvm.ops import LLVM_Type, move_inherent
from pyopt.dialects.llvm.struct_attrs import ALIAS_ATTRS as _ALIAS_ATTRS, DISubprogramAttr
from pyopt.dialects.llvm.symbols import _op, _optional_enum_keyword, _parse_succ_operands
from pyopt.rewrite.matchers import defining


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
        cast = defining(v, "llvm.bitcast")
        if cast is not None:
            if defining(cast.arg, "llvm.mlir.addressof") is not None:
                continue
            raise plain_error(op, "constant clauses expected",
                              ("global addresses expected as operand to bitcast used in "
                               "clauses for landingpad", cast.loc))
        if defining(v, "llvm.mlir.zero", "llvm.mlir.addressof") is not None:
            continue
        raise plain_error(op, f"clause #{i} is not a known constant - null, addressof, bitcast")


_op("landingpad", operands=[("operands", LLVM_Type, "*")], results=[("res", LLVM_Type)],
    attrs={"cleanup": UnitAttrConstraint.opt()},
    parse=_parse_landingpad, print=_print_landingpad, verify=_verify_landingpad)


class _LLVMCall:
    """CallOpInterface of llvm.call and llvm.invoke: indirect (the callee pointer is the first
    call operand) when there is no `callee` attribute."""

    def args(self, op):
        ops = op.callee_operands
        return ops if op.get_attr("callee") is not None else ops[1:]

    def callee(self, op):
        c = op.get_attr("callee")
        return c if c is not None else op.callee_operands[0]


attach([CALL, INVOKE], CALL_IFACE, _LLVMCall())
