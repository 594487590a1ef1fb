"""transform.loop.outline: each target op (one region) is wrapped in scf.execute_region,
whose body becomes a new func.func called from it (MLIR's wrapInExecuteRegion and
outlineSingleBlockRegion); the function joins the nearest symbol table under a unique name."""
from __future__ import annotations

from pyopt.analysis.slices import used_values_defined_above
from pyopt.ir.attributes import StringAttr, SymbolRefAttr, TypeAttr
from pyopt.ir.core import Region
from pyopt.ir.types import INDEX, FunctionType
from pyopt.dialects.transform import ext_loop as L
from pyopt.dialects.transform.extension import implement
from pyopt.dialects.transform.failures import silenceable


def _wrap_in_execute_region(rw, op):
    if len(op.regions) != 1:
        return None
    rw.set_insertion_point(op)
    exe = rw.create("scf.execute_region", [], [r.type for r in op.results],
                    regions=[Region()], loc=op.loc)
    block = rw.create_block(exe.regions[0])
    rw.set_insertion_point_to_end(block)
    # (cloneWithoutRegions, then the op's own region moves in)
    shell = rw.create(op.name, list(op.operands), [r.type for r in op.results],
                      properties=dict(op.properties), attributes=dict(op.attributes),
                      regions=1, loc=op.loc)
    shell.regions[0].take_body(op.regions[0])
    rw.create("scf.yield", list(shell.results), [], loc=op.loc)
    if op.results:
        rw.replace_op(op, list(exe.results))
    else:
        rw.erase_op(op)
    return exe


def _outline_single_block_region(rw, loc, region, name):
    if len(region.blocks) != 1:
        return None, None
    original = region.blocks[0]
    term = original.last
    parent_func = region.parent_op
    while parent_func is not None and parent_func.name != "func.func":
        parent_func = parent_func.parent_op
    captures = used_values_defined_above(region)
    from pyopt.dialects.transform.state import _value_loc
    arg_types = [a.type for a in original.args] + [v.type for v in captures]
    arg_locs = [a.loc for a in original.args] + [_value_loc(v) for v in captures]
    rw.set_insertion_point(parent_func)
    func = rw.create("func.func", [], [], properties={
        "sym_name": StringAttr(name),
        "function_type": TypeAttr(FunctionType(arg_types, [v.type for v in term.operands]))},
        regions=[Region()], loc=loc)
    body = rw.create_block(func.regions[0], arg_types, arg_locs)
    n = len(original.args)
    rw.inline_block_before(original, body, None, list(body.args[:n]))
    rw.set_insertion_point_to_end(body)
    rw.create("func.return", list(term.operands), [], loc=loc)
    new_block = rw.create_block(region, [a.type for a in body.args[:n]], arg_locs[:n])
    rw.set_insertion_point_to_end(new_block)
    call = rw.create("func.call", list(new_block.args) + captures,
                     [v.type for v in term.operands],
                     properties={"callee": SymbolRefAttr(name)}, loc=loc)
    mapping = dict(zip(term.operands, call.results))
    rw.insert(term.clone(mapping))
    rw.erase_op(term)
    for orig, repl in zip(captures, body.args[n:]):
        d = orig.defining_op() if hasattr(orig, "defining_op") else None
        if d is not None and d.name == "arith.constant" and orig.type is INDEX:
            rw.set_insertion_point_to_start(body)
            repl = rw.insert(d.clone({})).results[0]
        rw.replace_uses_if(orig, repl, lambda u, f=func: f.is_ancestor_of(u.owner))
    return func, call


def _apply_outline(op, state, results):
    functions, calls = [], []
    rw = state.rewriter
    for target in state.payload_ops(op.target):
        table = target.parent_op
        while table is not None and not table.has_trait("SymbolTable"):
            table = table.parent_op
        exe = _wrap_in_execute_region(rw, target)
        if exe is None:
            raise silenceable(op, "failed to outline", [("target op", target.loc)])
        func, call = _outline_single_block_region(rw, target.loc, exe.regions[0],
                                                  op.func_name.value)
        if table is not None:
            name = _unique_name_excluding(table, func)
            func.properties["sym_name"] = StringAttr(name)
            call.properties["callee"] = SymbolRefAttr(name)
        functions.append(func)
        calls.append(call)
    results.set(0, functions)
    results.set(1, calls)


def _unique_name_excluding(table, func):
    """SymbolTable::insert's renaming: `name`, else `name_0`, `name_1`, ... (the new function
    itself is already in the table)."""
    name = func.properties["sym_name"].value
    taken = {o.properties["sym_name"].value for b in table.regions[0].blocks for o in b.ops
             if o is not func and "sym_name" in o.properties}
    if name not in taken:
        return name
    i = 0
    while f"{name}_{i}" in taken:
        i += 1
    return f"{name}_{i}"


implement(L.OUTLINE, _apply_outline, consumes=("target",), modifies_payload=True)
