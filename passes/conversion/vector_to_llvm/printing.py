"""vector.print of scalars, punctuation and strings as calls into the runner utils
(printF32, printI64, printOpen, ...). Vectors are split into scalar prints by
convert-vector-to-scf first; here they stay as they are."""
from __future__ import annotations

from pyopt.ir.types import (BF16, F16, F32, F64, I16, I64, IndexType, IntegerType, VectorType)
from pyopt.dialects.llvm import types as lt
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.functions import lookup_or_create_fn
from passes.conversion.llvm_common.pattern import ConvertOpToLLVMPattern, _module_of

PUNCT_FN = {2: "printComma", 3: "printOpen", 4: "printClose", 1: "printNewline"}
FLOAT_FN = {F32: ("printF32", None), F64: ("printF64", None),
            F16: ("printF16", "bitcast"), BF16: ("printBF16", "bitcast")}


def _printer(t):
    """(runtime function, conversion) for a scalar type, or None."""
    if t in FLOAT_FN:
        return FLOAT_FN[t]
    if type(t) is IndexType:
        return "printU64", None
    if type(t) is IntegerType and t.width <= 64:
        if t.signedness == 2:  # unsigned
            return "printU64", ("zext" if t.width < 64 else None)
        if t.width == 1:
            return "printI64", "zext"
        return "printI64", ("sext" if t.width < 64 else None)
    return None


class PrintLowering(ConvertOpToLLVMPattern):
    root = "vector.print"

    def match_and_rewrite(self, op, adaptor, rw):
        module = _module_of(rw)
        if module is None:
            return False
        loc = op.loc
        if op.source is not None:
            t = op.source.type
            if isinstance(t, VectorType) or self.tc.convert_type(t) is None:
                return False
            entry = _printer(t)
            if entry is None:
                return False
            fn, conv = entry
            value = adaptor[0]
            arg_t = value.type
            if conv == "zext":
                value = rw.create("arith.extui", [value], [I64], loc=loc).results[0]
                arg_t = I64
            elif conv == "sext":
                value = rw.create("arith.extsi", [value], [I64], loc=loc).results[0]
                arg_t = I64
            elif conv == "bitcast":
                value = B.create(rw, "llvm.bitcast", [value], [I16], loc=loc).results[0]
                arg_t = I16
            name = lookup_or_create_fn(module, fn, [arg_t], lt.VOID, rw.ctx)
            B.call(rw, name, [value], [], loc)
        s = op.properties.get("stringLiteral")
        punct = op.properties.get("punctuation")
        pv = punct.value if punct is not None else 1
        if s is not None:
            from passes.conversion.cf_to_llvm import create_print_str_call
            create_print_str_call(rw, loc, module, "vector_print_str", s.value, self.tc)
        elif pv != 0:
            name = lookup_or_create_fn(module, PUNCT_FN[pv], [], lt.VOID, rw.ctx)
            B.call(rw, name, [], [], loc)
        rw.erase_op(op)
        return True
