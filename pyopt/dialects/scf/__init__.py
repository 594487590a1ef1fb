"""The scf (structured control flow) dialect: for, if, while, execute_region, index_switch,
parallel/reduce, forall/in_parallel and their terminators.

ops.py declares the ops (most with hand-written syntax, as upstream's), forall.py scf.forall and
its terminator, canonicalize.py holds the folds and canonicalization patterns, interfaces.py
the interface models (RegionBranchOpInterface, LoopLikeOpInterface, ...)."""
from __future__ import annotations

from pyopt.ir.opdef import Dialect
from pyopt.dialects.scf.ops import (  # noqa: F401  (the dialect's public names)
    OPS, CONDITION, YIELD, EXECUTE_REGION, FOR, IF, WHILE, INDEX_SWITCH, PARALLEL, REDUCE,
    REDUCE_RETURN, constant_int, verify_loop_like)
from pyopt.dialects.scf.forall import FORALL, IN_PARALLEL, _mixed  # noqa: F401

SCF = Dialect("scf", OPS + [FORALL, IN_PARALLEL])

from pyopt.dialects.scf.canonicalize import attach as _attach_canonicalization  # noqa: E402
_attach_canonicalization(SCF)

from pyopt.dialects.scf.interfaces import attach_models as _attach_interface_models  # noqa: E402
_attach_interface_models()
