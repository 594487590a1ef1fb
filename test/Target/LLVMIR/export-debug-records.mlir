// RUN: pytranslate -mlir-to-llvmir -split-input-file %s | filecheck %s --check-prefixes=CHECK,REC
// RUN: pytranslate -mlir-to-llvmir -write-experimental-debuginfo=true -split-input-file %s | filecheck %s --check-prefixes=CHECK,REC
// RUN: pytranslate -mlir-to-llvmir -write-experimental-debuginfo=false -split-input-file %s | filecheck %s --check-prefixes=CHECK,INTR

// Debug ops are written as #dbg_ records by default (LLVM 19's
// --write-experimental-debuginfo=true), or as tail calls of the llvm.dbg.*
// intrinsics, declared after the module's functions with LLVM's attributes.

#f = #llvm.di_file<"prog.c" in "/src">
#unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C99, file = #f, producer = "tool", isOptimized = false, emissionKind = Full>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#fn = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #unit, scope = #f, name = "work", file = #f, line = 10, scopeLine = 10, subprogramFlags = Definition>
#a = #llvm.di_local_variable<scope = #fn, name = "a", file = #f, line = 11, arg = 1, type = #int>
#slot = #llvm.di_local_variable<scope = #fn, name = "slot", file = #f, line = 12, type = #int>
#done = #llvm.di_label<scope = #fn, name = "done", file = #f, line = 14>

llvm.func @work(%a: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x i32 : (i32) -> !llvm.ptr loc(#l12)
  llvm.intr.dbg.declare #slot #llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_convert(32, DW_ATE_unsigned)]> = %p : !llvm.ptr loc(#l12)
  llvm.intr.dbg.value #a = %a : i32 loc(#l11)
  // an op without a location in the subprogram loses its debug op
  llvm.intr.dbg.value #a = %one : i32 loc(unknown)
  llvm.intr.dbg.label #done loc(#l14)
  llvm.return %a : i32 loc(#l14)
} loc(#lfn)
#l11 = loc("prog.c":11:3)
#l12 = loc("prog.c":12:7)
#l14 = loc("prog.c":14:1)
#lfn = loc(fused<#fn>["prog.c":10:1])

// CHECK-LABEL: define i32 @work(i32 %0) !dbg !3 {
// CHECK-NEXT:    %2 = alloca i32, align 4, !dbg !4
// REC-NEXT:        #dbg_declare(ptr %2, !5, !DIExpression(DW_OP_deref, DW_OP_LLVM_convert, 32, DW_ATE_unsigned), !4)
// REC-NEXT:        #dbg_value(i32 %0, !7, !DIExpression(), !8)
// REC-NEXT:        #dbg_label(!9, !10)
// INTR-NEXT:     tail call void @llvm.dbg.declare(metadata ptr %2, metadata !5, metadata !DIExpression(DW_OP_deref, DW_OP_LLVM_convert, 32, DW_ATE_unsigned)), !dbg !4
// INTR-NEXT:     tail call void @llvm.dbg.value(metadata i32 %0, metadata !7, metadata !DIExpression()), !dbg !8
// INTR-NEXT:     tail call void @llvm.dbg.label(metadata !9), !dbg !10
// CHECK-NEXT:    ret i32 %0, !dbg !10
// CHECK-NEXT:  }
// REC-NOT:     declare
// INTR:        ; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
// INTR-NEXT:   declare void @llvm.dbg.declare(metadata, metadata, metadata) #0
// INTR:        ; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
// INTR-NEXT:   declare void @llvm.dbg.value(metadata, metadata, metadata) #0
// INTR:        ; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
// INTR-NEXT:   declare void @llvm.dbg.label(metadata) #0
// INTR:        attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
// CHECK:       !3 = distinct !DISubprogram(name: "work", scope: !2, file: !2, line: 10, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !1)
// CHECK:       !5 = !DILocalVariable(name: "slot", scope: !3, file: !2, line: 12, type: !6)
// CHECK:       !9 = !DILabel(scope: !3, name: "done", file: !2, line: 14)

// -----

// Fused locations are merged as DILocation::getMergedLocation does: the same
// line keeps its column only when the columns agree; lines that differ give
// line 0; locations inlined into the same caller merge inside that caller.

#f = #llvm.di_file<"m.c" in "/src">
#unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #f, isOptimized = true, emissionKind = Full>
#outer = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #unit, scope = #f, name = "outer", file = #f, line = 1, subprogramFlags = Definition>
#inner = #llvm.di_subprogram<id = distinct[2]<>, compileUnit = #unit, scope = #f, name = "inner", file = #f, line = 20, subprogramFlags = Definition>
#blk = #llvm.di_lexical_block<scope = #outer, file = #f, line = 3, column = 2>

llvm.func @callee()
llvm.func @outer() {
  // CHECK: call void @callee(), !dbg ![[SAMELINE:[0-9]+]]
  llvm.call @callee() : () -> () loc(fused["m.c":5:3, "m.c":5:9])
  // CHECK: call void @callee(), !dbg ![[SAMEBOTH:[0-9]+]]
  llvm.call @callee() : () -> () loc(fused["m.c":6:4, "m.c":6:4])
  // CHECK: call void @callee(), !dbg ![[DIFFLINE:[0-9]+]]
  llvm.call @callee() : () -> () loc(fused["m.c":7:1, "m.c":8:1])
  // CHECK: call void @callee(), !dbg ![[INBLOCK:[0-9]+]]
  llvm.call @callee() : () -> () loc(fused["m.c":9:2, fused<#blk>["m.c":9:2]])
  // CHECK: call void @callee(), !dbg ![[INLINED:[0-9]+]]
  llvm.call @callee() : () -> () loc(fused[callsite(fused<#inner>["m.c":21:5] at "m.c":4:4), callsite(fused<#inner>["m.c":22:5] at "m.c":4:4)])
  // CHECK: call void @callee(), !dbg ![[CALLER:[0-9]+]]
  llvm.call @callee() : () -> () loc(fused[callsite(fused<#inner>["m.c":21:5] at "m.c":4:4), "m.c":4:4])
  llvm.return loc("m.c":30:1)
} loc(fused<#outer>["m.c":1:1])

// CHECK-DAG: ![[SAMELINE]] = !DILocation(line: 5, scope: ![[OUTER:[0-9]+]])
// CHECK-DAG: ![[SAMEBOTH]] = !DILocation(line: 6, column: 4, scope: ![[OUTER]])
// CHECK-DAG: ![[DIFFLINE]] = !DILocation(line: 0, scope: ![[OUTER]])
// CHECK-DAG: ![[INBLOCK]] = !DILocation(line: 9, column: 2, scope: ![[OUTER]])
// CHECK-DAG: ![[INLINED]] = !DILocation(line: 0, scope: ![[INNER:[0-9]+]], inlinedAt: ![[CALLER]])
// CHECK-DAG: ![[INNER]] = distinct !DISubprogram(name: "inner"
// CHECK-DAG: ![[CALLER]] = !DILocation(line: 4, column: 4, scope: ![[OUTER]])
// CHECK-DAG: ![[OUTER]] = distinct !DISubprogram(name: "outer"

// -----

// Node fields: a declaration's subprogram prints `spFlags: 0`, composite types
// always list their elements, string types, and a global variable scoped by a module or a
// subprogram is listed in the globals of that scope's compile unit.

#f = #llvm.di_file<"s.f90" in "/src">
#unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_Fortran95, file = #f, isOptimized = false, emissionKind = Full>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "integer", sizeInBits = 32, encoding = DW_ATE_signed>
#mod = #llvm.di_module<file = #f, scope = #unit, name = "m", line = 2>
#gv = #llvm.di_global_variable<scope = #mod, name = "counter", file = #f, line = 3, type = #int, isDefined = true>
#decl = #llvm.di_subprogram<scope = #f, name = "ext", file = #f>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #unit, scope = #mod, name = "run", file = #f, line = 5, subprogramFlags = Definition>
#saved = #llvm.di_global_variable<scope = #sp, name = "saved", file = #f, line = 6, type = #int, isLocalToUnit = true, isDefined = true>
#len = #llvm.di_local_variable<scope = #sp, name = "len", type = #int>
#str = #llvm.di_string_type<tag = DW_TAG_string_type, name = "character(*)", sizeInBits = 64, stringLength = #len, stringLocationExp = <[DW_OP_push_object_address, DW_OP_deref]>, encoding = DW_ATE_ASCII>
#empty = #llvm.di_composite_type<tag = DW_TAG_array_type, baseType = #int, sizeInBits = 0>
#s = #llvm.di_local_variable<scope = #sp, name = "s", type = #str>
#e = #llvm.di_local_variable<scope = #sp, name = "e", type = #empty>

llvm.mlir.global external @counter(0 : i32) {dbg_expr = #llvm.di_global_variable_expression<var = #gv, expr = <>>} : i32
llvm.mlir.global internal @saved(0 : i32) {dbg_expr = #llvm.di_global_variable_expression<var = #saved, expr = <[DW_OP_constu(4), DW_OP_stack_value]>>} : i32
llvm.func @ext() loc(fused<#decl>["s.f90":1:1])
llvm.func @run(%p: !llvm.ptr) {
  llvm.intr.dbg.value #s = %p : !llvm.ptr loc(#l7)
  llvm.intr.dbg.value #e #llvm.di_expression<[DW_OP_LLVM_fragment(0, 8)]> = %p : !llvm.ptr loc(#l7)
  llvm.return loc(#l7)
} loc(fused<#sp>["s.f90":5:1])
#l7 = loc("s.f90":7:1)

// CHECK: @counter = global i32 0, !dbg ![[GE1:[0-9]+]]
// CHECK: @saved = internal global i32 0, !dbg ![[GE2:[0-9]+]]
// CHECK: declare !dbg ![[DECL:[0-9]+]] void @ext()
// REC:    #dbg_value(ptr %0, ![[S:[0-9]+]], !DIExpression(), !{{[0-9]+}})
// REC:    #dbg_value(ptr %0, ![[E:[0-9]+]], !DIExpression(DW_OP_LLVM_fragment, 0, 8), !{{[0-9]+}})
// INTR:   call void @llvm.dbg.value(metadata ptr %0, metadata ![[S:[0-9]+]], metadata !DIExpression())
// INTR:   call void @llvm.dbg.value(metadata ptr %0, metadata ![[E:[0-9]+]], metadata !DIExpression(DW_OP_LLVM_fragment, 0, 8))
// CHECK-DAG: ![[GE1]] = !DIGlobalVariableExpression(var: ![[GV1:[0-9]+]], expr: !DIExpression())
// CHECK-DAG: ![[GV1]] = distinct !DIGlobalVariable(name: "counter", scope: ![[MOD:[0-9]+]], file: ![[F:[0-9]+]], line: 3, type: ![[INT:[0-9]+]], isLocal: false, isDefinition: true)
// CHECK-DAG: ![[MOD]] = !DIModule(scope: ![[CU:[0-9]+]], name: "m", file: ![[F]], line: 2)
// CHECK-DAG: ![[CU]] = distinct !DICompileUnit(language: DW_LANG_Fortran95, file: ![[F]], isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: ![[GLOBALS:[0-9]+]])
// CHECK-DAG: ![[GLOBALS]] = !{![[GE1]], ![[GE2]]}
// CHECK-DAG: ![[GE2]] = !DIGlobalVariableExpression(var: ![[GV2:[0-9]+]], expr: !DIExpression(DW_OP_constu, 4, DW_OP_stack_value))
// CHECK-DAG: ![[GV2]] = distinct !DIGlobalVariable(name: "saved", scope: ![[SP:[0-9]+]], file: ![[F]], line: 6, type: ![[INT]], isLocal: true, isDefinition: true)
// CHECK-DAG: ![[DECL]] = !DISubprogram(name: "ext", scope: ![[F]], file: ![[F]], spFlags: 0)
// CHECK-DAG: ![[S]] = !DILocalVariable(name: "s", scope: ![[SP]], type: ![[STR:[0-9]+]])
// CHECK-DAG: ![[STR]] = !DIStringType(name: "character(*)", stringLength: ![[LEN:[0-9]+]], stringLocationExpression: !DIExpression(DW_OP_push_object_address, DW_OP_deref), size: 64, encoding: DW_ATE_ASCII)
// CHECK-DAG: ![[LEN]] = !DILocalVariable(name: "len", scope: ![[SP]], type: ![[INT]])
// CHECK-DAG: ![[E]] = !DILocalVariable(name: "e", scope: ![[SP]], type: ![[EMPTY:[0-9]+]])
// CHECK-DAG: ![[EMPTY]] = !DICompositeType(tag: DW_TAG_array_type, baseType: ![[INT]], elements: ![[NONE:[0-9]+]])
// CHECK-DAG: ![[NONE]] = !{}
