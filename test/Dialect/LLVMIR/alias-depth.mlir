// RUN: pyopt %s | filecheck %s

// Alias definitions are ordered by MLIR's alias depth, where every nested attribute printed
// inside another counts as a level, aliased or not: the TBAA member `<#tbaa_root, 0>` puts
// #tbaa_type_desc at depth 3, after the depth-3 #loop_annotation1 (ties go by name).

// CHECK:      #loop_annotation = #llvm.loop_annotation<disableNonforced = true>
// CHECK-NEXT: #tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
// CHECK-NEXT: #loop_vectorize = #llvm.loop_vectorize<followupVectorized = #loop_annotation>
// CHECK-NEXT: #loop_annotation1 = #llvm.loop_annotation<vectorize = #loop_vectorize>
// CHECK-NEXT: #tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
// CHECK-NEXT: #tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc, access_type = #tbaa_type_desc, offset = 0>
// CHECK-NEXT: module

#la0 = #llvm.loop_annotation<disableNonforced = true>
#lv = #llvm.loop_vectorize<followupVectorized = #la0>
#lb = #llvm.loop_annotation<vectorize = #lv>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc, access_type = #tbaa_type_desc, offset = 0>
llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.load %p {tbaa = [#tbaa_tag]} : !llvm.ptr -> i64
  llvm.br ^bb2 {loop_annotation = #lb}
^bb2:
  llvm.return
}
