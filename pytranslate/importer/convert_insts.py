"""The per-instruction emitters of the LLVM IR import (convert.py): one `_e_<opcode>` function
per instruction, building the LLVM-dialect op for it (MLIR 19's ModuleImport::convertInstruction)."""
from __future__ import annotations

from pytranslate.importer.convert_attrs import (ImportError_, FCMP_MLIR, cconv_kw, fmf_attr,
                                                _i32_array, _i64_array, _llvm_str)
from pytranslate.importer.lltypes import C, VOID
from pytranslate.importer.llparser import Function
from pytranslate.importer.mdattrs import AA_KEYS
from pyopt.ir.attributes import (IntegerAttr, StringAttr, UNIT, TypeAttr, FlatSymbolRefAttr,
                                 DenseElementsAttr, normalize_int)
from pyopt.ir.types import IntegerType, VectorType

I32T, I64T = IntegerType(32), IntegerType(64)


# ============================================================================ emitters
# Each takes (converter, inst) and returns the Operation (or None for PHIs).
def _fmf(cv, inst, attrs=None):
    """Adds the fastmath flags attribute of the instruction to attrs."""
    f = fmf_attr(inst.a.get("flags", ()))
    if f:
        if attrs is None:
            attrs = {}
        attrs["fastmathFlags"] = cv._attr(f)
    return attrs


_OVERFLOW_OPS = {"add", "sub", "mul", "shl"}
_FLOAT_BINOPS = {"fadd", "fsub", "fmul", "fdiv", "frem"}


def _e_binop(cv, inst):
    op = inst.op
    x, y = inst.ops
    operands = [cv.value(x), cv.value(y)]
    attrs = None
    fl = inst.a.get("flags")
    if fl:
        if op in _FLOAT_BINOPS:
            attrs = _fmf(cv, inst)
        elif op in _OVERFLOW_OPS:
            o = [x for x in ("nsw", "nuw") if x in fl]
            if o:
                attrs = {"overflowFlags": cv._attr(f"#llvm.overflow<{', '.join(o)}>")}
        # MLIR 19's import drops `or disjoint` (and `exact`); only the printer knows the flag
    return cv.b.op(_OPNAME[op], operands, [cv.ty(inst.ty)], attrs)


def _e_fneg(cv, inst):
    return cv.b.op("llvm.fneg", [cv.value(inst.ops[0])], [cv.ty(inst.ty)], _fmf(cv, inst))


def _e_cast(cv, inst):
    return cv.b.op(_OPNAME[inst.op], [cv.value(inst.ops[0])], [cv.ty(inst.ty)])


_ICMP = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
_FCMP = ["_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
         "ule", "une", "uno", "_true"]


def _e_cmp(cv, inst):
    a, b = inst.ops
    pred = inst.a["pred"]
    operands = [cv.value(a), cv.value(b)]
    rt = cv.ty(inst.ty)
    if inst.op == "fcmp":
        pred = FCMP_MLIR.get(pred, pred)
        attrs = {"predicate": IntegerAttr(I64T, _FCMP.index(pred))}
        _fmf(cv, inst, attrs)
        return cv.b.op("llvm.fcmp", operands, [rt], attrs)
    return cv.b.op("llvm.icmp", operands, [rt],
                   {"predicate": IntegerAttr(I64T, _ICMP.index(pred))})


def _e_ret(cv, inst):
    if not inst.ops:
        return cv.b.op("llvm.return")
    return cv.b.op("llvm.return", [cv.value(inst.ops[0])])


def _e_br(cv, inst):
    succ = [cv.by_name[n] for n in inst.a["succ"]]
    mb = cv.mblock
    if len(succ) == 1:
        vals = cv.br_args(succ[0])
        md = _md(cv, inst, ("loop_annotation",))
        return cv.b.op("llvm.br", vals, (), _md_attrs(cv, md), successors=[mb[succ[0]]])
    tv = cv.br_args(succ[0])
    fv = cv.br_args(succ[1])
    c = cv.value(inst.ops[0])
    md = _md(cv, inst, ("loop_annotation", "branch_weights"))
    attrs = {}
    w = md.pop("branch_weights", None)
    if w:
        attrs["branch_weights"] = _i32_array(w)
    attrs.update(_md_attrs(cv, md) or ())
    attrs["operandSegmentSizes"] = _i32_array([1, len(tv), len(fv)])
    return cv.b.op("llvm.cond_br", [c] + tv + fv, (), attrs,
                   successors=[mb[succ[0]], mb[succ[1]]])


