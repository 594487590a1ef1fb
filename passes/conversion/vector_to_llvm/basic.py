"""Element and slice access, shuffles, splats, fma, casts: the vector ops that map onto a few
LLVM ops each. n-D vectors are LLVM arrays of 1-D vectors: positions before the last select an
array element (extractvalue/insertvalue), the last one a vector element."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, DenseArrayAttr
from pyopt.ir.types import I32, I64, VectorType
from pyopt.dialects.llvm import types as lt
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.pattern import (ConvertOpToLLVMPattern, unroll_nd_vector,
                                                   vector_one_to_one_rewrite)

DYN = -(2 ** 63)  # ShapedType::kDynamic in static_position


def _mixed(op, dynamic):
    """The position as ints (static) and Values (dynamic, converted)."""
    dyn = iter(dynamic)
    return [next(dyn) if p == DYN else p for p in op.properties["static_position"].values]


def _llvm_index(rw, loc, p):
    return B.constant(rw, I64, p, loc, attr_type=I64) if isinstance(p, int) else p


def _all_static(pos):
    return all(isinstance(p, int) for p in pos)


class ExtractLowering(ConvertOpToLLVMPattern):
    root = "vector.extract"

    def match_and_rewrite(self, op, adaptor, rw):
        rt = op.results[0].type
        if self.tc.convert_type(rt) is None:
            return False
        pos = _mixed(op, adaptor.dynamic_position)
        vec = adaptor[0]
        if not pos:
            rw.replace_op(op, [vec])
            return True
        if isinstance(rt, VectorType):
            if not _all_static(pos):
                return False
            rw.replace_op(op, [B.extractvalue(rw, vec, pos, op.loc)])
            return True
        if len(pos) > 1:
            if not _all_static(pos):
                return False
            vec = B.extractvalue(rw, vec, pos[:-1], op.loc)
        last = _llvm_index(rw, op.loc, pos[-1])
        rw.replace_op(op, [_extractelement(rw, vec, last, op.loc)])
        return True


def _extractelement(rw, vec, index, loc):
    return B.create(rw, "llvm.extractelement", [vec, index], [vec.type.element_type],
                    loc=loc).results[0]


def _insertelement(rw, vec, value, index, loc):
    return B.create(rw, "llvm.insertelement", [vec, value, index], [vec.type],
                    loc=loc).results[0]


class InsertLowering(ConvertOpToLLVMPattern):
    root = "vector.insert"

    def match_and_rewrite(self, op, adaptor, rw):
        if self.tc.convert_type(op.results[0].type) is None:
            return False
        src, dest = adaptor[0], adaptor[1]
        pos = _mixed(op, adaptor.dynamic_position)
        if not pos:
            rw.replace_op(op, [src])
            return True
        if isinstance(op.source.type, VectorType):
            if not _all_static(pos):
                return False
            rw.replace_op(op, [B.insertvalue(rw, dest, src, pos, op.loc)])
            return True
        vec = dest
        if len(pos) > 1:
            if not _all_static(pos):
                return False
            vec = B.extractvalue(rw, dest, pos[:-1], op.loc)
        new = _insertelement(rw, vec, src, _llvm_index(rw, op.loc, pos[-1]), op.loc)
        if len(pos) > 1:
            new = B.insertvalue(rw, dest, new, pos[:-1], op.loc)
        rw.replace_op(op, [new])
        return True


class ExtractElementLowering(ConvertOpToLLVMPattern):
    root = "vector.extractelement"

    def match_and_rewrite(self, op, adaptor, rw):
        vt = op.vector.type
        if self.tc.convert_type(vt) is None:
            return False
        if not vt.shape:  # 0-D: a vector<1x..> after conversion, element 0
            idx = B.constant(rw, self.index_type, 0, op.loc)
        else:
            idx = adaptor[1]
        rw.replace_op(op, [_extractelement(rw, adaptor[0], idx, op.loc)])
        return True


class InsertElementLowering(ConvertOpToLLVMPattern):
    root = "vector.insertelement"

    def match_and_rewrite(self, op, adaptor, rw):
        vt = op.results[0].type
        if self.tc.convert_type(vt) is None:
            return False
        if not vt.shape:
            idx = B.constant(rw, self.index_type, 0, op.loc)
        else:
            idx = adaptor[2]
        rw.replace_op(op, [_insertelement(rw, adaptor[1], adaptor[0], idx, op.loc)])
        return True


class ShuffleLowering(ConvertOpToLLVMPattern):
    root = "vector.shuffle"

    def match_and_rewrite(self, op, adaptor, rw):
        loc = op.loc
        v1t, v2t = op.v1.type, op.v2.type
        rt = op.results[0].type
        llvm_t = self.tc.convert_type(rt)
        if llvm_t is None:
            return False
        mask = [a.value for a in op.properties["mask"]]
        rank = len(rt.shape)
        if rank <= 1 and v1t == v2t:
            new = B.create(rw, "llvm.shufflevector", [adaptor[0], adaptor[1]], [llvm_t],
                           properties={"mask": DenseArrayAttr(I32, mask)},
                           loc=loc).results[0]
            rw.replace_op(op, [new])
            return True
        n1 = v1t.shape[0] if v1t.shape else 1
        desc = B.undef(rw, llvm_t, loc)
        for ins, extpos in enumerate(mask):
            value = adaptor[0] if extpos < n1 else adaptor[1]
            vty = v1t if extpos < n1 else v2t
            if extpos >= n1:
                extpos -= n1
            if rank > 1:
                elem = B.extractvalue(rw, value, [extpos], loc)
                desc = B.insertvalue(rw, desc, elem, [ins], loc)
            else:
                c = B.constant(rw, self.index_type, extpos, loc)
                elem = _extractelement(rw, value, c, loc)
                c2 = B.constant(rw, self.index_type, ins, loc)
                desc = _insertelement(rw, desc, elem, c2, loc)
        rw.replace_op(op, [desc])
        return True


class SplatLowering(ConvertOpToLLVMPattern):
    """splat: insert the scalar at element 0 of an undef vector, shuffle it everywhere; n-D
    splats insert the same 1-D vector into each array element."""
    root = "vector.splat"

    def match_and_rewrite(self, op, adaptor, rw):
        loc = op.loc
        vt = op.results[0].type
        llvm_t = self.tc.convert_type(vt)
        if llvm_t is None:
            return False
        if len(vt.shape) <= 1:
            undef = B.undef(rw, llvm_t, loc)
            zero = B.constant(rw, I32, 0, loc, attr_type=I32)
            v = _insertelement(rw, undef, adaptor[0], zero, loc)
            if not vt.shape:
                rw.replace_op(op, [v])
                return True
            n = vt.shape[0]
            rw.replace_op(op, [_shuffle_zero(rw, v, undef, n, loc)])
            return True
        from passes.conversion.llvm_common.pattern import nd_vector_info, nd_positions
        nd_type, vec_type, sizes = nd_vector_info(vt, self.tc)
        desc = B.undef(rw, nd_type, loc)
        vdesc = B.undef(rw, vec_type, loc)
        zero = B.constant(rw, I32, 0, loc, attr_type=I32)
        v = _insertelement(rw, vdesc, adaptor[0], zero, loc)
        v = _shuffle_zero(rw, v, v, vt.shape[-1], loc)
        for pos in nd_positions(sizes):
            desc = B.insertvalue(rw, desc, v, pos, loc)
        rw.replace_op(op, [desc])
        return True


def _shuffle_zero(rw, v1, v2, n, loc):
    return B.create(rw, "llvm.shufflevector", [v1, v2], [v1.type],
                    properties={"mask": DenseArrayAttr(I32, [0] * n)}, loc=loc).results[0]


class FMA1DLowering(ConvertOpToLLVMPattern):
    root = "vector.fma"

    def match_and_rewrite(self, op, adaptor, rw):
        if len(op.results[0].type.shape) > 1:
            return False
        t = self.tc.convert_type(op.results[0].type)
        new = B.create(rw, "llvm.intr.fmuladd", list(adaptor), [t], loc=op.loc)
        rw.replace_op(op, [new.results[0]])
        return True


class BitCastLowering(ConvertOpToLLVMPattern):
    root = "vector.bitcast"

    def match_and_rewrite(self, op, adaptor, rw):
        rt = op.results[0].type
        if len(rt.shape) > 1:
            return False
        t = self.tc.convert_type(rt)
        if t is None:
            return False
        rw.replace_op(op, [B.create(rw, "llvm.bitcast", [adaptor[0]], [t],
                                    loc=op.loc).results[0]])
        return True


class VScaleLowering(ConvertOpToLLVMPattern):
    root = "vector.vscale"

    def match_and_rewrite(self, op, adaptor, rw):
        new = B.create(rw, "llvm.intr.vscale", [], [self.index_type], loc=op.loc)
        rw.replace_op(op, [new.results[0]])
        return True


class FromElementsLowering(ConvertOpToLLVMPattern):
    root = "vector.from_elements"

    def match_and_rewrite(self, op, adaptor, rw):
        vt = op.results[0].type
        if len(vt.shape) > 1:
            return False
        t = self.tc.convert_type(vt)
        loc = op.loc
        v = B.undef(rw, t, loc)
        for i, e in enumerate(adaptor):
            c = B.constant(rw, I64, i, loc, attr_type=I64)
            v = _insertelement(rw, v, e, c, loc)
        rw.replace_op(op, [v])
        return True


class StepLowering(ConvertOpToLLVMPattern):
    root = "vector.step"

    def match_and_rewrite(self, op, adaptor, rw):
        vt = op.results[0].type
        if vt.is_scalable:
            new = B.create(rw, "llvm.intr.experimental.stepvector", [],
                           [self.tc.convert_type(vt)], loc=op.loc)
            rw.replace_op(op, [new.results[0]])
            return True
        from pyopt.ir.attributes import DenseElementsAttr
        from pyopt.ir.types import INDEX
        attr = DenseElementsAttr(VectorType(vt.shape, INDEX), list(range(vt.shape[0])))
        new = rw.create("arith.constant", [], [vt], properties={"value": attr}, loc=op.loc)
        rw.replace_op(op, [new.results[0]])
        return True


def basic_patterns(tc):
    return [ExtractLowering(tc), InsertLowering(tc), ExtractElementLowering(tc),
            InsertElementLowering(tc), ShuffleLowering(tc), SplatLowering(tc),
            FMA1DLowering(tc), BitCastLowering(tc), VScaleLowering(tc),
            FromElementsLowering(tc), StepLowering(tc)]
