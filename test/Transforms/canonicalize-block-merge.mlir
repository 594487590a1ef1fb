// region-simplify=aggressive: identical blocks are merged (differing outside operands become
// block arguments, here then folded into a select); different blocks stay.
// RUN: pyopt %s -allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' | filecheck %s

func.func @merge_identical(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.use"(%a) : (i32) -> ()
  return %a : i32
^bb2:
  "test.use"(%b) : (i32) -> ()
  return %b : i32
}
func.func @keep_different(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.one"(%a) : (i32) -> ()
  return %a : i32
^bb2:
  "test.two"(%a) : (i32) -> ()
  return %a : i32
}

// CHECK-LABEL: func.func @merge_identical(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @keep_different(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.one"(%arg1) : (i32) -> ()
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.two"(%arg1) : (i32) -> ()
// CHECK-NEXT: return %arg1 : i32
