// RUN: pyopt %s -drop-equivalent-buffer-results -allow-unregistered-dialect | filecheck %s

// Results that are an argument (or a cast of one) are dropped; callers use what they passed,
// cast back to the old result type.
// CHECK-LABEL: func @callee
// CHECK-SAME: -> memref<?xf32>
// CHECK: return %{{.*}} : memref<?xf32>
func.func @callee(%a: memref<4xf32>, %n: index) -> (memref<4xf32>, memref<?xf32>, memref<?xf32>, index) {
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  %x = memref.alloc(%n) : memref<?xf32>
  return %a, %c, %x, %n : memref<4xf32>, memref<?xf32>, memref<?xf32>, index
}

// CHECK-LABEL: func @caller
// CHECK-SAME: (%[[A:.*]]: memref<4xf32>, %[[N:.*]]: index)
// CHECK: %[[R:.*]] = call @callee(%[[A]], %[[N]]) : (memref<4xf32>, index) -> memref<?xf32>
// CHECK: %[[CAST:.*]] = memref.cast %[[A]] : memref<4xf32> to memref<?xf32>
// CHECK: "test.use"(%[[A]], %[[CAST]], %[[N]])
// CHECK: return %[[R]]
func.func @caller(%a: memref<4xf32>, %n: index) -> memref<?xf32> {
  %0:4 = call @callee(%a, %n) : (memref<4xf32>, index) -> (memref<4xf32>, memref<?xf32>, memref<?xf32>, index)
  "test.use"(%0#0, %0#1, %0#3) : (memref<4xf32>, memref<?xf32>, index) -> ()
  return %0#2 : memref<?xf32>
}
