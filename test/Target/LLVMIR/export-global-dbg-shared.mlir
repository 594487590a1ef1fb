// RUN: pytranslate --mlir-to-llvmir %s | filecheck %s

// Two globals with the same debug-info expression attribute share one (uniqued)
// !DIGlobalVariableExpression node, as in mlir-translate 19.
// CHECK: @a = private constant [2 x i8] c"x\00", !dbg ![[E:[0-9]+]]
// CHECK: @b = private constant [2 x i8] c"y\00", !dbg ![[E]]
// CHECK: ![[E]] = !DIGlobalVariableExpression(
// CHECK-NOT: !DIGlobalVariableExpression(
#file = #llvm.di_file<"a.c" in "/tmp">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C11, file = #file, isOptimized = true, emissionKind = Full>
#basic = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "char", sizeInBits = 8, encoding = DW_ATE_signed_char>
#var = #llvm.di_global_variable<file = #file, line = 7, type = #basic, isLocalToUnit = true, isDefined = true>
#expr = #llvm.di_global_variable_expression<var = #var, expr = <>>
llvm.mlir.global private constant @a("x\00") {addr_space = 0 : i32, dbg_expr = #expr} : !llvm.array<2 x i8>
llvm.mlir.global private constant @b("y\00") {addr_space = 0 : i32, dbg_expr = #expr} : !llvm.array<2 x i8>
