// RUN: pyopt %s -split-input-file --test-operations-equality | filecheck %s
// Two top-level ops are compared structurally; block arguments and results pair up.

// CHECK: test.pair with attr {} compares equals.
"test.pair"() ({
^bb0(%a: i32):
  %x = "test.add"(%a, %a) : (i32, i32) -> i32
  "test.br"() [^bb1] : () -> ()
^bb1:
  "test.end"() : () -> ()
}) : () -> ()
"test.pair"() ({
^bb0(%b: i32):
  %y = "test.add"(%b, %b) : (i32, i32) -> i32
  "test.br"() [^bb1] : () -> ()
^bb1:
  "test.end"() : () -> ()
}) : () -> ()
// -----
// A strict_loc_check attribute makes differing locations matter.
// CHECK: test.strict with attr {strict_loc_check, tag = 1 : i64} compares NOT equals!
"test.strict"() {strict_loc_check, tag = 1} : () -> () loc("a")
"test.strict"() {strict_loc_check, tag = 1} : () -> () loc("b")
// -----
// CHECK: test.vals with attr {v = 1 : i32} compares NOT equals!
"test.vals"() {v = 1 : i32} : () -> ()
"test.vals"() {v = 2 : i32} : () -> ()
// -----
// Swapped operands are not the same op.
// CHECK: test.operands with attr {} compares NOT equals!
"test.operands"() ({
^bb0(%a: i32, %b: i32):
  "test.use"(%a, %b) : (i32, i32) -> ()
}) : () -> ()
"test.operands"() ({
^bb0(%a: i32, %b: i32):
  "test.use"(%b, %a) : (i32, i32) -> ()
}) : () -> ()
