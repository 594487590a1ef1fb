// RUN: pyopt %s --pass-pipeline='builtin.module(print-ir{label=start}, func.func(print-ir))' -o /dev/null 2>&1 | filecheck %s

// print-ir writes the op it runs on to stderr, without alias definitions.
#inc = affine_map<(d0) -> (d0 + 2)>
func.func @bump(%i: index) -> index {
  %r = affine.apply #inc(%i)
  return %r : index
}

// CHECK: // -----// IR Dump start //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @bump(%arg0: index) -> index {
// CHECK-NEXT:     affine.apply affine_map<(d0) -> (d0 + 2)>(%arg0)
// CHECK: // -----// IR Dump //----- //
// CHECK-NEXT: func.func @bump(%arg0: index) -> index {
// CHECK-NOT: #map
