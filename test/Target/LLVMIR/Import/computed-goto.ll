; RUN: pytranslate -import-llvm -import-computed-goto -split-input-file %s | filecheck %s
; RUN: not pytranslate -import-llvm -split-input-file %s 2>&1 | filecheck %s --check-prefix=DEFAULT

; Beyond MLIR 19, on request: a block whose address is taken starts with
; llvm.blocktag (its tag is the block's position in the function), the address
; is llvm.blockaddress, and indirectbr becomes llvm.indirectbr, forwarding the
; PHI values to each destination. Without the option the import fails as 19's.

; DEFAULT: error: unhandled constant: ptr blockaddress(@dispatch, %second) since blockaddress(...) is unsupported

; CHECK-LABEL: llvm.mlir.global internal constant @targets()
; CHECK-DAG:     %[[A:.+]] = llvm.blockaddress <function = @dispatch, tag = <id = 1>> : !llvm.ptr
; CHECK-DAG:     %[[B:.+]] = llvm.blockaddress <function = @dispatch, tag = <id = 2>> : !llvm.ptr
; CHECK:         %[[U:.+]] = llvm.insertvalue %[[A]]
; CHECK:         llvm.insertvalue %[[B]], %[[U]][1]
@targets = internal constant [2 x ptr] [ptr blockaddress(@dispatch, %first), ptr blockaddress(@dispatch, %second)]

; CHECK-LABEL: llvm.func @dispatch(%arg0: i64, %arg1: i32) -> i32
; CHECK:         %[[P:.+]] = llvm.load
; CHECK:         llvm.indirectbr %[[P]] : !llvm.ptr, [
; CHECK-NEXT:    ^[[FIRST:bb[0-9]+]],
; CHECK-NEXT:    ^[[SECOND:bb[0-9]+]](%arg1 : i32)
; CHECK-NEXT:    ]
; CHECK:       ^[[FIRST]]:
; CHECK-NEXT:    llvm.blocktag <id = 1>
; CHECK:       ^[[SECOND]](%[[V:.+]]: i32):
; CHECK-NEXT:    llvm.blocktag <id = 2>
; CHECK-NEXT:    llvm.return %[[V]] : i32
define i32 @dispatch(i64 %i, i32 %x) {
entry:
  %slot = getelementptr [2 x ptr], ptr @targets, i64 0, i64 %i
  %p = load ptr, ptr %slot
  indirectbr ptr %p, [label %first, label %second]
first:
  br label %second
second:
  %v = phi i32 [ %x, %entry ], [ 7, %first ]
  ret i32 %v
}

; // -----

; DEFAULT: error: unhandled instruction: indirectbr ptr %dst, [label %a, label %b]

; CHECK-LABEL: llvm.func @no_tags(%arg0: !llvm.ptr)
; CHECK-NEXT:    llvm.indirectbr %arg0 : !llvm.ptr, [
; CHECK-NEXT:    ^bb1,
; CHECK-NEXT:    ^bb2
; CHECK-NEXT:    ]
; CHECK-NOT:     llvm.blocktag
define void @no_tags(ptr %dst) {
  indirectbr ptr %dst, [label %a, label %b]
a:
  ret void
b:
  ret void
}
