// RUN: pyopt %s -allow-unregistered-dialect -transform-interpreter | filecheck %s

// The alloca gets an upper-bound size and a subview of the original size replaces it: uses
// take the subview directly, subviews of it are rebuilt on it (with their old type cast back
// when it differs), the old alloca stays for DCE.
// CHECK-LABEL: func.func @f(
// CHECK: %[[A:.*]] = memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK: %[[S:.*]] = memref.subview %[[A]][0] [%{{.*}}] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK: memref.store %{{.*}}, %[[S]][%{{.*}}] : memref<?xf32, strided<[1]>>
// CHECK: %[[S2:.*]] = memref.subview %[[S]][1] [2] [1] : memref<?xf32, strided<[1]>> to memref<2xf32, strided<[1], offset: 1>>
// CHECK: "test.use"(%[[S2]])
// CHECK: memref.load %[[S]]
// CHECK-LABEL: func.func @g(
// CHECK: %[[S:.*]] = memref.subview %{{.*}}[0, 0] [%{{.*}}, %{{.*}}] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
// CHECK: "test.use2"(%[[S]])
func.func @f(%lb: index, %ub: index, %step: index, %f: f32) {
  scf.for %i = %lb to %ub step %step {
    %sz = affine.apply affine_map<(d0)[s0] -> (s0 - d0)>(%i)[%ub]
    %a = memref.alloca(%sz) : memref<?xf32>
    %c0 = arith.constant 0 : index
    memref.store %f, %a[%c0] : memref<?xf32>
    %s = memref.subview %a[1] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1], offset: 1>>
    "test.use"(%s) : (memref<2xf32, strided<[1], offset: 1>>) -> ()
    %v = memref.load %a[%c0] : memref<?xf32>
  }
  return
}
func.func @g(%lb: index, %ub: index, %step: index, %n: index) {
  scf.for %i = %lb to %ub step %step {
    %sz = affine.apply affine_map<(d0)[s0] -> (s0 - d0)>(%i)[%ub]
    %a = memref.alloca(%n, %sz) : memref<?x?xf32>
    "test.use2"(%a) : (memref<?x?xf32>) -> ()
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["memref.alloca"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.memref.make_loop_independent %0 {num_loops = 1} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
