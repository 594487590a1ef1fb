"""BufferizableOpInterface models of scf: for / while (iter_args: equivalent to their results
when the loop yields an equivalent buffer, else a fresh copy is yielded), if / index_switch
(results may alias any branch's yield), execute_region, forall (shared outputs, parallel
region), yield / condition (always in place) and forall.in_parallel."""
from __future__ import annotations

from pyopt.dialects.scf import SCF
from pyopt.interfaces import attach
from pyopt.interfaces.bufferizable import (BUFFERIZABLE, EQUIVALENT, UNKNOWN,
                                           AliasingOperand, AliasingValue, BufferizableModel,
                                           TensorType, fully_dynamic_layout_type,
                                           get_buffer_type, plain_error)
from pyopt.interfaces.bufferizable_rewrite import (allocate_tensor_for_shaped_value,
                                                   bufferize_block_signature, erase_op,
                                                   get_buffer,
                                                   replace_op_with_bufferized_values,
                                                   resolve_tensor_operand_conflicts, tensor_of)
from pyopt.ir.core import Region
from pyopt.ir.types import BaseMemRefType
from pyopt.ir.verify_invariants import op_error
from pyopt.rewrite.matchers import constant_int

from .unstructured import WithUnstructuredControlFlow


def cast_buffer(b, buf, t):
    if buf.type is t:
        return buf
    return b.create("memref.cast", [buf], [t], loc=_loc(buf)).results[0]


def _loc(v):
    return v.owner.loc if hasattr(v.owner, "loc") else v.loc


def _yielded_buffer_type(v, options, stack):
    return v.type if isinstance(v.type, BaseMemRefType) else get_buffer_type(v, options, stack)


def merge_block(src, dest, values):
    """mergeBlocks: src's ops moved to the end of dest, its arguments replaced."""
    for a, v in zip(src.args, values):
        if v is not None:
            a.replace_all_uses_with(v)
    for o in list(src):
        o.detach()
        dest.append(o)


def _arg_replacements(b, block, tensor_indices, start=0):
    out = []
    for i, a in enumerate(block.args[start:]):
        if i in tensor_indices:
            out.append(b.create("bufferization.to_tensor", [a], [tensor_of(a.type)],
                                loc=a.loc).results[0])
        else:
            out.append(a)
    return out


def _tensor_indices(values):
    return {i for i, v in enumerate(values) if isinstance(v.type, TensorType)}


def _buffers(b, values, options):
    return [get_buffer(b, v, options) if isinstance(v.type, TensorType) else v for v in values]


def loop_iter_arg_buffer_type(op, iter_arg, init, yielded, options, stack):
    """computeLoopRegionIterArgBufferType."""
    init_t = get_buffer_type(init, options, stack)
    if stack.count(iter_arg) >= 2:
        return init_t
    y = _yielded_buffer_type(yielded, options, stack)
    if init_t is y:
        return y
    if init_t.memory_space != y.memory_space:
        raise op_error(op, "init_arg and yielded value bufferize to inconsistent memory spaces")
    return fully_dynamic_layout_type(iter_arg.type, y.memory_space)


def _aliases_only_inside(state, value, region, exception):
    """doesNotAliasExternalValue (without an analysis, e.g. copy-before-write, anything
    may alias)."""
    if not hasattr(state, "aliases_of"):
        return False
    for a in state.aliases_of(value):
        if a is exception:
            continue
        r = a.parent_block.parent
        if hasattr(a.owner, "args"):  # a block argument
            if r is region or not region.is_ancestor_of_region(r):
                return False
        elif not region.is_ancestor_of_region(r):
            return False
    return True


