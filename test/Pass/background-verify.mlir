// After the parse and after each module-level pass, pyopt verifies the module in a forked
// child while it goes on (inputs of 64 KB or more; PYOPT_NO_FORK=1: in-process). What a user
// sees must not depend on it: remarks that verifiers emit, diagnostics that passes emit, and
// the verifier's error on IR a pass broke (with more passes after it) come out as an
// in-process run gives them. The inputs are padded with comments to that size.
// RUN: %python -c "print(('//' + 'x' * 98 + chr(10)) * 700)" > %t.pad
// RUN: cat %s %t.pad > %t.mlir
// RUN: pyopt %t.mlir -split-input-file --test-memref-bound-check --cse --canonicalize > %t.fork 2>&1
// RUN: env PYOPT_NO_FORK=1 pyopt %t.mlir -split-input-file --test-memref-bound-check --cse --canonicalize > %t.nofork 2>&1
// RUN: diff %t.fork %t.nofork
// RUN: filecheck %s < %t.fork
// RUN: cat %S/broken-ir-after-pass.mlir %t.pad > %t.broken.mlir
// RUN: not pyopt %t.broken.mlir --load-pass-plugin=%S/Inputs/breaking_passes.py --test-break-erase-def --canonicalize --cse > %t.broken.fork 2>&1
// RUN: env PYOPT_NO_FORK=1 not pyopt %t.broken.mlir --load-pass-plugin=%S/Inputs/breaking_passes.py --test-break-erase-def --canonicalize --cse > %t.broken.nofork 2>&1
// RUN: diff %t.broken.fork %t.broken.nofork
// RUN: filecheck %s --check-prefix=BROKEN < %t.broken.fork

// Four verifications (parse and three passes), each with the test op's two remarks; the
// second chunk's diagnostic; then the output (all of stderr comes before stdout here).
// CHECK-COUNT-4: remark: success run of verifier
// CHECK: error: 'affine.load' op memref out of upper bound access along dimension #1
// CHECK: module {
// CHECK: arith.muli %0, %0 : i32
// CHECK: "test.verifiers"
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
%c = arith.constant 0 : i32
"test.verifiers"(%c) ({
  %d = arith.constant 1 : i32
}) : (i32) -> ()

// -----

// A pass's own diagnostics (it goes on after them).
// CHECK-LABEL: func.func @g
// CHECK: affine.for
func.func @g(%m: memref<10xf32>) {
  affine.for %i = 0 to 20 {
    %v = affine.load %m[%i] : memref<10xf32>
    affine.store %v, %m[0] : memref<10xf32>
  }
  return
}

// BROKEN: error: 'arith.muli' op using value defined outside the region
// BROKEN-NOT: error
