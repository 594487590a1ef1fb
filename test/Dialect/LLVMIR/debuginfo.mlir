// RUN: pyopt %s | filecheck %s
// RUN: pyopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: pyopt %s | filecheck %s --check-prefix=TBAA
// GENERIC: "llvm.intr.dbg.value"(%{{.*}}) <{locationExpr = #llvm.di_expression<>, varInfo = #di_local_variable}> : (i32) -> ()

// Aliases are named after the mnemonic and ordered by depth, then name; distinct ids follow
// the printed order.
// CHECK: #access_group = #llvm.access_group<id = distinct[0]<>>
// CHECK: #alias_scope_domain = #llvm.alias_scope_domain<id = distinct[1]<>, description = "d">
// CHECK: #di_basic_type = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
// CHECK: #di_file = #llvm.di_file<"foo.mlir" in "/test/">
// CHECK: #loop_vectorize = #llvm.loop_vectorize<disable = true>
// CHECK: #tbaa_root = #llvm.tbaa_root<id = "root">
// CHECK: #alias_scope = #llvm.alias_scope<id = distinct[2]<>, domain = #alias_scope_domain>
// CHECK: #di_compile_unit = #llvm.di_compile_unit<id = distinct[3]<>, sourceLanguage = DW_LANG_C, file = #di_file, producer = "MLIR", isOptimized = true, emissionKind = Full>
// CHECK: #di_composite_type = #llvm.di_composite_type<tag = DW_TAG_array_type, name = "array", file = #di_file, line = 12, flags = "Public|Vector", elements = #llvm.di_subrange<count = 4 : i64>>
// CHECK: #di_derived_type = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #di_basic_type, sizeInBits = 64>
// CHECK: #loop_annotation = #llvm.loop_annotation<disableNonforced = true, vectorize = #loop_vectorize, parallelAccesses = #access_group>
// CHECK: #di_subroutine_type = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #di_basic_type, #di_derived_type, #di_composite_type>
// CHECK: #di_subprogram = #llvm.di_subprogram<id = distinct[4]<>, compileUnit = #di_compile_unit, scope = #di_file, name = "addr", file = #di_file, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type>
// TBAA: #tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc, access_type = #tbaa_type_desc, offset = 0>
// CHECK: #di_local_variable = #llvm.di_local_variable<scope = #di_subprogram, name = "arg", file = #di_file, line = 6, arg = 1, type = #di_basic_type>
#file = #llvm.di_file<"foo.mlir" in "/test/">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, producer = "MLIR", isOptimized = true, emissionKind = Full>
#int0 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#ptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #int0, sizeInBits = 64, alignInBits = 0, offsetInBits = 0>
#comp = #llvm.di_composite_type<tag = DW_TAG_array_type, name = "array", file = #file, line = 12, flags = "Vector|Public", elements = #llvm.di_subrange<count = 4 : i64>>
#spt = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #int0, #ptr, #comp>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "addr", file = #file, subprogramFlags = "Definition|Optimized", type = #spt>
#var = #llvm.di_local_variable<scope = #sp, name = "arg", file = #file, line = 6, arg = 1, type = #int0>
#dom = #llvm.alias_scope_domain<id = distinct[2]<>, description = "d">
#sc = #llvm.alias_scope<id = distinct[3]<>, domain = #dom>
#ag = #llvm.access_group<id = distinct[4]<>>
#root = #llvm.tbaa_root<id = "root">
#td = #llvm.tbaa_type_desc<id = "int", members = {<#root, 0>}>
#tag = #llvm.tbaa_tag<base_type = #td, access_type = #td, offset = 0>
#la = #llvm.loop_annotation<disableNonforced = true, vectorize = <disable = true>, parallelAccesses = #ag>

// CHECK: llvm.func @f(%{{.*}}: !llvm.ptr) attributes {memory = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = write>}
llvm.func @f(%a: !llvm.ptr) attributes {memory = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = write>} {
  // CHECK: llvm.load %{{.*}} {access_groups = [#access_group], alias_scopes = [#alias_scope], tbaa = [#tbaa_tag]} : !llvm.ptr -> i32
  %0 = llvm.load %a {alias_scopes = [#sc], access_groups = [#ag], tbaa = [#tag]} : !llvm.ptr -> i32
  // CHECK: llvm.intr.dbg.value #di_local_variable = %{{.*}} : i32
  llvm.intr.dbg.value #var = %0 : i32
  // CHECK: llvm.intr.dbg.value #di_local_variable #llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_convert(4, DW_ATE_signed)]> = %{{.*}} : i32
  llvm.intr.dbg.value #var #llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_convert(4, DW_ATE_signed)]> = %0 : i32
  // CHECK: llvm.intr.dbg.declare #di_local_variable = %{{.*}} : !llvm.ptr
  llvm.intr.dbg.declare #var = %a : !llvm.ptr
  // CHECK: llvm.br ^bb1 {loop_annotation = #loop_annotation}
  llvm.br ^bb1 {loop_annotation = #la}
^bb1:
  llvm.return
}
