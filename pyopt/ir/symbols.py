"""Symbols and symbol tables: lookup of `@name` / `@a::@b` references from an op."""
from __future__ import annotations

from pyopt.ir.opdef import SYMBOL_TABLE


def symbol_name(op):
    a = op.properties.get("sym_name") or op.attributes.get("sym_name")
    return a.value if a is not None else None


def is_symbol_table(op):
    return op.opdef is not None and SYMBOL_TABLE in op.opdef.traits


class SymbolTableCollection:
    """Caches name -> op maps per symbol-table op, so many lookups stay linear overall."""

    def __init__(self, ir_fixed=False):
        self._tables = {}
        # block -> the nearest symbol table op of its ops, while the IR does not change
        # (`ir_fixed`: during a verification)
        self._nearest = {} if ir_fixed else None

    def table(self, table_op):
        t = self._tables.get(table_op)
        if t is None:
            t = {}
            for r in table_op.regions:
                for b in r.blocks:
                    for op in b:
                        n = symbol_name(op)
                        if n is not None and n not in t:
                            t[n] = op
            self._tables[table_op] = t
        return t

    def invalidate(self, table_op=None):
        if table_op is None:
            self._tables.clear()
        else:
            self._tables.pop(table_op, None)

    def lookup_in(self, table_op, ref):
        """Resolves a SymbolRefAttr (or a plain name) inside `table_op`."""
        if isinstance(ref, str):
            return self.table(table_op).get(ref)
        op = self.table(table_op).get(ref.root)
        for n in ref.nested:
            if op is None or not is_symbol_table(op):
                return None
            op = self.table(op).get(n)
        return op

    def lookup_nearest(self, from_op, ref):
        cache = self._nearest
        if cache is None:
            t = nearest_symbol_table(from_op)
        else:
            b = from_op.parent
            t = cache.get(b, cache)
            if t is cache:
                t = cache[b] = nearest_symbol_table(from_op)
        return self.lookup_in(t, ref) if t is not None else None


def nearest_symbol_table(op):
    p = op.parent_op
    while p is not None and not is_symbol_table(p):
        p = p.parent_op
    return p


# Set by the verifier for the length of one verification (the IR does not change meanwhile),
# so symbol uses cost O(1) each instead of a scan of the whole symbol table.
active_tables = None


def lookup_symbol(from_op, ref):
    tables = active_tables if active_tables is not None else SymbolTableCollection()
    return tables.lookup_nearest(from_op, ref)


def collect_symbol_refs(attr, out):
    """Appends every SymbolRefAttr held in `attr` (through arrays and dictionaries) to `out`."""
    from pyopt.ir.attributes import SymbolRefAttr, ArrayAttr, DictionaryAttr
    t = type(attr)
    if t is SymbolRefAttr:
        out.append(attr)
    elif t is ArrayAttr:
        for a in attr.value:
            collect_symbol_refs(a, out)
    elif t is DictionaryAttr:
        for a in attr.value.values() if isinstance(attr.value, dict) else \
                (v for _, v in attr.value):
            collect_symbol_refs(a, out)


def op_symbol_refs(op):
    """The SymbolRefAttrs held in `op`'s own properties and attributes."""
    refs = []
    for a in op.properties.values():
        collect_symbol_refs(a, refs)
    for a in op.attributes.values():
        collect_symbol_refs(a, refs)
    return refs
