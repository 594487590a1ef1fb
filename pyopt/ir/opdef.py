"""Op declarations as data, dialects, and the registry (MLIR's ODS + Dialect + MLIRContext).

An op is declared once with `Op(...)`: operands, results, attributes, regions, successors,
traits, an assembly format and an optional extra verifier. The format engine (format.py)
compiles the format into its parse/print functions and verifier.py checks the declaration's
constraints, so a typical op needs no hand-written code at all.
"""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.types import I32
from pyopt.ir.constraints import AnyType, AttrConstraint

# Traits are plain strings (cheap set membership).
TERMINATOR = "IsTerminator"
ISOLATED = "IsolatedFromAbove"
NO_TERMINATOR = "NoTerminator"
SYMBOL = "Symbol"
SYMBOL_TABLE = "SymbolTable"
PURE = "Pure"
COMMUTATIVE = "Commutative"
SAME_OPERANDS_AND_RESULT_TYPE = "SameOperandsAndResultType"
SAME_TYPE_OPERANDS = "SameTypeOperands"
SAME_OPERANDS_AND_RESULT_SHAPE = "SameOperandsAndResultShape"
SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE = "SameOperandsAndResultElementType"
ELEMENTWISE = "Elementwise"
SINGLE_BLOCK = "SingleBlock"
SINGLE_BLOCK_IMPLICIT_TERMINATOR = "SingleBlockImplicitTerminator"
GRAPH_REGION = "GraphRegion"  # RegionKindInterface: no dominance inside
ATTR_SIZED_OPERANDS = "AttrSizedOperandSegments"
ATTR_SIZED_RESULTS = "AttrSizedResultSegments"
RETURN_LIKE = "ReturnLike"
CONSTANT_LIKE = "ConstantLike"
AFFINE_SCOPE = "AffineScope"
AUTOMATIC_ALLOCATION_SCOPE = "AutomaticAllocationScope"


class Arg:
    """An operand or result group: single, optional ('?') or variadic ('*')."""
    __slots__ = ("name", "kind", "constraint")

    def __init__(self, name, constraint=AnyType, kind=""):
        self.name = name
        self.constraint = constraint
        self.kind = kind  # "", "?", "*"

    @property
    def variadic(self):
        return self.kind == "*"

    @property
    def optional(self):
        return self.kind == "?"


def _args(spec):
    """Accepts [("lhs", Constraint), ("rest", Constraint, "*"), "name", ...]."""
    out = []
    for s in spec:
        if isinstance(s, Arg):
            out.append(s)
        elif isinstance(s, str):
            kind = ""
            if s[-1] in "?*":
                s, kind = s[:-1], s[-1]
            out.append(Arg(s, AnyType, kind))
        else:
            out.append(Arg(*s))
    return out


class RegionDef:
    __slots__ = ("name", "variadic", "min_blocks_one")

    def __init__(self, name, variadic=False, single_block=False):
        self.name = name
        self.variadic = variadic
        self.min_blocks_one = single_block


