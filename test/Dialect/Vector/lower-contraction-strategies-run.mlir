// RUN: pyopt %s -test-transform-dialect-erase-schedule -test-lower-to-llvm \
// RUN: | pyrunner -e main -entry-point-result=void | filecheck %s
// RUN: pyopt %s -transform-interpreter=entry-point=outerproduct -test-transform-dialect-erase-schedule \
// RUN:   -test-lower-to-llvm | pyrunner -e main -entry-point-result=void | filecheck %s
// RUN: pyopt %s -transform-interpreter=entry-point=parallelarith -test-transform-dialect-erase-schedule \
// RUN:   -test-lower-to-llvm | pyrunner -e main -entry-point-result=void | filecheck %s

// Contractions lowered with each strategy compute what the default (dot product) lowering
// computes; the values are also those of mlir-opt-19's lowering of the same program.
// (Mixed-type contractions are lowered by the outer-product strategy only, and are not here;
// "matmulintrinsics" is not run: the JIT's code generator cannot select llvm.matrix.multiply
// without LLVM's matrix-intrinsics lowering pass.)

// CHECK:      ( ( 6.5, -2.5, 4.75, 12 ), ( 15, -3, 9.5, 31 ) )
// CHECK-NEXT: ( ( 15, 17 ), ( 21, 25 ), ( 25, 31 ), ( 9, 7 ) )
// CHECK-NEXT: ( 5.5, 11.25 )
// CHECK-NEXT: ( 8.5, 10.25 )
// CHECK-NEXT: ( ( 2, -4.5, 1, 12 ), ( 2, -3, -2, 8 ) )
// CHECK-NEXT: ( ( -2, -2.5 ), ( 7, 10 ), ( 6, 7.5 ) )

