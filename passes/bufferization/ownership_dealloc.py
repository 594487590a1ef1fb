"""`ownership-based-buffer-deallocation`: every buffer a function allocates gets freed by a
`bufferization.dealloc` at the end of the block that owns it, with i1 ownership indicators
passed along branches, region control flow and (with `private-function-dynamic-ownership`)
calls of private functions; returned buffers are cloned unless owned (function boundary ABI).
MLIR 19's algorithm (OwnershipBasedBufferDeallocation.cpp): blocks are processed nested regions
first, each region in forward dominance order; ops are handled through their interfaces (memory
effects, RegionBranchOpInterface, CallOpInterface, BranchOpInterface, region terminators) or
their BufferDeallocationOpInterface model (passes/bufferization/dealloc_models.py)."""
from __future__ import annotations

from pyopt.interfaces.branch import branch_model, successor_operands
from pyopt.interfaces.buffer_deallocation import dealloc_model
from pyopt.interfaces.control_flow import (entry_successor_operands, is_call, is_region_branch,
                                           terminator_successor_operands, call_callee)
from pyopt.interfaces.function_like import is_external, is_function_like
from pyopt.ir.core import Block
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.ir.gc_policy import collector_paused
from pyopt.ir.symbols import SymbolTableCollection
from pyopt.ir.opdef import ATTR_SIZED_OPERANDS, NO_TERMINATOR, TERMINATOR, segment_sizes
from pyopt.ir.types import I1, UnrankedMemRefType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.folding import RECURSIVE_MEMORY_EFFECTS, declared_effects
from pyopt.rewrite.matchers import constant_int
from pyopt.rewrite.rewriter import Builder
from pyopt.dialects.bufferization.attributes import MANUAL_DEALLOCATION
from pyopt.dialects.bufferization.canonicalize import build_dealloc, value_loc

from passes.bufferization import dealloc_models
from passes.bufferization.dealloc_state import (DeallocationState, bool_constant,
                                                insert_dealloc_for_return_like, is_memref)


def _error(op_or_loc, message):
    loc = getattr(op_or_loc, "loc", op_or_loc)
    err = MLIRError(Diagnostic("error", loc, message))
    if hasattr(op_or_loc, "regions"):
        err.op = op_or_loc
    return err


# -- what the generic handling asks of an op ----------------------------------------------
_effect_kinds = declared_effects  # (MemoryEffectOpInterface: an op's own effects)


def _recursive_effects(op):
    return op.opdef is not None and RECURSIVE_MEMORY_EFFECTS in op.opdef.traits


def _has_buffer_semantics(op):
    if any(is_memref(v) for v in op.operands) or any(is_memref(v) for v in op.results):
        return True
    return any(r.blocks and any(is_memref(a) for a in r.blocks[0].args) for r in op.regions)


def _neither_alloc_nor_free(op):
    eff = _effect_kinds(op)
    if eff is not None:
        return "alloc" not in eff and "free" not in eff
    return _recursive_effects(op)


def _is_region_terminator(op):
    return terminator_successor_operands(op) is not None and op.opdef is not None and \
        TERMINATOR in op.opdef.traits


def _verify_op_preconditions(op):
    if not _has_buffer_semantics(op) and _neither_alloc_nor_free(op):
        return
    if op.name == "bufferization.dealloc":
        raise _error(op, "No deallocation operations must be present when running this pass!")
    if _effect_kinds(op) is None and not _recursive_effects(op) and not is_call(op):
        raise _error(op, "ops with unknown memory side effects are not supported")
    n = len(op.regions)
    if ((n == 1 and op.results) or n > 1) and not is_region_branch(op):
        raise _error(op, "All operations with attached regions need to implement the "
                     "RegionBranchOpInterface.")
    traits = op.opdef.traits if op.opdef is not None else ()
    if NO_TERMINATOR in traits:
        raise _error(op, "NoTerminator trait is not supported")
    if TERMINATOR in traits:
        is_branch = branch_model(op) is not None
        if is_branch == _is_region_terminator(op):
            raise _error(op, "Terminators must implement either BranchOpInterface or "
                         "RegionBranchTerminatorOpInterface (but not both)!")
        if len(op.successors) > 1:
            raise _error(op, "Terminators with more than one successor are not supported!")


