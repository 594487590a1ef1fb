"""`buffer-deallocation-pipeline`: MLIR 19's default pipeline for inserting deallocations after
one-shot bufferization - expand-realloc (no deallocs of its own), canonicalize,
ownership-based-buffer-deallocation, canonicalize, buffer-deallocation-simplification,
bufferization-lower-deallocations, cse, canonicalize."""
from __future__ import annotations

from pyopt.pass_manager import OpPassManager, PassManager, make_instance
from pyopt.pass_registry import PassOption, lookup_pass, register_pass

_STAGES = (("expand-realloc", "emit-deallocs=false"), ("canonicalize", ""),
           ("ownership-based-buffer-deallocation", "private-function-dynamic-ownership={d}"),
           ("canonicalize", ""), ("buffer-deallocation-simplification", ""),
           ("bufferization-lower-deallocations", ""), ("cse", ""), ("canonicalize", ""))


@register_pass("buffer-deallocation-pipeline",
               "The default pipeline for automatically inserting deallocation operations after "
               "one-shot bufferization. Deallocation operations (except `memref.realloc`) may "
               "not be present already.",
               options=[PassOption("private-function-dynamic-ownership", bool, False,
                                   "Allows to add additional arguments to private functions to "
                                   "dynamically pass ownership of memrefs to callees. This can "
                                   "enable earlier deallocations.")],
               display_name="BufferDeallocationPipeline")
def buffer_deallocation_pipeline(op, ctx, options):
    dynamic = str(bool(options.get("private-function-dynamic-ownership"))).lower()
    pm = OpPassManager(None)
    for name, opts in _STAGES:
        pm.add(make_instance(lookup_pass(name), opts.format(d=dynamic)))
    PassManager(pm).run(op, ctx, getattr(ctx, "diag_engine", None))
