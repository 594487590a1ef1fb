// RUN: pyopt %s -split-input-file -verify-diagnostics

// The MLIR 16 form of an atomic implies a typed pointer: an opaque one does not match it.
// expected-note@+1 {{prior use here}}
llvm.func @atomic_on_opaque(%p: !llvm.ptr, %v: i32) {
  // expected-error@+1 {{use of value '%p' expects different type than prior uses: '!llvm.ptr<i32>' vs '!llvm.ptr'}}
  %r = llvm.atomicrmw add %p, %v acq_rel : i32
  llvm.return
}

// -----

// A load through an opaque pointer still needs its result type.
llvm.func @load_opaque(%p: !llvm.ptr) {
  // expected-error@+1 {{expected '->'}}
  %v = llvm.load %p : !llvm.ptr
  llvm.return
}

// -----

// The stored value must have the pointee's type.
// expected-note@+1 {{prior use here}}
llvm.func @store_mismatch(%p: !llvm.ptr<i32>, %v: f32) {
  // expected-error@+1 {{use of value '%v' expects different type than prior uses: 'i32' vs 'f32'}}
  llvm.store %v, %p : !llvm.ptr<i32>
  llvm.return
}

// -----

// Calling an opaque pointer names the pointer type, as in MLIR 19.
llvm.func @call_opaque(%p: !llvm.ptr, %v: i32) {
  // expected-error@+1 {{expected indirect call to have 2 trailing types}}
  %x = llvm.call %p(%v) : (i32) -> i32
  llvm.return
}

// -----

// The volatile flag of a memory intrinsic becomes a property only when it is a constant.
llvm.func @memcpy_flag(%p: !llvm.ptr<i8>, %n: i64, %f: i1) {
  // expected-error@+1 {{'llvm.intr.memcpy' op expected 3 operands, but found 4}}
  "llvm.intr.memcpy"(%p, %p, %n, %f) : (!llvm.ptr<i8>, !llvm.ptr<i8>, i64, i1) -> ()
  llvm.return
}

// -----

// A bare identified struct is still only a recursive reference.
llvm.func @bare_struct(%p: !llvm.ptr<i8>) {
  // expected-error@+1 {{struct without a body only allowed in a recursive struct}}
  %0 = llvm.bitcast %p : !llvm.ptr<i8> to !llvm.ptr<struct<"hello">>
  llvm.return
}
