"""arith::getNeutralElement: the identity of a combining arith op (x op identity == x), as
the attribute MLIR 19's getIdentityValueAttr gives, or None."""
from __future__ import annotations

import math

from pyopt.ir.attributes import FloatAttr, IntegerAttr
from pyopt.ir.types import FloatType, IndexType, IntegerType

# op -> AtomicRMWKind of its reduction (xori shares ori's identity, as upstream)
_KIND = {"arith.addf": "addf", "arith.mulf": "mulf", "arith.maximumf": "maximumf",
         "arith.minimumf": "minimumf", "arith.maxnumf": "maxnumf", "arith.minnumf": "minnumf",
         "arith.addi": "addi", "arith.ori": "ori", "arith.xori": "ori", "arith.andi": "andi",
         "arith.maxui": "maxu", "arith.minui": "minu", "arith.maxsi": "maxs",
         "arith.minsi": "mins", "arith.muli": "muli"}


# the largest finite value of a float kind (the identities of max/min under `ninf`)
_LARGEST = {"f16": 65504.0, "bf16": 3.3895313892515355e38, "f32": 3.4028234663852886e38,
            "f64": 1.7976931348623157e308}


def neutral_element(op):
    kind = _KIND.get(op.name)
    if kind is None or not op.results:
        return None
    fm = op.properties.get("fastmath")
    finite = fm is not None and bool(getattr(fm, "value", 0) & 4)  # ninf
    return identity_attr(kind, op.results[0].type, finite)


def identity_attr(kind, t, finite=False):
    """getIdentityValueAttr(AtomicRMWKind `kind`, `t`, useOnlyFiniteValue=`finite`), or None."""
    if isinstance(t, FloatType):
        big = _LARGEST.get(t.kind, math.inf) if finite else math.inf
        if kind in ("maximumf", "maxnumf"):
            x = -big
        elif kind in ("minimumf", "minnumf"):
            x = big
        elif kind == "mulf":
            x = 1.0
        else:
            x = 0.0
        return FloatAttr.from_float(t, x)
    if isinstance(t, IndexType):
        w = 64
    elif isinstance(t, IntegerType):
        w = t.width
    else:
        return None
    v = {"andi": -1, "maxs": -(1 << (w - 1)), "mins": (1 << (w - 1)) - 1,
         "minu": -1, "muli": 1}.get(kind, 0)
    return IntegerAttr(t, v)