def _md(cv, inst, accepts):
    """The attributes of the instruction's convertible metadata: {name: value text}."""
    if not inst.md:
        return {}
    return cv.mda.attach(inst, accepts, cv.op_loc(inst))


def _md_attrs(cv, md):
    """Metadata attribute texts -> objects (branch weights as a dense i32 array)."""
    if not md:
        return None
    out = {}
    for k, v in md.items():
        if k == "branch_weights":
            out[k] = _i32_array(v)
        else:
            out[k] = cv._attr(v)
    return out


def _e_switch(cv, inst):
    succ = [cv.by_name[n] for n in inst.a["succ"]]
    mb = cv.mblock
    c = inst.ops[0]
    cval = cv.value(c)
    dv = cv.br_args(succ[0])
    case_ops, segs, values = [], [], []
    for v, s in zip(inst.a["cases"], succ[1:]):
        vals = cv.br_args(s)
        case_ops += vals
        segs.append(len(vals))
        values.append(v.v)
    attrs = _md_attrs(cv, _md(cv, inst, ("branch_weights",))) or {}
    props = {}
    if values:
        ct = cv.ty(c.ty)
        et = ct if type(ct) is IntegerType else IntegerType(64)
        props["case_values"] = DenseElementsAttr(VectorType([len(values)], et),
                                                 [normalize_int(v, et) for v in values])
    props["case_operand_segments"] = _i32_array(segs)
    props["operandSegmentSizes"] = _i32_array([1, len(dv), len(case_ops)])
    props.update(attrs)
    return cv.b.op("llvm.switch", [cval] + dv + case_ops, (), props,
                   successors=[mb[s] for s in succ])


def _e_indirectbr(cv, inst):
    """Beyond MLIR 19: later MLIR's llvm.indirectbr (one operand group per destination)."""
    succ = [cv.by_name[n] for n in inst.a["succ"]]
    groups = [cv.br_args(s) for s in succ]
    return cv.b.op("llvm.indirectbr", [cv.value(inst.ops[0])] + [v for g in groups for v in g],
                   (), {"indbr_operand_segments": _i32_array([len(g) for g in groups])},
                   successors=[cv.mblock[s] for s in succ])


def _e_unreachable(cv, inst):
    return cv.b.op("llvm.unreachable")


def _e_resume(cv, inst):
    return cv.b.op("llvm.resume", [cv.value(inst.ops[0])])


def _e_phi(cv, inst):
    return None  # PHIs are the block arguments made with the blocks


def _e_select(cv, inst):
    c, a, b = inst.ops
    return cv.b.op("llvm.select", [cv.value(c), cv.value(a), cv.value(b)], [cv.ty(inst.ty)],
                   _fmf(cv, inst))


def _e_freeze(cv, inst):
    return cv.b.op("llvm.freeze", [cv.value(inst.ops[0])], [cv.ty(inst.ty)])


def _e_alloca(cv, inst):
    a = inst.a
    size = inst.ops[0]
    # LLVM's parser gives an alloca without `align` the preferred alignment
    align = a.get("align") or cv.layout.pref_align(a["elem"])
    attrs = {}
    if a.get("inalloca"):
        attrs["inalloca"] = UNIT
    attrs["elem_type"] = TypeAttr(cv.ty(a["elem"]))
    attrs["alignment"] = IntegerAttr(I64T, align)
    return cv.b.op("llvm.alloca", [cv.value(size)], [cv.ty(inst.ty)], attrs)


def _default_align(cv, inst):
    """The alignment LLVM's parser gives a memory access without `align`."""
    op = inst.op
    if op == "load":
        return cv.layout.abi_align(inst.ty)
    if op == "store":
        return cv.layout.abi_align(inst.ops[0].ty)
    if op in ("atomicrmw", "cmpxchg"):
        return cv.layout.store_size(inst.ops[-1].ty)
    return None


