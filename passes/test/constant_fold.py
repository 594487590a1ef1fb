"""`test-constant-fold` (a test pass of mlir-opt): folds every op once, innermost and last
first, with MLIR's OperationFolder: a fold to constants materializes them uniqued per
insertion region at the front of its entry block (unknown location), constants themselves are
uniqued and hoisted there, and constants left unused at the end are erased."""
from __future__ import annotations

from pyopt.ir.core import Value
from pyopt.ir.location import UNKNOWN_LOC
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import constant_value, fold_op, insertion_region, materialize_constant
from pyopt.rewrite.rewriter import Listener, PatternRewriter


def _dialect(op):
    return op.opdef.dialect_name if op.opdef is not None else op.name.split(".", 1)[0]


class _ConstantFolder(Listener):
    def __init__(self, ctx):
        self.ctx = ctx
        self.rewriter = PatternRewriter(ctx, listener=self)
        self.scopes = {}  # region -> {(dialect, attr, type): op}
        self.owned = {}  # op -> [(table, key)] naming it
        self.created = []  # constants materialized, in order (erased at the end if unused)

    def notify_op_inserted(self, op, previous=None):
        self.created.append(op)

    def try_to_fold(self, op):
        if op.parent is None:
            return
        if op in self.owned:  # rehoist when something was inserted before it
            block = op.parent
            if block.first is not op and op.prev not in self.owned:
                op.move_before(block.first)
                op.loc = UNKNOWN_LOC
            return
        d = op.opdef
        if d is None:
            return
        c = constant_value(op)
        results = [c] if c is not None else fold_op(op)
        if not results:
            return  # no fold, or folded in place
        values = self._process(op, results)
        if values is not None:
            self.owned.pop(op, None)
            self.rewriter.replace_op(op, values)

    def _process(self, op, results):
        region = insertion_region(op.parent)
        entry = region.blocks[0]
        rw = self.rewriter
        rw.set_insertion_point_to_start(entry)
        table = self.scopes.setdefault(region, {})
        values = []
        for r, res in zip(op.results, results):
            if isinstance(res, Value):
                values.append(res)
                continue
            c = self._get_or_create(table, _dialect(op), res, r.type)
            if c is None:
                stop = rw.anchor
                cur = entry.first
                while cur is not None and cur is not stop:
                    nxt = cur.next
                    self.owned.pop(cur, None)
                    rw.erase_op(cur)
                    cur = nxt
                return None
            block = op.parent
            if c.parent is block and block.first is not c:
                c.move_before(block.first)
            values.append(c.results[0])
        return values

    def _get_or_create(self, table, dialect, attr, type_):
        key = (dialect, attr, type_)
        c = table.get(key)
        if c is not None:
            return c
        c = materialize_constant(self.rewriter, self.ctx, dialect, attr, type_, UNKNOWN_LOC)
        if c is None:
            return None
        new_dialect = _dialect(c)
        if new_dialect != dialect:
            new_key = (new_dialect, attr, type_)
            existing = table.get(new_key)
            if existing is not None:
                self.rewriter.erase_op(c)
                table[key] = existing
                self.owned[existing].append((table, key))
                return existing
            table[new_key] = c
            self.owned[c] = [(table, new_key)]
        table[key] = c
        self.owned.setdefault(c, []).append((table, key))
        return c

    def notify_op_erased(self, op):
        for table, key in self.owned.pop(op, ()):
            if table.get(key) is op:
                del table[key]


@register_pass("test-constant-fold", "Test operation constant folding",
               display_name="TestConstantFold")
def test_constant_fold(op, ctx, options):
    ops = list(op.walk_ops())
    folder = _ConstantFolder(ctx)
    for o in reversed(ops):
        folder.try_to_fold(o)
    for c in folder.created:
        if c.parent is not None and not any(r.first_use is not None for r in c.results):
            c.erase()
