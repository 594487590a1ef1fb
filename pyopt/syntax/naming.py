"""SSA value and block names of the printer (printer.py): MLIR's SSANameState, numbering
values and blocks per isolated region, with OpAsmOpInterface names (getAsmResultNames) made
unique, and sanitize_identifier."""
from __future__ import annotations

import re

_VALID_SSA = re.compile(r"[A-Za-z0-9$._\-]")
_PLAIN_IDENT = re.compile(r"[A-Za-z$._\-][A-Za-z0-9$._\-]*\Z")


def sanitize_identifier(name: str, allow_trailing_digit=True) -> str:
    """MLIR's sanitizeIdentifier for SSA/alias names."""
    if _PLAIN_IDENT.match(name) and (allow_trailing_digit or not name[-1].isdigit()):
        return name  # the common case: nothing to change
    def valid(c):
        return c.isascii() and (c.isalnum() or c in "$._-")

    def copy():
        out = []
        for c in name:
            if valid(c):
                out.append(c)
            elif c == " ":
                out.append("_")
            else:
                out.append("".join("%X" % b for b in c.encode("utf-8", "surrogateescape")))
        return "".join(out)
    if name[0].isdigit() or (not valid(name[0]) and name[0] != " "):
        return "_" + copy()
    if not allow_trailing_digit and name[-1].isdigit():
        return copy() + "_"
    if all(valid(c) for c in name):
        return name
    return copy()


class NameState:
    """SSA value and block names for everything under a root op (MLIR's SSANameState)."""

    def __init__(self, root, generic, unique=False, op_ids=False):
        self.unique = unique or generic  # --mlir-print-unique-ssa-ids (implied by generic)
        # --mlir-print-value-users: result-less ops get a number too (op -> id), in the
        # same sequence as results.
        self.op_ids = {} if op_ids else None
        self.names = {}  # Value -> name without '%'
        self.groups = {}  # Operation -> sorted result-group starts, when not just [0]
        self.blocks = {}  # Block -> (name, ordering)
        self.generic = generic
        self.next_value = 0
        self.next_arg = 0
        self.next_conflict = 0
        self.used = [set()]
        self._number(root)

    def _set_name(self, value, name):
        if not name:
            self.names[value] = str(self.next_value)
            self.next_value += 1
            return
        self.names[value] = self._unique(name)

    def _unique(self, name):
        name = sanitize_identifier(name)
        used = self.used
        def taken(n):
            for s in used:
                if n in s:
                    return True
            return False
        if taken(name):
            base = name + "_"
            while True:
                probe = base + str(self.next_conflict)
                self.next_conflict += 1
                if not taken(probe):
                    name = probe
                    break
        used[-1].add(name)
        return name

    def _number(self, root):
        # Regions are numbered breadth-first; every nested region starts from the counters
        # (and the name scope) its parent region ended with, siblings alike.
        stack = [(r, 0, 0, 0, 1) for r in root.regions]
        self._number_op(root)
        top_used = self.used
        while stack:
            region, nv, na, nc, depth = stack.pop()
            if not self.unique:  # unique SSA ids: the counters never restart
                self.next_value, self.next_arg, self.next_conflict = nv, na, nc
            del self.used[depth:]
            self.used.append(set())
            self._number_region(region)
            nv, na, nc = self.next_value, self.next_arg, self.next_conflict
            for b in region.blocks:
                op = b.first
                while op is not None:
                    for r in op.regions:
                        stack.append((r, nv, na, nc, depth + 1))
                    op = op.next
        self.used = top_used

    def _number_region(self, region):
        parent = region.parent
        if not self.generic and parent is not None and parent.opdef is not None:
            hook = parent.opdef.asm_block_arg_names
            if hook is not None:
                for arg, name in hook(parent, region):
                    if name:
                        self._set_name(arg, name)
        names = self.names
        custom = None  # OpAsmOpInterface::getAsmBlockNames, declared as `block_names`
        if not self.generic and parent is not None and parent.opdef is not None:
            hook = parent.opdef.extra.get("block_names")
            if hook is not None:
                custom = hook(parent, region)
        for i, block in enumerate(region.blocks):
            self.blocks[block] = ("^" + custom[i] if custom and i < len(custom) and custom[i]
                                  else "^bb" + str(i), i)
            entry = i == 0
            for arg in block.args:
                if arg in names:
                    continue
                if entry:
                    names[arg] = "arg" + str(self.next_arg)
                    self.next_arg += 1
                else:
                    names[arg] = str(self.next_value)
                    self.next_value += 1
            op = block.first
            while op is not None:
                self._number_op(op)
                op = op.next

    def _number_op(self, op):
        results = op.results
        if not results:
            ids = self.op_ids
            if ids is not None and op not in ids:
                ids[op] = self.next_value
                self.next_value += 1
            return
        opdef = op.opdef
        if not self.generic and opdef is not None and opdef.asm_result_names is not None:
            groups = [0]
            for idx, name in opdef.asm_result_names(op):
                if name:
                    self._set_name(results[idx], name)
                    if idx:
                        groups.append(idx)
            if len(groups) > 1:
                self.groups[op] = sorted(groups)
        r0 = results[0]
        if r0 not in self.names:
            self.names[r0] = str(self.next_value)
            self.next_value += 1
