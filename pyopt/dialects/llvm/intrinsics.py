"""LLVM intrinsic ops `llvm.intr.*` (MLIR 19 LLVMIntrinsicOps.td), declared from compact
tables. Ops without an assembly format in ODS are generic-form only, as in MLIR."""
from __future__ import annotations

from pyopt.ir.types import I1, I8
from pyopt.ir.constraints import (AnyFloat, AnyType, AnySignlessInteger, I1Attr, I32Attr, I64Attr,
                           F64Attr, AnyIntAttrC, TypeConstraint)
from pyopt.ir.verifier import op_error
from pyopt.ir.opdef import Op, PURE, SAME_OPERANDS_AND_RESULT_TYPE
from pyopt.dialects.llvm.ops import (OPS, COMMON_DIRECTIVES, IntOrVec, FloatOrVec, LLVM_Type, LLVM_AnyPointer,
                  LLVM_AnyFloat, LLVM_AnyVector, _FMF)

_CALL_FMT = "`(` operands `)` custom<LLVMOpAttrs>(attr-dict) `:` functional-type(operands, results)"
from pyopt.dialects.llvm.struct_attrs import ALIAS_ATTRS as _ALIAS, AliasScopeC  # noqa: E402
from pyopt.dialects.llvm.types import LLVMPointerType, note_seed_syntax  # noqa: E402
from pyopt.syntax.format import types_directive  # noqa: E402
_I1C = TypeConstraint(lambda t: t is I1, "1-bit signless integer", I1)
_I8C = TypeConstraint(lambda t: t is I8, "8-bit signless integer", I8)


def _intr(name, **kw):
    kw.setdefault("custom_directives", COMMON_DIRECTIVES)
    o = Op("llvm.intr." + name, **kw)
    OPS.append(o)
    return o


def _same_args(names, n, elem, fmf):
    for name in names.split():
        args = [(x, elem) for x in ("a", "b", "c")[:n]] if n > 1 else [("in", elem)]
        _intr(name, operands=args, results=[("res", elem)],
              attrs=dict(_FMF) if fmf else {}, traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE],
              format=_CALL_FMT)


_same_args("cos exp exp2 fabs ceil floor log10 log2 log sin roundeven round trunc sqrt rint "
           "nearbyint", 1, FloatOrVec, True)
_same_args("bitreverse bswap ctpop", 1, IntOrVec, False)
_same_args("copysign pow maxnum minnum maximum minimum", 2, FloatOrVec, True)
_same_args("smax smin umax umin sadd.sat uadd.sat ssub.sat usub.sat sshl.sat ushl.sat", 2,
           IntOrVec, False)
_same_args("fma fmuladd", 3, FloatOrVec, True)
_same_args("fshl fshr", 3, IntOrVec, False)

_intr("powi", operands=[("val", FloatOrVec), ("power", AnySignlessInteger)],
      results=[("res", LLVM_Type)], attrs=dict(_FMF), traits=[PURE], format=_CALL_FMT)
for _n in ("lround", "llround", "lrint", "llrint"):
    _intr(_n, operands=[("val", LLVM_AnyFloat)], results=[("res", LLVM_Type)], traits=[PURE],
          format=_CALL_FMT)

# Generic-form only (no ODS assembly format).
for _n in ("ctlz", "cttz"):
    _intr(_n, operands=[("in", IntOrVec)], results=[("res", LLVM_Type)],
          attrs={"is_zero_poison": I1Attr}, traits=[PURE])
_intr("abs", operands=[("in", IntOrVec)], results=[("res", LLVM_Type)],
      attrs={"is_int_min_poison": I1Attr}, traits=[PURE])
_intr("is.fpclass", operands=[("in", FloatOrVec)], results=[("res", LLVM_Type)],
      attrs={"bit": I32Attr}, traits=[PURE])
_intr("prefetch", operands=[("addr", LLVM_AnyPointer)],
      attrs={"rw": I32Attr, "hint": I32Attr, "cache": I32Attr})
for _n in ("memcpy", "memmove"):
    _intr(_n, operands=[("dst", LLVM_AnyPointer), ("src", LLVM_AnyPointer),
                        ("len", AnySignlessInteger)],
          attrs={"isVolatile": I1Attr, **_ALIAS}, effects=("read", "write"))
