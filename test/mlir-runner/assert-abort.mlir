// RUN: pyopt %s -convert-func-to-llvm -convert-cf-to-llvm -o %t.mlir
// RUN: %python -c "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:]).returncode != -6)" \
// RUN:   pyrunner %t.mlir -e entry -entry-point-result=void > %t.out 2>&1
// RUN: filecheck %s < %t.out

// A failing cf.assert aborts the program (SIGABRT) with its message; what the program printed
// before is flushed first (mlir-cpu-runner loses it when stdout is not a terminal).

func.func private @printI64(i64)
func.func private @printNewline()
func.func @entry() {
  %c = arith.constant 7 : i64
  call @printI64(%c) : (i64) -> ()
  call @printNewline() : () -> ()
  %f = arith.constant false
  cf.assert %f, "the check failed"
  return
}

// CHECK: 7
// CHECK-NEXT: the check failed
