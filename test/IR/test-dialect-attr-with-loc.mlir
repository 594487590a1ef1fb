// RUN: pyopt %s -mlir-print-debuginfo -mlir-print-local-scope | filecheck %s
// RUN: pyopt %s | filecheck %s --check-prefix=NOLOC
// An attribute location read by a custom directive, printed only with locations.

// CHECK: test.attr_with_loc(7 : i8 loc("where"))
// NOLOC: test.attr_with_loc(7 : i8)
test.attr_with_loc(7 : i8 loc("where"))
