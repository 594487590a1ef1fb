// RUN: pyopt %s -allow-unregistered-dialect -test-print-nesting -o /dev/null | filecheck %s --check-prefix=NEST
// RUN: pyopt %s -allow-unregistered-dialect -test-print-defuse -o /dev/null | filecheck %s --check-prefix=DEFUSE

%a, %b = "x.pair"() {tag = "t", n = 3 : i8} : () -> (i1, i2)
"x.loop"(%a) ({
^bb0(%v: i1):
  "x.use"(%v, %b, %b) : (i1, i2, i2) -> ()
  "x.br"()[^bb1] : () -> ()
^bb1:
  "x.end"() : () -> ()
}) : (i1) -> ()

// NEST: visiting op: 'builtin.module' with 0 operands and 0 results
// NEST-NEXT:  1 nested regions:
// NEST-NEXT:   Region with 1 blocks:
// NEST-NEXT:     Block with 0 arguments, 0 successors, and 2 operations
// NEST-NEXT:       visiting op: 'x.pair' with 0 operands and 2 results
// NEST-NEXT:       2 attributes:
// NEST-NEXT:        - 'n' : '3 : i8'
// NEST-NEXT:        - 'tag' : '"t"'
// NEST-NEXT:        0 nested regions:
// NEST-NEXT:       visiting op: 'x.loop' with 1 operands and 0 results
// NEST-NEXT:        1 nested regions:
// NEST-NEXT:         Region with 2 blocks:
// NEST-NEXT:           Block with 1 arguments, 1 successors, and 2 operations
// NEST-NEXT:             visiting op: 'x.use' with 3 operands and 0 results
// NEST-NEXT:              0 nested regions:
// NEST-NEXT:             visiting op: 'x.br' with 0 operands and 0 results
// NEST-NEXT:              0 nested regions:
// NEST-NEXT:           Block with 0 arguments, 0 successors, and 1 operations
// NEST-NEXT:             visiting op: 'x.end' with 0 operands and 0 results
// NEST-NEXT:              0 nested regions:
// DEFUSE: Visiting op 'x.pair' with 0 operands:
// DEFUSE-NEXT: Has 2 results:
// DEFUSE-NEXT:   - Result 0 has a single use:     - x.loop
// DEFUSE-NEXT:   - Result 1 has 2 uses:
// DEFUSE-NEXT:     - x.use
// DEFUSE-NEXT:     - x.use
// DEFUSE-NEXT: Visiting op 'x.use' with 3 operands:
// DEFUSE-NEXT:   - Operand produced by Block argument, number 0
// DEFUSE-NEXT:   - Operand produced by operation 'x.pair'
// DEFUSE-NEXT:   - Operand produced by operation 'x.pair'
// DEFUSE-NEXT: Has 0 results:
// DEFUSE-NEXT: Visiting op 'x.br' with 0 operands:
// DEFUSE-NEXT: Has 0 results:
// DEFUSE-NEXT: Visiting op 'x.end' with 0 operands:
// DEFUSE-NEXT: Has 0 results:
// DEFUSE-NEXT: Visiting op 'x.loop' with 1 operands:
// DEFUSE-NEXT:   - Operand produced by operation 'x.pair'
// DEFUSE-NEXT: Has 0 results:
// DEFUSE-NEXT: Visiting op 'builtin.module' with 0 operands:
// DEFUSE-NEXT: Has 0 results:
