// RUN: pytranslate -mlir-to-llvmir -split-input-file %s | filecheck %s

// Debug info: a function located in a DISubprogram gets it as `!dbg`, its instructions
// get DILocations in that scope (or in the scope fused with their own location), the
// compile unit is listed in !llvm.dbg.cu and lists the global variables it scopes.

#file = #llvm.di_file<"prog.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C99, file = #file, producer = "clang", isOptimized = false, emissionKind = Full>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#ptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #int, sizeInBits = 64>
#member = #llvm.di_derived_type<tag = DW_TAG_member, name = "x", baseType = #int, sizeInBits = 32, offsetInBits = 32>
#struct = #llvm.di_composite_type<tag = DW_TAG_structure_type, name = "S", file = #file, line = 3, flags = "Public|TypePassByValue", sizeInBits = 64, elements = #member>
#fnty = #llvm.di_subroutine_type<types = #int, #ptr, #struct>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "f", linkageName = "f_impl", file = #file, line = 7, scopeLine = 8, subprogramFlags = "Definition|Optimized", type = #fnty>
#block = #llvm.di_lexical_block<scope = #sp, file = #file, line = 9, column = 5>
#gv = #llvm.di_global_variable<scope = #cu, name = "g", file = #file, line = 1, type = #int, isDefined = true>
#gve = #llvm.di_global_variable_expression<var = #gv, expr = <>>
#decl = #llvm.di_subprogram<scope = #file, name = "ext", file = #file, subprogramFlags = Optimized>
llvm.mlir.global external @g(0 : i32) {addr_space = 0 : i32, dbg_expr = #gve} : i32
llvm.func @ext() loc(fused<#decl>["ext"])
llvm.func @f(%p: !llvm.ptr) -> i32 {
  %0 = llvm.load %p : !llvm.ptr -> i32 loc(fused<#block>["prog.c":10:7])
  %1 = llvm.add %0, %0 : i32 loc("prog.c":11:3)
  llvm.call @ext() : () -> () loc(unknown)
  llvm.return %1 : i32 loc(callsite("prog.c":12:1 at "prog.c":13:2))
} loc(fused<#sp>["f"])

// CHECK: @g = global i32 0, !dbg ![[GVE:[0-9]+]]
// CHECK: declare !dbg ![[EXT:[0-9]+]] void @ext()
// CHECK: define i32 @f(ptr %0) !dbg ![[SP:[0-9]+]] {
// CHECK-NEXT: load i32, ptr %0, align 4, !dbg ![[L10:[0-9]+]]
// CHECK-NEXT: add i32 %2, %2, !dbg ![[L11:[0-9]+]]
// CHECK-NEXT: call void @ext(){{$}}
// CHECK-NEXT: ret i32 %3, !dbg ![[L13:[0-9]+]]
// CHECK: !llvm.dbg.cu = !{![[CU:[0-9]+]]}
// CHECK: ![[GVE]] = !DIGlobalVariableExpression(var: ![[GV:[0-9]+]], expr: !DIExpression())
// CHECK: ![[GV]] = distinct !DIGlobalVariable(name: "g", scope: ![[CU]], file: ![[FILE:[0-9]+]], line: 1, type: ![[INT:[0-9]+]], isLocal: false, isDefinition: true)
// CHECK: ![[CU]] = distinct !DICompileUnit(language: DW_LANG_C99, file: ![[FILE]], producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: ![[GLOBALS:[0-9]+]])
// CHECK: ![[FILE]] = !DIFile(filename: "prog.c", directory: "/src")
// CHECK: ![[GLOBALS]] = !{![[GVE]]}
// CHECK: ![[INT]] = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
// CHECK: ![[EXT]] = !DISubprogram(name: "ext", scope: ![[FILE]], file: ![[FILE]], spFlags: DISPFlagOptimized)
// CHECK: ![[SP]] = distinct !DISubprogram(name: "f", linkageName: "f_impl", scope: ![[FILE]], file: ![[FILE]], line: 7, type: ![[FNTY:[0-9]+]], scopeLine: 8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: ![[CU]])
// CHECK: ![[FNTY]] = !DISubroutineType(types: ![[TYPES:[0-9]+]])
// CHECK: ![[TYPES]] = !{![[INT]], ![[PTR:[0-9]+]], ![[S:[0-9]+]]}
// CHECK: ![[PTR]] = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: ![[INT]], size: 64)
// CHECK: ![[S]] = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: ![[FILE]], line: 3, size: 64, flags: DIFlagPublic | DIFlagTypePassByValue, elements: ![[ELTS:[0-9]+]])
// CHECK: ![[ELTS]] = !{![[X:[0-9]+]]}
// CHECK: ![[X]] = !DIDerivedType(tag: DW_TAG_member, name: "x", baseType: ![[INT]], size: 32, offset: 32)
// CHECK: ![[L10]] = !DILocation(line: 10, column: 7, scope: ![[BLOCK:[0-9]+]])
// CHECK: ![[BLOCK]] = distinct !DILexicalBlock(scope: ![[SP]], file: ![[FILE]], line: 9, column: 5)
// CHECK: ![[L11]] = !DILocation(line: 11, column: 3, scope: ![[SP]])
// CHECK: ![[L13]] = !DILocation(line: 13, column: 2, scope: ![[SP]])

// -----

// Debug intrinsics print as debug records; a recursive composite type refers to itself.

#file = #llvm.di_file<"r.c" in "">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = true, emissionKind = LineTablesOnly, nameTableKind = None>
#self = #llvm.di_composite_type<tag = DW_TAG_null, recId = distinct[5]<>>
#ptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #self, sizeInBits = 64>
#next = #llvm.di_derived_type<tag = DW_TAG_member, name = "next", baseType = #ptr>
#node = #llvm.di_composite_type<tag = DW_TAG_structure_type, recId = distinct[5]<>, name = "node", elements = #next>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#arr = #llvm.di_composite_type<tag = DW_TAG_array_type, baseType = #int, elements = #llvm.di_subrange<count = 4 : i64, lowerBound = 1 : i64>>
#ns = #llvm.di_namespace<name = "ns", exportSymbols = false>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #ns, name = "g", file = #file, line = 2, subprogramFlags = Definition>
#var = #llvm.di_local_variable<scope = #sp, name = "n", file = #file, line = 3, arg = 1, type = #node>
#var2 = #llvm.di_local_variable<scope = #sp, name = "a", file = #file, line = 4, type = #arr>
llvm.func @g(%p: !llvm.ptr) {
  llvm.intr.dbg.value #var = %p : !llvm.ptr loc("r.c":3:1)
  llvm.intr.dbg.declare #var2 #llvm.di_expression<[DW_OP_deref]> = %p : !llvm.ptr loc("r.c":4:1)
  llvm.return loc("r.c":5:1)
} loc(fused<#sp>["g"])

// CHECK: define void @g(ptr %0) !dbg ![[SP2:[0-9]+]] {
// CHECK-NEXT: #dbg_value(ptr %0, ![[N2:[0-9]+]], !DIExpression(), ![[L32:[0-9]+]])
// CHECK-NEXT: #dbg_declare(ptr %0, ![[A2:[0-9]+]], !DIExpression(DW_OP_deref), ![[L42:[0-9]+]])
// CHECK-NEXT: ret void, !dbg ![[L52:[0-9]+]]
// CHECK: ![[CU2:[0-9]+]] = distinct !DICompileUnit(language: DW_LANG_C, file: ![[FILE2:[0-9]+]], isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly, nameTableKind: None)
// CHECK: ![[SP2]] = distinct !DISubprogram(name: "g", scope: ![[NS2:[0-9]+]], file: ![[FILE2]], line: 2, spFlags: DISPFlagDefinition, unit: ![[CU2]])
// CHECK: ![[NS2]] = !DINamespace(name: "ns", scope: null)
// CHECK: ![[N2]] = !DILocalVariable(name: "n", arg: 1, scope: ![[SP2]], file: ![[FILE2]], line: 3, type: ![[NODE2:[0-9]+]])
// CHECK: ![[NODE2]] = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "node", elements: ![[NELTS2:[0-9]+]])
// CHECK: ![[NELTS2]] = !{![[NEXT2:[0-9]+]]}
// CHECK: ![[NEXT2]] = !DIDerivedType(tag: DW_TAG_member, name: "next", baseType: ![[NPTR2:[0-9]+]])
// CHECK: ![[NPTR2]] = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: ![[NODE2]], size: 64)
// CHECK: ![[L32]] = !DILocation(line: 3, column: 1, scope: ![[SP2]])
// CHECK: ![[A2]] = !DILocalVariable(name: "a", scope: ![[SP2]], file: ![[FILE2]], line: 4, type: ![[ARR2:[0-9]+]])
// CHECK: ![[ARR2]] = !DICompositeType(tag: DW_TAG_array_type, baseType: ![[INT2:[0-9]+]], elements: ![[RANGES2:[0-9]+]])
// CHECK: ![[RANGES2]] = !{![[RANGE2:[0-9]+]]}
// CHECK: ![[RANGE2]] = !DISubrange(count: 4, lowerBound: 1)
