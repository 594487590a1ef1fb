// Non-attribute properties of an op (IntProperty, ArrayProperty) are written to bytecode as
// MLIR 19 writes them (varints), so the file reads back here and in mlir-opt 19.
// RUN: pyopt %s --emit-bytecode | pyopt | filecheck %s
// CHECK: test.with_properties <{a = -7 : i64, array = array<i64: 4, 3, 2, 1>, b = "x"}>
func.func @f() {
  test.with_properties <{a = -7 : i64, array = array<i64: 4, 3, 2, 1>, b = "x"}>
  return
}