def _mem_attrs(cv, inst, attrs):
    a = inst.a
    align = a.get("align") or _default_align(cv, inst)
    if align:
        attrs["alignment"] = IntegerAttr(I64T, align)
    if inst.md:
        for name, ref in inst.md:
            if name == "nontemporal":
                attrs["nontemporal"] = UNIT
            elif name == "invariant.load" and inst.op == "load":
                attrs["invariant"] = UNIT
        for k, v in _md(cv, inst, AA_KEYS).items():
            attrs[k] = cv._attr(v)
    return attrs


def _atomic_attrs(inst, attrs):
    a = inst.a
    if a.get("atomic"):
        if a.get("syncscope"):  # "" is the system scope
            attrs["syncscope"] = StringAttr(a["syncscope"])
        attrs["ordering"] = IntegerAttr(I64T, _ORDERING[a["ordering"]])
    return attrs


_ORDERING = {"not_atomic": 0, "unordered": 1, "monotonic": 2, "acquire": 4, "release": 5,
             "acq_rel": 6, "seq_cst": 7}


def _e_load(cv, inst):
    attrs = {"volatile_": UNIT} if inst.a.get("volatile") else {}
    _atomic_attrs(inst, attrs)
    _mem_attrs(cv, inst, attrs)
    return cv.b.op("llvm.load", [cv.value(inst.ops[0])], [cv.ty(inst.ty)], attrs)


def _e_store(cv, inst):
    v, p = inst.ops
    attrs = {"volatile_": UNIT} if inst.a.get("volatile") else {}
    _atomic_attrs(inst, attrs)
    _mem_attrs(cv, inst, attrs)
    attrs.pop("invariant", None)
    return cv.b.op("llvm.store", [cv.value(v), cv.value(p)], (), attrs)


def _e_fence(cv, inst):
    a = inst.a
    attrs = {}
    if a.get("syncscope"):  # "" is the system scope
        attrs["syncscope"] = StringAttr(a["syncscope"])
    attrs["ordering"] = IntegerAttr(I64T, _ORDERING[a["ordering"]])
    return cv.b.op("llvm.fence", (), (), attrs)


_RMW = ["xchg", "add", "sub", "_and", "nand", "_or", "_xor", "max", "min", "umax", "umin",
        "fadd", "fsub", "fmax", "fmin", "uinc_wrap", "udec_wrap"]
_RMW_MLIR = {"and": "_and", "or": "_or", "xor": "_xor"}


def _e_atomicrmw(cv, inst):
    a = inst.a
    p, v = inst.ops
    attrs = {"volatile_": UNIT} if a.get("volatile") else {}
    attrs["bin_op"] = IntegerAttr(I64T, _RMW.index(_RMW_MLIR.get(a["binop"], a["binop"])))
    if a.get("syncscope"):  # "" is the system scope
        attrs["syncscope"] = StringAttr(a["syncscope"])
    attrs["ordering"] = IntegerAttr(I64T, _ORDERING[a["ordering"]])
    _mem_attrs(cv, inst, attrs)
    return cv.b.op("llvm.atomicrmw", [cv.value(p), cv.value(v)], [cv.ty(v.ty)], attrs)


def _e_cmpxchg(cv, inst):
    a = inst.a
    p, c, v = inst.ops
    attrs = {}
    if a.get("weak"):
        attrs["weak"] = UNIT
    if a.get("volatile"):
        attrs["volatile_"] = UNIT
    if a.get("syncscope"):  # "" is the system scope
        attrs["syncscope"] = StringAttr(a["syncscope"])
    attrs["success_ordering"] = IntegerAttr(I64T, _ORDERING[a["success"]])
    attrs["failure_ordering"] = IntegerAttr(I64T, _ORDERING[a["failure"]])
    _mem_attrs(cv, inst, attrs)
    return cv.b.op("llvm.cmpxchg", [cv.value(p), cv.value(c), cv.value(v)],
                   [cv.ty(inst.ty)], attrs)


_DYN_INDEX = -(1 << 31)


