"""vector.print of a vector: scf loops printing its (flattened) elements between
punctuation, odd integer widths widened first (upstream's DecomposePrintOpConversion)."""
from __future__ import annotations

from pyopt.dialects.vector.attrs import PunctuationAttr
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import Block, Region
from pyopt.ir.types import I64, INDEX, IntegerType, VectorType
from pyopt.rewrite.pattern import RewritePattern

_NO_PUNCT, _COMMA, _OPEN, _CLOSE = 0, 2, 3, 4
_ULT = 6


def _legal_int(t):
    """Odd integer widths are printed extended to a power of two of at least 8 bits."""
    w = 8
    while w < t.width:
        w *= 2
    return IntegerType(w, t.signedness)


class DecomposePrint(RewritePattern):
    """vector.print %v -> ( e0, e1, ... ) through loops over the (flattened) elements."""
    root = "vector.print"

    def match_and_rewrite(self, op, rw):
        if op.source is None or not isinstance(op.source.type, VectorType):
            return False
        vt = op.source.type
        if len(vt.shape) > 1 and any(vt.scalable_dims):  # (no 2-D scalable indexing)
            return False
        loc, value = op.loc, op.source
        rw.set_insertion_point(op)

        def const(v):
            return rw.create("arith.constant", [], [INDEX],
                             properties={"value": IntegerAttr(INDEX, v)}, loc=loc).results[0]

        def vop(name, operands, t, props=None):
            return rw.create(name, operands, [t], properties=props, loc=loc).results[0]

        def punct(kind):
            return rw.create("vector.print", [], [],
                             properties={"punctuation": PunctuationAttr(kind)}, loc=loc)

        et = vt.element_type
        if isinstance(et, IntegerType):
            legal = _legal_int(et)
            signless = IntegerType(et.width)
            src_t = VectorType(vt.shape, signless, vt.scalable_dims)
            dst_t = VectorType(vt.shape, IntegerType(legal.width), vt.scalable_dims)
            value = vop("vector.bitcast", [value], src_t)
            if dst_t is not src_t:
                ext = "arith.extui" if et.width == 1 or et.signedness == 2 else "arith.extsi"
                value = vop(ext, [value], dst_t)
            vt = VectorType(vt.shape, legal, vt.scalable_dims)
            value = vop("vector.bitcast", [value], vt)
        shape = list(vt.shape) or [1]
        if len(vt.shape) != 1:
            flat = 1
            for n in shape:
                flat *= n
            value = vop("vector.shape_cast", [value], VectorType([flat], vt.element_type))
        first_close, ivs = None, []
        scalable = vt.scalable_dims if len(vt.shape) == 1 else [False] * len(shape)
        for n, sc in zip(shape, scalable):
            lb, ub, step = const(0), const(n), const(1)
            if sc:
                vs = vop("vector.vscale", [], INDEX)
                ub = vop("arith.muli", [ub, vs], INDEX)
            last = vop("arith.subi", [ub, step], INDEX)
            punct(_OPEN)
            body = Block([INDEX], [loc])
            loop = rw.create("scf.for", [lb, ub, step], [], regions=[Region([body])], loc=loc)
            close = punct(_CLOSE)
            first_close = first_close or close
            iv = body.args[0]
            ivs.append(iv)
            rw.set_insertion_point_to_end(body)
            rw.create("scf.yield", [], [], loc=loc)
            rw.set_insertion_point_to_start(body)
            not_last = vop("arith.cmpi", [iv, last], IntegerType(1),
                           {"predicate": IntegerAttr(I64, _ULT)})
            then = Block()
            rw.create("scf.if", [not_last], [], regions=[Region([then]), Region()], loc=loc)
            ip = rw.save()
            rw.set_insertion_point_to_end(then)
            punct(_COMMA)
            rw.create("scf.yield", [], [], loc=loc)
            rw.restore(ip)
            rw.set_insertion_point_to_start(body)
        index, stride = None, 1
        for d in range(len(shape) - 1, -1, -1):
            term = vop("arith.muli", [const(stride), ivs[d]], INDEX)
            index = term if index is None else vop("arith.addi", [index, term], INDEX)
            stride *= shape[d]
        elem = vop("vector.extractelement", [value, index], vt.element_type)
        rw.create("vector.print", [elem], [],
                  properties={"punctuation": PunctuationAttr(_NO_PUNCT)}, loc=loc)
        rw.set_insertion_point_after(first_close)
        rw.create("vector.print", [], [],
                  properties={"punctuation": op.properties.get("punctuation",
                                                   PunctuationAttr(1))}, loc=loc)
        rw.erase_op(op)
        return True
