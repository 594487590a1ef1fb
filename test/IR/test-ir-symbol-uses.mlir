// RUN: pyopt -allow-unregistered-dialect %s -test-symbol-uses -split-input-file -verify-diagnostics
// Symbol-use queries: uses inside nested symbol tables do not count, their own
// attributes do; a nested reference is a use of every symbol on its path.

// expected-remark@below {{unused_decl function successfully erased}}
module {
  // expected-remark@+1 {{symbol has 2 uses}}
  func.func private @callee()

  // expected-remark@+1 {{symbol has no uses}}
  func.func private @unused_decl()

  // expected-remark@below {{symbol has no uses}}
  // expected-remark@below {{symbol contains 2 nested references}}
  // expected-remark@below {{found use of symbol : @callee}}
  func.func @user() attributes {a.ref = @callee} {
    // expected-remark@+1 {{found use of symbol : @callee : "callee"}}
    "other.op"() {refs = [[@callee]]} : () -> ()
    return
  }

  // expected-remark@+1 {{symbol has 2 uses}}
  module @outer {
    // expected-remark@+1 {{symbol has 1 uses}}
    func.func nested @inner()
  }

  // expected-remark@below {{symbol has no uses}}
  // expected-remark@below {{symbol contains 2 nested references}}
  func.func @nested_user() {
    // expected-remark@below {{found use of symbol : @outer::@inner : "inner"}}
    // expected-remark@below {{found use of symbol : @outer::@inner : "outer"}}
    // expected-remark@below {{found use of symbol : @outer : "outer"}}
    "other.op"() {x = @outer::@inner, y = @outer} : () -> ()
    return
  }
}

// -----

// expected-remark@+1 {{symbol contains an unknown nested operation that 'may' define a new symbol table}}
func.func @opaque() {
  "other.region_op"() ({
  }) : () -> ()
  return
}