def _e_gep(cv, inst):
    a = inst.a
    base = inst.ops[0]
    operands = [cv.value(base)]
    # (every index is converted, also those that end up as constant struct indices)
    idx_vals = [cv.value(o) for o in inst.ops[1:]]
    raw = []
    cur = a["elem"]
    for n, o in enumerate(inst.ops[1:]):
        requires = n > 0 and cur is not None and cur.kind == "struct"
        if requires and isinstance(o, C) and o.kind == "int" and -(1 << 31) <= o.v < (1 << 31):
            raw.append(o.v)
            static = o.v
        else:
            operands.append(idx_vals[n])
            raw.append(_DYN_INDEX)
            static = None
        if n == 0 or cur is None:
            continue
        if cur.kind in ("array", "vec"):
            cur = cur.elem
        elif cur.kind == "struct":
            cur = cur.fields[static] if static is not None and 0 <= static < len(
                cur.fields) else None
        else:
            cur = None
    attrs = {"inbounds": UNIT} if "inbounds" in a.get("flags", ()) else {}
    attrs["rawConstantIndices"] = _i32_array(raw)
    attrs["elem_type"] = TypeAttr(cv.ty(a["elem"]))
    return cv.b.op("llvm.getelementptr", operands, [cv.ty(inst.ty)], attrs)


def _e_extractvalue(cv, inst):
    return cv.b.op("llvm.extractvalue", [cv.value(inst.ops[0])], [cv.ty(inst.ty)],
                   {"position": _i64_array(inst.a["idx"])})


def _e_insertvalue(cv, inst):
    agg, v = inst.ops
    av, vv = cv.value(agg), cv.value(v)
    return cv.b.op("llvm.insertvalue", [av, vv], [cv.ty(agg.ty)],
                   {"position": _i64_array(inst.a["idx"])})


def _e_extractelement(cv, inst):
    v, i = inst.ops
    return cv.b.op("llvm.extractelement", [cv.value(v), cv.value(i)], [cv.ty(inst.ty)])


def _e_insertelement(cv, inst):
    v, e, i = inst.ops
    vv, ev, iv = cv.value(v), cv.value(e), cv.value(i)
    return cv.b.op("llvm.insertelement", [vv, ev, iv], [cv.ty(v.ty)])


def _e_shufflevector(cv, inst):
    a, b = inst.ops
    mask = inst.a["mask"]
    n = inst.ty.w
    if mask.kind in ("cds", "agg"):
        vals = [e.v if e.kind == "int" else -1 for e in mask.v]
    elif mask.kind == "zero":
        vals = [0] * n
    else:
        vals = [-1] * n
    return cv.b.op("llvm.shufflevector", [cv.value(a), cv.value(b)], [cv.ty(inst.ty)],
                   {"mask": _i32_array(vals)})


def _e_landingpad(cv, inst):
    vals = [cv.value(v) for kind, v in inst.a["clauses"]]
    attrs = {"cleanup": UNIT} if inst.a.get("cleanup") else None
    return cv.b.op("llvm.landingpad", vals, [cv.ty(inst.ty)], attrs)


def _direct_callee(cv, callee):
    return isinstance(callee, C) and callee.kind == "global" and isinstance(
        cv.m.symbols.get(callee.v), Function)


def _call_operands(cv, inst):
    callee = inst.a["callee"]
    if isinstance(callee, tuple):
        raise ImportError_(f"unhandled value: ptr asm "
                           f"{'sideeffect ' if 'sideeffect' in callee[4] else ''}"
                           f"{_llvm_str(callee[2])}, {_llvm_str(callee[3])}")
    direct = _direct_callee(cv, callee)
    args = [] if direct else [cv.value(callee)]
    for x in inst.ops:
        if isinstance(x, tuple):
            raise ImportError_("unhandled value: metadata")
        args.append(cv.value(x))
    return direct, args


def _call_head(cv, inst, direct, with_tail):
    a = inst.a
    cc = cconv_kw(cv, a.get("cconv", "ccc"))
    attrs = {"CConv": cv._attr(f"#llvm.cconv<{cc or 'ccc'}>")}
    if with_tail:
        attrs["TailCallKind"] = cv._attr(f"#llvm.tailcallkind<{a.get('tail') or 'none'}>")
    if direct:
        attrs["callee"] = FlatSymbolRefAttr(a["callee"].v)
    return attrs


