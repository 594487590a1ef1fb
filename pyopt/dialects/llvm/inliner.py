"""Inliner model of the LLVM dialect (MLIR's LLVMInlinerInterface).

Only `llvm.call` of an `llvm.func` is inlined, and always as a copy. Callees that are
no_inline, variadic, use inalloca arguments, have a personality or carry one of the passthrough
attributes noduplicate/presplitcoroutine/returns_twice/strictfp are left alone, as are bodies
using `llvm.intr.vastart`. Inlining then:
- copies `byval` arguments into a new entry-block alloca unless the callee only reads them and
  the pointer is (or can be made) aligned enough;
- marks `noalias` arguments so inlined memory ops get fresh alias scopes;
- hoists constant-size allocas of the callee's entry block to the caller's entry block, with
  lifetime markers, and brackets dynamic allocas with stacksave/stackrestore;
- deep-copies alias scopes, appends the call's alias scopes and access groups, and rewrites loop
  annotation locations as inlined at the call.
"""
from __future__ import annotations

from pyopt.interfaces.inliner import DialectInlinerModel, register_dialect_inliner
from pyopt.ir.attributes import (ArrayAttr, DistinctAttr, IntegerAttr, LocationAttr, StringAttr,
                              TypeAttr, UNIT, FALSE)
from pyopt.ir.core import BlockArgument, OpResult
from pyopt.ir.location import CallSiteLoc, FusedLoc
from pyopt.ir.symbols import SymbolTableCollection
from pyopt.ir.types import I64, IntegerType, FloatType, IndexType, VectorType, ComplexType
from pyopt.rewrite.folding import constant_value
from pyopt.rewrite.matchers import int_attr
from pyopt.interfaces.branch import successor_operand_range
from pyopt.ir.opdef import AUTOMATIC_ALLOCATION_SCOPE, ISOLATED, RETURN_LIKE
from pyopt.dialects.llvm.struct_attrs import (AliasScopeAttr, AliasScopeDomainAttr, DISubprogramAttr,
                           LoopAnnotationAttr, StructAttr)
from pyopt.dialects.llvm.types import LLVMArrayType, LLVMPointerType, LLVMStructType

_DISALLOWED_PASSTHROUGH = frozenset({"noduplicate", "presplitcoroutine", "returns_twice",
                                     "strictfp"})
_MODREF, _MOD = 3, 2


# -- a small default data layout (DataLayout with MLIR's default rules) ----------------------
def _pow2_ceil(n):
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def _align_to(n, a):
    return (n + a - 1) // a * a


def type_size(t):
    """Size in bytes of `t` under the default data layout."""
    if isinstance(t, IntegerType):
        return (t.width + 7) // 8
    if isinstance(t, IndexType):
        return 8
    if isinstance(t, FloatType):
        return (t.width + 7) // 8
    if type(t) is LLVMPointerType:
        return 8
    if type(t) is LLVMArrayType:
        e = t.element_type
        return _align_to(type_size(e), abi_alignment(e)) * t.num_elements
    if type(t) is LLVMStructType:
        size, align = 0, 1
        for f in t.body or ():
            fa = 1 if t.packed else abi_alignment(f)
            size = _align_to(size, fa) + type_size(f)
            align = max(align, fa)
        return _align_to(size, align)
    if isinstance(t, VectorType):
        n = 1
        for d in t.shape:
            n *= d
        return (n * type_size(t.element_type) * 8 + 7) // 8
    if isinstance(t, ComplexType):
        e = t.element_type
        return 2 * _align_to(type_size(e), abi_alignment(e))
    return 8


