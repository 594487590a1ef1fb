"""A large module translated to LLVM IR by two processes. The parser first reads everything
but the bodies of the `llvm.func` ops and the globals' initializers (found in the text:
`body_spans`); the module-level declarations (signatures, globals, the metadata nodes of the
file's attribute aliases) are made once. Then a forked child reads, verifies and translates
the second half of the bodies while the parent reads and translates the initializers and the
first half. The child hands back its functions' instruction lines and what the
module numbers over all functions (`Part`): the metadata nodes they refer to, call sites'
attribute groups, the intrinsics they declare and the identified structs they use, in the
order it met them. The parent takes them in as if it had translated those functions after
its own, and prints the module.

Whatever cannot be carried over (a metadata node made distinct after the fork, anything the
child could not vouch for, a crash) gives no part: the parent then reads and translates the
second half itself. A warning or an error anywhere makes the whole translation start again in
one process (`Redo`), so output and diagnostics are never different from one process's."""
from __future__ import annotations

from pyopt.background_verify import fork_available, verified_silently
from pyopt.forked import ForkedCall, split_point
from pyopt.syntax.region_spans import region_spans
from pytranslate.export.module import _prop

# below this input size a second process does not pay for itself
MIN_CHARS = 1 << 20
# the child's share of the bodies' lines (the parent also prints the module and joins)
CHILD_SHARE = 0.5

# the module-level ops whose regions are read after the fork (a global's initializer by the
# parent only)
_DEFERRED = ("llvm.func", "llvm.mlir.global")
# what a part cannot carry: debug info and locations (their nodes are made per function),
# block tags (numbered over all bodies), NVVM annotations (named metadata made per function),
# resources (read at the end of the file)
_ONE_PROCESS = ("#llvm.di_", "llvm.blocktag", "llvm.blockaddress", "nvvm.", "{-#")


class Redo(Exception):
    """The translation cannot be done in two processes: it starts again in one."""


def body_spans(text):
    """`{` offset -> the offset after its `}` for each region read after the fork; None when
    the input is not to be split."""
    if len(text) < MIN_CHARS or not fork_available() or \
            any(s in text for s in _ONE_PROCESS) or _has_location(text):
        return None
    return region_spans(text, _DEFERRED)


def _has_location(text):
    at = text.find("loc(")
    while at >= 0:
        if at == 0 or not (text[at - 1].isalnum() or text[at - 1] in "_$.-"):
            return True
        at = text.find("loc(", at + 4)
    return False


def translate(buffer, ctx, options, spans):
    """The LLVM IR of `buffer` (see the module's docstring); Redo when it cannot be split."""
    from pyopt.tool import parse_module
    from pyopt.syntax.parser import Parser
    from pyopt.dialects.llvm.legalize import legalize_module_for_export
    from pytranslate.export import constants
    from pytranslate.export.module import (begin_module, translating, declare_module_level,
                                           translate_global_regions, finish_module)
    from pytranslate.export.llvm_verdict import verify_with_llvm

    def deferring_parser(buf, c):
        p = Parser(buf, c)
        p.deferred = dict(spans)
        return p

    emit, held = options.emit, []
    options.emit = held.append
    half = None
    try:
        try:
            module, parser = parse_module(buffer, ctx, options.implicit_module,
                                          parser_class=deferring_parser)
            if parser.deferred or getattr(parser, "_llvm_seed_syntax", False):
                raise Redo
            constants.RESOURCES = getattr(ctx, "resources", None) or {}
            m, ops = begin_module(module, options)
            funcs = [op for op in ops if op.name == "llvm.func"]
            starts = {id(rec[0]): start for start, rec in parser.skipped.items()}
            symbols = {id(op.regions[0]) for op in ops if op.regions and
                       op.name in ("llvm.func", "llvm.mlir.global")}
            if not symbols.issuperset(starts):  # (a region skipped that is no symbol's)
                raise Redo
            initialized = [op for op in ops if op.name == "llvm.mlir.global" and
                           op.regions and id(op.regions[0]) in starts]
            k = _split_point(funcs, starts, parser)
            if k is None:
                raise Redo
            half = Halves(module, m, parser, starts, funcs[:k], funcs[k:], ctx, held)
            legalize_module_for_export(module)  # (the regions are legalized once read)
            with translating(m):
                declare_module_level(m, ops)
                m.attr_md.prepare(parser.attr_aliases.values())
            half.start(initialized)
            half.read(initialized)  # (the parent's alone, as their translation)
            with translating(m):
                translate_global_regions(m, ops)
            half.do(half.mine, skip=half.theirs)
            part = half.call.result()
            if part is None:
                half.do(half.theirs, skip=half.mine)
            else:
                part.give(half)
            if held:
                raise Redo
        except Redo:
            raise
        except Exception:  # (an error: one process says which comes first)
            raise Redo from None
        finally:
            if half is not None and half.call is not None:
                half.call.cancel()
    finally:
        options.emit = emit
    text = finish_module(m, ops)
    verify_with_llvm(text, module)
    return text


def _split_point(funcs, starts, parser):
    """Where the second half starts: CHILD_SHARE of the bodies' lines after it (their ops:
    the lines' length varies more than the time it takes to read them)."""
    sizes = []
    count = parser.src.count
    for op in funcs:
        start = starts.get(id(op.regions[0])) if op.regions else None
        sizes.append(count("\n", start, parser.skipped[start][-1]) if start is not None else 0)
    return split_point(sizes, CHILD_SHARE)


