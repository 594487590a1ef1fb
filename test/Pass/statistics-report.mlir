// --mlir-pass-statistics: every pass of the pipeline with its statistics (sorted by name,
// columns aligned), nested as the pipeline; or a list merged by pass name. (mlir-opt 19 built
// without LLVM statistics prints only the banner; this is the layout of a build with them.)
// RUN: pyopt %s --pass-pipeline='builtin.module(func.func(mem2reg,cse,canonicalize),symbol-dce)' --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --strict-whitespace
// RUN: pyopt %s --pass-pipeline='builtin.module(func.func(mem2reg,cse),func.func(cse),symbol-dce)' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | filecheck %s --strict-whitespace --check-prefix=LIST
// RUN: pyopt %s --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --strict-whitespace --check-prefix=EMPTY
// RUN: not pyopt %s --mlir-pass-statistics-display=tree 2>&1 | filecheck %s --check-prefix=BAD

func.func @slot() -> i32 {
  %c = arith.constant 7 : i32
  %m = memref.alloca() : memref<i32>
  memref.store %c, %m[] : memref<i32>
  %v = memref.load %m[] : memref<i32>
  %a = arith.muli %v, %v : i32
  %b = arith.muli %v, %v : i32
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func private @dead()

// CHECK:      ===-------------------------------------------------------------------------===
// CHECK-NEXT:                          ... Pass statistics report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT: 'func.func' Pipeline
// CHECK-NEXT:   Mem2Reg
// CHECK-NEXT:     (S) 0 new block args - Total amount of new block argument inserted in blocks
// CHECK-NEXT:     (S) 1 promoted slots - Total amount of memory slot promoted
// CHECK-NEXT:   CSE
// CHECK-NEXT:     (S) 1 num-cse'd - Number of operations CSE'd
// CHECK-NEXT:     (S) 0 num-dce'd - Number of operations DCE'd
// CHECK-NEXT:   Canonicalizer
// CHECK-NEXT: SymbolDCE
// CHECK-NEXT:   (S) 1 num-dce'd - Number of symbols DCE'd
// CHECK-EMPTY:

// LIST:      ===-------------------------------------------------------------------------===
// LIST-NEXT:                          ... Pass statistics report ...
// LIST-NEXT: ===-------------------------------------------------------------------------===
// LIST-NEXT:   CSE
// LIST-NEXT:     (S) 1 num-cse'd - Number of operations CSE'd
// LIST-NEXT:     (S) 0 num-dce'd - Number of operations DCE'd
// LIST-NEXT:   Mem2Reg
// LIST-NEXT:     (S) 0 new block args - Total amount of new block argument inserted in blocks
// LIST-NEXT:     (S) 1 promoted slots - Total amount of memory slot promoted
// LIST-NEXT:   SymbolDCE
// LIST-NEXT:     (S) 1 num-dce'd - Number of symbols DCE'd
// LIST-EMPTY:

// Without passes the report is the banner alone.
// EMPTY:      ... Pass statistics report ...
// EMPTY-NEXT: ===-------------------------------------------------------------------------===
// EMPTY-EMPTY:

// BAD: pyopt: for the --mlir-pass-statistics-display option: Cannot find option named 'tree'!