def has_backedges(func):
    """Explicit control-flow loops (upstream's Backedges analysis)."""
    on_path = set()

    def visit_op(op):
        if branch_model(op) is not None:
            for s in op.parent.successors:
                if visit_block(s):
                    return True
        for r in op.regions:
            if r.blocks and visit_block(r.blocks[0]):
                return True
        return False

    def visit_block(block):
        if block in on_path:
            return True
        on_path.add(block)
        for op in block.ops:
            if visit_op(op):
                return True
        on_path.discard(block)
        return False
    return visit_op(func)


def _forward_dominance_blocks(region):
    """The region's reachable blocks in depth-first pre-order from the entry."""
    if not region.blocks:
        return []
    out, seen, stack = [], set(), [region.blocks[0]]
    while stack:
        b = stack.pop()
        if b in seen:
            continue
        seen.add(b)
        out.append(b)
        stack.extend(reversed(b.successors))
    return out


def _blocks_post_order(op, out):
    """Blocks nested in `op`: each block after the blocks nested in its ops."""
    for r in op.regions:
        for b in _forward_dominance_blocks(r):
            for inner in b.ops:
                if inner.regions:
                    _blocks_post_order(inner, out)
            out.append(b)
    return out


def _parent_region(v):
    d = v.defining_op()
    return d.parent.parent if d is not None else v.owner.parent


def _is_proper_ancestor(region, other):
    r = other
    while r is not None:
        op = r.parent
        r = op.parent.parent if op is not None and op.parent is not None else None
        if r is region:
            return True
    return False


def _append_operands(op, values):
    """Appends `values` to op's last operand group."""
    if not values:
        return
    if ATTR_SIZED_OPERANDS in op.opdef.traits:
        sizes = list(op.properties["operandSegmentSizes"].values)
        sizes[-1] += len(values)
        op.properties["operandSegmentSizes"] = segment_sizes(sizes)
    op.insert_operands(len(op.operands), list(values))


