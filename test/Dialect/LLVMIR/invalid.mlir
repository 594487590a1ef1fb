// RUN: pyopt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @icmp_bad_predicate(%a: i32) {
  // expected-error@+1 {{'foo' is an incorrect value of the 'predicate' attribute}}
  %0 = llvm.icmp "foo" %a, %a : i32
  return
}

// -----

func.func @atomic_load_i33(%p: !llvm.ptr) {
  // expected-error@+1 {{unsupported type 'i33' for atomic access}}
  %0 = llvm.load %p atomic monotonic {alignment = 8 : i64} : !llvm.ptr -> i33
  return
}

// -----

func.func @atomic_store_no_alignment(%v: i32, %p: !llvm.ptr) {
  // expected-error@+1 {{expected alignment for atomic access}}
  llvm.store %v, %p atomic release : i32, !llvm.ptr
  return
}

// -----

func.func @extractvalue_out_of_bounds(%s: !llvm.struct<(i32)>) {
  // The element type is inferred while parsing: the error points at the next token.
  // expected-error@+2 {{custom op 'llvm.extractvalue' position out of bounds: 1}}
  %0 = llvm.extractvalue %s[1] : !llvm.struct<(i32)>
  return
}

// -----

func.func @gep_struct_dynamic_index(%p: !llvm.ptr, %i: i32) {
  // expected-error@+1 {{expected index 1 indexing a struct to be constant}}
  %0 = llvm.getelementptr %p[0, %i] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, i64)>
  return
}

// -----

func.func @zext_narrowing(%a: i64) {
  // expected-error@+1 {{integer width of the output type is smaller or equal to the integer width of the input type}}
  %0 = llvm.zext %a : i64 to i32
  return
}

// -----

func.func @bitcast_address_spaces(%p: !llvm.ptr) {
  // expected-error@+1 {{cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead}}
  %0 = llvm.bitcast %p : !llvm.ptr to !llvm.ptr<1>
  return
}

// -----

llvm.func @f(i32) -> i32

llvm.func @call_type_mismatch(%a: i64) {
  // expected-error@+1 {{'llvm.call' op operand type mismatch for operand 0: 'i64' != 'i32'}}
  %0 = llvm.call @f(%a) : (i64) -> i32
  llvm.return
}

// -----

llvm.func @missing_callee() {
  // expected-error@+1 {{'llvm.call' op 'nope' does not reference a symbol in the current scope}}
  llvm.call @nope() : () -> ()
  llvm.return
}

// -----

// expected-error@+1 {{functions cannot have 'common' linkage}}
llvm.func common @common_func() {
  llvm.return
}

// -----

// expected-error@+1 {{"llvm.noalias" attribute attached to non-pointer LLVM type}}
llvm.func @noalias_on_int(i32 {llvm.noalias})

// -----

// expected-error@+1 {{'llvm.mlir.global' op requires an i8 array type of the length equal to that of the string attribute}}
llvm.mlir.global internal constant @str("abc") : !llvm.array<4 x i8>

// -----

llvm.mlir.global internal @g() : i32 {
  %0 = llvm.mlir.constant(1 : i64) : i64
  // expected-error@-2 {{'llvm.mlir.global' op initializer region type 'i64' does not match global type 'i32'}}
  llvm.return %0 : i64
}

// -----

func.func @fence_monotonic() {
  // expected-error@+1 {{can be given only acquire, release, acq_rel, and seq_cst orderings}}
  llvm.fence monotonic
  return
}

// -----

func.func @rmw_float_op_on_int(%p: !llvm.ptr, %v: i32) {
  // expected-error@+1 {{expected LLVM IR floating point type}}
  %0 = llvm.atomicrmw fadd %p, %v monotonic : !llvm.ptr, i32
  return
}

// -----

func.func @switch_case_count(%a: i32) {
  // expected-error@+2 {{custom op 'llvm.switch' expected integer value}}
  llvm.switch %a : i32, ^bb1 [
    ^bb1
  ]
^bb1:
  llvm.return
}

// -----

func.func @gep_operand_count(%pos : i64, %base : !llvm.ptr) {
  // functional-type(operands, ...) counts all operands at once
  // expected-error@+1 {{custom op 'llvm.getelementptr' 2 operands present, but expected 0}}
  %0 = llvm.getelementptr %base[%pos] : () -> (!llvm.ptr), i8
  return
}

// -----

func.func @gep_not_a_function_type(%pos : i64, %base : !llvm.ptr) {
  // expected-error@+1 {{custom op 'llvm.getelementptr' invalid kind of type specified}}
  %0 = llvm.getelementptr %base[%pos] : !llvm.ptr, i8
  return
}

// -----

llvm.func @cmpxchg_bad_inherent(%p : !llvm.ptr, %a : i32, %b : i32) {
  // expected-error@+1 {{'llvm.cmpxchg' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect access group metadata array}}
  %0 = llvm.cmpxchg %p, %a, %b acq_rel monotonic {access_groups = [@m::@s]} : !llvm.ptr, i32
  llvm.return
}

// -----

// expected-error@+1 {{custom op 'llvm.func' expected valid '@'-identifier for symbol name}}
llvm.func cc_12 @unknown_cconv()

// -----

// expected-error@+2 {{invalid Calling Conventions specification: cc_12}}
// expected-error@+1 {{failed to parse CConvAttr parameter 'CallingConv' which is to be a `CConv`}}
"t.op"() {c = #llvm.cconv<cc_12>} : () -> ()

// -----

// expected-error@+2 {{expected keyword for LLVM linkage types}}
// expected-error@+1 {{failed to parse LinkageAttr parameter 'linkage' which is to be a `linkage::Linkage`}}
"t.op"() {c = #llvm.linkage<1>} : () -> ()

// -----

// -0.0 is a zero value too; a non-zero element is not.
llvm.mlir.global common @zero_splat(dense<-0.0> : vector<2xf32>) : vector<2xf32>
// expected-error@+1 {{'llvm.mlir.global' op expected zero value for 'common' linkage}}
llvm.mlir.global common @non_zero(dense<[0, 1]> : tensor<2xi32>) : !llvm.array<2 x i32>