class OpDef:
    # The operand count of an op's MLIR 16 generic form where it differs from 19's (a flag
    # operand that became an attribute): such a form is upgraded after parsing
    # (dialects/llvm/typed_pointers.py).
    legacy_operands = None

    def __init__(self, name, operands=(), results=(), attrs=None, regions=(), successors=(),
                 traits=(), format=None, parse=None, print=None, verify=None,
                 verify_regions=None, default_dialect="", result_names=None,
                 block_arg_names=None, infer=None, summary="", canonicalize=None, fold=None,
                 custom_directives=None, implicit_terminator=None, region_kinds=None, **extra):
        self.name = name
        self.dialect_name = name.split(".", 1)[0]
        self.operands = _args(operands)
        self.results = _args(results)
        self.attrs = dict(attrs or {})
        self.attr_names = frozenset(self.attrs) | ({"operandSegmentSizes"}
                                                   if ATTR_SIZED_OPERANDS in traits else set()) \
            | ({"resultSegmentSizes"} if ATTR_SIZED_RESULTS in traits else set())
        self.regions = [r if isinstance(r, RegionDef) else
                        RegionDef(r.rstrip("*"), r.endswith("*")) for r in regions]
        self.successors = [s if isinstance(s, Arg) else _args([s])[0] for s in successors]
        self.traits = frozenset(traits)
        self.isolated = ISOLATED in self.traits
        self.is_terminator = TERMINATOR in self.traits
        self.default_dialect = default_dialect
        self.format = format
        self.parse = parse
        self.print = print
        self.verify = verify
        self.verify_regions = verify_regions
        if result_names is None and len(self.results) > 1:
            result_names = self._ods_result_names
        self.asm_result_names = result_names
        self.asm_block_arg_names = block_arg_names
        self.infer = infer or {}
        self.summary = summary
        self.canonicalize = canonicalize
        self.fold = fold
        self.custom_directives = custom_directives or {}
        self.implicit_terminator = implicit_terminator
        self.region_kinds = region_kinds
        self.extra = extra
        self._op_class = None  # the Operation subclass with named accessors (accessors.py)
        # accessor table: name -> (kind, index)
        acc = {}
        for i, a in enumerate(self.operands):
            acc[a.name] = ("operand", i)
        for i, a in enumerate(self.results):
            acc[a.name] = ("result", i)
        for n in self.attrs:
            acc[n] = ("attr", n)
        for i, r in enumerate(self.regions):
            acc[r.name] = ("region", i)
        for i, s in enumerate(self.successors):
            acc[s.name] = ("successor", i)
        self.accessors = acc
        self._simple_operands = all(not a.kind for a in self.operands)
        self._simple_results = all(not a.kind for a in self.results)
        self._all_variadic_operands = (len(self.operands) == 1 and self.operands[0].kind == "*"
                                       and ATTR_SIZED_OPERANDS not in self.traits)
        self._all_variadic_results = (len(self.results) == 1 and self.results[0].kind == "*"
                                      and ATTR_SIZED_RESULTS not in self.traits)
        # The one variadic operand group among single ones (GEP's indices, call arguments):
        # its index, and how many single groups follow it; else None.
        var = [i for i, a in enumerate(self.operands) if a.kind]
        self._one_variadic_operand = (var[0], len(self.operands) - var[0] - 1) \
            if len(var) == 1 and ATTR_SIZED_OPERANDS not in self.traits else None
        if format is not None and parse is None:
            # The format is compiled at the op's first parse or print (most registered ops
            # are never used in a given run, and compiling all of them dominated start-up).
            self._fmt_pending = True
            self.parse = self._lazy_parse
            self.print = self._lazy_print

    def op_class(self, base):
        """The Operation subclass of this op, made at first use (pyopt/ir/accessors.py)."""
        cls = self._op_class
        if cls is None:
            from pyopt.ir.accessors import make_op_class
            cls = self._op_class = make_op_class(self, base)
        return cls

    def build(self, b, **kw):
        """Creates this op at `b`'s insertion point from named operands and attributes
        (pyopt/ir/accessors.py: build)."""
        from pyopt.ir.accessors import build
        return build(self, b, **kw)

    def ensure_format(self):
        """Compiles the declarative assembly format now if it has not been yet. A parse or
        print hook that was replaced after the declaration is kept."""
        if self.__dict__.pop("_fmt_pending", False):
            lazy_parse, lazy_print = self.parse, self.print
            from pyopt.syntax.format import compile_format
            parse, print_ = compile_format(self)
            self.parse = parse if lazy_parse == self._lazy_parse else lazy_parse
            self.print = print_ if lazy_print == self._lazy_print else lazy_print

    def _lazy_parse(self, parser, state):
        self.ensure_format()
        return self.parse(parser, state)

    def _lazy_print(self, p, op):
        self.ensure_format()
        return self.print(p, op)

    # -- operand/result groups -------------------------------------------------------------
    def group_ranges(self, op, kind):
        """[(start, length)] per declared operand (or result) group of `op`."""
        args = self.operands if kind == "operand" else self.results
        total = len(op.operand_slots) if kind == "operand" else len(op.results)
        if (self._simple_operands if kind == "operand" else self._simple_results):
            return [(i, 1) for i in range(len(args))]
        seg_name = "operandSegmentSizes" if kind == "operand" else "resultSegmentSizes"
        seg = op.properties.get(seg_name)
        if seg is not None and isinstance(seg, DenseArrayAttr):
            out, pos = [], 0
            for n in seg.values:
                out.append((pos, n))
                pos += n
            return out
        nvar = sum(1 for a in args if a.kind)
        nfixed = len(args) - nvar
        var_len = (total - nfixed) // nvar if nvar else 0
        out, pos = [], 0
        for a in args:
            n = var_len if a.kind else 1
            out.append((pos, n))
            pos += n
        return out

    def _ods_result_names(self, op):
        """ODS's generated getAsmResultNames for multi-result ops: each result group's first
        value is named after the group."""
        out = []
        for a, (start, n) in zip(self.results, self.group_ranges(op, "result")):
            if n:
                out.append((start, a.name))
        return out

    def get_group(self, op, kind, index):
        # Fast paths (printing asks for every group of every op): fixed groups only, or one
        # variadic group holding everything.
        if kind == "operand":
            if self._simple_operands:
                slots = op.operand_slots
                return slots[index].value if index < len(slots) else None
            if self._all_variadic_operands:
                return [s.value for s in op.operand_slots]
            one = self._one_variadic_operand
            slots = op.operand_slots
            if one is not None and len(slots) >= len(self.operands) - 1:
                v, after = one
                if index < v:
                    return slots[index].value
                if index > v:
                    return slots[index - len(self.operands)].value  # (counted from the back)
                vals = [s.value for s in slots[v:len(slots) - after]]
                if self.operands[v].kind == "?":
                    return vals[0] if vals else None
                return vals
        elif self._simple_results:
            res = op.results
            return res[index] if index < len(res) else None
        elif self._all_variadic_results:
            return list(op.results)
        start, n = self.group_ranges(op, kind)[index]
        if kind == "operand":
            vals = [s.value for s in op.operand_slots[start:start + n]]
            arg = self.operands[index]
        else:
            vals = op.results[start:start + n]
            arg = self.results[index]
        if arg.kind == "":
            return vals[0] if vals else None
        if arg.kind == "?":
            return vals[0] if vals else None
        return vals

    def split_generic_attrs(self, properties, attrs):
        """Inherent attributes written in the generic attr-dict move to properties (MLIR 19)."""
        if attrs:
            names = self.attr_names
            for n in [n for n in attrs if n in names]:
                if n not in properties:
                    properties[n] = attrs.pop(n)
            for old, new in _LEGACY_SEGMENT_NAMES:  # (MLIR 16's spelling, still read by 19)
                if old in attrs and new in names and new not in properties:
                    properties[new] = attrs.pop(old)
        self.apply_defaults(properties)

    def apply_defaults(self, properties):
        # `.with_default(x).opt()` is DefaultValuedOptionalAttr: the default is only used to
        # elide the attribute when printing, it is never stored. (The list is built at the
        # first call: the declaration is complete by then.)
        defaults = self.__dict__.get("_stored_defaults")
        if defaults is None:
            defaults = self._stored_defaults = [
                (n, c.default) for n, c in self.attrs.items()
                if isinstance(c, AttrConstraint) and c.default is not None and not c.optional]
        for n, v in defaults:
            if n not in properties:
                properties[n] = v

    def __repr__(self):
        return f"<OpDef {self.name}>"


