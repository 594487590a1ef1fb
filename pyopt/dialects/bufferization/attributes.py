"""The bufferization dialect's discardable attributes: `bufferization.manual_deallocation`
on ops, and `bufferization.writable` / `access` / `buffer_layout` on function arguments
(BufferizationDialect::verifyOperationAttribute / verifyRegionArgAttribute)."""
from __future__ import annotations

from pyopt.ir.attributes import AffineMapAttr, IntegerAttr, StringAttr
from pyopt.ir.types import I1
from pyopt.ir.verify_invariants import op_error, plain_error

MANUAL_DEALLOCATION = "bufferization.manual_deallocation"
WRITABLE = "bufferization.writable"
ACCESS = "bufferization.access"
BUFFER_LAYOUT = "bufferization.buffer_layout"


def verify_op_attribute(op, name, attr):
    if name == MANUAL_DEALLOCATION:
        from pyopt.rewrite.folding import op_effects
        effects = op_effects(op) or ()
        if "alloc" not in effects and "free" not in effects:
            raise op_error(op, f"attribute '{MANUAL_DEALLOCATION}' can be used only on ops "
                           "that have an allocation and/or free side effect")
        return
    raise plain_error(op, f"attribute '\"{name}\"' not supported as an op attribute by the "
                      "bufferization dialect")


def verify_region_arg_attribute(op, name, attr, is_function, is_external):
    """An argument attribute `name` of op's region; is_function: op is FunctionOpInterface."""
    if name == WRITABLE:
        if type(attr) is not IntegerAttr or attr.type is not I1:
            raise plain_error(op, f"'{WRITABLE}' is expected to be a boolean attribute")
        if not is_function:
            raise plain_error(op, f"expected '{WRITABLE}' to be used on function-like "
                              "operations")
        if is_external:
            raise plain_error(op, f"'{WRITABLE}' is invalid on external functions")
        return
    if name == ACCESS:
        if type(attr) is not StringAttr:
            raise plain_error(op, f"'{ACCESS}' is expected to be a string attribute")
        if attr.value not in ("none", "read", "write", "read-write"):
            raise plain_error(op, f"invalid value for '{ACCESS}'")
        if not is_function:
            raise plain_error(op, f"expected '{ACCESS}' to be used on function-like "
                              "operations")
        return
    if name == BUFFER_LAYOUT:
        if type(attr) is not AffineMapAttr:
            raise plain_error(op, f"'{BUFFER_LAYOUT}' is expected to be a affine map "
                              "attribute")
        if not is_function:
            raise plain_error(op, f"expected '{BUFFER_LAYOUT}' to be used on function-like "
                              "operations")
        return
    # (19's message names the layout attribute whatever the attribute is)
    raise plain_error(op, f"attribute '{BUFFER_LAYOUT}' not supported as a region arg "
                      "attribute by the bufferization dialect")
