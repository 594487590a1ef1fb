// RUN: pyopt %s --pass-pipeline="builtin.module(func.func(bufferization-lower-deallocations))" -split-input-file -verify-diagnostics | filecheck %s --check-prefix=FUNC
// RUN: pyopt %s -bufferization-lower-deallocations -split-input-file | filecheck %s --check-prefix=MOD


// FUNC-LABEL: func @guarded_free
// FUNC-SAME: (%[[M:.*]]: memref<2xf32>, %[[C:.*]]: i1)
// FUNC: scf.if %[[C]] {
// FUNC-NEXT: memref.dealloc %[[M]] : memref<2xf32>
// FUNC-NEXT: }
// FUNC-NEXT: return
func.func @guarded_free(%m: memref<2xf32>, %c: i1) {
  bufferization.dealloc (%m : memref<2xf32>) if (%c)
  return
}

// -----

// On a module, the helper is built once and called.
// MOD-LABEL: func @needs_helper
// MOD: call @dealloc_helper
// MOD: func.func private @dealloc_helper
// MOD-NOT: func.func private @dealloc_helper
func.func @needs_helper(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1) {
  // expected-error @below {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
  // expected-error @below {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c)
  return
}
