"""BufferizableOpInterface models of ml_program's globals: a tensor global becomes a
memref.global (constant unless mutable), a load its read-only memref.get_global, a store a
copy into it."""
from __future__ import annotations

from pyopt.dialects.ml_program import ML_PROGRAM
from pyopt.interfaces import attach
from pyopt.interfaces.bufferizable import (BUFFERIZABLE, BufferizableModel,
                                           identity_layout_type, plain_error)
from pyopt.interfaces.bufferizable_rewrite import (erase_op, get_buffer,
                                                   replace_op_with_new_bufferized_op)
from pyopt.ir.attributes import SymbolRefAttr, TypeAttr, UNIT


class _NoAlias(BufferizableModel):
    def aliasing_values(self, op, operand, state):
        return []

    def reads(self, op, operand, state):
        return False

    def writes(self, op, operand, state):
        return False


class GlobalModel(_NoAlias):
    def has_tensor_semantics(self, op):
        return True

    def bufferize(self, op, b, options):
        value = op.get_attr("value")
        if value is None:
            raise plain_error(op, "global op must have a value")
        mt = identity_layout_type(op.get_attr("type").value)
        props = {"sym_name": op.get_attr("sym_name"), "type": TypeAttr(mt),
                 "initial_value": value}
        vis = op.get_attr("sym_visibility")
        if vis is not None:
            props["sym_visibility"] = vis
        if op.get_attr("is_mutable") is None:
            props["constant"] = UNIT
        b.set_insertion_point(op)
        b.create("memref.global", [], [], properties=props, loc=op.loc)
        erase_op(b, op)


def _global_ref(op):
    return SymbolRefAttr(op.get_attr("global").leaf)


class GlobalLoadModel(_NoAlias):
    def is_writable(self, op, value, state):
        return False

    def bufferize(self, op, b, options):
        mt = identity_layout_type(op.results[0].type)
        replace_op_with_new_bufferized_op(b, op, "memref.get_global", [], [mt],
                                          properties={"name": _global_ref(op)})


class GlobalStoreModel(_NoAlias):
    def writes(self, op, operand, state):
        return True

    def bufferize(self, op, b, options):
        mt = identity_layout_type(op.value.type)
        b.set_insertion_point(op)
        target = b.create("memref.get_global", [], [mt], properties={"name": _global_ref(op)},
                          loc=op.loc).results[0]
        src = get_buffer(b, op.value, options)
        options.create_memcpy(b, op.loc, src, target)
        erase_op(b, op)


_ops = ML_PROGRAM.ops
attach(_ops["ml_program.global"], BUFFERIZABLE, GlobalModel())
attach(_ops["ml_program.global_load"], BUFFERIZABLE, GlobalLoadModel())
attach(_ops["ml_program.global_store"], BUFFERIZABLE, GlobalStoreModel())
