// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | pyopt | filecheck %s

// CHECK-LABEL: func.func @branches(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i8) {
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb1(%arg1 : i32),
// CHECK-NEXT:      4294967295: ^bb2(%arg1, %arg1 : i32, i32),
// CHECK-NEXT:      43: ^bb3
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:    cf.cond_br %arg2, ^bb2(%0, %0 : i32, i32), ^bb3 {branch_weights = array<i32: 1, 2>}
// CHECK-NEXT:  ^bb2(%1: i32, %2: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    cf.assert %arg2, "boom"
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb3:  // 3 preds: ^bb0, ^bb1, ^bb3
// CHECK-NEXT:    cf.switch %arg3 : i8, [
// CHECK-NEXT:      default: ^bb3,
// CHECK-NEXT:      255: ^bb4
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb4:  // 3 preds: ^bb2, ^bb3, ^bb4
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb4] {some.attr}
// CHECK-NEXT:  }

func.func @branches(%flag : i32, %a : i32, %c: i1, %w: i8) {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    -1: ^bb2(%a, %a : i32, i32),
    43: ^bb3
  ]
^bb1(%x : i32):
  cf.cond_br %c, ^bb2(%x, %x : i32, i32), ^bb3 {branch_weights = array<i32: 1, 2>}
^bb2(%y : i32, %z : i32):
  cf.assert %c, "boom"
  cf.br ^bb4
^bb3:
  cf.switch %w : i8, [
    default: ^bb3,
    255: ^bb4
  ]
^bb4:
  cf.switch %flag : i32, [
    default: ^bb4
  ] {some.attr}
}
