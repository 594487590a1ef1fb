"""Symbol uses (MLIR's SymbolTable use queries): where a symbol is referenced inside a scope,
and renaming those references. A scope stops at nested symbol tables (their own attributes
still count); an op of an unknown dialect with one region may be a symbol table, so a walk
meeting one fails (returns None)."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DictionaryAttr, DistinctAttr, SymbolRefAttr
from pyopt.ir.symbols import is_symbol_table, symbol_name


def may_be_symbol_table(op, ctx):
    return op.opdef is None and len(op.regions) == 1 and \
        op.name.split(".", 1)[0] not in ctx.dialects


def _attr_refs(a, out):
    """SymbolRefAttrs inside `a`, pre-order; nested references of a ref are not separate."""
    t = type(a)
    if t is SymbolRefAttr:
        out.append(a)
    elif t is ArrayAttr:
        for x in a.value:
            _attr_refs(x, out)
    elif t is DictionaryAttr:
        for _, x in a.value:
            _attr_refs(x, out)
    elif t is DistinctAttr:
        _attr_refs(a.referenced, out)
    elif hasattr(a, "sub_attrs"):  # a dialect attribute made of attributes
        for x in a.sub_attrs():
            _attr_refs(x, out)


def op_refs(op):
    """The op's own references, its attributes taken in name order (one dictionary)."""
    out = []
    items = dict(op.attributes)
    items.update(op.properties)
    for name in sorted(items):
        _attr_refs(items[name], out)
    return out


def _scope_ops(regions):
    """Ops nested in `regions` without entering nested symbol tables (which are yielded)."""
    work = list(regions)
    while work:
        for b in work.pop().blocks:
            for op in b:
                yield op
                if not is_symbol_table(op):
                    work.extend(op.regions)


def uses_in_regions(regions, ctx):
    """[(user op, ref)] in the scope, or None if an op there may be a symbol table."""
    out = []
    for op in _scope_ops(regions):
        if may_be_symbol_table(op, ctx):
            return None
        out.extend((op, r) for r in op_refs(op))
    return out


def uses_in_op(op, ctx):
    """Uses on `op` and nested in it (not inside it when it is itself a symbol table)."""
    if may_be_symbol_table(op, ctx):
        return None
    out = [(op, r) for r in op_refs(op)]
    if not is_symbol_table(op):
        nested = uses_in_regions(op.regions, ctx)
        if nested is None:
            return None
        out += nested
    return out


def is_prefix(sub, ref):
    if ref is sub:
        return True
    if not ref.nested or ref.root != sub.root:
        return False
    return len(sub.nested) < len(ref.nested) and ref.nested[:len(sub.nested)] == sub.nested


def _ancestors(op):
    while op is not None:
        yield op
        op = op.parent_op


def _valid_refs(symbol, name, within):
    """The references naming `symbol` from each enclosing symbol table up to `within`;
    None when a table on the way is not itself a named symbol."""
    refs = [SymbolRefAttr(name, ())]
    table = symbol.parent_op
    if table is within:
        return refs
    nested = [name]
    while True:
        if not is_symbol_table(table):
            return None
        tname = symbol_name(table)
        if tname is None:
            return None
        refs.append(SymbolRefAttr(tname, tuple(nested)))
        table = table.parent_op
        if table is within:
            return refs
        nested.insert(0, tname)


def symbol_scopes(symbol, limit):
    """collectSymbolScopes: [(reference, op or region)] to search for uses of `symbol`
    within `limit` (an op or a region)."""
    from pyopt.ir.core import Region
    region = limit if isinstance(limit, Region) else None
    lim = limit.parent if region is not None else limit
    name = symbol_name(symbol)
    lim_anc = list(_ancestors(lim))
    if symbol in lim_anc:
        t = lim.parent_op  # (the nearest symbol table from there, itself included)
        while t is not None and not is_symbol_table(t):
            t = t.parent_op
        return [(SymbolRefAttr(name, ()), limit)] if t is symbol.parent_op else []
    common = symbol.parent_op
    lim_set = set(map(id, lim_anc))
    while common is not None and id(common) not in lim_set:
        common = common.parent_op
    refs = _valid_refs(symbol, name, common)
    if common is lim:
        scopes = []
        table = symbol.parent_op
        for ref in refs or []:
            scopes.append((ref, table.regions[0]))
            table = table.parent_op
        if scopes and region is not None:
            scopes[-1] = (scopes[-1][0], region)
        return scopes
    if refs is None:
        return []
    return [(refs[-1], limit)]


