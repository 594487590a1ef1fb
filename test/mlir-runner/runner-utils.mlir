// RUN: pyopt %s -convert-scf-to-cf -expand-strided-metadata -lower-affine \
// RUN:   -convert-complex-to-llvm -finalize-memref-to-llvm -convert-func-to-llvm \
// RUN:   -reconcile-unrealized-casts | \
// RUN: pyrunner -e main -entry-point-result=void \
// RUN:   -shared-libs=%t/no/such/dir/libmlir_c_runner_utils.so --shared-libs libmlir_runner_utils.so.19.1 \
// RUN:   2> %t.err | filecheck %s
// RUN: filecheck %s --check-prefix=ERR < %t.err

// The runner utils pyrunner provides when the named libraries are not on disk: unranked,
// ranked (_mlir_ciface_printMemref<N>d<T>) and shape printers, f16 / complex / index
// elements, verifyMemRef (mismatches reported on stderr) and the scalar printers. The
// expected text is what mlir-cpu-runner 19 prints with MLIR's own libraries.

func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefShapeI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemref1dF32(memref<?xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemref2dF32(memref<?x?xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF16(memref<*xf16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefC64(memref<*xcomplex<f64>>) attributes {llvm.emit_c_interface}
func.func private @printMemrefInd(memref<*xindex>) attributes {llvm.emit_c_interface}
func.func private @verifyMemRefF32(memref<*xf32>, memref<*xf32>) -> i64 attributes {llvm.emit_c_interface}
func.func private @verifyMemRefI32(memref<*xi32>, memref<*xi32>) -> i64 attributes {llvm.emit_c_interface}
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printF64(f64)
func.func private @printF16(i16)
func.func private @printNewline()
func.func private @printComma()
func.func private @printOpen()
func.func private @printClose()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2x3xi32>
  %f = memref.alloc() : memref<2x3xf32>
  %g = memref.alloc() : memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %k = arith.muli %i, %c3 : index
      %l = arith.addi %k, %j : index
      %v = arith.index_cast %l : index to i32
      %w = arith.sitofp %v : i32 to f32
      %h = arith.constant 0.5 : f32
      %x = arith.mulf %w, %h : f32
      memref.store %v, %a[%i, %j] : memref<2x3xi32>
      memref.store %x, %f[%i, %j] : memref<2x3xf32>
      memref.store %x, %g[%i, %j] : memref<2x3xf32>
    }
  }
  %au = memref.cast %a : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  call @printMemrefShapeI32(%au) : (memref<*xi32>) -> ()
  %fd = memref.cast %f : memref<2x3xf32> to memref<?x?xf32>
  call @printMemref2dF32(%fd) : (memref<?x?xf32>) -> ()
  %row = memref.subview %f[1, 0][1, 3][1, 1] : memref<2x3xf32> to memref<3xf32, strided<[1], offset: 3>>
  %rowd = memref.cast %row : memref<3xf32, strided<[1], offset: 3>> to memref<?xf32, strided<[1], offset: ?>>
  %ok = memref.alloc() : memref<3xf32>
  memref.copy %row, %ok : memref<3xf32, strided<[1], offset: 3>> to memref<3xf32>
  %okd = memref.cast %ok : memref<3xf32> to memref<?xf32>
  call @printMemref1dF32(%okd) : (memref<?xf32>) -> ()
  %fu = memref.cast %f : memref<2x3xf32> to memref<*xf32>
  %gu = memref.cast %g : memref<2x3xf32> to memref<*xf32>
  %e0 = call @verifyMemRefF32(%fu, %gu) : (memref<*xf32>, memref<*xf32>) -> i64
  call @printI64(%e0) : (i64) -> ()
  call @printNewline() : () -> ()
  %bad = arith.constant 7.0 : f32
  memref.store %bad, %g[%c1, %c1] : memref<2x3xf32>
  %e1 = call @verifyMemRefF32(%fu, %gu) : (memref<*xf32>, memref<*xf32>) -> i64
  call @printI64(%e1) : (i64) -> ()
  call @printNewline() : () -> ()
  %h = memref.alloc() : memref<2xf16>
  %h0 = arith.constant 1.5 : f16
  %h1 = arith.constant -0.25 : f16
  memref.store %h0, %h[%c0] : memref<2xf16>
  memref.store %h1, %h[%c1] : memref<2xf16>
  %hu = memref.cast %h : memref<2xf16> to memref<*xf16>
  call @printMemrefF16(%hu) : (memref<*xf16>) -> ()
  %z = memref.alloc() : memref<2xcomplex<f64>>
  %z0 = complex.constant [1.0, -2.5] : complex<f64>
  memref.store %z0, %z[%c0] : memref<2xcomplex<f64>>
  memref.store %z0, %z[%c1] : memref<2xcomplex<f64>>
  %zu = memref.cast %z : memref<2xcomplex<f64>> to memref<*xcomplex<f64>>
  call @printMemrefC64(%zu) : (memref<*xcomplex<f64>>) -> ()
  %n = memref.alloca() : memref<index>
  memref.store %c3, %n[] : memref<index>
  %nu = memref.cast %n : memref<index> to memref<*xindex>
  call @printMemrefInd(%nu) : (memref<*xindex>) -> ()
  call @printOpen() : () -> ()
  %m1 = arith.constant -1 : i64
  call @printI64(%m1) : (i64) -> ()
  call @printComma() : () -> ()
  call @printU64(%m1) : (i64) -> ()
  call @printComma() : () -> ()
  %d = arith.constant 2.5e-7 : f64
  call @printF64(%d) : (f64) -> ()
  call @printComma() : () -> ()
  %hb = arith.bitcast %h1 : f16 to i16
  call @printF16(%hb) : (i16) -> ()
  call @printClose() : () -> ()
  call @printNewline() : () -> ()
  return
}

// CHECK:      Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{^}}{{\[\[}}0,   1,   2], {{$}}
// CHECK-NEXT: {{^}} [3,   4,   5]]{{$}}
// CHECK-NEXT: {{^}}Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1]{{$}}
// CHECK-NEXT: {{^}}Memref base@ = 0x{{[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{^}}{{\[\[}}0,   0.5,   1], {{$}}
// CHECK-NEXT: {{^}} [1.5,   2,   2.5]]{{$}}
// CHECK-NEXT: {{^}}Memref base@ = 0x{{[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1] data =
// CHECK-NEXT: {{^}}[1.5,  2,  2.5]{{$}}
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: {{^}}1{{$}}
// CHECK-NEXT: {{^}}Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 1 offset = 0 sizes = [2] strides = [1] data =
// CHECK-NEXT: {{^}}[1.5,  -0.25]{{$}}
// CHECK-NEXT: {{^}}Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 1 offset = 0 sizes = [2] strides = [1] data =
// CHECK-NEXT: {{^}}[(1,-2.5),  (1,-2.5)]{{$}}
// CHECK-NEXT: {{^}}Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: {{^}}[3]{{$}}
// CHECK-NEXT: {{^}}( -1, 18446744073709551615, 2.5e-07, -0.25 ){{$}}

// ERR: {{^}}2 != 7 offset = 4{{$}}
