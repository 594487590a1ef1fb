"""LLVM IR text of the control-flow, call and memory-ordering LLVM dialect ops (through
function.translate_op): terminators, branch metadata, calls and invokes, landing pads,
atomics, inline assembly, intrinsic calls and debug records."""
from __future__ import annotations

from pyopt.dialects.llvm.types import LLVMVoidType
from pytranslate.export.types import llvm_name, abi_align
from pytranslate.export.constants import int_text
from pytranslate.export.module import FunctionInfo, _prop, _int, _segments, cconv_text
from pytranslate.export.metadata import md_string
from pytranslate.export.inst_values import fmf_text, _ORDERING, _RMW


def _return(t, op):
    if op.arg is not None:
        t.emit(op, ["ret "] + t.tv(op.arg))
    else:
        t.emit(op, ["ret void"])


def _unreachable(t, op):
    t.emit(op, ["unreachable"])


def _resume(t, op):
    t.emit(op, ["resume "] + t.tv(op.value))


def _br(t, op):
    dest = op.dest
    t.branch(["br label ", t.blocks[dest]], [dest])


def _prof(t, op):
    w = _prop(op, "branch_weights")
    if w is None:
        return ""
    t.pending.append((2, "prof", t.m.md.node([md_string("branch_weights")] +
                                               [f"i32 {x}" for x in w.values])))
    return ""


# Ops that may carry loop, access group, alias scope and TBAA metadata.
MD_OPS = frozenset("llvm.br llvm.cond_br llvm.load llvm.store llvm.atomicrmw llvm.cmpxchg "
                   "llvm.call llvm.intr.memcpy llvm.intr.memmove llvm.intr.memset "
                   "llvm.intr.memcpy.inline llvm.intr.memset.inline".split())


_MD_ATTRS = frozenset(("loop_annotation", "access_groups", "alias_scopes", "noalias_scopes",
                       "tbaa"))


def attach_op_metadata(t, op, atts):
    if op.properties.keys().isdisjoint(_MD_ATTRS) and op.attributes.keys().isdisjoint(_MD_ATTRS):
        return  # (the common op without any)
    am = t.m.attr_md
    a = _prop(op, "loop_annotation")
    if a is not None:
        atts.append((18, "llvm.loop", am.loop(a)))
    n = am.access_groups(_prop(op, "access_groups"))
    if n is not None:
        atts.append((25, "llvm.access.group", n))
    n = am.alias_scopes(_prop(op, "alias_scopes"))
    if n is not None:
        atts.append((7, "alias.scope", n))
    n = am.alias_scopes(_prop(op, "noalias_scopes"))
    if n is not None:
        atts.append((8, "noalias", n))
    tags = _prop(op, "tbaa")
    if tags is not None and tags.value:
        if len(tags.value) > 1:
            from pyopt.ir.diagnostics import Diagnostic
            t.m.options.emit(Diagnostic("warning", op.loc, "TBAA access tags were not "
                                        "translated, because LLVM IR only supports a single "
                                        "tag per instruction"))
        else:
            atts.append((1, "tbaa", am.tbaa_node(tags.value[0])))


def _cond_br(t, op):
    c = op.condition
    td, fd = op.trueDest, op.falseDest
    # BranchInst sets the true destination's use first, then the false one.
    t.branch(["br "] + t.tv(c) + [", label ", t.blocks[td], ", label ", t.blocks[fd],
                                  _prof(t, op)], [td, fd])


def _switch(t, op):
    v = op.value
    default = op.defaultDestination
    cases = _prop(op, "case_values")
    vals = list(cases.all_values()) if cases is not None else []
    ty = t.tc(v.type)
    parts = ["switch "] + t.tv(v) + [", label ", t.blocks[default], " ["]
    targets = [default]
    for b, val in zip(op.caseDestinations, vals):
        parts += [f"\n    {ty} {int_text(val, v.type.width)}, label ", t.blocks[b]]
        targets.append(b)
    parts.append("\n  ]" + _prof(t, op))
    t.branch(parts, targets)


