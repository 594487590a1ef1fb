"""LLVM intrinsic calls -> `llvm.intr.*` ops (generic form; pyopt prints the custom one)."""
from __future__ import annotations

import re

from pytranslate.importer.lltypes import VOID

_MANGLE = re.compile(r"^(i\d+|f\d+|bf16|p\d+|v\d+.*|nxv\d+.*|a\d+.*|s_.*|sl_.*|isVoid|"
                     r"ppcf128|x86mmx|x86amx|f80|f128)$")
# Intrinsics whose immediate arguments become attributes: name -> [(arg index, attr)].
_IMMARGS = {"memcpy": [(3, "isVolatile")], "memmove": [(3, "isVolatile")],
            "memset": [(3, "isVolatile")], "memcpy.inline": [(2, "len"), (3, "isVolatile")],
            "memset.inline": [(3, "isVolatile")],
            "lifetime.start": [(0, "size")], "lifetime.end": [(0, "size")],
            "invariant.start": [(0, "size")], "invariant.end": [(1, "size")],
            "is.fpclass": [(1, "bit")],
            "prefetch": [(1, "rw"), (2, "hint"), (3, "cache")],
            "ubsantrap": [(0, "failureKind")], "expect.with.probability": [(2, "prob")],
            "abs": [(1, "is_int_min_poison")], "ctlz": [(1, "is_zero_poison")],
            "cttz": [(1, "is_zero_poison")], "vector.insert": [(2, "pos")],
            "vector.extract": [(1, "pos")],
            "masked.load": [(1, "alignment")], "masked.gather": [(1, "alignment")],
            "masked.store": [(2, "alignment")], "masked.scatter": [(2, "alignment")],
            "matrix.multiply": [(2, "lhs_rows"), (3, "lhs_columns"), (4, "rhs_columns")],
            "matrix.transpose": [(1, "rows"), (2, "columns")],
            "matrix.column.major.load": [(2, "isVolatile"), (3, "rows"), (4, "columns")],
            "matrix.column.major.store": [(3, "isVolatile"), (4, "rows"), (5, "columns")]}
# MLIR 19 converts these immediates as values too (the constant stays, unused), after the
# other operands (its MLIR argument order puts the alignment last), then reads the attribute
_IMM_AS_VALUE = {"masked.load", "masked.gather", "masked.store", "masked.scatter",
                 "matrix.multiply", "matrix.transpose", "matrix.column.major.load",
                 "matrix.column.major.store"}
# intrinsics carrying access groups / alias scopes / TBAA as properties
_ALIAS_INFO = {"memcpy", "memmove", "memcpy.inline", "memset", "memset.inline"}
_DROPPED = {"dbg.value", "dbg.declare", "dbg.assign", "dbg.label"}
_ctx = None
# Intrinsics MLIR 19 rejects ("unhandled intrinsic") that clang emits for ordinary C (PIC
# relative lookup tables: lua, bzip2, lz4, SQLite at -O2); kept as `llvm.call_intrinsic`,
# which MLIR 19 reads and exports.
_GENERIC = ("llvm.load.relative.",)
# LLVM names whose MLIR op is spelled differently
_RENAMED = (("va_start", "vastart"), ("va_end", "vaend"), ("va_copy", "vacopy"))


def _context():
    global _ctx
    if _ctx is None:
        from pyopt.dialects import make_context
        _ctx = make_context(True)
    return _ctx


def intrinsic_op(name):
    """The `llvm.intr.*` op name for an LLVM intrinsic function name, or None."""
    if not name.startswith("llvm."):
        return None
    base = name[5:]
    for llname, mname in _RENAMED:
        if base == llname or base.startswith(llname + "."):
            return mname
    if base in _DROPPED:
        return base
    ctx = _context()
    parts = base.split(".")
    while parts:
        cand = ".".join(parts)
        if cand in _DROPPED:
            return cand
        if ctx.lookup_op("llvm.intr." + cand) is not None:
            return cand
        if len(parts) > 1 and _MANGLE.match(parts[-1]):
            parts.pop()
            continue
        break
    return None