def _scope_walk(limit):
    from pyopt.ir.core import Region
    if isinstance(limit, Region):
        yield from _scope_ops([limit])
        return
    yield limit
    if not is_symbol_table(limit):
        yield from _scope_ops(limit.regions)


def symbol_uses(symbol, limit, ctx):
    """[(user, ref)] of `symbol` within `limit`, or None (an op may be a symbol table)."""
    out = []
    for ref, scope in symbol_scopes(symbol, limit):
        for op in _scope_walk(scope):
            if may_be_symbol_table(op, ctx):
                return None
            out.extend((op, r) for r in op_refs(op) if is_prefix(ref, r))
    return out


def lookup_path(tables, table_op, ref):
    """Every symbol `ref` names from `table_op` (root, intermediate tables, leaf), as far
    as it resolves."""
    out = []
    op = tables.lookup_in(table_op, ref.root)
    if op is None:
        return out
    out.append(op)
    if not ref.nested:
        return out
    if not is_symbol_table(op):
        return out
    for n in ref.nested[:-1]:
        op = tables.lookup_in(op, n)
        if op is None or not is_symbol_table(op):
            return out
        out.append(op)
    leaf = tables.lookup_in(op, ref.nested[-1])
    if leaf is not None:
        out.append(leaf)
    return out


def _rewrite(a, fn, memo):
    t = type(a)
    if t is SymbolRefAttr:
        return fn(a)
    if t not in (ArrayAttr, DictionaryAttr, DistinctAttr) and not hasattr(a, "sub_attrs"):
        return a
    got = memo.get(id(a))
    if got is not None:
        return got[1]
    if t is ArrayAttr:
        items = [_rewrite(x, fn, memo) for x in a.value]
        new = a if all(x is y for x, y in zip(items, a.value)) else ArrayAttr(items)
    elif t is DictionaryAttr:
        items = [(k, _rewrite(x, fn, memo)) for k, x in a.value]
        new = a if all(x is y for (_, x), (_, y) in zip(items, a.value)) else \
            DictionaryAttr(items)
    elif t is DistinctAttr:
        r = _rewrite(a.referenced, fn, memo)
        new = a if r is a.referenced else DistinctAttr(r)
    else:
        subs = a.sub_attrs()
        items = [_rewrite(x, fn, memo) for x in subs]
        new = a if all(x is y for x, y in zip(items, subs)) else a.with_sub_attrs(items)
    memo[id(a)] = (a, new)
    return new


def replace_symbol_uses(symbol, new_name, limit):
    """Renames the references to `symbol` within `limit` (SymbolTable::replaceAllSymbolUses)."""
    for old, scope in symbol_scopes(symbol, limit):
        leaf = new_name
        new = SymbolRefAttr(new_name, ()) if not old.nested else \
            SymbolRefAttr(old.root, old.nested[:-1] + (leaf,))

        def fn(a, old=old, new=new):
            if a is old:
                return new
            if is_prefix(old, a):
                if not old.nested:
                    return SymbolRefAttr(new_name, a.nested)
                nested = list(a.nested)
                nested[len(old.nested) - 1] = leaf
                return SymbolRefAttr(a.root, tuple(nested))
            return a
        memo = {}
        for op in _scope_walk(scope):
            for d in (op.attributes, op.properties):
                for k, v in list(d.items()):
                    nv = _rewrite(v, fn, memo)
                    if nv is not v:
                        d[k] = nv


def walk_symbol_tables(op, visible, fn):
    """Symbol tables nested in `op` (innermost first): fn(table, all uses visible)."""
    table = is_symbol_table(op)
    if table:
        vis = op.get_attr("sym_visibility")
        visible = visible or symbol_name(op) is None or (vis is not None and
                                                         vis.value == "private")
    else:
        visible = True
    for r in op.regions:
        for b in r.blocks:
            for nested in b:
                walk_symbol_tables(nested, visible, fn)
    if table:
        fn(op, visible)
