// RUN: pyopt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics

func.func private @twice()  // expected-note {{see existing symbol definition here}}
func.func private @twice()  // expected-error {{redefinition of symbol named 'twice'}}

// -----

// A body-less function is a declaration: it may not be public.
// expected-error@+1 {{symbol declaration cannot have public visibility}}
func.func @public_decl()

// -----

func.func @nested_symbol() {
  // expected-error@+1 {{symbol's parent must have the SymbolTable trait}}
  func.func private @inner()
  return
}

// -----

// The generic form does not isolate names: the verifier catches the capture instead.
func.func @capture(%v: i32) {
  "builtin.module"() ({  // expected-note {{required by region isolation constraints}}
    "t.use"(%v) : (i32) -> ()  // expected-error {{'t.use' op using value defined outside the region}}
  }) : () -> ()
  return
}

// -----

func.func @use_before_def() {
  "t.use"(%late) : (i32) -> ()  // expected-error {{operand #0 does not dominate this use}}
  %late = "t.def"() : () -> i32  // expected-note {{operand defined here (op in the same block)}}
  return
}

// -----

// Unregistered ops are graph-like inside, but the use is hoisted to the op in the SSA region.
func.func @use_in_region_before_def() {
  "t.wrap"() ({
    "t.use"(%late) : (i32) -> ()  // expected-error {{operand #0 does not dominate this use}}
  }) : () -> ()
  %late = "t.def"() : () -> i32  // expected-note {{operand defined here (op in a parent region)}}
  return
}

// -----

func.func @block_arg_not_dominating() {  // expected-note {{operand defined as a block argument (block #1 in the same region)}}
  "t.use"(%arg) : (i32) -> ()  // expected-error {{operand #0 does not dominate this use}}
  "t.br"() [^bb1] : () -> ()
^bb1(%arg: i32):
  return
}

// -----

func.func @missing_terminator() {  // expected-error {{empty block: expect at least a terminator}}
^bb0:
^bb1:
  return
}

// -----

func.func @early_exit() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "t.br"() [^bb1] : () -> ()
  return
^bb1:
  return
}

// -----

// expected-error@+1 {{expected non-empty function body}}
func.func @empty_body() {}

// -----

// expected-error@+1 {{arguments may only have dialect attributes}}
func.func private @plain_arg_attr(i32 {plain = 1})

// -----

// expected-error@+1 {{'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @inferred() attributes {sym_name = "x"}
