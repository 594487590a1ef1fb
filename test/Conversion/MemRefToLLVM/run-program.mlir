// RUN: pyopt %s --convert-scf-to-cf --finalize-memref-to-llvm --convert-func-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts > %t.mlir
// RUN: not grep -E "unrealized_conversion_cast|(memref|arith|scf|cf|func)\." %t.mlir
// RUN: pyrunner %t.mlir -e main --entry-point-result=void | filecheck %s

// A lowered program run end to end: an aligned heap buffer filled in a loop, a transposed
// view of it (reinterpret_cast) copied by the memrefCopy runtime function, a contiguous
// copy (memcpy) to the stack, a global read, an atomic add, a reshape through a
// dynamic-length shape, and frees. Printed as mlir-cpu-runner prints it.

// CHECK: rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[}}[0,   3],
// CHECK-NEXT:  [1,   4],
// CHECK-NEXT:  [2,   105]]
// CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[0,   3,   1],
// CHECK-NEXT:  [4,   2,   105]]
memref.global "private" constant @bias : memref<2xf32> = dense<[0.5, 100.0]>
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() {alignment = 64} : memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %k = arith.muli %i, %c3 : index
      %l = arith.addi %k, %j : index
      %li = arith.index_cast %l : index to i32
      %f = arith.sitofp %li : i32 to f32
      memref.store %f, %a[%i, %j] : memref<2x3xf32>
    }
  }
  %t = memref.reinterpret_cast %a to offset: [0], sizes: [3, 2], strides: [1, 3] : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %b = memref.alloc() : memref<3x2xf32>
  memref.copy %t, %b : memref<3x2xf32, strided<[1, 3]>> to memref<3x2xf32>
  %c = memref.alloca() : memref<3x2xf32>
  memref.copy %b, %c : memref<3x2xf32> to memref<3x2xf32>
  %g = memref.get_global @bias : memref<2xf32>
  %g1 = memref.load %g[%c1] : memref<2xf32>
  %old = memref.atomic_rmw addf %g1, %c[%c2, %c1] : (f32, memref<3x2xf32>) -> f32
  %shape = memref.alloca(%c2) : memref<?xindex>
  memref.store %c2, %shape[%c0] : memref<?xindex>
  memref.store %c3, %shape[%c1] : memref<?xindex>
  %r = memref.reshape %c(%shape) : (memref<3x2xf32>, memref<?xindex>) -> memref<*xf32>
  %u = memref.cast %c : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @printMemrefF32(%r) : (memref<*xf32>) -> ()
  %d = memref.dim %r, %c0 : memref<*xf32>
  memref.dealloc %a : memref<2x3xf32>
  memref.dealloc %b : memref<3x2xf32>
  return
}
