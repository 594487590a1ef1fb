"""BufferizableOpInterface: what one-shot bufferization asks an op about its tensors.

For each tensor operand: does it read or write its buffer, which values (results or block
arguments) may share that buffer (`aliasing_values`), and with which relation (EQUIVALENT:
the very same buffer; UNKNOWN: some alias). For each tensor value: which operands it may
alias (`aliasing_operands`), its buffer type, whether its buffer may be written. And the
`bufferize` hook that rewrites the op onto memrefs.

A model is a `BufferizableModel` subclass instance attached under BUFFERIZABLE (dialect
models live in pyopt/dialects/bufferizable_models/). Ops without a model (or filtered out by
the options) are "unknown": they read and write every tensor operand and may alias all of
their tensor results. Errors raise MLIRError (op_error / plain_error), never return codes.
"""
from __future__ import annotations

from pyopt.interfaces import model
from pyopt.interfaces.control_flow import is_region_branch, region_successors
from pyopt.ir.core import OpResult
from pyopt.ir.types import (DYNAMIC, MemRefType, RankedTensorType,
                            UnrankedMemRefType, UnrankedTensorType)
from pyopt.ir.verify_invariants import op_error, plain_error

BUFFERIZABLE = "BufferizableOpInterface"
TensorType = (RankedTensorType, UnrankedTensorType)

EQUIVALENT, UNKNOWN = "equivalent", "unknown"  # BufferRelation


def is_tensor(t):
    return isinstance(t, TensorType)


class AliasingValue:
    __slots__ = ("value", "relation", "definite")

    def __init__(self, value, relation=EQUIVALENT, definite=True):
        self.value, self.relation, self.definite = value, relation, definite


class AliasingOperand:
    __slots__ = ("operand", "relation", "definite")

    def __init__(self, operand, relation=EQUIVALENT, definite=True):
        self.operand, self.relation, self.definite = operand, relation, definite


def operand_slot(op, name):
    """The OpOperand of op's (first) operand in the declared group `name`, or None."""
    d = op.opdef
    for gi, a in enumerate(d.operands):
        if a.name == name:
            start, n = d.group_ranges(op, "operand")[gi]
            return op.operand_slots[start] if n else None
    raise KeyError(name)


def owner_op(value):
    """getOwnerOfValue: a result's op, a block argument's region owner."""
    return value.owner if type(value) is OpResult else value.owner.parent_op


# -- the model base: upstream's default implementations ------------------------------------
class BufferizableModel:
    supports_unstructured_control_flow = False
    is_cast = False  # CastOpInterface (tensor.cast)
    # SubsetInsertionOpInterface: a method op -> (source OpOperand, destination OpOperand),
    # with `is_equivalent_subset(op, candidate, equivalent)`
    subset_insertion = None

    def bufferizes_to_allocation(self, op, value):
        return False

    def reads(self, op, operand, state):
        raise NotImplementedError(f"{op.name}: bufferizesToMemoryRead")

    def writes(self, op, operand, state):
        raise NotImplementedError(f"{op.name}: bufferizesToMemoryWrite")

    def elementwise_access(self, op, state, operands):
        return False

    def result_writes(self, op, result, state):
        return default_result_writes(self, op, result, state)

    def must_bufferize_in_place(self, op, operand, state):
        return isinstance(operand.value.type, UnrankedTensorType)

    def aliasing_values(self, op, operand, state):
        raise NotImplementedError(f"{op.name}: getAliasingValues")

    def aliasing_operands(self, op, value, state):
        return default_aliasing_operands(op, value, state)

    def resolve_conflicts(self, op, rewriter, state):
        from pyopt.interfaces.bufferizable_rewrite import resolve_tensor_operand_conflicts
        resolve_tensor_operand_conflicts(op, rewriter, state)

    def bufferize(self, op, rewriter, options):
        raise plain_error(op, "failed to bufferize op")

    def is_writable(self, op, value, state):
        return type(value) is OpResult

    def is_not_conflicting(self, op, read, write, state):
        return False

    def verify_analysis(self, op, state):
        pass

    def buffer_type(self, op, value, options, stack):
        return default_buffer_type(op, value, options, stack)

    def is_repetitive_region(self, op, index):
        return default_is_repetitive_region(op, index)

    def is_parallel_region(self, op, index):
        return False

    def has_tensor_semantics(self, op):
        return default_has_tensor_semantics(op)


