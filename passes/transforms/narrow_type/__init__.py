"""Narrow integer emulation (MLIR's arith/memref/vector EmulateNarrowType): integers narrower
than the target's load/store width live packed in wider memref elements. Importing the package
registers `test-emulate-narrow-int`."""
from passes.transforms.narrow_type import test_pass  # noqa: F401
