"""Tensor passes: fold-tensor-subset-ops and the test pass -test-tensor-transform-patterns."""
