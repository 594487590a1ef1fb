"""Go to definition and find references: SSA values, block labels, aliases, symbols
(`func.call @f` -> `func.func @f`) and an op's `loc("file":line:col)` source locations."""
from __future__ import annotations

import re

from lsprotocol import types as lsp

from pyopt.ir.location import FileLineColLoc, SourceLoc
from pyopt.lsp.convert import chunk_range, file_locations, lsp_location
from pyopt.lsp.index import OP, VALUE, SYMBOL_DEF, SYMBOL_REF, chunk_index

# a file location written in the text, for a cursor inside `loc("file":line:col)`
_FILE_LOC_TEXT = re.compile(r'"((?:[^"\\\n]|\\.)*)"\s*:\s*([0-9]+)\s*:\s*([0-9]+)')


def definition(doc, offset):
    chunk = doc.chunk_at(offset)
    index = chunk_index(chunk)
    hit = index.at(offset - chunk.start) if index is not None else None
    if hit is None:
        return _written_location(doc, offset)
    out = []
    if hit.kind in (OP, SYMBOL_DEF, SYMBOL_REF):
        rec = hit.target if hit.kind != SYMBOL_REF else index.symbol_target(*hit.target)
        if rec is None:
            return None
        if hit.kind != OP and rec.name_range is not None:  # (on an op: where its loc says)
            out.append(lsp.Location(doc.uri, chunk_range(doc, chunk, rec.name_range)))
        out += _source_locations(doc, rec.op)
        return out or None
    d = hit.target
    if d.range is not None:
        out.append(lsp.Location(doc.uri, chunk_range(doc, chunk, d.range)))
    if hit.kind == VALUE and d.kind == "result":
        out += _source_locations(doc, d.obj[0])
    return out or None


def references(doc, offset, include_declaration=True):
    chunk = doc.chunk_at(offset)
    index = chunk_index(chunk)
    hit = index.at(offset - chunk.start) if index is not None else None
    if hit is None:
        return []
    ranges = []  # (a definition first, then its uses in order, as mlir-lsp-server)
    if hit.kind == OP:  # the op's results (as mlir-lsp-server: not its symbol's uses)
        for d in hit.target.result_groups:
            ranges += _def_and_uses(d, True)
    elif hit.kind in (SYMBOL_DEF, SYMBOL_REF):
        rec = hit.target if hit.kind == SYMBOL_DEF else index.symbol_target(*hit.target)
        if rec is None:
            return []
        ranges = list(index.symbol_uses(rec))
        if include_declaration and rec.symbol_def is not None:
            ranges.append(rec.symbol_def)
        ranges.sort()  # (a symbol's name where it is defined is one more use, in text order)
    else:
        ranges = _def_and_uses(hit.target, include_declaration)
    return [lsp.Location(doc.uri, chunk_range(doc, chunk, r)) for r in ranges]


def _def_and_uses(d, include_declaration):
    head = [d.range] if d.range is not None and include_declaration else []
    return head + sorted(d.uses)


def _source_locations(doc, op):
    """The file locations an op's `loc(...)` names (not the parser's own position of it)."""
    if op is None:
        return []
    out = []
    for f in file_locations(op.loc):
        if isinstance(f, SourceLoc):
            continue
        loc = lsp_location(doc, f)
        if loc is not None and loc not in out:
            out.append(loc)
    return out


def _written_location(doc, offset):
    """A `"file":line:col` under the cursor (in a `loc(...)` or an `expected-*` line)."""
    line, _ = doc.position(offset)
    start = doc.line_start(line)
    text = doc.text[start:doc.line_start(line + 1)]
    for m in _FILE_LOC_TEXT.finditer(text):
        if m.start() <= offset - start <= m.end():
            loc = FileLineColLoc(m.group(1), int(m.group(2)), int(m.group(3)))
            found = lsp_location(doc, loc)
            return [found] if found is not None else None
    return None