class Halves:
    """The two halves of the functions, the child doing `theirs`."""

    def __init__(self, module, m, parser, starts, mine, theirs, ctx, held):
        self.module, self.m, self.parser, self.starts = module, m, parser, starts
        self.mine, self.theirs, self.ctx = mine, theirs, ctx
        self.held = held  # the warnings heard (any: one process says them in order)
        self.call = None

    def start(self, initialized):
        """Forks the child (which leaves the globals `initialized` later to the parent)."""
        # the nodes both processes hold: a node made before the fork is named by its index
        md = self.m.md
        self.shared = list(md.uniqued.values()) + list(self.m.attr_md.cache.values())
        self.index = {id(n): i for i, n in enumerate(self.shared)}
        self.before = (len(self.m.tc.structs), len(self.m.intrinsics))
        self.call = ForkedCall(self._child, initialized)

    def read(self, ops):
        """Reads the regions of `ops` not read yet."""
        from pyopt.dialects.llvm.legalize import legalize_module_for_export
        for op in ops:
            start = self.starts.get(id(op.regions[0])) if op.regions else None
            if start is not None and start in self.parser.skipped:
                self.parser.parse_skipped_region(start)
                legalize_module_for_export(op)

    def do(self, funcs, skip):
        """Reads, verifies and translates the bodies of `funcs` (the isolated ops in `skip` are
        left out of the verification)."""
        from pytranslate.export.module import translating, translate_functions
        self.read(funcs)
        if not verified_silently(self.module, self.ctx, frozenset(skip)):
            raise Redo
        with translating(self.m):
            translate_functions(self.m, funcs)

    def _child(self, initialized):
        self.do(self.theirs, skip=self.mine + initialized)
        return None if self.held else Part.make(self)


class Part:
    """What the child hands back (see the module's docstring)."""

    def __init__(self, nodes, funcs, structs, intrinsics):
        self.nodes = nodes  # per node: its index among the shared ones, or its operands
        self.funcs = funcs  # per function: lines, fn_attrs, personality, section, unit
        self.structs = structs  # (name, definition) of each struct met after the fork
        self.intrinsics = intrinsics  # (name, FunctionInfo) declared after the fork

    @classmethod
    def make(cls, h):
        from pytranslate.export.metadata import MD
        from pytranslate.export.intrinsics import CallAttrs
        m = h.m
        nodes, seen = [], {}

        def node(n):
            i = seen.get(id(n))
            if i is None:
                shared = h.index.get(id(n))
                if shared is not None:
                    entry = shared
                elif type(n) is MD and not n.distinct:
                    entry = tuple(node(o) if isinstance(o, MD) else o for o in n.ops)
                else:
                    raise _Uncarried
                i = seen[id(n)] = len(nodes)
                nodes.append(entry)
            return i

        def line(parts):
            out = []
            for p in parts:
                tp = type(p)
                if tp is str:
                    out.append(p)
                elif tp is CallAttrs:
                    out.append(p.attrs)
                elif isinstance(p, MD):
                    out.append(node(p))
                else:
                    raise _Uncarried
            return out

        names = m.tc.struct_names
        funcs = []
        try:
            for op in h.theirs:
                f = m.functions[_prop(op, "sym_name").value]
                lines = None if f.body is None else \
                    [x if type(x) is str else line(x) for x in f.body]
                unit = [names.get(t) for t in m.type_units.get(op, ())]
                if None in unit:  # (a struct never converted: none expected)
                    raise _Uncarried
                funcs.append((lines, f.fn_attrs, f.personality, f.section, unit))
        except _Uncarried:
            return None
        n_structs, n_intrinsics = h.before
        tc = m.tc
        structs = [(names[t], tc.definition(t)) for t in tc.structs[n_structs:]]
        intrinsics = list(m.intrinsics.items())[n_intrinsics:]
        return cls(nodes, funcs, structs, intrinsics)

    def give(self, h):
        from pytranslate.export.intrinsics import CallAttrs
        m = h.m
        table, nodes = m.md, []
        for e in self.nodes:
            nodes.append(h.shared[e] if type(e) is int else
                         table.node([nodes[o] if type(o) is int else o for o in e]))
        tc = m.tc
        by_name = {name: t for t, name in tc.struct_names.items()}
        for name, definition in self.structs:
            if name not in by_name:
                by_name[name] = tc.adopt(name, definition)

        def part(p):  # (a text, a node's index or a call site's attributes)
            tp = type(p)
            return p if tp is str else nodes[p] if tp is int else CallAttrs(p)

        for op, (lines, fn_attrs, personality, section, unit) in zip(h.theirs, self.funcs):
            f = m.functions[_prop(op, "sym_name").value]
            if lines is not None:
                f.body = [x if type(x) is str else [part(p) for p in x] for x in lines]
            f.fn_attrs, f.personality, f.section = fn_attrs, personality, section
            m.type_units[op] = [by_name[n] for n in unit]
        for name, fi in self.intrinsics:
            if name not in m.intrinsics:
                m.intrinsics[name] = fi


class _Uncarried(Exception):
    """Something in the child's functions the parent could not take in (a node made distinct
    after the fork, a part of an unknown kind)."""

