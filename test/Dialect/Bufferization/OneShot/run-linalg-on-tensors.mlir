// RUN: pyopt %s --one-shot-bufferize="bufferize-function-boundaries" --convert-linalg-to-loops \
// RUN:   --expand-strided-metadata --lower-affine --convert-scf-to-cf --convert-arith-to-llvm \
// RUN:   --finalize-memref-to-llvm --convert-func-to-llvm --convert-cf-to-llvm \
// RUN:   --reconcile-unrealized-casts \
// RUN: | pyrunner -e main --entry-point-result=void | filecheck %s

// A linalg-on-tensors program, bufferized across its function boundaries, lowered to
// LLVM and run: a*x + y computed in place in y's (copied, constant) buffer, then
// inserted as the second row of a 2x4 buffer filled with 0.5.

// CHECK: rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1] data =
// CHECK-NEXT: [0.5, 0.5, 0.5, 0.5],
// CHECK-NEXT: [12, 24, 36, 48]]

func.func private @printMemrefF32(memref<*xf32>)

func.func @axpy(%a: f32, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%y : tensor<4xf32>) {
  ^bb0(%xi: f32, %yi: f32):
    %p = arith.mulf %a, %xi : f32
    %s = arith.addf %p, %yi : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @main() {
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %y = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
  %a = arith.constant 2.0 : f32
  %r = call @axpy(%a, %x, %y) : (f32, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = tensor.empty() : tensor<2x4xf32>
  %half = arith.constant 0.5 : f32
  %f = linalg.fill ins(%half : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %i = tensor.insert_slice %r into %f[1, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<2x4xf32>
  %m = bufferization.to_memref %i : memref<2x4xf32>
  %u = memref.cast %m : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
