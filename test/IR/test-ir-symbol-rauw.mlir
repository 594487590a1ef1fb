// RUN: pyopt -allow-unregistered-dialect %s -test-symbol-rauw -split-input-file | filecheck %s
// Renaming symbols rewrites the references their users hold, nested paths included;
// references inside another symbol table are left alone.

// CHECK: #[[D:.*]] = distinct[0]<@new_f>
// CHECK-LABEL: module
// CHECK: func.func private @new_f()
// CHECK: module @new_m
// CHECK: func.func nested @new_g()
// CHECK: "other.op"() {a = @new_f, b = [{c = @new_m::@new_g}], d = #[[D]]}
// CHECK: module attributes {x.e = @new_f}
// CHECK: "other.op"() {f = @f}
module {
  func.func private @f() attributes {sym.new_name = "new_f"}
  module @m attributes {sym.new_name = "new_m"} {
    func.func nested @g() attributes {sym.new_name = "new_g"}
  }
  func.func @user() {
    "other.op"() {a = @f, b = [{c = @m::@g}], d = distinct[0]<@f>} : () -> ()
    return
  }
  module attributes {x.e = @f} {
    "other.op"() {f = @f} : () -> ()
  }
}

// -----

// Nothing is renamed next to an op that may be a symbol table.
// CHECK: func.func private @kept()
module {
  func.func private @kept() attributes {sym.new_name = "renamed"}
  "other.region_op"() ({
  }) : () -> ()
}
