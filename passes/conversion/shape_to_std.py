"""The shape dialect's lowering passes, by name: `convert-shape-to-std`,
`convert-shape-constraints`, `shape-to-shape-lowering`. Front-end pipelines run them on
programs that carry no shape op. pyopt does not implement the shape dialect (a `shape.*` op
is refused when the input is parsed), so on any module it accepts these passes have nothing
to convert and leave it unchanged - what mlir-opt-19 does on the same modules."""
from __future__ import annotations

from pyopt.pass_registry import register_pass


def _nothing_to_convert(op, ctx, options):
    """No op of the shape dialect can be present (see the module docstring)."""


register_pass("convert-shape-to-std", "Convert operations from the shape dialect into the "
              "standard dialect", display_name="ConvertShapeToStandard",
              anchor="builtin.module")(_nothing_to_convert)
register_pass("convert-shape-constraints", "Convert shape constraint operations to the "
              "standard dialect", display_name="ConvertShapeConstraints")(_nothing_to_convert)
register_pass("shape-to-shape-lowering", "Legalize Shape dialect to be convertible to Arith",
              display_name="ShapeToShapeLowering")(_nothing_to_convert)
