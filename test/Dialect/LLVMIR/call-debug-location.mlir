// RUN: not pyopt %s -split-input-file 2>&1 | filecheck %s

// A call without a location, from a function with a DISubprogram to a defined function with
// one, is rejected (the error is reported at the unknown location of the call).
#file = #llvm.di_file<"k.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = false, emissionKind = Full>
#sp_a = #llvm.di_subprogram<compileUnit = #cu, scope = #file, name = "leaf", file = #file, subprogramFlags = Definition>
#sp_b = #llvm.di_subprogram<compileUnit = #cu, scope = #file, name = "root", file = #file, subprogramFlags = Definition>

llvm.func @leaf() {
  llvm.return
} loc(fused<#sp_a>["k.c":1:1])

llvm.func @root() {
  // CHECK: <unknown>:0: error: inlinable function call in a function with a DISubprogram location must have a debug location
  llvm.call @leaf() : () -> () loc(unknown)
  llvm.return
} loc(fused<#sp_b>["k.c":5:1])

// -----

// With a location, or to a declaration, the call is fine.
#file = #llvm.di_file<"k.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = false, emissionKind = Full>
#sp_b = #llvm.di_subprogram<compileUnit = #cu, scope = #file, name = "root", file = #file, subprogramFlags = Definition>

llvm.func @ext() loc(fused<#sp_b>["k.c":2:1])

// CHECK-LABEL: llvm.func @ok_root
llvm.func @ok_root() {
  // CHECK: llvm.call @ext() : () -> ()
  llvm.call @ext() : () -> () loc(unknown)
  llvm.return
} loc(fused<#sp_b>["k.c":5:1])
