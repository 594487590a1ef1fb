// --mlir-elide-elementsattrs-if-larger=N prints non-splat elements attributes with more than N
// elements as dense_resource<__elided__> (splats, arrays and real resources stay as they are).
// RUN: pyopt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 | filecheck %s
// RUN: not pyopt %s --mlir-elide-elementsattrs-if-larger=-1 2>&1 | filecheck %s --check-prefix=BAD

// CHECK: arith.constant dense_resource<__elided__> : tensor<4xi32>
// CHECK: arith.constant dense<7> : tensor<8xi32>
// CHECK: arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK: arith.constant dense_resource<__elided__> : tensor<3xf32>
// CHECK: "test.x"() {a = array<i32: 1, 2, 3, 4>, s = dense_resource<__elided__> : tensor<3x!foo.s>, sp = dense_resource<__elided__> : tensor<3x4xi32>, sp1 = sparse<[[1, 2]], 5> : tensor<3x4xi32>} : () -> ()
// BAD: for the --mlir-elide-elementsattrs-if-larger option: '-1' value invalid for uint argument!
func.func @f() {
  %0 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %1 = arith.constant dense<7> : tensor<8xi32>
  %2 = arith.constant dense<[1, 2]> : tensor<2xi32>
  %3 = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  "test.x"() {a = array<i32: 1, 2, 3, 4>, s = dense<["a", "b", "c"]> : tensor<3x!foo.s>, sp = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, sp1 = sparse<[[1, 2]], [5]> : tensor<3x4xi32>} : () -> ()
  return
}
