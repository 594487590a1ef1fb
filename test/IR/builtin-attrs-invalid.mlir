// RUN: pyopt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"t.op"() {a = 42 : f32} : () -> ()

// -----

// `-0` does not fit: its negation has no sign bit.
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = -0 : i32} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 9223372036854775808 : index} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"t.op"() {a = 4.0 : i32} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
"t.op"() {a = dense<[4]> : i32} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"t.op"() {a = dense<1> : tensor<*xi32>} : () -> ()

// -----

// expected-error@+1 {{expected floating-point elements, but parsed integer}}
"t.op"() {a = dense<[1.0, 2]> : tensor<2xf32>} : () -> ()

// -----

// expected-error@+1 {{expected floating-point elements, but parsed integer}}
"t.op"() {a = dense<[1.0, true]> : tensor<2xf32>} : () -> ()

// -----

// expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
"t.op"() {a = dense<[1, -1]> : tensor<2xui8>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for type}}
"t.op"() {a = dense<0x1FF> : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{parsed zero elements, but type ('tensor<i64>') expected at least 1}}
"t.op"() {a = dense<> : tensor<i64>} : () -> ()

// -----

// expected-error@+1 {{expected ',' between complex elements}}
"t.op"() {a = dense<[(1)]> : tensor<1xcomplex<i32>>} : () -> ()

// -----

// expected-error@+1 {{expected ')' after complex elements}}
"t.op"() {a = dense<[(1, 2]> : tensor<1xcomplex<i32>>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"t.op"() {a = dense<[[1], 2]> : tensor<2x1xi32>} : () -> ()

// -----

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.op"() {a = dense<"xyz"> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<2xi8>'}}
"t.op"() {a = dense<"0x010203"> : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{expected 1-d tensor for sparse element values}}
"t.op"() {a = sparse<[[0, 0]], [[1]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[2, 2], and type='tensor<2x2xi32>'}}
"t.op"() {a = sparse<2, 1> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([4, 4]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])}}
"t.op"() {a = sparse<[[1, 2]], [5, 6]> : tensor<4x4xi32>} : () -> ()

// -----

// expected-error@+1 {{expected ':' after dense array type}}
"t.op"() {a = array<i8 1>} : () -> ()

// -----

// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"t.op"() {a = array<i4: 1>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range}}
"t.op"() {a = array<i8: 256>} : () -> ()

// -----

// expected-error@+1 {{strides must not be zero}}
"t.op"() {a = strided<[0, 1]>} : () -> ()

// -----

// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
"t.op"() {a = strided<[9223372036854775808]>} : () -> ()

// -----

// expected-error@+1 {{expected an unsigned 64-bit integer}}
"t.op"() {a = distinct[0x10000000000000000]<>} : () -> ()

// -----

// expected-error@+1 {{`dense_resource` expected a shaped type}}
"t.op"() {a = dense_resource<blob> : i32} : () -> ()
