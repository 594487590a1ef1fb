// RUN: pyopt %s --test-generic-ir-block-visitors-interrupt -o /dev/null | filecheck %s
// RUN: pyopt %s --test-generic-ir-region-visitors-interrupt -o /dev/null | filecheck %s
// A bool 'interrupt' attribute (even false) on an op of the block/region stops the walk.

func.func @f() {
  "test.r"() ({
    "test.x"() : () -> ()
  }, {
    "test.y"() {interrupt = false} : () -> ()
  }) : () -> ()
  return
}

// CHECK: step 0
// CHECK-NEXT: step 1 walk was interrupted