def default_is_repetitive_region(op, index):
    """RegionBranchOpInterface::isRepetitiveRegion: the region can reach itself."""
    return is_region_branch(op) and region_reachable(op, index, index)


def region_reachable(op, start, target):
    """isRegionReachable: can control leave region `start` of `op` and (eventually) enter
    region `target`?"""
    seen, work = set(), [start]
    while work:
        for s, _ in region_successors(op, work.pop()):
            if s is None:
                continue
            if s == target:
                return True
            if s not in seen:
                seen.add(s)
                work.append(s)
    return False


def in_mutually_exclusive_regions(a, b):
    """insideMutuallyExclusiveRegions: a and b sit in distinct regions of a common region
    branch op, neither reachable from the other."""
    p = a.parent_op
    while p is not None:
        if is_region_branch(p) and p is not b and p.is_ancestor_of(b):
            ra = rb = None
            for i, r in enumerate(p.regions):
                if ra is None and _in_region(r, a):
                    ra = i
                if rb is None and _in_region(r, b):
                    rb = i
            return ra != rb and not region_reachable(p, ra, rb) and \
                not region_reachable(p, rb, ra)
        p = p.parent_op
    return False


def _in_region(region, op):
    while op is not None:
        if op.parent is not None and op.parent.parent is region:
            return True
        op = op.parent_op
    return False


def default_has_tensor_semantics(op):
    for r in op.regions:
        for b in r.blocks:
            for a in b.args:
                if isinstance(a.type, TensorType):
                    return True
    for v in op.results:
        if isinstance(v.type, TensorType):
            return True
    for s in op.operand_slots:
        if isinstance(s.value.type, TensorType):
            return True
    return False


def has_tensor_semantics(op):
    m = model(op, BUFFERIZABLE)
    return m.has_tensor_semantics(op) if m is not None else default_has_tensor_semantics(op)


def default_aliasing_operands(op, value, state):
    out = []
    for s in op.operand_slots:
        if isinstance(s.value.type, TensorType):
            for a in state.aliasing_values(s):
                if a.value is value:
                    out.append(AliasingOperand(s, a.relation, a.definite))
    return out


def unknown_aliasing_operands(value):
    if type(value) is not OpResult:
        b = value.owner
        if b.parent.blocks[0] is not b:
            return []
        op = b.parent_op
    else:
        op = value.owner
    return [AliasingOperand(s, UNKNOWN, False) for s in op.operand_slots
            if isinstance(s.value.type, TensorType)]


def unknown_aliasing_values(operand):
    op = operand.owner
    out = [AliasingValue(r, UNKNOWN, False) for r in op.results
           if isinstance(r.type, TensorType)]
    for r in op.regions:
        if r.blocks:
            out.extend(AliasingValue(a, UNKNOWN, False) for a in r.blocks[0].args
                       if isinstance(a.type, TensorType))
    return out


def default_result_writes(m, op, result, state):
    """defaultResultBufferizesToMemoryWrite: a result without aliasing operands is a new
    buffer (written); else it is written if an aliasing operand is written, or if a value
    inside the op on the reverse use-def chain of an aliasing operand is written."""
    aliases = m.aliasing_operands(op, result, state)
    if not aliases:
        return True
    if any(state.writes(a.operand) for a in aliases):
        return True

    def written_inside(v):
        return op.is_ancestor_of(owner_op(v)) and state.value_writes(v)
    cfg = TraversalConfig(always_include_leaves=False)
    return any(state.find_value_in_reverse_use_def_chain(a.operand.value, written_inside, cfg)
               for a in aliases)


def default_buffer_type(op, value, options, stack):
    if type(value) is not OpResult:
        return memref_type_for(value, options)
    aliases = AnalysisState(options).aliasing_operands(value)
    if aliases and aliases[0].relation == EQUIVALENT:
        return get_buffer_type(aliases[0].operand.value, options, stack)
    ms = options.default_memory_space(value.type)
    if ms is False:
        raise plain_error(op, "could not infer memory space")
    return memref_type_for(value, options, None, ms)


