"""`convert-bufferization-to-memref`: `bufferization.clone` becomes memref.alloc (an identity
layout, cast back to the clone's type) + memref.copy - for an unranked clone, the shape is
gathered into an alloca'd index list and a flat allocation reshaped -; `bufferization.dealloc`
is lowered as bufferization-lower-deallocations does. Any other bufferization op left is an
error (the whole dialect is illegal, as in MLIR 19)."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, INDEX, MemRefType, UnrankedMemRefType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import Builder

from passes.bufferization.lower_deallocations import lower_deallocs
from passes.scf.common import const_index, create_for


def _alloc_like(b, name, sizes, t, loc):
    return b.create(name, sizes, [t], properties={"operandSegmentSizes": segment_sizes(
        [len(sizes), 0])}, loc=loc).results[0]


def _dim(b, source, i, loc):
    """createOrFold<memref::DimOp>: a static size folds to a constant."""
    c = const_index(b, i, loc)
    size = source.type.shape[i] if type(source.type) is MemRefType else DYNAMIC
    if size != DYNAMIC:
        return const_index(b, size, loc)
    return b.create("memref.dim", [source, c], [INDEX], loc=loc).results[0]


def _lower_clone(b, op):
    loc, src, t = op.loc, op.input, op.output.type
    b.set_insertion_point(op)
    if type(t) is UnrankedMemRefType:
        zero, one = const_index(b, 0, loc), const_index(b, 1, loc)
        rank = b.create("memref.rank", [src], [INDEX], loc=loc).results[0]
        shape = _alloc_like(b, "memref.alloca", [rank], MemRefType([DYNAMIC], INDEX), loc)
        loop = create_for(b, zero, rank, one, [one], loc, terminate=False)
        body = loop.regions[0].blocks[0]
        ip = b.save()
        b.set_insertion_point_to_end(body)
        i, acc = body.args
        d = b.create("memref.dim", [src, i], [INDEX], loc=loc).results[0]
        b.create("memref.store", [d, shape, i], [], loc=loc)
        acc = b.create("arith.muli", [acc, d], [INDEX], loc=loc).results[0]
        b.create("scf.yield", [acc], [], loc=loc)
        b.restore(ip)
        flat = _alloc_like(b, "memref.alloc", [loop.results[0]],
                           MemRefType([DYNAMIC], t.element_type), loc)
        alloc = b.create("memref.reshape", [flat, shape], [t], loc=loc).results[0]
    else:
        from pyopt.dialects.bufferization.canonicalize import memref_cast_compatible
        alloc_t = MemRefType(t.shape, t.element_type, None, t.memory_space)
        if not memref_cast_compatible(alloc_t, t):
            return False
        sizes = [_dim(b, src, i, loc) for i, s in enumerate(t.shape) if s == DYNAMIC]
        alloc = _alloc_like(b, "memref.alloc", sizes, alloc_t, loc)
        if alloc_t is not t:
            alloc = b.create("memref.cast", [alloc], [t], loc=loc).results[0]
    op.output.replace_all_uses_with(alloc)
    b.create("memref.copy", [src, alloc], [], loc=loc)
    op.erase()
    return True


def _illegal(op):
    err = MLIRError(Diagnostic("error", op.loc, f"failed to legalize operation '{op.name}' "
                               "that was explicitly marked illegal"))
    err.op = op
    return err


@register_pass("convert-bufferization-to-memref",
               "Convert operations from the Bufferization dialect to the MemRef dialect",
               display_name="BufferizationToMemRefPass")
def convert_bufferization_to_memref(op, ctx, options):
    b = Builder(ctx)
    for clone in [o for o in op.walk_ops() if o.name == "bufferization.clone"]:
        if not _lower_clone(b, clone):
            raise _illegal(clone)
    lower_deallocs(op, ctx, "convert-bufferization-to-memref")
    for o in op.walk_ops():
        if o.name.startswith("bufferization."):
            raise _illegal(o)