_intr("memcpy.inline", operands=[("dst", LLVM_AnyPointer), ("src", LLVM_AnyPointer)],
      attrs={"len": AnyIntAttrC(), "isVolatile": I1Attr, **_ALIAS}, effects=("read", "write"))
_intr("memset", operands=[("dst", LLVM_AnyPointer), ("val", _I8C), ("len", AnySignlessInteger)],
      attrs={"isVolatile": I1Attr, **_ALIAS}, effects=("write",))
for _n in ("sadd", "uadd", "ssub", "usub", "smul", "umul"):
    _intr(_n + ".with.overflow", operands=[("a", IntOrVec), ("b", IntOrVec)],
          results=[("res", LLVM_Type)], traits=[PURE])
_intr("assume", operands=[("cond", _I1C)])
_intr("is.constant", operands=[("val", LLVM_Type)], results=[("res", _I1C)], traits=[PURE])

_intr("experimental.noalias.scope.decl", attrs={"scope": AliasScopeC}, format="$scope attr-dict")
for _n in ("lifetime.start", "lifetime.end"):
    _intr(_n, operands=[("ptr", LLVM_AnyPointer)], attrs={"size": I64Attr},
          format="$size `,` $ptr attr-dict `:` qualified(type($ptr))")
_intr("invariant.start", operands=[("ptr", LLVM_AnyPointer)], results=[("res", LLVM_AnyPointer)],
      attrs={"size": I64Attr}, infer={"res": lambda known, attrs: _ptr0()},
      format="$size `,` $ptr attr-dict `:` qualified(type($ptr))")
_intr("invariant.end", operands=[("start", LLVM_AnyPointer), ("ptr", LLVM_AnyPointer)],
      attrs={"size": I64Attr}, infer={"start": lambda known, attrs: _ptr0()},
      format="$start `,` $size `,` $ptr attr-dict `:` qualified(type($ptr))")
_intr("ssa.copy", operands=[("operand", AnyType)], results=[("res", AnyType)],
      traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE], format="$operand attr-dict `:` type($operand)")
_intr("expect", operands=[("val", AnySignlessInteger), ("expected", AnySignlessInteger)],
      results=[("res", AnySignlessInteger)], traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE],
      format="$val `,` $expected attr-dict `:` type($val)")
_intr("expect.with.probability",
      operands=[("val", AnySignlessInteger), ("expected", AnySignlessInteger)],
      results=[("res", AnySignlessInteger)], attrs={"prob": F64Attr}, traits=[PURE],
      infer={"expected": "val", "res": "val"},
      format="$val `,` $expected `,` $prob attr-dict `:` type($val)")
_intr("threadlocal.address", operands=[("global", LLVM_AnyPointer)],
      results=[("res", LLVM_AnyPointer)], traits=[PURE])  # no assembly format upstream
_intr("stacksave", results=[("res", LLVM_AnyPointer)], format="attr-dict `:` qualified(type($res))")
# MLIR 16 knew these pointers as i8*: `llvm.intr.vastart %p` had no type; it reads as
# `!llvm.ptr<i8>` (opaque once the typed pointers are erased) and prints so in the typed mode.
_I8_PTR = LLVMPointerType(0, I8)


def _parse_i8_ptr_types(n):
    def parse(p):
        if p.accept(":"):
            types = [p.parse_type()]
            while len(types) < n:
                p.expect(",")
                types.append(p.parse_type())
            return types
        note_seed_syntax(p)
        return [_I8_PTR] * n
    return parse


def _print_i8_ptr_types(pr, op, *types):
    if any(t is not _I8_PTR for t in types):
        pr.out.append(": " + ", ".join(pr.type_str(t) for t in types))


_SEED_PTR_TYPE = types_directive(_parse_i8_ptr_types(1), _print_i8_ptr_types)
_SEED_PTR_TYPES = types_directive(_parse_i8_ptr_types(2), _print_i8_ptr_types)
_intr("stackrestore", operands=[("ptr", LLVM_AnyPointer)],
      format="$ptr attr-dict custom<SeedPtrType>(type($ptr))",
      custom_directives={**COMMON_DIRECTIVES, "SeedPtrType": _SEED_PTR_TYPE})
