// RUN: pyopt %s -mlir-print-debuginfo -mlir-print-local-scope | filecheck %s
// A name location may name another name location (MLIR 19).

// CHECK: return loc("outer"("inner"("f.c":3:4)))
func.func @f() {
  return loc("outer"("inner"("f.c":3:4)))
}
