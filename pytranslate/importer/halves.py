"""A large module imported by two processes. Once the module-level work is done (data layout,
metadata attributes, globals), a forked child converts, verifies and prints the second half of
the functions while the parent does the first half; the parent then splices the child's text
into its own output (pyopt.syntax.printer_split). Each process holds the other half's
functions as bodyless stand-ins, so that calls and addresses find their symbols, and leaves
them out of its verification.

Whatever the child cannot vouch for (a warning of its half, which must come out in order, a
verification that did not pass silently, a part that cannot be spliced, a crash) gives no
part: the parent then converts the second half itself and goes on as one process would, so
diagnostics and output are never different from a single process's."""
from __future__ import annotations

import os
import pickle
import tempfile

from pyopt.background_verify import fork_available, passed, verify_beside
from pyopt.syntax import printer_split

# below this input size (about 15k instructions) a second process does not pay for itself
MIN_CHARS = 1 << 20


class Redo(Exception):
    """The child gave no part: the parent converts the second half itself."""


def start(conv, flags, ctx, size):
    """The SecondHalf working in a child, or None when this module is imported in one
    process."""
    from pyopt.syntax.printer import Printer
    from pytranslate.importer.debuginfo import debug_info_version
    if size < MIN_CHARS or not fork_available() or flags.debuginfo or \
            not printer_split.can_split(Printer(flags)):
        return None
    if debug_info_version(conv.m) == 3:
        return None  # (debug info attributes are made while converting each function)
    funcs = conv.m.functions
    k = _split_point(funcs)
    if k is None:
        return None
    return SecondHalf(conv, funcs[:k], funcs[k:], flags, ctx, size)


# the child's share of the instructions (the parent also prints the rest of the module and
# joins the two)
CHILD_SHARE = 0.55


def _split_point(funcs):
    """Where the second half starts: CHILD_SHARE of the instructions after it."""
    sizes = [sum(len(b.insts) for b in f.blocks) for f in funcs]
    total = sum(sizes)
    seen = 0
    for k, n in enumerate(sizes):
        if seen >= (1 - CHILD_SHARE) * total:
            return k if 0 < k < len(funcs) and seen < total else None
        seen += n
    return None


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
    def __init__(self, conv, mine, theirs, flags, ctx, size):
        self.conv, self.mine, self.theirs = conv, mine, theirs
        self.stand_ins = ()
        self.file = tempfile.TemporaryFile()
        self.pid = os.fork()
        if self.pid == 0:
            self._child(flags, ctx, size)  # (never returns)

    def _child(self, flags, ctx, size):
        part = None
        try:
            devnull = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            from pyopt.syntax.printer import Printer
            printer_split.enter_child()
            conv = self.conv
            heard = len(conv.diags)
            skip = frozenset(_stand_ins(conv, self.mine))
            ops = [op for op in map(conv.convert_function, self.theirs) if op is not None]
            conv.b._sync_defs()
            if len(conv.diags) == heard and ops:
                module = ops[0].parent_op
                check = verify_beside(module, ctx, size, skip)
                part = printer_split.print_part(Printer(flags, ctx), module, ops)
                if not passed(check):
                    part = None
        except BaseException:  # (the parent does the work again)
            part = None
        finally:
            try:
                pickle.dump(part, self.file, pickle.HIGHEST_PROTOCOL)
                self.file.flush()
            finally:
                os._exit(0)

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
        self.close()
        self.file.seek(0)
        try:
            part = pickle.load(self.file)
        except Exception:
            part = None
        if part is None:
            raise Redo
        return part

    def convert_theirs(self):
        """The parent's way on without a part: the stand-ins give way to the real
        functions, converted here in order."""
        self.close()
        for op in self.stand_ins:
            op.erase()
        self.stand_ins = ()
        for f in self.theirs:
            self.conv.convert_function(f)
        self.conv.b._sync_defs()

    def close(self):
        """Waits for the child."""
        if self.pid:
            pid, self.pid = self.pid, 0
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass

    def cancel(self):
        """Stops the child (its work is no longer wanted)."""
        if self.pid:
            try:
                os.kill(self.pid, 9)
            except ProcessLookupError:
                pass
            self.close()
