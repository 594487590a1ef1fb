// RUN: pyopt %s --allow-unregistered-dialect | pyopt --allow-unregistered-dialect | filecheck %s

// Every tensor op in its custom form, with the result names mlir-opt 19 gives them.

func.func @f(%t: tensor<?x4xf32>, %i: index, %s: f32) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%d) : tensor<?x4xf32>
  %x = tensor.extract %t[%i, %c0] : tensor<?x4xf32>
  %y = tensor.insert %s into %e[%i, %c0] : tensor<?x4xf32>
  %sl = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<?x4xf32> to tensor<2x4xf32>
  %in = tensor.insert_slice %sl into %y[%i, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x4xf32>
  %c = tensor.cast %in : tensor<?x4xf32> to tensor<?x?xf32>
  %fe = tensor.from_elements %s, %x : tensor<2xf32>
  %g = tensor.generate %d {
  ^bb0(%a: index, %b: index):
    tensor.yield %s : f32
  } : tensor<?x4xf32>
  %r = tensor.rank %c : tensor<?x?xf32>
  %sp = tensor.splat %s[%d] : tensor<?x4xf32>
  %p = tensor.pad %sl low[1, %i] high[0, 2] {
  ^bb0(%a: index, %b: index):
    tensor.yield %s : f32
  } : tensor<2x4xf32> to tensor<3x?xf32>
  %ex = tensor.expand_shape %fe [[0, 1]] output_shape [1, 2] : tensor<2xf32> into tensor<1x2xf32>
  %co = tensor.collapse_shape %ex [[0, 1]] : tensor<1x2xf32> into tensor<2xf32>
  %cc = tensor.concat dim(0) %fe, %co : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  %bc = tensor.bitcast %cc : tensor<4xf32> to tensor<4xi32>
  "other.use"(%r, %p, %sp, %g, %c, %bc) : (index, tensor<3x?xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>, tensor<4xi32>) -> ()
  return %in : tensor<?x4xf32>
}

// CHECK: %c0 = arith.constant 0 : index
// CHECK: %dim = tensor.dim %arg0, %c0 : tensor<?x4xf32>
// CHECK: %0 = tensor.empty(%dim) : tensor<?x4xf32>
// CHECK: %extracted = tensor.extract %arg0[%arg1, %c0] : tensor<?x4xf32>
// CHECK: %inserted = tensor.insert %arg2 into %0[%arg1, %c0] : tensor<?x4xf32>
// CHECK: %extracted_slice = tensor.extract_slice %arg0[0, 0] [2, 4] [1, 1] : tensor<?x4xf32> to tensor<2x4xf32>
// CHECK: %inserted_slice = tensor.insert_slice %extracted_slice into %inserted[%arg1, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x4xf32>
// CHECK: %cast = tensor.cast %inserted_slice : tensor<?x4xf32> to tensor<?x?xf32>
// CHECK: %from_elements = tensor.from_elements %arg2, %extracted : tensor<2xf32>
// CHECK: %generated = tensor.generate %dim {
// CHECK: ^bb0(%arg3: index, %arg4: index):
// CHECK:   tensor.yield %arg2 : f32
// CHECK: } : tensor<?x4xf32>
// CHECK: %rank = tensor.rank %cast : tensor<?x?xf32>
// CHECK: %splat = tensor.splat %arg2[%dim] : tensor<?x4xf32>
// CHECK: %padded = tensor.pad %extracted_slice low[1, %arg1] high[0, 2] {
// CHECK: ^bb0(%arg3: index, %arg4: index):
// CHECK:   tensor.yield %arg2 : f32
// CHECK: } : tensor<2x4xf32> to tensor<3x?xf32>
// CHECK: %expanded = tensor.expand_shape %from_elements [[0, 1]] output_shape [1, 2] : tensor<2xf32> into tensor<1x2xf32>
// CHECK: %collapsed = tensor.collapse_shape %expanded [[0, 1]] : tensor<1x2xf32> into tensor<2xf32>
// CHECK: %concat = tensor.concat dim(0) %from_elements, %collapsed : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
// CHECK: %1 = tensor.bitcast %concat : tensor<4xf32> to tensor<4xi32>
// CHECK: "other.use"(%rank, %padded, %splat, %generated, %cast, %1) : (index, tensor<3x?xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>, tensor<4xi32>) -> ()
// CHECK: return %inserted_slice : tensor<?x4xf32>
