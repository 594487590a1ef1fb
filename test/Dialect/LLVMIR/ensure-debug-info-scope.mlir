// RUN: pyopt %s --ensure-debug-info-scope-on-llvm-func --mlir-print-debuginfo | filecheck %s

// Every llvm.func gets a DISubprogram scope fused into its location; only definitions get a
// distinct id and the compile unit, which is built from the module location.
module {
  llvm.func @defined(%a: i32) -> i32 {
    llvm.return %a : i32 loc("src/kernels/prog.c":9:3)
  } loc("src/kernels/prog.c":7:5)
  llvm.func @declared() loc(callsite("inner.c":1:2 at "outer.c":3:4))
  llvm.func @named() {
    llvm.return
  } loc("named"("lib/x.c":11:2))
} loc("top/prog.c":1:1)

// CHECK-DAG: #[[TOP:.*]] = #llvm.di_file<"prog.c" in "top">
// CHECK-DAG: #[[KF:.*]] = #llvm.di_file<"prog.c" in "src/kernels">
// CHECK-DAG: #[[LF:.*]] = #llvm.di_file<"x.c" in "lib">
// CHECK-DAG: #[[ST:.*]] = #llvm.di_subroutine_type<callingConvention = DW_CC_normal>
// CHECK-DAG: #[[CU:.*]] = #llvm.di_compile_unit<id = distinct[{{.*}}]<>, sourceLanguage = DW_LANG_C, file = #[[TOP]], producer = "MLIR", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-DAG: #llvm.di_subprogram<scope = #[[TOP]], name = "declared", linkageName = "declared", file = #[[TOP]], line = 1, scopeLine = 1, subprogramFlags = Optimized, type = #[[ST]]>
// CHECK-DAG: #llvm.di_subprogram<id = distinct[{{.*}}]<>, compileUnit = #[[CU]], scope = #[[KF]], name = "defined", linkageName = "defined", file = #[[KF]], line = 7, scopeLine = 5, subprogramFlags = "Definition|Optimized", type = #[[ST]]>
// CHECK-DAG: #llvm.di_subprogram<id = distinct[{{.*}}]<>, compileUnit = #[[CU]], scope = #[[LF]], name = "named", linkageName = "named", file = #[[LF]], line = 11, scopeLine = 2, subprogramFlags = "Definition|Optimized", type = #[[ST]]>
