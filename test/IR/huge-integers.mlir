// Integer literals longer than Python's 4300-digit conversion guard: each gives MLIR's
// diagnostic (or a value when the type is wide enough), never an internal error.
// RUN: %python %S/Inputs/huge_integers.py | not pyopt --allow-unregistered-dialect --split-input-file - 2>&1 | filecheck %s

// CHECK: error: integer constant out of range for attribute
// CHECK-NOT: internal error
// CHECK: error: invalid dimension
// CHECK: error: invalid integer width
// CHECK: error: expected integer line number in FileLineColLoc
// CHECK: error: expected integer column number in FileLineColLoc
// CHECK: error: expected a 64-bit signed integer or '?'
// CHECK: error: constant too large for index
// CHECK: error: integer constant out of range for type
// CHECK: error: integer constant out of range
// CHECK: error: integer constant out of range for attribute
// CHECK: "t.wide"() {v = 1{{0+}} : i20000}
// CHECK-NOT: internal error

// A 2 MB hex literal on one line parses quickly (elements unpacked in bulk).
// RUN: %python -c "n = 1000000; print('%%c = arith.constant dense<\"0x' + 'ABCD' * (n // 2) + '\"> : tensor<%%dxi8>' %% n)" | pyopt - --mlir-print-elementsattrs-with-hex-if-larger=8 | filecheck %s --check-prefix=HEX
// HEX: arith.constant dense<"0xABCDABCD{{.*}}"> : tensor<1000000xi8>
