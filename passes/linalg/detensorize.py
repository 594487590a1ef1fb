"""`linalg-detensorize`: linalg.generic ops on 0-d tensors become their scalar bodies, inlined
(MLIR 19 Linalg/Transforms/Detensorize.cpp).

A cost model picks the generics to detensor and the non-entry block arguments to turn into
scalars: by default the ones feeding control flow (the use-def component reached from branch
operands), with `aggressive-mode` every qualifying generic and every non-entry block
argument. A full dialect conversion then inlines the chosen generics (their 0-d tensor
operands read with tensor.extract), converts the chosen block arguments and the branch
operands passed to them, and rebuilds tensors with tensor.from_elements where a scalar meets a
tensor user; tensor.from_elements' canonicalization and the folders clean up. The function's
entry block is kept out of the conversion (its arguments are the signature) by a temporary
split."""
from __future__ import annotations

from pyopt.ir.core import BlockArgument
from pyopt.ir.location import UNKNOWN_LOC
from pyopt.ir.opdef import RETURN_LIKE
from pyopt.ir.types import FloatType, IntegerType, RankedTensorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.conversion import ConversionTarget, apply_full_conversion
from pyopt.rewrite.conversion.driver import ConversionConfig, ConversionPattern
from pyopt.rewrite.conversion.type_converter import SignatureConversion, TypeConverter
from pyopt.rewrite.rewriter import PatternRewriter
from pyopt.interfaces.branch import branch_model, successor_operand_range
from pyopt.interfaces.function_like import is_function_like
from passes.scf.common import default_greedy_config


def _tensor_extract(b, type_, inputs, loc):
    return b.create("tensor.extract", [inputs[0]], [type_], loc=loc).results[0]


def _from_elements(b, type_, inputs, loc):
    t = inputs[0].type
    if isinstance(t, RankedTensorType) or type(t).__name__ == "UnrankedTensorType":
        return None
    return b.create("tensor.from_elements", [inputs[0]], [RankedTensorType([], t)],
                    loc=loc).results[0]


def detensorize_type_converter():
    """0-d tensors convert to their element type; every other type stays."""
    tc = TypeConverter()
    tc.add_conversion(lambda t: t)
    tc.add_conversion(lambda t: t.element_type if isinstance(t, RankedTensorType) and
                      not t.shape else None)
    tc.add_target_materialization(_tensor_extract)
    tc.add_source_materialization(_from_elements)
    tc.add_argument_materialization(_from_elements)
    return tc


def _should_detensor(op, tc):
    return op.name == "linalg.generic" and all(not tc.is_legal(s.value.type)
                                               for s in op.operand_slots)


def _post_order(func):
    out = []
    func.walk(out.append)
    return out


def _block_of(func):
    return func.regions[0].blocks


def _predecessor_edges(block):
    """(terminator, successor index) of each edge into `block`."""
    for use in block.pred_uses:
        yield use.owner, use.index


def _forwarded_index(term, succ, arg_number):
    """The operand index `term` passes to argument `arg_number` of successor `succ`, or None
    (not a known branch, or the argument is produced by the branch itself)."""
    r = successor_operand_range(term, succ)
    if r is None or r[1] == 0 or arg_number >= r[1]:
        return None
    return r[0] + arg_number


def branch_op_detensoring(block_args):
    """computeBranchOpDetensoring: branch op -> indices of its operands to convert."""
    out = {}
    for arg in block_args:
        for term, succ in _predecessor_edges(arg.owner):
            i = _forwarded_index(term, succ, arg.index)
            if i is not None:
                out.setdefault(term, set()).add(i)
    return out


def aggressive_model(func, tc):
    ops = {op for op in _post_order(func) if _should_detensor(op, tc)}
    args = {a for b in _block_of(func)[1:] for a in b.args}
    return ops, args


def control_flow_model(func, tc):
    """The detensorable component reached backwards (and forwards through successors) from
    the branch operands."""
    ops, args = set(), set()
    work = []
    all_ops = _post_order(func)
    for name in ("cf.cond_br", "cf.br"):
        for op in all_ops:
            if op.name == name:
                work.extend(op.operands)
    seen_values, seen_ops = set(), set()
    while work:
        v = work.pop()
        if v in seen_values:
            continue
        seen_values.add(v)
        term = v.parent_block.last
        if term is not None and branch_model(term) is not None:
            for i, s in enumerate(term.operand_slots):
                if s.value is v:
                    arg = _successor_arg(term, i)
                    if arg is not None and arg not in args:
                        work.append(arg)
        for user in v.users():
            work.extend(user.results)
        if isinstance(v, BlockArgument):
            block = v.owner
            if block.parent.blocks[0] is block:
                continue
            args.add(v)
            for term, succ in _predecessor_edges(block):
                if branch_model(term) is None:
                    return set(), set()
                i = _forwarded_index(term, succ, v.index)
                if i is not None:
                    work.append(term.operand(i))
            continue
        d = v.defining_op()
        if d in seen_ops:
            continue
        seen_ops.add(d)
        if d.name == "linalg.generic":
            if d in ops or not _should_detensor(d, tc):
                continue
            ops.add(d)
            work.extend(_generic_inputs(d))
            continue
        if d.name == "tensor.from_elements":
            continue
        if all(isinstance(r.type, (IntegerType, FloatType)) for r in d.results):
            work.extend(d.operands)
    # arguments fed by a generic that stays are not detensored either
    drop = set()
    for arg in args:
        for term, succ in _predecessor_edges(arg.owner):
            i = _forwarded_index(term, succ, arg.index)
            if i is None:
                continue
            d = term.operand(i).defining_op()
            if d is not None and d.name == "linalg.generic" and d not in ops:
                drop.add(arg)
                break
    return ops, args - drop


