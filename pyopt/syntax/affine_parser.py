"""Parser for affine maps, integer sets and SSA-operand affine expressions (MLIR 19 syntax).

Works directly on the whole source text from an offset so that error offsets are absolute.
It follows upstream's AffineParser.cpp closely: the same grammar quirks (keywords usable as
identifiers, `> =` accepted for `>=`), the same moment at which each non-affine operation is
rejected and the same messages and error locations, including the "wrong token" rule that
reports a token at the start of a line at the end of the previous line instead.

Entry points (the `affine_map<` / `affine_set<` prefix is already consumed by the caller):
  parse_affine_map(src, pos)              -> (AffineMap, offset after the closing '>')
  parse_integer_set(src, pos)             -> (IntegerSet, offset after the closing '>')
  parse_affine_expr_with_operands(src, pos, ssa_hook)        -> (AffineExpr, end)
  parse_affine_map_of_ssa_ids(src, pos, ssa_hook, delimiter) -> (AffineMap, end)
"""
from __future__ import annotations

import re

from pyopt.ir.affine import AffineExpr, AffineMap, IntegerSet, constant, dim, symbol

__all__ = [
    "AffineParseError", "parse_affine_map", "parse_integer_set",
    "parse_affine_expr_with_operands", "parse_affine_map_of_ssa_ids",
]

# Parentheses/negations nest by recursion; refuse absurd nesting instead of overflowing.
MAX_NESTING = 200


class AffineParseError(Exception):
    """A parse error at absolute source offset `offset`.  `extra` lists further
    (message, offset) errors upstream emits right after the first one (e.g. "missing
    operand of negation" once per enclosing unary minus)."""

    def __init__(self, message: str, offset: int, extra=None):
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.extra = list(extra) if extra else []

    def __repr__(self):
        return f"AffineParseError({self.message!r}, {self.offset})"


# -- lexer ------------------------------------------------------------------------------------

_SKIP = re.compile(r"(?:[ \t\n\r\0]+|//[^\n\r]*)*")
_TOKEN = re.compile(r"""
    (?P<id>[A-Za-z_][A-Za-z0-9_$.]*)
  | (?P<float>[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?)
  | (?P<int>0x[0-9a-fA-F]+|[0-9]+)
  | (?P<ssa>%(?:[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*))
  | (?P<arrow>->)
  | (?P<punct>[-+*(),\[\]:<>=])
  | (?P<other>\{-\#|\#-\}|\.\.\.|[{}?|]
       |[\#!^](?:[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)
       |@[A-Za-z_][A-Za-z0-9_$.]*)
""", re.VERBOSE)
_RESULT_NUMBER = re.compile(r"#[0-9]+")
_LOW_OPS = {"+", "-"}
_HIGH_OP_KEYWORDS = {"floordiv", "ceildiv", "mod"}


class _LexError(AffineParseError):
    """Lexer diagnostics; upstream drops every parser error that follows one."""


def _lex_string(src: str, pos: int) -> int:
    """End offset of the string literal whose opening quote is at `pos`."""
    i = pos + 1
    n = len(src)
    while True:
        c = src[i] if i < n else "\n"  # end of input ends the string like a newline
        i += 1
        if c == '"':
            return i
        if c in "\n\v\f":
            raise _LexError("expected '\"' in string literal", i - 1)
        if c == "\\":
            nxt = src[i:i + 2]
            if nxt[:1] in ('"', "\\", "n", "t") and nxt:
                i += 1
            elif len(nxt) == 2 and all(ch in "0123456789abcdefABCDEF" for ch in nxt):
                i += 2
            else:
                raise _LexError("unknown escape in string literal", i - 1)


def _lex_error(src: str, pos: int) -> AffineParseError:
    """Mirror the lexer's diagnostics for text no token rule accepts."""
    c = src[pos]
    if c in "%#!^":
        kind = {"%": "invalid SSA name", "#": "invalid attribute name",
                "!": "invalid type identifier", "^": "invalid block name"}[c]
        return _LexError(kind, pos)
    if c == "@":
        return _LexError("@ identifier expected to start with letter or '_'", pos + 1)
    if c == ".":
        return _LexError("expected three consecutive dots for an ellipsis", pos + 1)
    return _LexError("unexpected character", pos)


def _wrong_token_offset(src: str, loc: int) -> int:
    """Upstream's emitWrongTokenError location: just after the previous token, i.e. back over
    spaces, and for a token starting a line back over blank lines and `//` comments to the
    end of the code on the last non-blank line."""
    end = loc
    while True:
        while end > 0 and src[end - 1] in " \t":
            end -= 1
        if end == 0:
            return loc
        if src[end - 1] not in "\n\r":
            return end
        end -= 1
        line_start = max(src.rfind("\n", 0, end), src.rfind("\r", 0, end))
        line_start = max(line_start, 0)
        comment = src.find("//", line_start, end)
        if comment != -1:
            end = comment


