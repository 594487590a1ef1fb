"""Erasing what a linalg.generic does not need (MLIR 19 EraseUnusedOperandsAndResults.cpp):

- DeduplicateAndRemoveDeadOperandsAndResults: inputs the payload never reads, inputs repeated
  with the same indexing map and (when outputs may be removed) results nobody uses whose init
  the payload ignores, or which another init computes identically, are dropped - as long as
  the remaining indexing maps still give every loop a bound;
- RemoveUnusedCycleInGenericOp: an unused result whose payload only feeds its init argument
  through one op straight to the yield has that op bypassed (the result then dies above);
- FoldDuplicateInputBbArgs: payload uses of an input argument move to the last later operand
  that is the same value with the same indexing map.

populate_erase_unused_operands_and_results / populate_erase_unnecessary_inputs give the two
pattern lists upstream's populate* functions build."""
from __future__ import annotations

from pyopt.ir.types import RankedTensorType, UnrankedTensorType
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import has_pure_tensor_semantics, init_indices
from pyopt.dialects.linalg.builders import add_entry_block, create_generic
from pyopt.dialects.linalg.structured import (concat_maps, indexing_maps, inverse_permutation,
                                              iterator_types, payload)

# the inherent attributes of linalg.generic (the rest are copied to the rebuilt op)
GENERIC_ATTRS = ("indexing_maps", "iterator_types", "doc", "library_call",
                 "operandSegmentSizes")


def payload_uses(op, i):
    """payloadUsesValueFromOperand: the payload reads operand i's block argument."""
    args = payload(op).args
    return i < len(args) and args[i].first_use is not None


def can_operands_be_dropped(op, dropped, maps=None):
    """canOpOperandsBeDropped: without the operands at indices `dropped`, the remaining
    indexing maps still determine every loop's range."""
    maps = indexing_maps(op) if maps is None else maps
    kept = [m for i, m in enumerate(maps) if i not in dropped]
    if not kept:
        return len(iterator_types(op)) == 0
    return inverse_permutation(concat_maps(kept)) is not None


def discardable_attrs(op):
    return {k: v for k, v in op.attributes.items() if k not in GENERIC_ATTRS}


def new_generic_like(rw, op, inputs, outputs, maps, result_types, iterators=None):
    """A linalg.generic with `op`'s iterators (unless given), doc, library_call and
    discardable attributes, and an empty block with one argument per operand."""
    attrs = discardable_attrs(op)
    for k in ("doc", "library_call"):
        a = op.get_attr(k)
        if a is not None:
            attrs[k] = a
    g = create_generic(rw, inputs, outputs, maps,
                       iterator_types(op) if iterators is None else iterators,
                       result_types, op.loc, attributes=attrs)
    return g


def is_result_value_dead(op, k, init_index):
    """isResultValueDead for result k (tied to operand `init_index`)."""
    if op.results[k].first_use is not None:
        return False
    if not payload_uses(op, init_index):
        return True
    arg = payload(op).args[init_index]
    if not arg.has_one_use():
        return False
    user = arg.first_use.owner
    if any(r.first_use is not None for r in user.results):
        return False
    if user.name != "linalg.yield":
        return False
    return user.operand(k) is arg


