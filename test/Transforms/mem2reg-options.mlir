// RUN: pyopt %s --mem2reg | filecheck %s
// RUN: pyopt %s --pass-pipeline="builtin.module(mem2reg{region-simplify=true})" | filecheck %s
// RUN: pyopt %s --pass-pipeline="builtin.module(mem2reg{region-simplify=false})" | filecheck %s
// RUN: pyopt %s --pass-pipeline="builtin.module(func.func(mem2reg),llvm.func(mem2reg))" \
// RUN:   --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS

// One slot and one new block argument in each function.
// STATS:      'func.func' Pipeline
// STATS-NEXT:   Mem2Reg
// STATS-NEXT:     (S) 1 new block args
// STATS-NEXT:     (S) 1 promoted slots
// STATS-NEXT: 'llvm.func' Pipeline
// STATS-NEXT:   Mem2Reg
// STATS-NEXT:     (S) 1 new block args
// STATS-NEXT:     (S) 1 promoted slots

// The pass is not tied to an op: on the module it promotes the slots of every function,
// whatever their dialect. `region-simplify` is accepted but leaves the CFG as it is (dead
// blocks and unused arguments stay), as in MLIR 19.
// CHECK-LABEL: llvm.func @llvm_side(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = llvm.mlir.undef : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: llvm.br ^bb3(%arg1 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: llvm.br ^bb3(%1 : i32)
// CHECK-NEXT: ^bb3(%2: i32):  // 3 preds: ^bb1, ^bb2, ^bb4
// CHECK-NEXT: llvm.return %2 : i32
// CHECK-NEXT: ^bb4(%3: i32):  // no predecessors
// CHECK-NEXT: llvm.br ^bb3(%0 : i32)
// CHECK-NEXT: }
llvm.func @llvm_side(%c: i1, %a: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  llvm.cond_br %c, ^t, ^f
^t:
  llvm.store %a, %slot : i32, !llvm.ptr
  llvm.br ^j
^f:
  llvm.store %c1, %slot : i32, !llvm.ptr
  llvm.br ^j
^j:
  %r = llvm.load %slot : !llvm.ptr -> i32
  llvm.return %r : i32
^orphan(%unused: i32):
  llvm.br ^j
}

// CHECK-LABEL: func.func @func_side(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%c0_i32 : i32)
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @func_side(%c: i1, %a: i32) -> i32 {
  %m = memref.alloca() : memref<i32>
  cf.cond_br %c, ^t, ^j
^t:
  memref.store %a, %m[] : memref<i32>
  cf.br ^j
^j:
  %r = memref.load %m[] : memref<i32>
  return %r : i32
}
