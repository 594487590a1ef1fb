"""`symbol-dce` and `symbol-privatize`."""
from __future__ import annotations

from pyopt.ir.opdef import SYMBOL, SYMBOL_TABLE
from pyopt.ir.attributes import StringAttr
from pyopt.ir.symbols import op_symbol_refs, SymbolTableCollection
from pyopt.ir.verifier import op_error
from pyopt.pass_registry import PassOption, register_pass


def _is_symbol(op):
    return op.opdef is not None and SYMBOL in op.opdef.traits


def _is_table(op):
    return op.opdef is not None and SYMBOL_TABLE in op.opdef.traits


def _is_private(op):
    v = op.get_attr("sym_visibility")
    return v is not None and getattr(v, "value", None) == "private"


def _visibility(op):
    v = op.get_attr("sym_visibility")
    return getattr(v, "value", "public") if v is not None else "public"



def symbol_uses(op):
    """SymbolRefAttrs held by op and the ops nested in it (not inside nested symbol tables);
    None if an unregistered op with regions may hide a symbol table."""
    out = []
    stack = [op]
    first = True
    while stack:
        o = stack.pop()
        out += op_symbol_refs(o)
        if not first and _is_table(o):
            continue
        if o.regions and o.opdef is None:
            return None
        first = False
        for r in o.regions:
            for b in r.blocks:
                stack.extend(b)
    return out


def _resolve_all(tables, table_op, ref):
    """Every op a (nested) reference resolves through, as lookupSymbolIn does."""
    out = []
    op = tables.lookup_in(table_op, ref.root)
    if op is None:
        return out
    out.append(op)
    for n in ref.nested:
        if not _is_table(op):
            return []
        op = tables.lookup_in(op, n)
        if op is None:
            return []
        out.append(op)
    return out


def _compute_liveness(table_op, tables, hidden, live):
    work = []
    for r in table_op.regions[:1]:
        for b in r.blocks:
            for op in b:
                if not _is_symbol(op):
                    work.append(op)
                    continue
                # canDiscardOnUseEmpty: any non-public symbol
                discardable = (hidden or _is_private(op)) and _visibility(op) != "public"
                if not discardable and op not in live:
                    live.add(op)
                    work.append(op)
    while work:
        op = work.pop()
        if _is_table(op):
            sym_hidden = hidden or not _is_symbol(op) or _is_private(op)
            _compute_liveness(op, tables, sym_hidden, live)
        uses = symbol_uses(op)
        if uses is None:
            raise _unknown_table(op)
        parent = op.parent_op
        for ref in uses:
            for s in _resolve_all(tables, parent, ref) if parent is not None else ():
                if s not in live:
                    live.add(s)
                    work.append(s)


def _unknown_table(op):
    from pyopt.pass_registry import pass_failure
    return pass_failure(op, "operation contains potentially unknown symbol table, meaning that "
                        "we can't reliable compute symbol uses")


def _erase_dead(table_op, live):
    n = 0
    for r in table_op.regions[:1]:
        for b in r.blocks:
            for op in list(b):
                if not _is_symbol(op):
                    continue
                if op not in live:
                    op.erase()
                    n += 1
                elif _is_table(op):
                    n += _erase_dead(op, live)
    return n


@register_pass("symbol-dce", "Eliminate dead symbols", display_name="SymbolDCE",
               statistics=[("num-dce'd", "Number of symbols DCE'd")])
def symbol_dce(op, ctx, options):
    if not _is_table(op):
        raise op_error(op, " was scheduled to run under SymbolDCE, but does not define a "
                       "symbol table")
    hidden = True
    if op.parent_op is not None and _is_symbol(op):
        hidden = _is_private(op)
    live = set()
    _compute_liveness(op, SymbolTableCollection(), hidden, live)
    return {"num-dce'd": _erase_dead(op, live)}


@register_pass("symbol-privatize", "Mark symbols private", display_name="SymbolPrivatize",
               options=[PassOption("exclude", list, [],
                                   "Comma separated list of symbols that should not be marked "
                                   "private")])
def symbol_privatize(op, ctx, options):
    exclude = set(options["exclude"])
    for r in op.regions:
        for b in r.blocks:
            for o in b:
                if not _is_symbol(o):
                    continue
                name = o.get_attr("sym_name")
                if name is not None and name.value not in exclude:
                    o.set_attr("sym_visibility", StringAttr("private"))
