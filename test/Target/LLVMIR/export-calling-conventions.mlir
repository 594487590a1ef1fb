// Calling conventions are written with LLVM's own spelling, which often differs from the
// dialect keyword; conventions LLVM has no keyword for are numbered.
// RUN: pytranslate --mlir-to-llvmir %s | filecheck %s

// CHECK: define ptx_kernel void @kernel()
llvm.func ptx_kernelcc @kernel() {
  llvm.return
}

// CHECK: define amdgpu_gfx void @gfx()
llvm.func amdgpu_gfxcc @gfx() {
  llvm.return
}

// CHECK: define cc99 void @numbered()
llvm.func wasm_emscripten_invokecc @numbered() {
  llvm.return
}

// CHECK: define ghccc void @ghc()
// CHECK:   call fastcc void @fast()
llvm.func cc_10 @ghc() {
  llvm.call fastcc @fast() : () -> ()
  llvm.return
}

// CHECK: define fastcc void @fast()
llvm.func fastcc @fast() {
  llvm.return
}
