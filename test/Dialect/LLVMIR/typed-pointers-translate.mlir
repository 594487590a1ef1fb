// RUN: pytranslate --mlir-to-llvmir %s | filecheck %s

// MLIR 16 input translates as its opaque-pointer reading does: every pointer is `ptr`, a
// bitcast between (formerly typed) pointers is no instruction, the memcpy flag an i1 constant.

llvm.mlir.global internal @counter(0 : i32) : i32
llvm.func @callee(!llvm.ptr<i8>) -> i32

llvm.func @f(%p: !llvm.ptr<struct<"pair", (i32, ptr<struct<"pair">>)>>, %n: i64) -> i32 {
  %f = llvm.getelementptr %p[0, 1] : (!llvm.ptr<struct<"pair", (i32, ptr<struct<"pair">>)>>) -> !llvm.ptr<ptr<struct<"pair", (i32, ptr<struct<"pair">>)>>>
  %next = llvm.load %f : !llvm.ptr<ptr<struct<"pair", (i32, ptr<struct<"pair">>)>>>
  %g = llvm.mlir.addressof @counter : !llvm.ptr<i32>
  %one = llvm.mlir.constant(1 : i32) : i32
  %old = llvm.atomicrmw add %g, %one seq_cst : i32
  %buf = llvm.alloca %n x i8 : (i64) -> !llvm.ptr<i8>
  %false = llvm.mlir.constant(false) : i1
  %src = llvm.bitcast %next : !llvm.ptr<struct<"pair", (i32, ptr<struct<"pair">>)>> to !llvm.ptr<i8>
  "llvm.intr.memcpy"(%buf, %src, %n, %false) : (!llvm.ptr<i8>, !llvm.ptr<i8>, i64, i1) -> ()
  %cb = llvm.mlir.addressof @callee : !llvm.ptr<func<i32 (ptr<i8>)>>
  %r = llvm.call %cb(%buf) : (!llvm.ptr<i8>) -> i32
  %z = llvm.mlir.null : !llvm.ptr<i8>
  llvm.store %r, %g : !llvm.ptr<i32>
  llvm.return %old : i32
}

// CHECK: %pair = type { i32, ptr }
// CHECK: @counter = internal global i32 0
// CHECK: declare i32 @callee(ptr)
// CHECK-LABEL: define i32 @f(ptr %0, i64 %1) {
// CHECK-NEXT:   %3 = getelementptr %pair, ptr %0, i32 0, i32 1
// CHECK-NEXT:   %4 = load ptr, ptr %3, align 8
// CHECK-NEXT:   %5 = atomicrmw add ptr @counter, i32 1 seq_cst, align 4
// CHECK-NEXT:   %6 = alloca i8, i64 %1, align 1
// CHECK-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %6, ptr %4, i64 %1, i1 false)
// CHECK-NEXT:   %7 = call i32 @callee(ptr %6)
// CHECK-NEXT:   store i32 %7, ptr @counter, align 4
// CHECK-NEXT:   ret i32 %5
// CHECK-NEXT: }
