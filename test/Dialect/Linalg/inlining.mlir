// RUN: pyopt %s -inline | filecheck %s

// linalg, tensor and ml_program ops may be inlined, also into their ops' regions.

// CHECK-LABEL: func.func @caller
// CHECK-NOT: call
// CHECK: linalg.generic
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<4xf32>)
func.func @caller(%m: memref<?xf32>, %s: f32) -> tensor<4xf32> {
  call @scale(%m) : (memref<?xf32>) -> ()
  %t = call @splat(%s) : (f32) -> tensor<4xf32>
  return %t : tensor<4xf32>
}

func.func private @scale(%m: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%m : memref<?xf32>) {
  ^bb0(%x: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  }
  return
}

func.func private @splat(%s: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