class ForModel(BufferizableModel):
    def _may_have_zero_iterations(self, op):
        lb, ub = constant_int(op.lowerBound), constant_int(op.upperBound)
        return lb is None or ub is None or ub <= lb

    def reads(self, op, operand, state):
        if self._may_have_zero_iterations(op):
            return True
        return state.is_value_read(op.regions[0].blocks[0].args[1 + operand.index - 3])

    def writes(self, op, operand, state):
        return True

    def relation(self, op, k, state):
        arg = op.regions[0].blocks[0].args[1 + k]
        y = op.regions[0].blocks[0].last.operand(k)
        return EQUIVALENT if state.are_equivalent(arg, y) else UNKNOWN

    def aliasing_values(self, op, operand, state):
        k = operand.index - 3
        rel = self.relation(op, k, state)
        return [AliasingValue(op.results[k], rel, rel == EQUIVALENT)]

    def is_writable(self, op, value, state):
        return True

    def resolve_conflicts(self, op, b, state):
        resolve_tensor_operand_conflicts(op, b, state)
        if not state.options.enforce_aliasing_invariants:
            return
        body = op.regions[0].blocks[0]
        y = body.last
        b.set_insertion_point(y)
        tensors = _tensor_indices(op.initArgs)
        for k, s in enumerate(list(y.operand_slots)):
            if k not in tensors or _aliases_only_inside(state, s.value, op.regions[0],
                                                        body.args[1 + k]):
                continue
            s.set(allocate_tensor_for_shaped_value(b, y.loc, s.value, state.options, True))

    def buffer_type(self, op, value, options, stack):
        body = op.regions[0].blocks[0]
        if not hasattr(value.owner, "args"):
            return get_buffer_type(body.args[1 + value.index], options, stack)
        k = value.index - 1
        return loop_iter_arg_buffer_type(op, value, op.initArgs[k], body.last.operand(k),
                                         options, stack)

    def bufferize(self, op, b, options):
        tensors = _tensor_indices(op.initArgs)
        inits = _buffers(b, op.initArgs, options)
        b.set_insertion_point(op)
        casted = [cast_buffer(b, v, get_buffer_type(r, options))
                  if isinstance(r.type, TensorType) else v
                  for v, r in zip(inits, op.results)]
        n_fixed = 3
        operands = list(op.operands[:n_fixed]) + casted
        region = Region()
        new = b.create("scf.for", operands, [v.type for v in casted],
                       properties=dict(op.properties), attributes=dict(op.attributes),
                       regions=[region], loc=op.loc)
        old = op.regions[0].blocks[0]
        blk = b.create_block(region, [old.args[0].type] + [v.type for v in casted],
                             [a.loc for a in old.args])
        b.set_insertion_point_to_start(blk)
        repl = [blk.args[0]] + _arg_replacements(b, blk, tensors, 1)
        merge_block(old, blk, repl)
        replace_op_with_bufferized_values(b, op, new.results)

    def verify_analysis(self, op, state):
        if state.options.allow_return_allocs_from_loops:
            return
        y = op.regions[0].blocks[0].last
        for r in op.results:
            if isinstance(r.type, TensorType) and self.relation(op, r.index, state) != EQUIVALENT:
                raise plain_error(y, f"Yield operand #{r.index} is not equivalent to the "
                                     "corresponding iter bbArg")