# -- parser -----------------------------------------------------------------------------------

class _AffineParser:
    def __init__(self, src: str, pos: int, ssa_hook=None):
        self.src = src
        self.ssa_hook = ssa_hook
        self.names: dict = {}  # identifier (or SSA name) -> AffineExpr
        self.num_dim_operands = 0
        self.num_sym_operands = 0
        self.depth = 0
        self.prev_end = pos
        self._lex(pos)

    # Token handling.  `kind` is the punctuation itself, 'id', 'int', 'float', 'ssa',
    # '->', 'other' or 'eof'; `start`/`end` delimit its spelling.
    def _lex(self, pos: int):
        src = self.src
        pos = _SKIP.match(src, pos).end()
        self.start = pos
        if pos >= len(src):
            self.kind, self.end = "eof", pos
            return
        c = src[pos]
        if c == '"' or (c == "@" and src.startswith('"', pos + 1)):
            self.kind, self.end = "other", _lex_string(src, pos + (c == "@"))
            return
        m = _TOKEN.match(src, pos)
        if m is None:
            raise _lex_error(src, pos)
        group = m.lastgroup
        self.kind = src[pos] if group == "punct" else ("->" if group == "arrow" else group)
        self.end = m.end()

    def consume(self):
        self.prev_end = self.end
        self._lex(self.end)

    def consume_last(self):
        """Consume the final token without lexing beyond it (the caller's lexer owns that)."""
        self.prev_end = self.end

    def consume_if(self, kind: str) -> bool:
        if self.kind == kind:
            self.consume()
            return True
        return False

    @property
    def spelling(self) -> str:
        return self.src[self.start:self.end]

    def _here(self) -> int:
        # At end of input upstream reports one character back.
        return self.start - 1 if self.kind == "eof" and self.start > 0 else self.start

    def error(self, message: str, offset=None) -> AffineParseError:
        return AffineParseError(message, self._here() if offset is None else offset)

    def wrong_token(self, message: str) -> AffineParseError:
        return AffineParseError(message, _wrong_token_offset(self.src, self._here()))

    def expect(self, kind: str, message: str):
        if self.kind != kind:
            raise self.wrong_token(message)
        self.consume()

    def comma_list(self, open_: str, close: str, element, context: str, last=False):
        """`open_ (element (, element)*)? close`; with `last` the closing token is the end of
        the construct and nothing after it is lexed."""
        self.expect(open_, f"expected '{open_}'{context}")
        if self.kind != close:
            element()
            while self.consume_if(","):
                element()
            if self.kind != close:
                raise self.wrong_token(f"expected '{close}'{context}")
        if last:
            self.consume_last()
        else:
            self.consume()

    # -- expressions ----------------------------------------------------------------------
    def parse_expr(self) -> AffineExpr:
        """A `+`/`-` chain of terms, each a `*`/floordiv/ceildiv/mod chain of operands,
        all left-associative; operations are built (and checked) as soon as their right
        operand is complete, as upstream does."""
        acc = None       # accumulated low-precedence result
        acc_op = None    # pending '+' or '-'
        while True:
            term = self.parse_term(acc)
            if acc is None:
                acc = term
            else:
                acc = acc + term if acc_op == "+" else acc - term
            if self.kind in _LOW_OPS:
                acc_op = self.kind
                self.consume()
                continue
            return acc

    def parse_term(self, outer_lhs) -> AffineExpr:
        hacc = self.parse_operand(outer_lhs)
        op = self._high_op()
        if op is None:
            return hacc
        op_loc = self.start
        self.consume()
        while True:
            rhs = self.parse_operand(hacc)
            next_op = self._high_op()
            if next_op is None:
                return self.combine(op, hacc, rhs, op_loc)
            # Upstream reports a bad operation at the *following* operator.
            next_loc = self.start
            self.consume()
            hacc = self.combine(op, hacc, rhs, next_loc)
            op, op_loc = next_op, next_loc

    def _high_op(self):
        k = self.kind
        if k == "*":
            return "*"
        if k == "id":
            spelling = self.spelling
            return spelling if spelling in _HIGH_OP_KEYWORDS else None
        return None

    def combine(self, op: str, lhs: AffineExpr, rhs: AffineExpr, loc: int) -> AffineExpr:
        if op == "*":
            if not lhs.is_symbolic_or_constant() and not rhs.is_symbolic_or_constant():
                raise AffineParseError("non-affine expression: at least one of the multiply "
                                       "operands has to be either a constant or symbolic", loc)
            return lhs * rhs
        if not rhs.is_symbolic_or_constant():
            raise AffineParseError(f"non-affine expression: right operand of {op} has to be "
                                   "either a constant or symbolic", loc)
        if op == "floordiv":
            return lhs.floordiv(rhs)
        if op == "ceildiv":
            return lhs.ceildiv(rhs)
        return lhs % rhs

    def parse_operand(self, lhs) -> AffineExpr:
        """One operand; `lhs` (the expression to its left, if any) only picks the message for
        a missing operand."""
        negations = 0
        while self.kind == "-":
            self.consume()
            negations += 1
        try:
            operand = self._parse_primary(lhs)
        except AffineParseError as err:
            # Each enclosing unary minus adds its own diagnostic at the current token.
            if not isinstance(err, _LexError):
                err.extra.extend(("missing operand of negation", self._here()) for _ in range(negations))
            raise
        for _ in range(negations):
            operand = -operand
        return operand

    def _parse_primary(self, lhs) -> AffineExpr:
        k = self.kind
        if k == "id":
            if self.spelling == "symbol":
                return self.parse_symbol_ssa_id()
            return self.parse_bare_id()
        if k == "int":
            return self.parse_integer()
        if k == "(":
            return self.parse_parenthetical()
        if k == "ssa":
            return self.parse_ssa_id(False)
        if k == "+" or k == "*" or lhs is None:
            if lhs is not None:
                raise self.error("missing right operand of binary operator")
            if k == "+" or k == "*":
                raise self.error("missing left operand of binary operator")
            raise self.error("expected affine expression")
        raise self.error("missing right operand of binary operator")

    def parse_parenthetical(self) -> AffineExpr:
        self.consume()  # '('
        if self.kind == ")":
            raise self.error("no expression inside parentheses")
        if self.depth >= MAX_NESTING:
            raise self.error("affine expression is too deeply nested")
        self.depth += 1
        expr = self.parse_expr()
        self.depth -= 1
        self.expect(")", "expected ')'")
        return expr

    def parse_integer(self) -> AffineExpr:
        text = self.spelling
        value = int(text, 16) if text[1:2] == "x" else int(text)
        if value > 0x7FFFFFFFFFFFFFFF:
            raise self.error("constant too large for index")
        self.consume()
        return constant(value)

    def parse_bare_id(self) -> AffineExpr:
        expr = self.names.get(self.spelling)
        if expr is None:
            raise self.wrong_token("use of undeclared identifier")
        self.consume()
        return expr

    def parse_symbol_ssa_id(self) -> AffineExpr:
        self.consume()  # 'symbol'
        self.expect("(", "expected '(' at start of SSA symbol")
        expr = self.parse_ssa_id(True)
        self.expect(")", "expected ')' at end of SSA symbol")
        return expr

    def parse_ssa_id(self, is_symbol: bool) -> AffineExpr:
        if self.ssa_hook is None:
            raise self.wrong_token("unexpected ssa identifier")
        if self.kind != "ssa":
            raise self.wrong_token("expected ssa identifier")
        # A result number (`%x#1`) is part of the operand's name.
        m = _RESULT_NUMBER.match(self.src, self.end)
        if m is not None:
            self.end = m.end()
        name = self.spelling
        known = self.names.get(name)
        if known is not None:
            self.consume()
            return known
        # A hook that sets `wants_offset` also gets the SSA name's source offset.
        if getattr(self.ssa_hook, "wants_offset", False):
            pos = self.ssa_hook(name, is_symbol, self.start)
        else:
            pos = self.ssa_hook(name, is_symbol)
        if is_symbol:
            expr = symbol(self.num_sym_operands if pos is None else pos)
            self.num_sym_operands += 1
        else:
            expr = dim(self.num_dim_operands if pos is None else pos)
            self.num_dim_operands += 1
        self.names[name] = expr
        self.consume()
        return expr

    # -- maps and sets --------------------------------------------------------------------
    def define_id(self, expr: AffineExpr):
        if self.kind != "id":
            raise self.wrong_token("expected bare identifier")
        name = self.spelling
        if name in self.names:
            raise self.error(f"redefinition of identifier '{name}'")
        self.consume()
        self.names[name] = expr

    def parse_map_or_set(self):
        """`(dims)[syms] -> (exprs)` or `(dims)[syms] : (constraints)`; returns the object."""
        counts = [0, 0]

        def dim_def():
            self.define_id(dim(counts[0]))
            counts[0] += 1

        def sym_def():
            self.define_id(symbol(counts[1]))
            counts[1] += 1

        self.comma_list("(", ")", dim_def, " in dimensional identifier list")
        if self.kind == "[":
            self.comma_list("[", "]", sym_def, " in symbol list")
        num_dims, num_syms = counts
        if self.consume_if("->"):
            exprs = []
            self.comma_list("(", ")", lambda: exprs.append(self.parse_expr()),
                            " in affine map range")
            return AffineMap(num_dims, num_syms, exprs)
        self.expect(":", "expected '->' or ':'")
        constraints, eqs = [], []

        def constraint():
            c, eq = self.parse_constraint()
            constraints.append(c)
            eqs.append(eq)

        self.comma_list("(", ")", constraint, " in integer set constraint list")
        if not constraints:  # `()` is the universe set, spelled `0 == 0`
            return IntegerSet(num_dims, num_syms, (constant(0),), (True,))
        return IntegerSet(num_dims, num_syms, constraints, eqs)

    def parse_constraint(self):
        # Written as a sequence of optional tokens like upstream, so `> =` and even
        # `> < =` are accepted.
        lhs = self.parse_expr()
        if self.consume_if(">") and self.consume_if("="):
            return lhs - self.parse_expr(), False
        if self.consume_if("<") and self.consume_if("="):
            return self.parse_expr() - lhs, False
        if self.consume_if("=") and self.consume_if("="):
            return lhs - self.parse_expr(), True
        raise self.error("expected '== affine-expr' or '>= affine-expr' at end of affine constraint")


