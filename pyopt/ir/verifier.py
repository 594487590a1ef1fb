"""The IR verifier (MLIR's OperationVerifier): declared constraints, traits, op verifiers,
block/terminator structure, SSA dominance and isolation.

Errors are raised as MLIRError carrying MLIR's messages and a "see current operation" note.
"""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic
from pyopt.ir.dominance import DominanceInfo
from pyopt.ir import opdef as T
# (the op-local checks and the error builders live in verify_invariants.py; the names other
# modules import from here are re-exported)
from pyopt.ir.verify_invariants import (  # noqa: F401
    VerifyError, loc_error, op_error, plain_error, verify_declared, verify_isolated_from_above,
    verify_symbol_table, compatible_shapes, _verify_elementwise, _verify_fn_for,
    _verify_implicit_terminator)

_BLOCK_EXIT = "block-exit"  # worklist marker: a block's ops are done
_CURSOR = "cursor"  # worklist marker: verify the ops from this one to the end of its block


# ------------------------------------------------------------------------- structure
class Verifier:
    def __init__(self, ctx):
        self.ctx = ctx
        self._infos = {}  # OpDef -> _leaf_info(OpDef)

    def verify(self, op):
        self._verify_op_and_dominance(op)

    def _verify_op_and_dominance(self, op):
        self._verify_op(op)
        self._verify_dominance(op)

    def _verify_op(self, op):
        # Iterative pre/post-order walk: invariants on entry, region invariants on exit;
        # isolated-from-above children are verified (with their own dominance) at exit.
        # A block's ops are walked from a cursor: ops without regions (most of them) are
        # verified in place, an op with regions suspends the cursor until its body is done.
        stack = [(op, False)]
        on_entry = self._on_entry
        attr_hooks = self._dialect_attrs
        symbol_table = T.SYMBOL_TABLE
        infos = self._infos
        while stack:
            cur, kind = stack.pop()
            if kind is _CURSOR:
                o = cur
                while o is not None:
                    d = o.opdef
                    if o.regions:
                        if d is not None and d.isolated:
                            o = o.next
                            continue
                        nxt = o.next
                        if nxt is not None:
                            stack.append((nxt, _CURSOR))
                        on_entry(o)
                        self._push_regions(o, stack)
                        break
                    if o.attributes:
                        attr_hooks(o)
                    if d is None:
                        self._on_exit(o)
                    else:
                        info = infos.get(d)
                        if info is None:
                            info = infos[d] = self._leaf_info(d)
                        fn, custom, exit_checks = info
                        fn(o, d)
                        if custom is not None:
                            custom(o)
                        if exit_checks:
                            self._on_exit(o)
                    o = o.next
            elif kind:
                if kind is _BLOCK_EXIT:
                    self._verify_block_exit(*cur)
                else:
                    self._on_exit(cur)
            else:
                on_entry(cur)
                if not cur.regions:
                    # (its exit checks would run right away: most of them only look at regions)
                    d = cur.opdef
                    if d is None or d.verify_regions is not None or symbol_table in d.traits:
                        self._on_exit(cur)
                    continue
                self._push_regions(cur, stack)

    @staticmethod
    def _leaf_info(d):
        """(generated verifier, op verifier, exit checks needed) of a declaration, looked up
        once per verification (declarations may change between runs, not during one)."""
        fn = d.__dict__.get("_verify_fn")
        if fn is None:
            fn = _verify_fn_for(d)
        return fn, d.verify, d.verify_regions is not None or T.SYMBOL_TABLE in d.traits

    def _push_regions(self, cur, stack):
        """Entering an op with regions: its blocks' structure checks, then its exit, each
        block's terminator check and a cursor over each block's ops, to be popped in order."""
        stack.append((cur, True))
        for r in reversed(cur.regions):
            for b in reversed(r.blocks):
                self._verify_block(cur, r, b)
                # The terminator is checked after the block's ops (MLIR's verifyOnExit).
                stack.append(((cur, r, b), _BLOCK_EXIT))
                if b.first is not None:
                    stack.append((b.first, _CURSOR))

    def _dialect_attrs(self, op):
        """Discardable attributes named `dialect.x` go to their dialect's verifier."""
        dialects = self.ctx.dialects
        for name, a in op.attributes.items():
            if "." in name:
                dialect = dialects.get(name.split(".", 1)[0])
                if dialect is not None and dialect.verify_op_attribute is not None:
                    dialect.verify_op_attribute(op, name, a)

    def _region_arg_attrs(self, op):
        """FunctionOpInterface's verifyTrait: argument attributes named `dialect.x` go to
        their dialect's `verify_region_arg_attribute` (verifyRegionArgAttribute)."""
        dialects = self.ctx.dialects
        external = not op.regions or not op.regions[0].blocks
        for entry in op.properties["arg_attrs"].value:
            for name, a in getattr(entry, "value", ()):
                dialect = dialects.get(name.split(".", 1)[0]) if "." in name else None
                hook = getattr(dialect, "verify_region_arg_attribute", None)
                if hook is not None:
                    hook(op, name, a, True, external)

    def _on_entry(self, op):
        d = op.opdef
        if op.attributes:
            self._dialect_attrs(op)
        if "arg_attrs" in op.properties:
            self._region_arg_attrs(op)
        if d is not None:
            fn = d.__dict__.get("_verify_fn")
            if fn is None:
                fn = _verify_fn_for(d)
            fn(op, d)
            if d.verify is not None:
                d.verify(op)
        for i, r in enumerate(op.regions):
            if not r.blocks:
                continue
            if d is not None and (T.GRAPH_REGION in d.traits) and len(r.blocks) > 1:
                raise op_error(op, f"expects graph region #{i} to have 0 or 1 blocks")
            if r.blocks[0].pred_uses:
                raise loc_error(op.loc, "entry block of region may not have predecessors")

    def _on_exit(self, op):
        for r in op.regions:
            for b in r.blocks:
                o = b.first
                while o is not None:
                    if o.regions and o.opdef is not None and o.opdef.isolated:
                        self._verify_op_and_dominance(o)
                    o = o.next
        d = op.opdef
        if d is not None:
            if d.implicit_terminator is not None:
                _verify_implicit_terminator(op, d.implicit_terminator)
            if d.isolated:
                verify_isolated_from_above(op)
            if T.SYMBOL_TABLE in d.traits:
                verify_symbol_table(op)
            if d.verify_regions is not None:
                d.verify_regions(op)
            return
        dn = op.name.split(".", 1)[0] if "." in op.name else ""
        dialect = self.ctx.dialects.get(dn)
        if dialect is None:
            if not self.ctx.allow_unregistered:
                raise op_error(op, "created with unregistered dialect. If this is intended, "
                               "please call allowUnregisteredDialects() on the MLIRContext, or "
                               "use -allow-unregistered-dialect with the MLIR opt tool used")
        elif not dialect.allow_unknown_ops:
            raise plain_error(op, f"unregistered operation '{op.name}' found in dialect "
                              f"('{dn}') that does not allow unknown operations")

    def _verify_block(self, op, region, block):
        for a in block.args:
            if a.owner is not block:
                raise loc_error(a.loc if a.loc is not None else op.loc,
                                "block argument not owned by block")
        d = op.opdef
        if block.first is None:
            if _may_lack_terminator(op, region):
                return
            raise loc_error(op.loc, "empty block: expect at least a terminator")
        o = block.first
        last = block.last
        while o is not None:
            if o.successor_slots and o is not last:
                raise op_error(o, "operation with block successors must terminate its parent "
                               "block")
            o = o.next

    def _verify_block_exit(self, op, region, block):
        if block.first is None or _may_lack_terminator(op, region):
            return
        last = block.last
        if last.opdef is not None and not last.opdef.is_terminator:
            from pyopt.syntax.printer import op_for_diagnostic
            err = plain_error(last, "block with no terminator, has " +
                              op_for_diagnostic(last))
            raise err
        for s in last.successor_slots:
            if s.block.parent is not region:
                raise op_error(last, "reference to block defined in another region")

    # --------------------------------------------------------------------- dominance
    def _verify_dominance(self, op):
        """Every operand of an op in a reachable block must properly dominate it (graph
        regions are handled by the dominance query itself); isolated ops verify their own."""
        dom = DominanceInfo()
        dominates = dom.properly_dominates_use
        stack = [op]
        while stack:
            cur = stack.pop()
            for r in cur.regions:
                for b in r.blocks:
                    reachable = dom.is_reachable(b)
                    # Owners (defining ops, blocks of arguments) known to dominate every op
                    # of `b` from here on: `b` itself, the ops before, and whatever a full
                    # query accepted (that answer depends on the block, not on the user).
                    known = {b}
                    o = b.first
                    while o is not None:
                        if reachable:
                            for slot in o.operand_slots:
                                v = slot.value
                                owner = v.owner
                                if owner in known:
                                    continue
                                if not dominates(v, o):
                                    _dominance_error(o, o.operand_slots.index(slot), v)
                                if owner is not o:
                                    known.add(owner)
                            known.add(o)
                        if o.regions and not (o.opdef is not None and o.opdef.isolated):
                            stack.append(o)
                        o = o.next