class OwnershipDeallocation:
    def __init__(self, func, ctx, dynamic_ownership, symbol_tables=None):
        self.state = DeallocationState(func)
        self.ctx = ctx
        self.dynamic = dynamic_ownership
        # (one collection for the pass: it renames no symbol, so each table is built once)
        self.symbol_tables = symbol_tables or SymbolTableCollection()

    def builder_at_start(self, block):
        b = Builder(self.ctx)
        b.set_insertion_point_to_start(block)
        return b

    def builder_before(self, op):
        b = Builder(self.ctx)
        b.set_insertion_point(op)
        return b

    # -- driver -------------------------------------------------------------------------------
    def run(self, func):
        if has_backedges(func):
            raise _error(func, "Only structured control-flow loops are supported.")
        for block in _blocks_post_order(func, []):
            self.deallocate_block(block)
        self.update_function_signature(func)

    def deallocate_block(self, block):
        state = self.state
        b = self.builder_at_start(block)
        region = block.parent
        for live in state.live_memrefs_in(block):
            live_region = _parent_region(live)
            if live_region is region:
                state.update_ownership(live, state.get_ownership(live, live.parent_block),
                                       block)
                state.add_memref_to_deallocate(live, block)
            elif _is_proper_ancestor(live_region, region):
                state.update_ownership(live, bool_constant(b, False, value_loc(live)), block)
        parent = region.parent
        is_func_entry = is_function_like(parent) and block is region.blocks[0]
        for arg in list(block.args):
            if not is_memref(arg):
                continue
            if is_func_entry:
                state.update_ownership(arg, bool_constant(b, False, arg.loc))
            else:
                state.update_ownership(arg, block.add_argument(I1, arg.loc))
            state.add_memref_to_deallocate(arg, block)
        op = block.first
        while op is not None:
            nxt = op.next
            result = self.handle(op)
            if result is not None:
                self.populate_remaining_ownerships(result)
            op = nxt

    def handle(self, op):
        model = dealloc_model(op)
        if model is not None:
            return model.process(op, self.state, self)
        _verify_op_preconditions(op)
        if _effect_kinds(op) is not None:
            op = self.handle_memory_effects(op)
        if is_region_branch(op):
            op = self.handle_region_branch(op)
        if is_call(op):
            op = self.handle_call(op)
        if branch_model(op) is not None:
            op = self.handle_branch(op)
        if _is_region_terminator(op):
            op = self.handle_region_terminator(op)
        return op

    # -- the interface handlers ----------------------------------------------------------------
    def handle_memory_effects(self, op):
        state, block = self.state, op.parent
        eff = _effect_kinds(op)
        manual = MANUAL_DEALLOCATION in op.attributes
        if "free" in eff:
            for v in op.operands:
                if not is_memref(v):
                    continue
                if not manual:
                    raise _error(op, "memory free side-effect on MemRef value not supported!")
                own = state.get_ownership(v, block)
                if own.is_unique:
                    b = self.builder_before(op)
                    inverted = b.create("arith.xori", [own.indicator,
                                                       bool_constant(b, True, op.loc)],
                                        [I1], loc=op.loc).results[0]
                    b.create("cf.assert", [inverted], [], properties={
                        "msg": _str_attr("expected that the block does not have ownership")},
                        loc=op.loc)
        if "alloc" in eff:
            b = self.builder_at_start(block)
            auto = dealloc_models.allocates_in_automatic_scope(op)
            for r in op.results:
                if not is_memref(r):
                    continue
                if auto or manual:
                    state.reset_ownerships([r], block)
                    state.update_ownership(r, bool_constant(b, False, op.loc))
                    continue
                state.update_ownership(r, bool_constant(b, True, op.loc))
                state.add_memref_to_deallocate(r, block)
        return op

    def append_results(self, op, types):
        """A copy of `op` with more results (its regions moved over); op is erased."""
        b = self.builder_before(op)
        new = b.create(op.name, op.operands, [r.type for r in op.results] + list(types),
                       properties=dict(op.properties), attributes=dict(op.attributes),
                       regions=len(op.regions), successors=op.successors, loc=op.loc)
        for old_r, new_r in zip(op.regions, new.regions):
            new_r.take_body(old_r)
        for old, nr in zip(op.results, new.results):
            old.replace_all_uses_with(nr)
            self.state.replaced[old] = nr
        op.erase()
        return new

    def handle_region_branch(self, op):
        state = self.state
        b = self.builder_at_start(op.parent)
        n_memref_in = sum(1 for v in entry_successor_operands(op) if is_memref(v))
        false = bool_constant(b, False, op.loc)
        _append_operands(op, [false] * n_memref_in)
        count = len(op.results)
        n_memref_out = sum(1 for r in op.results if is_memref(r))
        new = self.append_results(op, [I1] * n_memref_out)
        for r in list(new.results):
            if is_memref(r):
                state.update_ownership(r, new.results[count])
                count += 1
                state.add_memref_to_deallocate(r, new.parent)
        return new

    def handle_call(self, op):
        state = self.state
        callee = self.resolve_callable(op)
        private = callee is not None and _is_private(callee) and not is_external(callee)
        if self.dynamic and private:
            count = len(op.results)
            n = sum(1 for r in op.results if is_memref(r))
            new = self.append_results(op, [I1] * n)
            for r in list(new.results):
                if is_memref(r):
                    state.update_ownership(r, new.results[count])
                    count += 1
                    state.add_memref_to_deallocate(r, r.parent_block)
            return new
        b = self.builder_before(op)
        true = bool_constant(b, True, op.loc)
        for r in op.results:
            if is_memref(r):
                state.update_ownership(r, true)
                state.add_memref_to_deallocate(r, r.parent_block)
        return op

    def resolve_callable(self, op):
        from pyopt.ir.attributes import SymbolRefAttr
        callee = call_callee(op)
        if not isinstance(callee, SymbolRefAttr):
            return None
        return self.symbol_tables.lookup_nearest(op, callee)

    def handle_branch(self, op):
        if len(op.successors) > 1:
            raise _error(op, "BranchOpInterface operations with multiple successors are not "
                         "supported yet")
        if len(op.successors) != 1:
            raise _error(op, "only BranchOpInterface operations with exactly one successor "
                         "are supported yet")
        state, block = self.state, op.parent
        b = self.builder_before(op)
        memrefs, conds = state.memrefs_and_conditions_to_deallocate(b, op.loc, block)
        fwd = successor_operands(op, 0)
        forwarded = fwd.values
        retain = state.memrefs_to_retain(block, op.successors[0], forwarded)
        dealloc = build_dealloc(b, memrefs, conds, retain, op.loc)
        state.reset_ownerships(retain, block)
        for r, o in zip(retain, dealloc.results):
            state.update_ownership(r, o, block)
        n = sum(1 for v in forwarded if is_memref(v))
        fwd.append(list(dealloc.results[:n]))
        return op

    def handle_region_terminator(self, op):
        parent = op.parent.parent.parent
        static_abi = self.function_without_dynamic_ownership(parent)
        if static_abi:
            b = self.builder_before(op)
            for i, v in enumerate(op.operands):
                if is_memref(v):
                    op.set_operand(i, self.materialize_guaranteed_ownership(b, v, op.parent))
        operands = terminator_successor_operands(op)
        updated = insert_dealloc_for_return_like(self.state, self.builder_before(op), op,
                                                 list(operands))
        if updated is None:
            return op
        if not static_abi:
            _append_operands(op, updated)
        return op

    def function_without_dynamic_ownership(self, op):
        return is_function_like(op) and (not self.dynamic or not _is_private(op)
                                         or is_external(op))

    # -- ownership materialization -------------------------------------------------------------
    def materialize_unique_ownership(self, b, memref, block):
        if memref.parent_block is not block:
            return self.state.memref_with_unique_ownership(b, memref, block)
        owner = memref.defining_op() or memref.parent_block.parent.parent
        model = dealloc_model(owner) if owner is not None else None
        fn = getattr(model, "materialize_unique_ownership", None)
        if fn is not None:
            return fn(owner, self.state, self, b, memref)
        return self.state.memref_with_unique_ownership(b, memref, block)

    def materialize_guaranteed_ownership(self, b, memref, block):
        new, cond = self.materialize_unique_ownership(b, memref, block)
        if constant_int(cond) == 1:
            return new
        loc = value_loc(memref)
        if_op = b.create("scf.if", [cond], [new.type], regions=2, loc=loc)
        then, other = Block(), Block()
        if_op.regions[0].append(then)
        if_op.regions[1].append(other)
        inner = Builder(self.ctx)
        inner.set_insertion_point_to_end(then)
        inner.create("scf.yield", [new], [], loc=loc)
        inner.set_insertion_point_to_end(other)
        clone = inner.create("bufferization.clone", [new], [new.type], loc=loc).results[0]
        inner.create("scf.yield", [clone], [], loc=loc)
        result = if_op.results[0]
        self.state.update_ownership(result, bool_constant(b, True, loc))
        self.state.add_memref_to_deallocate(result, result.parent_block)
        return result

    def populate_remaining_ownerships(self, op):
        state, block = self.state, op.parent
        for r in op.results:
            if not is_memref(r) or not state.get_ownership(r, block).is_uninitialized:
                continue
            for v in op.operands:
                if is_memref(v):
                    state.update_ownership(r, state.get_ownership(v, v.parent_block), block)
            if state.get_ownership(r, block).is_uninitialized:
                state.update_ownership(r, bool_constant(self.builder_before(op), False, op.loc))

    def update_function_signature(self, func):
        from pyopt.interfaces.function_like import function_type, set_function_type
        from pyopt.ir.types import FunctionType
        body = func.regions[0]
        types = [[v.type for v in terminator_successor_operands(o)]
                 for blk in body.blocks for o in blk.ops if _is_region_terminator(o)]
        if any(t != types[0] for t in types[1:]):
            raise _error(func, "there are multiple return operations with different operand "
                         "types")
        results = types[0] if types else list(function_type(func).results)
        new = FunctionType(list(body.blocks[0].arg_types), results)
        if new is not function_type(func):
            set_function_type(func, new)


def _is_private(op):
    vis = op.get_attr("sym_visibility")
    return vis is not None and vis.value == "private"


def _str_attr(s):
    from pyopt.ir.attributes import StringAttr
    return StringAttr(s)


def deallocate_function(func, ctx, dynamic_ownership=False, symbol_tables=None):
    """deallocateBuffersOwnershipBased on one function."""
    OwnershipDeallocation(func, ctx, dynamic_ownership, symbol_tables).run(func)


@register_pass("ownership-based-buffer-deallocation",
               "Adds all required dealloc operations for all allocations in the input program",
               options=[PassOption("private-function-dynamic-ownership", bool, False,
                                   "Allows to add additional arguments to private functions to "
                                   "dynamically pass ownership of memrefs to callees. This can "
                                   "enable earlier deallocations.")],
               display_name="OwnershipBasedBufferDeallocationPass")
def ownership_based_buffer_deallocation(op, ctx, options):
    dynamic = bool(options.get("private-function-dynamic-ownership"))
    funcs = [o for o in op.walk_ops() if o.name == "func.func" and not is_external(o)]
    tables = SymbolTableCollection()
    with collector_paused():  # (much new IR: see gc_policy)
        for f in funcs:
            deallocate_function(f, ctx, dynamic, tables)
