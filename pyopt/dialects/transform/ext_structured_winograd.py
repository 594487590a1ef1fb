"""Declaration of transform.structured.winograd_conv2d (MLIR 19 LinalgTransformOps.td). Its
model is provided by passes/linalg/structured_transforms/winograd_ops.py."""
from __future__ import annotations

from pyopt.ir.constraints import I64Attr
from pyopt.ir.opdef import Op
from pyopt.dialects.transform.ext_structured import _FUNCTIONAL, declare
from pyopt.dialects.transform.types import OpHandle

WINOGRAD_CONV2D = Op("transform.structured.winograd_conv2d", operands=[("target", OpHandle)],
                     results=[("transformed", OpHandle)], attrs={"m": I64Attr, "r": I64Attr},
                     format="$target " + _FUNCTIONAL)
declare(WINOGRAD_CONV2D, each=True)
