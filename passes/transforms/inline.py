"""`inline`: the SCC-based inliner (MLIR's InlinerPass, Inliner and InliningUtils).

The call graph's SCCs are visited bottom-up. For each SCC, up to `max-iterations` times: the
simplification pipeline runs on every callable of the SCC, then every call inside the SCC's
callables that resolves to a known callable is inlined if legal (the dialect inliner models of
pyopt/interfaces/inliner.py decide) and profitable. A callee with one remaining use that may be
discarded is moved instead of copied; private callables whose symbol uses drop to zero are
erased at the end. Calls brought in by inlining are tried in the same round, with an inline
history that stops a callee from being inlined into its own copies (no infinite recursion).
"""
from __future__ import annotations

from pyopt.ir.opdef import (ISOLATED, SINGLE_BLOCK, SYMBOL, SYMBOL_TABLE, TERMINATOR)
from pyopt.interfaces.inliner import dialect_inliner
from pyopt.ir.attributes import DictionaryAttr, SymbolRefAttr
from pyopt.ir.core import Block
from pyopt.ir.location import CallSiteLoc, UnknownLoc
from pyopt.ir.symbols import SymbolTableCollection, is_symbol_table, op_symbol_refs
from pyopt.ir.verifier import op_error
from pyopt.pass_registry import PassOption, pass_failure, register_pass
from pyopt.rewrite.folding import is_memory_effect_free
from pyopt.rewrite.rewriter import Builder
from pyopt.analysis.call_graph import (CHILD, CallGraph, call_args, call_callee, callable_region,
                         callable_results, is_call, is_callable, lookup_from)

UINT_MAX = (1 << 32) - 1
_EMPTY_DICT = DictionaryAttr({})


def _load_models():
    """The dialect inliner models register themselves on import."""
    from pyopt.dialects import simple_inliners  # noqa: F401
    from pyopt.dialects.func import inliner as _func  # noqa: F401
    from pyopt.dialects.affine import inliner as _affine  # noqa: F401
    from pyopt.dialects.llvm import inliner  # noqa: F401


# -- symbol uses ------------------------------------------------------------------------------
def _is_symbol(op):
    return op.opdef is not None and SYMBOL in op.opdef.traits


def _is_private(op):
    v = op.get_attr("sym_visibility")
    return v is not None and getattr(v, "value", None) == "private"




def symbol_uses(op):
    """[(SymbolRefAttr, user op)] in `op` and the ops nested in it, not looking inside nested
    symbol tables (SymbolTable::getSymbolUses)."""
    out = []
    stack = [op]
    while stack:
        o = stack.pop()
        refs = op_symbol_refs(o)
        out.extend((r, o) for r in refs)
        if o is not op and is_symbol_table(o):
            continue
        for r in reversed(o.regions):
            for b in reversed(r.blocks):
                op_ = b.last
                while op_ is not None:
                    stack.append(op_)
                    op_ = op_.prev
    return out


def walk_referenced_nodes(op, cg, resolved, callback):
    """Calls callback(node, user) for each symbol use in `op` naming a callable of the graph;
    `resolved` caches reference -> node across calls."""
    table_op = op.parent_op
    for ref, user in symbol_uses(op):
        if ref in resolved:
            node = resolved[ref]
        else:
            resolved[ref] = node = None
            target = lookup_from(cg.tables, table_op, ref) if table_op is not None else None
            if target is None or not is_callable(target):
                continue
            region = callable_region(target)
            node = resolved[ref] = cg.lookup(region) if region is not None else None
        if node is not None:
            callback(node, user)


def walk_symbol_tables(op, all_visible, callback):
    """Calls callback(table op, all uses visible) for every symbol table, innermost first."""
    is_table = is_symbol_table(op)
    if is_table:
        all_visible = all_visible or not _is_symbol(op) or _is_private(op)
    else:
        all_visible = True
    for r in op.regions:
        for b in r.blocks:
            for nested in b:
                if nested.regions:
                    walk_symbol_tables(nested, all_visible, callback)
    if is_table:
        callback(op, all_visible)


