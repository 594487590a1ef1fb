"""Lifting a control flow graph to structured control flow (MLIR's CFGToSCF): every cycle
becomes a do-while loop and every conditional branch an op with one region per successor,
built by a dialect's `CFGToSCFInterface` (the cf -> scf one lives with the cf conversions).

Modules: interface (the hooks a dialect implements), edges (CFG edges, multiplexer blocks,
return-like exit combining), dom_cache (dominator trees cached per region as upstream caches
them), cycles (cycles -> loops in reduce form), branches (conditional branches -> regions),
transform (preconditions and the worklist driver).
"""
from pyopt.rewrite.cfg_to_scf.dom_cache import DomCache
from pyopt.rewrite.cfg_to_scf.interface import CFGToSCFInterface
from pyopt.rewrite.cfg_to_scf.transform import transform_cfg_to_scf

__all__ = ["CFGToSCFInterface", "DomCache", "transform_cfg_to_scf"]
