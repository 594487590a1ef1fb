"""Completion from the text before the cursor and what the parser recorded before it (the
parse of a file being typed usually fails at the cursor, and stops there with everything
before it read): dialect and op names at an op's position (`arith.` -> its ops), SSA values
(`%`) and blocks (`^`) in scope, attribute (`#`) and type (`!`) aliases and dialect names,
symbols (`@`)."""
from __future__ import annotations

import re

from lsprotocol import types as lsp

from pyopt.ir.symbols import symbol_name
from pyopt.lsp.convert import lsp_range
from pyopt.syntax.printer import attr_to_str, type_to_str

_PREFIX = re.compile(r"[%^#!@]?[A-Za-z0-9_$.\-]*\Z")
_VALUE_NAME = re.compile(r"%[A-Za-z0-9_$.\-]+")
_BLOCK_NAME = re.compile(r"\^[A-Za-z0-9_$.\-]+")
# what may come before an op name on its line: nothing, or the result names and `=`
_OP_POSITION = re.compile(r"\s*(?:%[A-Za-z0-9_$.\-]+(?::[0-9]+)?\s*(?:,\s*%[A-Za-z0-9_$.\-]+"
                          r"(?::[0-9]+)?\s*)*=\s*)?\Z")


def completion(doc, offset):
    line, _ = doc.position(offset)
    line_start = doc.line_start(line)
    before = doc.text[line_start:offset]
    prefix = _PREFIX.search(before).group(0)
    start = offset - len(prefix)
    rng = lsp_range(doc, start, offset)
    chunk = doc.chunk_at(offset)
    items = []
    sigil = prefix[:1]
    if sigil == "%":
        items = _values(chunk, offset - chunk.start)
    elif sigil == "^":
        items = _blocks(chunk, offset - chunk.start)
    elif sigil in "#!" and sigil:
        items = _aliases(chunk, sigil) + _dialects(doc.ctx, sigil)
    elif sigil == "@":
        items = _symbols(chunk)
    elif _OP_POSITION.match(before[:len(before) - len(prefix)]):
        if "." in prefix:
            items = _ops(doc.ctx, prefix.rsplit(".", 1)[0])
            rng = lsp_range(doc, start + prefix.rindex(".") + 1, offset)
        else:
            items = _dialects(doc.ctx, "")
    for item in items:
        item.text_edit = lsp.TextEdit(rng, item.label)
    return lsp.CompletionList(is_incomplete=False, items=items)


def _item(label, kind, detail=None, sort="1"):
    return lsp.CompletionItem(label=label, kind=kind, detail=detail, sort_text=sort)


def _dialects(ctx, sigil):
    return [_item(sigil + name, lsp.CompletionItemKind.Module, "dialect", "3")
            for name in ctx.registered_dialect_names()]


def _ops(ctx, dialect):
    if dialect not in ctx.dialects:
        return []
    head = dialect + "."
    return [_item(name[len(head):], lsp.CompletionItemKind.Field, "operation")
            for name in sorted(ctx.ops) if name.startswith(head)]


def _enclosing(state, offset):
    """The innermost recorded op whose text holds `offset` (an op still open counts)."""
    best = None
    failed = state.open_ops[-1] if state.open_ops else None
    for rec in state.ops:
        start, end = rec.scope
        # (the op the parse failed in is where the cursor is typing, not a scope around it)
        if start <= offset and (end is None or offset <= end) and rec is not failed:
            best = rec
    return best


def _isolated_scope(chunk, offset):
    """The innermost isolated-from-above op around `offset`: its values are those in scope."""
    rec = _enclosing(chunk.state, offset)
    while rec is not None and not _is_isolated(chunk, rec):
        rec = rec.parent
    return rec


def _is_isolated(chunk, rec):
    op = rec.op
    if op is not None:
        return op.opdef is not None and op.opdef.isolated
    if rec.name_range is None:  # (an op still being parsed: known by its name)
        return False
    name = chunk.buffer.text[rec.name_range[0]:rec.name_range[1]].strip('"')
    ctx = chunk.parser.ctx
    opdef = ctx.lookup_op(name) or ctx.lookup_op("builtin." + name)
    return opdef is not None and opdef.isolated


def _within(rec, offset):
    return rec is None or (rec.scope[0] <= offset and (rec.scope[1] is None or
                                                       offset <= rec.scope[1]))


def _values(chunk, offset):
    state = chunk.state
    if state is None:
        return []
    scope = _isolated_scope(chunk, offset)
    seen, out = set(), []
    for v, d in state.values.items():
        if id(d) in seen or d.range[0] >= offset or not _within(scope, d.range[0]):
            continue
        seen.add(id(d))
        out.append(_item(d.name, lsp.CompletionItemKind.Variable, type_to_str(v.type)))
    return out + _unparsed_names(chunk, offset, _VALUE_NAME, {i.label for i in out})


def _unparsed_names(chunk, offset, pattern, known):
    """Names written between where a failed parse stopped and the cursor (the parser never
    read them), by their spelling alone."""
    if chunk.parsed or chunk.parser is None:
        return []
    text, open_ops = chunk.buffer.text, chunk.state.open_ops
    stop = open_ops[-1].start if open_ops else chunk.parser.start  # (the op that failed)
    out = []
    # (not from the cursor's line: there a name is the result being defined)
    for m in pattern.finditer(text, stop, text.rfind("\n", 0, offset) + 1):
        name = m.group(0)
        if name not in known:
            known.add(name)
            out.append(_item(name, lsp.CompletionItemKind.Variable))
    return out


def _blocks(chunk, offset):
    state = chunk.state
    if state is None:
        return []
    scope = _enclosing(state, offset)
    out = [_item(d.name, lsp.CompletionItemKind.Field) for d in state.blocks.values()
           if d.range is not None and _within(scope, d.range[0])]
    return out + _unparsed_names(chunk, offset, _BLOCK_NAME, {i.label for i in out})


def _aliases(chunk, sigil):
    parser = chunk.parser
    if parser is None:
        return []
    if sigil == "#":
        return [_item(name, lsp.CompletionItemKind.Field, "alias: " + attr_to_str(a), "2")
                for name, a in parser.attr_aliases.items()]
    return [_item(name, lsp.CompletionItemKind.Field, "alias: " + type_to_str(t), "2")
            for name, t in parser.type_aliases.items()]


def _symbols(chunk):
    state = chunk.state
    if state is None:
        return []
    out = []
    for rec in state.ops:
        name = symbol_name(rec.op) if rec.op is not None else None
        if name is not None:
            out.append(_item("@" + name, lsp.CompletionItemKind.Function, rec.op.name))
    return out