def _guarded(parser, fn):
    try:
        return fn()
    except RecursionError:
        # Construction-time simplification can recurse along very long `+` chains.
        raise parser.error("affine expression is too deeply nested") from None


def _parse_attr_body(src: str, pos: int, want_map: bool):
    p = _AffineParser(src, pos)

    def run():
        start = p.start
        result = p.parse_map_or_set()
        what = "affine map" if want_map else "integer set"
        if isinstance(result, AffineMap) != want_map:
            raise AffineParseError("expected AffineMap, but got IntegerSet" if want_map
                                   else "expected IntegerSet, but got AffineMap", start)
        if p.kind != ">":
            raise p.wrong_token(f"expected '>' in {what}")
        p.consume_last()
        return result, p.prev_end
    return _guarded(p, run)


def parse_affine_map(src: str, pos: int):
    """Parse the body of `affine_map<...>` starting at `pos` (just after `<`), including the
    closing `>`.  Returns (AffineMap, offset just after `>`)."""
    return _parse_attr_body(src, pos, True)


def parse_integer_set(src: str, pos: int):
    """Parse the body of `affine_set<...>` including the closing `>`."""
    return _parse_attr_body(src, pos, False)


def parse_affine_expr_with_operands(src: str, pos: int, ssa_hook):
    """Parse one affine expression whose dims/symbols are SSA values, e.g. `%i + 3` or
    `symbol(%n) * 2` (affine.load/store subscripts and friends).

    `ssa_hook(name, is_symbol)` is called once per distinct SSA name (e.g. "%i", "%x#1") in
    order of first appearance; it returns the dim/symbol position to use, or None for "next
    free position" (dims and symbols are counted separately).  It may raise
    AffineParseError.  Returns (expr, offset just after the expression's last token)."""
    p = _AffineParser(src, pos, ssa_hook)
    return _guarded(p, lambda: (p.parse_expr(), p.prev_end))


def parse_affine_map_of_ssa_ids(src: str, pos: int, ssa_hook, delimiter: str = "["):
    """Parse a delimited list of SSA-operand expressions such as `[%i + 3, symbol(%n)]`
    (delimiter "[") or `(%a, 0)` (delimiter "(") into an AffineMap whose dims/symbols are the
    distinct SSA operands (see parse_affine_expr_with_operands for `ssa_hook`).  The list may
    be empty.  Returns (map, offset just after the closing delimiter)."""
    close = {"[": "]", "(": ")"}[delimiter]

    p = _AffineParser(src, pos, ssa_hook)

    def run():
        exprs = []
        p.comma_list(delimiter, close, lambda: exprs.append(p.parse_expr()), " in affine map",
                     last=True)
        num_dims = p.num_dim_operands
        num_syms = p.num_sym_operands
        # Positions chosen by the hook may exceed the operand counts; size the map to fit.
        for e in exprs:
            num_dims = max(num_dims, e.max_dim_position + 1)
            num_syms = max(num_syms, e.max_symbol_position + 1)
        return AffineMap(num_dims, num_syms, exprs), p.prev_end
    return _guarded(p, run)
