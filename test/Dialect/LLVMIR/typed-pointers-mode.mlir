// RUN: pyopt %s -split-input-file --convert-func-to-llvm=use-opaque-pointers=0 | filecheck %s
// RUN: pyopt %s -split-input-file --convert-func-to-llvm=use-opaque-pointers=0 --verify-roundtrip | filecheck %s

// In the typed-pointer mode of the lowering passes the input's typed pointers are kept, and
// the ops print in MLIR 16's form again: no type the pointee already gives.

// CHECK-LABEL: llvm.func @memory
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<f32>, %[[N:.*]]: i64)
llvm.func @memory(%p: !llvm.ptr<f32>, %n: i64) -> f32 {
  // CHECK: %[[V:.*]] = llvm.load %[[P]] : !llvm.ptr<f32>
  %v = llvm.load %p : !llvm.ptr<f32>
  // CHECK: llvm.store %[[V]], %[[P]] : !llvm.ptr<f32>
  llvm.store %v, %p : !llvm.ptr<f32>
  // CHECK: llvm.getelementptr %[[P]][%[[N]]] : (!llvm.ptr<f32>, i64) -> !llvm.ptr<f32>
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr<f32>, i64) -> !llvm.ptr<f32>
  // CHECK: llvm.alloca %[[N]] x f32 : (i64) -> !llvm.ptr<f32>
  %a = llvm.alloca %n x f32 : (i64) -> !llvm.ptr<f32>
  // CHECK: llvm.bitcast %{{.*}} : !llvm.ptr<f32> to !llvm.ptr<i8>
  %b = llvm.bitcast %a : !llvm.ptr<f32> to !llvm.ptr<i8>
  // CHECK: llvm.mlir.null : !llvm.ptr<i8>
  %z = llvm.mlir.null : !llvm.ptr<i8>
  // CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} acq_rel : i32
  // CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel monotonic : i32
  %ip = llvm.bitcast %p : !llvm.ptr<f32> to !llvm.ptr<i32>
  %one = llvm.mlir.constant(1 : i32) : i32
  %r = llvm.atomicrmw add %ip, %one acq_rel : i32
  %c = llvm.cmpxchg %ip, %one, %r acq_rel monotonic : i32
  llvm.return %v : f32
}

// -----

// CHECK-LABEL: llvm.func @calls
llvm.func @callee(i32) -> i32
llvm.func @calls(%n: i32) -> i32 {
  // CHECK: %[[F:.*]] = llvm.mlir.addressof @callee : !llvm.ptr<func<i32 (i32)>>
  %f = llvm.mlir.addressof @callee : !llvm.ptr<func<i32 (i32)>>
  // CHECK: llvm.call %[[F]](%{{.*}}) : (i32) -> i32
  %x = llvm.call %f(%n) : (i32) -> i32
  llvm.return %x : i32
}

// -----

// What the lowering makes in this mode reads the same way.
// CHECK-LABEL: llvm.func @lowered
// CHECK-SAME: (%{{.*}}: !llvm.ptr<f32>) -> f32
func.func @lowered(%p: !llvm.ptr<f32>) -> f32 {
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<f32>
  %v = llvm.load %p : !llvm.ptr<f32>
  return %v : f32
}
