// In MLIR 19 only llvm.add and llvm.mul are Commutative: CSE merges `add a, b` with
// `add b, a` but keeps and/or/xor (and the float ops) with swapped operands apart, and
// canonicalize moves a constant operand last only for add and mul.
// RUN: pyopt %s --cse | filecheck %s
// RUN: pyopt %s --canonicalize | filecheck %s --check-prefix=CANON

// CHECK-LABEL: llvm.func @swapped
llvm.func @swapped(%a: i32, %b: i32, %x: f32, %y: f32) {
  // CHECK: %[[ADD:.*]] = llvm.add %arg0, %arg1
  // CHECK-NEXT: llvm.call @use(%[[ADD]], %[[ADD]])
  %add0 = llvm.add %a, %b : i32
  %add1 = llvm.add %b, %a : i32
  llvm.call @use(%add0, %add1) : (i32, i32) -> ()
  // CHECK: %[[MUL:.*]] = llvm.mul %arg0, %arg1
  // CHECK-NEXT: llvm.call @use(%[[MUL]], %[[MUL]])
  %mul0 = llvm.mul %a, %b : i32
  %mul1 = llvm.mul %b, %a : i32
  llvm.call @use(%mul0, %mul1) : (i32, i32) -> ()
  // CHECK: %[[AND0:.*]] = llvm.and %arg0, %arg1
  // CHECK-NEXT: %[[AND1:.*]] = llvm.and %arg1, %arg0
  // CHECK-NEXT: llvm.call @use(%[[AND0]], %[[AND1]])
  %and0 = llvm.and %a, %b : i32
  %and1 = llvm.and %b, %a : i32
  llvm.call @use(%and0, %and1) : (i32, i32) -> ()
  // CHECK: %[[OR0:.*]] = llvm.or %arg0, %arg1
  // CHECK-NEXT: %[[OR1:.*]] = llvm.or %arg1, %arg0
  // CHECK-NEXT: llvm.call @use(%[[OR0]], %[[OR1]])
  %or0 = llvm.or %a, %b : i32
  %or1 = llvm.or %b, %a : i32
  llvm.call @use(%or0, %or1) : (i32, i32) -> ()
  // CHECK: %[[XOR0:.*]] = llvm.xor %arg0, %arg1
  // CHECK-NEXT: %[[XOR1:.*]] = llvm.xor %arg1, %arg0
  // CHECK-NEXT: llvm.call @use(%[[XOR0]], %[[XOR1]])
  %xor0 = llvm.xor %a, %b : i32
  %xor1 = llvm.xor %b, %a : i32
  llvm.call @use(%xor0, %xor1) : (i32, i32) -> ()
  // CHECK: %[[FADD0:.*]] = llvm.fadd %arg2, %arg3
  // CHECK-NEXT: %[[FADD1:.*]] = llvm.fadd %arg3, %arg2
  // CHECK-NEXT: llvm.call @usef(%[[FADD0]], %[[FADD1]])
  %fadd0 = llvm.fadd %x, %y : f32
  %fadd1 = llvm.fadd %y, %x : f32
  llvm.call @usef(%fadd0, %fadd1) : (f32, f32) -> ()
  llvm.return
}

// CANON-LABEL: llvm.func @constant_first
// CANON: %[[C:.*]] = llvm.mlir.constant(5 : i32)
// CANON-NEXT: %[[AND:.*]] = llvm.and %[[C]], %arg0
// CANON-NEXT: %[[OR:.*]] = llvm.or %[[C]], %[[AND]]
// CANON-NEXT: %[[XOR:.*]] = llvm.xor %[[C]], %[[OR]]
// CANON-NEXT: %[[ADD:.*]] = llvm.add %[[XOR]], %[[C]]
// CANON-NEXT: %[[MUL:.*]] = llvm.mul %[[ADD]], %[[C]]
llvm.func @constant_first(%a: i32) -> i32 {
  %c = llvm.mlir.constant(5 : i32) : i32
  %0 = llvm.and %c, %a : i32
  %1 = llvm.or %c, %0 : i32
  %2 = llvm.xor %c, %1 : i32
  %3 = llvm.add %c, %2 : i32
  %4 = llvm.mul %c, %3 : i32
  llvm.return %4 : i32
}

llvm.func @use(i32, i32)
llvm.func @usef(f32, f32)
