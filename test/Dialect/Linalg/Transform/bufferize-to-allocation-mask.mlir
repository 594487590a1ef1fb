// RUN: pyopt %s --transform-interpreter | filecheck %s
// RUN: sed 's/{memcpy_op = "linalg.copy"}/{bufferize_destination_only, alloc_op = "memref.alloca"}/' %s | pyopt --transform-interpreter | filecheck %s --check-prefix=DEST

// transform.structured.bufferize_to_allocation on a vector.mask: the allocation (and the
// copy of the written tensor) is made before the mask, then the masked op, the mask's yield
// and the mask are bufferized; with bufferize_destination_only the mask keeps its tensor
// semantics on the new destination. Expected output from mlir-opt-19.

// CHECK-LABEL: func.func @mask_write
// CHECK:       %[[D:.*]] = tensor.dim %arg0
// CHECK:       %[[A:.*]] = memref.alloc(%[[D]]) : memref<8x?xf32>
// CHECK:       %[[M:.*]] = bufferization.to_memref %arg0 read_only
// CHECK:       linalg.copy ins(%[[M]] : {{.*}}) outs(%[[A]] : memref<8x?xf32>)
// CHECK:       vector.mask %arg3 { vector.transfer_write %arg1, %[[A]][%arg2, %arg2] : vector<4x16xf32>, memref<8x?xf32> } : vector<4x16xi1>
// CHECK:       %[[R:.*]] = bufferization.to_tensor %[[A]] restrict writable
// CHECK:       return %[[R]]
// DEST-LABEL:  func.func @mask_write
// DEST:        %[[A:.*]] = memref.alloca(%{{.*}}) : memref<8x?xf32>
// DEST:        bufferization.materialize_in_destination %arg0 in writable %[[A]]
// DEST:        %[[T:.*]] = bufferization.to_tensor %[[A]] restrict writable
// DEST:        vector.mask %arg3 { vector.transfer_write %arg1, %[[T]][%arg2, %arg2] : vector<4x16xf32>, tensor<8x?xf32> } : vector<4x16xi1> -> tensor<8x?xf32>

func.func @mask_write(%t: tensor<8x?xf32>, %val: vector<4x16xf32>, %i: index, %m: vector<4x16xi1>) -> tensor<8x?xf32> {
  %r = vector.mask %m { vector.transfer_write %val, %t[%i, %i] : vector<4x16xf32>, tensor<8x?xf32> } : vector<4x16xi1> -> tensor<8x?xf32>
  return %r : tensor<8x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["vector.mask"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %b, %new = transform.structured.bufferize_to_allocation %0 {memcpy_op = "linalg.copy"} : !transform.any_op
    transform.yield
  }
}
