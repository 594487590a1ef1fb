// RUN: pyopt %s -linalg-generalize-named-ops | filecheck %s

// linalg-generalize-named-ops runs in applyPatternsAndFoldGreedily's default configuration:
// bottom-up (the constant 35 folds before the trunci in the generic's body, and each folded
// constant goes to the top of the function), identical blocks merged (aggressive region
// simplification). Expected output from mlir-opt-19.

func.func @fold_order(%a: memref<4x3xi8>, %x: i64) -> i64 {
  %c = arith.constant -100 : i32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a : memref<4x3xi8>) {
  ^bb0(%o: i8):
    %t = arith.trunci %c : i32 to i8
    %s = arith.addi %o, %t : i8
    linalg.yield %s : i8
  }
  %c5 = arith.constant 5 : i64
  %c7 = arith.constant 7 : i64
  %m = arith.muli %c5, %c7 : i64
  %r = arith.addi %x, %m : i64
  return %r : i64
}

// CHECK-LABEL: func.func @fold_order
// CHECK-NEXT:    %c35_i64 = arith.constant 35 : i64
// CHECK-NEXT:    %c-100_i8 = arith.constant -100 : i8
// CHECK-NEXT:    linalg.generic

func.func @merge(%a: memref<4xf32>, %f: f32, %c: i1) -> i32 {
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %one = arith.constant 1 : i32
  cf.br ^bb3(%one : i32)
^bb2:
  %one2 = arith.constant 1 : i32
  cf.br ^bb3(%one2 : i32)
^bb3(%r: i32):
  return %r : i32
}

// CHECK-LABEL: func.func @merge
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel"]} ins(%arg1 : f32) outs(%arg0 : memref<4xf32>) {
// CHECK:         cf.cond_br %arg2, ^bb1, ^bb1
// CHECK-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb2:  // pred: ^bb1
// CHECK-NEXT:    return %c1_i32 : i32
