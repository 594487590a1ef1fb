"""Verifiers of the transform dialect's core ops, with MLIR 19's messages."""
from __future__ import annotations

from pyopt.ir.verifier import op_error


def verify_sequence(op):
    return None


def verify_named_sequence(op):
    return None


def verify_include(op):
    return None


def verify_foreach(op):
    return None


def verify_alternatives(op):
    return None


def verify_get_parent_op(op):
    n = op.properties.get("nth_parent")
    if n is not None and n.value <= 0:
        raise op_error(op, "attribute 'nth_parent' failed to satisfy constraint: 64-bit "
                           "signless integer attribute whose value is positive")


def verify_match_dims(op):
    raw = op.properties["raw_position_list"].values
    inverted = op.properties.get("is_inverted") is not None
    all_ = op.properties.get("is_all") is not None
    if all_:
        if inverted:
            raise op_error(op, "cannot request both 'all' and 'inverted' values in the list")
        if raw:
            raise op_error(op, "cannot both request 'all' and specific values in the list")
    if not all_ and not raw:
        raise op_error(op, "must request specific values in the list if 'all' is not "
                           "specified")
    if any(a == b for a, b in zip(raw, raw[1:])):
        raise op_error(op, "expected the listed values to be unique")


def verify_merge_handles(op):
    return None


def verify_split_handle(op):
    return None


def verify_cast(op):
    return None


def verify_num_associations(op):
    return None
