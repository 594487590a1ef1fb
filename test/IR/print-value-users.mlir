// RUN: pyopt %s --mlir-print-value-users --allow-unregistered-dialect | filecheck %s

// Each result lists its users (newest use first, each user once); result-less ops with
// operands get an id from the value numbering; block arguments get a line of their own.
func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %0 : i32
  %2:2 = "test.two"(%1) : (i32) -> (i32, i32)
  cf.br ^bb1(%2#1 : i32)
^bb1(%x: i32):
  "test.use"(%2#0, %x) : (i32, i32) -> ()
  %u = arith.subi %x, %a : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @f
// CHECK-NEXT: // %arg0 is used by %7, %1
// CHECK-NEXT: // %arg1 is used by %1
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 : i32 // user: %2
// CHECK-NEXT: %2 = arith.muli %1, %1 : i32 // users: %8, %3#0, %3#1
// CHECK-NEXT: %3:2 = "test.two"(%2) : (i32) -> (i32, i32) // users: (%6), (%4)
// CHECK-NEXT: cf.br ^bb1(%3#1 : i32) // id: %4
// CHECK-NEXT: ^bb1(%5: i32):  // pred: ^bb0
// CHECK-NEXT: // %5 is used by %7, %6
// CHECK-NEXT: "test.use"(%3#0, %5) : (i32, i32) -> () // id: %6
// CHECK-NEXT: %7 = arith.subi %5, %arg0 : i32 // unused
// CHECK-NEXT: return %2 : i32 // id: %8