def _generic_inputs(op):
    from pyopt.interfaces.destination_style import dps_inputs
    return dps_inputs(op)


def _successor_arg(term, operand_index):
    """getSuccessorBlockArgument: the successor argument operand `operand_index` feeds."""
    for succ in range(len(term.successors)):
        r = successor_operand_range(term, succ)
        if r is not None and r[0] <= operand_index < r[0] + r[1]:
            block = term.successors[succ]
            k = operand_index - r[0]
            return block.args[k] if k < len(block.args) else None
    return None


class DetensorizeGenericOp(ConversionPattern):
    """The generic's body inlined in place of the op, its arguments bound to the converted
    (scalar) operands, its yielded values replacing the results."""
    root = "linalg.generic"

    def match_and_rewrite(self, op, adaptor, rw):
        original = op.parent
        entry = op.regions[0].blocks[0]
        yield_op = op.regions[0].blocks[-1].last
        new_block = rw.split_block(original, op)
        rw.inline_region_before(op.regions[0], original.parent, new_block)
        rw.replace_op(op, list(yield_op.operands))
        rw.merge_blocks(entry, original, list(adaptor.operands))
        rw.merge_blocks(new_block, original, [])
        rw.erase_op(yield_op)
        return True


class FunctionNonEntryBlockConversion(ConversionPattern):
    """The chosen arguments of each non-entry block converted."""

    def __init__(self, tc, block_args):
        super().__init__(tc)
        self.block_args = block_args

    def match_and_rewrite(self, op, adaptor, rw):
        if not is_function_like(op):
            return False
        tc = self.type_converter
        rw.start_op_modification(op)
        for block in list(op.regions[0].blocks[1:]):
            conv = SignatureConversion(len(block.args))
            for a in block.args:
                t = tc.convert_type(a.type) if a in self.block_args else a.type
                conv.add_inputs(a.index, [t])
            rw.apply_signature_conversion(block, conv, tc)
        rw.finalize_op_modification(op)
        return True


class BranchOperandConversion(ConversionPattern):
    """BranchOpInterfaceTypeConversion with a filter: the chosen forwarded operands take
    their converted values."""

    def __init__(self, tc, branch_ops):
        super().__init__(tc)
        self.branch_ops = branch_ops

    def match_and_rewrite(self, op, adaptor, rw):
        if branch_model(op) is None:
            return False
        chosen = self.branch_ops.get(op, ())
        new = list(op.operands)
        for succ in range(len(op.successors)):
            start, n = successor_operand_range(op, succ)
            for i in range(start, start + n):
                if i in chosen:
                    new[i] = adaptor[i]
        rw.modify_op_in_place(op, lambda: op.set_operands(new))
        return True


def _is_return_like(op):
    d = op.opdef
    return d is not None and RETURN_LIKE in d.traits


@register_pass("linalg-detensorize", "Detensorize linalg ops",
               options=[PassOption("aggressive-mode", bool, False,
                                   "Detensorize all ops that qualify for detensoring along "
                                   "with branch operands and basic-block arguments.")],
               display_name="LinalgDetensorizePass")
def linalg_detensorize(func, ctx, options):
    if not is_function_like(func) or not func.regions or not func.regions[0].blocks:
        return
    tc = detensorize_type_converter()
    rw = PatternRewriter(ctx)
    entry = func.regions[0].blocks[0]
    post_entry = rw.split_block(entry, entry.first)
    rw.set_insertion_point_to_start(entry)
    branch = rw.create("cf.br", [], [], successors=[post_entry], loc=UNKNOWN_LOC)
    model = aggressive_model if options.get("aggressive-mode") else control_flow_model
    ops, block_args = model(func, tc)
    branch_ops = branch_op_detensoring(block_args)

    target = ConversionTarget(ctx)
    target.add_dynamically_legal_op("linalg.generic", lambda op: op not in ops)

    def unknown_legal(op):
        if is_function_like(op):
            return all(not (a in block_args and not tc.is_legal(a.type))
                       for b in op.regions[0].blocks[1:] for a in b.args)
        if branch_model(op) is None or _is_return_like(op):
            return True
        chosen = branch_ops.get(op)
        return chosen is None or all(tc.is_legal(op.operand(i).type) for i in chosen)
    target.mark_unknown_op_dynamically_legal(unknown_legal)
    patterns = [DetensorizeGenericOp(tc), FunctionNonEntryBlockConversion(tc, block_args),
                BranchOperandConversion(tc, branch_ops)]
    apply_full_conversion(func, target, patterns, ctx, ConversionConfig(include_root=True))

    from pyopt.dialects.tensor.canonicalize import ExtractElementFromIndexCast
    from pyopt.rewrite.pattern import RewritePattern
    apply_patterns_greedily(func, [RewritePattern("tensor.extract", 1,
                                                  ExtractElementFromIndexCast)], ctx,
                            default_greedy_config())
    rw.erase_op(branch)
    rw.merge_blocks(post_entry, entry)
