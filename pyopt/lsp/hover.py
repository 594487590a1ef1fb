"""Hover text, as mlir-lsp-server writes it: an op's name, symbol and generic form; a value's
defining op, number and type; a block's number, predecessors and successors; an alias's
value."""
from __future__ import annotations

import re

from lsprotocol import types as lsp

from pyopt.ir.location import SourceLoc
from pyopt.ir.symbols import symbol_name
from pyopt.lsp.convert import chunk_range
from pyopt.lsp.index import OP, VALUE, BLOCK, SYMBOL_DEF, SYMBOL_REF, ALIAS, chunk_index
from pyopt.syntax.naming import NameState
from pyopt.syntax.printer import PrintFlags, Printer, attr_to_str, type_to_str

_RESULT_NUMBER = re.compile(r"#([0-9]+)")


def hover(doc, offset):
    chunk = doc.chunk_at(offset)
    index = chunk_index(chunk)
    if index is None:
        return None
    hit = index.at(offset - chunk.start)
    if hit is None:
        return None
    text = _HOVERS[hit.kind](index, hit, chunk)
    if text is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(lsp.MarkupKind.Markdown, text),
                     range=chunk_range(doc, chunk, hit.range))


def _op_hover(index, hit, chunk):
    rec = hit.target
    if hit.kind == SYMBOL_REF:
        rec = index.symbol_target(*hit.target)
        if rec is None:
            return None
    op = rec.op
    if op is None:
        return None
    out = [f'"{op.name}"']
    sym = symbol_name(op)
    if sym is not None:
        vis = op.get_attr("sym_visibility")
        out.append(f" : {vis.value if vis is not None else 'public'} @{sym}")
    out.append(f"\n\nGeneric Form:\n\n```mlir\n{_generic_form(op, index.state)}\n```\n")
    if not isinstance(op.loc, SourceLoc):  # a location the text gave (loc(...))
        p = Printer(PrintFlags(local_scope=True))
        out.append(f"\nLocation: `loc({p.loc_body(op.loc)})`\n")
    return "".join(out)


def _generic_form(op, state):
    """Operation::print of an op inside a block: generic, regions elided, large elements
    elided, values numbered from its top-level op in the text (not from the implicit module
    around the file's ops), attributes and types spelled out (only a top-level op's print
    defines aliases)."""
    p = Printer(PrintFlags(generic=True, skip_regions=True, elide_limit=16))
    p.local_scope = True  # (the printer's switch for "no alias section")
    root = op
    while root.parent_op is not None and root.parent_op in state.op_records:
        root = root.parent_op
    p.ns = NameState(root, True, False, False)
    p.print_op(op)
    return p.finish()


def _value_hover(index, hit, chunk):
    d = hit.target
    if d.kind == "arg":
        arg = d.obj
        block = arg.owner
        return (f'Operation: "{_parent_name(block)}"\n\nBlock: {_block_name(index, block)}\n\n'
                f"Argument #{arg.index}\n\nType: `{type_to_str(arg.type)}`\n\n")
    op, first = d.obj
    count = 1
    results = op.results
    while first + count < len(results) and index.state.values.get(results[first + count]) is d:
        count += 1
    m = _RESULT_NUMBER.match(chunk.buffer.text, hit.range[1])
    if m is not None and not hit.is_def and int(m.group(1)) < count:
        first, count = first + int(m.group(1)), 1
    out = f'Operation: "{op.name}"\n\n'
    if count == 1:
        return out + f"Result #{first}\n\nType: `{type_to_str(results[first].type)}`\n\n"
    types = ", ".join(f"`{type_to_str(r.type)}`" for r in results[first:first + count])
    return out + f"Result #[{first}, {first + count - 1}]\n\nTypes: {types}"


def _block_hover(index, hit, chunk):
    block = hit.target.obj
    out = [f'Operation: "{_parent_name(block)}"\n\nBlock #{_block_number(block)}\n\n']
    preds = block.predecessors[::-1]  # (MLIR's use lists list the newest use first)
    if preds:
        out.append("Predecessors: " + ", ".join(_block_name(index, b) for b in preds) + "\n\n")
    succs = block.successors
    if succs:
        out.append("Successors: " + ", ".join(_block_name(index, b) for b in succs) + "\n\n")
    return "".join(out)


def _alias_hover(index, hit, chunk):
    d = hit.target
    if d.obj is None:
        return None
    if d.kind == "attr_alias":
        return f'Attribute Alias: "{d.name[1:]}"\n\nValue: ```mlir\n{attr_to_str(d.obj)}\n```\n\n'
    return f'Type Alias: "{d.name[1:]}"\n\nValue: ```mlir\n{type_to_str(d.obj)}\n```\n\n'


def _parent_name(block):
    op = block.parent_op
    return op.name if op is not None else "<unknown>"


def _block_number(block):
    region = block.parent
    return region.blocks.index(block) if region is not None else 0


def _block_name(index, block):
    d = index.state.blocks.get(block)
    if d is not None and d.range is not None:
        return d.name
    return f"<Block #{_block_number(block)}>"


_HOVERS = {OP: _op_hover, SYMBOL_DEF: _op_hover, SYMBOL_REF: _op_hover, VALUE: _value_hover,
           BLOCK: _block_hover, ALIAS: _alias_hover}
