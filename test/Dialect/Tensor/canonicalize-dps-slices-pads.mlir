// RUN: pyopt %s -canonicalize | filecheck %s

// tensor canonicalization: dim of a destination-style result reads its init; tensor.empty
// cast folded into the empty; constant slice arguments folded (the result cast back); casts
// folded into slices and slices into casts; pad folds (zero padding, static padding, cast
// user); tensor.reshape no-op fold; extract of tensor.generate / index_cast / sparse and
// complex constants. Expected output: mlir-opt-19's.

// CHECK-LABEL: func.func @dim_of_dest_style(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dim_of_insert(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @empty_cast(
// CHECK-NEXT: %0 = tensor.empty(%arg1) : tensor<4x?xf32>
// CHECK-NEXT: return %0 : tensor<4x?xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @slice_constants(
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg1, 1] [4, 1, %arg2] [1, 1, 1] : tensor<?x?x?xf32> to tensor<4x1x?xf32>
// CHECK-NEXT: %cast = tensor.cast %extracted_slice : tensor<4x1x?xf32> to tensor<?x?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?x?xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @slice_of_cast(
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, 1, 0, 0] [1, 1, 16, 32] [1, 1, 1, 1] : tensor<4x6x16x32xi8> to tensor<16x32xi8>
// CHECK-NEXT: return %extracted_slice : tensor<16x32xi8>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_of_slice(
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg2, 0] [16, 512] [1, 1] : tensor<128x512xf32> to tensor<16x512xf32>
// CHECK-NEXT: return %extracted_slice : tensor<16x512xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @insert_slice_casts(
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[0, 1, 0, 0] [1, 1, 16, 32] [1, 1, 1, 1] : tensor<16x32xi8> into tensor<4x6x16x32xi8>
// CHECK-NEXT: %cast = tensor.cast %arg2 : tensor<?x5x?xf32> to tensor<64x5x64xf32>
// CHECK-NEXT: %inserted_slice_0 = tensor.insert_slice %cast into %arg3[0, 1, 2] [64, 5, 64] [1, 1, 1] : tensor<64x5x64xf32> into tensor<?x?x?xf32>
// CHECK-NEXT: return %inserted_slice, %inserted_slice_0 : tensor<4x6x16x32xi8>, tensor<?x?x?xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @pads(
// CHECK-NEXT: %padded = tensor.pad %arg1 low[1, 0] high[1, 0] {
// CHECK-NEXT: ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT: tensor.yield %arg2 : f32
// CHECK-NEXT: } : tensor<8x4xf32> to tensor<10x4xf32>
// CHECK-NEXT: %cast = tensor.cast %padded : tensor<10x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: return %arg0, %cast, %padded : tensor<?x?xf32>, tensor<?x4xf32>, tensor<10x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reshape_noop(
// CHECK-NEXT: return %arg0 : tensor<?x?xi32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @extract_of_generate(
// CHECK-NEXT: %dim = tensor.dim %arg0, %arg1 : tensor<*xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @extract_of_index_cast(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %extracted = tensor.extract %arg0[%c0] : tensor<1xi32>
// CHECK-NEXT: %0 = arith.index_cast %extracted : i32 to index
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @extract_constants(
// CHECK-NEXT: %cst = arith.constant -2.000000e+00 : f16
// CHECK-NEXT: %cst_0 = complex.constant [1.500000e+00 : f32, 2.500000e+00 : f32] : complex<f32>
// CHECK-NEXT: return %cst, %cst_0 : f16, complex<f32>
// CHECK-NEXT: }

#id = affine_map<(d0) -> (d0)>
func.func @dim_of_dest_style(%a: tensor<?xf32>, %b: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%b : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<?xf32>
  %d = tensor.dim %0, %c0 : tensor<?xf32>
  return %d : index
}
func.func @dim_of_insert(%a: tensor<?xf32>, %f: f32, %i: index) -> index {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %a[%i] : tensor<?xf32>
  %d = tensor.dim %0, %c0 : tensor<?xf32>
  return %d : index
}
func.func @empty_cast(%n: index, %m: index) -> tensor<4x?xf32> {
  %0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<4x?xf32>
  return %1 : tensor<4x?xf32>
}
func.func @slice_constants(%t: tensor<?x?x?xf32>, %o: index, %s: index) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %t[%c0, %o, %c1] [%c4, %c1, %s] [%c1, %c1, %c1] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
func.func @slice_of_cast(%t: tensor<4x6x16x32xi8>) -> tensor<16x32xi8> {
  %0 = tensor.cast %t : tensor<4x6x16x32xi8> to tensor<?x?x16x32xi8>
  %1 = tensor.extract_slice %0[0, 1, 0, 0] [1, 1, 16, 32] [1, 1, 1, 1] : tensor<?x?x16x32xi8> to tensor<16x32xi8>
  return %1 : tensor<16x32xi8>
}
func.func @cast_of_slice(%t: tensor<128x512xf32>, %s: index, %o: index) -> tensor<16x512xf32> {
  %0 = tensor.extract_slice %t[%o, 0] [%s, 512] [1, 1] : tensor<128x512xf32> to tensor<?x512xf32>
  %1 = tensor.cast %0 : tensor<?x512xf32> to tensor<16x512xf32>
  return %1 : tensor<16x512xf32>
}
func.func @insert_slice_casts(%a: tensor<16x32xi8>, %d: tensor<4x6x16x32xi8>, %x: tensor<?x5x?xf32>, %e: tensor<?x?x?xf32>) -> (tensor<4x6x16x32xi8>, tensor<?x?x?xf32>) {
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %0 = tensor.cast %a : tensor<16x32xi8> to tensor<?x32xi8>
  %1 = tensor.insert_slice %0 into %d[0, 1, 0, 0] [1, 1, %c16, 32] [1, 1, 1, 1] : tensor<?x32xi8> into tensor<4x6x16x32xi8>
  %2 = tensor.insert_slice %x into %e[0, 1, 2] [%c64, 5, %c64] [1, 1, 1] : tensor<?x5x?xf32> into tensor<?x?x?xf32>
  return %1, %2 : tensor<4x6x16x32xi8>, tensor<?x?x?xf32>
}
func.func @pads(%t: tensor<?x?xf32>, %u: tensor<8x4xf32>, %f: f32) -> (tensor<?x?xf32>, tensor<?x4xf32>, tensor<10x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.pad %t low[0, 0] high[%c0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %f : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %1 = tensor.pad %u low[%c1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %f : f32
  } : tensor<8x4xf32> to tensor<?x4xf32>
  %2 = tensor.cast %1 : tensor<?x4xf32> to tensor<10x4xf32>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?x4xf32>, tensor<10x4xf32>
}
func.func @reshape_noop(%t: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?xi32>
  %s = tensor.from_elements %d0, %d1 : tensor<2xindex>
  %r = tensor.reshape %t(%s) : (tensor<?x?xi32>, tensor<2xindex>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
func.func @extract_of_generate(%t: tensor<*xf32>, %i: index) -> index {
  %r = tensor.rank %t : tensor<*xf32>
  %g = tensor.generate %r {
  ^bb0(%k: index):
    %d = tensor.dim %t, %k : tensor<*xf32>
    tensor.yield %d : index
  } : tensor<?xindex>
  %e = tensor.extract %g[%i] : tensor<?xindex>
  return %e : index
}
func.func @extract_of_index_cast(%t: tensor<1xi32>) -> index {
  %c0 = arith.constant 0 : index
  %0 = arith.index_cast %t : tensor<1xi32> to tensor<1xindex>
  %e = tensor.extract %0[%c0] : tensor<1xindex>
  return %e : index
}
func.func @extract_constants() -> (f16, complex<f32>) {
  %c1 = arith.constant 1 : index
  %0 = arith.constant sparse<[[0, 0], [1, 1]], [-5.0, -2.0]> : tensor<4x4xf16>
  %1 = tensor.extract %0[%c1, %c1] : tensor<4x4xf16>
  %2 = arith.constant dense<(1.5, 2.5)> : tensor<complex<f32>>
  %3 = tensor.extract %2[] : tensor<complex<f32>>
  return %1, %3 : f16, complex<f32>
}
