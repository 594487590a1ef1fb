// RUN: pyopt %s --allow-unregistered-dialect --transform-interpreter | filecheck %s

// Only static allocs whose bytes (8 per f64) are under size_limit, and that are freed in
// their block, become allocas (as mlir-opt-19).
func.func @f64_over(%n: index) {
  %0 = memref.alloc() : memref<4xf64>
  %1 = memref.alloc() : memref<3xf64>
  %2 = memref.alloc(%n) : memref<?xf32>
  "test.use"(%0, %1, %2) : (memref<4xf64>, memref<3xf64>, memref<?xf32>) -> ()
  memref.dealloc %2 : memref<?xf32>
  memref.dealloc %1 : memref<3xf64>
  memref.dealloc %0 : memref<4xf64>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.memref.alloc_to_alloca size_limit(32)
    } : !transform.any_op
    transform.yield
  }
}

// CHECK-LABEL: func.func @f64_over
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf64>
//       CHECK:   memref.alloca() : memref<3xf64>
//       CHECK:   %[[D:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK:   memref.dealloc %[[D]] : memref<?xf32>
//   CHECK-NOT:   memref.dealloc %{{.*}} : memref<3xf64>
//       CHECK:   memref.dealloc %[[A]] : memref<4xf64>
