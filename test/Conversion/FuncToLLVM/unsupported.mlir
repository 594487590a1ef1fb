// RUN: not pyopt %s --convert-func-to-llvm --split-input-file 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=ERR < %t.err

// Functions whose signature cannot be converted stay as they are (the conversion is partial).
// CHECK-LABEL: func.func @tensor_arg(%arg0: tensor<2xi8>)
func.func @tensor_arg(%t: tensor<2xi8>) {
  return
}

// -----

// ERR: <unknown>:0: error: conversion to strided form failed
// CHECK-LABEL: func.func @not_strided
func.func @not_strided(%m: memref<4x4xf32, affine_map<(i, j) -> (i floordiv 2, j)>>) {
  return
}

// -----

// ERR: <unknown>:0: error: conversion of memref memory space "shared" to integer address space failed. Consider adding memory space conversions.
// CHECK-LABEL: func.func @named_space
func.func @named_space(%m: memref<4xf32, "shared">) {
  return
}

// -----

// The bare-pointer convention only takes statically shaped memrefs.
// CHECK-LABEL: func.func @dynamic_bare(%arg0: memref<?xf32>) attributes {llvm.bareptr}
func.func @dynamic_bare(%m: memref<?xf32>) attributes {llvm.bareptr} {
  return
}

// -----

// ERR: error: 'builtin.module' op invalid data layout descriptor: Unknown specifier in datalayout string
module attributes {llvm.data_layout = "e-q"} {
  func.func @f() {
    return
  }
}

