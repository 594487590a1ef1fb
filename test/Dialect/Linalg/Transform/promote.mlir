// RUN: pyopt %s --transform-interpreter --split-input-file --verify-diagnostics | filecheck %s

// transform.structured.promote: subview operands of a linalg op on buffers are copied into
// local buffers sized by constant upper bounds of the subview sizes (here the affine.min
// bound 8); a generic's output the payload does not read is not copied in, and outputs are
// copied back after the op. With use_alloca nothing is deallocated. Expected output from
// mlir-opt-19.

// CHECK-LABEL: func.func @gen
// CHECK:       %[[N:.*]] = affine.min
// CHECK:       %[[SA:.*]] = memref.subview %arg0
// CHECK:       %[[SB:.*]] = memref.subview %arg1
// CHECK:       %[[A0:.*]] = memref.alloca() : memref<512xi8, 3>
// CHECK:       %[[V0:.*]] = memref.view %[[A0]][%{{.*}}][%{{.*}}, %{{.*}}] : memref<512xi8, 3> to memref<?x?xf32, 3>
// CHECK:       %[[L0:.*]] = memref.subview %[[V0]][0, 0] [%[[N]], %{{.*}}] [1, 1] : memref<?x?xf32, 3> to memref<?x?xf32, strided<[?, 1]>, 3>
// CHECK:       %[[A1:.*]] = memref.alloca() : memref<512xi8, 3>
// CHECK:       %[[V1:.*]] = memref.view %[[A1]]
// CHECK:       %[[L1:.*]] = memref.subview %[[V1]]
// CHECK-NEXT:  linalg.copy ins(%[[SA]] : {{.*}}) outs(%[[L0]] : {{.*}})
// CHECK-NEXT:  linalg.generic {{.*}} ins(%[[L0]] : {{.*}}) outs(%[[L1]] : {{.*}})
// CHECK:       linalg.copy ins(%[[L1]] : {{.*}}) outs(%[[SB]] : {{.*}})
// CHECK-NOT:   memref.dealloc
#map = affine_map<(d0) -> (8, -d0 + 30)>
func.func @gen(%a: memref<30x16xf32>, %b: memref<30x16xf32>) {
  %c0 = arith.constant 0 : index
  %c30 = arith.constant 30 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c30 step %c8 {
    %n = affine.min #map(%i)
    %sa = memref.subview %a[%i, 0] [%n, 16] [1, 1] : memref<30x16xf32> to memref<?x16xf32, strided<[16, 1], offset: ?>>
    %sb = memref.subview %b[%i, 0] [%n, 16] [1, 1] : memref<30x16xf32> to memref<?x16xf32, strided<[16, 1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%sa : memref<?x16xf32, strided<[16, 1], offset: ?>>) outs(%sb : memref<?x16xf32, strided<[16, 1], offset: ?>>) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %x : f32
      linalg.yield %s : f32
    }
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.promote %0 { use_alloca, memory_space = 3 } : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// No subview operand to promote: the default definite failure.
func.func @nosub(%a: memref<4xi32>, %v: i32) {
  // expected-note @below {{attempted to apply to this op}}
  linalg.fill ins(%v : i32) outs(%a : memref<4xi32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.fill"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{failed to apply}}
    %1 = transform.structured.promote %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
