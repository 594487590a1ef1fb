// RUN: pyopt %s -allow-unregistered-dialect -mlir-print-debuginfo | filecheck %s
// RUN: pyopt %s -allow-unregistered-dialect -mlir-print-debuginfo | pyopt -allow-unregistered-dialect -mlir-print-debuginfo | filecheck %s
// RUN: pyopt %s -allow-unregistered-dialect -mlir-print-debuginfo -mlir-pretty-debuginfo -mlir-print-local-scope | filecheck %s --check-prefix=PRETTY

#here = loc("here.c":4:2)

func.func @locs(%a: i32 loc("arg.c":1:1)) {
  // CHECK: "t.a"() : () -> () loc(#[[HERE:loc[0-9]*]])
  // PRETTY: "t.a"() : () -> () here.c:4:2
  "t.a"() : () -> () loc(#here)
  // A reference to an alias defined later in the file.
  // CHECK: "t.b"() : () -> () loc(#[[LATE:loc[0-9]*]])
  // PRETTY: "t.b"() : () -> () "late"
  "t.b"() : () -> () loc(#late)
  // CHECK: "t.c"() : () -> () loc(#[[CS:loc[0-9]*]])
  // PRETTY: "t.c"() : () -> () "f" at a.c:1:2
  "t.c"() : () -> () loc(callsite("f" at "a.c":1:2))
  // PRETTY: "t.d"() : () -> () <"m">["x", b.c:3:4]
  "t.d"() : () -> () loc(fused<"m">["x", "b.c":3:4])
  // PRETTY: return [unknown]
  return loc(unknown)
}

#late = loc("late")

// Location aliases come after the module.
// CHECK-DAG: #[[HERE]] = loc("here.c":4:2)
// CHECK-DAG: #[[LATE]] = loc("late")
// CHECK-DAG: #[[CS]] = loc(callsite(#{{loc[0-9]*}} at #{{loc[0-9]*}}))
