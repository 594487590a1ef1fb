// RUN: pyopt %s -convert-linalg-to-loops -test-lower-to-llvm | \
// RUN:   pyrunner -e main -entry-point-result=void -shared-libs=libmlir_c_runner_utils.so | \
// RUN:   filecheck %s

// A program on memrefs through linalg: fill, matmul, a generic using linalg.index, a
// strided conv, then the results printed. Lowered to loops, then to LLVM, and run.

func.func private @printF32(f32)
func.func private @printNewline()

func.func @print2(%m: memref<2x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %v = memref.load %m[%i, %j] : memref<2x2xf32>
      func.call @printF32(%v) : (f32) -> ()
      func.call @printNewline() : () -> ()
    }
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<2x3xf32>
  %b = memref.alloc() : memref<3x2xf32>
  %c = memref.alloc() : memref<2x2xf32>
  // a[i][j] = i + 2*j, b[i][j] = 1 + i*j
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%a : memref<2x3xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %j2 = arith.addi %j, %j : index
    %s = arith.addi %i, %j2 : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    linalg.yield %f : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%b : memref<3x2xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %p = arith.muli %i, %j : index
    %one = arith.constant 1 : index
    %s = arith.addi %p, %one : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    linalg.yield %f : f32
  }
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<2x2xf32>)
  linalg.matmul ins(%a, %b : memref<2x3xf32>, memref<3x2xf32>) outs(%c : memref<2x2xf32>)
  // c = [[0+2+4, 0+4+12], [1+3+5, 1+6+15]] = [[6, 16], [9, 22]]
  // CHECK: 6
  // CHECK-NEXT: 16
  // CHECK-NEXT: 9
  // CHECK-NEXT: 22
  call @print2(%c) : (memref<2x2xf32>) -> ()
  // A 2x2 stride-2 window sum over a 4x4 image of ones scaled by a: each output sums
  // k[0][0] + k[0][1] + k[1][0] + k[1][1] over the image's ones.
  %img = memref.alloc() : memref<1x4x4x1xf32>
  %k = memref.alloc() : memref<2x2x1x1xf32>
  %out = memref.alloc() : memref<1x2x2x1xf32>
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  linalg.fill ins(%one : f32) outs(%img : memref<1x4x4x1xf32>)
  linalg.fill ins(%half : f32) outs(%k : memref<2x2x1x1xf32>)
  linalg.fill ins(%zero : f32) outs(%out : memref<1x2x2x1xf32>)
  linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%img, %k : memref<1x4x4x1xf32>, memref<2x2x1x1xf32>) outs(%out : memref<1x2x2x1xf32>)
  %flat = memref.collapse_shape %out [[0, 1], [2, 3]] : memref<1x2x2x1xf32> into memref<2x2xf32>
  // CHECK-NEXT: 2
  // CHECK-NEXT: 2
  // CHECK-NEXT: 2
  // CHECK-NEXT: 2
  call @print2(%flat) : (memref<2x2xf32>) -> ()
  memref.dealloc %a : memref<2x3xf32>
  memref.dealloc %b : memref<3x2xf32>
  memref.dealloc %c : memref<2x2xf32>
  memref.dealloc %img : memref<1x4x4x1xf32>
  memref.dealloc %k : memref<2x2x1x1xf32>
  memref.dealloc %out : memref<1x2x2x1xf32>
  return
}
