// Export legalizes debug expressions first (consecutive fragments merge), and drops debug
// records that have no location inside a subprogram.
// RUN: pytranslate --mlir-to-llvmir %s | filecheck %s

#file = #llvm.di_file<"a.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, producer = "p", isOptimized = false, emissionKind = Full>
#sp = #llvm.di_subprogram<compileUnit = #cu, scope = #file, name = "f", file = #file, subprogramFlags = Definition>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#v = #llvm.di_local_variable<scope = #sp, name = "v", file = #file, line = 3, type = #int>
#loc = loc("a.c":3:1)

// CHECK-LABEL: define void @f(
// CHECK:         #dbg_value(i32 %1, ![[V:[0-9]+]], !DIExpression(DW_OP_LLVM_fragment, 24, 8)
// CHECK:         ret void
llvm.func @f(%p: !llvm.ptr, %x: i32) {
  llvm.intr.dbg.value #v #llvm.di_expression<[DW_OP_LLVM_fragment(8, 8), DW_OP_LLVM_fragment(16, 16)]> = %x : i32 loc(fused<#sp>[#loc])
  llvm.return
} loc(fused<#sp>[#loc])

// A function without a subprogram: its debug record is dropped.
// CHECK-LABEL: define void @g(
// CHECK-NOT:     #dbg_value
// CHECK:         ret void
llvm.func @g(%p: !llvm.ptr) {
  llvm.intr.dbg.value #v #llvm.di_expression<[DW_OP_deref]> = %p : !llvm.ptr
  llvm.return
}
