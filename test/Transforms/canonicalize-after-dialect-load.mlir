// RUN: pyopt %s -canonicalize -ownership-based-buffer-deallocation -canonicalize | filecheck %s

// The first canonicalize sees no scf or bufferization op (their dialects are not loaded yet);
// the deallocation pass creates some, and the second canonicalize must know their patterns:
// the ownership test on a function argument folds away (scf.if on a constant, an always-false
// dealloc entry).
// CHECK-LABEL: func @returns_argument
// CHECK: %[[C:.*]] = bufferization.clone %arg0
// CHECK-NOT: scf.if
// CHECK: return %[[C]]
func.func @returns_argument(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}
