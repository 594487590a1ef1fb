// RUN: pyopt %s -affine-expand-index-ops | filecheck %s

// The divisors are the products of the trailing basis elements (32 and 8 here, folded);
// the first basis element is never needed.

func.func @mixed(%i: index, %n: index) -> (index, index, index) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r:3 = affine.delinearize_index %i into (%n, %c4, %c8) : index, index, index
  return %r#0, %r#1, %r#2 : index, index, index
}

func.func @symbolic(%i: index, %a: index, %b: index) -> (index, index) {
  %r:2 = affine.delinearize_index %i into (%a, %b) : index, index
  return %r#0, %r#1 : index, index
}

// CHECK-DAG: #[[Q32:.*]] = affine_map<()[s0] -> (s0 floordiv 32)>
// CHECK-DAG: #[[Q8:.*]] = affine_map<()[s0] -> ((s0 mod 32) floordiv 8)>
// CHECK-DAG: #[[R8:.*]] = affine_map<()[s0] -> (s0 mod 8)>
// CHECK-DAG: #[[QS:.*]] = affine_map<()[s0, s1] -> (s0 floordiv s1)>
// CHECK-DAG: #[[RS:.*]] = affine_map<()[s0, s1] -> (s0 mod s1)>
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT:    %[[A:.*]] = affine.apply #[[Q32]]()[%arg0]
// CHECK-NEXT:    %[[B:.*]] = affine.apply #[[Q8]]()[%arg0]
// CHECK-NEXT:    %[[C:.*]] = affine.apply #[[R8]]()[%arg0]
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]]
// CHECK-LABEL: func.func @symbolic
// CHECK-NEXT:    %[[Q:.*]] = affine.apply #[[QS]]()[%arg0, %arg2]
// CHECK-NEXT:    %[[R:.*]] = affine.apply #[[RS]]()[%arg0, %arg2]
// CHECK-NEXT:    return %[[Q]], %[[R]]
