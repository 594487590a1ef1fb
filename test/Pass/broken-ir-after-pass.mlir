// A pass that leaves invalid IR behind is reported as the verifier's diagnostic on the
// offending op (printed even though an operand's defining op is gone), an exception inside a
// pass as an internal error naming the pass; exit status 1 and no output file either way.
// RUN: rm -f %t.out
// RUN: not pyopt %s --load-pass-plugin=%S/Inputs/breaking_passes.py --test-break-erase-def -o %t.out 2>&1 | filecheck %s --check-prefix=VERIFY
// RUN: not test -e %t.out
// RUN: not pyopt %s --load-pass-plugin=%S/Inputs/breaking_passes.py --test-break-raise -o %t.out 2>&1 | filecheck %s --check-prefix=RAISE
// RUN: not test -e %t.out
// RUN: not pyopt %s --load-pass-plugin=%S/Inputs/breaking_passes.py --test-break-erase-def --mlir-print-ir-after-failure 2>&1 | filecheck %s --check-prefix=DUMP

// VERIFY: broken-ir-after-pass.mlir:17:8: error: 'arith.muli' op using value defined outside the region
// VERIFY-NEXT: arith.muli
// VERIFY: note: see current operation: %0 = "arith.muli"(<<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>)
// VERIFY-NOT: Traceback
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}

// RAISE: error: internal error in pass 'test-break-raise': KeyError: 'oops'
// RAISE-NOT: Traceback

// DUMP: IR Dump After
// DUMP: arith.muli <<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>
