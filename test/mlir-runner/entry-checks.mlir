// pyrunner refuses what mlir-cpu-runner 19 refuses, with its words, before compiling
// anything; the result line comes before the program's own (still buffered) output.
// RUN: not pyrunner %s -e takes_arg --entry-point-result=i32 2>&1 | filecheck %s --check-prefix=INPUTS
// RUN: not pyrunner %s -e takes_arg_void --entry-point-result=void 2>&1 | filecheck %s --check-prefix=INPUTS
// RUN: not pyrunner %s -e declared --entry-point-result=i32 2>&1 | filecheck %s --check-prefix=NOTFOUND
// RUN: not pyrunner %s -e table --entry-point-result=i32 2>&1 | filecheck %s --check-prefix=NOTFOUND
// RUN: not pyrunner %s -e greet 2>&1 | filecheck %s --check-prefix=F32
// RUN: not pyrunner %s -e greet --entry-point-result=i64 2>&1 | filecheck %s --check-prefix=I64
// RUN: not pyrunner %s -e greet --entry-point-result=i16 2>&1 | filecheck %s --check-prefix=KIND
// RUN: pyrunner %s -e greet --entry-point-result=i32 | filecheck %s --check-prefix=ORDER
// RUN: pyrunner %s -e inf --entry-point-result=f32 | filecheck %s --check-prefix=INF
// RUN: not pyrunner %S/Inputs/no-such-file.mlir 2>&1 | filecheck %s --check-prefix=NOFILE
// RUN: not pyrunner %S/Inputs/func-dialect.mlir -e main --entry-point-result=void 2>&1 | filecheck %s --check-prefix=DIALECT

// INPUTS: Error: function inputs not supported
// NOTFOUND: Error: entry point not found
// F32: Error: only single f32 function result supported
// I64: Error: only single i64 function result supported
// KIND: Error: unsupported function type
// ORDER: {{^}}42{{$}}
// ORDER-NEXT: {{^}}hello{{$}}
// ORDER-NEXT: {{^}}7{{$}}
// INF: {{^}}INF{{$}}
// NOFILE: cannot open input file '{{.*}}no-such-file.mlir': No such file or directory
// NOFILE-NEXT: could not parse the input IR
// DIALECT: loc("{{.*}}func-dialect.mlir":1:1): error: Dialect `func' not found for custom op 'func.func'
// DIALECT-NEXT: could not parse the input IR

llvm.mlir.global internal constant @msg("hello\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @table(0 : i32) {addr_space = 0 : i32} : i32
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @printI64(i64)
llvm.func @printNewline()
// never called: needs no definition
llvm.func @unused_declaration(i32) -> i32

llvm.func @greet() -> i32 {
  %0 = llvm.mlir.addressof @msg : !llvm.ptr
  %1 = llvm.call @printf(%0) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
  %2 = llvm.mlir.constant(7 : i64) : i64
  llvm.call @printI64(%2) : (i64) -> ()
  llvm.call @printNewline() : () -> ()
  %3 = llvm.mlir.constant(42 : i32) : i32
  llvm.return %3 : i32
}

llvm.func @takes_arg(%a: i32) -> i32 {
  llvm.return %a : i32
}

llvm.func @takes_arg_void(%a: i32) {
  llvm.return
}

llvm.func @declared() -> i32

llvm.func @inf() -> f32 {
  %0 = llvm.mlir.constant(0x7F800000 : f32) : f32
  llvm.return %0 : f32
}
