// RUN: pyopt %s -allow-unregistered-dialect | filecheck %s

// MLIR's alias pass does not look into the attributes of a function's entry block
// arguments: a value used only there is spelled out; one also used elsewhere (here in a
// result attribute, an op attribute or a declaration's argument) takes its alias there too.

// CHECK-DAG: #[[$RES:.*]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-DAG: #[[$DECL:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[$OP:.*]] = affine_map<(d0) -> (d0 * 3)>
// CHECK-NOT: affine_map<(d0) -> (d0 + 1)>
// CHECK-NOT: #map{{.*}} = affine_map<(d0) -> (d0 - 1)>

// CHECK-LABEL: func.func @only_in_arg(
//  CHECK-SAME:   %{{.*}}: index {test.m = affine_map<(d0) -> (d0 - 1)>})
func.func @only_in_arg(%a: index {test.m = affine_map<(d0) -> (d0 - 1)>}) {
  return
}

// CHECK-LABEL: func.func @also_in_result(
//  CHECK-SAME:   %{{.*}}: index {test.m = #[[$RES]]}) -> (index {test.r = #[[$RES]]})
func.func @also_in_result(%a: index {test.m = affine_map<(d0) -> (d0 + 2)>}) -> (index {test.r = affine_map<(d0) -> (d0 + 2)>}) {
  return %a : index
}

// A declaration's arguments are visited.
// CHECK: func.func private @decl(index {test.m = #[[$DECL]]})
func.func private @decl(index {test.m = affine_map<(d0, d1) -> (d1, d0)>})
// CHECK-LABEL: func.func @same_as_decl(
//  CHECK-SAME:   %{{.*}}: index {test.m = #[[$DECL]]})
func.func @same_as_decl(%a: index {test.m = affine_map<(d0, d1) -> (d1, d0)>}) {
  return
}

// Used later by an op: the argument takes the alias the op makes.
// CHECK-LABEL: llvm.func @llvm_arg(
//  CHECK-SAME:   %{{.*}}: i64 {test.m = #[[$OP]]})
//       CHECK:   "test.use"() {m = #[[$OP]]}
llvm.func @llvm_arg(%a: i64 {test.m = affine_map<(d0) -> (d0 * 3)>}) {
  "test.use"() {m = affine_map<(d0) -> (d0 * 3)>} : () -> ()
  llvm.return
}