_intr("vscale", results=[("res", LLVM_Type)])
_intr("trap")
_intr("debugtrap")
_intr("ubsantrap", attrs={"failureKind": AnyIntAttrC()})
_intr("vastart", operands=[("arg_list", LLVM_AnyPointer)],
      format="$arg_list attr-dict custom<SeedPtrType>(type($arg_list))",
      custom_directives={**COMMON_DIRECTIVES, "SeedPtrType": _SEED_PTR_TYPE})
_intr("vaend", operands=[("arg_list", LLVM_AnyPointer)],
      format="$arg_list attr-dict custom<SeedPtrType>(type($arg_list))",
      custom_directives={**COMMON_DIRECTIVES, "SeedPtrType": _SEED_PTR_TYPE})
_intr("vacopy", operands=[("dest_list", LLVM_AnyPointer), ("src_list", LLVM_AnyPointer)],
      format="$src_list `to` $dest_list attr-dict custom<SeedPtrTypes>(type($dest_list), "
             "type($src_list))",
      custom_directives={**COMMON_DIRECTIVES, "SeedPtrTypes": _SEED_PTR_TYPES})

from pyopt.dialects.llvm.typed_pointers import FLAG_OPERANDS  # noqa: E402
for _o in OPS:
    if _o.name in FLAG_OPERANDS:
        _o.legacy_operands = FLAG_OPERANDS[_o.name][0] + 1


def _vec_of(c):
    """LLVM_VectorOf<c>."""
    from pyopt.dialects.llvm.ops import _vec_elem, is_compatible_vector
    return TypeConstraint(lambda t: is_compatible_vector(t) and c.pred(_vec_elem(t)),
                          f"LLVM dialect-compatible vector of {c.summary}")


def _verify_same_elem(op):
    from pyopt.dialects.llvm.ops import _vec_elem
    if _vec_elem(op.in_.type) is not op.res.type:
        raise op_error(op, "requires the same element type for all operands and results")


# Vector reductions.
for _n in ("add", "and", "or", "xor", "mul", "smax", "smin", "umax", "umin"):
    _intr("vector.reduce." + _n, operands=[("in", _vec_of(AnySignlessInteger))],
          results=[("res", LLVM_Type)], traits=[PURE],  # no assembly format upstream
          verify=_verify_same_elem)
for _n in ("fmax", "fmin", "fmaximum", "fminimum"):
    _intr("vector.reduce." + _n, operands=[("in", _vec_of(AnyFloat))],
          results=[("res", LLVM_Type)], attrs=dict(_FMF), traits=[PURE], format=_CALL_FMT,
          verify=_verify_same_elem)
for _n in ("fadd", "fmul"):
    _intr("vector.reduce." + _n, operands=[("start_value", LLVM_AnyFloat),
                                            ("input", LLVM_AnyVector)],
          results=[("res", LLVM_AnyFloat)], attrs=dict(_FMF), traits=[PURE])  # generic form


# -- vector / matrix / masked ------------------------------------------------------------
def _vec_bits(t):
    from pyopt.dialects.llvm.ops import _vec_len, _vec_elem
    from pyopt.dialects.llvm.verifiers import type_bit_width
    return _vec_len(t)[0] * (type_bit_width(_vec_elem(t)) or 0)


def _scalable(t):
    from pyopt.dialects.llvm.ops import _vec_len
    return _vec_len(t)[1]


def _verify_vector_insert(op):
    dst, src = op.dstvec.type, op.srcvec.type
    if op.results[0].type is not dst:
        raise op_error(op, "failed to verify that all of {dstvec, res} have same type")
    if _vec_bits(src) > 131072 or _vec_bits(dst) > 131072:
        raise op_error(op, "failed to verify that vectors are not bigger than 2^17 bits.")
    if _scalable(src) and not _scalable(dst):
        raise op_error(op, "failed to verify that it is not inserting scalable into "
                       "fixed-length vectors.")


def _verify_vector_extract(op):
    src, res = op.srcvec.type, op.res.type
    if _vec_bits(src) > 131072 or _vec_bits(res) > 131072:
        raise op_error(op, "failed to verify that vectors are not bigger than 2^17 bits.")
    if _scalable(res) and not _scalable(src):
        raise op_error(op, "failed to verify that it is not extracting scalable from "
                       "fixed-length vectors.")


