"""Interface models of the cf ops: BranchOpInterface (which operands go to which successor,
and which successor a constant condition takes)."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.interfaces.branch import BRANCH, SuccessorGroups, taken_always, taken_if, taken_switch
from pyopt.dialects.cf.ops import BR, COND_BR, SWITCH


def attach_models():
    attach(BR, BRANCH, SuccessorGroups("destOperands", taken=taken_always))
    attach(COND_BR, BRANCH, SuccessorGroups("trueDestOperands", "falseDestOperands", taken=taken_if))
    attach(SWITCH, BRANCH, SuccessorGroups("defaultOperands",
                                           ("caseOperands", "case_operand_segments"),
                                           taken=taken_switch))
