// RUN: pyopt %s -split-input-file -verify-diagnostics -convert-linalg-to-std | filecheck %s

// Linalg ops on buffers become calls of library functions named after the op, its function
// attribute and its operand types; the callee is declared once, before the module's last op.

// CHECK-LABEL: func.func @calls
// CHECK: %[[X:.*]] = memref.cast %arg0 : memref<4x?xf32> to memref<4x?xf32, strided<[?, ?], offset: ?>>
// CHECK: call @linalg_elemwise_unary_abs_view4xsxf32_view4xsxf32(%[[X]], %{{.*}}) : (memref<4x?xf32, strided<[?, ?], offset: ?>>, memref<4x?xf32, strided<[?, ?], offset: ?>>) -> ()
// CHECK: call @linalg_fill_f32_view4xsxf32(%arg2, %{{.*}})
// CHECK: call @my_kernel(%{{.*}}) : (memref<4x?xf32, strided<[?, ?], offset: ?>>) -> ()
// CHECK: call @linalg_fill_f32_view4xsxf32(
// CHECK: func.func private @linalg_elemwise_unary_abs_view4xsxf32_view4xsxf32(memref<4x?xf32, strided<[?, ?], offset: ?>>, memref<4x?xf32, strided<[?, ?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-NEXT: func.func private @linalg_fill_f32_view4xsxf32(f32, memref<4x?xf32, strided<[?, ?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-NEXT: func.func private @my_kernel(memref<4x?xf32, strided<[?, ?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-NEXT: func.func @last
func.func @calls(%a: memref<4x?xf32>, %b: memref<4x?xf32>, %s: f32) {
  linalg.elemwise_unary {fun = #linalg.unary_fn<abs>} ins(%a : memref<4x?xf32>) outs(%b : memref<4x?xf32>)
  linalg.fill ins(%s : f32) outs(%b : memref<4x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"],
                  library_call = "my_kernel"} outs(%b : memref<4x?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %o : f32
  }
  linalg.fill ins(%s : f32) outs(%a : memref<4x?xf32>)
  return
}
func.func @last() {
  return
}

// -----

func.func @on_tensors(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'linalg.copy'}}
  %r = linalg.copy ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