def _callee_parts(t, op, operands):
    """(callee text parts, argument list) of a call/invoke."""
    callee = _prop(op, "callee")
    vct = _prop(op, "var_callee_type")
    if callee is not None:
        name = callee.root
        fi = t.m.functions.get(name)
        args = operands
        fparts = [llvm_name("@", name)]
        ftype = fi.mlir_type if fi is not None else None
    else:
        fparts = [t.v(operands[0])]
        args = operands[1:]
        ftype = None
        asp = getattr(operands[0].type, "address_space", 0)
        if asp:
            fparts.insert(0, f"addrspace({asp}) ")
    return fparts, args, ftype, vct


def _call_text(t, op, operands, kw="call"):
    fparts, args, ftype, vct = _callee_parts(t, op, operands)
    rt = op.results[0].type if op.results else None
    ret = t.tc(rt) if rt is not None else "void"
    ft = vct.value if vct is not None else ftype
    if ft is not None and ft.var_arg:
        ret = t.tc(ft)
    asp = ""
    if type(fparts[0]) is str and fparts[0].startswith("addrspace("):
        asp = fparts.pop(0)
    parts = [f"{kw} {cconv_text(op.properties.get('CConv'))}{fmf_text(op) if kw == 'call' else ''}"
             f"{asp}{ret} "] + fparts + ["("]
    for i, a in enumerate(args):
        if i:
            parts.append(", ")
        parts += t.tv(a)
    parts.append(")")
    return parts, rt


_TAIL = {1: "tail ", 2: "musttail ", 3: "notail "}


def _call(t, op):
    parts, rt = _call_text(t, op, op.operands)
    tk = _int(op.properties.get("TailCallKind"))
    if tk:
        parts[0] = _TAIL.get(tk, "") + parts[0]
    parts.append(_prof(t, op))
    t.emit(op, parts, rt)


def _invoke(t, op):
    seg = _segments(op)
    ops = op.operands[:seg[0]]
    parts, rt = _call_text(t, op, ops, "invoke")
    nd, ud = op.normalDest, op.unwindDest
    parts += ["\n          to label ", t.blocks[nd], " unwind label ", t.blocks[ud], _prof(t, op)]
    res = t.emit(op, parts, rt)
    t.blocks[nd].uses.append(t.cur)
    t.blocks[ud].uses.append(t.cur)
    return res


def _landingpad(t, op):
    rt = op.results[0].type
    parts = [f"landingpad {t.tc(rt)}"]
    if op.properties.get("cleanup") is not None or op.attributes.get("cleanup") is not None:
        parts.append("\n          cleanup")
    for c in op.operands:
        from pyopt.dialects.llvm.types import LLVMArrayType
        kind = "filter" if type(c.type) is LLVMArrayType else "catch"
        parts += [f"\n          {kind} "] + t.tv(c)
    t.emit(op, parts, rt)


def _atomicrmw(t, op):
    p, v = op.operands
    b = _RMW[_int(op.properties.get("bin_op"))]
    vol = "volatile " if op.properties.get("volatile_") is not None else ""
    ss = op.properties.get("syncscope")
    sst = f' syncscope("{ss.value}")' if ss is not None else ""
    al = _int(_prop(op, "alignment")) or max(abi_align(v.type), 1)
    t.emit(op, [f"atomicrmw {vol}{b} {t.tc(p.type)} ", t.v(p), ", "] + t.tv(v) +
           [f"{sst} {_ORDERING[_int(op.properties.get('ordering'))]}, align {al}"], v.type)


def _cmpxchg(t, op):
    p, c, n = op.operands
    weak = "weak " if op.properties.get("weak") is not None else ""
    vol = "volatile " if op.properties.get("volatile_") is not None else ""
    ss = op.properties.get("syncscope")
    sst = f' syncscope("{ss.value}")' if ss is not None else ""
    so = _ORDERING[_int(op.properties.get("success_ordering"))]
    fo = _ORDERING[_int(op.properties.get("failure_ordering"))]
    al = _int(_prop(op, "alignment")) or abi_align(c.type)
    t.emit(op, [f"cmpxchg {weak}{vol}{t.tc(p.type)} ", t.v(p), ", "] + t.tv(c) + [", "] +
           t.tv(n) + [f"{sst} {so} {fo}, align {al}"], op.results[0].type)


def _fence(t, op):
    ss = op.properties.get("syncscope")
    sst = f' syncscope("{ss.value}")' if ss is not None and ss.value else ""
    t.emit(op, [f"fence{sst} {_ORDERING[_int(op.properties.get('ordering'))]}"])


