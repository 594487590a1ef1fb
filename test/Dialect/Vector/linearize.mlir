// RUN: pyopt %s --test-vector-linearize --split-input-file --verify-diagnostics | filecheck %s
// RUN: pyopt %s --test-vector-linearize=target-vector-bitwidth=64 --split-input-file --verify-diagnostics | filecheck %s --check-prefix=BW64

// Elementwise ops and constants work on the flat vector; shape_casts connect to the
// function's 2-D arguments and result (argument casts come in reverse operand order).
func.func @elementwise(%a: vector<3x2xi32>, %b: vector<3x2xi32>) -> vector<3x2xi32> {
  %c = arith.constant dense<[[1, 2], [3, 4], [5, 6]]> : vector<3x2xi32>
  %s = arith.addi %a, %c : vector<3x2xi32>
  %m = arith.muli %s, %b : vector<3x2xi32>
  return %m : vector<3x2xi32>
}
// CHECK-LABEL: func.func @elementwise
// CHECK-NEXT:    %[[B:.*]] = vector.shape_cast %arg1 : vector<3x2xi32> to vector<6xi32>
// CHECK-NEXT:    %[[A:.*]] = vector.shape_cast %arg0 : vector<3x2xi32> to vector<6xi32>
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<[1, 2, 3, 4, 5, 6]> : vector<6xi32>
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[A]], %[[C]] : vector<6xi32>
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[S]], %[[B]] : vector<6xi32>
// CHECK-NEXT:    %[[R:.*]] = vector.shape_cast %[[M]] : vector<6xi32> to vector<3x2xi32>
// CHECK-NEXT:    return %[[R]] : vector<3x2xi32>

// Rows of exactly 64 bits are not narrower than the target width: left as they are.
// BW64-LABEL: func.func @elementwise
// BW64-NEXT:    arith.constant dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : vector<3x2xi32>
// BW64-NEXT:    arith.addi %arg0, %{{.*}} : vector<3x2xi32>

// -----

func.func @slices(%a: vector<3x4xi8>, %row: vector<4xi8>) -> (vector<2x2xi8>, vector<4xi8>, vector<3x4xi8>) {
  %s = vector.extract_strided_slice %a {offsets = [1, 2], sizes = [2, 2], strides = [1, 1]} : vector<3x4xi8> to vector<2x2xi8>
  %e = vector.extract %a[2] : vector<4xi8> from vector<3x4xi8>
  %i = vector.insert %row, %a [0] : vector<4xi8> into vector<3x4xi8>
  return %s, %e, %i : vector<2x2xi8>, vector<4xi8>, vector<3x4xi8>
}
// CHECK-LABEL: func.func @slices
// CHECK-NEXT:    %[[A:.*]] = vector.shape_cast %arg0 : vector<3x4xi8> to vector<12xi8>
// CHECK-NEXT:    %[[S:.*]] = vector.shuffle %[[A]], %[[A]] [6, 7, 10, 11] : vector<12xi8>, vector<12xi8>
// CHECK-NEXT:    %[[S2:.*]] = vector.shape_cast %[[S]] : vector<4xi8> to vector<2x2xi8>
// CHECK-NEXT:    %[[E:.*]] = vector.shuffle %[[A]], %[[A]] [8, 9, 10, 11] : vector<12xi8>, vector<12xi8>
// CHECK-NEXT:    %[[I:.*]] = vector.shuffle %[[A]], %arg1 [12, 13, 14, 15, 4, 5, 6, 7, 8, 9, 10, 11] : vector<12xi8>, vector<4xi8>
// CHECK-NEXT:    %[[I2:.*]] = vector.shape_cast %[[I]] : vector<12xi8> to vector<3x4xi8>
// CHECK-NEXT:    return %[[S2]], %[[E]], %[[I2]]

// 32-bit rows are narrower than 64 bits: still linearized.
// BW64-LABEL: func.func @slices
// BW64:         vector.shuffle %{{.*}}, %{{.*}} [6, 7, 10, 11] : vector<12xi8>, vector<12xi8>

// -----

// A shuffle of rows moves whole rows.
func.func @shuffle_rows(%a: vector<2x3xi16>, %b: vector<1x3xi16>) -> vector<3x3xi16> {
  %r = vector.shuffle %a, %b [2, 0, 1] : vector<2x3xi16>, vector<1x3xi16>
  return %r : vector<3x3xi16>
}
// CHECK-LABEL: func.func @shuffle_rows
// CHECK-NEXT:    %[[B:.*]] = vector.shape_cast %arg1 : vector<1x3xi16> to vector<3xi16>
// CHECK-NEXT:    %[[A:.*]] = vector.shape_cast %arg0 : vector<2x3xi16> to vector<6xi16>
// CHECK-NEXT:    %[[R:.*]] = vector.shuffle %[[A]], %[[B]] [6, 7, 8, 0, 1, 2, 3, 4, 5] : vector<6xi16>, vector<3xi16>
// CHECK-NEXT:    vector.shape_cast %[[R]] : vector<9xi16> to vector<3x3xi16>

// -----

// The type converter knows only vectors: an op with a scalar operand cannot be converted,
// and stays illegal.
func.func @scalar_condition(%c: i1, %a: vector<2x2xf16>, %b: vector<2x2xf16>) -> vector<2x2xf16> {
  // expected-error @+1 {{failed to legalize operation 'arith.select' that was explicitly marked illegal}}
  %r = arith.select %c, %a, %b : vector<2x2xf16>
  return %r : vector<2x2xf16>
}