class CGUseList:
    """Symbol-use counts of the discardable (private) callables, per user node, so a callee
    can be erased, or moved in place, once its last use is inlined."""

    def __init__(self, root, cg):
        self.cg = cg
        self.discardable = {}  # node -> number of uses
        self.node_uses = {}    # node -> (set of top-level uses, {node: inner use count})
        always_live = {}

        def visit_table(table_op, all_visible):
            for op in table_op.regions[0].ops():
                if is_callable(op):
                    region = callable_region(op)
                    node = cg.lookup(region) if region is not None else None
                    if node is not None:
                        if _is_symbol(op) and _is_private(op):
                            self.discardable.setdefault(node, 0)
                        continue
                walk_referenced_nodes(op, cg, always_live, lambda n, u: None)

        walk_symbol_tables(root, root.parent is None, visit_table)
        for node in always_live.values():
            self.discardable.pop(node, None)
        for node in cg:
            self.recompute_uses(node)

    def _decrement(self, uses):
        d = self.discardable
        top, inner = uses
        for n in top:
            d[n] = d.get(n, 0) - 1
        for n, c in inner.items():
            d[n] = d.get(n, 0) - c

    def recompute_uses(self, node):
        parent_op = node.region.parent
        old = self.node_uses.get(node)
        if old is not None:
            self._decrement(old)
        top, inner = set(), {}
        d = self.discardable

        def count(ref_node, user):
            if ref_node not in d:
                return
            if user is not parent_op:
                inner[ref_node] = inner.get(ref_node, 0) + 1
            elif ref_node in top:
                return
            else:
                top.add(ref_node)
            d[ref_node] += 1
        walk_referenced_nodes(parent_op, self.cg, {}, count)
        self.node_uses[node] = (top, inner)

    def drop_call_uses(self, user_node, call):
        inner = self.node_uses[user_node][1]
        d = self.discardable

        def drop(node, user):
            if node in inner:
                inner[node] -= 1
                d[node] = d.get(node, 0) - 1
        walk_referenced_nodes(call, self.cg, {}, drop)

    def erase_node(self, node):
        for target, kind in node.edges:
            if kind == CHILD:
                self.erase_node(target)
        uses = self.node_uses.pop(node, None)
        if uses is not None:
            self._decrement(uses)
        self.discardable.pop(node, None)

    def merge_uses_after_inlining(self, callee, caller):
        src = self.node_uses.setdefault(callee, (set(), {}))[1]
        dst = self.node_uses.setdefault(caller, (set(), {}))[1]
        d = self.discardable
        for n, c in list(src.items()):
            dst[n] = dst.get(n, 0) + c
            d[n] = d.get(n, 0) + c

    def is_dead(self, node):
        op = node.region.parent
        if not _is_symbol(op):
            return is_memory_effect_free(op) and not any(r.has_uses() for r in op.results)
        return self.discardable.get(node) == 0

    def has_one_use_and_discardable(self, node):
        op = node.region.parent
        if not _is_symbol(op):
            return False
        return self.discardable.get(node) == 1


# -- the inliner interface: dispatch to the dialect models ------------------------------------
class InlinerInterface:
    def __init__(self, ctx, cg):
        self.ctx = ctx
        self.cg = cg
        self.calls = []          # [(call op, source node, target node)]
        self.dead_nodes = {}     # node -> None (ordered set)

    def builder(self):
        return Builder(self.ctx)

    def legal_call(self, call, callable_op, clone):
        m = dialect_inliner(call)
        return m is not None and m.is_legal_call(call, callable_op, clone)

    def legal_region(self, dest, src, clone, mapping):
        m = dialect_inliner(dest.parent)
        return m is not None and m.is_legal_region(dest, src, clone, mapping)

    def legal_op(self, op, dest, clone, mapping):
        m = dialect_inliner(op)
        return m is not None and m.is_legal_op(op, dest, clone, mapping)

    def analyze_recursively(self, op):
        m = dialect_inliner(op)
        return m.should_analyze_recursively(op) if m is not None else True

    def handle_terminator_branch(self, op, dest):
        m = dialect_inliner(op)
        if m is not None:
            b = self.builder()
            b.set_insertion_point(op)
            m.handle_terminator_branch(op, dest, b)

    def handle_terminator_values(self, op, values):
        m = dialect_inliner(op)
        if m is not None:
            m.handle_terminator_values(op, values)

    def handle_argument(self, builder, call, callable_op, argument, attrs):
        m = dialect_inliner(callable_op)
        return m.handle_argument(builder, call, callable_op, argument, attrs) if m else argument

    def handle_result(self, builder, call, callable_op, result, attrs):
        m = dialect_inliner(callable_op)
        return m.handle_result(builder, call, callable_op, result, attrs) if m else result

    def process_inlined_call_blocks(self, call, blocks):
        m = dialect_inliner(call)
        if m is not None:
            m.process_inlined_call_blocks(call, blocks, self.builder())

    def process_inlined_blocks(self, blocks):
        """Queues the calls brought in by inlining, attributed to the nearest graph node."""
        region = blocks[0].parent
        node = self.cg.lookup(region)
        while node is None and region is not None:
            region = region.parent.parent_region if region.parent is not None else None
            node = self.cg.lookup(region)
        if node is None:
            return
        collect_call_ops(blocks, node, self.cg, self.calls, traverse_nested=True)