# -- options -------------------------------------------------------------------------------
class BufferizationOptions:
    """BufferizationOptions / OneShotBufferizationOptions. Memory spaces: None is the
    default space; `default_memory_space(tensor_type)` returns False when none can be
    inferred (must-infer-memory-space)."""

    def __init__(self):
        self.allow_unknown_ops = False
        self.bufferize_function_boundaries = False
        self.copy_before_write = False
        self.enforce_aliasing_invariants = True
        self.test_analysis_only = False
        self.print_conflicts = False
        self.dump_alias_sets = False
        self.check_parallel_regions = True
        self.allow_return_allocs_from_loops = False
        self.analysis_heuristic = "bottom-up"
        self.analysis_fuzzer_seed = 0
        self.no_analysis_func_filter = []
        self.buffer_alignment = 64
        self.infer_function_result_layout = False
        self.function_arg_layout = "fully-dynamic-layout-map"
        self.unknown_type_layout = "fully-dynamic-layout-map"
        self.use_encoding_for_memory_space = False
        self.must_infer_memory_space = False
        self.allow_filters = []  # op -> bool (an op is allowed if any says so)
        self.deny_filters = []  # op -> bool (an op is denied if any says so)
        self._by_name = {}  # op name -> model or None (see `bufferizable`)
        # lookups kept for one bufferization run (function tables, constant globals), shared
        # by this object's copies; whoever starts a run clears it
        self.run_cache = {}

    def copy(self):
        o = BufferizationOptions.__new__(BufferizationOptions)
        o.__dict__.update(self.__dict__)
        o.allow_filters = list(self.allow_filters)
        o.deny_filters = list(self.deny_filters)
        o._by_name = {}
        return o

    def default_memory_space(self, tensor_type):
        if self.must_infer_memory_space:
            return False
        if self.use_encoding_for_memory_space and isinstance(tensor_type, RankedTensorType):
            return tensor_type.encoding
        return None

    def is_op_allowed(self, op):
        d = op.opdef
        if not self.bufferize_function_boundaries and d is not None and \
                d.name.startswith("func."):
            return False
        for f in self.deny_filters:
            if f(op):
                return False
        if not self.allow_filters:
            return True
        return any(f(op) for f in self.allow_filters)

    def bufferizable(self, op):
        """dynCastBufferizableOp: the op's model, or None (unknown or filtered out). Without
        deny filters the answer depends on the op's name only, so it is cached per name."""
        if not self.deny_filters:
            try:
                return self._by_name[op.name]
            except KeyError:
                pass
        m = model(op, BUFFERIZABLE)
        if m is not None and not self.is_op_allowed(op):
            m = None
        if not self.deny_filters:
            self._by_name[op.name] = m
        return m

    def function_arg_type(self, tensor_type, memory_space):
        if self.function_arg_layout == "identity-layout-map":
            return identity_layout_type(tensor_type, memory_space)
        return fully_dynamic_layout_type(tensor_type, memory_space)

    def unknown_type(self, value, memory_space):
        if self.unknown_type_layout == "identity-layout-map":
            return identity_layout_type(value.type, memory_space)
        return fully_dynamic_layout_type(value.type, memory_space)

    def create_alloc(self, b, loc, memref_type, dyn_sizes):
        from pyopt.ir.attributes import IntegerAttr
        from pyopt.ir.opdef import segment_sizes
        from pyopt.ir.types import IntegerType
        props = {"operandSegmentSizes": segment_sizes([len(dyn_sizes), 0])}
        if self.buffer_alignment:
            props["alignment"] = IntegerAttr(self.buffer_alignment, IntegerType(64))
        return b.create("memref.alloc", list(dyn_sizes), [memref_type], properties=props,
                        loc=loc).results[0]

    def create_memcpy(self, b, loc, source, target):
        b.create("memref.copy", [source, target], [], loc=loc)