def convert_intrinsic(cv, inst):
    callee = inst.a["callee"]
    base = intrinsic_op(callee.v)
    if base is None:
        if callee.v.startswith(_GENERIC):
            return _generic_intrinsic(cv, inst, callee.v)
        return False
    if base in _DROPPED:
        return _debug_intrinsic(cv, inst, base)
    b = cv.b
    if base == "experimental.noalias.scope.decl":
        ops = inst.ops
        if len(ops) != 1 or not isinstance(ops[0], tuple):
            return False
        scope = cv.mda.scope_decl(ops[0][1])
        if scope is False:
            return False
        if scope is None:
            # the scope is used by no memory access: the declaration is dropped
            if cv.expensive:
                cv.warn_at("dropped instruction: " + cv.diag_inst(inst), cv.op_loc(inst))
            return True
        cv.cur.append(b.op("llvm.intr." + base, (), (), {"scope": b.attr(scope)},
                           loc=cv.inst_loc(inst)))
        return True
    if base == "experimental.constrained.fptrunc":
        return _constrained(cv, inst, base)
    imm = dict(_IMMARGS.get(base, ()))
    operands, attrs, late = [], {}, []
    for i, v in enumerate(inst.ops):
        if isinstance(v, tuple):
            return False
        if i in imm:
            a = cv.constant_attr(v) if v.kind in ("int", "fp") else None
            if a is None:
                return False
            if base in _IMM_AS_VALUE:
                late.append(v)
            attrs[imm[i]] = a
            continue
        operands.append(cv.value(v))
    for v in late:
        cv.value(v)
    fty = inst.a["fty"]
    if inst.md:
        from pytranslate.importer.convert_insts import _md, _md_attrs
        from pytranslate.importer.mdattrs import AA_KEYS
        attrs.update(_md_attrs(cv, _md(cv, inst, AA_KEYS if base in _ALIAS_INFO else ())) or ())
    from pytranslate.importer.convert_insts import _fmf
    _fmf(cv, inst, attrs)
    op = b.op("llvm.intr." + base, operands, [] if fty.ret is VOID else [cv.ty(fty.ret)],
              attrs, loc=cv.inst_loc(inst))
    cv.cur.append(op)
    if inst.res is not None and op.results:
        cv.fs.values[inst.res] = op.results[0]
    return True


# constrained floating point: metadata strings -> (attribute, {suffix: enum value})
_CONSTRAINED = (("roundingmode", "round.", {"towardzero": 0, "tonearest": 1, "upward": 2,
                                             "downward": 3, "tonearestaway": 4, "dynamic": 7}),
                ("fpExceptionBehavior", "fpexcept.", {"ignore": 0, "maytrap": 1, "strict": 2}))


def _constrained(cv, inst, base):
    """llvm.experimental.constrained.*(x, metadata !"round.M", metadata !"fpexcept.E")."""
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.ir.types import I64
    ops = inst.ops
    if len(ops) != 1 + len(_CONSTRAINED) or isinstance(ops[0], tuple):
        return False
    attrs = {}
    for (name, prefix, cases), md in zip(_CONSTRAINED, ops[1:]):
        ref = md[1] if isinstance(md, tuple) and len(md) == 2 else None
        text = ref.v if getattr(ref, "kind", None) == "str" else ""
        value = cases.get(text[len(prefix):]) if text.startswith(prefix) else None
        if value is None:
            return False
        attrs[name] = IntegerAttr(I64, value)
    fty = inst.a["fty"]
    op = cv.b.op("llvm.intr." + base, [cv.value(ops[0])], [cv.ty(fty.ret)], attrs,
                 loc=cv.inst_loc(inst))
    cv.cur.append(op)
    if inst.res is not None:
        cv.fs.values[inst.res] = op.results[0]
    return True


def _generic_intrinsic(cv, inst, name):
    from pyopt.ir.attributes import StringAttr
    operands = []
    for v in inst.ops:
        if isinstance(v, tuple):
            return False
        operands.append(cv.value(v))
    fty = inst.a["fty"]
    op = cv.b.op("llvm.call_intrinsic", operands,
                 [] if fty.ret is VOID else [cv.ty(fty.ret)], {"intrin": StringAttr(name)},
                 loc=cv.inst_loc(inst))
    cv.cur.append(op)
    if inst.res is not None and op.results:
        cv.fs.values[inst.res] = op.results[0]
    return True


def _debug_intrinsic(cv, inst, base):
    """llvm.dbg.value/declare -> llvm.intr.dbg.* placed after their operand's definition
    (done once the function is converted); dbg.label in place; what MLIR 19 cannot
    represent (argument lists, kill locations) dropped."""
    def drop():
        if cv.expensive:  # (at the intrinsic's own location, as MLIR 19)
            cv.warn_at("dropped intrinsic: " + cv.diag_inst(inst), cv.op_loc(inst))
        return True
    ops = inst.ops
    b = cv.b
    if base == "dbg.assign":
        return False  # MLIR 19 has no op for it: "unhandled intrinsic"
    if base == "dbg.label":
        lab = cv.di.translate(ops[0][1]) if ops and isinstance(ops[0], tuple) else None
        if lab is None:
            return drop()
        cv.cur.append(b.op("llvm.intr.dbg.label", (), (), {"label": b.attr(lab)},
                           loc=cv.inst_loc(inst)))
        return True
    if base not in ("dbg.value", "dbg.declare") or len(ops) < 3 or \
            not all(isinstance(o, tuple) for o in ops[:3]):
        return drop()
    val = ops[0][1]
    if val.kind != "val":
        return drop()  # DIArgList or a metadata kill location
    var = cv.di.translate(ops[1][1])
    if var is None:
        return drop()
    ty, v = val.v
    expr = cv.di.expression(ops[2][1])
    attrs = {"varInfo": var}
    if expr is not None and expr != "#llvm.di_expression<>":
        attrs["locationExpr"] = expr
    loc = cv.inst_loc(inst)

    def make(value):
        # attributes resolved at placement: every alias is defined by then
        return b.op("llvm.intr." + base, [value], (), {k: b.attr(x) for k, x in attrs.items()},
                    loc=loc)
    # the operand may be defined later in the function: converted at placement time
    cv.pending_dbg.append((v, make))
    return True
