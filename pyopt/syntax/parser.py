"""The MLIR text parser: operations, regions, blocks, SSA names and the top level.

Types, attributes and locations live in the mixins of type_parser.py / attr_parser.py; this
file holds the token cursor, SSA/block name scoping with forward references, generic and custom
operation syntax, and the OpAsmParser-style API used by custom op parsers and the format engine.
"""
from __future__ import annotations

import sys

from ..ir.core import Operation, Block, Region, Value
from ..ir.location import SourceBuffer, SourceLoc
from ..ir.types import FunctionType
from .diagnostics import Diagnostic, MLIRError
from .lexer import TOKEN_RE, unescape_string
from .type_parser import TypeParserMixin
from .attr_parser import AttrParserMixin

MAX_NESTING = 600  # regions/types/attributes deeper than this are rejected, not recursed into


class ForwardRef(Value):
    """Placeholder for an SSA use seen before its definition."""
    __slots__ = ("offset",)

    def __init__(self, type_, offset):
        self.type = type_
        self.first_use = None
        self.offset = offset


class OperationState:
    """What a custom parser fills in before the op is created."""
    __slots__ = ("name", "opdef", "operands", "result_types", "properties", "attributes",
                 "regions", "successors", "loc")

    def __init__(self, name, opdef, loc):
        self.name = name
        self.opdef = opdef
        self.operands = []
        self.result_types = []
        self.properties = {}
        self.attributes = {}
        self.regions = []
        self.successors = []
        self.loc = loc


