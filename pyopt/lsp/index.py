"""What is at an offset of a chunk: a sorted table of every recorded name range (op names,
SSA value and block definitions and uses, symbol names, alias names), built once per parse so
each query is a bisection."""
from __future__ import annotations

from bisect import bisect_right

from pyopt.ir.symbols import SymbolTableCollection

# entry kinds
OP, VALUE, BLOCK, SYMBOL_DEF, SYMBOL_REF, ALIAS = "op", "value", "block", "symdef", "symref", \
    "alias"


class Hit:
    __slots__ = ("kind", "range", "target", "is_def")

    def __init__(self, kind, range_, target, is_def):
        self.kind = kind  # one of the kinds above
        self.range = range_  # the (start, end) chunk offsets under the cursor
        self.target = target  # OpRecord (OP, SYMBOL_DEF), Definition, or (OpRecord, attr)
        self.is_def = is_def


class ChunkIndex:
    def __init__(self, state):
        self.state = state
        entries = []
        add = entries.append
        for rec in state.ops:
            if rec.name_range is not None:
                add((rec.name_range, OP, rec, True))
            if rec.symbol_def is not None:
                add((rec.symbol_def, SYMBOL_DEF, rec, True))
            for rng, ref in rec.symbol_refs:
                add((rng, SYMBOL_REF, (rec, ref), False))
        seen = set()
        for d in state.values.values():
            if id(d) in seen:
                continue
            seen.add(id(d))
            self._add_definition(add, VALUE, d)
        for table in (state.blocks, state.attr_aliases, state.type_aliases):
            for d in table.values():
                self._add_definition(add, BLOCK if table is state.blocks else ALIAS, d)
        entries.sort(key=lambda e: e[0][0])
        self.entries = entries
        self.starts = [e[0][0] for e in entries]
        self._symbols = SymbolTableCollection()
        self._symbol_uses = None

    @staticmethod
    def _add_definition(add, kind, d):
        if d.range is not None:
            add((d.range, kind, d, True))
        for use in d.uses:
            add((use, kind, d, False))

    def at(self, offset):
        """The Hit whose range holds `offset` (end inclusive, as mlir-lsp-server), or None."""
        i = bisect_right(self.starts, offset) - 1
        first = self.starts[i] if i >= 0 else None
        while i >= 0 and self.starts[i] == first:  # (ranges starting at one offset)
            rng, kind, target, is_def = self.entries[i]
            if offset <= rng[1]:
                return Hit(kind, rng, target, is_def)
            i -= 1
        return None

    # -- symbols -----------------------------------------------------------------------------
    def symbol_target(self, rec, ref):
        """The OpRecord of the op a SymbolRefAttr used by `rec`'s op names, or None."""
        op = rec.op
        if op is None:
            return None
        try:
            target = self._symbols.lookup_nearest(op, ref)
        except Exception:  # (a half-built IR after a failed parse)
            return None
        return self.state.op_records.get(target) if target is not None else None

    def symbol_uses(self, target_rec):
        """Ranges of every reference to the symbol `target_rec` defines."""
        if self._symbol_uses is None:
            uses = {}
            for rec in self.state.ops:
                for rng, ref in rec.symbol_refs:
                    t = self.symbol_target(rec, ref)
                    if t is not None:
                        uses.setdefault(id(t), []).append(rng)
            self._symbol_uses = uses
        return self._symbol_uses.get(id(target_rec), [])


def chunk_index(chunk):
    if chunk.index is None and chunk.state is not None:
        chunk.index = ChunkIndex(chunk.state)
    return chunk.index
