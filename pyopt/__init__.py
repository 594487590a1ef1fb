"""pyopt: a pure-Python re-creation of mlir-opt (parser, printer, verifier, passes)."""
__version__ = "0.1.0"
