"""Document symbols (the outline: symbol tables, functions, globals and other symbols, nested
as in the IR) and folding ranges (every op region spanning lines). Both read the recorded op
ranges, so a chunk that failed to parse still shows what was read before the error."""
from __future__ import annotations

from lsprotocol import types as lsp

from pyopt.interfaces.function_like import is_function_like
from pyopt.ir.symbols import is_symbol_table, symbol_name
from pyopt.lsp.convert import chunk_range


def document_symbols(doc):
    out = []
    for chunk in doc.chunks:
        state = chunk.state
        if state is None:
            continue
        made = {}  # OpRecord -> its DocumentSymbol
        for rec in state.ops:  # (parents start before their children)
            op = rec.op
            if op is None or rec.name_range is None or rec.scope[1] is None:
                continue
            sym = symbol_name(op)
            if sym is not None:
                kind = lsp.SymbolKind.Function if is_function_like(op) else lsp.SymbolKind.Class
                name = sym
            elif is_symbol_table(op):
                kind, name = lsp.SymbolKind.Namespace, f"<{op.name}>"
            else:
                continue
            ds = lsp.DocumentSymbol(name=name, kind=kind,
                                    range=chunk_range(doc, chunk, rec.scope),
                                    selection_range=chunk_range(doc, chunk, rec.name_range),
                                    children=[])
            made[rec] = ds
            parent = rec.parent
            while parent is not None and parent not in made:
                parent = parent.parent
            (made[parent].children if parent is not None else out).append(ds)
        for ds in made.values():
            ds.children = ds.children or None
    return out


def folding_ranges(doc):
    out = []
    for chunk in doc.chunks:
        state = chunk.state
        if state is None:
            continue
        for rec in state.ops:
            op, (start, end) = rec.op, rec.scope
            if op is None or end is None or not op.regions:
                continue
            first = doc.position(chunk.start + start)[0]
            last = doc.position(chunk.start + end)[0]
            if last - 1 > first:  # keep the closing brace's line visible
                out.append(lsp.FoldingRange(start_line=first, end_line=last - 1,
                                            kind=lsp.FoldingRangeKind.Region))
    return out
