"""pyopt: a pure-Python re-creation of mlir-opt (parser, printer, verifier, passes)."""
__version__ = "0.1.0"

import sys as _sys

# Integers in the IR are arbitrary precision (APInt): decimal literals longer than Python's
# default 4300-digit guard must convert (then get range-checked), not raise ValueError.
if hasattr(_sys, "set_int_max_str_digits"):
    _sys.set_int_max_str_digits(0)