def _verify_interleave2(op):
    from pyopt.dialects.llvm.ops import _vec_len, _vec_elem
    a, b = op.vec1.type, op.vec2.type
    if a is not b:
        raise op_error(op, "failed to verify that all of {vec1, vec2} have same type")
    r = op.results[0].type
    (rn, rs), (an, as_) = _vec_len(r), _vec_len(a)
    if rn != 2 * an or rs != as_ or _vec_elem(r) is not _vec_elem(a):
        raise op_error(op, "failed to verify that result has twice as many elements as 'vec1'")


_intr("vector.insert", operands=[("dstvec", LLVM_AnyVector), ("srcvec", LLVM_AnyVector)],
      results=[("res", LLVM_AnyVector)], attrs={"pos": I64Attr}, traits=[PURE],
      infer={"dstvec": "res"},
      format="$srcvec `,` $dstvec `[` $pos `]` attr-dict `:` type($srcvec) `into` type($res)",
      verify=_verify_vector_insert)
_intr("vector.extract", operands=[("srcvec", LLVM_AnyVector)],
      results=[("res", LLVM_AnyVector)], attrs={"pos": I64Attr}, traits=[PURE],
      format="$srcvec `[` $pos `]` attr-dict `:` type($res) `from` type($srcvec)",
      verify=_verify_vector_extract)
_intr("vector.interleave2", operands=[("vec1", LLVM_AnyVector), ("vec2", LLVM_AnyVector)],
      results=[("res", LLVM_Type)], traits=[PURE], verify=_verify_interleave2)
_intr("vector.deinterleave2", operands=[("vec", LLVM_AnyVector)], results=[("res", LLVM_Type)],
      traits=[PURE])
_intr("experimental.stepvector", results=[("res", _vec_of(AnySignlessInteger))], traits=[PURE],
      format="attr-dict `:` type($res)")
_intr("matrix.column.major.load", operands=[("data", LLVM_AnyPointer),
                                            ("stride", AnySignlessInteger)],
      results=[("res", LLVM_AnyVector)],
      attrs={"isVolatile": I1Attr, "rows": I32Attr, "columns": I32Attr},
      format="$data `,` `<` `stride` `=` $stride `>` attr-dict `:` type($res) `from` "
             "qualified(type($data)) `stride` type($stride)")
_intr("matrix.column.major.store", operands=[("matrix", LLVM_AnyVector),
                                             ("data", LLVM_AnyPointer),
                                             ("stride", AnySignlessInteger)],
      attrs={"isVolatile": I1Attr, "rows": I32Attr, "columns": I32Attr},
      format="$matrix `,` $data `,` `<` `stride` `=` $stride `>` attr-dict `:` type($matrix) "
             "`to` qualified(type($data)) `stride` type($stride)")
_intr("matrix.multiply", operands=[("lhs", LLVM_AnyVector), ("rhs", LLVM_AnyVector)],
      results=[("res", LLVM_AnyVector)],
      attrs={"lhs_rows": I32Attr, "lhs_columns": I32Attr, "rhs_columns": I32Attr},
      format="$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($res)")
_intr("matrix.transpose", operands=[("matrix", LLVM_AnyVector)],
      results=[("res", LLVM_AnyVector)], attrs={"rows": I32Attr, "columns": I32Attr},
      format="$matrix attr-dict `:` type($matrix) `into` type($res)")
_intr("get.active.lane.mask", operands=[("base", AnySignlessInteger), ("n", AnySignlessInteger)],
      results=[("res", LLVM_Type)], traits=[PURE],
      format="$base `,` $n attr-dict `:` type($base) `,` type($n) `to` type($res)")
_MASK = _vec_of(_I1C)


def _verify_ptr_vector(idx, vec_idx):
    """The pointer vector must have as many (scalable) lanes as the data vector."""
    def verify(op):
        from pyopt.dialects.llvm.ops import _vec_len
        ptrs = op.operands[idx].type
        n, scalable = _vec_len(op.operands[vec_idx].type if vec_idx is not None
                               else op.results[0].type)
        if _vec_len(ptrs) != (n, scalable):
            want = f"!llvm.vec<? x {n} x  ptr>" if scalable else f"vector<{n}x!llvm.ptr>"
            raise op_error(op, f"expected operand #{idx + 1} type to be '{want}'")
    return verify


