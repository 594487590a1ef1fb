// RUN: pyrunner %s -e main --entry-point-result=void | filecheck %s

// A 2x3 f32 memref filled with i*3+j, printed through the unranked descriptor, then a
// strided copy (its transpose view) into a second buffer printed as i32 after conversion.

llvm.func @_mlir_alloc(i64) -> !llvm.ptr
llvm.func @_mlir_free(!llvm.ptr)
llvm.func @printMemrefF32(i64, !llvm.ptr)
llvm.func @_mlir_ciface_printMemrefF32(!llvm.ptr)
llvm.func @printMemrefI64(i64, !llvm.ptr)
llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)

// Fills {allocated, aligned, offset, sizes[2], strides[2]} at %slot.
llvm.func @desc2(%slot: !llvm.ptr, %data: !llvm.ptr, %off: i64, %s0: i64, %s1: i64, %t0: i64,
                 %t1: i64) -> !llvm.ptr {
  %u = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %d0 = llvm.insertvalue %data, %u[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %d1 = llvm.insertvalue %data, %d0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %d2 = llvm.insertvalue %off, %d1[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %d3 = llvm.insertvalue %s0, %d2[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %d4 = llvm.insertvalue %s1, %d3[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %d5 = llvm.insertvalue %t0, %d4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  %d6 = llvm.insertvalue %t1, %d5[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  llvm.store %d6, %slot : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
  llvm.return %slot : !llvm.ptr
}

llvm.func @main() {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %c2 = llvm.mlir.constant(2 : i64) : i64
  %c3 = llvm.mlir.constant(3 : i64) : i64
  %c6 = llvm.mlir.constant(6 : i64) : i64
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %c24 = llvm.mlir.constant(24 : i64) : i64
  %c48 = llvm.mlir.constant(48 : i64) : i64
  %buf = llvm.call @_mlir_alloc(%c24) : (i64) -> !llvm.ptr
  llvm.br ^loop(%c0 : i64)
^loop(%i: i64):
  %f = llvm.sitofp %i : i64 to f32
  %p = llvm.getelementptr %buf[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %f, %p : f32, !llvm.ptr
  %n = llvm.add %i, %c1 : i64
  %done = llvm.icmp "eq" %n, %c6 : i64
  llvm.cond_br %done, ^print, ^loop(%n : i64)
^print:
  %slot1 = llvm.alloca %c1 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
  %d = llvm.call @desc2(%slot1, %buf, %c0, %c2, %c3, %c3, %c1)
      : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.ptr
  // CHECK: Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: {{^\[\[}}0,   1,   2], {{$}}
  // CHECK-NEXT: {{^}} [3,   4,   5]]
  llvm.call @printMemrefF32(%c2, %d) : (i64, !llvm.ptr) -> ()

  // The C-interface variant takes a pointer to {rank, descriptor}.
  %um = llvm.alloca %c1 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
  %u0 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
  %u1 = llvm.insertvalue %c2, %u0[0] : !llvm.struct<(i64, ptr)>
  %u2 = llvm.insertvalue %d, %u1[1] : !llvm.struct<(i64, ptr)>
  llvm.store %u2, %um : !llvm.struct<(i64, ptr)>, !llvm.ptr
  // CHECK: Unranked Memref {{.*}} sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: {{^\[\[}}0,   1,   2], {{$}}
  llvm.call @_mlir_ciface_printMemrefF32(%um) : (!llvm.ptr) -> ()

  // memrefCopy of the transposed view (sizes [3, 2], strides [1, 3]) into a dense buffer.
  %buf2 = llvm.call @_mlir_alloc(%c24) : (i64) -> !llvm.ptr
  %slot2 = llvm.alloca %c1 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
  %src = llvm.call @desc2(%slot2, %buf, %c0, %c3, %c2, %c1, %c3)
      : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.ptr
  %slot3 = llvm.alloca %c1 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
  %dst = llvm.call @desc2(%slot3, %buf2, %c0, %c3, %c2, %c2, %c1)
      : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.ptr
  %us = llvm.alloca %c1 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
  %s2 = llvm.insertvalue %src, %u1[1] : !llvm.struct<(i64, ptr)>
  llvm.store %s2, %us : !llvm.struct<(i64, ptr)>, !llvm.ptr
  %ud = llvm.alloca %c1 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
  %t2 = llvm.insertvalue %dst, %u1[1] : !llvm.struct<(i64, ptr)>
  llvm.store %t2, %ud : !llvm.struct<(i64, ptr)>, !llvm.ptr
  %c4 = llvm.mlir.constant(4 : i64) : i64
  llvm.call @memrefCopy(%c4, %us, %ud) : (i64, !llvm.ptr, !llvm.ptr) -> ()
  // CHECK: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{^\[\[}}0,   3], {{$}}
  // CHECK-NEXT: {{^}} [1,   4], {{$}}
  // CHECK-NEXT: {{^}} [2,   5]]
  llvm.call @printMemrefF32(%c2, %dst) : (i64, !llvm.ptr) -> ()
  llvm.call @_mlir_free(%buf) : (!llvm.ptr) -> ()
  llvm.call @_mlir_free(%buf2) : (!llvm.ptr) -> ()
  llvm.return
}
