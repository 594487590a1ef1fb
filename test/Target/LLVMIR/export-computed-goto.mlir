// RUN: pytranslate -mlir-to-llvmir %s | filecheck %s

// Beyond MLIR 19: llvm.blockaddress names the block of a function that starts
// with the matching llvm.blocktag, printed by that block's number even when the
// function comes later; llvm.indirectbr lists its destinations, and the values
// it forwards become PHIs there.

// CHECK: @table = private global [2 x ptr] [ptr blockaddress(@interp, %3), ptr blockaddress(@interp, %4)]
llvm.mlir.global private @table() {addr_space = 0 : i32} : !llvm.array<2 x ptr> {
  %0 = llvm.blockaddress <function = @interp, tag = <id = 7>> : !llvm.ptr
  %1 = llvm.blockaddress <function = @interp, tag = <id = 9>> : !llvm.ptr
  %2 = llvm.mlir.undef : !llvm.array<2 x ptr>
  %3 = llvm.insertvalue %0, %2[0] : !llvm.array<2 x ptr>
  %4 = llvm.insertvalue %1, %3[1] : !llvm.array<2 x ptr>
  llvm.return %4 : !llvm.array<2 x ptr>
}

// CHECK-LABEL: define i32 @interp(ptr %0, i32 %1) {
// CHECK-NEXT:    indirectbr ptr %0, [label %3, label %4]
// CHECK:       3:
// CHECK-NEXT:    indirectbr ptr blockaddress(@interp, %4), [label %4]
// CHECK:       4:
// CHECK-NEXT:    %5 = phi i32 [ 5, %3 ], [ %1, %2 ]
// CHECK-NEXT:    ret i32 %5
llvm.func @interp(%dst: !llvm.ptr, %x: i32) -> i32 {
  %c5 = llvm.mlir.constant(5 : i32) : i32
  %back = llvm.blockaddress <function = @interp, tag = <id = 9>> : !llvm.ptr
  llvm.indirectbr %dst : !llvm.ptr, [
  ^one,
  ^two(%x : i32)
  ]
^one:
  llvm.blocktag <id = 7>
  llvm.indirectbr %back : !llvm.ptr, [^two(%c5 : i32)]
^two(%v: i32):
  llvm.blocktag <id = 9>
  llvm.return %v : i32
}
