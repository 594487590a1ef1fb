// RUN: pyopt %s --convert-elementwise-to-linalg --convert-tensor-to-linalg --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --convert-bufferization-to-memref --convert-linalg-to-loops --expand-strided-metadata --lower-affine --convert-scf-to-cf --convert-math-to-llvm --convert-math-to-libm --convert-arith-to-llvm --finalize-memref-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts | pyrunner -e main --entry-point-result=void | filecheck %s

// The tensor road end to end: a function returning a tensor chosen by scf.if (buffers passed
// across the function boundary, freed by the deallocation pipeline), linalg named ops,
// elementwise math through libm (expf), printed by the runner utils.

// CHECK: rank = 1 offset = 0 sizes = [4] strides = [1] data =
// CHECK-NEXT: [0.25,  1,  4,  9]
// CHECK: rank = 1 offset = 0 sizes = [4] strides = [1] data =
// CHECK-NEXT: [3.49034,  7.38906,  148.413,  22026.5]
// CHECK: rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[}}[0.842598,   -0.486587],
// CHECK-NEXT:  [0.842701,   -0.827225]]
func.func private @printMemrefF32(memref<*xf32>)

func.func @scale_or_shift(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = scf.if %c -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %m = linalg.mul ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %m : tensor<4xf32>
  } else {
    %one = arith.constant dense<1.0> : tensor<4xf32>
    %e = tensor.empty() : tensor<4xf32>
    %a = linalg.add ins(%t, %one : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @main() {
  %x = arith.constant dense<[0.5, -1.0, 2.0, 3.0]> : tensor<4xf32>
  %true = arith.constant true
  %false = arith.constant false
  %a = call @scale_or_shift(%x, %true) : (tensor<4xf32>, i1) -> tensor<4xf32>
  %b = call @scale_or_shift(%a, %false) : (tensor<4xf32>, i1) -> tensor<4xf32>
  %e = math.exp %b : tensor<4xf32>
  %ma = bufferization.to_memref %a : memref<4xf32>
  %ua = memref.cast %ma : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  %me = bufferization.to_memref %e : memref<4xf32>
  %ue = memref.cast %me : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ue) : (memref<*xf32>) -> ()
  call @matmul_tanh_erf() : () -> ()
  return
}

// erf(tanh(A x B)): linalg.matmul on a filled tensor, math.tanh and math.erf elementwise.
func.func @matmul_tanh_erf() {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<[[0.5, -1.0], [2.0, 0.25]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = linalg.matmul ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  %t = math.tanh %m : tensor<2x2xf32>
  %x = math.erf %t : tensor<2x2xf32>
  %mm = bufferization.to_memref %x : memref<2x2xf32>
  %u = memref.cast %mm : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
