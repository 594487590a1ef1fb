"""`expand-realloc`: memref.realloc as an scf.if on "the old buffer is smaller": then a new
alloc, a copy of the old contents into its leading subview and (emit-deallocs) a dealloc of the
old buffer; else a reinterpret_cast of the old buffer to the new size (MLIR 19's ExpandRealloc)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import Region
from pyopt.ir.types import INDEX, I1, I64, DYNAMIC
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.affine.builders import value_of
from pyopt.dialects.memref.views import subview_result_type
from passes.memref.common import create_reinterpret_cast, dispatch
from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.opdef import segment_sizes

_ULT = IntegerAttr(I64, 6)  # arith.cmpi predicate "ult"


def _create_subview(rw, source, offsets, sizes, strides, loc):
    operands, counts, props = [source], [1], {}
    statics = []
    for name, lst in (("static_offsets", offsets), ("static_sizes", sizes),
                      ("static_strides", strides)):
        st, dyn = dispatch(lst)
        statics.append(st)
        operands += dyn
        counts.append(len(dyn))
        props[name] = DenseArrayAttr(I64, st)
    props["operandSegmentSizes"] = segment_sizes(counts)
    t = subview_result_type(source.type, *statics)
    return rw.create("memref.subview", operands, [t], properties=props, loc=loc)


def _expand_realloc(emit_deallocs):
    def rewrite(op, rw):
        loc = op.loc
        src = op.source
        rt = op.results[0].type
        dyn_size = op.dynamicResultSize
        in_size = src.type.shape[0]
        cur = in_size
        if in_size == DYNAMIC:
            zero = value_of(rw, 0, loc)
            cur = rw.create("memref.dim", [src, zero], [INDEX], loc=loc).results[0]
        target = dyn_size if rt.shape[0] == DYNAMIC else rt.shape[0]
        lhs, rhs = value_of(rw, cur, loc), value_of(rw, target, loc)
        cond = rw.create("arith.cmpi", [lhs, rhs], [I1], properties={"predicate": _ULT},
                         loc=loc).results[0]
        if_op = rw.create("scf.if", [cond], [rt], regions=[Region(), Region()], loc=loc)
        ip = rw.save()
        rw.create_block(if_op.regions[0])
        props = {}
        align = op.get_attr("alignment")
        if align is not None:
            props["alignment"] = align
        props["operandSegmentSizes"] = segment_sizes([1 if dyn_size is not None else 0, 0])
        new = rw.create("memref.alloc", [dyn_size] if dyn_size is not None else [], [rt],
                        properties=props, loc=loc).results[0]
        sv = _create_subview(rw, new, [0], [cur], [1], loc).results[0]
        rw.create("memref.copy", [src, sv], [], loc=loc)
        if emit_deallocs:
            rw.create("memref.dealloc", [src], [], loc=loc)
        rw.create("scf.yield", [new], [], loc=loc)
        rw.create_block(if_op.regions[1])
        casted = create_reinterpret_cast(rw, rt, src, 0, [target], [1], loc).results[0]
        rw.create("scf.yield", [casted], [], loc=loc)
        rw.restore(ip)
        rw.replace_op(op, if_op.results)
        return True
    return rewrite


@register_pass("expand-realloc", "Expand memref.realloc operations into its components",
               display_name="ExpandRealloc",
               options=[PassOption("emit-deallocs", bool, True,
                                   "Emit deallocation operations for the original MemRef")])
def expand_realloc(op, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("arith", "scf", "memref")
    target.add_illegal_op("memref.realloc")
    patterns = [RewritePattern("memref.realloc", 1, _expand_realloc(options["emit-deallocs"]),
                               "ExpandReallocOpPattern")]
    apply_partial_conversion(op, target, patterns, ctx)
