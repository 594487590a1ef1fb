"""Transform dialect passes: -transform-interpreter, -transform-preload-library,
-transform-dialect-check-uses, -transform-infer-effects and the test pass
-test-transform-dialect-erase-schedule."""