class DeduplicateAndRemoveDeadOperandsAndResults(RewritePattern):
    root = "linalg.generic"

    def __init__(self, remove_outputs):
        super().__init__()
        self.remove_outputs = remove_outputs

    def match_and_rewrite(self, op, rw):
        maps = indexing_maps(op)
        inits = init_indices(op)
        n_in = len(op.operand_slots) - len(inits)
        dropped = []
        new_ins, new_outs, new_maps = [], [], []
        ins_pos = self._inputs(op, maps, n_in, dropped, new_ins, new_maps)
        outs_pos = self._outputs(op, maps, inits, dropped, new_outs, new_maps)
        if len(new_ins) + len(new_outs) == len(op.operand_slots):
            return False
        result_types = [v.type for v in new_outs
                        if isinstance(v.type, (RankedTensorType, UnrankedTensorType))]
        new = new_generic_like(rw, op, new_ins, new_outs, new_maps, result_types)
        self._payload(rw, op, new, n_in, ins_pos, outs_pos, len(new_ins))
        repl = [None] * len(op.results)
        for k in range(len(op.results)):
            if k in outs_pos:
                repl[k] = new.results[outs_pos[k]]
        rw.replace_op(op, repl)
        return True

    def _inputs(self, op, maps, n_in, dropped, new_ins, new_maps):
        pos, seen = {}, {}
        for i in range(n_in):
            if not payload_uses(op, i):
                dropped.append(i)
                if can_operands_be_dropped(op, dropped, maps):
                    continue
                dropped.pop()
            v = op.operand(i)
            key = (v, maps[i])
            if key in seen:
                pos[i] = seen[key]
                dropped.append(i)
                continue
            pos[i] = seen[key] = len(new_ins)
            new_ins.append(v)
            new_maps.append(maps[i])
        return pos

    def _outputs(self, op, maps, inits, dropped, new_outs, new_maps):
        pos = {}
        if not has_pure_tensor_semantics(op) or not self.remove_outputs:
            for k, i in enumerate(inits):
                pos[k] = len(new_outs)
                new_outs.append(op.operand(i))
                new_maps.append(maps[i])
            return pos
        seen = {}
        y = payload(op).last
        for k, i in enumerate(inits):
            key = (op.operand(i), maps[i], y.operand(k))
            if is_result_value_dead(op, k, i):
                dropped.append(i)
                if can_operands_be_dropped(op, dropped, maps):
                    continue
                dropped.pop()
            if not payload_uses(op, i) and key in seen:
                pos[k] = seen[key]
                dropped.append(i)
                continue
            pos[k] = seen[key] = len(new_outs)
            new_outs.append(op.operand(i))
            new_maps.append(maps[i])
        return pos

    def _payload(self, rw, op, new, n_in, ins_pos, outs_pos, n_new_in):
        new_block = add_entry_block(rw, new)
        old_block = payload(op)
        repl = [None] * len(old_block.args)
        for i, p in ins_pos.items():
            repl[i] = new_block.args[p]
        for k, p in outs_pos.items():
            repl[n_in + k] = new_block.args[n_new_in + p]
        n_new_outs = len(new.operand_slots) - n_new_in
        if n_new_outs != len(op.operand_slots) - n_in:
            y = old_block.last
            vals = [None] * n_new_outs
            for k, v in enumerate(y.operands):
                if k in outs_pos:
                    vals[outs_pos[k]] = v
            rw.set_insertion_point(y)
            rw.create("linalg.yield", vals, [], loc=y.loc)
            rw.erase_op(y)
        rw.merge_blocks(old_block, new_block, repl)


class RemoveUnusedCycleInGenericOp(RewritePattern):
    root = "linalg.generic"

    def match_and_rewrite(self, op, rw):
        if not has_pure_tensor_semantics(op):
            return False
        changed = False
        args = payload(op).args
        for k, i in enumerate(init_indices(op)):
            if op.results[k].first_use is not None:
                continue
            arg = args[i]
            if not arg.has_one_use():
                continue
            cycle = arg.first_use.owner
            if len(cycle.results) != 1 or not cycle.results[0].has_one_use():
                continue
            user = cycle.results[0].first_use.owner
            if user.name != "linalg.yield":
                continue
            if user.operand(k) is not cycle.results[0]:
                continue
            rw.replace_op(cycle, [arg])
            rw.modify_op_in_place(op)
            changed = True
        return changed


class FoldDuplicateInputBbArgs(RewritePattern):
    root = "linalg.generic"

    def match_and_rewrite(self, op, rw):
        maps = indexing_maps(op)
        args = payload(op).args
        n = len(op.operand_slots)
        n_in = n - len(init_indices(op))
        repl = {}
        for i in range(n_in):
            if args[i].first_use is None:
                continue
            for j in range(n - 1, i, -1):
                if op.operand(i) is op.operand(j) and maps[i] == maps[j]:
                    repl[i] = j
                    break
        if not repl:
            return False
        for i, j in repl.items():
            rw.replace_all_uses_with(args[i], args[j])
        rw.modify_op_in_place(op)
        return True


def populate_erase_unused_operands_and_results():
    return [DeduplicateAndRemoveDeadOperandsAndResults(True), RemoveUnusedCycleInGenericOp()]


def populate_erase_unnecessary_inputs():
    return [DeduplicateAndRemoveDeadOperandsAndResults(False), FoldDuplicateInputBbArgs()]
