// RUN: pyopt %s --canonicalize | filecheck %s

// Inline asm without `has_side_effects` has no memory effects: unused, it is erased.
// CHECK-LABEL: llvm.func @asm_dce
llvm.func @asm_dce(%v : i64) -> i64 {
  // CHECK-NOT: "nop"
  llvm.inline_asm "nop", "r" %v : (i64) -> ()
  %dead = llvm.inline_asm "mov $0, $1", "=r,r" %v : (i64) -> i64
  // CHECK: llvm.inline_asm has_side_effects "fence", "r"
  llvm.inline_asm has_side_effects "fence", "r" %v : (i64) -> ()
  // CHECK: %[[R:.*]] = llvm.inline_asm "lea $0, $1", "=r,r"
  %live = llvm.inline_asm "lea $0, $1", "=r,r" %v : (i64) -> i64
  // CHECK: llvm.return %[[R]]
  llvm.return %live : i64
}
