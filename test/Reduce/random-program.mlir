// A 460-line random program (Inputs/random-passgen-7.mlir) reduced to a few lines that still
// verify and still hold an arith.remui and a cf.switch (mlir-reduce-19 stops at hundreds of
// lines on such inputs). The tester only greps; validity is pyreduce's own invariant.
// RUN: pyreduce %S/Inputs/random-passgen-7.mlir '--reduction-tree=traversal-mode=0 test=%S/Inputs/remui-switch-test.sh' -o %t 2> %t.progress
// RUN: pyopt %t | filecheck %s
// RUN: %python -c "import sys; n = len(open(sys.argv[1]).read().splitlines()); sys.exit(not 5 < n < 20)" %t
// RUN: filecheck %s --check-prefix=PROGRESS < %t.progress

// CHECK: arith.remui
// CHECK: cf.switch

// PROGRESS: pyreduce: input: 4{{[0-9]+}} lines ({{[0-9]+}} bytes)
// PROGRESS: pyreduce: done: 4{{[0-9]+}} -> {{1?[0-9]}} lines