# -- memref types --------------------------------------------------------------------------
def fully_dynamic_layout_type(tensor_type, memory_space=None):
    from pyopt.ir.attributes import StridedLayoutAttr
    if isinstance(tensor_type, UnrankedTensorType):
        return UnrankedMemRefType(tensor_type.element_type, memory_space)
    layout = StridedLayoutAttr(DYNAMIC, [DYNAMIC] * len(tensor_type.shape))
    return MemRefType(tensor_type.shape, tensor_type.element_type, layout, memory_space)


def identity_layout_type(tensor_type, memory_space=None):
    if isinstance(tensor_type, UnrankedTensorType):
        return UnrankedMemRefType(tensor_type.element_type, memory_space)
    return MemRefType(tensor_type.shape, tensor_type.element_type, None, memory_space)


def memref_type_for(value, options, layout=None, memory_space=None):
    """getMemRefType: the buffer type of a tensor value whose layout nobody knows."""
    t = value.type
    if isinstance(t, UnrankedTensorType):
        return UnrankedMemRefType(t.element_type, memory_space)
    if layout is not None:
        return MemRefType(t.shape, t.element_type, layout, memory_space)
    return options.unknown_type(value, memory_space)


def get_buffer_type(value, options, stack=None):
    """bufferization::getBufferType (MLIRError when the memory space is unknown)."""
    if stack is None:
        stack = []
    stack.append(value)
    try:
        op = owner_op(value)
        m = options.bufferizable(op)
        if m is not None:
            return m.buffer_type(op, value, options, stack)
        ms = options.default_memory_space(value.type)
        if ms is False:
            raise plain_error(op, "could not infer memory space")
        return memref_type_for(value, options, None, ms)
    finally:
        stack.pop()


# -- analysis state without analysis (copy-before-write and type queries) -------------------
class TraversalConfig:
    __slots__ = ("always_include_leaves", "follow_equivalent_only", "follow_in_place_only",
                 "follow_same_type_or_casts_only", "follow_unknown_ops",
                 "revisit_already_visited")

    def __init__(self, always_include_leaves=True, follow_equivalent_only=False,
                 follow_in_place_only=False, follow_same_type_or_casts_only=False,
                 follow_unknown_ops=False, revisit_already_visited=False):
        self.always_include_leaves = always_include_leaves
        self.follow_equivalent_only = follow_equivalent_only
        self.follow_in_place_only = follow_in_place_only
        self.follow_same_type_or_casts_only = follow_same_type_or_casts_only
        self.follow_unknown_ops = follow_unknown_ops
        self.revisit_already_visited = revisit_already_visited


class AnalysisState:
    """AnalysisState: the interface queries through the options' op filter; without an
    analysis every write is out of place and nothing is known to be equivalent."""

    def __init__(self, options):
        self.options = options
        self._repetitive = {}
        # per-op facts models compute repeatedly while the IR does not change (e.g. a
        # destination-style op's inits); cleared with the other caches
        self.memo = {}

    def aliasing_operands(self, value):
        op = owner_op(value)
        if op is not None:
            m = self.options.bufferizable(op)
            if m is not None:
                return m.aliasing_operands(op, value, self)
        return unknown_aliasing_operands(value)

    def aliasing_values(self, operand):
        op = operand.owner
        m = self.options.bufferizable(op)
        if m is not None:
            return m.aliasing_values(op, operand, self)
        return unknown_aliasing_values(operand)

    def reads(self, operand):
        op = operand.owner
        m = self.options.bufferizable(op)
        return m.reads(op, operand, self) if m is not None else True

    def writes(self, operand):
        op = operand.owner
        m = self.options.bufferizable(op)
        return m.writes(op, operand, self) if m is not None else True

    def alias_only(self, operand):
        op = operand.owner
        m = self.options.bufferizable(op)
        if m is None:
            return False
        return not m.reads(op, operand, self) and not m.writes(op, operand, self) and \
            bool(m.aliasing_values(op, operand, self))

    def value_writes(self, value):
        """bufferizesToMemoryWrite(Value)."""
        if type(value) is not OpResult:
            return True
        op = value.owner
        m = self.options.bufferizable(op)
        return m.result_writes(op, value, self) if m is not None else True

    def is_value_read(self, value):
        work = list(value.uses())
        seen = set()
        while work:
            u = work.pop()
            if u in seen:
                continue
            seen.add(u)
            if self.alias_only(u):
                for a in self.aliasing_values(u):
                    work.extend(a.value.uses())
            if self.reads(u):
                return True
        return False

    def find_value_in_reverse_use_def_chain(self, value, condition, config=None):
        """The values found walking from `value` up through aliasing operands until
        `condition` holds (or, with always_include_leaves, where the walk stops). Ordered
        as upstream's SetVector."""
        cfg = config or _DEFAULT_CONFIG
        visited = set()
        result = {}
        work = [value]
        in_work = {value}
        while work:
            v = work.pop()
            in_work.discard(v)
            if not cfg.revisit_already_visited and v in visited:
                if cfg.always_include_leaves:
                    result[v] = None
                continue
            visited.add(v)
            if condition(v):
                result[v] = None
                continue
            if not cfg.follow_unknown_ops and self.options.bufferizable(owner_op(v)) is None:
                if cfg.always_include_leaves:
                    result[v] = None
                continue
            aliases = self.aliasing_operands(v)
            if not aliases:
                if cfg.always_include_leaves:
                    result[v] = None
                continue
            for a in aliases:
                if (cfg.follow_equivalent_only and a.relation != EQUIVALENT) or \
                        (cfg.follow_in_place_only and not self.is_in_place(a.operand)) or \
                        (cfg.follow_same_type_or_casts_only and
                         a.operand.value.type is not v.type and not _is_cast(v)):
                    if cfg.always_include_leaves:
                        result[v] = None
                    continue
                nv = a.operand.value
                if nv not in in_work:  # (a SetVector insert)
                    in_work.add(nv)
                    work.append(nv)
        return list(result)

    def find_definitions(self, value):
        return self.find_value_in_reverse_use_def_chain(
            value, self.value_writes, TraversalConfig(always_include_leaves=False))

    def can_omit_tensor_copy(self, operand):
        if self.has_undefined_contents(operand):
            return True
        if self.writes(operand) and not self.reads(operand):
            return True
        if not self.reads(operand) and \
                not any(self.is_value_read(a.value) for a in self.aliasing_values(operand)):
            return True
        return False

    def is_in_place(self, operand):
        if operand.owner.name == "bufferization.to_memref":
            return True
        return not self.writes(operand)

    def are_equivalent(self, a, b):
        return False

    def are_aliasing(self, a, b):
        return True

    def has_undefined_contents(self, operand):
        return False

    # repetitive regions (the enclosing region that may run more than once)
    def _is_repetitive(self, region):
        op = region.parent_op
        m = self.options.bufferizable(op) if op is not None else None
        return m is not None and m.is_repetitive_region(op, op.regions.index(region))

    def enclosing_repetitive_region_of_block(self, block):
        key = ("b", block)
        c = self._repetitive.get(key, 0)
        if c != 0:
            return c
        region = block.parent
        while region is not None:
            if self._is_repetitive(region):
                break
            op = region.parent_op
            region = op.parent.parent if op is not None and op.parent is not None else None
        self._repetitive[key] = region
        return region

    def enclosing_repetitive_region_of_op(self, op):
        if op.parent is None:
            return None
        return self.enclosing_repetitive_region_of_block(op.parent)

    def enclosing_repetitive_region_of_value(self, value):
        return self.enclosing_repetitive_region_of_block(value.parent_block)

    def next_enclosing_repetitive_region(self, region):
        while True:
            op = region.parent_op
            if op is None or op.parent is None:
                return None
            region = op.parent.parent
            if self._is_repetitive(region):
                return region


_DEFAULT_CONFIG = TraversalConfig()


def _is_cast(v):
    """Is v a result of a cast op (CastOpInterface; models say so with `is_cast`)?"""
    if type(v) is not OpResult:
        return False
    m = model(v.owner, BUFFERIZABLE)
    return m is not None and m.is_cast


def parallel_region(region, options):
    """getParallelRegion: the closest enclosing region that runs in parallel."""
    while region is not None:
        op = region.parent_op
        if op is None:
            return None
        m = options.bufferizable(op)
        if m is not None and m.is_parallel_region(op, op.regions.index(region)):
            return region
        region = op.parent.parent if op.parent is not None else None
    return None
