// RUN: pyopt %s --convert-elementwise-to-linalg --one-shot-bufferize="bufferize-function-boundaries" | filecheck %s

// Tensor constants become private constant memref.globals, one per (value, alignment) across
// the module, named after their type with the first suffix no symbol uses yet; new globals go
// to the top of the module. The existing global holding [7, 8] has no alignment: not reused.

// CHECK:      memref.global "private" constant @[[G4:__constant_2xi32_4]] : memref<2xi32> = dense<[8, 10]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" constant @[[G3:__constant_2xi32_3]] : memref<2xi32> = dense<[3, 4]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" constant @[[G2:__constant_2xi32_2]] : memref<2xi32> = dense<[7, 8]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" constant @[[G1:__constant_2xi32_1]] : memref<2xi32> = dense<[1, 2]> {alignment = 64 : i64}
// CHECK-NEXT: func.func private @__constant_2xi32()
// CHECK-NEXT: memref.global "private" constant @__constant_2xi32_0 : memref<2xi32> = dense<[7, 8]>
func.func private @__constant_2xi32()
memref.global "private" constant @__constant_2xi32_0 : memref<2xi32> = dense<[7, 8]>

// CHECK-LABEL: func.func @a
// CHECK: memref.get_global @[[G1]]
func.func @a() -> tensor<2xi32> {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  return %c : tensor<2xi32>
}

// CHECK-LABEL: func.func @b
// CHECK: memref.get_global @[[G1]]
// CHECK: memref.get_global @[[G2]]
// CHECK: memref.get_global @[[G3]]
// CHECK: memref.get_global @[[G4]]
func.func @b() -> tensor<2xi32> {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  %d = arith.constant dense<[7, 8]> : tensor<2xi32>
  %e = arith.constant dense<[3, 4]> : tensor<2xi32>
  %s = arith.addi %c, %d : tensor<2xi32>
  %t = arith.addi %s, %e : tensor<2xi32>
  return %t : tensor<2xi32>
}