def collect_call_ops(blocks, source, cg, calls, traverse_nested):
    """Appends (call, source node, target node) for each call in `blocks` that resolves to a
    callable with a body; nested callables are entered only if `traverse_nested`."""
    worklist = [(b, source) for b in blocks]
    while worklist:
        block, src = worklist.pop()
        for op in block:
            if is_call(op):
                callee = call_callee(op)
                if type(callee) is SymbolRefAttr and callee.nested:
                    continue
                target = cg.resolve(op)
                if not target.is_external:
                    calls.append((op, src, target))
                continue
            for r in op.regions:
                nested = cg.lookup(r)
                if traverse_nested or nested is None:
                    owner = nested if nested is not None else src
                    worklist.extend((b, owner) for b in r.blocks)


# -- inlining a region at a call ---------------------------------------------------------------
def _legal_ops(iface, region, dest, clone, mapping):
    for b in region.blocks:
        for op in b:
            if not iface.legal_op(op, dest, clone, mapping):
                return False
            if op.regions and iface.analyze_recursively(op):
                for r in op.regions:
                    if not _legal_ops(iface, r, dest, clone, mapping):
                        return False
    return True


def _clone_blocks(src, mapping):
    """Copies of src's blocks; entry arguments already in `mapping` are not recreated."""
    new_blocks = []
    for b in src.blocks:
        nb = Block()
        for a in b.args:
            if a not in mapping:
                mapping[a] = nb.add_argument(a.type, a.loc)
        mapping[b] = nb
        new_blocks.append(nb)
    for b, nb in zip(src.blocks, new_blocks):
        for op in b:
            nb.append(op.clone(mapping))
    return new_blocks


def _remap_operands(blocks, mapping):
    get = mapping.get

    def remap(op):
        for s in op.operand_slots:
            v = get(s.value)
            if v is not None and v is not s.value:
                s.set(v)
    for b in blocks:
        for op in b:
            op.walk(remap)


def _remap_locations(blocks, caller_loc):
    cache = {}

    def remap(op):
        loc = op.loc
        new = cache.get(id(loc))
        if new is None:
            new = cache[id(loc)] = (CallSiteLoc(loc, caller_loc), loc)
        op.loc = new[0]
    for b in blocks:
        for op in b:
            op.walk(remap)


def _split_after(block, point):
    """The block holding `point` and everything after it (a new empty block if None)."""
    if point is not None:
        return block.split_before(point)
    nb = Block()
    region = block.parent
    region.blocks.insert(region.blocks.index(block) + 1, nb)
    nb.parent = region
    return nb


def _move_ops_to_end(src, dest):
    op = src.first
    while op is not None:
        nxt = op.next
        src._unlink(op)
        dest.append(op)
        op = nxt


def _drop_block(block):
    block.parent.blocks.remove(block)
    block.parent = None


def _attrs_at(array, i):
    return array.value[i] if array is not None and i < len(array.value) else _EMPTY_DICT


def _handle_arguments(iface, builder, call, callable_op, mapping):
    arg_attrs = callable_op.properties.get("arg_attrs")
    for i, arg in enumerate(callable_region(callable_op).blocks[0].args):
        mapping[arg] = iface.handle_argument(builder, call, callable_op, mapping[arg],
                                             _attrs_at(arg_attrs, i))


def _handle_results(iface, builder, call, callable_op, values):
    res_attrs = callable_op.properties.get("res_attrs")
    for i, v in enumerate(values):
        users = {u.owner for u in v.uses()}
        new = iface.handle_result(builder, call, callable_op, v, _attrs_at(res_attrs, i))
        if new is not v:
            v.replace_uses_if(new, lambda u: u.owner in users)


