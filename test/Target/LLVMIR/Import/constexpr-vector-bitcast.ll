; RUN: pytranslate -import-llvm %s | filecheck %s

; LLVM 19 folds casts to vectors while it reads them: a scalar bitcast to a
; vector goes through a one-element vector (or is a splat when all bits are
; set), and a cast between vectors of one length is done element by element.

; CHECK-LABEL: llvm.func @scalar_to_vector
; CHECK-NEXT:    %[[V:.+]] = llvm.mlir.constant(dense<7> : vector<1xi64>) : vector<1xi64>
; CHECK-NEXT:    %[[B:.+]] = llvm.bitcast %[[V]] : vector<1xi64> to vector<4xi16>
; CHECK-NEXT:    llvm.return %[[B]]
define <4 x i16> @scalar_to_vector() {
  ret <4 x i16> bitcast (i64 7 to <4 x i16>)
}

; CHECK-LABEL: llvm.func @all_ones
; CHECK-NEXT:    llvm.mlir.constant(dense<0xFFFFFFFF> : vector<2xf32>) : vector<2xf32>
define <2 x float> @all_ones() {
  ret <2 x float> bitcast (i64 -1 to <2 x float>)
}

; CHECK-LABEL: llvm.func @one_element
; CHECK-NEXT:    llvm.mlir.constant(dense<2.000000e+00> : vector<1xf64>) : vector<1xf64>
define <1 x double> @one_element() {
  ret <1 x double> bitcast (i64 4611686018427387904 to <1 x double>)
}

; CHECK-LABEL: llvm.func @per_element
; CHECK-NEXT:    llvm.mlir.constant(dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>) : vector<2xf32>
define <2 x float> @per_element() {
  ret <2 x float> bitcast (<2 x i32> <i32 1065353216, i32 1073741824> to <2 x float>)
}

; CHECK-LABEL: llvm.func @trunc_elements
; CHECK-NEXT:    llvm.mlir.constant(dense<[1, -1]> : vector<2xi8>) : vector<2xi8>
define <2 x i8> @trunc_elements() {
  ret <2 x i8> trunc (<2 x i32> <i32 257, i32 511> to <2 x i8>)
}
