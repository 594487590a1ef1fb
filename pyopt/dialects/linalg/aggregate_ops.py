"""linalg.softmax and the winograd transform ops (MLIR 19 LinalgOps.td): ops that decompose
into several structured ops rather than carrying a payload."""
from __future__ import annotations

from pyopt.ir.constraints import AnyShaped, AnyRankedTensor, I64Attr, TypeConstraint
from pyopt.ir.opdef import Op
from pyopt.ir.types import DYNAMIC, RankedTensorType
from pyopt.ir.verifier import op_error
from pyopt.interfaces import attach
from pyopt.interfaces.destination_style import DESTINATION_STYLE, DestinationStyle


def _tensor_of_rank(n):
    return TypeConstraint(lambda t: type(t) is RankedTensorType and len(t.shape) == n,
                          f"{n}D tensor of any type values")


def _compatible(a, b):
    return len(a) == len(b) and all(x == y or DYNAMIC in (x, y) for x, y in zip(a, b))


def _verify_softmax(op):
    src, out = op.input.type.shape, op.output.type.shape
    if not _compatible(list(src), list(out)):
        raise op_error(op, "incompatible output shape")
    d = op.properties["dimension"].value
    if d < 0 or d >= len(src):
        raise op_error(op, "incorrect dimension specified")


SOFTMAX = Op("linalg.softmax", operands=[("input", AnyShaped), ("output", AnyShaped)],
             results=[("result", AnyRankedTensor, "*")], attrs={"dimension": I64Attr},
             format="attr-dict `dimension` `(` $dimension `)` `ins` `(` $input `:` "
                    "type($input) `)` `outs` `(` $output `:` type($output) `)` "
                    "(`->` type($result)^)?",
             verify=_verify_softmax)


def _mr(op):
    return op.properties["m"].value, op.properties["r"].value


def _check_output(op, expected):
    if not _compatible(expected, list(op.output.type.shape)):
        raise op_error(op, "the output shape is not expected")


def _verify_filter(op):
    f = op.filter.type.shape
    m, r = _mr(op)
    h, w = f[1], f[2]
    if h != r and h != 1:
        raise op_error(op, "expect filter height either equals to r or 1")
    if w != r and w != 1:
        raise op_error(op, "expect filter width either equals to r or 1")
    if h == 1 and w == 1:
        raise op_error(op, "expect either filter height or width equals to r")
    _check_output(op, [m + r - 1 if h == r else 1, m + r - 1 if w == r else 1, f[3], f[0]])


def _verify_input(op):
    s = op.input.type.shape
    m, r = _mr(op)
    tile = m + r - 1
    h, w = s[1], s[2]
    exp = [h] * 6
    if h == DYNAMIC:
        exp[0], exp[2] = tile, DYNAMIC
    else:
        exp[0], exp[2] = (tile, (h - (r - 1)) // m) if h != 1 else (1, 1)
    if w == DYNAMIC:
        exp[1], exp[3] = tile, DYNAMIC
    else:
        exp[1], exp[3] = (tile, (w - (r - 1)) // m) if w != 1 else (1, 1)
    exp[4], exp[5] = s[0], s[3]
    _check_output(op, exp)


def _verify_output(op):
    s = op.value.type.shape
    m, r = _mr(op)
    h, w, th, tw = s[0], s[1], s[2], s[3]
    exp = [h] * 4
    if h == DYNAMIC or th == DYNAMIC:
        exp[1] = DYNAMIC
    else:
        if h != (m + r - 1 if h != 1 else 1):
            raise op_error(op, "expect input height equals to input tile size")
        exp[1] = (m if h != 1 else 1) * th
    if w == DYNAMIC or tw == DYNAMIC:
        exp[2] = DYNAMIC
    else:
        if w != (m + r - 1 if w != 1 else 1):
            raise op_error(op, "expect input width equals to input tile size")
        exp[2] = (m if w != 1 else 1) * tw
    exp[0], exp[3] = s[4], s[5]
    _check_output(op, exp)


def _winograd(name, src, src_rank, out_rank, verify):
    t_src, t_out = _tensor_of_rank(src_rank), _tensor_of_rank(out_rank)
    return _dps(Op(f"linalg.winograd_{name}_transform",
              operands=[(src, t_src), ("output", t_out)], results=[("result", t_out)],
              attrs={"m": I64Attr, "r": I64Attr},
              format=f"attr-dict `m` `(` $m `)` `r` `(` $r `)` `ins` `(` ${src} `:` "
                     f"type(${src}) `)` `outs` `(` $output `:` type($output) `)` `->` "
                     "type($result)",
              verify=verify))


def _dps(d):
    """Winograd ops are destination-style on tensors: no memory effects."""
    d.extra["effects"] = _effects
    attach(d, DESTINATION_STYLE, DestinationStyle(lambda op: [1]))
    return d


def _effects(op):
    """Memref operands are read (and the output written); on tensors there is no effect."""
    from pyopt.ir.types import MemRefType
    eff = set()
    if any(type(v.type) is MemRefType for v in op.operands):
        eff.add("read")
    if type(op.output.type) is MemRefType:
        eff.add("write")
    return eff


SOFTMAX.extra["effects"] = _effects
attach(SOFTMAX, DESTINATION_STYLE, DestinationStyle(lambda op: [1]))

AGGREGATE_OPS = [SOFTMAX, _winograd("filter", "filter", 4, 4, _verify_filter),
                 _winograd("input", "input", 4, 6, _verify_input),
                 _winograd("output", "value", 6, 4, _verify_output)]
