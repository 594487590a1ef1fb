// RUN: pyopt %s -split-input-file -test-linalg-transform-patterns=test-linalg-to-vector-patterns | filecheck %s

// A pad becomes a filled tensor with the source copied in by a transfer pair.
// CHECK-LABEL: func.func @generic_pad
//  CHECK-SAME:     (%[[A:.*]]: tensor<5x6xf32>, %[[V:.*]]: f32)
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
//   CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : index
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<8x9xf32>
//       CHECK:   %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[E]] : tensor<8x9xf32>)
//       CHECK:   %[[R:.*]] = vector.transfer_read %[[A]][%[[C0]], %[[C0]]], %[[V]] {in_bounds = [true, true]} : tensor<5x6xf32>, vector<5x6xf32>
//       CHECK:   %[[W:.*]] = vector.transfer_write %[[R]], %[[F]][%[[C1]], %[[C2]]]
//       CHECK:   return %[[W]]
func.func @generic_pad(%a: tensor<5x6xf32>, %v: f32) -> tensor<8x9xf32> {
  %p = tensor.pad %a low[1, 2] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<5x6xf32> to tensor<8x9xf32>
  return %p : tensor<8x9xf32>
}

// -----

// A dynamic source read at the result's size: the read pads, so the fill goes.
// CHECK-LABEL: func.func @dynamic_source
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<8x6xf32>
//   CHECK-NOT:   linalg.fill
//       CHECK:   %[[R:.*]] = vector.transfer_read %{{.*}} {in_bounds = [false, true]} : tensor<?x6xf32>, vector<8x6xf32>
//       CHECK:   vector.transfer_write %[[R]], %[[E]]
func.func @dynamic_source(%a: tensor<?x6xf32>, %v: f32) -> tensor<8x6xf32> {
  %p = tensor.pad %a low[0, 0] high[3, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x6xf32> to tensor<8x6xf32>
  return %p : tensor<8x6xf32>
}

// -----

// A write into the pad trimmed back to the source's size writes into the source.
// CHECK-LABEL: func.func @write_then_trim
//  CHECK-SAME:     (%[[A:.*]]: tensor<5x6xf32>, %{{.*}}: f32, %[[W:.*]]: vector<8x8xf32>)
//       CHECK:   %[[R:.*]] = vector.transfer_write %[[W]], %[[A]][%{{.*}}, %{{.*}}] : vector<8x8xf32>, tensor<5x6xf32>
//       CHECK:   return %[[R]]
func.func @write_then_trim(%a: tensor<5x6xf32>, %v: f32, %w: vector<8x8xf32>) -> tensor<5x6xf32> {
  %c0 = arith.constant 0 : index
  %p = tensor.pad %a low[0, 0] high[3, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<5x6xf32> to tensor<8x8xf32>
  %r = vector.transfer_write %w, %p[%c0, %c0] {in_bounds = [true, true]} : vector<8x8xf32>, tensor<8x8xf32>
  %s = tensor.extract_slice %r[0, 0] [5, 6] [1, 1] : tensor<8x8xf32> to tensor<5x6xf32>
  return %s : tensor<5x6xf32>
}

// -----

// A static pad inserted into a bigger tensor: read the source padded, write it in place.
// CHECK-LABEL: func.func @insert_of_pad
//  CHECK-SAME:     (%[[A:.*]]: tensor<5x6xf32>, %[[V:.*]]: f32, %[[D:.*]]: tensor<2x10x10xf32>, %[[O:.*]]: index)
//       CHECK:   %[[R:.*]] = vector.transfer_read %[[A]][%{{.*}}, %{{.*}}], %[[V]] : tensor<5x6xf32>, vector<8x8xf32>
//       CHECK:   vector.transfer_write %[[R]], %[[D]][%{{.*}}, %[[O]], %{{.*}}] {in_bounds = [true, true]} : vector<8x8xf32>, tensor<2x10x10xf32>
func.func @insert_of_pad(%a: tensor<5x6xf32>, %v: f32, %d: tensor<2x10x10xf32>, %o: index) -> tensor<2x10x10xf32> {
  %p = tensor.pad %a low[0, 0] high[3, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<5x6xf32> to tensor<8x8xf32>
  %r = tensor.insert_slice %p into %d[1, %o, 2] [1, 8, 8] [1, 1, 1] : tensor<8x8xf32> into tensor<2x10x10xf32>
  return %r : tensor<2x10x10xf32>
}
