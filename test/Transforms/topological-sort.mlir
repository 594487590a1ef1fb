// RUN: pyopt %s --topological-sort --allow-unregistered-dialect | filecheck %s

// The module body is a graph region: its ops are scheduled after the values they (and their
// nested ops) use; ops caught in a cycle keep their relative place.
module {
  %c = "test.op"(%b, %a) : (i32, i32) -> i32
  %b = "test.op"(%a) : (i32) -> i32
  %x = "test.op"(%y) : (i32) -> i32
  %y = "test.op"(%x) : (i32) -> i32
  %a = "test.src"() : () -> i32
  "test.region"() ({
    %z = "test.op"(%late) : (i32) -> i32
    "test.use"(%z) : (i32) -> ()
  }) : () -> ()
  %late = "test.src"() : () -> i32
  %w = "test.op"(%x, %c) : (i32, i32) -> i32
}

// CHECK:      %[[A:.*]] = "test.src"() : () -> i32
// CHECK-NEXT: %[[L:.*]] = "test.src"() : () -> i32
// CHECK-NEXT: %[[B:.*]] = "test.op"(%[[A]]) : (i32) -> i32
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT:   "test.op"(%[[L]])
// CHECK:      %[[C:.*]] = "test.op"(%[[B]], %[[A]])
// CHECK-NEXT: %[[X:.*]] = "test.op"(%[[Y:.*]]) : (i32) -> i32
// CHECK-NEXT: %[[Y]] = "test.op"(%[[X]]) : (i32) -> i32
// CHECK-NEXT: "test.op"(%[[X]], %[[C]])
