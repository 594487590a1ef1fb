"""What translation to LLVM IR needs of the LLVM dialect first (MLIR's LegalizeForExport):
distinct successors per terminator and merged DIExpression fragments; plus the struct-attribute
rewriting helper the debug-info passes share."""
from __future__ import annotations

from pyopt.ir.core import Operation, Block
from pyopt.ir.location import FusedLoc
from pyopt.ir.uniqued import instances
from pyopt.dialects.llvm.struct_attrs import DIExpressionAttr, DIExpressionElemAttr, StructAttr

def _ensure_distinct_successors(block):
    term = block.last
    if term is None or len(term.successor_slots) < 2 or term.opdef is None or \
            not term.opdef.is_terminator:
        return  # (no successor can repeat)
    positions = {}
    for i, succ in enumerate(term.successors):
        if succ.args:
            positions.setdefault(succ, []).append(i)
    region = block.parent
    for succ, pos in positions.items():
        for p in pos[1:]:
            dummy = Block([a.type for a in succ.args], [a.loc for a in succ.args])
            region.append(dummy)
            term.set_successor(p, dummy)
            from pyopt.dialects.llvm import LLVM
            br = Operation("llvm.br", LLVM.ops["llvm.br"], list(dummy.args), (), {}, {}, (),
                           [succ], term.loc)
            dummy.append(br)


def legalize_module_for_export(module):
    """What translation to LLVM IR needs first: a successor with arguments named twice by one
    terminator gets a forwarding block per repeat, and DIExpressions are legalized."""
    for b in _blocks_within(module):
        _ensure_distinct_successors(b)
    legalize_di_expressions(module)


def _blocks_within(op):
    """The blocks nested in `op` (those of each region as they were when it was reached)."""
    for r in op.regions:
        for b in list(r.blocks):
            yield b
            o = b.first
            while o is not None:
                if o.regions:
                    yield from _blocks_within(o)
                o = o.next


def _map_struct(a, fn, memo):
    """`a` with `fn` applied to every struct attribute in it, innermost first (an
    AttrTypeReplacer); `memo` keeps shared sub-attributes shared."""
    if not isinstance(a, StructAttr):
        return a
    r = memo.get(a)
    if r is not None:
        return r
    vals = tuple(tuple(_map_struct(x, fn, memo) for x in v) if isinstance(v, tuple)
                 else _map_struct(v, fn, memo) for v in a.vals)
    r = fn(a if vals == a.vals else type(a)(vals))
    memo[a] = r
    return r


def _map_attr(a, fn, memo):
    from pyopt.ir.attributes import ArrayAttr, DictionaryAttr
    t = type(a)
    if isinstance(a, StructAttr):
        return _map_struct(a, fn, memo)
    if t is ArrayAttr or t is DictionaryAttr:
        # (memoized, and rebuilt only when an element changed: most hold no struct attribute)
        r = memo.get(a)
        if r is None:
            if t is ArrayAttr:
                new = [_map_attr(x, fn, memo) for x in a]
                changed = any(n is not x for n, x in zip(new, a))
                r = ArrayAttr(new) if changed else a
            else:
                new = {k: _map_attr(v, fn, memo) for k, v in a.value}
                changed = any(new[k] is not v for k, v in a.value)
                r = DictionaryAttr(new) if changed else a
            memo[a] = r
        return r
    return a


def replace_struct_attrs(root, fn):
    """Rewrites every struct attribute (debug info and friends) held by ops nested in `root`,
    in their properties, attributes and fused-location metadata."""
    from pyopt.ir.attributes import ArrayAttr, DictionaryAttr
    containers = (StructAttr, ArrayAttr, DictionaryAttr)
    memo = {}
    for op in root.walk_ops():
        for d in (op.properties, op.attributes):
            if not d:
                continue
            for k, v in d.items():
                if isinstance(v, containers):
                    nv = _map_attr(v, fn, memo)
                    if nv is not v:
                        d[k] = nv  # (a new value for an existing key: iteration goes on)
        loc = op.loc
        meta = loc.metadata if isinstance(loc, FusedLoc) else None  # (the only one with it)
        if meta is not None and isinstance(meta, StructAttr):
            try:
                op.loc.metadata = _map_struct(meta, fn, memo)
            except AttributeError:
                pass


_FRAGMENT = 0x1000  # DW_OP_LLVM_fragment(offset, size)


def _merge_fragments(a):
    """DW_OP_LLVM_fragment(o1, s1), DW_OP_LLVM_fragment(o2, s2) -> fragment(o1 + o2, s1): the
    fragment nearest the value keeps its size, the offsets add up."""
    if type(a) is not DIExpressionAttr:
        return a
    ops = a.vals[0]
    if sum(1 for e in ops if e.vals[0] == _FRAGMENT) < 2:
        return a
    out = []
    for e in ops:
        if out and e.vals[0] == _FRAGMENT and out[-1].vals[0] == _FRAGMENT:
            first = out[-1]
            offset = first.vals[1][0] + e.vals[1][0]
            out[-1] = DIExpressionElemAttr((_FRAGMENT, (offset, first.vals[1][1])))
        else:
            out.append(e)
    return DIExpressionAttr((tuple(out),))


def legalize_di_expressions(root):
    """What export needs of DIExpressions (MLIR's legalizeDIExpressionsRecursively)."""
    # Attributes are interned: when no existing DIExpression has fragments to merge, the
    # rewrite would change nothing, and the walk over every op's attributes is skipped.
    if any(_merge_fragments(a) is not a for a in instances(DIExpressionAttr)):
        replace_struct_attrs(root, _merge_fragments)
