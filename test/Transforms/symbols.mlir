// Private and nested symbols without uses are erased; public ones and what they reference stay;
// a hidden (private) nested symbol table loses its unused symbols.
// RUN: pyopt %s -symbol-dce | filecheck %s
// RUN: pyopt %s -symbol-privatize=exclude=entry | filecheck %s --check-prefix=PRIV

// CHECK: module {
// CHECK-NEXT: func.func private @used()
// CHECK-NEXT: func.func @entry()
// CHECK: module @inner {
// CHECK-NEXT: func.func @kept()
// CHECK-NOT: nested_dead
// CHECK-NOT: @hidden
// CHECK-NOT: @dead

// PRIV: func.func private @dead()
// PRIV: func.func private @used()
// PRIV: func.func @entry()
// PRIV: module @inner attributes {sym_visibility = "private"}
// PRIV-NEXT: func.func nested @nested_dead()
module {
  func.func private @dead()
  func.func private @used()
  func.func @entry() {
    call @used() : () -> ()
    return
  }
  builtin.module @inner {
    func.func nested @nested_dead()
    func.func @kept() { return }
  }
  builtin.module @hidden attributes {sym_visibility = "private"} {
    func.func nested @x()
  }
}
