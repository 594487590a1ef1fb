"""The top level of the MLIR text parser (a mixin of parser.Parser): the operations of the file,
attribute/type alias definitions, the `{-# ... #-}` file metadata and its resource sections."""
from __future__ import annotations

from pyopt.ir.core import Block


def _hex_string(tok):
    """Bytes of a `"0x..."` string token (MLIR's Token::getHexStringValue), else None."""
    body = tok[1:-1]
    if len(body) < 2 or body[:2] != "0x" or len(body) % 2:
        return None
    try:
        return bytes.fromhex(body[2:])
    except ValueError:
        return None


class TopLevelParserMixin:
    __slots__ = ()

    # -- top level ---------------------------------------------------------------------------
    def parse_top_level(self, into_block: Block):
        """Parses a whole buffer: alias definitions, file metadata and ops."""
        self.push_scope(True)
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
        for name, off in self.forward_type_aliases.items():
            if self.type_aliases[name].alias_incomplete():
                raise self.error(f"type alias '{name}' is forward-declared but never defined",
                                 off)
        self.report_undeclared()
        self._resolve_deferred_locs(into_block)
        self.pop_scope()

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
            prev = self.type_aliases.get(name)
            if prev is not None and name not in self.forward_type_aliases:
                raise self.error(f"redefinition of type alias id '{name[1:]}'", off)
            self.type_alias_value_start = self.start
            try:
                t = self.parse_type()
            finally:
                self.type_alias_value_start = None
            incomplete = getattr(t, "alias_incomplete", None)
            if prev is not None:  # the definition completing a forward declaration
                if t is not prev or incomplete():
                    raise self.error(f"redefinition of type alias id '{name[1:]}'", off)
                del self.forward_type_aliases[name]
            elif incomplete is not None and incomplete():
                self.forward_type_aliases[name] = off
            self.type_aliases[name] = t

    def parse_file_metadata(self):
        """`{-# dialect_resources: {...}, external_resources: {...} #-}` (MLIR's
        parseFileMetadataDictionary). Builtin blobs are kept in `self.resources`."""
        self._next()

        def entry():
            key_off = self.start
            if self.kind != "bare":
                raise self.error_here("expected identifier key in file metadata dictionary")
            key = self.tok
            self._next()
            self.expect(":", "expected ':'")
            if key == "dialect_resources":
                return self._parse_resource_section(self._dialect_resource_body)
            if key == "external_resources":
                return self._parse_resource_section(self._external_resource_body)
            raise self.error(f"unknown key '{key}' in file metadata dictionary", key_off)
        self._comma_list_until("#-}", entry)

    def _comma_list_until(self, close, fn):
        """MLIR's parseCommaSeparatedListUntil (an empty list allowed)."""
        if self.accept(close):
            return
        fn()
        while self.accept(","):
            fn()
        self.expect(close, f"expected ',' or '{close}'")

    def _parse_resource_section(self, body):
        self.expect("{", "expected '{'")

        def group():
            name_off = self.start
            if self.kind != "bare":
                raise self.error_here("expected identifier key for 'resource' entry")
            name = self.tok
            self._next()
            self.expect(":", "expected ':'")
            self.expect("{", "expected '{'")
            body(name, name_off)
        self._comma_list_until("}", group)

    def _dialect_resource_body(self, dialect, name_off):
        if dialect not in self.ctx.dialects:
            raise self.error(f"dialect '{dialect}' is unknown", name_off)

        def item():
            key_off = self.start
            if self.kind != "bare":
                raise self.error_here("expected identifier key for 'resource' entry")
            key = self.tok
            self._next()
            # (blob resources are declared by builtin and by dialects that say so)
            if dialect != "builtin" and not getattr(self.ctx.dialects[dialect],
                                                    "blob_resources", False):
                raise self.error(f"unknown 'resource' key '{key}' for dialect '{dialect}'",
                                 key_off)
            self.expect(":", "expected ':'")
            val_off, kind, tok = self.start, self.kind, self.tok
            self._next()
            blob = _hex_string(tok) if kind == "string" else None
            if blob is None:
                raise self.error(f"expected hex string blob for key '{key}'", val_off)
            if len(blob) < 4:
                raise self.error(f"expected hex string blob for key '{key}' to encode "
                                 f"alignment in first 4 bytes", val_off)
            align = int.from_bytes(blob[:4], "little")
            if align and align & (align - 1):
                raise self.error(f"expected hex string blob for key '{key}' to encode "
                                 f"alignment in first 4 bytes, but got non-power-of-2 "
                                 f"value: {align}", val_off)
            self.resources[(dialect, key)] = tok[1:-1]
        self._comma_list_until("}", item)

    def _external_resource_body(self, owner, name_off):
        # mlir-opt keeps every external resource (its fallback resource map) and prints it
        # back: booleans, strings, and hex strings taken as blobs (alignment first).
        entries = {}

        def item():
            if self.kind != "bare":
                raise self.error_here("expected identifier key for 'external_resources' "
                                      "entry")
            key = self.tok
            self._next()
            self.expect(":", "expected ':'")
            kind, tok = self.kind, self.tok
            if kind == "bare" and tok in ("true", "false"):
                entries[key] = ("bool", tok == "true")
            elif kind == "string":
                blob = _hex_string(tok)
                if blob is not None and len(blob) >= 4:
                    entries[key] = ("blob", int.from_bytes(blob[:4], "little"), blob[4:])
                else:
                    entries[key] = ("string", self.string_value())
            self._next()
        self._comma_list_until("}", item)
        if entries:
            self.ctx.external_resources.setdefault(owner, {}).update(entries)

    def parse_resource_key(self):
        """A resource handle name (`dense_resource<name>`)."""
        if self.kind in ("bare", "string"):
            t = self.tok if self.kind == "bare" else self.string_value()
            self._next()
            return t
        raise self.error_here("expected identifier key for 'resource' entry")

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
