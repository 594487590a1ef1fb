// RUN: pyopt %s --finalize-memref-to-llvm -split-input-file 2>/dev/null | filecheck %s
// RUN: pyopt %s --finalize-memref-to-llvm -split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=ERR

// A memory space that is not an integer cannot become an address space: the type
// converter reports it (at an unknown location) and the ops using it stay memref ops.
// CHECK-LABEL: func.func @symbolic_space
// CHECK: memref.load
func.func @symbolic_space(%m: memref<4xf32, "gpu">, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<4xf32, "gpu">
  return %v : f32
}

// -----

// A global in such a space is reported and kept.
// CHECK: memref.global "private" @shared : memref<4xf32, "gpu">
memref.global "private" @shared : memref<4xf32, "gpu">

// -----

// So is the size of an unranked memref in such a space.
// CHECK-LABEL: func.func @unranked_dim
// CHECK: memref.dim
func.func @unranked_dim(%u: memref<*xf32, "gpu">, %i: index) -> index {
  %d = memref.dim %u, %i : memref<*xf32, "gpu">
  return %d : index
}

// ERR: <unknown>:0: error: conversion of memref memory space "gpu" to integer address space failed. Consider adding memory space conversions.
// ERR: error: 'memref.global' op memory space cannot be converted to an integer address space
// ERR-NEXT: memref.global "private" @shared
// ERR-NEXT: ^
// ERR-NEXT: note: see current operation: "memref.global"() <{sym_name = "shared", sym_visibility = "private", type = memref<4xf32, "gpu">}> : () -> ()
// ERR: error: 'memref.dim' op memref memory space must be convertible to an integer address space
