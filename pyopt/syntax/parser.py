"""The MLIR text parser: operations, regions, blocks, SSA names and the top level.

Types, attributes and locations live in the mixins of type_parser.py / attr_parser.py; this
file holds the token cursor, SSA/block name scoping with forward references, generic and custom
operation syntax, and the OpAsmParser-style API used by custom op parsers and the format engine.
"""
from __future__ import annotations

import re

from pyopt.ir.core import Operation, Block, Region, Value, BlockArgument
from pyopt.ir.location import SourceBuffer, SourceLoc
from pyopt.ir.types import FunctionType
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.syntax.lexer import (TOKEN_RE, KIND_OF_GROUP as _KIND_OF_GROUP, MAX_NESTING,
                                unescape_string)
from pyopt.syntax.type_parser import TypeParserMixin
from pyopt.syntax.attr_parser import AttrParserMixin
from pyopt.syntax.toplevel_parser import TopLevelParserMixin

_INT_TYPE_TOKEN = re.compile(r"[su]?i[0-9]+\Z")
_scanner = TOKEN_RE.scanner
_EOF_GROUP = TOKEN_RE.groupindex["eof"]  # (the groups after it: error)
_dict_get = dict.get


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


class Parser(TypeParserMixin, AttrParserMixin, TopLevelParserMixin):
    def __init__(self, buffer: SourceBuffer, context):
        self.buffer = buffer
        self.src = buffer.text
        self.ctx = context
        self._scan = _scanner(self.src).match
        self.src_end = len(self.src)  # (where the tokens end: see parse_skipped_region)
        self.depth = 0
        # SSA names of the current isolated scope: name -> list of (Value, offset) or None per
        # result number (the Value may be a ForwardRef placeholder)
        self.values = {}
        self.region_defs = []  # per open region of the isolated scope: names it defined
        self.isolated_stack = []  # enclosing (values, region_defs)
        self.forward_refs = {}  # every unresolved ForwardRef -> offset of its first use
        self.block_scopes = []  # per region: {name: [block, defined?, first-use offset]}
        self.type_aliases = {}
        self.attr_aliases = {}
        # Forward-declared type aliases (a recursive type's `alias_incomplete()` form, completed
        # by a later redefinition): name -> offset; and where the value of the type alias being
        # defined starts, so a dialect can accept its forward form only there.
        self.forward_type_aliases = {}
        self.type_alias_value_start = None
        self.deferred_locs = []  # `loc(#alias)` seen before the alias definition
        # (op name, name offset, default dialect) of the custom parsers being run
        self.custom_ops = []
        self.flat_dicts = {}  # text of a brace-free attribute dictionary -> its value
        self.plain_types = {}  # `!dialect.name` not followed by `<` -> its Type
        self.number_attrs = {}  # (literal, float?, minus?, type) -> number_to_attr's attribute
        # `!dialect.name`, `memref`, ... -> ([short text entry], {first chars: [entries]}), an
        # entry being (text with its `<...>` body, Type, deepest depth it may be reused at)
        self.body_types = {}
        self.resources = context.resources
        # Regions read later (pytranslate/export/halves.py): `{` offset -> the offset after
        # its `}`, to skip when met; then how to read each one, by that offset.
        self.deferred = None
        self.skipped = {}
        self._next()

    # -- token cursor -----------------------------------------------------------------------
    def _next(self):
        # A scanner continues where its last match ended (no position to pass in).
        m = self._scan()
        i = m.lastindex
        # The token group ends the match (lastindex, an int, is cheaper than lastgroup).
        self.tok = tok = m[i]
        self.start = m.end() - len(tok)
        self.kind = _KIND_OF_GROUP[i]
        if i >= _EOF_GROUP:
            if i != _EOF_GROUP:
                raise self._lex_error()
            # (at the end it would match nothing)
            self._scan = _scanner(self.src, self.start, self.src_end).match

    @property
    def pos(self):
        """Where the current token ends (computed: only a few parsers ask)."""
        return self.start + len(self.tok)

    def _lex_error(self):
        """The diagnostic MLIR's lexer gives for a character that starts no token."""
        src, at = self.src, self.start
        c = src[at]
        if c == ".":
            return self.error("expected three consecutive dots for an ellipsis", at + 1)
        if c == "@" and not src.startswith('"', at + 1):
            return self.error("@ identifier expected to start with letter or '_'", at + 1)
        if c in "#%^!":
            return self.error({"#": "invalid attribute name", "%": "invalid SSA name",
                               "^": "invalid block name", "!": "invalid type identifier"}[c], at)
        if c in '"@':
            i = at + (2 if c == "@" else 1)
            n = len(src)
            while i < n:
                ch = src[i]
                if ch in "\n\v\f":
                    break
                if ch == "\\":
                    nxt = src[i + 1:i + 2]
                    if nxt and nxt in '"\\nt':
                        i += 2
                        continue
                    if all(x in "0123456789abcdefABCDEF" for x in src[i + 1:i + 3]) and \
                            len(src[i + 1:i + 3]) == 2:
                        i += 3
                        continue
                    return self.error("unknown escape in string literal", i)
                i += 1
            return self.error("expected '\"' in string literal", i)
        return self.error("unexpected character", at)

    def reset_to(self, offset):
        self._scan = _scanner(self.src, offset, self.src_end).match
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

    def error_here(self, message):
        """MLIR's Parser::emitError(message): at the current token (one character back at the
        end of the file), without the wrong-token adjustment of `error`."""
        off = self.start
        if self.kind == "eof" and off > 0:
            off -= 1
        return self.error(message, off)

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
        name, start, _ = self.custom_ops[-1]
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
        except ValueError as e:
            pos = e.args[0] if e.args and isinstance(e.args[0], int) else -1
            raise self.error("unknown escape in string literal", self.start + 1 + pos)

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
            if self.custom_ops:  # OpAsmParser::parseSymbolName: at the current token
                raise self.custom_error(what, self.start)
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
        """The Value for a parsed `%name#N` of the given type (a forward reference placeholder
        when it is not defined yet), with MLIR's diagnostics."""
        name, num, off = operand
        entry = self.values.get(name)
        if entry is not None and num < len(entry) and entry[num] is not None:
            v, def_off = entry[num]
            if v.type is not type_:
                err = self.error(f"use of value '{name}' expects different type than prior "
                                 f"uses: '{type_}' vs '{v.type}'", off)
                err.diag.attach_note("prior use here", self.loc_at(def_off))
                raise err
            return v
        if entry is None:
            entry = self.values[name] = []
        while len(entry) <= num:
            entry.append(None)
        first = entry[0]
        if first is not None and type(first[0]) is not ForwardRef:
            raise self.error("reference to invalid result number", off)
        fr = ForwardRef(type_, off)
        entry[num] = (fr, off)
        self.forward_refs[fr] = off
        return fr

    def _value_loc(self, v):
        """Where a value was defined (or first used, for a forward reference)."""
        if isinstance(v, ForwardRef):
            return self.loc_at(v.offset)
        loc = v.loc if isinstance(v, BlockArgument) else v.owner.loc
        return loc

    def resolve_operands(self, operands, types, offset=None):
        if len(operands) != len(types):
            raise self.error(f"{len(operands)} operands present, but expected {len(types)}",
                             offset)
        return [self.resolve_operand(o, t) for o, t in zip(operands, types)]

    def add_definition(self, name, num, value, offset):
        """Binds `%name#num` to `value` in the current scope, resolving a forward reference."""
        values = self.values
        entry = values.get(name)
        if entry is None:
            if num == 0:  # the common case: a fresh name
                values[name] = [(value, offset)]
                self.region_defs[-1].add(name)
                return
            entry = values[name] = []
        while len(entry) <= num:
            entry.append(None)
        old = entry[num]
        if old is not None:
            ov, old_off = old
            if type(ov) is not ForwardRef:
                err = self.error(f"redefinition of SSA value '{name}'", offset)
                err.diag.attach_note("previously defined here", self.loc_at(old_off))
                raise err
            if ov.type is not value.type:
                err = self.error(f"definition of SSA value '{name}#{num}' has type "
                                 f"'{value.type}'", offset)
                err.diag.attach_note(f"previously used here with type '{ov.type}'",
                                     self.loc_at(old_off))
                raise err
            ov.replace_all_uses_with(value)
            del self.forward_refs[ov]
        entry[num] = (value, offset)
        self.region_defs[-1].add(name)

    def define_values(self, name, values, offset):
        for i, v in enumerate(values):
            self.add_definition(name, i, v, offset)

    # -- regions and blocks ----------------------------------------------------------------
    def push_scope(self, isolated):
        """A region's name scope (MLIR's pushSSANameScope): blocks are per region, SSA names
        per isolated-from-above region with nested per-region definition sets."""
        self.block_scopes.append({})
        if isolated:
            self.isolated_stack.append((self.values, self.region_defs))
            self.values = {}
            self.region_defs = []
        self.region_defs.append(set())

    def pop_scope(self):
        scope = self.block_scopes.pop()
        undefined = sorted(rec[2] for rec in scope.values() if not rec[1])
        if undefined:
            errs = [self.error("reference to an undefined block", off) for off in undefined]
            errs[0].more = [e.diag for e in errs[1:]]
            raise errs[0]
        defs = self.region_defs.pop()
        if not self.region_defs:
            self.values, self.region_defs = self.isolated_stack.pop()
        else:
            values = self.values
            for name in defs:
                values.pop(name, None)

    def report_undeclared(self):
        """MLIR's finalize: every forward reference still unresolved is an error."""
        if not self.forward_refs:
            return
        offs = sorted(self.forward_refs.values())
        errs = [self.error("use of undeclared SSA value name", off) for off in offs]
        errs[0].more = [e.diag for e in errs[1:]]
        raise errs[0]

    def parse_region(self, entry_args=None, isolated=False, into=None):
        """`{ blocks }`. entry_args: [(operand triple or None, type, loc)] already parsed (e.g.
        function arguments); unnamed ones (None) leave the entry block to its label. `into`:
        the (empty) region to fill."""
        if self.deferred and self.start in self.deferred:
            return self._skip_region(entry_args)
        region = Region() if into is None else into
        self.expect("{", "expected '{' to begin a region")
        if not entry_args and self.peek_is("}"):
            self._next()
            return region
        self.enter()
        self.push_scope(isolated)
        block = Block()
        if entry_args and entry_args[0][0] is not None:
            if self.kind == "caret":
                raise self.error("invalid block name in region with named arguments")
            for operand, t, loc in entry_args:
                name, num, off = operand
                entry = self.values.get(name)
                if entry is not None and num < len(entry) and entry[num] is not None:
                    err = self.error(f"region entry argument '{name}' is already in use", off)
                    err.diag.attach_note("previously referenced here",
                                         self.loc_at(entry[num][1]))
                    raise err
                arg = block.add_argument(t, loc if loc is not None else self.loc_at(off))
                self.add_definition(name, num, arg, off)
        if self.kind == "caret":
            block = self.parse_block_label(block)
        self.parse_block_body(block)
        if entry_args and len(block.args) > len(entry_args):
            raise self.error("entry block arguments were already defined")
        region.append(block)
        while not self.accept("}"):
            b = self.parse_block_label()
            self.parse_block_body(b)
            region.append(b)
        self.pop_scope()
        self.leave()
        return region

    def _skip_region(self, entry_args):
        """An empty region now; `parse_skipped_region` fills it."""
        region = Region()
        start = self.start
        end = self.deferred.pop(start)
        self.skipped[start] = (region, entry_args, self.depth, list(self.custom_ops), end)
        self.reset_to(end)
        return region

    def parse_skipped_region(self, start):
        """Reads the region skipped at `start` as it would have been read there; its text
        must end where the deferral said."""
        region, entry_args, depth, custom_ops, end = self.skipped.pop(start)
        self.src_end = end
        try:
            self.reset_to(start)
            self.depth, self.custom_ops = depth, custom_ops
            # (a name scope of its own: the regions read later are module-level symbols')
            self.parse_region(entry_args, True, region)
            if self.kind != "eof":
                raise self.error("expected the end of a region read later")
        finally:
            self.src_end = len(self.src)
        self.report_undeclared()
        return region

    def _block_ref(self, name, offset, define, block=None):
        scope = self.block_scopes[-1] if self.block_scopes else None
        if scope is None:
            raise self.error("expected operation name", offset)
        rec = scope.get(name)
        if rec is None:
            rec = scope[name] = [block if block is not None else Block(), define, offset]
        elif define:
            if rec[1]:
                raise self.error(f"redefinition of block '{name}'", offset)
            rec[1] = True
        return rec[0]

    def parse_block_label(self, block=None):
        """`^name(%a: t loc(..), ...):`; `block` is the region's entry block when given."""
        if self.kind != "caret":
            raise self.error("expected block name")
        name, off = self.tok, self.start
        self._next()
        block = self._block_ref(name, off, True, block)
        if self.accept("("):
            if not self.accept(")"):
                while True:
                    arg_name = self.parse_operand()
                    self.expect(":", "expected ':' and type for SSA operand")
                    t = self.parse_type()
                    loc = self.parse_optional_trailing_loc(self.loc_at(arg_name[2]))
                    arg = block.add_argument(t, loc)
                    self.add_definition(arg_name[0], arg_name[1], arg, arg_name[2])
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
                if self.tok != "," or self.kind == "string":
                    break
                self._next()
                if self.kind != "percent":
                    raise self.error("expected valid ssa identifier")
            if self.tok != "=" or self.kind == "string":
                raise self.error("expected '=' after SSA name")
            self._next()
        op_start = self.start
        if self.kind == "string":
            op = self.parse_generic_operation()
        elif self.kind == "bare" and ("." in self.tok or not _INT_TYPE_TOKEN.match(self.tok)):
            op = self.parse_custom_operation()
        else:  # (MLIR lexes `i32` as an integer type token, never an op name)
            raise self.error("expected operation name in quotes")
        if results is not None:
            op_results = op.results
            if len(results) == 1 and len(op_results) == 1 and results[0][1] == 1:
                name, _, off = results[0]  # the common `%x = op`
                self.add_definition(name, 0, op_results[0], off)
                return op
            total = sum(c for _, c, _ in results)
            if not op.results:
                raise self.error("cannot name an operation with no results", start)
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
        if not name:
            raise self.error("empty operation name is invalid", op_start)
        if "\0" in name:
            raise self.error("null character not allowed in operation name", op_start)
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
                                 # (19 reports the first after the name, the second at it)
                                 self.start if dialect not in ctx.dialects else op_start)
        self.expect("(", "expected '(' to start operand list")
        operands = self.parse_operand_list()
        self.expect(")", "expected ')' to end operand list")
        successors = []
        if self.peek_is("["):
            if opdef is not None and not opdef.is_terminator:
                raise self.error("successors in non-terminator", self.start)
            self._next()
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
            # The generic form never opens an isolated name scope (MLIR's parseRegion default):
            # uses from above parse, and the verifier reports them.
            regions.append(self.parse_region())
            while self.accept(","):
                regions.append(self.parse_region())
            self.expect(")", "expected ')' to end region list")
        attrs = {}
        if self.tok == "{" and self.kind == "punct":
            attrs = self.parse_attr_dict_body()
        self.expect(":", "expected ':' followed by operation type")
        ftype_off = self.start
        ftype = self.parse_type()
        if not isinstance(ftype, FunctionType):
            raise self.error("expected function type", ftype_off)
        if len(operands) != len(ftype.inputs):
            # (MLIR writes "s"[n == 1], i.e. a NUL character for one operand)
            raise self.error(f"expected {len(operands)} operand type"
                             f"{chr(0) if len(operands) == 1 else 's'} but had "
                             f"{len(ftype.inputs)}", ftype_off)
        vals = [self.resolve_operand(o, t) for o, t in zip(operands, ftype.inputs)]
        properties = {}
        if opdef is not None:
            if props is not None:
                from pyopt.ir.attributes import DictionaryAttr
                if not isinstance(props, DictionaryAttr):
                    raise self.error("expected dictionary attribute for properties")
                properties = dict(props.value)
            opdef.split_generic_attrs(properties, attrs)
        elif props is not None:
            properties = {"<opaque>": props}
        loc = self.parse_optional_trailing_loc(None)
        if opdef is not None and opdef.legacy_operands == len(vals):
            self._llvm_seed_syntax = True  # (an MLIR 16 form, upgraded once parsed)
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
        opdef = _dict_get(ctx.ops, name)  # (a loaded op: skips the lazy loader's lookup)
        if opdef is None or opdef.parse is None:
            opdef = ctx.ops.get(name)
        if opdef is None or opdef.parse is None:
            # MLIR's parseCustomOperationName: an unprefixed name is looked up in the default
            # dialect of the enclosing op (`builtin` at the top level).
            full = name
            if "." not in name:
                full = (self.custom_ops[-1][2] if self.custom_ops else "builtin") + "." + name
                opdef = ctx.lookup_op(full)
            if opdef is None or opdef.parse is None:
                tried = f" (tried '{full}' as well)" if full != name else ""
                dialect = full.split(".", 1)[0]
                if dialect not in ctx.dialects:
                    err = self.error(f"Dialect `{dialect}' not found for custom op '{name}' "
                                     f"{tried}", op_start)
                    err.diag.attach_note(
                        "Registered dialects: " + ", ".join(ctx.registered_dialect_names()) +
                        " ; for more info on dialect registration see "
                        "https://mlir.llvm.org/getting_started/Faq/"
                        "#registered-loaded-dependent-whats-up-with-dialects-management")
                    raise err
                raise self.error(f"custom op '{name}' is unknown{tried}", op_start)
        self._next()
        state = OperationState(opdef.name, opdef, None)
        custom_ops = self.custom_ops
        custom_ops.append((opdef.name, op_start, opdef.default_dialect))
        try:
            opdef.parse(self, state)
        finally:
            custom_ops.pop()
        if self.kind == "bare" and self.tok == "loc":
            loc = self.parse_optional_trailing_loc(None)
        elif state.loc is not None:  # a location the custom parser chose
            loc = state.loc
        else:
            loc = SourceLoc(self.buffer, op_start)
        return Operation(state.name, opdef, state.operands, state.result_types,
                         state.properties, state.attributes, state.regions, state.successors,
                         loc)
