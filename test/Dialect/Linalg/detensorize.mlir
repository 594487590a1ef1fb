// RUN: pyopt %s -split-input-file -pass-pipeline="builtin.module(func.func(linalg-detensorize))" | filecheck %s --check-prefix=CF
// RUN: pyopt %s -split-input-file -pass-pipeline="builtin.module(func.func(linalg-detensorize{aggressive-mode}))" | filecheck %s --check-prefix=ALL

#map0 = affine_map<() -> ()>
#id = affine_map<(d0) -> (d0)>

// A loop whose 0-d tensor state feeds the branch condition: the state becomes an
// i32 block argument, the 0-d generic is inlined, the 1-D generic stays, and a
// tensor is rebuilt where a call needs one.
// CF-LABEL: func.func @loop
//  CF-SAME:     (%[[A:.*]]: tensor<i32>, %[[V:.*]]: tensor<4xf32>
//       CF:   %[[X0:.*]] = tensor.extract %[[A]][] : tensor<i32>
//       CF:   cf.br ^[[BB1:.*]](%[[X0]], %[[V]] : i32, tensor<4xf32>)
//       CF: ^[[BB1]](%[[X:.*]]: i32, %[[W:.*]]: tensor<4xf32>):
//       CF:   %[[Y:.*]] = arith.muli %[[X]], %[[X]] : i32
//       CF:   %[[T:.*]] = tensor.from_elements %[[Y]] : tensor<i32>
//       CF:   %[[W2:.*]] = linalg.generic
//       CF:   %[[Z:.*]] = call @ext(%[[T]])
//       CF:   %[[ZX:.*]] = tensor.extract %[[Z]][] : tensor<i32>
//       CF:   cf.cond_br %{{.*}}, ^[[BB1]](%[[ZX]], %[[W2]] : i32, tensor<4xf32>), ^[[BB2:.*]]
//       CF: ^[[BB2]]:
//       CF:   %[[OUT:.*]] = tensor.from_elements %[[Y]] : tensor<i32>
//       CF:   return %[[OUT]], %[[W2]]
func.func private @ext(tensor<i32>) -> tensor<i32>
func.func @loop(%a: tensor<i32>, %v: tensor<4xf32>, %c: i1) -> (tensor<i32>, tensor<4xf32>) {
  cf.br ^bb1(%a, %v : tensor<i32>, tensor<4xf32>)
^bb1(%x: tensor<i32>, %w: tensor<4xf32>):
  %e = tensor.empty() : tensor<i32>
  %y = linalg.generic {indexing_maps = [#map0, #map0, #map0], iterator_types = []}
    ins(%x, %x : tensor<i32>, tensor<i32>) outs(%e : tensor<i32>) {
  ^bb0(%p: i32, %q: i32, %r: i32):
    %s = arith.muli %p, %q : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  %e2 = tensor.empty() : tensor<4xf32>
  %w2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
    ins(%w : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
  ^bb0(%p: f32, %r: f32):
    %s = arith.addf %p, %p : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %z = func.call @ext(%y) : (tensor<i32>) -> tensor<i32>
  %t = tensor.extract %z[] : tensor<i32>
  %cmp = arith.cmpi slt, %t, %t : i32
  cf.cond_br %cmp, ^bb1(%z, %w2 : tensor<i32>, tensor<4xf32>), ^bb2(%y : tensor<i32>)
^bb2(%out: tensor<i32>):
  return %out, %w2 : tensor<i32>, tensor<4xf32>
}

// -----

#map0 = affine_map<() -> ()>

// A 0-d generic with no part in control flow: kept by the default model,
// inlined in aggressive mode (its tensor result rebuilt for the return).
// CF-LABEL: func.func @straight
//       CF:   linalg.generic
// ALL-LABEL: func.func @straight
//  ALL-SAME:     (%[[A:.*]]: tensor<f32>)
//       ALL:   %[[X:.*]] = tensor.extract %[[A]][] : tensor<f32>
//       ALL:   %[[N:.*]] = arith.negf %[[X]] : f32
//       ALL:   %[[T:.*]] = tensor.from_elements %[[N]] : tensor<f32>
//       ALL:   return %[[T]]
func.func @straight(%a: tensor<f32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<f32>
  %r = linalg.generic {indexing_maps = [#map0, #map0], iterator_types = []}
    ins(%a : tensor<f32>) outs(%e : tensor<f32>) {
  ^bb0(%p: f32, %o: f32):
    %n = arith.negf %p : f32
    linalg.yield %n : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
