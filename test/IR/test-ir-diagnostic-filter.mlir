// RUN: pyopt %s -pass-pipeline="builtin.module(func.func(test-diagnostic-filter{filters=mysource1}))" -split-input-file -o /dev/null 2>&1 | filecheck %s
// Hidden file names are skipped; a call site's visible callers become notes.

// CHECK-LABEL: Test 't3'
// CHECK-NEXT: a.c:3:4: error: test diagnostic
// CHECK-NEXT: b.c:5:6: note: called from
// CHECK-NEXT: c.c:7:8: note: called from
func.func private @t3() attributes {
  test.loc = loc(callsite("a.c":3:4 at callsite("mysource1":1:0 at callsite("b.c":5:6 at "c.c":7:8))))
}
// -----
// CHECK-LABEL: Test 't4'
// CHECK-NEXT: x.c:1:1: error: test diagnostic
func.func private @t4() attributes {
  test.loc = loc(fused["x.c":1:1, "y.c":2:2])
}
// -----
// CHECK-LABEL: Test 't5'
// CHECK-NEXT: k.c:9:9: error: test diagnostic
func.func private @t5() attributes {
  test.loc = loc("nm"("k.c":9:9))
}