def inline_region(iface, src, block, point, mapping, results, result_types, loc, clone,
                  call=None):
    """Inlines region `src` into `block` before op `point` (None: at the end), replacing
    `results` with what the region returns. False (IR untouched) when it is not legal."""
    if not src.blocks:
        return False
    if any(a not in mapping for a in src.blocks[0].args):
        return False
    dest = block.parent
    if not iface.legal_region(dest, src, clone, mapping) or \
            not _legal_ops(iface, src, dest, clone, mapping):
        return False
    builder = iface.builder()
    builder.block, builder.anchor = block, point
    callable_op = src.parent if src.parent is not None and is_callable(src.parent) else None
    if call is not None and callable_op is not None:
        _handle_arguments(iface, builder, call, callable_op, mapping)

    post = _split_after(block, point)
    if clone:
        new_blocks = _clone_blocks(src, mapping)
    else:
        new_blocks = src.blocks
        src.blocks = []
    for b in new_blocks:
        b.parent = dest
    at = dest.blocks.index(post)
    dest.blocks[at:at] = new_blocks
    if loc is not None and not isinstance(loc, UnknownLoc):
        _remap_locations(new_blocks, loc)
    _remap_operands(new_blocks, mapping)
    if call is not None:
        iface.process_inlined_call_blocks(call, new_blocks)
    iface.process_inlined_blocks(new_blocks)

    first = new_blocks[0]
    start = dest.blocks.index(first)
    new_blocks = dest.blocks[start:dest.blocks.index(post, start)]
    if len(new_blocks) == 1:
        term = first.last
        builder.set_insertion_point(term)
        if call is not None and callable_op is not None:
            _handle_results(iface, builder, call, callable_op, term.operands)
        iface.handle_terminator_values(term, results)
        term.erase()
        _move_ops_to_end(post, first)
        _drop_block(post)
    else:
        for r, t in zip(results, result_types):
            r.replace_all_uses_with(post.add_argument(t, r.owner.loc))
        builder.set_insertion_point_to_start(post)
        if call is not None and callable_op is not None:
            _handle_results(iface, builder, call, callable_op, post.args)
        for b in new_blocks:
            iface.handle_terminator_branch(b.last, post)
    _move_ops_to_end(first, block)
    _drop_block(first)
    return True


def inline_call(iface, call, callable_op, src, clone):
    """Inlines `callable_op`'s region `src` at `call` (mlir::inlineCall)."""
    if not src.blocks:
        return False
    entry = src.blocks[0]
    result_types = callable_results(callable_op)
    operands = call_args(call)
    results = call.results
    if len(operands) != len(entry.args) or len(results) != len(result_types):
        return False
    # (none of our dialects materializes call conversions: a type mismatch prevents inlining)
    if any(v.type != a.type for v, a in zip(operands, entry.args)) or \
            any(r.type != t for r, t in zip(results, result_types)):
        return False
    mapping = dict(zip(entry.args, operands))
    if not iface.legal_call(call, callable_op, clone):
        return False
    return inline_region(iface, src, call.parent, call.next, mapping, results, result_types,
                         call.loc, clone, call)


# -- the SCC driver ---------------------------------------------------------------------------
def _count_ops(region):
    n = 0
    for b in region.blocks:
        for op in b:
            for _ in op.walk_ops():
                n += 1
    return n


def _history_includes(node, hid, history):
    while hid is not None:
        if history[hid][0] is node:
            return True
        hid = history[hid][1]
    return False


def _split_top_level(text):
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
        elif c == "," and depth == 0:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [s.strip() for s in out if s.strip()]