class WhileModel(BufferizableModel):
    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return True

    def _condition(self, op):
        return op.regions[0].blocks[0].last

    def _yield(self, op):
        return op.regions[1].blocks[0].last

    def relation(self, op, k, state):
        before = op.regions[0].blocks[0].args
        if k >= len(before) or op.results[k].type is not before[k].type:
            return UNKNOWN
        cond = self._condition(op)
        after = op.regions[1].blocks[0].args
        eq_c = state.are_equivalent(before[k], cond.args[k])
        eq_y = state.are_equivalent(after[k], self._yield(op).operand(k))
        return EQUIVALENT if eq_c and eq_y else UNKNOWN

    def aliasing_values(self, op, operand, state):
        k = operand.index
        if k >= len(op.results) or operand.value.type is not op.results[k].type:
            return []
        rel = self.relation(op, k, state)
        return [AliasingValue(op.results[k], rel, rel == EQUIVALENT)]

    def is_writable(self, op, value, state):
        return True

    def resolve_conflicts(self, op, b, state):
        resolve_tensor_operand_conflicts(op, b, state)
        if not state.options.enforce_aliasing_invariants:
            return
        cond = self._condition(op)
        before = op.regions[0].blocks[0].args
        after = op.regions[1].blocks[0].args
        y = self._yield(op)
        cargs = cond.args

        def equivalent(args, values):
            return {i for i in range(min(len(args), len(values)))
                    if isinstance(args[i].type, TensorType) and
                    isinstance(values[i].type, TensorType) and
                    state.are_equivalent(args[i], values[i])}
        eq_before = equivalent(before, cargs)
        eq_after = equivalent(after, y.operands)
        b.set_insertion_point(cond)
        start = 1
        for i, v in enumerate(cargs):
            if not isinstance(v.type, TensorType) or (i in eq_after and i in eq_before):
                continue
            c = allocate_tensor_for_shaped_value(b, cond.loc, v, state.options, True)
            cond.set_operand(start + i, c)

    def bufferize(self, op, b, options):
        before_blk = op.regions[0].blocks[0]
        after_blk = op.regions[1].blocks[0]
        idx_before = _tensor_indices(op.inits)
        idx_after = _tensor_indices(after_blk.args)
        inits = _buffers(b, op.inits, options)
        b.set_insertion_point(op)
        casted = [cast_buffer(b, v, get_buffer_type(a, options))
                  if isinstance(a.type, TensorType) else v
                  for v, a in zip(inits, before_blk.args)]
        after_types = [get_buffer_type(a, options) if isinstance(a.type, TensorType)
                       else a.type for a in after_blk.args]
        r0, r1 = Region(), Region()
        new = b.create("scf.while", casted, after_types, properties=dict(op.properties),
                       attributes=dict(op.attributes), regions=[r0, r1], loc=op.loc)
        nb = b.create_block(r0, [v.type for v in casted], [op.loc] * len(casted))
        na = b.create_block(r1, after_types, [op.loc] * len(after_types))
        b.set_insertion_point_to_start(nb)
        merge_block(before_blk, nb, _arg_replacements(b, nb, idx_before))
        b.set_insertion_point_to_start(na)
        merge_block(after_blk, na, _arg_replacements(b, na, idx_after))
        replace_op_with_bufferized_values(b, op, new.results)

    def buffer_type(self, op, value, options, stack):
        if hasattr(value.owner, "args") and value.owner.parent is op.regions[0]:
            k = value.index
            return loop_iter_arg_buffer_type(op, value, op.inits[k], self._yield(op).operand(k),
                                             options, stack)
        k = value.index
        v = self._condition(op).args[k]
        if not isinstance(v.type, TensorType):
            return v.type
        return get_buffer_type(v, options, stack)

    def verify_analysis(self, op, state):
        if state.options.allow_return_allocs_from_loops:
            return
        for term, values, word in ((self._condition(op), self._condition(op).args,
                                    "Condition arg"),
                                   (self._yield(op), self._yield(op).operands,
                                    "Yield operand")):
            args = term.parent.args
            for i, v in enumerate(values):
                if not isinstance(v.type, TensorType):
                    continue
                if i >= len(args) or not state.are_equivalent(v, args[i]):
                    raise plain_error(term, f"{word} #{i} is not equivalent to the "
                                            "corresponding iter bbArg")


class _Branching(BufferizableModel):
    """scf.if / scf.index_switch: each result may be any region's yielded value."""

    def _yields(self, op):
        return [r.blocks[0].last for r in op.regions]

    def aliasing_operands(self, op, value, state):
        return [AliasingOperand(y.operand_slots[value.index], EQUIVALENT, False)
                for y in self._ordered_yields(op)]

    def _ordered_yields(self, op):
        return self._yields(op)

    def buffer_type(self, op, value, options, stack):
        found = None
        for y in self._ordered_yields(op):
            t = _yielded_buffer_type(y.operand(value.index), options, stack)
            if found is None or found is t:
                found = t
                continue
            if found.memory_space != t.memory_space:
                raise plain_error(op, self.memory_space_error)
            found = fully_dynamic_layout_type(value.type, found.memory_space)
        return found

    def bufferize(self, op, b, options):
        types = [get_buffer_type(r, options) if isinstance(r.type, TensorType) else r.type
                 for r in op.results]
        b.set_insertion_point(op)
        regions = [Region() for _ in op.regions]
        for r, nr in zip(op.regions, regions):
            nr.take_body(r)
        new = b.create(op.name, list(op.operands), types, properties=dict(op.properties),
                       attributes=dict(op.attributes), regions=regions, loc=op.loc)
        replace_op_with_bufferized_values(b, op, new.results)


