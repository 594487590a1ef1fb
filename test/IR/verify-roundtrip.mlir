// --verify-roundtrip re-parses the generic form (with locations) right after parsing and
// compares; on success the run goes on as without it.
// RUN: pyopt %s --verify-roundtrip --split-input-file --allow-unregistered-dialect --canonicalize | filecheck %s
// RUN: pyopt %s --verify-roundtrip --split-input-file --allow-unregistered-dialect --mlir-print-debuginfo | filecheck %s --check-prefix=LOC

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT: return %[[C]]
func.func @f() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32 loc("x.c":3:4)
  return %c : i32
}

// -----

// LOC: "foo.op"() <{p = 1 : i32}> ({
// LOC: loc("x.c":3:4)
"foo.op"() <{p = 1 : i32}> ({
^bb0(%x: i32 loc(fused["a", "b"])):
  "foo.yield"(%x) : (i32) -> ()
}) : () -> () loc("x.c":3:4)
