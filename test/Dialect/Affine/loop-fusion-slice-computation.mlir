// RUN: pyopt %s -test-loop-fusion=test-loop-fusion-slice-computation -split-input-file -verify-diagnostics | filecheck %s

// The consumer reads two neighbours, so each of its iterations needs two producer
// iterations; moved the other way, the slice would run producer iterations that do
// not exist.
// CHECK-LABEL: func @stencil
func.func @stencil(%buf: memref<20xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 20 {
    // expected-remark@-1 {{Incorrect slice ( src loop: 1, dst loop: 0, depth: 1 : insert point: (1, 1) loop bounds: [(d0) -> (d0 - 1), (d0) -> (d0 + 1)] )}}
    affine.store %c, %buf[%i] : memref<20xf32>
  }
  affine.for %j = 1 to 19 {
    // expected-remark@-1 {{slice ( src loop: 0, dst loop: 1, depth: 1 : insert point: (1, 0) loop bounds: [(d0) -> (d0), (d0) -> (d0 + 2)] )}}
    %a = affine.load %buf[%j] : memref<20xf32>
    %b = affine.load %buf[%j + 1] : memref<20xf32>
  }
  return
}
