// cf canonicalization: constant conditions, identical successors (select), pass-through
// blocks, constant switch flags, trivially true asserts. Expected output is mlir-opt 19's.
// RUN: pyopt %s -allow-unregistered-dialect -canonicalize="test-convergence" | filecheck %s

func.func @const_cond(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  cf.cond_br %true, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}
func.func @same_dest(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}
func.func @pass_through(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  "test.side"() : () -> ()
  cf.br ^bb3(%a : i32)
^bb3(%x: i32):
  return %x : i32
}
func.func @switches(%f: i32, %a: i32, %b: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  cf.switch %c3 : i32, [
    default: ^bb1(%a : i32),
    3: ^bb1(%b : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}
func.func @assert_ok() {
  %true = arith.constant true
  cf.assert %true, "never"
  return
}

// CHECK-LABEL: func.func @const_cond(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @same_dest(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @pass_through(
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%arg1 : i32), ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.side"() : () -> ()
// CHECK-NEXT: cf.br ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @switches(
// CHECK-NEXT: return %arg2 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @assert_ok(
// CHECK-NEXT: return
