"""`convert-vector-to-scf`: vector.print of a vector becomes scf loops printing its elements;
n-D transfers are not rewritten yet.

Upstream's pass also unrolls transfers whose rank is above `target-rank` (or whose
permutation map is not a minor identity) into loops over 1-D pieces. pyopt does not have that
part: an op that would need it fails the pass with an error naming it, instead of reaching
convert-vector-to-llvm unlowered. Everything else is upstream's greedy run (folding and dead
code removal included), so pipelines naming the pass keep mlir-opt's output.
"""
from __future__ import annotations

from pyopt.dialects.vector.attrs import PunctuationAttr
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import Block, Region
from pyopt.ir.types import I64, INDEX, IntegerType, VectorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.syntax.diagnostics import Diagnostic, MLIRError

_NO_PUNCT, _COMMA, _OPEN, _CLOSE = 0, 2, 3, 4
_ULT = 6

_TRANSFERS = ("vector.transfer_read", "vector.transfer_write")


def _vector_type(op):
    if op.name == "vector.transfer_read":
        return op.results[0].type
    return op.operands[0].type


def needs_vector_to_scf(op, target_rank=1):
    """True when upstream's convert-vector-to-scf would rewrite `op`."""
    if op.name in _TRANSFERS:
        if len(getattr(_vector_type(op), "shape", ())) > target_rank:
            return True
        pm = op.attributes.get("permutation_map")
        return pm is not None and not pm.value.is_minor_identity()
    if op.name == "vector.print" and op.operands:
        t = op.operands[0].type  # (1-D scalable vectors would need vector.vscale)
        return isinstance(t, VectorType) and any(t.scalable_dims or ())
    return False


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
        if not op.operands or not isinstance(op.operands[0].type, VectorType):
            return False
        vt = op.operands[0].type
        if any(vt.scalable_dims or ()):
            return False
        loc, value = op.loc, op.operands[0]
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
        for n in shape:
            lb, ub, step = const(0), const(n), const(1)
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


def check_no_vector_to_scf_work(root, target_rank=1, where="convert-vector-to-scf"):
    for o in root.walk_ops():
        if needs_vector_to_scf(o, target_rank):
            raise MLIRError(Diagnostic(
                "error", o.loc, f"'{o.name}' op needs the rewrites of {where} into scf loops, "
                f"which pyopt does not implement yet"))


@register_pass("convert-vector-to-scf", "Lower the operations from the vector dialect into the "
               "SCF dialect",
               options=[PassOption("full-unroll", bool, False, "Perform full unrolling when "
                                   "converting vector transfers to SCF"),
                        PassOption("lower-tensors", bool, False,
                                   "Lower transfer ops that operate on tensors"),
                        PassOption("target-rank", int, 1, "Target vector rank to which "
                                   "transfer ops should be lowered")],
               display_name="ConvertVectorToSCF")
def convert_vector_to_scf(op, ctx, options):
    check_no_vector_to_scf_work(op, options.get("target-rank", 1))
    apply_patterns_greedily(op, [], ctx)  # (upstream's permutation-map lowering round)
    apply_patterns_greedily(op, [DecomposePrint()], ctx)
