"""BufferizableOpInterface models (pyopt/interfaces/bufferizable.py), one module per dialect,
attached on import. One-shot bufferization imports this package, so start-up does not pay
for them."""
from . import arith, bufferization, cf, func, linalg, ml_program, scf, tensor, vector  # noqa: F401
