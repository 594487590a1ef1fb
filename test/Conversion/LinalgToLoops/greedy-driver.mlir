// RUN: pyopt %s -convert-linalg-to-loops | filecheck %s --check-prefix=LOOPS
// RUN: pyopt %s -convert-linalg-to-affine-loops | filecheck %s --check-prefix=AFFINE
// RUN: pyopt %s -convert-linalg-to-parallel-loops | filecheck %s --check-prefix=PAR

// The lowering runs in applyPatternsAndFoldGreedily's default configuration: bottom-up, with
// identical blocks merged (aggressive region simplification). And upstream builds the
// innermost affine.for's body, and everything inside an scf.parallel, inside the loop op's
// build method, before the loop is in the IR: the driver cannot put those ops on its
// worklist, so the payload's trunci folds only in the next iteration, after the constant
// 35 -- the folded constant lands above it (scf.for bodies are built in place: it folds
// first there). Expected output from mlir-opt-19.

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

// LOOPS-LABEL: func.func @fold_order
// LOOPS-NEXT:    %c35_i64 = arith.constant 35 : i64
// LOOPS-NEXT:    %c-100_i8 = arith.constant -100 : i8
// LOOPS:         scf.for
// LOOPS:           scf.for
// LOOPS-NEXT:        memref.load
// LOOPS-NEXT:        arith.addi %{{.*}}, %c-100_i8 : i8

// AFFINE-LABEL: func.func @fold_order
// AFFINE-NEXT:    %c-100_i8 = arith.constant -100 : i8
// AFFINE-NEXT:    %c35_i64 = arith.constant 35 : i64
// AFFINE-NEXT:    affine.for %arg2 = 0 to 4 {
// AFFINE-NEXT:      affine.for %arg3 = 0 to 3 {
// AFFINE-NEXT:        %1 = affine.load %arg0[%arg2, %arg3] : memref<4x3xi8>
// AFFINE-NEXT:        %2 = arith.addi %1, %c-100_i8 : i8
// AFFINE-NEXT:        affine.store %2, %arg0[%arg2, %arg3] : memref<4x3xi8>

// PAR-LABEL: func.func @fold_order
// PAR-NEXT:    %c-100_i8 = arith.constant -100 : i8
// PAR-NEXT:    %c35_i64 = arith.constant 35 : i64
// PAR-NEXT:    %c0 = arith.constant 0 : index
// PAR:         scf.parallel (%arg2, %arg3) = (%c0, %c0) to (%c4, %c3) step (%c1, %c1) {
// PAR-NEXT:      %1 = memref.load %arg0[%arg2, %arg3] : memref<4x3xi8>
// PAR-NEXT:      %2 = arith.addi %1, %c-100_i8 : i8

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

// LOOPS-LABEL: func.func @merge
// LOOPS:         cf.cond_br %arg2, ^bb1, ^bb1
// LOOPS-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb0
// LOOPS-NEXT:    cf.br ^bb2
// LOOPS-NEXT:  ^bb2:  // pred: ^bb1
// LOOPS-NEXT:    return %c1_i32 : i32

// AFFINE-LABEL: func.func @merge
// AFFINE:         cf.cond_br %arg2, ^bb1, ^bb1
// AFFINE-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb0
// AFFINE-NEXT:    cf.br ^bb2

// PAR-LABEL: func.func @merge
// PAR:         cf.cond_br %arg2, ^bb1, ^bb1
// PAR-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb0
// PAR-NEXT:    cf.br ^bb2
