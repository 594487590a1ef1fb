// RUN: pyopt %s --test-generic-ir-visitors -o /dev/null | filecheck %s --check-prefix=WALK
// RUN: pyopt %s --test-generic-ir-visitors-interrupt -o /dev/null | filecheck %s --check-prefix=INT

"test.outer"() ({
  "test.a"() : () -> ()
  "test.two_region_op"() ({
    "test.b"() : () -> ()
  }, {
    "test.c"() ({
      "test.d"() : () -> ()
    }) {skip_before_all = true} : () -> ()
  }) : () -> ()
  "test.e"() ({
    "test.f"() : () -> ()
  }, {
    "test.g"() : () -> ()
  }) {interrupt_after_region = 0} : () -> ()
}) : () -> ()

// WALK: step 0 op 'builtin.module' before all regions
// WALK-NEXT: step 1 op 'test.outer' before all regions
// WALK-NEXT: step 2 op 'test.a' before all regions
// WALK-NEXT: step 3 op 'test.two_region_op' before all regions
// WALK-NEXT: step 4 op 'test.b' before all regions
// WALK-NEXT: step 5 op 'test.two_region_op' before region #1
// WALK-NEXT: step 6 op 'test.c' before all regions
// WALK-NEXT: step 7 op 'test.d' before all regions
// WALK-NEXT: step 8 op 'test.c' after all regions
// WALK-NEXT: step 9 op 'test.two_region_op' after all regions
// WALK-NEXT: step 10 op 'test.e' before all regions
// WALK-NEXT: step 11 op 'test.f' before all regions
// WALK-NEXT: step 12 op 'test.e' before region #1
// WALK-NEXT: step 13 op 'test.g' before all regions
// WALK-NEXT: step 14 op 'test.e' after all regions
// WALK-NEXT: step 15 op 'test.outer' after all regions
// WALK-NEXT: step 16 op 'builtin.module' after all regions
// WALK-NEXT: step 17 op 'test.two_region_op' before all regions
// WALK-NEXT: step 18 op 'test.two_region_op' before region #1
// WALK-NEXT: step 19 op 'test.two_region_op' after all regions
// test.c's region is skipped, the walk stops after test.e's first region, then the
// typed walk sees test.two_region_op only.
// INT: step 0 op 'builtin.module' before all regions
// INT-NEXT: step 1 op 'test.outer' before all regions
// INT-NEXT: step 2 op 'test.a' before all regions
// INT-NEXT: step 3 op 'test.two_region_op' before all regions
// INT-NEXT: step 4 op 'test.b' before all regions
// INT-NEXT: step 5 op 'test.two_region_op' before region #1
// INT-NEXT: step 6 op 'test.two_region_op' after all regions
// INT-NEXT: step 7 op 'test.e' before all regions
// INT-NEXT: step 8 op 'test.f' before all regions
// INT-NEXT: step 9 walk was interrupted
// INT-NEXT: step 10 op 'test.two_region_op' before all regions
// INT-NEXT: step 11 op 'test.two_region_op' before region #1
// INT-NEXT: step 12 op 'test.two_region_op' after all regions