class Parser(TypeParserMixin, AttrParserMixin):
    def __init__(self, buffer: SourceBuffer, context):
        self.buffer = buffer
        self.src = buffer.text
        self.ctx = context
        self.pos = 0
        self.depth = 0
        # SSA names of the current isolated scope: name -> list of Values (ForwardRef allowed)
        self.values = {}
        self.region_defs = [[]]  # names defined per open region, to forget on exit
        self.isolated_stack = []
        self.forward_count = 0
        self.block_scopes = []  # per region: {name: [block, defined?, first-use offset]}
        self.type_aliases = {}
        self.attr_aliases = {}
        self.deferred_locs = []  # `loc(#alias)` seen before the alias definition
        self.default_dialects = []
        self.custom_ops = []  # (op name, name offset) of the custom parsers being run
        self.resources = {}
        self._next()

    # -- token cursor -----------------------------------------------------------------------
    def _next(self):
        m = TOKEN_RE.match(self.src, self.pos)
        kind = m.lastgroup
        self.kind = kind
        self.start = m.start(kind)
        self.pos = m.end()
        self.tok = m.group(kind)

    def reset_to(self, offset):
        self.pos = offset
        self._next()

    def loc_at(self, offset=None):
        return SourceLoc(self.buffer, self.start if offset is None else offset)

    def error(self, message, offset=None):
        """An error at `offset`, or at the current token; "expected ..." errors at the current
        token move back to the end of the previous line when the token starts a line (as
        MLIR's emitWrongTokenError does), so they point where the missing text belongs."""
        if offset is None:
            offset = self.start
            if message.startswith("expected"):
                offset = self._wrong_token_offset(offset)
        return MLIRError(Diagnostic("error", self.loc_at(offset), message))

    def _wrong_token_offset(self, offset):
        src = self.src
        if self.kind == "eof" and offset > 0:
            offset -= 1
        end = offset
        while True:
            while end > 0 and src[end - 1] in " \t":
                end -= 1
            if end == 0:
                return offset
            if src[end - 1] not in "\n\r":
                return end
            end -= 1
            line_start = max(src.rfind("\n", 0, end), src.rfind("\r", 0, end)) + 1
            c = src.find("//", line_start, end)
            if c >= 0:
                end = c

    def custom_error(self, message, offset=None):
        """OpAsmParser::emitError inside a custom op parser: `custom op 'name' message`, at
        `offset` or at the op name."""
        if not self.custom_ops:
            return self.error(message, offset)
        name, start = self.custom_ops[-1]
        return self.error(f"custom op '{name}' {message}", start if offset is None else offset)

    def expect(self, text, what=None):
        if self.tok != text or self.kind == "string":
            raise self.error(f"expected '{text}'" if what is None else what)
        self._next()

    def accept(self, text) -> bool:
        if self.tok == text and self.kind != "string":
            self._next()
            return True
        return False

    def peek_is(self, text) -> bool:
        return self.tok == text and self.kind != "string"

    def at_eof(self):
        return self.kind == "eof"

    def enter(self):
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.error("exceeded maximum nesting depth")

    def leave(self):
        self.depth -= 1

    # -- OpAsmParser-style API for custom parsers -------------------------------------------
    def parse_keyword(self, what="expected keyword"):
        if self.kind != "bare":
            raise self.error(what)
        t = self.tok
        self._next()
        return t

    def accept_keyword(self, kw) -> bool:
        if self.kind == "bare" and self.tok == kw:
            self._next()
            return True
        return False

    def parse_optional_keyword(self, allowed=None):
        if self.kind == "bare" and (allowed is None or self.tok in allowed):
            t = self.tok
            self._next()
            return t
        return None

    def parse_string(self, what="expected string"):
        if self.kind != "string":
            raise self.error(what)
        s = self.string_value()
        self._next()
        return s

    def string_value(self):
        try:
            return unescape_string(self.tok[1:-1])
        except ValueError:
            raise self.error("unknown escape in string literal")

    def parse_integer(self, what="expected integer value"):
        neg = self.accept("-")
        if self.kind != "int":
            raise self.error(what)
        v = int(self.tok, 0)
        self._next()
        return -v if neg else v

    def parse_optional_integer(self):
        if self.kind == "int" or (self.tok == "-" and self.kind == "punct"):
            return self.parse_integer()
        return None

    def parse_symbol_name(self, what="expected valid '@'-identifier for symbol name"):
        if self.kind != "at":
            raise self.error(what)
        name = self.tok[1:]
        if name.startswith('"'):
            name = unescape_string(name[1:-1])
        self._next()
        return name

    def parse_comma_list(self, fn, open_=None, close=None, allow_empty=True):
        """Parses `open fn, fn, ... close` (delimiters optional); returns the list."""
        out = []
        if open_ is not None:
            self.expect(open_)
            if allow_empty and self.accept(close):
                return out
        out.append(fn())
        while self.accept(","):
            out.append(fn())
        if close is not None:
            self.expect(close)
        return out

    # -- SSA values ------------------------------------------------------------------------------
    def parse_operand(self):
        """`%name` or `%name#N`; returns an unresolved (name, number, offset) triple."""
        if self.kind != "percent":
            raise self.error("expected SSA operand")
        name, off = self.tok, self.start
        self._next()
        num = 0
        if self.kind == "hash":
            try:
                num = int(self.tok[1:])
            except ValueError:
                raise self.error("invalid SSA value result number")
            self._next()
        return (name, num, off)

    def parse_optional_operand(self):
        return self.parse_operand() if self.kind == "percent" else None

    def parse_operand_list(self, delim=None):
        """Comma-separated operands; delim is None, '(' or '['."""
        if delim is not None:
            close = ")" if delim == "(" else "]"
            self.expect(delim)
            if self.accept(close):
                return []
            res = self.parse_operand_list()
            self.expect(close)
            return res
        if self.kind != "percent":
            return []
        res = [self.parse_operand()]
        while self.tok == "," and self.kind == "punct":
            self._next()
            res.append(self.parse_operand())
        return res

    def resolve_operand(self, operand, type_):
        name, num, off = operand
        entry = self.values.get(name)
        if entry is not None and num < len(entry):
            v = entry[num]
            if v is not None:
                if v.type is not type_:
                    if isinstance(v, ForwardRef):
                        msg = (f"use of value '{name}' expects different type than prior uses: "
                               f"'{type_}' vs '{v.type}'")
                    else:
                        msg = (f"use of value '{name}' expects different type than prior uses: "
                               f"'{type_}' vs '{v.type}'")
                    raise self.error(msg, off)
                return v
        elif entry is not None and not any(isinstance(v, ForwardRef) for v in entry if v):
            raise self.error(f"reference to invalid result number", off)
        # forward reference
        fr = ForwardRef(type_, off)
        if entry is None:
            entry = self.values[name] = []
        while len(entry) <= num:
            entry.append(None)
        entry[num] = fr
        self.forward_count += 1
        return fr

    def resolve_operands(self, operands, types, offset=None):
        if len(operands) != len(types):
            raise self.error(f"{len(operands)} operands present, but expected {len(types)}",
                             offset)
        return [self.resolve_operand(o, t) for o, t in zip(operands, types)]

    def define_values(self, name, values, offset):
        entry = self.values.get(name)
        if entry is not None:
            for i, old in enumerate(entry):
                if old is None:
                    continue
                if not isinstance(old, ForwardRef):
                    raise self.error(f"redefinition of SSA value '{name}'", offset)
                if i >= len(values):
                    raise self.error(f"reference to invalid result number", old.offset)
                new = values[i]
                if new.type is not old.type:
                    raise self.error(f"definition of SSA value '{name}#{i}' has type "
                                     f"'{new.type}'", offset).__class__(Diagnostic(
                        "error", self.loc_at(offset),
                        f"use of value '{name}' expects different type than prior uses: "
                        f"'{new.type}' vs '{old.type}'"))
                old.replace_all_uses_with(new)
                self.forward_count -= 1
        self.values[name] = values
        self.region_defs[-1].append(name)

    # -- regions and blocks ----------------------------------------------------------------
    def push_isolated(self):
        self.isolated_stack.append((self.values, self.region_defs, self.forward_count))
        self.values = {}
        self.region_defs = [[]]
        self.forward_count = 0

    def pop_isolated(self):
        if self.forward_count:
            self._report_undeclared()
        self.values, self.region_defs, self.forward_count = self.isolated_stack.pop()

    def _report_undeclared(self):
        first = None
        for name, entry in self.values.items():
            for v in entry:
                if isinstance(v, ForwardRef) and (first is None or v.offset < first[1]):
                    first = (name, v.offset)
        if first is not None:
            raise self.error(f"use of undeclared SSA value name", first[1])

    def parse_region(self, entry_args=None, isolated=False):
        """`{ blocks }`. entry_args: [(operand triple, type, loc)] already parsed (e.g. func args)."""
        region = Region()
        lbrace = self.start
        self.expect("{")
        self.enter()
        if isolated:
            self.push_isolated()
        self.region_defs.append([])
        self.block_scopes.append({})
        try:
            if entry_args is not None:
                block = Block()
                region.append(block)
                for (name, _num, off), t, loc in entry_args:
                    arg = block.add_argument(t, loc)
                    self.define_values(name, [arg], off)
                if self.accept("}"):
                    return self._finish_region(region)
                if self.kind == "caret":
                    # An explicit label after the signature-provided arguments is an error in MLIR.
                    raise self.error("invalid block name in region with named arguments")
                self.parse_block_body(block)
            elif self.accept("}"):
                return self._finish_region(region)
            elif self.kind != "caret":
                block = Block()
                region.append(block)
                self.parse_block_body(block)
            while not self.accept("}"):
                if self.kind == "eof":
                    raise self.error("expected operation name in quotes")
                region.append(self.parse_block_label())
                self.parse_block_body(region.blocks[-1])
            return self._finish_region(region)
        finally:
            for name in self.region_defs.pop():
                self.values.pop(name, None)
            self.block_scopes.pop()
            if isolated:
                self.pop_isolated()
            self.leave()

    def _finish_region(self, region):
        scope = self.block_scopes[-1]
        for name, (block, defined, off) in scope.items():
            if not defined:
                raise self.error(f"reference to an undefined block", off)
        return region

    def _block_ref(self, name, offset, define):
        scope = self.block_scopes[-1] if self.block_scopes else None
        if scope is None:
            raise self.error("expected operation name", offset)
        rec = scope.get(name)
        if rec is None:
            rec = scope[name] = [Block(), define, offset]
        elif define:
            if rec[1]:
                raise self.error(f"redefinition of block '{name}'", offset)
            rec[1] = True
        return rec[0]

    def parse_block_label(self):
        name, off = self.tok, self.start
        self._next()
        block = self._block_ref(name, off, True)
        if self.accept("("):
            if not self.accept(")"):
                while True:
                    arg_name = self.parse_operand()
                    self.expect(":")
                    t = self.parse_type()
                    loc = self.parse_optional_trailing_loc(self.loc_at(arg_name[2]))
                    arg = block.add_argument(t, loc)
                    self.define_values(arg_name[0], [arg], arg_name[2])
                    if not self.accept(","):
                        break
                self.expect(")")
        self.expect(":", "expected ':' after block name")
        return block

    def parse_successor(self):
        if self.kind != "caret":
            raise self.error("expected block name")
        name, off = self.tok, self.start
        self._next()
        return self._block_ref(name, off, False)

    def parse_optional_successor(self):
        return self.parse_successor() if self.kind == "caret" else None

    def parse_successor_and_args(self):
        """`^bb(%a, %b : t1, t2)` as branch ops write it; returns (block, values)."""
        block = self.parse_successor()
        vals = []
        if self.accept("("):
            ops = self.parse_operand_list()
            self.expect(":")
            types = self.parse_type_list_no_parens()
            self.expect(")")
            vals = self.resolve_operands(ops, types)
        return block, vals

    def parse_block_body(self, block):
        # Ops until the next block label or the region's closing brace.
        while True:
            k = self.kind
            if k == "caret" or (k == "punct" and self.tok == "}"):
                return
            if k == "eof":
                raise self.error("expected operation name in quotes")
            op = self.parse_operation()
            block.append(op)

    # -- operations --------------------------------------------------------------------------
    def parse_operation(self):
        start = self.start
        results = None
        if self.kind == "percent":
            results = []
            while True:
                name, off = self.tok, self.start
                self._next()
                count = 1
                if self.tok == ":" and self.kind == "punct":
                    self._next()
                    if self.kind != "int":
                        raise self.error("expected integer number of results")
                    count = int(self.tok)
                    if count < 1:
                        raise self.error("expected named operation to have at least 1 result")
                    self._next()
                results.append((name, count, off))
                if not self.accept(","):
                    break
                if self.kind != "percent":
                    raise self.error("expected valid ssa identifier")
            self.expect("=", "expected '=' after SSA name")
        op_start = self.start
        if self.kind == "string":
            op = self.parse_generic_operation()
        elif self.kind == "bare":
            op = self.parse_custom_operation()
        else:
            raise self.error("expected operation name in quotes")
        if results is not None:
            total = sum(c for _, c, _ in results)
            if total != len(op.results):
                raise self.error(f"operation defines {len(op.results)} results but was "
                                 f"provided {total} to bind", start)
            i = 0
            for name, count, off in results:
                self.define_values(name, op.results[i:i + count], off)
                i += count
        return op

    def _op_loc(self, op_start):
        return SourceLoc(self.buffer, op_start)

    def parse_generic_operation(self):
        op_start = self.start
        name = self.string_value()
        self._next()
        ctx = self.ctx
        opdef = ctx.lookup_op(name)
        if opdef is None:
            dialect = name.split(".", 1)[0] if "." in name else ""
            if not ctx.allow_unregistered and not (dialect in ctx.dialects and
                                                   ctx.dialects[dialect].allow_unknown_ops):
                raise self.error("operation being parsed with an unregistered dialect. If this "
                                 "is intended, please use -allow-unregistered-dialect with the "
                                 "MLIR tool used" if dialect not in ctx.dialects
                                 else f"unregistered operation '{name}' found in dialect "
                                 f"('{dialect}') that does not allow unknown operations",
                                 op_start)
        self.expect("(", "expected '(' to start operand list")
        operands = self.parse_operand_list()
        self.expect(")", "expected ')' to end operand list")
        successors = []
        if self.accept("["):
            successors = self.parse_comma_list(self.parse_successor)
            self.expect("]")
        props = None
        if self.tok == "<" and self.kind == "punct":
            self._next()
            props = self.parse_attribute()
            self.expect(">", "expected '>' to close properties")
        regions = []
        if self.tok == "(" and self.kind == "punct":
            self._next()
            isolated = opdef is not None and opdef.isolated
            regions.append(self.parse_generic_region(isolated))
            while self.accept(","):
                regions.append(self.parse_generic_region(isolated))
            self.expect(")", "expected ')' to end region list")
        attrs = {}
        if self.tok == "{" and self.kind == "punct":
            attrs = self.parse_attr_dict_body()
        self.expect(":", "expected ':' followed by operation type")
        ftype_off = self.start
        ftype = self.parse_type()
        if not isinstance(ftype, FunctionType):
            raise self.error("expected function type", ftype_off)
        vals = self.resolve_operands(operands, ftype.inputs, ftype_off)
        properties = {}
        if opdef is not None:
            if props is not None:
                from ..ir.attributes import DictionaryAttr
                if not isinstance(props, DictionaryAttr):
                    raise self.error("expected dictionary attribute for properties")
                properties = dict(props.value)
            opdef.split_generic_attrs(properties, attrs)
        elif props is not None:
            properties = {"<opaque>": props}
        loc = self.parse_optional_trailing_loc(None)
        op = Operation(name, opdef, vals, ftype.results, properties, attrs, regions, successors,
                       loc if loc is not None else self._op_loc(op_start))
        return op

    def parse_generic_region(self, isolated):
        """A region in the generic form: the entry block may carry an explicit label."""
        return self.parse_region(None, isolated)

    def parse_custom_operation(self):
        op_start = self.start
        name = self.tok
        ctx = self.ctx
        opdef = ctx.lookup_op(name)
        if opdef is None and self.default_dialects:
            dd = self.default_dialects[-1]
            if dd:
                opdef = ctx.lookup_op(dd + "." + name)
        if opdef is None:
            opdef = ctx.lookup_op("builtin." + name)
        if opdef is None or opdef.parse is None:
            tried = ""
            if "." not in name and self.default_dialects and self.default_dialects[-1]:
                tried = f" (tried '{self.default_dialects[-1]}.{name}' as well)"
            raise self.error(f"custom op '{name}' is unknown{tried}", op_start)
        self._next()
        state = OperationState(opdef.name, opdef, None)
        self.default_dialects.append(opdef.default_dialect)
        self.custom_ops.append((opdef.name, op_start))
        try:
            opdef.parse(self, state)
        finally:
            self.default_dialects.pop()
            self.custom_ops.pop()
        loc = self.parse_optional_trailing_loc(None)
        op = Operation(state.name, opdef, state.operands, state.result_types, state.properties,
                       state.attributes, state.regions, state.successors,
                       loc if loc is not None else self._op_loc(op_start))
        return op

    # -- top level ---------------------------------------------------------------------------
    def parse_top_level(self, into_block: Block):
        """Parses a whole buffer: alias definitions, file metadata and ops."""
        self.region_defs.append([])
        self.block_scopes.append({})
        while self.kind != "eof":
            k = self.kind
            if k == "hash" or k == "excl":
                self.parse_alias_definition()
            elif k == "punct" and self.tok == "{-#":
                self.parse_file_metadata()
            elif k == "caret":
                raise self.error("expected operation name in quotes")
            else:
                into_block.append(self.parse_operation())
        if self.forward_count:
            self._report_undeclared()
        self._resolve_deferred_locs(into_block)

    def parse_alias_definition(self):
        kind, name, off = self.kind, self.tok, self.start
        self._next()
        if "." in name:
            raise self.error(("attribute" if kind == "hash" else "type") +
                             " names with a '.' are reserved for dialect-defined names", off)
        self.expect("=", "expected '=' in " + ("attribute" if kind == "hash" else "type") +
                    " alias definition")
        if kind == "hash":
            if name in self.attr_aliases:
                raise self.error(f"redefinition of attribute alias id '{name[1:]}'", off)
            self.attr_aliases[name] = self.parse_attribute()
        else:
            if name in self.type_aliases:
                raise self.error(f"redefinition of type alias id '{name[1:]}'", off)
            self.type_aliases[name] = self.parse_type()

    def parse_file_metadata(self):
        self._next()
        while not self.accept("#-}"):
            key = self.parse_keyword("expected identifier key in file metadata dictionary")
            self.expect(":")
            if key == "dialect_resources":
                self.expect("{")
                while not self.accept("}"):
                    dialect = self.parse_keyword()
                    self.expect(":")
                    self.expect("{")
                    while not self.accept("}"):
                        rname = self.parse_resource_key()
                        self.expect(":")
                        if self.kind != "string":
                            raise self.error("expected string")
                        self.resources[(dialect, rname)] = self.string_value()
                        self._next()
                        self.accept(",")
                    self.accept(",")
            elif key == "external_resources":
                self.skip_balanced_braces()
            else:
                raise self.error(f"unknown key '{key}' in file metadata dictionary")
            self.accept(",")

    def parse_resource_key(self):
        if self.kind in ("bare", "string"):
            t = self.tok if self.kind == "bare" else self.string_value()
            self._next()
            return t
        raise self.error("expected identifier key for 'resource' entry")

    def skip_balanced_braces(self):
        self.expect("{")
        depth = 1
        while depth:
            if self.kind == "eof":
                raise self.error("unexpected end of file")
            if self.kind == "punct":
                if self.tok == "{":
                    depth += 1
                elif self.tok == "}":
                    depth -= 1
            self._next()
