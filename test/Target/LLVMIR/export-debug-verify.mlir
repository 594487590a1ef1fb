// RUN: not pytranslate -mlir-to-llvmir -split-input-file %s 2>&1 | filecheck %s

// LLVM 19 verifies the module mlir-translate built: debug metadata it finds broken
// fails the translation with the verifier's message and the offending nodes.

#f = #llvm.di_file<"v.cpp" in "/src">
#unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C_plus_plus_14, file = #f, isOptimized = false, emissionKind = Full>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
// a static data member needs a flag MLIR 19 cannot express
#static = #llvm.di_derived_type<tag = DW_TAG_variable, name = "instances", baseType = #int>
#cls = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "Widget", file = #f, line = 3, elements = #static>
#gv = #llvm.di_global_variable<scope = #unit, name = "w", file = #f, line = 9, type = #cls, isDefined = true>
llvm.mlir.global external @w() {dbg_expr = #llvm.di_global_variable_expression<var = #gv, expr = <>>} : !llvm.struct<"Widget", (i32)>

// CHECK: error: LLVM IR fails to verify: invalid tag
// CHECK-NEXT: !{{[0-9]+}} = !DIDerivedType(tag: DW_TAG_variable, name: "instances", baseType: !{{[0-9]+}})

// -----

#f = #llvm.di_file<"v.c" in "/src">
#unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #f, isOptimized = false, emissionKind = Full>
#decl = #llvm.di_subprogram<compileUnit = #unit, scope = #f, name = "ext", file = #f, line = 5>
#mod = #llvm.di_module<file = #f, scope = #unit, line = 2>
#def = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #unit, scope = #mod, name = "g", file = #f, line = 3, subprogramFlags = Definition>
llvm.func @ext() loc(fused<#decl>["v.c":5:1])
llvm.func @g() {
  llvm.return loc("v.c":4:1)
} loc(fused<#def>["v.c":3:1])

// CHECK: error: LLVM IR fails to verify: subprogram declarations must not have a compile unit
// CHECK-NEXT: !3 = !DISubprogram(name: "ext", scope: !2, file: !2, line: 5, spFlags: 0, unit: !1)
// CHECK-NEXT: anonymous module
// CHECK-NEXT: !5 = !DIModule(scope: !1, file: !2, line: 2)

// -----

#f = #llvm.di_file<"v.c" in "/src">
#unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #f, isOptimized = false, emissionKind = Full>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #unit, scope = #f, name = "run", file = #f, line = 5, subprogramFlags = Definition>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#alias = #llvm.di_derived_type<tag = DW_TAG_typedef, name = "count_t", baseType = #int>
#n = #llvm.di_local_variable<scope = #sp, name = "n", type = #alias>
llvm.func @run(%v: i32) {
  llvm.intr.dbg.value #n #llvm.di_expression<[DW_OP_LLVM_fragment(0, 32)]> = %v : i32 loc(#l7)
  llvm.intr.dbg.value #n #llvm.di_expression<[DW_OP_LLVM_fragment(16, 32)]> = %v : i32 loc(#l7)
  llvm.intr.dbg.value #n #llvm.di_expression<[DW_OP_stack_value, DW_OP_deref]> = %v : i32 loc(#l7)
  llvm.return loc(#l7)
} loc(fused<#sp>["v.c":5:1])
#l7 = loc("v.c":7:1)

// CHECK: error: LLVM IR fails to verify: fragment covers entire variable
// CHECK-NEXT: #dbg_value(i32 %0, !4, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !7)
// CHECK-NEXT: !4 = !DILocalVariable(name: "n", scope: !3, type: !5)
// CHECK-NEXT: fragment is larger than or outside of variable
// CHECK-NEXT: #dbg_value(i32 %0, !4, !DIExpression(DW_OP_LLVM_fragment, 16, 32), !7)
// CHECK-NEXT: !4 = !DILocalVariable(name: "n", scope: !3, type: !5)
// CHECK-NEXT: invalid expression
// CHECK-NEXT: !DIExpression(159, 6)
