// LLVM 19's escaping in names, string constants, metadata strings, attribute values, sections,
// inline asm and the triple (a backslash doubles, other unprintable bytes are \XX; attribute
// keys are printed as they are), and the `; Function Attrs:` comment, which lists only the
// attributes that are not strings (and is left out when there are none).
// RUN: pytranslate -mlir-to-llvmir %s | filecheck %s

module attributes {llvm.target_triple = "x86_64-a\\b"} {
  // CHECK: target triple = "x86_64-a\b"
  // CHECK: @"back\\slash" = global [6 x i8] c"a\\b\22\0A\00"
  llvm.mlir.global external @"back\\slash"("a\\b\"\n\00") : !llvm.array<6 x i8>
  // CHECK: @sect = global i32 1, section "s\\e\09c"
  llvm.mlir.global external @sect(1 : i32) {section = "s\\e\tc"} : i32

  // CHECK-NOT: Function Attrs
  // CHECK: define void @strings_only() #0 {
  llvm.func @strings_only() attributes {passthrough = [["k\\ey", "v\\al"], "no-trapping-math"]} {
    // CHECK: call void asm sideeffect "nop \\ x", ""()
    llvm.inline_asm has_side_effects "nop \\ x", "" : () -> ()
    llvm.return
  }

  // CHECK: ; Function Attrs: noinline nounwind{{$}}
  // CHECK-NEXT: define void @mixed() #1 {
  llvm.func @mixed() attributes {passthrough = ["nounwind", "noinline", ["frame-pointer", "all"]]} {
    llvm.return
  }

  // CHECK: attributes #0 = { "k\ey"="v\\al" "no-trapping-math" }
  // CHECK: attributes #1 = { noinline nounwind "frame-pointer"="all" }
  // CHECK: !{!"x\\y"}
  llvm.func @md() {
    llvm.return
  }
  llvm.linker_options ["x\\y"]
}
