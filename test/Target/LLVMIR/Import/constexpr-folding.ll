; RUN: pytranslate -import-llvm %s | filecheck %s

; LLVM 19 folds constant expressions as it parses them: integer add/sub/mul/xor, their identity
; operands, casts of null/undef/poison and integer<->float bitcasts. Others stay expressions.

; CHECK: llvm.mlir.global private constant @str("abc\00") {addr_space = 0 : i32, dso_local}
; CHECK-NEXT: llvm.mlir.global external @g0(1065353216 : i32) {addr_space = 0 : i32} : i32
; CHECK-NEXT: llvm.mlir.global external @g1(3 : i64) {addr_space = 0 : i32} : i64
; CHECK-NEXT: llvm.mlir.global external @g2(0 : i64) {addr_space = 0 : i32} : i64
; CHECK-NEXT: llvm.mlir.global external @g3() {addr_space = 0 : i32} : !llvm.ptr {
; CHECK-NEXT:   %0 = llvm.mlir.zero : !llvm.ptr
; CHECK-NEXT:   llvm.return %0 : !llvm.ptr
; CHECK-NEXT: }
; CHECK-NEXT: llvm.mlir.global external @g4() {addr_space = 0 : i32} : !llvm.ptr {
; CHECK-NEXT:   %0 = llvm.mlir.constant("abc\00") : !llvm.array<4 x i8>
; CHECK-NEXT:   %1 = llvm.mlir.addressof @str : !llvm.ptr
; CHECK-NEXT:   llvm.return %1 : !llvm.ptr
; CHECK-NEXT: }
; CHECK-NEXT: llvm.mlir.global external @g5(44 : i8) {addr_space = 0 : i32} : i8
; CHECK-NEXT: llvm.mlir.global external @g6(15 : i64) {addr_space = 0 : i32} : i64
; CHECK-NEXT: llvm.mlir.global external @g7(6 : i32) {addr_space = 0 : i32} : i32
; CHECK-NEXT: llvm.mlir.global external @g8() {addr_space = 0 : i32} : i64 {
; CHECK-NEXT:   %0 = llvm.mlir.constant("abc\00") : !llvm.array<4 x i8>
; CHECK-NEXT:   %1 = llvm.mlir.addressof @str : !llvm.ptr
; CHECK-NEXT:   %2 = llvm.ptrtoint %1 : !llvm.ptr to i64
; CHECK-NEXT:   llvm.return %2 : i64
; CHECK-NEXT: }
; CHECK-NEXT: llvm.mlir.global external @g9() {addr_space = 0 : i32} : i64 {
; CHECK-NEXT:   %0 = llvm.mlir.constant("abc\00") : !llvm.array<4 x i8>
; CHECK-NEXT:   %1 = llvm.mlir.addressof @str : !llvm.ptr
; CHECK-NEXT:   %2 = llvm.ptrtoint %1 : !llvm.ptr to i64
; CHECK-NEXT:   llvm.return %2 : i64
; CHECK-NEXT: }
; CHECK-NEXT: llvm.mlir.global external @g11(1.000000e+00 : f32) {addr_space = 0 : i32} : f32
; CHECK-NEXT: llvm.mlir.global external @g13() {addr_space = 0 : i32} : !llvm.ptr {
; CHECK-NEXT:   %0 = llvm.mlir.constant("abc\00") : !llvm.array<4 x i8>
; CHECK-NEXT:   %1 = llvm.mlir.addressof @str : !llvm.ptr
; CHECK-NEXT:   llvm.return %1 : !llvm.ptr
; CHECK-NEXT: }
; CHECK-NEXT: llvm.mlir.global external @g15() {addr_space = 0 : i32} : !llvm.ptr {
; CHECK-NEXT:   %0 = llvm.mlir.constant("abc\00") : !llvm.array<4 x i8>
; CHECK-NEXT:   %1 = llvm.mlir.addressof @str : !llvm.ptr
; CHECK-NEXT:   llvm.return %1 : !llvm.ptr
; CHECK-NEXT: }
; CHECK-NEXT: llvm.mlir.global external @g17(true) {addr_space = 0 : i32} : i1
; CHECK-NEXT: llvm.mlir.global external @g18(0 : i32) {addr_space = 0 : i32} : i32
; CHECK-NEXT: llvm.mlir.global external @g19() {addr_space = 0 : i32} : i32 {
; CHECK-NEXT:   %0 = llvm.mlir.undef : i32
; CHECK-NEXT:   llvm.return %0 : i32
; CHECK-NEXT: }
; CHECK-NEXT: llvm.mlir.global external @g20() {addr_space = 0 : i32} : i32 {
; CHECK-NEXT:   %0 = llvm.mlir.poison : i32
; CHECK-NEXT:   llvm.return %0 : i32
; CHECK-NEXT: }
; CHECK-NEXT: llvm.mlir.global external @g21() {addr_space = 0 : i32} : i64 {
; CHECK-NEXT:   %0 = llvm.mlir.constant("abc\00") : !llvm.array<4 x i8>
; CHECK-NEXT:   %1 = llvm.mlir.addressof @str : !llvm.ptr
; CHECK-NEXT:   %2 = llvm.ptrtoint %1 : !llvm.ptr to i64
; CHECK-NEXT:   llvm.return %2 : i64
; CHECK-NEXT: }
; CHECK-NEXT: llvm.mlir.global external @g22(0 : i64) {addr_space = 0 : i32} : i64

@str = private constant [4 x i8] c"abc\00"
@g0 = global i32 bitcast (float 1.0 to i32)
@g1 = global i64 add (i64 1, i64 2)
@g2 = global i64 ptrtoint (ptr null to i64)
@g3 = global ptr inttoptr (i64 0 to ptr)
@g4 = global ptr getelementptr ([4 x i8], ptr @str, i64 0, i64 0)
@g5 = global i8 trunc (i32 300 to i8)
@g6 = global i64 mul (i64 3, i64 5)
@g7 = global i32 xor (i32 5, i32 3)
@g8 = global i64 sub (i64 ptrtoint (ptr @str to i64), i64 0)
@g9 = global i64 add (i64 ptrtoint (ptr @str to i64), i64 0)
@g11 = global float bitcast (i32 1065353216 to float)
@g13 = global ptr getelementptr inbounds (i8, ptr @str, i64 0)
@g15 = global ptr bitcast (ptr @str to ptr)
@g17 = global i1 trunc (i32 1 to i1)
@g18 = global i32 sub (i32 0, i32 0)
@g19 = global i32 add (i32 undef, i32 1)
@g20 = global i32 add (i32 poison, i32 1)
@g21 = global i64 mul (i64 ptrtoint (ptr @str to i64), i64 1)
@g22 = global i64 mul (i64 ptrtoint (ptr @str to i64), i64 0)