def _inline_asm(t, op):
    rt = op.results[0].type if op.results else None
    ret = t.tc(rt) if rt is not None else "void"
    asm = _prop(op, "asm_string").value
    cons = _prop(op, "constraints").value
    flags = ""
    if _prop(op, "has_side_effects") is not None:
        flags += "sideeffect "
    if _prop(op, "is_align_stack") is not None:
        flags += "alignstack "
    if _int(_prop(op, "asm_dialect")) == 1:
        flags += "inteldialect "
    from pytranslate.export.types import _PLAIN_NAME  # noqa: F401
    parts = [f"call {ret} asm {flags}\"{_asm_esc(asm)}\", \"{_asm_esc(cons)}\"("]
    for i, a in enumerate(op.operands):
        if i:
            parts.append(", ")
        parts += t.tv(a)
    parts.append(")")
    t.emit(op, parts, rt)


from pytranslate.export.escape import escape as _asm_esc  # noqa: E402


def _call_intrinsic(t, op):
    from pytranslate.export.call_intrinsic import translate_call_intrinsic
    translate_call_intrinsic(t, op)


def _emit_intrinsic_call(t, op, full, args, rt, param_types, extra):
    """`call @full(args)`, declaring `full` on first use (after the module's functions)."""
    m = t.m
    ret = t.tc(rt) if rt is not None and type(rt) is not LLVMVoidType else "void"
    if full not in m.intrinsics and full not in m.functions:
        fi = _intrinsic_decl(full, ret, param_types + [p for p, _ in extra])
        m.intrinsics[full] = fi
    parts = [f"call {fmf_text(op)}{ret} {llvm_name('@', full)}("]
    first = True
    for a in args:
        if not first:
            parts.append(", ")
        first = False
        parts += t.tv(a)
    for ty, val in extra:
        if not first:
            parts.append(", ")
        first = False
        parts.append(f"{ty} {val}")
    parts.append(")")
    t.emit(op, parts, rt)


def _intrinsic_decl(name, ret, params):
    fi = FunctionInfo.__new__(FunctionInfo)
    fi.name = name
    fi.mlir_type = None
    fi.ret = ret
    fi.params = list(params)
    fi.var_arg = False
    fi.linkage = 10
    fi.visibility = 0
    fi.dso_local = False
    fi.cconv = ""
    fi.unnamed_addr = 0
    from pytranslate.export.attributes import AttrSet
    fi.fn_attrs = AttrSet()
    fi.ret_attrs = AttrSet()
    fi.arg_attrs = [AttrSet() for _ in params]
    fi.section = fi.comdat = fi.align = fi.gc = fi.personality = None
    fi.body = None
    fi.entry_count = None
    fi.dbg = None
    fi.param_suffix = None
    return fi


def _dbg_record(t, op):
    """llvm.intr.dbg.* print as debug records (`#dbg_value(...)`) before the next
    instruction (they take no value number), or, with --write-experimental-debuginfo=false,
    as the intrinsic calls LLVM 19 converts the records back to (tail calls)."""
    kind = op.name[len("llvm.intr.dbg."):]
    d = t.m.debug
    loc = t.dbg_loc
    if loc is None:  # without a location in a subprogram the record is dropped, as upstream
        return
    if kind == "label":
        args = [[d.translate(op.properties.get("label"))]]
    else:
        expr = d.expression(op.properties.get("locationExpr"))
        value = op.addr if kind == "declare" else op.value
        args = [t.tv(value), [d.translate(op.properties.get("varInfo"))],
                [expr.inline if expr is not None else "!DIExpression()"]]
    parts = ["#dbg_" + kind + "("]
    for a in args:
        parts += a + [", "]
    parts += [loc, ")"]
    if kind != "label":  # (for the verifier's fragment checks)
        d.records.append((t.f, parts, args[1][0], expr))
    if getattr(t.m.options, "write_debug_records", True):
        t.cur.instrs.append((None, ["  "] + parts, []))
        return
    name = "llvm.dbg." + kind
    if t.m.intrinsics.get(name) is None:
        t.m.intrinsics[name] = _intrinsic_decl(name, "void", ["metadata"] * len(args))
    parts = ["tail call void @" + name + "("]
    for i, a in enumerate(args):
        parts += (["metadata "] if i == 0 else [", metadata "]) + a
    t.emit(op, parts + [")"])
