// llvm-legalize-for-export merges consecutive DW_OP_LLVM_fragment operators of debug
// expressions: offsets add up, the first fragment's size is kept.
// RUN: pyopt %s -llvm-legalize-for-export | filecheck %s

#file = #llvm.di_file<"a.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, producer = "p", isOptimized = false, emissionKind = Full>
#sp = #llvm.di_subprogram<compileUnit = #cu, scope = #file, name = "f", file = #file, subprogramFlags = Definition>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#v = #llvm.di_local_variable<scope = #sp, name = "v", file = #file, line = 3, type = #int>

// CHECK-LABEL: llvm.func @f
llvm.func @f(%p: !llvm.ptr, %x: i32) {
  // CHECK: llvm.intr.dbg.value #{{.*}} #llvm.di_expression<[DW_OP_LLVM_fragment(24, 8)]> = %arg1
  llvm.intr.dbg.value #v #llvm.di_expression<[DW_OP_LLVM_fragment(8, 8), DW_OP_LLVM_fragment(16, 16)]> = %x : i32
  // CHECK: llvm.intr.dbg.value #{{.*}} #llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_fragment(7, 1)]> = %arg0
  llvm.intr.dbg.value #v #llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_fragment(1, 1), DW_OP_LLVM_fragment(2, 4), DW_OP_LLVM_fragment(4, 8)]> = %p : !llvm.ptr
  // Fragments that are not next to each other stay apart.
  // CHECK: llvm.intr.dbg.value #{{.*}} #llvm.di_expression<[DW_OP_LLVM_fragment(0, 16), DW_OP_deref, DW_OP_LLVM_fragment(0, 8)]> = %arg0
  llvm.intr.dbg.value #v #llvm.di_expression<[DW_OP_LLVM_fragment(0, 16), DW_OP_deref, DW_OP_LLVM_fragment(0, 8)]> = %p : !llvm.ptr
  llvm.return
}
