// RUN: pyopt %s --transform-interpreter --split-input-file | filecheck %s

#mm = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
#mmt = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (n, m)>]
#mv = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (k)>, affine_map<(m, k) -> (m)>]

// "outerproduct": the lhs is transposed so that its rows are the reduction steps; one
// outer product per step accumulates into the previous one.
// CHECK-LABEL: func.func @op_matmat(
//  CHECK-SAME:   %[[A:.*]]: vector<2x3xf32>, %[[B:.*]]: vector<3x4xf32>, %[[C:.*]]: vector<2x4xf32>)
//       CHECK:   %[[AT:.*]] = vector.transpose %[[A]], [1, 0] : vector<2x3xf32> to vector<3x2xf32>
//       CHECK:   %[[A0:.*]] = vector.extract %[[AT]][0] : vector<2xf32> from vector<3x2xf32>
//       CHECK:   %[[B0:.*]] = vector.extract %[[B]][0] : vector<4xf32> from vector<3x4xf32>
//       CHECK:   %[[P0:.*]] = vector.outerproduct %[[A0]], %[[B0]], %[[C]] {kind = #vector.kind<add>}
//       CHECK:   %[[P1:.*]] = vector.outerproduct %{{.*}}, %{{.*}}, %[[P0]]
//       CHECK:   %[[P2:.*]] = vector.outerproduct %{{.*}}, %{{.*}}, %[[P1]]
//       CHECK:   return %[[P2]]
func.func @op_matmat(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %0 = vector.contract {indexing_maps = #mm, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  return %0 : vector<2x4xf32>
}

// Mixed element types: each step's operands are sign-extended to the accumulator's type.
// CHECK-LABEL: func.func @op_mixed(
//       CHECK:   %[[X:.*]] = vector.extract %{{.*}}[0] : vector<2xi8> from vector<3x2xi8>
//       CHECK:   %[[Y:.*]] = vector.extract %{{.*}}[0] : vector<4xi8> from vector<3x4xi8>
//       CHECK:   %[[XE:.*]] = arith.extsi %[[X]] : vector<2xi8> to vector<2xi32>
//       CHECK:   %[[YE:.*]] = arith.extsi %[[Y]] : vector<4xi8> to vector<4xi32>
//       CHECK:   vector.outerproduct %[[XE]], %[[YE]], %{{.*}} {kind = #vector.kind<add>} : vector<2xi32>, vector<4xi32>
func.func @op_mixed(%a: vector<2x3xi8>, %b: vector<3x4xi8>, %c: vector<2x4xi32>) -> vector<2x4xi32> {
  %0 = vector.contract {indexing_maps = #mm, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xi8>, vector<3x4xi8> into vector<2x4xi32>
  return %0 : vector<2x4xi32>
}

// A transposed result swaps the operands.
// CHECK-LABEL: func.func @op_transposed(
//  CHECK-SAME:   %[[A:.*]]: vector<3x2xi32>, %[[B:.*]]: vector<4x3xi32>, %[[C:.*]]: vector<4x2xi32>)
//       CHECK:   %[[BT:.*]] = vector.transpose %[[B]], [1, 0] : vector<4x3xi32> to vector<3x4xi32>
//       CHECK:   %[[B0:.*]] = vector.extract %[[BT]][0] : vector<4xi32> from vector<3x4xi32>
//       CHECK:   %[[A0:.*]] = vector.extract %[[A]][0] : vector<2xi32> from vector<3x2xi32>
//       CHECK:   vector.outerproduct %[[B0]], %[[A0]], %[[C]] {kind = #vector.kind<add>} : vector<4xi32>, vector<2xi32>
func.func @op_transposed(%a: vector<3x2xi32>, %b: vector<4x3xi32>, %c: vector<4x2xi32>) -> vector<4x2xi32> {
  %0 = vector.contract {indexing_maps = #mmt, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<3x2xi32>, vector<4x3xi32> into vector<4x2xi32>
  return %0 : vector<4x2xi32>
}

// A masked matvec: the mask is transposed like the matrix and each step is masked by its
// row of it.
// CHECK-LABEL: func.func @op_masked_matvec(
//  CHECK-SAME:   %[[A:.*]]: vector<2x3xf32>, %[[X:.*]]: vector<3xf32>, %[[C:.*]]: vector<2xf32>, %[[M:.*]]: vector<2x3xi1>)
//       CHECK:   %[[AT:.*]] = vector.transpose %[[A]], [1, 0]
//       CHECK:   %[[MT:.*]] = vector.transpose %[[M]], [1, 0] : vector<2x3xi1> to vector<3x2xi1>
//       CHECK:   %[[A0:.*]] = vector.extract %[[AT]][0]
//       CHECK:   %[[X0:.*]] = vector.extract %[[X]][0] : f32 from vector<3xf32>
//       CHECK:   %[[M0:.*]] = vector.extract %[[MT]][0] : vector<2xi1> from vector<3x2xi1>
//       CHECK:   vector.mask %[[M0]] { vector.outerproduct %[[A0]], %[[X0]], %[[C]] {kind = #vector.kind<add>} : vector<2xf32>, f32 } : vector<2xi1> -> vector<2xf32>
//   CHECK-NOT:   vector.contract
func.func @op_masked_matvec(%a: vector<2x3xf32>, %b: vector<3xf32>, %c: vector<2xf32>, %m: vector<2x3xi1>) -> vector<2xf32> {
  %0 = vector.mask %m { vector.contract {indexing_maps = #mv, iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3xf32> into vector<2xf32> } : vector<2x3xi1> -> vector<2xf32>
  return %0 : vector<2xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
    } : !transform.any_op
    transform.yield
  }
}

// -----

#pa = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (n, m)>]

// "parallelarith": size-1 reductions; each operand is broadcast over the parallel dim it
// lacks, transposed to (reduction, acc dims) and its unit reduction dim extracted away.
// CHECK-LABEL: func.func @pa(
//  CHECK-SAME:   %[[A:.*]]: vector<1x2xf32>, %[[B:.*]]: vector<1x3xf32>, %[[C:.*]]: vector<3x2xf32>)
//       CHECK:   %[[AB:.*]] = vector.broadcast %[[A]] : vector<1x2xf32> to vector<3x1x2xf32>
//       CHECK:   %[[BB:.*]] = vector.broadcast %[[B]] : vector<1x3xf32> to vector<2x1x3xf32>
//       CHECK:   %[[AT:.*]] = vector.transpose %[[AB]], [1, 0, 2] : vector<3x1x2xf32> to vector<1x3x2xf32>
//       CHECK:   %[[BT:.*]] = vector.transpose %[[BB]], [1, 2, 0] : vector<2x1x3xf32> to vector<1x3x2xf32>
//       CHECK:   %[[AE:.*]] = vector.extract %[[AT]][0] : vector<3x2xf32> from vector<1x3x2xf32>
//       CHECK:   %[[BE:.*]] = vector.extract %[[BT]][0] : vector<3x2xf32> from vector<1x3x2xf32>
//       CHECK:   %[[R:.*]] = vector.fma %[[AE]], %[[BE]], %[[C]] : vector<3x2xf32>
//       CHECK:   return %[[R]]
func.func @pa(%a: vector<1x2xf32>, %b: vector<1x3xf32>, %c: vector<3x2xf32>) -> vector<3x2xf32> {
  %0 = vector.contract {indexing_maps = #pa, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<1x2xf32>, vector<1x3xf32> into vector<3x2xf32>
  return %0 : vector<3x2xf32>
}

// Only "add" contractions are lowered.
// CHECK-LABEL: func.func @pa_max(
//       CHECK:   vector.contract
func.func @pa_max(%a: vector<1x2xi32>, %b: vector<1x3xi32>, %c: vector<3x2xi32>) -> vector<3x2xi32> {
  %0 = vector.contract {indexing_maps = #pa, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxsi>} %a, %b, %c : vector<1x2xi32>, vector<1x3xi32> into vector<3x2xi32>
  return %0 : vector<3x2xi32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "parallelarith"
    } : !transform.any_op
    transform.yield
  }
}

// -----

#mmt = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (n, m)>]

// "matmulintrinsics": operands made row-major, flattened, multiplied by
// vector.matrix_multiply; the product is reshaped, transposed back to the acc's layout, added.
// CHECK-LABEL: func.func @mmi(
//  CHECK-SAME:   %[[A:.*]]: vector<3x2xi32>, %[[B:.*]]: vector<4x3xi32>, %[[C:.*]]: vector<4x2xi32>)
//       CHECK:   %[[AT:.*]] = vector.transpose %[[A]], [1, 0] : vector<3x2xi32> to vector<2x3xi32>
//       CHECK:   %[[BT:.*]] = vector.transpose %[[B]], [1, 0] : vector<4x3xi32> to vector<3x4xi32>
//       CHECK:   %[[AF:.*]] = vector.shape_cast %[[AT]] : vector<2x3xi32> to vector<6xi32>
//       CHECK:   %[[BF:.*]] = vector.shape_cast %[[BT]] : vector<3x4xi32> to vector<12xi32>
//       CHECK:   %[[P:.*]] = vector.matrix_multiply %[[AF]], %[[BF]] {lhs_columns = 3 : i32, lhs_rows = 2 : i32, rhs_columns = 4 : i32} : (vector<6xi32>, vector<12xi32>) -> vector<8xi32>
//       CHECK:   %[[P2:.*]] = vector.shape_cast %[[P]] : vector<8xi32> to vector<2x4xi32>
//       CHECK:   %[[PT:.*]] = vector.transpose %[[P2]], [1, 0] : vector<2x4xi32> to vector<4x2xi32>
//       CHECK:   arith.addi %[[C]], %[[PT]] : vector<4x2xi32>
func.func @mmi(%a: vector<3x2xi32>, %b: vector<4x3xi32>, %c: vector<4x2xi32>) -> vector<4x2xi32> {
  %0 = vector.contract {indexing_maps = #mmt, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<3x2xi32>, vector<4x3xi32> into vector<4x2xi32>
  return %0 : vector<4x2xi32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "matmulintrinsics"
    } : !transform.any_op
    transform.yield
  }
}