def _e_call(cv, inst):
    a = inst.a
    direct, args = _call_operands(cv, inst)
    fty = a["fty"]
    attrs = _call_head(cv, inst, direct, True)
    if fty.vararg:
        attrs["var_callee_type"] = TypeAttr(cv.ty(fty))
    attrs.update(_md_attrs(cv, _md(cv, inst, AA_KEYS + ("branch_weights",))) or ())
    _fmf(cv, inst, attrs)
    res = [] if fty.ret is VOID else [cv.ty(fty.ret)]
    return cv.b.op("llvm.call", args, res, attrs)


def _e_invoke(cv, inst):
    from pyopt.ir.core import Block
    a = inst.a
    direct, args = _call_operands(cv, inst)
    fty = a["fty"]
    normal, unwind = (cv.by_name[n] for n in a["succ"])
    # The normal destination gets its PHI values through a dummy block when the
    # invoke result itself flows into a PHI there.
    uses_res = inst.res is not None and any(
        v is inst.res and b == cv.cur_block.name for p in cv.phis[normal]
        for v, b in p.a["incoming"])
    uargs = cv.br_args(unwind)
    res = [] if fty.ret is VOID else [cv.ty(fty.ret)]
    attrs = _call_head(cv, inst, direct, False)
    if fty.vararg:
        attrs["var_callee_type"] = TypeAttr(cv.ty(fty))
    attrs.update(_md_attrs(cv, _md(cv, inst, ("branch_weights",))) or ())
    mb = cv.mblock
    if not uses_res:
        nargs = cv.br_args(normal)
        attrs["operandSegmentSizes"] = _i32_array([len(args), len(nargs), len(uargs)])
        return cv.b.op("llvm.invoke", args + nargs + uargs, res, attrs,
                       successors=[mb[normal], mb[unwind]])
    # placed right before the normal destination, as MLIR creates it there
    dummy = Block()
    cv.extra_blocks.setdefault(normal, []).append(dummy)
    attrs["operandSegmentSizes"] = _i32_array([len(args), 0, len(uargs)])
    op = cv.b.op("llvm.invoke", args + uargs, res, attrs, successors=[dummy, mb[unwind]])
    cv.fs.values[inst.res] = op.results[0]
    dummy.append(cv.b.op("llvm.br", cv.br_args(normal), (), None, successors=[mb[normal]],
                         loc=cv.inst_loc(inst)))
    return op


# instructions ModuleImport converts itself: an operand failure is not reported again
_DIRECT_OPS = {"br", "switch", "phi", "call", "landingpad", "invoke", "getelementptr"}

# ops whose emitter translates the instruction's metadata attachments
_MD_OPS = {"br", "switch", "load", "store", "atomicrmw", "cmpxchg", "call", "invoke"}

_EMIT = {"ret": _e_ret, "br": _e_br, "switch": _e_switch, "indirectbr": _e_indirectbr,
         "unreachable": _e_unreachable,
         "resume": _e_resume, "phi": _e_phi, "select": _e_select, "freeze": _e_freeze,
         "alloca": _e_alloca, "load": _e_load, "store": _e_store,
         "fence": _e_fence, "atomicrmw": _e_atomicrmw, "cmpxchg": _e_cmpxchg,
         "getelementptr": _e_gep, "extractvalue": _e_extractvalue,
         "insertvalue": _e_insertvalue, "extractelement": _e_extractelement,
         "insertelement": _e_insertelement, "shufflevector": _e_shufflevector,
         "landingpad": _e_landingpad, "call": _e_call, "invoke": _e_invoke,
         "icmp": _e_cmp, "fcmp": _e_cmp, "fneg": _e_fneg}
_OPNAME = {}
for _op in ("add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and",
            "or", "xor", "fadd", "fsub", "fmul", "fdiv", "frem"):
    _EMIT[_op] = _e_binop
    _OPNAME[_op] = "llvm." + _op
for _op in ("trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp",
            "sitofp", "ptrtoint", "inttoptr", "bitcast", "addrspacecast"):
    _EMIT[_op] = _e_cast
    _OPNAME[_op] = "llvm." + _op
