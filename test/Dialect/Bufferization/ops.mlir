// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The tensor side of the casts is inferred from the memref type.
// CHECK-LABEL: func @casts
// CHECK: %[[M:.*]] = bufferization.to_memref %{{.*}} read_only : memref<2x?xi32, strided<[?, 1], offset: ?>>
// CHECK: bufferization.to_memref %{{.*}} : memref<*xf16>
// CHECK: bufferization.to_tensor %[[M]] restrict writable : memref<2x?xi32, strided<[?, 1], offset: ?>>
// GENERIC: "bufferization.to_memref"(%{{.*}}) <{read_only}> : (tensor<2x?xi32>) -> memref<2x?xi32, strided<[?, 1], offset: ?>>
// GENERIC: "bufferization.to_tensor"(%{{.*}}) <{restrict, writable}> : (memref<2x?xi32, strided<[?, 1], offset: ?>>) -> tensor<2x?xi32>
func.func @casts(%t: tensor<2x?xi32>, %u: tensor<*xf16>) -> tensor<2x?xi32> {
  %m = bufferization.to_memref %t read_only : memref<2x?xi32, strided<[?, 1], offset: ?>>
  %n = bufferization.to_memref %u : memref<*xf16>
  %r = bufferization.to_tensor %m restrict writable : memref<2x?xi32, strided<[?, 1], offset: ?>>
  return %r : tensor<2x?xi32>
}
