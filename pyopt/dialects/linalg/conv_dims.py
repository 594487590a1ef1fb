"""inferConvolutionDims (MLIR 19 LinalgInterfaces): the batch, output image, output channel,
filter loop, input channel and depth dimensions of a convolution-like linalg op, with its
strides and dilations, read from the input's access expressions (`d` or `d * c`, summed in
pairs for convolved dimensions)."""
from __future__ import annotations

from pyopt.ir.affine import AffineExprKind as K
from pyopt.dialects.linalg.analysis import _indexing_dims
from pyopt.interfaces.destination_style import dps_inits, dps_inputs, init_indices
from pyopt.dialects.linalg.structured import indexing_maps, iterator_types


class _AccessWalker:
    """ConvAccessExprWalker: classifies the dims of the input map's results."""

    def __init__(self):
        self.convolved, self.unconvolved = set(), set()
        self.pairs = {}      # convolved dim -> the dim it is summed with
        self.coefficient = {}  # convolved dim -> its stride or dilation (an AffineExpr)

    def visit(self, e):
        if e.kind is K.DIM:
            if e.position in self.convolved or e.position in self.unconvolved:
                return False
            self.unconvolved.add(e.position)
            return True
        if e.kind is not K.ADD:
            return False
        lhs, rhs = self._dim_or_scaled(e.lhs), self._dim_or_scaled(e.rhs)
        if lhs is None or rhs is None:
            return False
        self.pairs[lhs], self.pairs[rhs] = rhs, lhs
        return True

    def _dim_or_scaled(self, e):
        from pyopt.ir.affine import constant
        if e.kind is K.DIM:
            d = e.position
            if d in self.convolved or d in self.unconvolved:
                return None
            self.coefficient[d] = constant(1)
            self.convolved.add(d)
            return d
        if e.kind is not K.MUL:
            return None
        scale = next((x for x in (e.lhs, e.rhs) if x.kind is K.SYMBOL), None) or \
            next((x for x in (e.lhs, e.rhs) if x.kind is K.CONSTANT), None)
        var = next((x for x in (e.lhs, e.rhs) if x.kind is K.DIM), None)
        if scale is None or var is None:
            return None
        d = var.position
        if d in self.convolved or d in self.unconvolved:
            return None
        self.coefficient[d] = scale
        self.convolved.add(d)
        return d

    def clear_multi_use(self, m):
        for d in range(m.num_dims):
            if sum(1 for r in m.results if r.is_function_of_dim(d)) > 1:
                self.convolved.discard(d)
                self.unconvolved.discard(d)
                if d in self.pairs:
                    p = self.pairs.pop(d)
                    self.convolved.discard(p)
                    self.unconvolved.discard(p)
                    self.coefficient.pop(p, None)
                    self.pairs.pop(p, None)


def convolution_dims(op):
    """A dict of the dimension lists (and strides, dilations), or None."""
    if len(dps_inputs(op)) != 2 or len(dps_inits(op)) != 1:
        return None
    maps, its = indexing_maps(op), iterator_types(op)
    walker = _AccessWalker()
    for r in maps[0].results:
        walker.visit(r)
    walker.clear_multi_use(maps[0])
    inputs = [i for i in range(len(op.operands)) if i not in set(init_indices(op))]
    filter_map, output_map = maps[inputs[1]], maps[init_indices(op)[0]]
    filter_dims = _indexing_dims(filter_map, its, "parallel")
    output_dims = _indexing_dims(output_map, its, "parallel")
    filter_reduced = _indexing_dims(filter_map, its, "reduction")
    oi = walker.convolved & output_dims
    if not oi:
        return None
    dims = {"batch": (walker.unconvolved & output_dims) - filter_dims,
            "output_image": oi,
            "output_channel": (filter_dims & output_dims) - walker.unconvolved,
            "filter_loop": walker.convolved & filter_reduced,
            "input_channel": walker.unconvolved & filter_reduced,
            "depth": filter_dims & output_dims & walker.unconvolved}
    out = {k: sorted(v) for k, v in dims.items()}
    for key, over, native in (("strides", out["output_image"], "strides"),
                              ("dilations", out["filter_loop"], "dilations")):
        a = op.get_attr(native)
        if a is not None:  # (the named op's own strides / dilations, dense i64 elements)
            vals = [int(x) for x in a.values]
            if a.is_splat:
                n = 1
                for s in a.type.shape:
                    n *= s
                vals = vals * n
            out[key] = vals
        else:
            out[key] = [walker.coefficient[d].value for d in over]
    return out
