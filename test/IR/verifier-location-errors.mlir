// RUN: not pyopt %s -split-input-file 2>&1 | filecheck %s

// Structural errors MLIR reports at a location rather than through the op: no "see current
// operation" note follows them (errors an op emits do have one).

// CHECK: error: empty block: expect at least a terminator
// CHECK-NOT: see current operation
// CHECK: error: entry block of region may not have predecessors
// CHECK-NOT: see current operation
// CHECK: error: 'arith.addi' op operand #0 must be signless-integer-like
// CHECK-NEXT: %0 = "arith.addi"
// CHECK-NEXT: ^
// CHECK-NEXT: note: see current operation
func.func @empty() {
  cf.br ^bb1
^bb1:
}

// -----

func.func @entry_has_pred() {
^bb0:
  cf.br ^bb0
}

// -----

func.func @bad_operand(%f: f32) {
  %0 = "arith.addi"(%f, %f) : (f32, f32) -> f32
  return
}
