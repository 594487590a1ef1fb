// RUN: pyopt %s -test-transform-dialect-erase-schedule -test-lower-to-llvm \
// RUN: | pyrunner -e main -entry-point-result=void | filecheck %s
// RUN: pyopt %s -transform-interpreter -test-transform-dialect-erase-schedule -test-lower-to-llvm \
// RUN: | pyrunner -e main -entry-point-result=void | filecheck %s

// The narrow-type rewrites keep every value: the program prints the same with and without
// them (and as mlir-opt-19's lowering of it does).

// CHECK:      ( -47, 88, -65 )
// CHECK-NEXT: ( 37, 50, 51, 1 )
// CHECK-NEXT: ( ( 1, -2, 7, -8 ), ( 0, -1, 3, 5 ) )
// CHECK-NEXT: ( 1, 14, 7, 8, 0, 15 )
// CHECK-NEXT: ( 1, -3, -6, -8, -1, 0 )
// CHECK-NEXT: ( ( 1, 7 ), ( 2, 6 ), ( 3, 5 ) )

func.func @trunc_bitcast(%a: vector<8xi16>) -> vector<3xi8> {
  %t = arith.trunci %a : vector<8xi16> to vector<8xi3>
  %b = vector.bitcast %t : vector<8xi3> to vector<3xi8>
  return %b : vector<3xi8>
}
func.func @extui_bitcast(%a: vector<3xi8>) -> vector<4xi32> {
  %b = vector.bitcast %a : vector<3xi8> to vector<4xi6>
  %e = arith.extui %b : vector<4xi6> to vector<4xi32>
  return %e : vector<4xi32>
}
func.func @extsi_i4(%a: vector<2x4xi4>) -> vector<2x4xi32> {
  %e = arith.extsi %a : vector<2x4xi4> to vector<2x4xi32>
  return %e : vector<2x4xi32>
}
func.func @extui_i4(%a: vector<6xi4>) -> vector<6xi16> {
  %e = arith.extui %a : vector<6xi4> to vector<6xi16>
  return %e : vector<6xi16>
}
func.func @trunc_i4(%a: vector<6xi32>) -> vector<6xi32> {
  %t = arith.trunci %a : vector<6xi32> to vector<6xi4>
  %e = arith.extsi %t : vector<6xi4> to vector<6xi32>
  return %e : vector<6xi32>
}
func.func @transpose_i3(%a: vector<2x3xi3>) -> vector<3x2xi8> {
  %t = vector.transpose %a, [1, 0] : vector<2x3xi3> to vector<3x2xi3>
  %e = arith.extui %t : vector<3x2xi3> to vector<3x2xi8>
  return %e : vector<3x2xi8>
}
func.func @main() {
  %w = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 13]> : vector<8xi16>
  %r0 = func.call @trunc_bitcast(%w) : (vector<8xi16>) -> vector<3xi8>
  vector.print %r0 : vector<3xi8>
  %b = arith.constant dense<[-91, 60, 7]> : vector<3xi8>
  %r1 = func.call @extui_bitcast(%b) : (vector<3xi8>) -> vector<4xi32>
  vector.print %r1 : vector<4xi32>
  %n = arith.constant dense<[[1, -2, 7, -8], [0, -1, 3, 5]]> : vector<2x4xi4>
  %r2 = func.call @extsi_i4(%n) : (vector<2x4xi4>) -> vector<2x4xi32>
  vector.print %r2 : vector<2x4xi32>
  %u = arith.constant dense<[1, -2, 7, -8, 0, -1]> : vector<6xi4>
  %r3 = func.call @extui_i4(%u) : (vector<6xi4>) -> vector<6xi16>
  vector.print %r3 : vector<6xi16>
  %x = arith.constant dense<[17, -3, 250, 8, 15, -16]> : vector<6xi32>
  %r4 = func.call @trunc_i4(%x) : (vector<6xi32>) -> vector<6xi32>
  vector.print %r4 : vector<6xi32>
  %s = arith.constant dense<[[1, 2, 3], [-1, -2, -3]]> : vector<2x3xi3>
  %r5 = func.call @transpose_i3(%s) : (vector<2x3xi3>) -> vector<3x2xi8>
  vector.print %r5 : vector<3x2xi8>
  return
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
