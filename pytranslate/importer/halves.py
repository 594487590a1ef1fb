"""A large module imported by two processes. The reader first reads everything but the
function bodies (`Plan`: the bodies are found in the text; their metadata attachments, which
the module-level work needs, are picked out of it). Once the module-level work is done (data
layout, metadata attributes, globals), a forked child reads, converts, verifies and prints the
second half of the functions while the parent does the first half; the parent then splices the
child's text into its own output (pyopt.syntax.printer_split). Each process holds the other
half's functions as bodyless stand-ins, so that calls and addresses find their symbols, and
leaves them out of its verification.

Whatever the child cannot vouch for (a warning of its half, which must come out in order, a
verification that did not pass silently, a part that cannot be spliced, a crash) gives no
part: the parent then reads and converts the second half itself and goes on as one process
would. An error before the fork makes the whole import start again in one process. So
diagnostics and output are never different from a single process's."""
from __future__ import annotations

import re

from pyopt.background_verify import fork_available, verified_silently
from pyopt.forked import ForkedCall, split_point
from pyopt.syntax import printer_split

# below this input size (about 15k instructions) a second process does not pay for itself
MIN_CHARS = 1 << 20


class Redo(Exception):
    """The work cannot go on in two processes (an error before the fork, no part from the
    child): it goes on, or starts again, as in one process."""


# a function body as LLVM prints it: `define ... {` ending its line, `}` alone on one
_BODY_START = re.compile(r"^define [^\n]*\{$", re.M)
# the attachments the module-level work converts (MDAttrs.prepare); one not followed by a
# plain node reference (an inline node) keeps the import in one process
_ATTACHMENT = re.compile(r"!(tbaa|alias\.scope|noalias|llvm\.access\.group)(?![.\w])"
                         r"(?:[ \t]+!(\d+)(?![.\w]))?")


class Plan:
    """How a large input is read for two processes (`make` says whether it is)."""

    def __init__(self, text, spans):
        self.text = text
        self.spans = spans  # `{` offset -> (start, end) of each body read later
        self.parser = None
        self._attachments = ()

    @classmethod
    def make(cls, text, flags):
        from pyopt.syntax.printer import Printer
        if len(text) < MIN_CHARS or not fork_available() or flags.debuginfo or \
                not printer_split.can_split(Printer(flags)):
            return None
        if '"Debug Info Version"' in text or "blockaddress" in text:
            # (debug info attributes are made while converting each function; block tags
            # are numbered over all bodies)
            return None
        spans = {}
        for m in _BODY_START.finditer(text):
            end = text.find("\n}", m.end())
            if end < 0:
                return None
            end += 2
            if end < len(text) and text[end] != "\n" or \
                    text.find("\ndefine", m.end(), end) >= 0:
                return None  # (not as LLVM prints: read as a whole)
            spans[m.end() - 1] = (m.end() - 1, end)
        return cls(text, spans) if len(spans) > 1 else None

    def read_skeleton(self):
        """The model without the bodies in `spans` (their functions get a body_span)."""
        from pytranslate.importer.lllexer import tokenize
        from pytranslate.importer.llparser import Parser
        text = self.text
        pieces, at = [], 0
        for start, end in self.spans.values():  # (the braces stay, the rest is left out)
            pieces.append(tokenize(text, at, start + 1))
            at = end - 1
        pieces.append(tokenize(text, at))
        kinds, toks, poss = pieces[0]
        for k, t, p in pieces[1:]:
            del kinds[-1], toks[-1], poss[-1]  # (each piece's eof)
            kinds += k
            toks += t
            poss += p
        self.parser = Parser(text, (kinds, toks, poss), self.spans)
        return self.parser.parse()

    def attachments(self, module):
        """The metadata attachments of the unread bodies, per instruction, in program order
        (see MDAttrs.prepare); None when one cannot be picked out of the text."""
        if self._attachments == ():
            self._attachments = self._pick_attachments(module)
        return self._attachments

    def _pick_attachments(self, module):
        from pytranslate.importer.llmodel import MDRef
        text = self.text
        out = []
        for f in module.functions:
            if f.body_span is None:
                out.extend(inst.md for b in f.blocks for inst in b.insts if inst.md)
                continue
            line_end = -1
            for m in _ATTACHMENT.finditer(text, *f.body_span):
                if m.group(2) is None:
                    return None
                pair = (m.group(1), MDRef("ref", int(m.group(2))))
                if m.start() < line_end:  # (the same instruction's line)
                    out[-1].append(pair)
                else:
                    out.append([pair])
                    line_end = text.find("\n", m.end())
        return out

    def read(self, funcs):
        """Reads the bodies of `funcs` not read yet."""
        for f in funcs:
            if f.body_span is not None and not f.blocks:
                self.parser.parse_deferred_body(f)