#mm = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
#mmt = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (n, m)>]
#mv = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (k)>, affine_map<(m, k) -> (m)>]
#vm = [affine_map<(m, k) -> (k)>, affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m)>]
#tmv = [affine_map<(k, m) -> (m, k)>, affine_map<(k, m) -> (k)>, affine_map<(k, m) -> (m)>]
#tvm = [affine_map<(k, m) -> (k)>, affine_map<(k, m) -> (k, m)>, affine_map<(k, m) -> (m)>]
#batch = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
#pa = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (n, m)>]
func.func @mm(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %0 = vector.contract {indexing_maps = #mm, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  return %0 : vector<2x4xf32>
}
func.func @mmt_i(%a: vector<3x2xi32>, %b: vector<4x3xi32>, %c: vector<4x2xi32>) -> vector<4x2xi32> {
  %0 = vector.contract {indexing_maps = #mmt, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<3x2xi32>, vector<4x3xi32> into vector<4x2xi32>
  return %0 : vector<4x2xi32>
}
func.func @mv(%a: vector<2x3xf32>, %b: vector<3xf32>, %c: vector<2xf32>) -> vector<2xf32> {
  %0 = vector.contract {indexing_maps = #mv, iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3xf32> into vector<2xf32>
  return %0 : vector<2xf32>
}
func.func @vm(%a: vector<3xf32>, %b: vector<2x3xf32>, %c: vector<2xf32>) -> vector<2xf32> {
  %0 = vector.contract {indexing_maps = #vm, iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<3xf32>, vector<2x3xf32> into vector<2xf32>
  return %0 : vector<2xf32>
}
func.func @tmv(%a: vector<2x3xf32>, %b: vector<3xf32>, %c: vector<2xf32>) -> vector<2xf32> {
  %0 = vector.contract {indexing_maps = #tmv, iterator_types = ["reduction", "parallel"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3xf32> into vector<2xf32>
  return %0 : vector<2xf32>
}
func.func @tvm(%a: vector<3xf32>, %b: vector<3x2xf32>, %c: vector<2xf32>) -> vector<2xf32> {
  %0 = vector.contract {indexing_maps = #tvm, iterator_types = ["reduction", "parallel"], kind = #vector.kind<add>} %a, %b, %c : vector<3xf32>, vector<3x2xf32> into vector<2xf32>
  return %0 : vector<2xf32>
}
func.func @masked_mm(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>, %m: vector<2x4x3xi1>) -> vector<2x4xf32> {
  %0 = vector.mask %m { vector.contract {indexing_maps = #mm, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32> } : vector<2x4x3xi1> -> vector<2x4xf32>
  return %0 : vector<2x4xf32>
}
func.func @masked_mv(%a: vector<2x3xf32>, %b: vector<3xf32>, %c: vector<2xf32>, %m: vector<2x3xi1>) -> vector<2xf32> {
  %0 = vector.mask %m { vector.contract {indexing_maps = #mv, iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3xf32> into vector<2xf32> } : vector<2x3xi1> -> vector<2xf32>
  return %0 : vector<2xf32>
}
func.func @batch(%a: vector<2x2x3xf32>, %b: vector<2x3x2xf32>, %c: vector<2x2x2xf32>) -> vector<2x2x2xf32> {
  %0 = vector.contract {indexing_maps = #batch, iterator_types = ["parallel", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x2x3xf32>, vector<2x3x2xf32> into vector<2x2x2xf32>
  return %0 : vector<2x2x2xf32>
}
func.func @pa(%a: vector<1x2xf32>, %b: vector<1x3xf32>, %c: vector<3x2xf32>) -> vector<3x2xf32> {
  %0 = vector.contract {indexing_maps = #pa, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<1x2xf32>, vector<1x3xf32> into vector<3x2xf32>
  return %0 : vector<3x2xf32>
}
func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %b = arith.constant dense<[[1.0, 0.5, -1.0, 2.0], [0.0, 1.0, 2.0, 3.0], [1.5, -2.0, 0.25, 1.0]]> : vector<3x4xf32>
  %c = arith.constant dense<[[1.0, 1.0, 1.0, 1.0], [2.0, 2.0, 2.0, 2.0]]> : vector<2x4xf32>
  %r0 = func.call @mm(%a, %b, %c) : (vector<2x3xf32>, vector<3x4xf32>, vector<2x4xf32>) -> vector<2x4xf32>
  vector.print %r0 : vector<2x4xf32>
  %ai = arith.constant dense<[[1, 2], [3, 4], [5, 6]]> : vector<3x2xi32>
  %bi = arith.constant dense<[[1, -1, 2], [0, 3, 1], [2, 2, 2], [-3, 0, 1]]> : vector<4x3xi32>
  %ci = arith.constant dense<7> : vector<4x2xi32>
  %r1 = func.call @mmt_i(%ai, %bi, %ci) : (vector<3x2xi32>, vector<4x3xi32>, vector<4x2xi32>) -> vector<4x2xi32>
  vector.print %r1 : vector<4x2xi32>
  %v3 = arith.constant dense<[1.0, -1.0, 2.0]> : vector<3xf32>
  %c2 = arith.constant dense<[0.5, 0.25]> : vector<2xf32>
  %r3 = func.call @mv(%a, %v3, %c2) : (vector<2x3xf32>, vector<3xf32>, vector<2xf32>) -> vector<2xf32>
  vector.print %r3 : vector<2xf32>
  %at = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : vector<3x2xf32>
  %r4 = func.call @tvm(%v3, %at, %c2) : (vector<3xf32>, vector<3x2xf32>, vector<2xf32>) -> vector<2xf32>
  vector.print %r4 : vector<2xf32>
  %m = arith.constant dense<[[[1, 1, 0], [1, 0, 1], [0, 0, 0], [1, 1, 1]], [[0, 1, 0], [1, 1, 1], [1, 0, 0], [0, 0, 1]]]> : vector<2x4x3xi1>
  %r5 = func.call @masked_mm(%a, %b, %c, %m) : (vector<2x3xf32>, vector<3x4xf32>, vector<2x4xf32>, vector<2x4x3xi1>) -> vector<2x4xf32>
  vector.print %r5 : vector<2x4xf32>
  %p1 = arith.constant dense<[[2.0, 3.0]]> : vector<1x2xf32>
  %p2 = arith.constant dense<[[-1.5, 2.0, 0.5]]> : vector<1x3xf32>
  %p3 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : vector<3x2xf32>
  %r6 = func.call @pa(%p1, %p2, %p3) : (vector<1x2xf32>, vector<1x3xf32>, vector<3x2xf32>) -> vector<3x2xf32>
  vector.print %r6 : vector<3x2xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @outerproduct(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
    } : !transform.any_op
    transform.yield
  }
  transform.named_sequence @parallelarith(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "parallelarith"
    } : !transform.any_op
    transform.yield
  }
}
