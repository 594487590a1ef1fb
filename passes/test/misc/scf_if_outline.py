"""`test-scf-if-utils`: outlines the then and else regions of every scf.if into new functions
`outlined_then<N>` / `outlined_else<N>` placed before the enclosing function; the region keeps
a func.call and its terminator yields the call's results. Values the region captured from
above become trailing function arguments (index constants are cloned into the function)."""
from __future__ import annotations

from pyopt.ir.attributes import FlatSymbolRefAttr, StringAttr, TypeAttr
from pyopt.ir.core import Region
from pyopt.ir.types import FunctionType, IndexType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import PatternRewriter
from pyopt.ir.diagnostics import pass_failure


def used_values_defined_above(region):
    """The values used inside `region` but defined outside it, in first-use order."""
    seen, out = set(), []

    def visit(op):
        for v in op.operands:
            if id(v) not in seen and not _inside(v, region):
                seen.add(id(v))
                out.append(v)
        for r in op.regions:
            for b in r.blocks:
                for o in b:
                    visit(o)
    for b in region.blocks:
        for o in b:
            visit(o)
    return out


def _inside(v, region):
    owner = v.owner
    block = owner.parent if hasattr(owner, "opdef") else owner
    r = block.parent if block is not None else None
    while r is not None:
        if r is region:
            return True
        p = r.parent
        r = p.parent.parent if p is not None and p.parent is not None else None
    return False


def _enclosing_func(op):
    p = op.parent_op
    while p is not None and p.name != "func.func":
        p = p.parent_op
    return p


def outline_single_block_region(b, loc, region, name):
    if len(region.blocks) != 1:
        return None
    block = region.blocks[0]
    term = block.last
    captures = used_values_defined_above(region)
    arg_types = [a.type for a in block.args] + [v.type for v in captures]
    arg_locs = [a.loc for a in block.args] + [loc] * len(captures)
    results = [v.type for v in term.operands]
    b.set_insertion_point(_enclosing_func(region.parent))
    fn = b.create("func.func", [], [], regions=[Region()], loc=loc, properties={
        "sym_name": StringAttr(name),
        "function_type": TypeAttr(FunctionType(arg_types, results))})
    body = b.create_block(fn.regions[0], arg_types, arg_locs)
    nargs = len(block.args)
    b.merge_blocks(block, body, list(body.args[:nargs]))
    b.set_insertion_point_to_end(body)
    b.create("func.return", list(term.operands), [], loc=loc)
    nb = b.create_block(region, arg_types[:nargs], arg_locs[:nargs])
    b.set_insertion_point_to_end(nb)
    call = b.create("func.call", list(nb.args) + captures, results, loc=loc,
                    properties={"callee": FlatSymbolRefAttr(name)})
    b.create(term.name, list(call.results), [], properties=dict(term.properties),
             attributes=dict(term.attributes), loc=term.loc)
    term.erase()
    for orig, repl in zip(captures, body.args[nargs:]):
        d = orig.defining_op() if hasattr(orig, "defining_op") else None
        if d is not None and d.name == "arith.constant" and isinstance(orig.type, IndexType):
            b.set_insertion_point_to_start(body)
            repl = b.clone(d).results[0]
        orig.replace_uses_if(repl, lambda use: fn.is_ancestor_of(use.owner)
                             and use.owner is not fn)
    return fn


@register_pass("test-scf-if-utils", "test scf.if utils", anchor="builtin.module",
               display_name="TestSCFIfUtilsPass")
def test_scf_if_utils(op, ctx, options):
    ifs = []
    op.walk(lambda o: ifs.append(o) if o.name == "scf.if" else None)
    b = PatternRewriter(ctx)
    for count, if_op in enumerate(ifs):
        for region, stem in zip(if_op.regions, ("outlined_then", "outlined_else")):
            if region.blocks and outline_single_block_region(
                    b, if_op.loc, region, f"{stem}{count}") is None:
                raise pass_failure(if_op.loc)
