"""The IR verifier (MLIR's OperationVerifier): declared constraints, traits, op verifiers,
block/terminator structure, SSA dominance and isolation.

Errors are raised as MLIRError carrying MLIR's messages and a "see current operation" note.
"""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic
from pyopt.ir.core import OpResult
from pyopt.ir.dominance import DominanceInfo
from pyopt.ir import opdef as T
# (the op-local checks and the error builders live in verify_invariants.py; the names other
# modules import from here are re-exported)
from pyopt.ir.verify_invariants import (  # noqa: F401
    VerifyError, loc_error, op_error, plain_error, verify_declared, verify_isolated_from_above,
    verify_symbol_table, compatible_shapes, _verify_elementwise, _verify_implicit_terminator)
from pyopt.ir.verify_codegen import verify_fn_for

_BLOCK_ENTRY = "block-entry"  # worklist marker: a block's structure, then its ops
_BLOCK_EXIT = "block-exit"  # worklist marker: a block's ops are done
_CURSOR = "cursor"  # worklist marker: verify the ops from this one to the end of its block
_EXIT = "exit"  # worklist marker: an op's regions are done


# ------------------------------------------------------------------------- structure
class Verifier:
    def __init__(self, ctx, skip=frozenset()):
        self.ctx = ctx
        # isolated-from-above ops left out: another process verifies their bodies (the
        # importer's second half), here they only stand in for their symbols
        self.skip = skip
        self._infos = {}  # OpDef -> _leaf_info(OpDef)
        self._dom = None  # DominanceInfo, made at the first use that needs a real query

    def verify(self, op):
        self._verify_op_and_dominance(op)

    def verify_shallow(self, op):
        """MLIR's non-recursive verification (after a pass adaptor: the nested passes
        verified the ops they ran on): `op`'s own invariants and region invariants, and the
        dominance of the operands of the ops directly in its regions."""
        self._on_entry(op)
        self._on_exit(op, (), True)
        self._verify_dominance(op, recursive=False)

    def _verify_op_and_dominance(self, op):
        if self._verify_op(op):
            self._verify_dominance(op)

    def _verify_op(self, op):
        """Verifies `op` and the ops nested in it, but for isolated-from-above ones, which
        are verified (with their own dominance) at the exit of the op holding them. Returns
        whether an operand may not dominate its use (then _verify_dominance finds which).

        Iterative pre/post-order walk: invariants on entry, region invariants on exit. A
        block's ops are walked from a cursor: ops without regions (most of them) are verified
        in place, an op with regions suspends the cursor until its body is done. The walk
        also checks cheaply what MLIR checks in two later walks, dominance and isolation
        from above: an operand defined by an earlier op of the same block (most of them)
        passes both; the others are asked about, and a doubtful answer only marks the
        exact check (raising MLIR's first error, in MLIR's order) to be run."""
        on_entry = self._on_entry
        on_entry(op)
        if not op.regions:
            # (its exit checks would run right away: most of them only look at regions)
            d = op.opdef
            if d is None or d.verify_regions is not None or T.SYMBOL_TABLE in d.traits:
                self._on_exit(op, ())
            return False
        attr_hooks = self._dialect_attrs
        infos = self._infos
        isolated = op.opdef is not None and op.opdef.isolated
        inside = {}  # region walked -> the region of `op` it is in
        suspect_isolation = suspect_dominance = False
        dominates = None

        def ask(v, user, known, top_region):
            """An operand not defined in the user's block before it: would the exact checks
            accept it?"""
            nonlocal suspect_isolation, suspect_dominance, dominates
            if dominates is None:
                if self._dom is None:
                    self._dom = DominanceInfo()
                dominates = self._dom.properly_dominates_use
            owner = v.owner
            if not dominates(v, user):
                suspect_dominance = True
            elif owner is not user:
                known.add(owner)  # (the answer holds for every later user in the block)
            if isolated:
                vb = owner.parent if type(v) is OpResult else owner
                if inside.get(vb.parent if vb is not None else None) is not top_region:
                    suspect_isolation = True

        stack = []
        self._push_regions(op, stack, inside, None)
        while stack:
            cur, kind, scope = stack.pop()
            if kind is _CURSOR:
                known, top_region, isolated_children = scope
                o = cur
            elif kind is _BLOCK_ENTRY:
                block = cur[2]
                self._verify_block(*cur)
                o = block.first
                if o is None:
                    continue
                known, top_region, isolated_children = scope
                known.add(block)
            elif kind is _BLOCK_EXIT:
                self._verify_block_exit(*cur)
                continue
            else:  # (the root's exit comes last)
                self._on_exit(cur, scope, cur is op and suspect_isolation)
                continue
            while o is not None:
                slots = o.operand_slots
                if slots:
                    for slot in slots:
                        v = slot.value
                        if v.owner not in known:
                            ask(v, o, known, top_region)
                known.add(o)
                d = o.opdef
                if o.regions:
                    if d is not None and d.isolated:
                        isolated_children.append(o)
                        o = o.next
                        continue
                    nxt = o.next
                    if nxt is not None:
                        stack.append((nxt, _CURSOR, scope))
                    on_entry(o)
                    self._push_regions(o, stack, inside, top_region)
                    break
                if o.attributes:
                    attr_hooks(o)
                if d is None:
                    self._on_exit(o, ())
                else:
                    info = infos.get(d)
                    if info is None:
                        info = infos[d] = self._leaf_info(d)
                    fn, custom, exit_checks = info
                    fn(o, d)
                    if custom is not None:
                        custom(o)
                    if exit_checks:
                        self._on_exit(o, ())
                o = o.next
        return suspect_dominance

    @staticmethod
    def _leaf_info(d):
        """(generated verifier, op verifier, exit checks needed) of a declaration, looked up
        once per verification (declarations may change between runs, not during one)."""
        fn = d.__dict__.get("_verify_fn")
        if fn is None:
            fn = verify_fn_for(d)
        return fn, d.verify, d.verify_regions is not None or T.SYMBOL_TABLE in d.traits

    def _push_regions(self, cur, stack, inside, top_region):
        """Entering an op with regions: pushes its exit, then each block's entry (structure
        checks and a cursor over its ops) and exit (the terminator check, after the block's
        ops as MLIR's verifyOnExit), to be popped in order. `inside` maps each region to
        the region of the walk's root op it is in (`top_region`, None for the root's own).
        The isolated-from-above ops of its blocks are collected in the list its exit carries
        (they are verified at its exit)."""
        isolated_children = []
        stack.append((cur, _EXIT, isolated_children))
        for r in reversed(cur.regions):
            top = r if top_region is None else top_region
            inside[r] = top
            for b in reversed(r.blocks):
                stack.append(((cur, r, b), _BLOCK_EXIT, None))
                stack.append(((cur, r, b), _BLOCK_ENTRY, (set(), top, isolated_children)))

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
                fn = verify_fn_for(d)
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

    def _on_exit(self, op, isolated_children, suspect_isolation=False):
        """Exit checks of `op`, once the ops in its regions are verified: first its
        isolated-from-above children (collected by the walk), then its region invariants.
        Isolation from above is checked when the walk could not vouch for it."""
        for o in isolated_children:
            if o not in self.skip:
                self._verify_op_and_dominance(o)
        d = op.opdef
        if d is not None:
            if d.implicit_terminator is not None:
                _verify_implicit_terminator(op, d.implicit_terminator)
            if d.isolated and suspect_isolation:
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
    def _verify_dominance(self, op, recursive=True):
        """Every operand of an op in a reachable block must properly dominate it (graph
        regions are handled by the dominance query itself); isolated ops verify their own.
        Not `recursive`: only the ops directly in `op`'s regions."""
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
                        if recursive and o.regions and not (o.opdef is not None and
                                                             o.opdef.isolated):
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


def verify(op, ctx, recursive=True, skip=frozenset()):
    """Verifies `op` and, if `recursive`, everything nested in it (MLIR's mlir::verify) but
    the isolated-from-above ops in `skip`."""
    global current_ctx
    from pyopt.ir import symbols
    saved, saved_ctx = symbols.active_tables, current_ctx
    symbols.active_tables = symbols.SymbolTableCollection(ir_fixed=True)
    current_ctx = ctx
    try:
        if recursive:
            Verifier(ctx, skip).verify(op)
        else:
            Verifier(ctx).verify_shallow(op)
    finally:
        symbols.active_tables = saved
        current_ctx = saved_ctx
