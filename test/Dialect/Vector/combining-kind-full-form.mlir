// RUN: pyopt %s --split-input-file --verify-diagnostics | filecheck %s

// A combining kind in an op's custom form may also be written as the full attribute
// (#vector.kind<...>) or an alias of it; it prints in the short form.
#mul = #vector.kind<mul>
// CHECK-LABEL: func.func @full_form(
//       CHECK:   vector.multi_reduction <maxnumf>, %{{.*}}, %{{.*}} [0] : vector<2xf32> to f32
//       CHECK:   vector.reduction <mul>, %{{.*}} : vector<2xf32> into f32
func.func @full_form(%v: vector<2xf32>, %acc: f32) -> (f32, f32) {
  %0 = vector.multi_reduction #vector.kind<maxnumf>, %v, %acc [0] : vector<2xf32> to f32
  %1 = vector.reduction #mul, %v : vector<2xf32> into f32
  return %0, %1 : f32, f32
}

// -----

func.func @other_attribute(%v: vector<2xf32>, %acc: f32) -> f32 {
  // expected-error @+1 {{custom op 'vector.multi_reduction' invalid kind of attribute specified}}
  %0 = vector.multi_reduction #vector.iterator_type<parallel>, %v, %acc [0] : vector<2xf32> to f32
  return %0 : f32
}
