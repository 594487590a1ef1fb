"""`test-symbol-uses` (remarks on what the symbol-use queries find for each symbol, then
erases unused external functions) and `test-symbol-rauw` (renames each symbol carrying
`sym.new_name`, updating the references its users hold)."""
from __future__ import annotations

from pyopt.ir import symbol_uses as su
from pyopt.ir.attributes import StringAttr
from pyopt.ir.symbols import (SymbolTableCollection, symbol_name, is_symbol_table,
                               nearest_symbol_table)
from pyopt.pass_registry import register_pass
from pyopt.ir.diagnostics import Diagnostic
from pyopt.syntax.printer import attr_to_str


def _remark(ctx, op, message):
    engine = getattr(ctx, "diag_engine", None)
    if engine is not None:
        engine.emit(Diagnostic("remark", op.loc, message))


def _is_symbol(op):
    # (a module is an optional symbol: one only when it has a name)
    return op.opdef is not None and "Symbol" in op.opdef.traits and symbol_name(op) is not None


def _lookup_nearest(from_op, ref):
    """lookupNearestSymbolFrom: from the closest symbol table, `from_op` included."""
    table = from_op if is_symbol_table(from_op) else nearest_symbol_table(from_op)
    return SymbolTableCollection().lookup_in(table, ref) if table is not None else None


def _post_order(region):
    out = []
    for b in region.blocks:
        for op in b:
            op.walk(out.append)
    return out


@register_pass("test-symbol-uses", "Test detection of symbol uses", anchor="builtin.module")
def test_symbol_uses(module, ctx, options):
    body = module.regions[0]
    dead = []
    for op in _post_order(body):
        if not _is_symbol(op):
            continue
        own = su.uses_in_op(op, ctx)
        if own is None:
            _remark(ctx, op, "symbol contains an unknown nested operation that 'may' define "
                    "a new symbol table")
            break
        if own:
            _remark(ctx, op, f"symbol contains {len(own)} nested references")
        uses = su.symbol_uses(op, body, ctx)
        if not uses:
            if op.name == "func.func" and not op.regions[0].blocks:
                dead.append(op)
            _remark(ctx, op, "symbol has no uses")
            continue
        name = attr_to_str(StringAttr(symbol_name(op)))
        for user, ref in uses:
            if user.parent_op is not None and _lookup_nearest(user.parent_op, ref) is not None:
                _remark(ctx, user, f"found use of symbol : {attr_to_str(ref)} : {name}")
        _remark(ctx, op, f"symbol has {len(uses)} uses")
    for op in dead:
        name = symbol_name(op)
        op.erase()
        _remark(ctx, module, f"{name} function successfully erased")


@register_pass("test-symbol-rauw", "Test replacement of symbol uses", anchor="builtin.module")
def test_symbol_rauw(module, ctx, options):
    body = module.regions[0]
    if su.uses_in_regions([body], ctx) is None:
        return
    tables = SymbolTableCollection()
    users = {}  # symbol -> [user ops], in discovery order

    def collect(table, visible):
        for b in table.regions[0].blocks:
            for nested in b:
                for user, ref in su.uses_in_op(nested, ctx) or ():
                    for sym in su.lookup_path(tables, table, ref):
                        lst = users.setdefault(sym, [])
                        if user not in lst:
                            lst.append(user)
    su.walk_symbol_tables(module, False, collect)
    for op in _post_order(body):
        new = op.attributes.get("sym.new_name")
        if type(new) is not StringAttr:
            continue
        for user in users.get(op, ()):
            su.replace_symbol_uses(op, new.value, user)
        op.set_attr("sym_name", StringAttr(new.value))
