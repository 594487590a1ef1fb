// RUN: pyopt %s -allow-unregistered-dialect | pyopt -allow-unregistered-dialect | filecheck %s
// RUN: pyopt %s -allow-unregistered-dialect -mlir-print-op-generic | pyopt -allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: func.func @forward_refs
func.func @forward_refs(%arg0: i32) -> i32 {
  // Uses may precede definitions within a block (graph-like unregistered region).
  // CHECK: "t.graph"() ({
  // CHECK-NEXT: "t.use"(%[[V:.*]]) : (i32) -> ()
  // CHECK-NEXT: %[[V]] = "t.def"() : () -> i32
  "t.graph"() ({
    "t.use"(%later) : (i32) -> ()
    %later = "t.def"() : () -> i32
  }) : () -> ()
  // CHECK: cf.br ^bb1(%arg0 : i32)
  cf.br ^bb1(%arg0 : i32)
// CHECK: ^bb1(%[[A:.*]]: i32):  // pred: ^bb0
^bb1(%a: i32):
  // CHECK: return %[[A]] : i32
  return %a : i32
}

// Unnamed signature arguments: the entry label names them.
// CHECK-LABEL: func.func @labelled_entry(%arg0: i32)
func.func @labelled_entry(i32) {
^bb0(%x: i32):
  // CHECK-NEXT: "t.use"(%arg0)
  "t.use"(%x) : (i32) -> ()
  return
}

// Properties of unregistered ops round trip verbatim.
// CHECK-LABEL: func.func @opaque_props
func.func @opaque_props() {
  // CHECK: "t.p"() <{a = 1 : i64, b = "x"}> : () -> ()
  "t.p"() <{b = "x", a = 1}> : () -> ()
  // CHECK: "t.q"() <[1, 2]> : () -> ()
  "t.q"() <[1, 2]> : () -> ()
  return
}

// Results groups and multi-result values.
// CHECK-LABEL: func.func @multi
func.func @multi() {
  // CHECK: %[[R:.*]]:3 = "t.three"() : () -> (i1, i2, i3)
  %r:3 = "t.three"() : () -> (i1, i2, i3)
  // CHECK: "t.use"(%[[R]]#2, %[[R]]#0) : (i3, i1) -> ()
  "t.use"(%r#2, %r#0) : (i3, i1) -> ()
  return
}
