"""Narrow integer emulation (MLIR's arith/memref/vector EmulateNarrowType): integers narrower
than the target's load/store width live packed in wider memref elements. The patterns are driven by the test pass
`test-emulate-narrow-int` (passes/test/emulate_narrow_int.py)."""
