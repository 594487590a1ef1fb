// RUN: pyopt %s -test-distinct-attrs | filecheck %s
// Each marked op gets its own new distinct attribute around the same value.

// CHECK: #[[IN:.*]] = distinct[0]<"x">
// CHECK: #[[OUT1:.*]] = distinct[1]<"x">
// CHECK: #[[OUT2:.*]] = distinct[2]<"x">
#d = distinct[7]<"x">
func.func @f() {
  // CHECK: "test.op"() {distinct.input = #[[IN]], distinct.output = #[[OUT1]]}
  "test.op"() {distinct.input = #d} : () -> ()
  // CHECK: "test.op"() {distinct.input = #[[IN]], distinct.output = #[[OUT2]]}
  "test.op"() {distinct.input = #d} : () -> ()
  // CHECK: "test.op"() {other = 1 : i32}
  "test.op"() {other = 1 : i32} : () -> ()
  return
}
