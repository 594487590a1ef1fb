// RUN: pyopt %s -transform-interpreter -test-transform-dialect-erase-schedule | filecheck %s --check-prefix=IR
// RUN: pyopt %s -test-transform-dialect-erase-schedule -test-lower-to-llvm \
// RUN: | pyrunner -e main -entry-point-result=void | filecheck %s
// RUN: pyopt %s -transform-interpreter -test-transform-dialect-erase-schedule -test-lower-to-llvm \
// RUN: | pyrunner -e main -entry-point-result=void | filecheck %s

// lower_transpose "shuffle_16x16": a 16x16 slice is transposed row-wise by four rounds of
// 16 two-row shuffles (32-bit unpacks, 64-bit unpacks, two 128-bit lane permutes) between
// shape_casts (which fold away here); it computes the transpose (same output as the
// element-wise lowering).

// IR-LABEL: func.func @t(
//  IR-SAME:   %[[A:.*]]: vector<16x16xi32>)
//       IR:   %[[R0:.*]] = vector.extract %[[A]][0] : vector<16xi32> from vector<16x16xi32>
//       IR:   %[[R1:.*]] = vector.extract %[[A]][1] : vector<16xi32> from vector<16x16xi32>
//       IR:   vector.shuffle %[[R0]], %[[R1]] [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29]
//       IR:   vector.shuffle %[[R0]], %[[R1]] [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31]
// IR-COUNT-62:   vector.shuffle
//       IR:   vector.insert %{{.*}}, %{{.*}} [15] : vector<16xi32> into vector<16x16xi32>
//   IR-NOT:   vector.shuffle
//       IR:   return
// A 16x16 slice of a 3-D transpose takes the same road.
// IR-LABEL: func.func @t3(
// IR-COUNT-64:   vector.shuffle

// CHECK: ( ( 0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240 ), ( 1, 17, 33,
// CHECK-SAME: ( 15, 31, 47, 63, 79, 95, 111, 127, 143, 159, 175, 191, 207, 223, 239, 255 ) )
// CHECK-NEXT: ( ( ( 0, 16, 32, 48,
// CHECK-SAME: ( ( 15, 31, 47, 63, 79, 95, 111, 127, 143, 159, 175, 191, 207, 223, 239, 255 ) ) )

func.func @t(%a: vector<16x16xi32>) -> vector<16x16xi32> {
  %t = vector.transpose %a, [1, 0] : vector<16x16xi32> to vector<16x16xi32>
  return %t : vector<16x16xi32>
}
func.func @t3(%a: vector<1x16x16xf32>) -> vector<16x1x16xf32> {
  %t = vector.transpose %a, [2, 0, 1] : vector<1x16x16xf32> to vector<16x1x16xf32>
  return %t : vector<16x1x16xf32>
}
func.func @main() {
  %a = arith.constant dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], [16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31], [32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47], [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63], [64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79], [80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95], [96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111], [112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127], [128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143], [144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159], [160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175], [176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191], [192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207], [208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223], [224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239], [240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255]]> : vector<16x16xi32>
  %r = func.call @t(%a) : (vector<16x16xi32>) -> vector<16x16xi32>
  vector.print %r : vector<16x16xi32>
  %f = arith.sitofp %a : vector<16x16xi32> to vector<16x16xf32>
  %f3 = vector.shape_cast %f : vector<16x16xf32> to vector<1x16x16xf32>
  %r3 = func.call @t3(%f3) : (vector<1x16x16xf32>) -> vector<16x1x16xf32>
  vector.print %r3 : vector<16x1x16xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_16x16"
    } : !transform.any_op
    transform.yield
  }
}
