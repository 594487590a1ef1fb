// RUN: pytranslate -mlir-to-llvmir -split-input-file -verify-diagnostics %s

llvm.func @unknown() {
  // expected-error@below {{could not find LLVM intrinsic: "llvm.not.an.intrinsic"}}
  // expected-error@below {{LLVM Translation failed for operation: llvm.call_intrinsic}}
  llvm.call_intrinsic "llvm.not.an.intrinsic"() : () -> ()
  llvm.return
}

// -----

llvm.func @suffix_on_plain() {
  // expected-error@below {{could not find LLVM intrinsic: "llvm.trap.i32"}}
  // expected-error@below {{LLVM Translation failed for operation: llvm.call_intrinsic}}
  llvm.call_intrinsic "llvm.trap.i32"() : () -> ()
  llvm.return
}

// -----

llvm.func @no_overload(%v: vector<4xf32>) {
  // expected-error@below {{call intrinsic signature i32 (<4 x float>) to overloaded intrinsic "llvm.vector.reduce.add" does not match any of the overloads}}
  // expected-error@below {{LLVM Translation failed for operation: llvm.call_intrinsic}}
  %0 = llvm.call_intrinsic "llvm.vector.reduce.add"(%v) : (vector<4xf32>) -> i32
  llvm.return
}

// -----

llvm.func @too_few(%a: i32) {
  // expected-error@below {{intrinsic call has 1 operands but "llvm.sadd.with.overflow" expects 2}}
  // expected-error@below {{LLVM Translation failed for operation: llvm.call_intrinsic}}
  %0 = llvm.call_intrinsic "llvm.sadd.with.overflow"(%a) : (i32) -> !llvm.struct<(i32, i1)>
  llvm.return
}

// -----

llvm.func @variadic_too_few() {
  // expected-error@below {{intrinsic call returns i32 but "llvm.localescape" actually returns void}}
  // expected-error@below {{LLVM Translation failed for operation: llvm.call_intrinsic}}
  %0 = llvm.call_intrinsic "llvm.localescape"() : () -> i32
  llvm.return
}
