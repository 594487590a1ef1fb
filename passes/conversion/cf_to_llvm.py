"""`convert-cf-to-llvm` (MLIR's ControlFlowToLLVM): cf.br / cond_br / switch become their llvm
twins on converted operands (same successors and properties); cf.assert splits the block and
branches to a block that prints the message with `puts` and calls `abort`."""
from __future__ import annotations

from pyopt.ir.attributes import (DenseElementsAttr, FlatSymbolRefAttr, IntegerAttr, StringAttr,
                                 TypeAttr, UNIT)
from pyopt.ir.core import Region
from pyopt.ir.types import I8, I32, RankedTensorType
from pyopt.pass_registry import PassOption, register_pass, unchanged_unless
from pyopt.rewrite.conversion import apply_partial_conversion
from pyopt.rewrite.conversion.rewriter import CAST
from pyopt.dialects.llvm import types as lt
from pyopt.dialects.llvm.attrs import LinkageAttr
from passes.conversion.llvm_common import (ConvertOpToLLVMPattern, LLVMConversionTarget,
                                           LLVMTypeConverter, LowerToLLVMOptions,
                                           lookup_or_create_fn)
from passes.conversion.llvm_common.type_converter import USE_OPAQUE_POINTERS
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common import interface
from passes.conversion.llvm_common.pattern import _module_of


class BranchLowering(ConvertOpToLLVMPattern):
    """cf.br/cond_br/switch -> llvm.br/cond_br/switch. A successor operand whose converted type
    differs from the (already converted) block argument is left to the parent op's lowering."""

    def __init__(self, tc, root, target, prefixes):
        super().__init__(tc, root)
        self.target = target
        self.prefixes = prefixes  # per successor: the failure message prefix

    def match_and_rewrite(self, op, adaptor, rw):
        operands = list(adaptor)
        for i, block in enumerate(op.successors):
            forwarded = _successor_operands(op, i, operands)
            for j, arg in enumerate(block.args):
                if j >= len(forwarded):
                    break
                if _arg_type(rw, arg) is not forwarded[j].type:
                    # The destination block was not converted (by its parent op's lowering):
                    # leave the branch to that lowering.
                    rw.notify_match_failure(op, f"{self.prefixes(i)}mismatched types from "
                                                f"operand # {j}")
                    return False
        new = B.create(rw, self.target, operands, [], properties=dict(op.properties),
                       attributes=dict(op.attributes), successors=list(op.successors),
                       loc=op.loc)
        rw.replace_op(op, new.results)
        return True


def _arg_type(rw, arg):
    """The type a block argument has after the conversion so far."""
    new = rw.lookup(arg)
    if new is None:
        return arg.type
    d = new.defining_op() if hasattr(new, "defining_op") else None
    if d is not None and d.name == CAST and len(d.operand_slots) == 1:
        return d.inputs[0].type  # (its one input)
    return new.type


def _successor_operands(op, i, operands):
    """The operands `op` forwards to successor `i` (from its segment sizes)."""
    if op.name == "cf.br":
        return operands
    seg = list(op.properties["operandSegmentSizes"].values)
    if op.name == "cf.cond_br":
        start = 1 + (0 if i == 0 else seg[1])
        return operands[start:start + seg[1 + i]]
    # cf.switch: flag, default operands, case operands (split by case_operand_segments)
    if i == 0:
        return operands[1:1 + seg[1]]
    cases = list(op.properties["case_operand_segments"].values)
    start = 1 + seg[1] + sum(cases[:i - 1])
    return operands[start:start + cases[i - 1]]


def _switch_prefix(i):
    return "in switch default case " if i == 0 else f"in switch case {i - 1} "


_MSG_COUNTER = [0]  # upstream's static counter: unique names continue across modules of a run


def _unique_symbol(module, name):
    names = {o.properties.get("sym_name") for o in module.regions[0].blocks[0].ops}
    unique = name
    while StringAttr(unique) in names:
        unique = f"{name}_{_MSG_COUNTER[0]}"
        _MSG_COUNTER[0] += 1
    return unique