class Inliner:
    def __init__(self, root, ctx, options):
        self.root = root
        self.ctx = ctx
        self.max_iterations = options["max-iterations"]
        self.threshold = options["inlining-threshold"]
        self.default_pipeline = options["default-pipeline"]
        self.op_pipelines = {}
        from pyopt.pass_manager import parse_pipeline
        for text in _split_top_level(options["op-pipelines"]):
            try:
                pm = parse_pipeline(text)
            except Exception as e:
                raise pass_failure(root, f"invalid op-pipelines entry '{text}': {e}")
            if pm.items:
                self.op_pipelines.setdefault(pm.anchor, pm)
        self.cg = CallGraph(root, SymbolTableCollection())
        self.uses = CGUseList(root, self.cg)
        self.iface = InlinerInterface(ctx, self.cg)

    def run(self):
        dead = self.iface.dead_nodes
        for scc in self.cg.sccs():
            # (a node consumed by in-place inlining has no body left to visit)
            self._inline_scc([n for n in scc if n not in dead])
        for node in dead:
            node.region.parent.erase()

    def _inline_scc(self, scc):
        count = 0
        while True:
            self._optimize_scc(scc)
            if not self._inline_calls_in_scc(scc):
                break
            count += 1
            if count >= self.max_iterations:
                break

    # -- simplification ------------------------------------------------------------------------
    def _pipeline_for(self, op_name):
        pm = self.op_pipelines.get(op_name)
        if pm is None and self.default_pipeline:
            from pyopt.pass_manager import parse_pipeline
            try:
                pm = parse_pipeline(f"{op_name}({self.default_pipeline})")
            except Exception:  # an unparsable pipeline is ignored, as upstream does
                pm = None
            self.op_pipelines[op_name] = pm
        return pm

    def _optimize_scc(self, scc):
        nodes = [n for n in scc if not n.is_external and not n.has_children()
                 and n.region.parent.has_trait(ISOLATED)]
        if not nodes:
            return
        from pyopt.pass_manager import PassManager
        for node in nodes:
            op = node.region.parent
            pm = self._pipeline_for(op.name)
            if pm is not None and pm.items:
                PassManager(pm, verify_each=False).run(
                    op, self.ctx, getattr(self.ctx, "diag_engine", None))
        for node in nodes:
            self.uses.recompute_uses(node)

    # -- inlining ------------------------------------------------------------------------------
    def _profitable(self, src, target):
        t = self.threshold
        if t == 0:
            return False
        if t == UINT_MAX:
            return True
        caller_ops = _count_ops(src.region)
        if caller_ops == 0:
            return True
        return _count_ops(target.region) * 100 // caller_ops <= t

    def _should_inline(self, call, src, target):
        if call.has_trait(TERMINATOR) or target.calls_itself():
            return False
        region = target.region
        if region.is_ancestor_of_region(call.parent_region):
            return False
        if len(region.blocks) >= 2:
            parent = call.parent_op
            d = parent.opdef
            multi_ok = region.parent.name == parent.name or (
                d is not None and SINGLE_BLOCK not in d.traits and d.implicit_terminator is None)
            if not multi_ok:
                return False
        return self._profitable(src, target)

    def _inline_calls_in_scc(self, scc):
        iface, uses = self.iface, self.uses
        calls = iface.calls
        dead = {}
        for node in scc:
            if node.is_external:
                continue
            if uses.is_dead(node):
                dead[node] = None
            else:
                collect_call_ops(node.region.blocks, node, self.cg, calls,
                                 traverse_nested=False)
        history = []  # [(target node, parent history id)]
        call_history = [None] * len(calls)
        inlined_any = False
        i = 0
        while i < len(calls):
            call, src, target = calls[i]
            hid = call_history[i]
            i += 1
            if src in dead or _history_includes(target, hid, history) or \
                    not self._should_inline(call, src, target):
                continue
            before = len(calls)
            in_place = uses.has_one_use_and_discardable(target)
            if not inline_call(iface, call, target.region.parent, target.region, not in_place):
                call_history.extend([hid] * (len(calls) - before))
                continue
            inlined_any = True
            history.append((target, hid))
            call_history.extend([len(history) - 1] * (len(calls) - before))
            uses.drop_call_uses(src, call)
            uses.merge_uses_after_inlining(target, src)
            call.erase()
            if in_place:
                uses.erase_node(target)
                dead[target] = None
        for node in dead:
            if node in scc:
                scc.remove(node)
            iface.dead_nodes[node] = None
        calls.clear()
        return inlined_any


@register_pass("inline", "Inline function calls", display_name="Inliner", options=[
    PassOption("default-pipeline", str, "canonicalize",
               "The optimizer pipeline used for callables that do not have a dedicated "
               "optimizer pipeline in opPipelineList"),
    PassOption("op-pipelines", str, "",
               "Callable operation specific optimizer pipelines (in the form of "
               "`dialect.op(pipeline)`)", list_like=True),
    PassOption("max-iterations", int, 4,
               "Maximum number of iterations when inlining within an SCC"),
    PassOption("inlining-threshold", int, UINT_MAX,
               "If the ratio between the number of the operations in the callee and the "
               "number of the operations in the caller exceeds this value (in percentage), "
               "then the callee is not inlined even if it is legal to inline it"),
])
def inline_pass(op, ctx, options):
    if op.opdef is None or SYMBOL_TABLE not in op.opdef.traits:
        raise op_error(op, " was scheduled to run under the inliner, but does not define a "
                       "symbol table")
    _load_models()
    Inliner(op, ctx, options).run()
