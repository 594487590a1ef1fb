"""transform.func.cast_and_call (MLIR 19 FuncTransformOps): a func.call of a function (by
symbol or handle) on the given payload values, inserted before / after an op, whose results
replace the given output values; values whose types differ from the signature are cast with
the materializations of the type-converter builders in its region (e.g.
transform.type_conversion.tensor.cast_shape_dynamic_dims)."""
from __future__ import annotations

from pyopt.ir.attributes import FlatSymbolRefAttr
from pyopt.ir.constraints import SymbolRefAttrAny, UnitAttrConstraint
from pyopt.ir.dominance import DominanceInfo
from pyopt.ir.opdef import ATTR_SIZED_OPERANDS, NO_TERMINATOR, Op
from pyopt.ir.symbols import lookup_symbol
from pyopt.ir.verify_invariants import op_error
from pyopt.interfaces import model
from pyopt.dialects.transform.control_ops import value_text
from pyopt.dialects.transform.extension import TYPE_CONVERTER_BUILDER, transform_op
from pyopt.dialects.transform.failures import definite, silenceable
from pyopt.dialects.transform.types import OpHandle, ValueHandle


def _verify(op):
    body = op.conversions
    if body.blocks:
        for o in body.blocks[0].ops:
            if model(o, TYPE_CONVERTER_BUILDER) is None:
                raise op_error(op, "expected children ops to implement "
                                   "TypeConverterBuilderOpInterface",
                               [("op without interface", o.loc)])
    if op.function is None and op.function_name is None:
        raise op_error(op, "expected a function handle or name to call")
    if op.function is not None and op.function_name is not None:
        raise op_error(op, "function handle and name are mutually exclusive")


def _dominates(dom, a, b, properly):
    """DominanceInfo::(properly)dominates(Operation *a, Operation *b)."""
    if a is b:
        return not properly
    while b is not None and (b.parent is None or b.parent.parent is not a.parent.parent):
        b = b.parent_op
    if b is None:
        return False
    if b is a:
        return True  # (an op dominates what it encloses)
    if a.parent is b.parent:
        return a.is_before_in_block(b)
    return dom.block_dominates(a.parent, b.parent)


def _value_dominates(dom, v, op, properly):
    if not properly and v.defining_op() is op:
        return True
    return dom.properly_dominates_use(v, op)


def _converter(op):
    """The materializations of the region's type-converter builders, in one converter."""
    from pyopt.rewrite.conversion import TypeConverter
    tc = TypeConverter()
    if op.conversions.blocks:
        for o in op.conversions.blocks[0].ops:
            part = model(o, TYPE_CONVERTER_BUILDER)(o)
            tc.source_materializations += part.source_materializations
            tc.target_materializations += part.target_materializations
    return tc


def _apply(op, state, results):
    inputs = state.payload_values(op.inputs) if op.inputs is not None else []
    outputs = []
    if op.outputs is not None:
        given = state.payload_values(op.outputs)
        for v in given:
            if v not in outputs:
                outputs.append(v)
        if len(outputs) != len(given):
            raise silenceable(op, "cast and call output values must be unique")
    points = state.payload_ops(op.insertion_point)
    if len(points) != 1:
        raise silenceable(op, "Only one op can be specified as an insertion point")
    point, after = points[0], op.insert_after is not None
    dom = DominanceInfo()
    for v in outputs:
        for use in v.uses():
            if not _dominates(dom, point, use.owner, after):
                raise definite(op, f"User {use.owner.name} is not dominated by insertion "
                                   f"point {point.name}")
    for v in inputs:
        if not _value_dominates(dom, v, point, not after):
            raise definite(op, f"input {value_text(v)} does not dominate insertion point "
                               f"{point.name}")
    if op.function_name is not None:
        fn = lookup_symbol(point, op.function_name)
        if fn is None or fn.name != "func.func":
            raise definite(op, f"unresolved symbol {op.function_name}")
    else:
        fns = state.payload_ops(op.function)
        if len(fns) != 1:
            raise definite(op, "requires a single function to call")
        fn = fns[0]
        if fn.name != "func.func":
            raise definite(op, "invalid non-function callee")
    ft = fn.properties["function_type"].value
    if len(ft.inputs) != len(inputs):
        raise silenceable(fn, f"mismatch between number of function arguments "
                              f"{len(ft.inputs)} and number of inputs {len(inputs)}")
    if len(ft.results) != len(outputs):
        raise silenceable(fn, f"mismatch between number of function results "
                              f"{len(ft.results)} and number of outputs {len(outputs)}")
    tc = _converter(op)
    rw = state.rewriter
    rw.set_insertion_point_after(point) if after else rw.set_insertion_point(point)
    args = []
    for v, t in zip(inputs, ft.inputs):
        if v.type is not t:
            nv = tc.materialize_source(rw, t, [v], v.loc if hasattr(v, "loc") else point.loc)
            if nv is None:
                raise definite(op, f"Failed to materialize conversion of {value_text(v)} to "
                                   f"type '{t}'")
            v = nv
        args.append(v)
    call = rw.create("func.call", args, list(ft.results),
                     properties={"callee": FlatSymbolRefAttr(fn.properties["sym_name"].value)},
                     loc=point.loc)
    for old, new in zip(outputs, call.results):
        if old.type is not new.type:
            conv = tc.materialize_target(rw, old.type, [new], point.loc)
            if conv is None:
                raise definite(op, f"Failed to materialize conversion of {value_text(new)} "
                                   f"to type '{old.type}'")
            new = conv
        for use in list(old.uses()):  # (replaceAllUsesExcept the call)
            if use.owner is not call:
                rw.modify_op_in_place(use.owner, lambda u=use, n=new: u.set(n))
    results.set(op.result, [call])


CAST_AND_CALL = transform_op(
    Op("transform.func.cast_and_call",
       operands=[("insertion_point", OpHandle), ("inputs", ValueHandle, "?"),
                 ("outputs", ValueHandle, "?"), ("function", OpHandle, "?")],
       attrs={"insert_after": UnitAttrConstraint.opt(),
              "function_name": SymbolRefAttrAny.opt()},
       results=[("result", OpHandle)], regions=["conversions"],
       traits=[ATTR_SIZED_OPERANDS, NO_TERMINATOR],
       format="($function_name^)? ($function^)? ( `(` $inputs^ `)` )? ( `->` $outputs^ )? "
              "(`after` $insert_after^):(`before`)? $insertion_point ($conversions^)? "
              "attr-dict `:` functional-type(operands, results)",
       verify=_verify),
    _apply, modifies_payload=True, reports_tracking=True)
