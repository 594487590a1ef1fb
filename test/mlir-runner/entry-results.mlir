// RUN: pyrunner %s -e answer --entry-point-result=i32 | filecheck %s --check-prefix=I32
// RUN: pyrunner %s -e big --entry-point-result=i64 -O2 | filecheck %s --check-prefix=I64
// RUN: pyrunner %s -e half --entry-point-result=f32 -O1 | filecheck %s --check-prefix=F32
// RUN: pyrunner %s -e fact --entry-point-result=i64 -O3 | filecheck %s --check-prefix=FACT
// RUN: not pyrunner %s -e missing --entry-point-result=i32 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: not pyrunner %s -e half --entry-point-result=i32 2>&1 | filecheck %s --check-prefix=WRONG
// RUN: not pyrunner %s -e answer --entry-point-result=void 2>&1 | filecheck %s --check-prefix=VOID

// I32: {{^}}-7{{$}}
llvm.func @answer() -> i32 {
  %0 = llvm.mlir.constant(-7 : i32) : i32
  llvm.return %0 : i32
}

// I64: {{^}}8589934592{{$}}
llvm.func @big() -> i64 {
  %0 = llvm.mlir.constant(4294967296 : i64) : i64
  %1 = llvm.add %0, %0 : i64
  llvm.return %1 : i64
}

// F32: {{^}}5.000000e-01{{$}}
llvm.func @half() -> f32 {
  %0 = llvm.mlir.constant(0.5 : f32) : f32
  llvm.return %0 : f32
}

// 20! through a loop with block arguments.
// FACT: {{^}}2432902008176640000{{$}}
llvm.func @fact() -> i64 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %n = llvm.mlir.constant(20 : i64) : i64
  llvm.br ^loop(%one, %one : i64, i64)
^loop(%i: i64, %acc: i64):
  %next = llvm.mul %acc, %i : i64
  %i1 = llvm.add %i, %one : i64
  %stop = llvm.icmp "sgt" %i1, %n : i64
  llvm.cond_br %stop, ^exit(%next : i64), ^loop(%i1, %next : i64, i64)
^exit(%r: i64):
  llvm.return %r : i64
}

// MISSING: Error: entry point not found
// WRONG: Error: only single i32 function result supported
// VOID: Error: expected void function
