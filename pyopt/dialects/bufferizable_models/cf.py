"""BufferizableOpInterface models of cf.br and cf.cond_br: their forwarded operands alias
the successor block arguments; the branches themselves are rewritten when the blocks they
target are (bufferizeBlockSignature)."""
from __future__ import annotations

from pyopt.dialects.cf import CF
from pyopt.interfaces import attach
from pyopt.interfaces.bufferizable import BUFFERIZABLE

from .unstructured import BranchModel


class BranchLikeModel(BranchModel):
    def reads(self, op, operand, state):
        return False

    def writes(self, op, operand, state):
        return False

    def bufferize(self, op, b, options):
        pass


attach([CF.ops["cf.br"], CF.ops["cf.cond_br"]], BUFFERIZABLE, BranchLikeModel())
