// RUN: pyopt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics

// Block labels are region-local; a second label with the same name is rejected.
func.func @dup_block() {
^bb3:
  return
^bb3:  // expected-error {{redefinition of block '^bb3'}}
  return
}

// -----

// Every referenced block must be defined in the region.
func.func @missing_block() {
  "t.br"() [^nowhere] : () -> ()  // expected-error {{reference to an undefined block}}
}

// -----

// Named function arguments and an explicit entry label do not mix.
func.func @named_and_label(%x: i32) {
^entry:  // expected-error {{invalid block name in region with named arguments}}
  return
}

// -----

// With unnamed arguments the entry label declares them; more than the signature is an error.
func.func @too_many(i32) {
^bb0(%a: i32, %b: i32):
  return
// expected-error@+1 {{entry block arguments were already defined}}
}

// -----

func.func @redefined() {
  %v = "t.a"() : () -> i32  // expected-note {{previously defined here}}
  %v = "t.b"() : () -> i32  // expected-error {{redefinition of SSA value '%v'}}
  return
}

// -----

func.func @forward_type_mismatch() {
  "t.use"(%later) : (i16) -> ()  // expected-note {{previously used here with type 'i16'}}
  %later = "t.def"() : () -> i32  // expected-error {{definition of SSA value '%later#0' has type 'i32'}}
  return
}

// -----

func.func @use_type_mismatch(%p: i32) {  // expected-note {{prior use here}}
  "t.use"(%p) : (i64) -> ()  // expected-error {{use of value '%p' expects different type than prior uses: 'i64' vs 'i32'}}
  return
}

// -----

// All undeclared names are reported, in source order.
func.func @undeclared() {
  "t.use"(%ghost1) : (i32) -> ()  // expected-error {{use of undeclared SSA value name}}
  "t.use"(%ghost2) : (i32) -> ()  // expected-error {{use of undeclared SSA value name}}
  return
}

// -----

// Custom-form regions of isolated ops do not hide outer names from the parser either: the
// verifier's isolation check reports the capture.
func.func @outer(%q: i32) {
  builtin.module {  // expected-note {{required by region isolation constraints}}
    "t.use"(%q) : (i32) -> ()  // expected-error {{'t.use' op using value defined outside the region}}
  }
  return
}

// -----

func.func @result_count() {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %a:2 = "t.one"() : () -> i32
  return
}

// -----

func.func @no_results() {
  // expected-error@+1 {{cannot name an operation with no results}}
  %n = "t.none"() : () -> ()
  return
}

// -----

func.func @bad_result_number() {
  %r:2 = "t.two"() : () -> (i32, i32)
  "t.use"(%r#5) : (i32) -> ()  // expected-error {{reference to invalid result number}}
  return
}
