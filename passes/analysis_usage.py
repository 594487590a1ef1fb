"""Which analyses the passes ask their pass manager for, and which they preserve: what
`--mlir-timing` shows as `(A) Name` timers under a pass (an analysis is computed once and
reused until a pass invalidates it). Kept as one table beside the passes, as MLIR's passes
declare it in their runOnOperation."""
from pyopt.pass_registry import on_register

_DOM = "DominanceInfo"
_DL = "DataLayoutAnalysis"

ANALYSES = {
    "cse": (_DOM,),
    "mem2reg": (_DL, _DOM),
    "sroa": (_DL,),
    "control-flow-sink": (_DOM,),
    "inline": ("CallGraph",),
    "remove-dead-values": ("dataflow::RunLivenessAnalysis",),
    "convert-func-to-llvm": (_DL,),
    "finalize-memref-to-llvm": (_DL,),
    "convert-memref-to-llvm": (_DL,),
}


def _all_if_zero(*stats):
    return lambda s: "all" if not any(s.get(k) for k in stats) else ()


PRESERVES = {
    # CSE keeps dominance whether it changed anything or not
    "cse": lambda s: "all" if not (s.get("num-cse'd") or s.get("num-dce'd"))
    else (_DOM, "PostDominanceInfo"),
    "mem2reg": _all_if_zero("promoted slots"),
    "sroa": _all_if_zero("destructured slots"),
}

MAX_STATISTICS = {"sroa": ("max subelement number",)}


def _apply(info):
    info.analyses = ANALYSES.get(info.name, info.analyses)
    info.preserves = PRESERVES.get(info.name, info.preserves)
    info.max_statistics = MAX_STATISTICS.get(info.name, info.max_statistics)


on_register(_apply)  # passes registered before and after this module is imported
