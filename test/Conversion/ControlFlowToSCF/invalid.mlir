// RUN: pyopt %s --allow-unregistered-dialect --lift-cf-to-scf --split-input-file --verify-diagnostics

// Blocks nothing branches to are refused before anything changes.
func.func @dead_block() {
  "test.live"() : () -> ()
  return
^dead:
  // expected-error @below {{transformation does not support unreachable blocks}}
  "test.dead"() : () -> ()
  return
}

// -----

// Only functions get a terminator after an infinite loop.
func.func @spin_in_region() {
  "test.region"() ({
    "test.enter"() : () -> ()
    cf.br ^spin
  ^spin:
    // expected-error @below {{Cannot create unreachable terminator for 'test.region'}}
    cf.br ^spin
  }) : () -> ()
  return
}

// -----

// A branch op the lifting has no structured form for.
func.func @llvm_branch(%c: i1) {
  // expected-error @below {{Cannot convert unknown control flow op to structured control flow}}
  llvm.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}
