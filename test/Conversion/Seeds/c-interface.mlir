// Seed 001, "C-compatible wrapper emission": `llvm.emit_c_interface` adds `_mlir_ciface_<name>`,
// taking memref descriptors (and a struct result) by pointer.
// RUN: pyopt %s --convert-func-to-llvm | filecheck %s

// A declaration gets a private body that stores the descriptor on the stack and calls the
// external interface function.
// CHECK-LABEL: llvm.func private @ext_matrix(
// CHECK-SAME: %[[A0:.*]]: !llvm.ptr, %[[A1:.*]]: !llvm.ptr, %[[A2:.*]]: i64, %[[A3:.*]]: i64, %[[A4:.*]]: i64, %[[A5:.*]]: i64, %[[A6:.*]]: i64)
// CHECK-SAME: attributes {llvm.emit_c_interface, sym_visibility = "private"}
// CHECK:        llvm.insertvalue %[[A3]], %{{.*}}[3, 0]
// CHECK-NEXT:   llvm.insertvalue %[[A5]], %{{.*}}[4, 0]
// CHECK-NEXT:   llvm.insertvalue %[[A4]], %{{.*}}[3, 1]
// CHECK-NEXT:   %[[DESC:.*]] = llvm.insertvalue %[[A6]], %{{.*}}[4, 1]
// CHECK-NEXT:   %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %[[SLOT:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %[[DESC]], %[[SLOT]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// CHECK-NEXT:   llvm.call @_mlir_ciface_ext_matrix(%[[SLOT]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:   llvm.return
// CHECK: llvm.func @_mlir_ciface_ext_matrix(!llvm.ptr) attributes {llvm.emit_c_interface, sym_visibility = "private"}
func.func private @ext_matrix(memref<?x?xf32>) attributes {llvm.emit_c_interface}

// A definition gets a wrapper that loads the descriptor and calls it with the fields.
// CHECK-LABEL: llvm.func @noop_matrix(
// CHECK-SAME: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64) attributes {llvm.emit_c_interface} {
// CHECK-NEXT:   llvm.return
// CHECK-LABEL: llvm.func @_mlir_ciface_noop_matrix(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr) attributes {llvm.emit_c_interface} {
// CHECK-NEXT:   %[[D:.*]] = llvm.load %[[P]] : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %[[F0:.*]] = llvm.extractvalue %[[D]][0]
// CHECK-NEXT:   %[[F1:.*]] = llvm.extractvalue %[[D]][1]
// CHECK-NEXT:   %[[F2:.*]] = llvm.extractvalue %[[D]][2]
// CHECK-NEXT:   %[[F3:.*]] = llvm.extractvalue %[[D]][3, 0]
// CHECK-NEXT:   %[[F4:.*]] = llvm.extractvalue %[[D]][3, 1]
// CHECK-NEXT:   %[[F5:.*]] = llvm.extractvalue %[[D]][4, 0]
// CHECK-NEXT:   %[[F6:.*]] = llvm.extractvalue %[[D]][4, 1]
// CHECK-NEXT:   llvm.call @noop_matrix(%[[F0]], %[[F1]], %[[F2]], %[[F3]], %[[F4]], %[[F5]], %[[F6]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> ()
// CHECK-NEXT:   llvm.return
func.func @noop_matrix(%m: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  return
}

// A memref result is written through a leading result pointer.
// CHECK-LABEL: llvm.func @echo_matrix(
// CHECK-SAME: -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> attributes {llvm.emit_c_interface} {
// CHECK-LABEL: llvm.func @_mlir_ciface_echo_matrix(
// CHECK-SAME: %[[RES:.*]]: !llvm.ptr, %[[ARG:.*]]: !llvm.ptr) attributes {llvm.emit_c_interface} {
// CHECK-NEXT:   %[[D:.*]] = llvm.load %[[ARG]] : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:        %[[R:.*]] = llvm.call @echo_matrix(%{{.*}}) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   llvm.store %[[R]], %[[RES]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// CHECK-NEXT:   llvm.return
func.func @echo_matrix(%m: memref<?x?xf32>) -> memref<?x?xf32> attributes {llvm.emit_c_interface} {
  return %m : memref<?x?xf32>
}

// Several scalar results of a declaration come back through a stack slot; unranked memrefs
// are passed by pointer too.
// CHECK-LABEL: llvm.func private @ext_any(
// CHECK-SAME: %[[R:.*]]: i64, %[[P:.*]]: !llvm.ptr, %[[X:.*]]: i32) -> !llvm.struct<(f32, i64)>
// CHECK-NEXT:   %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %[[OUT:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(f32, i64)> : (i64) -> !llvm.ptr
// CHECK:        %[[U:.*]] = llvm.insertvalue %[[P]], %{{.*}}[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %[[ONE2:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %[[SLOT:.*]] = llvm.alloca %[[ONE2]] x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %[[U]], %[[SLOT]] : !llvm.struct<(i64, ptr)>, !llvm.ptr
// CHECK-NEXT:   llvm.call @_mlir_ciface_ext_any(%[[OUT]], %[[SLOT]], %[[X]]) : (!llvm.ptr, !llvm.ptr, i32) -> ()
// CHECK-NEXT:   %[[V:.*]] = llvm.load %[[OUT]] : !llvm.ptr -> !llvm.struct<(f32, i64)>
// CHECK-NEXT:   llvm.return %[[V]] : !llvm.struct<(f32, i64)>
// CHECK: llvm.func @_mlir_ciface_ext_any(!llvm.ptr, !llvm.ptr, i32)
func.func private @ext_any(memref<*xf32>, i32) -> (f32, i64) attributes {llvm.emit_c_interface}