_intr("masked.load", operands=[("data", LLVM_AnyPointer), ("mask", _MASK),
                               ("pass_thru", LLVM_AnyVector, "*")],
      results=[("res", LLVM_AnyVector)], attrs={"alignment": I32Attr},
      format="operands attr-dict `:` functional-type(operands, results)")
_intr("masked.store", operands=[("value", LLVM_AnyVector), ("data", LLVM_AnyPointer),
                                ("mask", _MASK)],
      attrs={"alignment": I32Attr},
      format="$value `,` $data `,` $mask attr-dict `:` type($value) `,` type($mask) `into` "
             "qualified(type($data))")
_intr("masked.gather", operands=[("ptrs", _vec_of(LLVM_AnyPointer)), ("mask", _MASK),
                                 ("pass_thru", LLVM_AnyVector, "*")],
      results=[("res", LLVM_AnyVector)], attrs={"alignment": I32Attr},
      format="operands attr-dict `:` functional-type(operands, results)",
      verify=_verify_ptr_vector(0, None))
_intr("masked.scatter", operands=[("value", LLVM_AnyVector),
                                  ("ptrs", _vec_of(LLVM_AnyPointer)), ("mask", _MASK)],
      attrs={"alignment": I32Attr}, verify=_verify_ptr_vector(1, 0),
      format="$value `,` $ptrs `,` $mask attr-dict `:` type($value) `,` type($mask) `into` "
             "type($ptrs)")
_intr("masked.expandload", operands=["a", "b", "c"], results=[("res", LLVM_Type)])
_intr("masked.compressstore", operands=["a", "b", "c"])
_intr("eh.typeid.for", operands=[("type_info", LLVM_AnyPointer)], results=[("res", LLVM_Type)],
      format="$type_info attr-dict `:` functional-type(operands, results)")
_intr("var.annotation", operands=["val", "annotation", "fileName", "line", "attr"])
_intr("ptr.annotation", operands=["ptr", "annotation", "fileName", "line", "attr"],
      results=[("res", LLVM_AnyPointer)])
_intr("annotation", operands=["integer", "annotation", "fileName", "line"],
      results=[("res", AnySignlessInteger)])

# Vector predication (generic form only).
for _n in ("add sub mul sdiv udiv srem urem ashr lshr shl or and xor fadd fsub fmul fdiv "
           "frem").split():
    _intr("vp." + _n, operands=["lhs", "rhs", "mask", "evl"], results=[("res", LLVM_Type)],
          traits=[PURE])
_intr("vp.fneg", operands=["op", "mask", "evl"], results=[("res", LLVM_Type)], traits=[PURE])
for _n in ("fmuladd", "fma"):
    _intr("vp." + _n, operands=["op1", "op2", "op3", "mask", "evl"],
          results=[("res", LLVM_Type)], traits=[PURE])
for _n in "add mul and or xor smax smin umax umin fadd fmul fmax fmin".split():
    _intr("vp.reduce." + _n, operands=["satrt_value", "val", "mask", "evl"],
          results=[("res", LLVM_Type)], traits=[PURE])
for _n in ("select", "merge"):
    _intr("vp." + _n, operands=["cond", "true_val", "false_val", "evl"],
          results=[("res", LLVM_Type)], traits=[PURE])
for _n in "trunc zext sext fptrunc fpext fptoui fptosi uitofp sitofp ptrtoint inttoptr".split():
    _intr("vp." + _n, operands=["src", "mask", "evl"], results=[("res", LLVM_Type)],
          traits=[PURE])
_intr("vp.load", operands=["ptr", "mask", "evl"], results=[("res", LLVM_Type)])
_intr("vp.store", operands=["val", "ptr", "mask", "evl"])
_intr("experimental.vp.strided.load", operands=["ptr", "stride", "mask", "evl"],
      results=[("res", LLVM_Type)])
_intr("experimental.vp.strided.store", operands=["val", "ptr", "stride", "mask", "evl"])


def _ptr0():
    from pyopt.dialects.llvm.types import PTR
    return PTR
