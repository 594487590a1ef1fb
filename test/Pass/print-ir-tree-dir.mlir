// --mlir-print-ir-tree-dir writes each dump to its own file: one directory per op on the
// path (name and symbol), files numbered by how often each op was dumped.
// RUN: rm -rf %t && mkdir -p %t
// RUN: pyopt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-tree-dir=%t/tree -o /dev/null
// RUN: ls %t/tree/builtin_module_no-symbol-name %t/tree/builtin_module_no-symbol-name/func_func_one | filecheck %s --check-prefix=FILES
// RUN: filecheck %s --check-prefix=DUMP < %t/tree/builtin_module_no-symbol-name/func_func_one/0_1_canonicalize.mlir

func.func @one(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  %s = arith.muli %a, %b : i32
  return %s : i32
}

// FILES: 1_symbol-dce.mlir
// FILES: func_func_one
// FILES: 0_0_cse.mlir
// FILES: 0_1_canonicalize.mlir

// DUMP:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// DUMP-NEXT: func.func @one(%arg0: i32) -> i32 {