def _dominance_error(user, idx, v):
    from pyopt.ir.core import BlockArgument
    d = Diagnostic("error", user.loc, f"operand #{idx} does not dominate this use")
    if isinstance(v, BlockArgument):
        r = v.owner.parent  # noted at the op owning the argument's region, as MLIR does
        d.attach_note(_block_arg_note(v, user), r.parent.loc if r is not None and
                      r.parent is not None else None)
    else:
        def_op = v.owner
        d.attach_note("operand defined here " + _def_relation(def_op, user), def_op.loc)
    err = VerifyError(d)
    err.op = user
    raise err


def _block_arg_note(v, user):
    b = v.owner
    r = b.parent
    idx = r.blocks.index(b) if r is not None else 0
    rel = _region_relation(r, user)
    if rel is None:
        return f"operand defined as a block argument (block #{idx} neither in a parent nor " \
               f"in a child region)"
    return f"operand defined as a block argument (block #{idx} in {rel})"


def _region_relation(r, user):
    ur = user.parent_region
    if ur is r:
        return "the same region"
    if r is not None and r.is_ancestor_of_region(ur):
        return "a parent region"
    if ur is not None and ur.is_ancestor_of_region(r):
        return "a child region"
    return None


def _def_relation(def_op, user):
    if def_op.parent is user.parent:
        return "(op in the same block)"
    if def_op.parent_region is user.parent_region:
        return "(op in the same region)"
    rel = _region_relation(def_op.parent_region, user)
    if rel is None:
        return "(op is neither in a parent nor in a child region)"
    return "(op in " + rel + ")"


def _has_ssa_dominance(op, region_index):
    d = op.opdef
    if d is None:
        return False
    if T.GRAPH_REGION in d.traits:
        return False
    if d.region_kinds is not None:
        return d.region_kinds[region_index] != "graph"
    return True


def _may_lack_terminator(op, region):
    if len(region.blocks) != 1:
        return False
    d = op.opdef
    return d is None or T.NO_TERMINATOR in d.traits


# The context being verified: op verifiers that report more than errors (remarks) reach the
# diagnostic engine through it.
current_ctx = None


def verify(op, ctx):
    global current_ctx
    from pyopt.ir import symbols
    saved, saved_ctx = symbols.active_tables, current_ctx
    symbols.active_tables = symbols.SymbolTableCollection()
    current_ctx = ctx
    try:
        Verifier(ctx).verify(op)
    finally:
        symbols.active_tables = saved
        current_ctx = saved_ctx