class IfModel(_Branching):
    memory_space_error = "inconsistent memory space on then/else branches"


class IndexSwitchModel(_Branching):
    memory_space_error = "inconsistent memory space on switch cases"

    def _ordered_yields(self, op):
        ys = self._yields(op)
        return ys[1:] + ys[:1]  # the cases, then the default region


def _unique_yield(op):
    found = None
    for blk in op.regions[0].blocks:
        t = blk.last
        if t is not None and t.name == "scf.yield":
            if found is not None:
                return None
            found = t
    return found


class ExecuteRegionModel(WithUnstructuredControlFlow):
    def is_writable(self, op, value, state):
        return True

    def verify_analysis(self, op, state):
        if _unique_yield(op) is None:
            raise op_error(op, "op without unique scf.yield is not supported")

    def aliasing_operands(self, op, value, state):
        if hasattr(value.owner, "args"):
            return self.aliasing_branch_operands(op, value, state)
        y = _unique_yield(op)
        return [] if y is None else [AliasingOperand(y.operand_slots[value.index], EQUIVALENT)]

    def bufferize(self, op, b, options):
        y = _unique_yield(op)
        b.set_insertion_point(op)
        region = Region()
        region.take_body(op.regions[0])
        new = b.create("scf.execute_region", [], [v.type for v in y.operands],
                       properties=dict(op.properties), attributes=dict(op.attributes),
                       regions=[region], loc=op.loc)
        for blk in list(region.blocks):
            bufferize_block_signature(blk, b, options)
        b.set_insertion_point_after(new)
        repl = []
        for r, nr in zip(op.results, new.results):
            if isinstance(r.type, TensorType):
                nr = b.create("bufferization.to_tensor", [nr], [tensor_of(nr.type)],
                              loc=op.loc).results[0]
            repl.append(nr)
        for r, v in zip(op.results, repl):
            r.replace_all_uses_with(v)
        erase_op(b, op)


class YieldModel(BufferizableModel):
    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        p = op.parent_op
        if p.name == "scf.if":
            return [AliasingValue(p.results[operand.index], EQUIVALENT, False)]
        if p.name == "scf.execute_region":
            return [AliasingValue(p.results[operand.index], EQUIVALENT)]
        return []

    def must_bufferize_in_place(self, op, operand, state):
        return True

    def bufferize(self, op, b, options):
        p = op.parent_op
        if p.name not in ("scf.execute_region", "scf.if", "scf.index_switch", "scf.for",
                          "scf.while"):
            raise plain_error(op, "unsupported scf::YieldOp parent")
        values = []
        for i, v in enumerate(op.operands):
            if isinstance(v.type, TensorType):
                buf = get_buffer(b, v, options)
                if p.name in ("scf.for", "scf.if", "scf.index_switch"):
                    buf = cast_buffer(b, buf, get_buffer_type(p.results[i], options))
                elif p.name == "scf.while":
                    buf = cast_buffer(b, buf, get_buffer_type(
                        p.regions[0].blocks[0].args[i], options))
                values.append(buf)
            else:
                values.append(v)
        b.set_insertion_point(op)
        b.create("scf.yield", values, [], loc=op.loc)
        erase_op(b, op)


