// RUN: pyopt %s --transform-interpreter --split-input-file | filecheck %s

// Bits of the 3-bit elements packed into bytes: one shuffle/and/shift column per source
// element contributing to a byte (up to 4 here: byte 1 takes bits of elements 2 to 5), then
// a trunci to the bytes.
// CHECK-LABEL: func.func @trunc_bitcast(
//  CHECK-SAME:   %[[A:.*]]: vector<8xi16>) -> vector<3xi8>
//   CHECK-DAG:   %[[M0:.*]] = arith.constant dense<[7, 4, 6]> : vector<3xi16>
//   CHECK-DAG:   %[[R0:.*]] = arith.constant dense<[0, 2, 1]> : vector<3xi16>
//       CHECK:   %[[S0:.*]] = vector.shuffle %[[A]], %[[A]] [0, 2, 5] : vector<8xi16>, vector<8xi16>
//       CHECK:   %[[A0:.*]] = arith.andi %[[S0]], %[[M0]] : vector<3xi16>
//       CHECK:   %[[H0:.*]] = arith.shrui %[[A0]], %[[R0]] : vector<3xi16>
//       CHECK:   vector.shuffle %[[A]], %[[A]] [1, 3, 6]
//       CHECK:   vector.shuffle %[[A]], %[[A]] [2, 4, 7]
//       CHECK:   vector.shuffle %[[A]], %[[A]] [0, 5, 0]
//       CHECK:   %[[OR:.*]] = arith.ori
//       CHECK:   %[[T:.*]] = arith.trunci %[[OR]] : vector<3xi16> to vector<3xi8>
//       CHECK:   return %[[T]]
func.func @trunc_bitcast(%a: vector<8xi16>) -> vector<3xi8> {
  %t = arith.trunci %a : vector<8xi16> to vector<8xi3>
  %b = vector.bitcast %t : vector<8xi3> to vector<3xi8>
  return %b : vector<3xi8>
}

// The extension is applied again to the gathered bits.
// CHECK-LABEL: func.func @extui_bitcast(
//  CHECK-SAME:   %[[A:.*]]: vector<3xi8>)
//       CHECK:   vector.shuffle %[[A]], %[[A]] [0, 0, 1, 2] : vector<3xi8>, vector<3xi8>
//       CHECK:   vector.shuffle %[[A]], %[[A]] [0, 1, 2, 0] : vector<3xi8>, vector<3xi8>
//       CHECK:   %[[OR:.*]] = arith.ori {{.*}} : vector<4xi8>
//       CHECK:   arith.extui %[[OR]] : vector<4xi8> to vector<4xi32>
func.func @extui_bitcast(%a: vector<3xi8>) -> vector<4xi32> {
  %b = vector.bitcast %a : vector<3xi8> to vector<4xi6>
  %e = arith.extui %b : vector<4xi6> to vector<4xi32>
  return %e : vector<4xi32>
}

// A result that is not a whole number of bytes is left alone.
// CHECK-LABEL: func.func @not_bytes(
//       CHECK:   vector.bitcast %{{.*}} : vector<4xi3> to vector<2xi6>
func.func @not_bytes(%a: vector<4xi8>) -> vector<2xi6> {
  %t = arith.trunci %a : vector<4xi8> to vector<4xi3>
  %b = vector.bitcast %t : vector<4xi3> to vector<2xi6>
  return %b : vector<2xi6>
}

// i4 -> i16, unsigned: the nibbles of each byte are masked / shifted and interleaved along
// the innermost dim.
// CHECK-LABEL: func.func @extui_i4_3d(
//  CHECK-SAME:   %[[A:.*]]: vector<2x3x4xi4>)
//   CHECK-DAG:   %[[FOUR:.*]] = arith.constant dense<4> : vector<2x3x2xi8>
//   CHECK-DAG:   %[[LOW:.*]] = arith.constant dense<15> : vector<2x3x2xi8>
//       CHECK:   %[[B:.*]] = vector.bitcast %[[A]] : vector<2x3x4xi4> to vector<2x3x2xi8>
//       CHECK:   %[[L:.*]] = arith.andi %[[B]], %[[LOW]]
//       CHECK:   %[[H:.*]] = arith.shrui %[[B]], %[[FOUR]]
//       CHECK:   %[[I:.*]] = vector.interleave %[[L]], %[[H]] : vector<2x3x2xi8> -> vector<2x3x4xi8>
//       CHECK:   arith.extui %[[I]] : vector<2x3x4xi8> to vector<2x3x4xi16>
func.func @extui_i4_3d(%a: vector<2x3x4xi4>) -> vector<2x3x4xi16> {
  %e = arith.extui %a : vector<2x3x4xi4> to vector<2x3x4xi16>
  return %e : vector<2x3x4xi16>
}

