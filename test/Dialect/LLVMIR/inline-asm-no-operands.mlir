// A string attribute in an op format never takes a `: type` suffix, so the colon after the
// constraints of an operand-less inline_asm starts its function type.
// RUN: pyopt %s | pyopt | filecheck %s

// CHECK-LABEL: llvm.func @f
// CHECK-NEXT:    llvm.inline_asm has_side_effects "nop", ""  : () -> ()
// CHECK-NEXT:    %{{.*}} = llvm.inline_asm "mov $0, 1", "=r"  : () -> i32
llvm.func @f() {
  llvm.inline_asm has_side_effects "nop", "" : () -> ()
  %0 = llvm.inline_asm "mov $0, 1", "=r" : () -> i32
  llvm.return
}