class ConditionModel(BufferizableModel):
    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return []

    def must_bufferize_in_place(self, op, operand, state):
        return True

    def bufferize(self, op, b, options):
        w = op.parent_op
        after = w.regions[1].blocks[0].args
        values = [op.condition]
        for i, v in enumerate(op.args):
            if isinstance(v.type, TensorType):
                buf = get_buffer(b, v, options)
                values.append(cast_buffer(b, buf, get_buffer_type(after[i], options)))
            else:
                values.append(v)
        b.set_insertion_point(op)
        b.create("scf.condition", values, [], loc=op.loc)
        erase_op(b, op)


class ForallModel(BufferizableModel):
    def _n_iv(self, op):
        return len(op.get_attr("staticLowerBound").values)

    def _output_index(self, op, operand):
        return operand.index - (len(op.operand_slots) - len(op.results))

    def reads(self, op, operand, state):
        lbs, ubs, _ = self._mixed(op)
        for lb, ub in zip(lbs, ubs):
            if lb is None or ub is None or lb >= ub:
                return True
        k = self._output_index(op, operand)
        return state.is_value_read(op.regions[0].blocks[0].args[self._n_iv(op) + k])

    def _mixed(self, op):
        out = []
        for static, dyn in (("staticLowerBound", op.dynamicLowerBound),
                            ("staticUpperBound", op.dynamicUpperBound),
                            ("staticStep", op.dynamicStep)):
            it = iter(dyn)
            from pyopt.ir.types import DYNAMIC
            out.append([constant_int(next(it)) if s == DYNAMIC else s
                        for s in op.get_attr(static).values])
        return out

    def writes(self, op, operand, state):
        return True

    def aliasing_values(self, op, operand, state):
        return [AliasingValue(op.results[self._output_index(op, operand)], EQUIVALENT)]

    def is_writable(self, op, value, state):
        return True

    def is_repetitive_region(self, op, index):
        for lb, ub, st in zip(*self._mixed(op)):
            if lb is None or ub is None or st is None or lb + st < ub:
                return True
        return False

    def is_parallel_region(self, op, index):
        return self.is_repetitive_region(op, index)

    def buffer_type(self, op, value, options, stack):
        if hasattr(value.owner, "args"):
            k = value.index - self._n_iv(op)
        else:
            k = value.index
        return get_buffer_type(op.outputs[k], options, stack)

    def bufferize(self, op, b, options):
        outputs = list(op.outputs)
        buffers = [get_buffer(b, v, options) for v in outputs]
        body = op.regions[0].blocks[0]
        n = self._n_iv(op)
        b.set_insertion_point_to_start(body)
        for a, buf in zip(body.args[n:], buffers):
            t = b.create("bufferization.to_tensor", [buf], [tensor_of(buf.type)],
                         loc=op.loc).results[0]
            a.replace_all_uses_with(t)
        b.set_insertion_point(op)
        n_bounds = len(op.operand_slots) - len(outputs)
        props = dict(op.properties)
        from pyopt.ir.opdef import segment_sizes
        seg = op.properties.get("operandSegmentSizes")
        if seg is not None:
            vals = list(seg.values)
            props["operandSegmentSizes"] = segment_sizes(vals[:3] + [0])
        region = Region()
        b.create("scf.forall", list(op.operands[:n_bounds]), [], properties=props,
                 attributes=dict(op.attributes), regions=[region], loc=op.loc)
        blk = b.create_block(region, [a.type for a in body.args[:n]],
                             [a.loc for a in body.args[:n]])
        merge_block(body, blk, list(blk.args) + [None] * len(outputs))
        replace_op_with_bufferized_values(b, op, buffers)


class InParallelModel(BufferizableModel):
    def bufferize(self, op, b, options):
        raise plain_error(op, "failed to bufferize op")


_ops = SCF.ops
for _name, _m in (("scf.for", ForModel()), ("scf.while", WhileModel()), ("scf.if", IfModel()),
                  ("scf.index_switch", IndexSwitchModel()),
                  ("scf.execute_region", ExecuteRegionModel()), ("scf.yield", YieldModel()),
                  ("scf.condition", ConditionModel()), ("scf.forall", ForallModel()),
                  ("scf.forall.in_parallel", InParallelModel())):
    attach(_ops[_name], BUFFERIZABLE, _m)