_LEGACY_SEGMENT_NAMES = (("operand_segment_sizes", "operandSegmentSizes"),
                         ("result_segment_sizes", "resultSegmentSizes"))


class Dialect:
    def __init__(self, name, ops=(), parse_type=None, parse_attr=None, allow_unknown_ops=False,
                 verify_op_attribute=None):
        self.name = name
        self.ops = {o.name: o for o in ops}
        self.parse_type = parse_type
        self.parse_attr = parse_attr
        self.allow_unknown_ops = allow_unknown_ops
        self.verify_op_attribute = verify_op_attribute

    def add(self, *ops):
        for o in ops:
            self.ops[o.name] = o

    def attach_rewrites(self, folds=None, patterns=None, materialize_constant=None,
                        replace_folds=False):
        """Wires a dialect's canonicalization in: `folds` {op name: fold fn} (an op's own fold
        is kept unless `replace_folds`), `patterns` {op name: [RewritePattern]} (appended to
        the op's list) and the constant materializer. Unknown op names are skipped."""
        for name, fn in (folds or {}).items():
            d = self.ops.get(name)
            if d is not None and (replace_folds or d.fold is None):
                d.fold = fn
        for name, pats in (patterns or {}).items():
            d = self.ops.get(name)
            if d is not None:
                d.canonicalize = list(d.canonicalize or []) + list(pats)
        if materialize_constant is not None:
            self.materialize_constant = materialize_constant