def start(conv, plan, flags, ctx):
    """The SecondHalf working in a child (the model read by `plan`)."""
    funcs = conv.m.functions
    k = _split_point(funcs)
    if k is None:
        raise Redo
    return SecondHalf(conv, plan, funcs[:k], funcs[k:], flags, ctx)


# the child's share of the instructions (the parent also prints the rest of the module and
# joins the two)
CHILD_SHARE = 0.55


def _split_point(funcs):
    """Where the second half starts: CHILD_SHARE of the bodies' text after it."""
    return split_point([f.body_span[1] - f.body_span[0] if f.body_span else 0 for f in funcs],
                       CHILD_SHARE)


def _stand_ins(conv, funcs):
    """Bodyless llvm.func ops for `funcs`, made without a word (their warnings are the other
    process's to give)."""
    saved, conv.diags = conv.diags, []
    try:
        return [op for op in (conv.convert_function(f, body=False) for f in funcs)
                if op is not None]
    finally:
        conv.diags = saved


class SecondHalf:
    def __init__(self, conv, plan, mine, theirs, flags, ctx):
        self.conv, self.plan, self.mine, self.theirs = conv, plan, mine, theirs
        self.stand_ins = ()
        self.call = ForkedCall(self._child, flags, ctx)

    def _child(self, flags, ctx):
        """The part of the second half (None: the parent does that half again)."""
        from pyopt.syntax.printer import Printer
        printer_split.enter_child()
        conv = self.conv
        heard = len(conv.diags)
        skip = frozenset(_stand_ins(conv, self.mine))
        self.plan.read(self.theirs)
        ops = [op for op in map(conv.convert_function, self.theirs) if op is not None]
        conv.b._sync_defs()
        if len(conv.diags) != heard or not ops:
            return None
        module = ops[0].parent_op
        # (in-process: a verifying child's copy-on-write faults cost more than it saves
        # when both processes are at work)
        if not verified_silently(module, ctx, skip):
            return None
        return printer_split.print_part(Printer(flags, ctx), module, ops)

    def stand_in_for_theirs(self):
        """In the parent, after its own half: the stand-ins of the child's functions."""
        self.stand_ins = frozenset(ops := _stand_ins(self.conv, self.theirs))
        self.first = ops[0] if ops else None

    def splice_into(self, printer, module):
        if self.first is None:
            raise Redo
        printer_split.splice_at(printer, module, self.first, self.part)

    def part(self):
        """The child's part (waiting for it); raises Redo when there is none."""
        part = self.call.result()
        if part is None:
            raise Redo
        return part

    def convert_theirs(self):
        """The parent's way on without a part: the stand-ins give way to the real
        functions, converted here in order."""
        self.call.wait()
        for op in self.stand_ins:
            op.erase()
        self.stand_ins = ()
        self.plan.read(self.theirs)
        for f in self.theirs:
            self.conv.convert_function(f)
        self.conv.b._sync_defs()

    def cancel(self):
        self.call.cancel()
