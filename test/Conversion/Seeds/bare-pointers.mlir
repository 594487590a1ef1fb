// Seed 000/001, "bare pointer calling convention": statically shaped memrefs with the identity
// layout cross function boundaries as one pointer to their data; inside a function the usual
// descriptor is rebuilt from it with constant offset, sizes and strides.
// RUN: pyopt %s --convert-func-to-llvm=use-bare-ptr-memref-call-conv | filecheck %s

// CHECK: llvm.func @scalar_buffer(!llvm.ptr) -> !llvm.ptr
func.func private @scalar_buffer(memref<f32>) -> memref<10x42xf32>
// CHECK: llvm.func @vector_buffer(!llvm.ptr)
func.func private @vector_buffer(memref<10x42xvector<4xf32>>)
// Unranked memrefs have no bare-pointer form: the function stays as it is.
// CHECK: func.func private @no_bare_form(memref<*xf32>)
func.func private @no_bare_form(memref<*xf32>)

// CHECK: llvm.func @sink(!llvm.ptr)
func.func private @sink(memref<3x5xf32>)

// CHECK-LABEL: llvm.func @forward(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr) {
// CHECK-NEXT:   %[[D0:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %[[D1:.*]] = llvm.insertvalue %[[P]], %[[D0]][0]
// CHECK-NEXT:   %[[D2:.*]] = llvm.insertvalue %[[P]], %[[D1]][1]
// CHECK-NEXT:   %[[ZERO:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %[[D3:.*]] = llvm.insertvalue %[[ZERO]], %[[D2]][2]
// CHECK-NEXT:   %[[THREE:.*]] = llvm.mlir.constant(3 : index) : i64
// CHECK-NEXT:   %[[D4:.*]] = llvm.insertvalue %[[THREE]], %[[D3]][3, 0]
// CHECK-NEXT:   %[[FIVE:.*]] = llvm.mlir.constant(5 : index) : i64
// CHECK-NEXT:   %[[D5:.*]] = llvm.insertvalue %[[FIVE]], %[[D4]][4, 0]
// CHECK-NEXT:   %[[FIVE2:.*]] = llvm.mlir.constant(5 : index) : i64
// CHECK-NEXT:   %[[D6:.*]] = llvm.insertvalue %[[FIVE2]], %[[D5]][3, 1]
// CHECK-NEXT:   %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %[[D7:.*]] = llvm.insertvalue %[[ONE]], %[[D6]][4, 1]
// The call passes the aligned pointer.
// CHECK:        %[[AG:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   llvm.call @sink(%[[AG]]) : (!llvm.ptr) -> ()
func.func @forward(%m: memref<3x5xf32>) {
  call @sink(%m) : (memref<3x5xf32>) -> ()
  return
}
