// RUN: pyopt %s -transform-interpreter -test-transform-dialect-erase-schedule | filecheck %s --check-prefix=IR
// RUN: pyopt %s -transform-interpreter -test-transform-dialect-erase-schedule -test-lower-to-llvm \
// RUN: | pyrunner -e main -entry-point-result=void | filecheck %s

// lower_transpose avx2_lowering_strategy = true: f32 4x8 and 8x8 slices are transposed row by
// row with the shuffle forms of the AVX2 unpack / shuffle_ps / permute2f128 intrinsics (the
// 8x8 one also blends with inline vblendps); other transposes take the chosen strategy.
// Only the 4x8 one runs here (the 8x8 one needs an AVX CPU).

// IR-LABEL: func.func @t48(
//       IR:   vector.shuffle %{{.*}}, %{{.*}} [0, 8, 1, 9, 4, 12, 5, 13] : vector<8xf32>, vector<8xf32>
//       IR:   vector.shuffle %{{.*}}, %{{.*}} [2, 10, 3, 11, 6, 14, 7, 15]
// IR-COUNT-2:   vector.shuffle
//       IR:   vector.shuffle %{{.*}}, %{{.*}} [0, 1, 8, 9, 4, 5, 12, 13]
//       IR:   vector.shuffle %{{.*}}, %{{.*}} [2, 3, 10, 11, 6, 7, 14, 15]
// IR-COUNT-2:   vector.shuffle
//       IR:   vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 8, 9, 10, 11]
// IR-LABEL: func.func @t88(
//       IR:   llvm.inline_asm asm_dialect = intel "vblendps $0, $1, $2, 0xcc", "=x,x,x" %{{.*}}, %{{.*}} : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
//       IR:   llvm.inline_asm asm_dialect = intel "vblendps $0, $1, $2, 0x33", "=x,x,x"
// IR-LABEL: func.func @t44(
//       IR:   vector.shuffle %{{.*}}, %{{.*}} [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15] : vector<16xf32>, vector<16xf32>

// CHECK: ( ( 0, 8, 16, 24 ), ( 1, 9, 17, 25 ), ( 2, 10, 18, 26 ), ( 3, 11, 19, 27 ), ( 4, 12, 20, 28 ), ( 5, 13, 21, 29 ), ( 6, 14, 22, 30 ), ( 7, 15, 23, 31 ) )

func.func @t48(%a: vector<4x8xf32>) -> vector<8x4xf32> {
  %t = vector.transpose %a, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  return %t : vector<8x4xf32>
}
func.func @t88(%a: vector<1x8x8xf32>) -> vector<8x8x1xf32> {
  %t = vector.transpose %a, [2, 1, 0] : vector<1x8x8xf32> to vector<8x8x1xf32>
  return %t : vector<8x8x1xf32>
}
func.func @t44(%a: vector<4x4xf32>) -> vector<4x4xf32> {
  %t = vector.transpose %a, [1, 0] : vector<4x4xf32> to vector<4x4xf32>
  return %t : vector<4x4xf32>
}
func.func @main() {
  %a = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], [24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0]]> : vector<4x8xf32>
  %r = func.call @t48(%a) : (vector<4x8xf32>) -> vector<8x4xf32>
  vector.print %r : vector<8x4xf32>
  return
}
func.func @unused() {
  %b = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], [24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0], [32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0], [40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0], [48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0], [56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]]]> : vector<1x8x8xf32>
  %s = func.call @t88(%b) : (vector<1x8x8xf32>) -> vector<8x8x1xf32>
  vector.print %s : vector<8x8x1xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_1d" avx2_lowering_strategy = true
    } : !transform.any_op
    transform.yield
  }
}