def abi_alignment(t):
    if isinstance(t, IntegerType):
        return _pow2_ceil((t.width + 7) // 8) if t.width < 64 else 4
    if isinstance(t, IndexType):
        return 4
    if isinstance(t, (FloatType, VectorType)):
        return _pow2_ceil(type_size(t))
    if type(t) is LLVMPointerType:
        return 8
    if type(t) is LLVMArrayType:
        return abi_alignment(t.element_type)
    if type(t) is LLVMStructType:
        if t.packed:
            return 1
        return max([abi_alignment(f) for f in t.body or ()] or [1])
    if isinstance(t, ComplexType):
        return abi_alignment(t.element_type)
    return 8


def stack_alignment_bits(op):
    """The `dlti.stack_alignment` entry of the nearest data layout spec (0: unspecified)."""
    while op is not None:
        spec = op.attributes.get("dlti.dl_spec")
        if spec is not None:
            for e in getattr(spec, "entries", ()):
                if getattr(e, "key", None) == "dlti.stack_alignment":
                    return getattr(e.value, "value", 0)
        op = op.parent_op
    return 0


# -- helpers ---------------------------------------------------------------------------------
def _parent_region(value):
    if type(value) is BlockArgument:
        return value.owner.parent
    return value.owner.parent_region


def _might_have(op, trait):
    return op.opdef is None or trait in op.opdef.traits


def _has_attr_slot(op, name):
    d = op.opdef
    return d is not None and name in d.attr_names


def _concat(lhs, rhs):
    if lhs is None:
        return rhs
    if rhs is None:
        return lhs
    return ArrayAttr(tuple(lhs.value) + tuple(rhs.value))


def _walk_blocks(blocks, fn):
    for b in blocks:
        for op in b:
            op.walk(fn)


# -- allocas --------------------------------------------------------------------------------
def _has_lifetime_markers(alloca):
    stack = alloca.results[0].users()
    while stack:
        op = stack.pop()
        if op.name in ("llvm.intr.lifetime.start", "llvm.intr.lifetime.end"):
            return True
        if op.name == "llvm.bitcast":
            stack.extend(op.results[0].users())
    return False


def _caller_entry_block(call):
    cur = call
    while cur.parent_op is not None:
        parent = cur.parent_op
        if _might_have(parent, ISOLATED) or _might_have(parent, AUTOMATIC_ALLOCATION_SCOPE):
            return cur.parent_region.blocks[0]
        cur = parent
    return None


def handle_inlined_allocas(call, blocks, builder):
    caller_entry = _caller_entry_block(call)
    callee_entry = blocks[0]
    if caller_entry is None or caller_entry is callee_entry:
        return
    to_move, insert_lifetimes, dynamic = [], False, False
    for op in callee_entry:
        if op.name != "llvm.alloca":
            continue
        size = int_attr(op.arraySize)
        if size is None:
            dynamic = True
            continue
        lifetime = size.value != 0 and not _has_lifetime_markers(op)
        insert_lifetimes |= lifetime
        to_move.append((op, size, lifetime))
    for b in blocks[1:]:
        if dynamic:
            break
        dynamic = any(op.name == "llvm.alloca" and int_attr(op.arraySize) is None
                      for op in b)
    if not to_move and not dynamic:
        return
    stack_ptr = None
    if dynamic:
        builder.set_insertion_point_to_start(callee_entry)
        stack_ptr = builder.create("llvm.intr.stacksave", [], [LLVMPointerType(0)],
                                   loc=call.loc).results[0]
    builder.set_insertion_point_to_start(caller_entry)
    for alloca, size, lifetime in to_move:
        const = builder.create("llvm.mlir.constant", [], [alloca.arraySize.type],
                               {"value": size}, loc=alloca.loc)
        if lifetime:
            ip = builder.save()
            builder.set_insertion_point(alloca)
            builder.create("llvm.intr.lifetime.start", [alloca.results[0]], [],
                           {"size": IntegerAttr(I64, size.value)}, loc=alloca.loc)
            builder.restore(ip)
        alloca.move_after(const)
        alloca.arraySize = const.results[0]
    if not insert_lifetimes and not dynamic:
        return
    for b in blocks:
        term = b.last
        if term is None or not term.has_trait(RETURN_LIKE):
            continue
        builder.set_insertion_point(term)
        if dynamic:
            builder.create("llvm.intr.stackrestore", [stack_ptr], [], loc=call.loc)
        for alloca, size, lifetime in to_move:
            if lifetime:
                builder.create("llvm.intr.lifetime.end", [alloca.results[0]], [],
                               {"size": IntegerAttr(I64, size.value)}, loc=alloca.loc)


# -- alias scopes ---------------------------------------------------------------------------
def _deep_clone_alias_scopes(blocks):
    mapping = {}

    def clone_scope(scope):
        new = mapping.get(scope)
        if new is None:
            dom = scope.domain
            new_dom = mapping.get(dom)
            if new_dom is None:
                new_dom = mapping[dom] = AliasScopeDomainAttr.get(
                    id=DistinctAttr(UNIT), description=dom.description)
            new = mapping[scope] = AliasScopeAttr.get(id=DistinctAttr(UNIT), domain=new_dom,
                                                      description=scope.description)
        return new

    def convert(op):
        if _has_attr_slot(op, "alias_scopes"):
            for key in ("alias_scopes", "noalias_scopes"):
                a = op.get_attr(key)
                if a is not None:
                    op.set_attr(key, ArrayAttr(tuple(clone_scope(s) for s in a.value)))
        if op.name == "llvm.intr.experimental.noalias.scope.decl":
            op.set_attr("scope", clone_scope(op.get_attr("scope")))
    _walk_blocks(blocks, convert)


def _accessed_operands(op):
    name = op.name
    if name in ("llvm.load", "llvm.store"):
        return [op.addr]
    if name in ("llvm.atomicrmw", "llvm.cmpxchg"):
        return [op.ptr]
    if name in ("llvm.intr.memcpy", "llvm.intr.memmove", "llvm.intr.memcpy.inline"):
        return [op.dst, op.src]
    if name in ("llvm.intr.memset",):
        return [op.dst]
    if name == "llvm.call":
        from pyopt.analysis.call_graph import call_args
        return [v for v in call_args(op) if type(v.type) is LLVMPointerType]
    return []


def _underlying_object(v):
    while type(v) is OpResult:
        d = v.owner
        if d.name == "llvm.getelementptr":
            v = d.base
            continue
        if d.name == "llvm.addrspacecast":
            v = d.arg
            continue
        break
    return v


def _underlying_object_set(pointer):
    result, work, seen = [], [pointer], set()
    while work:
        cur = _underlying_object(work.pop())
        if cur in seen:
            continue
        seen.add(cur)
        if type(cur) is OpResult and cur.owner.name == "llvm.select":
            work.append(cur.owner.trueValue)
            work.append(cur.owner.falseValue)
            continue
        if type(cur) is BlockArgument:
            operands, unknown = [], False
            for use in cur.owner.pred_uses:
                rng = successor_operand_range(use.owner, use.index)
                if rng is None or cur.index >= rng[1]:
                    result.append(cur)
                    unknown = True
                    break
                operands.append(use.owner.operand(rng[0] + cur.index))
            if not unknown:
                work.extend(operands)
            continue
        result.append(cur)
    return result


def _noalias_scopes_from_params(call, blocks, builder):
    from pyopt.analysis.call_graph import call_args
    params = {}  # ssa.copy op -> None (ordered set)
    for arg in call_args(call):
        for user in arg.users():
            if user.name == "llvm.intr.ssa.copy" and "llvm.noalias" in user.attributes:
                params[user] = None
    if not params:
        return
    try:
        domain = AliasScopeDomainAttr.get(id=DistinctAttr(UNIT),
                                          description=StringAttr(call.get_attr("callee").leaf))
        scopes = {}
        builder.set_insertion_point(call)
        for copy in params:
            scopes[copy] = AliasScopeAttr.get(id=DistinctAttr(UNIT), domain=domain)
            builder.create("llvm.intr.experimental.noalias.scope.decl", [], [],
                           {"scope": scopes[copy]}, loc=call.loc)
        param_values = {c.results[0]: c for c in params}

        def annotate(op):
            if not _has_attr_slot(op, "alias_scopes"):
                return
            based_on = set()
            for p in _accessed_operands(op):
                based_on.update(_underlying_object_set(p))
            other_known = False
            for obj in based_on:
                if type(obj) is OpResult and constant_value(obj.owner) is not None:
                    continue
                if obj in param_values:
                    continue
                if type(obj) is OpResult and obj.owner.name in ("llvm.alloca",
                                                                "llvm.mlir.addressof"):
                    other_known = True
                    continue
                return
            noalias = [scopes[c] for c in params if c.results[0] not in based_on]
            if noalias:
                op.set_attr("noalias_scopes", _concat(op.get_attr("noalias_scopes"),
                                                      ArrayAttr(tuple(noalias))))
            if other_known or op.name == "llvm.call":
                return
            alias = [scopes[c] for c in params if c.results[0] in based_on]
            if alias:
                op.set_attr("alias_scopes", _concat(op.get_attr("alias_scopes"),
                                                    ArrayAttr(tuple(alias))))
        _walk_blocks(blocks, annotate)
    finally:
        for copy in params:
            copy.results[0].replace_all_uses_with(copy.operand_)
            copy.erase()


def _append_call_alias_scopes(call, blocks):
    scopes, noalias = call.get_attr("alias_scopes"), call.get_attr("noalias_scopes")
    if scopes is None and noalias is None:
        return

    def append(op):
        if not _has_attr_slot(op, "alias_scopes"):
            return
        if scopes is not None:
            op.set_attr("alias_scopes", _concat(op.get_attr("alias_scopes"), scopes))
        if noalias is not None:
            op.set_attr("noalias_scopes", _concat(op.get_attr("noalias_scopes"), noalias))
    _walk_blocks(blocks, append)


def _append_access_groups(call, blocks):
    groups = call.get_attr("access_groups")
    if groups is None:
        return
    for b in blocks:
        for op in b:
            if _has_attr_slot(op, "access_groups"):
                op.set_attr("access_groups", _concat(op.get_attr("access_groups"), groups))


# -- loop annotations -----------------------------------------------------------------------
def _enclosing_function(op):
    p = op.parent_op
    while p is not None and p.name not in ("llvm.func", "func.func"):
        p = p.parent_op
    return p


def _update_loop_annotations(call, blocks):
    func = _enclosing_function(call)
    floc = func.loc if func is not None else None
    if type(floc) is not FusedLoc or not isinstance(floc.metadata, DISubprogramAttr):
        return
    scope = floc.metadata

    def update(loc_attr):
        if loc_attr is None:
            return None
        return LocationAttr(FusedLoc([CallSiteLoc(loc_attr.loc, call.loc)], scope))

    def replace(attr):
        if isinstance(attr, LoopAnnotationAttr):
            start, end = update(attr.startLoc), update(attr.endLoc)
            if start is not None or end is not None:
                attr = attr.replace(startLoc=start, endLoc=end)
        if isinstance(attr, StructAttr):
            vals = tuple(replace(v) for v in attr.vals)
            if any(a is not b for a, b in zip(vals, attr.vals)):
                attr = type(attr)(vals)
        return attr

    def visit(op):
        a = op.get_attr("loop_annotation")
        if a is not None:
            new = replace(a)
            if new is not a:
                op.set_attr("loop_annotation", new)
    _walk_blocks(blocks, visit)


# -- byval arguments ------------------------------------------------------------------------
def _enforce_alloca_alignment(alloca, requested, callable_op):
    a = alloca.get_attr("alignment")
    current = a.value if a is not None and a.value else 1
    if requested <= current:
        return current
    natural = stack_alignment_bits(callable_op)
    if natural == 0 or 8 * requested <= natural or 8 * current > natural:
        alloca.set_attr("alignment", IntegerAttr(I64, requested))
        current = requested
    return current


def _enforce_alignment(value, requested, callable_op):
    if type(value) is OpResult:
        d = value.owner
        if d.name == "llvm.alloca":
            return _enforce_alloca_alignment(d, requested, callable_op)
        if d.name == "llvm.mlir.addressof":
            g = SymbolTableCollection().lookup_nearest(d, d.get_attr("global_name"))
            if g is not None and g.name == "llvm.mlir.global":
                a = g.get_attr("alignment")
                return a.value if a is not None else 1
        return 1
    parent = value.owner.parent_op
    if parent is not None and parent.name == "llvm.func":
        attrs = parent.get_attr("arg_attrs")
        if attrs is not None and value.index < len(attrs.value):
            a = attrs.value[value.index].get("llvm.align")
            if a is not None:
                return a.value
    return 1


def _copy_byval(builder, loc, argument, elem_type, size, alignment):
    ip = builder.save()
    builder.set_insertion_point_to_start(_parent_region(argument).blocks[0])
    one = builder.create("llvm.mlir.constant", [], [I64], {"value": IntegerAttr(I64, 1)},
                         loc=loc)
    alloca = builder.create("llvm.alloca", [one.results[0]], [argument.type],
                            {"elem_type": TypeAttr(elem_type),
                             "alignment": IntegerAttr(I64, alignment)}, loc=loc)
    builder.restore(ip)
    n = builder.create("llvm.mlir.constant", [], [I64], {"value": IntegerAttr(I64, size)},
                       loc=loc)
    builder.create("llvm.intr.memcpy", [alloca.results[0], argument, n.results[0]], [],
                   {"isVolatile": FALSE}, loc=loc)
    return alloca.results[0]


def handle_byval_argument(builder, callable_op, argument, elem_type, requested):
    mem = callable_op.get_attr("memory")
    read_only = mem is not None and mem.argMem not in (_MODREF, _MOD)
    minimum = abi_alignment(elem_type)
    if read_only:
        if requested <= minimum:
            return argument
        if _enforce_alignment(argument, requested, callable_op) >= requested:
            return argument
    return _copy_byval(builder, callable_op.loc, argument, elem_type, type_size(elem_type),
                       max(requested, minimum))


# -- the model ------------------------------------------------------------------------------
class LLVMInliner(DialectInlinerModel):
    def is_legal_call(self, call, callable_op, would_be_cloned):
        if not would_be_cloned or call.name != "llvm.call" or callable_op.name != "llvm.func":
            return False
        if callable_op.get_attr("no_inline") is not None:
            return False
        if callable_op.properties["function_type"].value.var_arg:
            return False
        arg_attrs = callable_op.get_attr("arg_attrs")
        if arg_attrs is not None and any(d.get("llvm.inalloca") is not None
                                         for d in arg_attrs.value):
            return False
        if callable_op.get_attr("personality") is not None:
            return False
        passthrough = callable_op.get_attr("passthrough")
        if passthrough is not None and any(type(a) is StringAttr and
                                           a.value in _DISALLOWED_PASSTHROUGH
                                           for a in passthrough.value):
            return False
        return True

    def is_legal_region(self, dest, src, would_be_cloned, mapping):
        return True

    def is_legal_op(self, op, dest, would_be_cloned, mapping):
        return op.name != "llvm.intr.vastart"

    def handle_terminator_branch(self, op, dest, builder):
        if op.name != "llvm.return":
            return
        builder.create("llvm.br", op.operands, successors=[dest], loc=op.loc)
        op.erase()

    def handle_terminator_values(self, op, values):
        for v, new in zip(values, op.operands):
            v.replace_all_uses_with(new)

    def handle_argument(self, builder, call, callable_op, argument, arg_attrs):
        byval = arg_attrs.get("llvm.byval")
        if byval is not None:
            align = arg_attrs.get("llvm.align")
            return handle_byval_argument(builder, callable_op, argument, byval.value,
                                         align.value if align is not None else 1)
        if arg_attrs.get("llvm.noalias") is not None:
            if not argument.has_uses():
                return argument
            copy = builder.create("llvm.intr.ssa.copy", [argument], [argument.type],
                                  attributes={"llvm.noalias": UNIT}, loc=call.loc)
            return copy.results[0]
        return argument

    def process_inlined_call_blocks(self, call, blocks, builder):
        handle_inlined_allocas(call, blocks, builder)
        _deep_clone_alias_scopes(blocks)
        _noalias_scopes_from_params(call, blocks, builder)
        _append_call_alias_scopes(call, blocks)
        _append_access_groups(call, blocks)
        _update_loop_annotations(call, blocks)


register_dialect_inliner("llvm", LLVMInliner())