// Signed: shifts left then arithmetic right; i4 -> f16 converts the i8s.
// CHECK-LABEL: func.func @sitofp_f16(
//       CHECK:   %[[B:.*]] = vector.bitcast %{{.*}} : vector<4xi4> to vector<2xi8>
//       CHECK:   %[[S:.*]] = arith.shli %[[B]], %[[C:.*]] : vector<2xi8>
//       CHECK:   %[[L:.*]] = arith.shrsi %[[S]], %[[C]] : vector<2xi8>
//       CHECK:   %[[H:.*]] = arith.shrsi %[[B]], %[[C]] : vector<2xi8>
//       CHECK:   %[[I:.*]] = vector.interleave %[[L]], %[[H]]
//       CHECK:   arith.sitofp %[[I]] : vector<4xi8> to vector<4xf16>
func.func @sitofp_f16(%a: vector<4xi4>) -> vector<4xf16> {
  %e = arith.sitofp %a : vector<4xi4> to vector<4xf16>
  return %e : vector<4xf16>
}

// Not rewritten: an odd number of i4s, a scalable vector, uitofp, a scalar.
// CHECK-LABEL: func.func @unchanged(
//       CHECK:   arith.extsi %{{.*}} : vector<3xi4> to vector<3xi32>
//       CHECK:   arith.extsi %{{.*}} : vector<[8]xi4> to vector<[8]xi32>
//       CHECK:   arith.uitofp %{{.*}} : vector<4xi4> to vector<4xf32>
//       CHECK:   arith.extsi %{{.*}} : i4 to i32
func.func @unchanged(%a: vector<3xi4>, %b: vector<[8]xi4>, %c: vector<4xi4>, %d: i4)
    -> (vector<3xi32>, vector<[8]xi32>, vector<4xf32>, i32) {
  %0 = arith.extsi %a : vector<3xi4> to vector<3xi32>
  %1 = arith.extsi %b : vector<[8]xi4> to vector<[8]xi32>
  %2 = arith.uitofp %c : vector<4xi4> to vector<4xf32>
  %3 = arith.extsi %d : i4 to i32
  return %0, %1, %2, %3 : vector<3xi32>, vector<[8]xi32>, vector<4xf32>, i32
}

// i64 -> i4 truncates to bytes first, then packs byte pairs.
// CHECK-LABEL: func.func @trunc_i64(
//       CHECK:   %[[T:.*]] = arith.trunci %{{.*}} : vector<2x4xi64> to vector<2x4xi8>
//       CHECK:   %[[LO:.*]], %[[HI:.*]] = vector.deinterleave %[[T]] : vector<2x4xi8> -> vector<2x2xi8>
//       CHECK:   %[[L:.*]] = arith.andi %[[LO]]
//       CHECK:   %[[H:.*]] = arith.shli %[[HI]]
//       CHECK:   %[[O:.*]] = arith.ori %[[L]], %[[H]] : vector<2x2xi8>
//       CHECK:   vector.bitcast %[[O]] : vector<2x2xi8> to vector<2x4xi4>
func.func @trunc_i64(%a: vector<2x4xi64>) -> vector<2x4xi4> {
  %e = arith.trunci %a : vector<2x4xi64> to vector<2x4xi4>
  return %e : vector<2x4xi4>
}

// Sub-byte transposes move bytes.
// CHECK-LABEL: func.func @transpose_i1(
//       CHECK:   %[[E:.*]] = arith.extsi %{{.*}} : vector<2x3xi1> to vector<2x3xi8>
//       CHECK:   %[[T:.*]] = vector.transpose %[[E]], [1, 0] : vector<2x3xi8> to vector<3x2xi8>
//       CHECK:   arith.trunci %[[T]] : vector<3x2xi8> to vector<3x2xi1>
// CHECK-LABEL: func.func @transpose_i8(
//       CHECK:   vector.transpose %{{.*}}, [1, 0] : vector<2x3xi8> to vector<3x2xi8>
//   CHECK-NOT:   arith.
func.func @transpose_i1(%a: vector<2x3xi1>) -> vector<3x2xi1> {
  %t = vector.transpose %a, [1, 0] : vector<2x3xi1> to vector<3x2xi1>
  return %t : vector<3x2xi1>
}
func.func @transpose_i8(%a: vector<2x3xi8>) -> vector<3x2xi8> {
  %t = vector.transpose %a, [1, 0] : vector<2x3xi8> to vector<3x2xi8>
  return %t : vector<3x2xi8>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.rewrite_narrow_types
    } : !transform.any_op
    transform.yield
  }
}
