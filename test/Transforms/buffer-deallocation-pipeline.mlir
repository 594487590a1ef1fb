// RUN: pyopt %s -buffer-deallocation-pipeline -split-input-file | filecheck %s

// The whole pipeline: a temporary buffer is freed after its last use, the returned one is
// not; no bufferization op is left.
// CHECK-LABEL: func @temporary_and_result
// CHECK: %[[T:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[R:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.copy %[[T]], %[[R]]
// CHECK: memref.dealloc %[[T]] : memref<?xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-NOT: bufferization.
func.func @temporary_and_result(%n: index) -> memref<?xf32> {
  %t = memref.alloc(%n) : memref<?xf32>
  %r = memref.alloc(%n) : memref<?xf32>
  memref.copy %t, %r : memref<?xf32> to memref<?xf32>
  return %r : memref<?xf32>
}

// -----

// A buffer chosen at run time: its ownership is selected too, and freed under that flag.
// CHECK-LABEL: func @chosen
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[S:.*]] = arith.select %[[C:.*]], %[[A]], %[[B]]
// CHECK: memref.dealloc %[[A]]
// CHECK: memref.dealloc %[[B]]
// CHECK-NOT: scf.if
func.func @chosen(%c: i1, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %a, %b : memref<4xf32>
  memref.copy %s, %out : memref<4xf32> to memref<4xf32>
  return
}
