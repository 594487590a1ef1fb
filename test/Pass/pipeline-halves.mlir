// A module's functions shared out between two processes (PYOPT_HALVES_MIN_CHARS=0 splits
// every input of two functions or more; by default only inputs of 1 MB or more) give what one
// process gives (PYOPT_NO_FORK=1): the declarations each half's lowering adds, ordered as one
// process makes them (pass by pass: the print functions of the first half, then malloc and
// free of the second, each made at the top), and an error in the second half's body. (The
// halves are split by line count: @first is the larger half.)
// RUN: env PYOPT_HALVES_MIN_CHARS=0 not pyopt %s -split-input-file --convert-vector-to-llvm --finalize-memref-to-llvm --convert-func-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts > %t.two 2>&1
// RUN: env PYOPT_NO_FORK=1 not pyopt %s -split-input-file --convert-vector-to-llvm --finalize-memref-to-llvm --convert-func-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts > %t.one 2>&1
// RUN: diff %t.two %t.one
// RUN: filecheck %s < %t.two

// CHECK: error: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'
// CHECK: module {
// CHECK-NEXT: llvm.func @free(!llvm.ptr)
// CHECK-NEXT: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NEXT: llvm.func @printNewline()
// CHECK-NEXT: llvm.func @printI64(i64)
// CHECK-NEXT: llvm.func @first(%arg0: i64) -> i64 {
// CHECK: llvm.func @ext(i64) -> i64 attributes {sym_visibility = "private"}
// CHECK-NEXT: llvm.func @second(%arg0: i64) -> i64 {
// CHECK: llvm.call @malloc
// CHECK: llvm.call @free
// CHECK: llvm.call @first
// CHECK: // {{-----}}
// CHECK-NOT: module
func.func @first(%a: i64) -> i64 {
  vector.print %a : i64
  %b = arith.addi %a, %a : i64
  vector.print %b : i64
  %c = arith.muli %b, %a : i64
  vector.print %c : i64
  %d = arith.subi %c, %b : i64
  vector.print %d : i64
  return %d : i64
}

func.func private @ext(i64) -> i64

func.func @second(%n: index) -> i64 {
  %m = memref.alloc(%n) : memref<?xi64>
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<?xi64>
  memref.dealloc %m : memref<?xi64>
  %r = func.call @first(%v) : (i64) -> i64
  %s = func.call @ext(%r) : (i64) -> i64
  return %s : i64
}

// -----


func.func @ok(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}

func.func @broken(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i64
}
