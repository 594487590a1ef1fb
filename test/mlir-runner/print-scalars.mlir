// RUN: pyrunner %s -e main --entry-point-result=void | filecheck %s
// RUN: pyrunner %s -e main --entry-point-result=void -O3 | filecheck %s

llvm.func @printI64(i64)
llvm.func @printU64(i64)
llvm.func @printF32(f32)
llvm.func @printF64(f64)
llvm.func @printNewline()
llvm.func @printComma()
llvm.func @printOpen()
llvm.func @printClose()
llvm.func @printString(!llvm.ptr)
llvm.func @puts(!llvm.ptr) -> i32

llvm.mlir.global internal constant @msg("hello runner\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @space(" \00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @line("from libc\00") {addr_space = 0 : i32}

llvm.func @main() {
  %a = llvm.mlir.constant(-42 : i64) : i64
  %b = llvm.mlir.constant(-1 : i64) : i64
  %c = llvm.mlir.constant(1.5 : f32) : f32
  %d = llvm.mlir.constant(0.1 : f64) : f64
  %e = llvm.mlir.constant(1.0e10 : f64) : f64
  // CHECK: ( -42, 18446744073709551615 )
  llvm.call @printOpen() : () -> ()
  llvm.call @printI64(%a) : (i64) -> ()
  llvm.call @printComma() : () -> ()
  llvm.call @printU64(%b) : (i64) -> ()
  llvm.call @printClose() : () -> ()
  llvm.call @printNewline() : () -> ()
  // CHECK-NEXT: 1.5 0.1 1e+10
  llvm.call @printF32(%c) : (f32) -> ()
  %sp0 = llvm.mlir.addressof @space : !llvm.ptr
  llvm.call @printString(%sp0) : (!llvm.ptr) -> ()
  llvm.call @printF64(%d) : (f64) -> ()
  llvm.call @printString(%sp0) : (!llvm.ptr) -> ()
  llvm.call @printF64(%e) : (f64) -> ()
  llvm.call @printNewline() : () -> ()
  // Runner output and the program's own libc output keep their order.
  // CHECK-NEXT: hello runner
  // CHECK-NEXT: from libc
  %m = llvm.mlir.addressof @msg : !llvm.ptr
  llvm.call @printString(%m) : (!llvm.ptr) -> ()
  llvm.call @printNewline() : () -> ()
  %l = llvm.mlir.addressof @line : !llvm.ptr
  %r = llvm.call @puts(%l) : (!llvm.ptr) -> i32
  llvm.return
}
