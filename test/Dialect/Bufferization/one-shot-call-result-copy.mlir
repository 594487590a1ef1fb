// RUN: pyopt %s --convert-elementwise-to-linalg --one-shot-bufferize=bufferize-function-boundaries | filecheck %s
// The buffer type of a call's result is asked during copy insertion, before the callee is
// bufferized: it is the callee's boundary type after conversion. (mlir-opt-19 segfaults on
// this input: it casts the callee's still-tensor result type to a memref type.) Found by the
// differential tester's tensor mode.

// CHECK-LABEL: func.func @k2(
// CHECK-SAME:    %[[A:.*]]: memref<1x1xi32, strided<[?, ?], offset: ?>>)
// CHECK:         %[[ALLOC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x1xi32>
// CHECK:         %[[CAST:.*]] = memref.cast %[[ALLOC]]
// CHECK:         %[[R:.*]] = call @k0(%[[CAST]])
// CHECK:         linalg.transpose ins(%[[R]] : memref<1x1xi32, strided<[?, ?], offset: ?>>)
// CHECK:         linalg.generic {{.*}} ins(%[[R]], %[[A]] :
// CHECK:         linalg.reduce
// CHECK:         return %[[R]]

  func.func @k0(%arg0: tensor<1x1xi32>) -> tensor<1x1xi32> {
    %v1 = arith.constant dense<[[-1]]> : tensor<1x1xi32>
    %v2 = tensor.insert_slice %v1 into %arg0[0, 0] [1, 1] [1, 1] : tensor<1x1xi32> into tensor<1x1xi32>
    return %v2 : tensor<1x1xi32>
  }
  func.func @k2(%arg0: tensor<1x1xi32>) -> tensor<1x1xi32> {
    %v8 = func.call @k0(%arg0) : (tensor<1x1xi32>) -> tensor<1x1xi32>
    %v9 = tensor.empty() : tensor<1x1xi32>
    %v10 = linalg.transpose ins(%v8 : tensor<1x1xi32>) outs(%v9 : tensor<1x1xi32>) permutation = [1, 0]
    %v11 = arith.muli %v8, %arg0 : tensor<1x1xi32>
    %v12 = arith.constant dense<[[-3, 2, 5, 5, 3]]> : tensor<1x5xi32>
    %v13 = tensor.empty() : tensor<1x5xi32>
    %v14 = arith.constant 0 : i32
    %v15 = linalg.fill ins(%v14 : i32) outs(%v13 : tensor<1x5xi32>) -> tensor<1x5xi32>
    %v16 = linalg.matmul ins(%v8, %v12 : tensor<1x1xi32>, tensor<1x5xi32>) outs(%v15 : tensor<1x5xi32>) -> tensor<1x5xi32>
    %v17 = tensor.empty() : tensor<1x1xi32>
    %v18 = arith.constant 1 : i32
    %v20 = tensor.empty() : tensor<1xi32>
    %v19 = linalg.fill ins(%v18 : i32) outs(%v20 : tensor<1xi32>) -> tensor<1xi32>
    %v21 = linalg.reduce ins(%v11 : tensor<1x1xi32>) outs(%v19 : tensor<1xi32>) dimensions = [1]
      (%in: i32, %init: i32) {
        %s = arith.addi %in, %init : i32
        linalg.yield %s : i32
      }
    %v22 = tensor.expand_shape %v21 [[0, 1]] output_shape [1, 1] : tensor<1xi32> into tensor<1x1xi32>
    %v23 = tensor.insert_slice %v10 into %arg0[0, 0] [1, 1] [1, 1] : tensor<1x1xi32> into tensor<1x1xi32>
    return %v8 : tensor<1x1xi32>
  }