def create_print_str_call(rw, loc, module, symbol, text, tc, add_newline=False,
                          runtime_fn="printString"):
    """A private constant global holding `text` (NUL-terminated) and a call printing it."""
    data = list(text.encode()) + ([10] if add_newline else []) + [0]
    array = lt.LLVMArrayType(I8, len(data))
    ip = rw.save()
    rw.set_insertion_point_to_start(module.regions[0].blocks[0])
    name = _unique_symbol(module, symbol)
    value = DenseElementsAttr(RankedTensorType((len(data),), I8), data)
    B.create(rw, "llvm.mlir.global", [], [], properties={
        "global_type": TypeAttr(array), "constant": UNIT, "linkage": LinkageAttr.get("private"),
        "sym_name": StringAttr(name), "value": value, "addr_space": IntegerAttr(I32, 0)},
        regions=[Region()], loc=loc)
    rw.restore(ip)
    ptr = tc.ptr(0, I8)  # typed-pointer mode: the global is an i8 array, the string an i8*
    addr = B.create(rw, "llvm.mlir.addressof", [], [tc.ptr(0, array)],
                    properties={"global_name": FlatSymbolRefAttr(name)}, loc=loc).results[0]
    gep = B.gep(rw, ptr, array, addr, [0], loc)
    fn = lookup_or_create_fn(module, runtime_fn, [ptr], lt.VOID, rw.ctx)
    B.call(rw, fn, [gep], [], loc)


class AssertLowering(ConvertOpToLLVMPattern):
    root = "cf.assert"

    def __init__(self, tc, abort_on_failure=True):
        super().__init__(tc)
        self.abort = abort_on_failure

    def match_and_rewrite(self, op, adaptor, rw):
        loc = op.loc
        module = _module_of(rw)
        block = op.parent
        cont = rw.split_block(block, op.next)
        failure = rw.create_block(block.parent)
        rw.set_insertion_point_to_end(failure)
        create_print_str_call(rw, loc, module, "assert_msg", op.properties["msg"].value,
                              self.tc, runtime_fn="puts")
        if self.abort:
            abort = lookup_or_create_fn(module, "abort", [], lt.VOID, rw.ctx)
            B.call(rw, abort, [], [], loc)
            B.create(rw, "llvm.unreachable", [], [], loc=loc)
        else:
            B.create(rw, "llvm.br", [], [], successors=[cont], loc=loc)
        rw.set_insertion_point_to_end(block)
        from pyopt.ir.opdef import segment_sizes
        B.create(rw, "llvm.cond_br", [list(adaptor)[0]], [], successors=[cont, failure],
                 properties={"operandSegmentSizes": segment_sizes([1, 0, 0])}, loc=loc)
        rw.erase_op(op)
        return True


def populate_cf_to_llvm_patterns(tc, patterns):
    patterns += [AssertLowering(tc),
                 BranchLowering(tc, "cf.br", "llvm.br", lambda i: ""),
                 BranchLowering(tc, "cf.cond_br", "llvm.cond_br",
                                lambda i: ("in true case branch ", "in false case branch ")[i]),
                 BranchLowering(tc, "cf.switch", "llvm.switch", _switch_prefix)]
    return patterns


interface.register("cf", lambda target, tc, patterns: populate_cf_to_llvm_patterns(tc, patterns))


@register_pass("convert-cf-to-llvm", "Convert ControlFlow operations to the LLVM dialect",
               display_name="ConvertControlFlowToLLVMPass", options=[
                   PassOption("index-bitwidth", int, 0,
                              "Bitwidth of the index type, 0 to use size of machine word"),
                   USE_OPAQUE_POINTERS])
def convert_cf_to_llvm(op, ctx, options):
    opts = LowerToLLVMOptions.for_op(op, options)
    tc = LLVMTypeConverter(opts)
    changed = apply_partial_conversion(op, LLVMConversionTarget(ctx),
                                       populate_cf_to_llvm_patterns(tc, []), ctx)
    return unchanged_unless(changed)