class _Dialects(dict):
    """name -> Dialect of a context: a registered dialect is loaded (imported and its ops
    registered) on first lookup, as MLIR loads dialects lazily; iteration sees the loaded
    ones only (MLIR's getLoadedDialects)."""
    __slots__ = ("ctx",)

    def __missing__(self, name):
        d = self.ctx.load_dialect(name)
        if d is None:
            raise KeyError(name)
        return d

    def get(self, name, default=None):
        d = dict.get(self, name)
        if d is None:
            d = self.ctx.load_dialect(name)
        return default if d is None else d

    def __contains__(self, name):
        return dict.__contains__(self, name) or self.ctx.load_dialect(name) is not None


class _Ops(dict):
    """name -> OpDef of the loaded dialects; a lookup of an op of a registered dialect that
    is not loaded yet loads it."""
    __slots__ = ("ctx",)

    def __missing__(self, name):
        d = self.get(name)
        if d is None:
            raise KeyError(name)
        return d

    def get(self, name, default=None):
        d = dict.get(self, name)
        if d is None:
            dot = name.find(".")
            if dot > 0 and self.ctx.load_dialect(name[:dot], only_new=True) is not None:
                d = dict.get(self, name)
        return default if d is None else d

    def __contains__(self, name):
        return self.get(name) is not None


class Context:
    """Registered dialects and options shared by parser, verifier and passes.

    `loader(name)` returns the Dialect a name stands for (or None); dialects it knows are
    loaded when first looked up in `dialects` or `ops`. `rank(name)` orders loaded dialects
    (and so `ops`, the order canonicalization patterns are collected in) as if all had been
    registered up front."""

    def __init__(self, allow_unregistered=False, loader=None, rank=None):
        self.dialects = _Dialects()
        self.dialects.ctx = self
        self.ops = _Ops()
        self.ops.ctx = self
        self.allow_unregistered = allow_unregistered
        self.resources = {}  # (dialect, key) -> text of a parsed dialect resource (blobs)
        # owner -> {key: ("bool", b) | ("string", s) | ("blob", alignment, bytes)}: external
        # resources, kept and printed back as mlir-opt's fallback resource map does
        self.external_resources = {}
        self._loader = loader
        self._rank = rank
        self._missing = set()  # names the loader does not know

    def register(self, dialect: Dialect):
        dict.__setitem__(self.dialects, dialect.name, dialect)
        if self._rank is None or len(self.dialects) == 1:
            self.ops.update(dialect.ops)
            return
        # keep every loaded dialect's ops in rank order (registration order of all dialects)
        ordered = sorted(dict.values(self.dialects), key=lambda d: self._rank(d.name))
        if ordered[-1] is dialect:
            self.ops.update(dialect.ops)
            return
        dict.clear(self.ops)
        for d in ordered:
            self.ops.update(d.ops)

    def load_dialect(self, name, only_new=False):
        """The dialect called `name`, loaded now if it is registered but not loaded; None if
        there is no such dialect (or, with only_new, if it was loaded already)."""
        d = dict.get(self.dialects, name)
        if d is not None:
            return None if only_new else d
        if self._loader is None or name in self._missing:
            return None
        d = self._loader(name)
        if d is None:
            self._missing.add(name)
            return None
        self.register(d)
        return d

    def registered_dialect_names(self):
        """Every dialect this context can load, loaded or not."""
        names = set(dict.keys(self.dialects))
        if self._loader is not None:
            names.update(getattr(self._loader, "names", lambda: ())())
        return sorted(names)

    def load_all(self):
        for name in self.registered_dialect_names():
            self.load_dialect(name)

    def lookup_op(self, name):
        return self.ops.get(name)

    def write_stdout(self, text):
        """What a pass or transform prints to mlir-opt's llvm::outs(): kept in order ahead of
        the IR of the chunk being processed when the tool collects it (`pass_stdout`)."""
        buf = getattr(self, "pass_stdout", None)
        if buf is None:
            import sys
            sys.stdout.write(text)
            sys.stdout.flush()
        else:
            buf.append(text)


def Op(name, **kw) -> OpDef:
    return OpDef(name, **kw)


def segment_sizes(sizes):
    return DenseArrayAttr(I32, sizes)
