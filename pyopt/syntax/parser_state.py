"""Source ranges of what the parser read (MLIR's AsmParserState), for tools such as the
language server: ops (full extent and name), SSA value and block definitions with their uses,
symbol definitions and references, and attribute/type alias definitions with their uses.

`RecordingParser` is a Parser subclass that fills a `ParserState` as it goes; the plain
Parser has no recording hooks at all, so normal parsing pays nothing for this. All offsets are
into the parsed buffer's text; a range is a (start, end) pair of offsets.
"""
from __future__ import annotations

from pyopt.ir.core import OpResult
from pyopt.syntax.lexer import TOKEN_RE
from pyopt.syntax.parser import Parser, ForwardRef


class Definition:
    """Something defined once and used at several places: a result group (`%x:2`), a block
    argument, a block label, an alias. `obj` is what it names (see `kind`)."""
    __slots__ = ("kind", "name", "range", "uses", "obj")

    def __init__(self, kind, name, range_, obj=None):
        self.kind = kind  # "result", "arg", "block", "attr_alias", "type_alias"
        self.name = name
        self.range = range_
        self.uses = []
        self.obj = obj


class OpRecord:
    """One parsed op: its full range (`scope`, results included), its name's range, its result
    groups, and the symbol names it defines or references. The ranges are worked out from the
    text when first asked for, so recording costs the parse little."""
    __slots__ = ("op", "start", "next_token", "src", "_scope", "_name_range", "result_groups",
                 "symbol_def", "symbol_refs", "parent")

    def __init__(self, src, start, parent):
        self.op = None  # set once the op is built
        self.src = src
        self.start = start
        self.next_token = None  # where the token after the op starts (None: not parsed)
        self._scope = self._name_range = None
        self.result_groups = []
        self.symbol_def = None  # range of the `@name` a custom parser read as the op's symbol
        self.symbol_refs = []  # (range, SymbolRefAttr)
        self.parent = parent  # the enclosing OpRecord

    @property
    def scope(self):
        """(start, end); end None while the op is being parsed, or when its parse failed."""
        if self._scope is None:
            nt = self.next_token
            self._scope = (self.start, token_end(self.src, nt) if nt is not None else None)
        return self._scope

    @property
    def name_range(self):
        """The op name's range: the first token after the `%results =` list."""
        if self._name_range is None:
            src, pos = self.src, self.start
            m = TOKEN_RE.match(src, pos)
            if m.lastgroup == "percent":
                while m.lastgroup not in ("eof", "error") and \
                        not (m.lastgroup == "punct" and m.group("punct") == "="):
                    m = TOKEN_RE.match(src, m.end())
                m = TOKEN_RE.match(src, m.end())
            kind = m.lastgroup
            self._name_range = m.span(kind) if kind not in ("eof", "error") else \
                (self.start, self.start)
        return self._name_range


class ParserState:
    def __init__(self):
        self.ops = []  # OpRecords in the order their parse started
        self.open_ops = []  # OpRecords being parsed (left over when the parse failed)
        self.op_records = {}  # Operation -> OpRecord
        self.values = {}  # Value -> Definition (a result group's values share one)
        self.value_uses = []  # (range, Value or ForwardRef)
        self.forwards = {}  # ForwardRef -> the Value that replaced it
        self.blocks = {}  # Block -> Definition (its label)
        self.attr_aliases = {}  # name with `#` -> Definition
        self.type_aliases = {}  # name with `!` -> Definition

    def resolved(self, value):
        while type(value) is ForwardRef:
            nxt = self.forwards.get(value)
            if nxt is None:
                return None
            value = nxt
        return value

    def finish(self):
        """Attaches every recorded use to its definition (forward references resolved)."""
        values = self.values
        for rng, v in self.value_uses:
            d = values.get(self.resolved(v))
            if d is not None:
                d.uses.append(rng)
        self.value_uses = []


def token_end(src, pos):
    """End of the last token before `pos` (whitespace and comments skipped)."""
    while True:
        end = pos
        while end > 0 and src[end - 1] in " \t\r\n\x00":
            end -= 1
        line_start = src.rfind("\n", 0, end) + 1
        if src.find("//", line_start, end) < 0:
            return end
        # A comment may end the line: lex the line (no token spans lines) for its last token.
        last, p = None, line_start
        while p < end:
            m = TOKEN_RE.match(src, p)
            kind = m.lastgroup
            if kind in ("eof", "error") or m.start(kind) >= end:
                break
            last = p = m.end(kind)
        if last is not None:
            return last
        if line_start == 0:
            return 0
        pos = line_start - 1


