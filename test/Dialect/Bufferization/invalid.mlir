// RUN: pyopt %s -split-input-file -verify-diagnostics

func.func @sizes_with_copy(%t: tensor<?xf32>, %n: index) {
  // expected-error @+1 {{dynamic sizes not needed when copying a tensor}}
  %0 = bufferization.alloc_tensor(%n) copy(%t) : tensor<?xf32>
  return
}

// -----

func.func @missing_sizes(%n: index) {
  // expected-error @+1 {{expected 2 dynamic sizes}}
  %0 = bufferization.alloc_tensor(%n) : tensor<?x4x?xf32>
  return
}

// -----

func.func @copy_type_differs(%t: tensor<4xf32>) {
  // expected-error @+1 {{expected that `copy` and return type match}}
  %0 = "bufferization.alloc_tensor"(%t) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<4xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @dealloc_conditions(%m: memref<2xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  "bufferization.dealloc"(%m, %c, %c) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<2xf32>, i1, i1) -> ()
  return
}

// -----

func.func @dealloc_results(%m: memref<2xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of updated conditions (results) as retained operands}}
  %0 = "bufferization.dealloc"(%m, %c) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2xf32>, i1) -> i1
  return
}

// -----

func.func @restrict_on_tensor(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'restrict' is valid only for memref destinations}}
  %0 = bufferization.materialize_in_destination %a in restrict %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @not_writable(%a: tensor<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %a in %b : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @shapes(%a: tensor<4xf32>, %b: tensor<5xf32>) {
  // expected-error @+1 {{source/destination shapes are incompatible}}
  %0 = bufferization.materialize_in_destination %a in %b : (tensor<4xf32>, tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @ranks(%a: tensor<4xf32>, %b: memref<4x1xf32>) {
  // expected-error @+1 {{rank mismatch between source and destination shape}}
  bufferization.materialize_in_destination %a in writable %b : (tensor<4xf32>, memref<4x1xf32>) -> ()
  return
}

// -----

func.func @memref_result(%a: tensor<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{memref 'dest' implies zero results}}
  %0 = bufferization.materialize_in_destination %a in writable %b : (tensor<4xf32>, memref<4xf32>) -> (tensor<4xf32>)
  return
}

// -----

// expected-error @+1 {{'bufferization.writable' is invalid on external functions}}
func.func private @ext(tensor<4xf32> {bufferization.writable = true})

// -----

// expected-error @+1 {{invalid value for 'bufferization.access'}}
func.func @access(%t: tensor<4xf32> {bufferization.access = "sometimes"}) {
  return
}

// -----

func.func @manual() {
  // expected-error @+1 {{'arith.constant' op attribute 'bufferization.manual_deallocation' can be used only on ops that have an allocation and/or free side effect}}
  %0 = arith.constant {bufferization.manual_deallocation} 1 : index
  return
}

// -----

func.func @unknown_attr() {
  // expected-error @+1 {{attribute '"bufferization.whatever"' not supported as an op attribute by the bufferization dialect}}
  %0 = arith.constant {bufferization.whatever} 1 : index
  return
}

// -----

func.func @dealloc_without_if(%m: memref<2xf32>, %c: i1) {
  // expected-error @+1 {{custom op 'bufferization.dealloc' expected 'if'}}
  bufferization.dealloc (%m : memref<2xf32>) (%c)
  return
}
