"""BranchOpInterface: which operands a terminator forwards to each successor block.

A branch forwards a run of its operands to the leading arguments of each successor. Passes that
edit block arguments (region DCE, block merging, mem2reg, the inliner, dataflow) read and edit
those runs through this interface only, so an op whose runs are laid out differently (a
switch's case operands are one variadic group cut by a `case_operand_segments` property) is
edited correctly: erasing or appending a forwarded operand also updates the op's segment
properties. An op without a model is not a branch we understand: its successors' arguments
must be treated as live and left alone, as MLIR does.

Dialects declare a model with `SuccessorGroups`, one entry per declared successor:
    attach(COND_BR, BRANCH, SuccessorGroups("trueDestOperands", "falseDestOperands"))
    attach(SWITCH, BRANCH, SuccessorGroups("defaultOperands",
                                            ("caseOperands", "case_operand_segments")))
An entry `(group, segments)` belongs to a variadic successor: its blocks share the operand
group `group`, cut into one run per block by the i32 array property `segments`.
"""
from __future__ import annotations

BRANCH = "BranchOpInterface"


def branch_model(op):
    d = op.opdef
    return None if d is None else d.extra.get(BRANCH)


class SuccessorOperands:
    """The operands `op` forwards to successor `index`: a window onto the op's operand list
    that stays correct while it is edited."""
    __slots__ = ("op", "index", "model")

    def __init__(self, op, index, model):
        self.op, self.index, self.model = op, index, model

    @property
    def range(self):
        return self.model.operand_range(self.op, self.index)

    @property
    def values(self):
        start, n = self.range
        slots = self.op.operand_slots
        return [slots[i].value for i in range(start, start + n)]

    def __len__(self):
        return self.range[1]

    def erase(self, k):
        self.model.resize(self.op, self.index, k, -1)

    def append(self, values):
        self.model.resize(self.op, self.index, None, len(values), values)


def successor_operands(op, index):
    """BranchOpInterface::getSuccessorOperands, or None when `op` is not a known branch."""
    m = branch_model(op)
    return None if m is None else SuccessorOperands(op, index, m)


def successor_operand_range(op, index):
    """(start, length) of the operands `op` forwards to successor `index`, or None."""
    m = branch_model(op)
    return None if m is None else m.operand_range(op, index)


def successor_for_operands(op, consts):
    """getSuccessorForOperands: the one successor block taken when the operands have these
    constant values (None for unknown), or None when it cannot be decided."""
    m = branch_model(op)
    return None if m is None or m.taken is None else m.taken(op, consts)


def _segment_array(values):
    from pyopt.ir.attributes import DenseArrayAttr
    from pyopt.ir.types import I32
    return DenseArrayAttr(I32, list(values))


class SuccessorGroups:
    """The usual layout: each declared successor forwards one operand group (see the module
    docstring). `taken(op, consts)` optionally implements getSuccessorForOperands."""
    __slots__ = ("spec", "taken", "_bound")

    def __init__(self, *spec, taken=None):
        self.spec = [s if isinstance(s, tuple) else (s, None) for s in spec]
        self.taken = taken
        self._bound = None

    def _bind(self, d):
        # group index of each entry, resolved on first use (the OpDef is complete by then)
        names = [a.name for a in d.operands]
        self._bound = [(names.index(g), seg) for g, seg in self.spec]
        return self._bound

    def _locate(self, op, index):
        bound = self._bound or self._bind(op.opdef)
        if index < len(bound) - 1 or bound[-1][1] is None:
            g, seg = bound[index]
            return g, None, 0
        g, seg = bound[-1]
        return g, seg, index - (len(bound) - 1)

    def operand_range(self, op, index):
        g, seg, sub = self._locate(op, index)
        start, n = op.opdef.group_ranges(op, "operand")[g]
        if seg is None:
            return start, n
        sizes = op.properties[seg].values
        return start + sum(sizes[:sub]), sizes[sub]

    def resize(self, op, index, k, delta, values=()):
        """Erases forwarded operand k (delta -1) or appends `values` (k None), keeping the
        operand segment sizes and the op's own segment property in step."""
        from pyopt.ir.opdef import ATTR_SIZED_OPERANDS, segment_sizes
        g, seg, sub = self._locate(op, index)
        start, n = self.operand_range(op, index)
        props = op.properties
        if ATTR_SIZED_OPERANDS in op.opdef.traits:
            sizes = list(props["operandSegmentSizes"].values)
            sizes[g] += delta
            props["operandSegmentSizes"] = segment_sizes(sizes)
        if seg is not None:
            sizes = list(props[seg].values)
            sizes[sub] += delta
            props[seg] = _segment_array(sizes)
        if k is None:
            op.insert_operands(start + n, list(values))
        else:
            op.erase_operand(start + k)


# -- getSuccessorForOperands of the usual branch shapes (operand 0 is the condition/flag) ------
def taken_always(op, consts):
    return op.successors[0]


def taken_if(op, consts):
    from pyopt.ir.attributes import IntegerAttr
    flag = consts[0] if consts else None
    if type(flag) is not IntegerAttr:
        return None
    return op.successors[0] if flag.value != 0 else op.successors[1]


def taken_switch(op, consts):
    """The case whose value equals the flag (compared modulo the flag's width), else the
    default destination."""
    from pyopt.ir.attributes import IntegerAttr
    flag = consts[0] if consts else None
    if type(flag) is not IntegerAttr:
        return None
    mask = (1 << getattr(flag.type, "width", 64)) - 1
    cv = op.properties.get("case_values")
    for i, v in enumerate(cv.all_values() if cv is not None else ()):
        if (v & mask) == (flag.value & mask):
            return op.successors[1 + i]
    return op.successors[0]