class RecordingParser(Parser):
    _in_symbol_ref = False  # (a SymbolRefAttr's names are uses, not the op's own symbol)

    def __init__(self, buffer, context):
        self.state = ParserState()
        super().__init__(buffer, context)

    def _prev_end(self):
        return token_end(self.src, self.start)

    # -- operations --------------------------------------------------------------------------
    def parse_operation(self):
        st = self.state
        open_ops = st.open_ops
        rec = OpRecord(self.src, self.start, open_ops[-1] if open_ops else None)
        st.ops.append(rec)
        open_ops.append(rec)
        op = super().parse_operation()
        open_ops.pop()
        rec.op = op
        rec.next_token = self.start
        st.op_records[op] = rec
        return op

    # -- values and blocks -------------------------------------------------------------------
    def resolve_operand(self, operand, type_):
        v = super().resolve_operand(operand, type_)
        name, _, off = operand
        self.state.value_uses.append(((off, off + len(name)), v))
        return v

    def add_definition(self, name, num, value, offset):
        old = None
        if self.forward_refs:  # (only then can this definition resolve a forward reference)
            entry = self.values.get(name)
            if entry is not None and num < len(entry) and entry[num]:
                old = entry[num][0]
        super().add_definition(name, num, value, offset)
        st = self.state
        if type(old) is ForwardRef:
            st.forwards[old] = value
        rng = (offset, offset + len(name))
        if type(value) is OpResult:
            rec = st.open_ops[-1] if st.open_ops else None
            # The results of one `%x:N` group share a Definition.
            groups = rec.result_groups if rec is not None else []
            d = groups[-1] if groups and groups[-1].range == rng else None
            if d is None:
                d = Definition("result", name, rng, (value.owner, value.index))
                groups.append(d)
            st.values[value] = d
        else:
            st.values[value] = Definition("arg", name, rng, value)

    def _block_ref(self, name, offset, define, block=None):
        b = super()._block_ref(name, offset, define, block)
        blocks = self.state.blocks
        rng = (offset, offset + len(name))
        d = blocks.get(b)
        if d is None:
            d = blocks[b] = Definition("block", name, None, b)
        if define:
            d.range = rng
        else:
            d.uses.append(rng)
        return b

    # -- symbols -----------------------------------------------------------------------------
    def parse_symbol_name(self, *args, **kw):
        start = self.start
        name = super().parse_symbol_name(*args, **kw)
        open_ops = self.state.open_ops
        if not self._in_symbol_ref and open_ops and \
                open_ops[-1].symbol_def is None:
            open_ops[-1].symbol_def = (start, self._prev_end())
        return name

    def parse_symbol_ref(self):
        start = self.start
        self._in_symbol_ref = True
        try:
            ref = super().parse_symbol_ref()
        finally:
            self._in_symbol_ref = False
        open_ops = self.state.open_ops
        if open_ops:
            open_ops[-1].symbol_refs.append(((start, self._prev_end()), ref))
        return ref

    # -- aliases -----------------------------------------------------------------------------
    def parse_alias_definition(self):
        kind, name, off = self.kind, self.tok, self.start
        super().parse_alias_definition()
        table = self.state.attr_aliases if kind == "hash" else self.state.type_aliases
        value = self.attr_aliases[name] if kind == "hash" else self.type_aliases[name]
        d = table.get(name)
        if d is None:
            d = table[name] = Definition("attr_alias" if kind == "hash" else "type_alias",
                                         name, None, value)
        d.range, d.obj = (off, off + len(name)), value

    def _alias_use(self, table, kind):
        tok = self.tok
        d = table.get(tok)
        if d is None:
            d = table[tok] = Definition(kind, tok, None)
        d.uses.append((self.start, self.pos))

    def parse_hash_attr(self):
        if self.tok in self.attr_aliases:
            self._alias_use(self.state.attr_aliases, "attr_alias")
        return super().parse_hash_attr()

    def parse_loc_parens(self):
        m = TOKEN_RE.match(self.src, self.pos)  # (the token after the current `(`)
        if m.lastgroup == "hash":
            start, end = m.span("hash")
            name = self.src[start:end]
            table = self.state.attr_aliases
            d = table.get(name)
            if d is None:  # (a location alias may be defined after its uses)
                d = table[name] = Definition("attr_alias", name, None)
            d.uses.append((start, end))
        return super().parse_loc_parens()

    def parse_location_body(self):
        if self.kind == "hash":  # (an alias inside a location: `fused[#loc1, #loc2]`)
            self._alias_use(self.state.attr_aliases, "attr_alias")
        return super().parse_location_body()

    def parse_excl_type(self):
        if self.tok in self.type_aliases:
            self._alias_use(self.state.type_aliases, "type_alias")
        return super().parse_excl_type()
