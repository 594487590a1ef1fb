; Struct-type alias printing on a module imported from clang (-O1 output of a small C program
; with nested structs and a union): aliases at the top, nested ones first, and an exact round
; trip through the parser.
; RUN: pytranslate -import-llvm %s | pyopt --mlir-print-struct-aliases > %t.1.mlir
; RUN: pyopt %t.1.mlir --mlir-print-struct-aliases > %t.2.mlir
; RUN: diff %t.1.mlir %t.2.mlir
; RUN: filecheck %s < %t.1.mlir
; RUN: pyopt %t.1.mlir | filecheck %s --check-prefix=PLAIN

; CHECK-DAG: !struct_struct_tree = !llvm.struct<"struct.tree", (ptr, ptr, array<4 x f64>)>
; CHECK-DAG: !struct_union_anon = !llvm.struct<"union.anon", (i32)>
; CHECK:     !struct_struct_wrap = !llvm.struct<"struct.wrap", (!struct_struct_tree, !struct_union_anon)>
; CHECK:     llvm.alloca %{{.*}} x !struct_struct_wrap
; PLAIN:     llvm.alloca %{{.*}} x !llvm.struct<"struct.wrap", (struct<"struct.tree", (ptr, ptr, array<4 x f64>)>, struct<"union.anon", (i32)>)>

; ModuleID = 'a.c'
source_filename = "a.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.wrap = type { %struct.tree, %union.anon }
%struct.tree = type { ptr, ptr, [4 x double] }
%union.anon = type { i32 }

@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1

; Function Attrs: nofree norecurse nosync nounwind memory(read, inaccessiblemem: none) uwtable
define dso_local i32 @sum(ptr nocapture noundef readonly %0) local_unnamed_addr #0 {
  %2 = load ptr, ptr %0, align 8, !tbaa !5
  %3 = icmp eq ptr %2, null
  br i1 %3, label %4, label %6

4:                                                ; preds = %6, %1
  %5 = phi i32 [ 0, %1 ], [ %10, %6 ]
  ret i32 %5

6:                                                ; preds = %1, %6
  %7 = phi ptr [ %12, %6 ], [ %2, %1 ]
  %8 = phi i32 [ %10, %6 ], [ 0, %1 ]
  %9 = load i32, ptr %7, align 8, !tbaa !9
  %10 = add nsw i32 %9, %8
  %11 = getelementptr inbounds i8, ptr %7, i64 8
  %12 = load ptr, ptr %11, align 8, !tbaa !5
  %13 = icmp eq ptr %12, null
  br i1 %13, label %4, label %6, !llvm.loop !12
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nofree nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #2 {
  %3 = alloca %struct.wrap, align 8
  call void @llvm.lifetime.start.p0(i64 56, ptr nonnull %3) #7
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(56) %3, i8 0, i64 56, i1 false)
  %4 = icmp sgt i32 %0, -5
  br i1 %4, label %5, label %8

5:                                                ; preds = %2
  %6 = add i32 %0, 4
  %7 = tail call i32 @llvm.smax.i32(i32 %6, i32 0)
  br label %22

8:                                                ; preds = %22, %2
  %9 = phi ptr [ null, %2 ], [ %25, %22 ]
  store ptr %9, ptr %3, align 8, !tbaa !15
  %10 = icmp eq ptr %9, null
  br i1 %10, label %19, label %11

11:                                               ; preds = %8, %11
  %12 = phi ptr [ %17, %11 ], [ %9, %8 ]
  %13 = phi i32 [ %15, %11 ], [ 0, %8 ]
  %14 = load i32, ptr %12, align 8, !tbaa !9
  %15 = add nsw i32 %14, %13
  %16 = getelementptr inbounds i8, ptr %12, i64 8
  %17 = load ptr, ptr %16, align 8, !tbaa !5
  %18 = icmp eq ptr %17, null
  br i1 %18, label %19, label %11, !llvm.loop !12

19:                                               ; preds = %11, %8
  %20 = phi i32 [ 0, %8 ], [ %15, %11 ]
  %21 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i32 noundef %20)
  call void @llvm.lifetime.end.p0(i64 56, ptr nonnull %3) #7
  ret i32 0

22:                                               ; preds = %5, %22
  %23 = phi ptr [ %25, %22 ], [ null, %5 ]
  %24 = phi i32 [ %28, %22 ], [ 0, %5 ]
  %25 = call noalias dereferenceable_or_null(24) ptr @malloc(i64 noundef 24) #8
  store i32 %24, ptr %25, align 8, !tbaa !9
  %26 = getelementptr inbounds i8, ptr %25, i64 8
  store ptr %23, ptr %26, align 8, !tbaa !18
  %27 = getelementptr inbounds i8, ptr %25, i64 16
  store ptr %3, ptr %27, align 8, !tbaa !19
  %28 = add nuw i32 %24, 1
  %29 = icmp eq i32 %24, %7
  br i1 %29, label %8, label %22, !llvm.loop !20
}

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #3

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #4

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #5

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #6

attributes #0 = { nofree norecurse nosync nounwind memory(read, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #4 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { nounwind }
attributes #8 = { nounwind allocsize(0) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !11, i64 0}
!10 = !{!"node", !11, i64 0, !6, i64 8, !6, i64 16}
!11 = !{!"int", !7, i64 0}
!12 = distinct !{!12, !13, !14}
!13 = !{!"llvm.loop.mustprogress"}
!14 = !{!"llvm.loop.unroll.disable"}
!15 = !{!16, !6, i64 0}
!16 = !{!"", !17, i64 0, !7, i64 48}
!17 = !{!"tree", !6, i64 0, !6, i64 8, !7, i64 16}
!18 = !{!10, !6, i64 8}
!19 = !{!10, !6, i64 16}
!20 = distinct !{!20, !13, !14}
