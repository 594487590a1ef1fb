// RUN: pyopt %s --pass-pipeline="builtin.module(func.func(mem2reg))" | filecheck %s

// A single-element alloca is replaced by the values stored into it; before any store it
// holds zero.
// CHECK-LABEL: func.func @scalar(%arg0: f64) -> (f64, f64) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: return %cst, %arg0 : f64, f64
// CHECK-NEXT: }
func.func @scalar(%x: f64) -> (f64, f64) {
  %m = memref.alloca() : memref<f64>
  %z = memref.load %m[] : memref<f64>
  memref.store %x, %m[] : memref<f64>
  %v = memref.load %m[] : memref<f64>
  return %z, %v : f64, f64
}

// Indices do not matter when the memref has one element.
// CHECK-LABEL: func.func @one_element(%arg0: index) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: return %arg0 : index
// CHECK-NEXT: }
func.func @one_element(%x: index) -> index {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<1x1xindex>
  memref.store %x, %m[%c0, %c0] : memref<1x1xindex>
  %v = memref.load %m[%c0, %c0] : memref<1x1xindex>
  return %v : index
}

// Vectors default to a zero splat.
// CHECK-LABEL: func.func @vector_zero() -> vector<2xi8> {
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<2xi8>
// CHECK-NEXT: return %cst : vector<2xi8>
// CHECK-NEXT: }
func.func @vector_zero() -> vector<2xi8> {
  %m = memref.alloca() : memref<vector<2xi8>>
  %v = memref.load %m[] : memref<vector<2xi8>>
  return %v : vector<2xi8>
}

// Unstructured control flow: a loop-carried value and a conditional update.
// CHECK-LABEL: func.func @accumulate(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: cf.br ^bb1(%c0_i32, %c0 : i32, index)
// CHECK-NEXT: ^bb1(%0: i32, %1: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %2 = arith.cmpi slt, %1, %arg0 : index
// CHECK-NEXT: cf.cond_br %2, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %3 = arith.addi %0, %arg1 : i32
// CHECK-NEXT: %4 = arith.addi %1, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%3, %4 : i32, index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @accumulate(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = memref.alloca() : memref<i32>
  %iv = memref.alloca() : memref<index>
  memref.store %c0, %iv[] : memref<index>
  cf.br ^head
^head:
  %i = memref.load %iv[] : memref<index>
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  %a = memref.load %acc[] : memref<i32>
  %s = arith.addi %a, %x : i32
  memref.store %s, %acc[] : memref<i32>
  %i1 = arith.addi %i, %c1 : index
  memref.store %i1, %iv[] : memref<index>
  cf.br ^head
^exit:
  %r = memref.load %acc[] : memref<i32>
  return %r : i32
}

// Slots nested in a structured op's body are promoted within it.
// CHECK-LABEL: func.func @in_loop_body(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) {
// CHECK-NEXT: scf.for %arg4 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT: func.call @use(%arg3) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @in_loop_body(%lb: index, %ub: index, %step: index, %x: i32) {
  scf.for %i = %lb to %ub step %step {
    %m = memref.alloca() : memref<i32>
    memref.store %x, %m[] : memref<i32>
    %v = memref.load %m[] : memref<i32>
    func.call @use(%v) : (i32) -> ()
  }
  return
}

// A memref of memrefs: loads through the promoted slot give back the stored memref.
// CHECK-LABEL: func.func @indirect(%arg0: f32) -> f32 {
// CHECK-NEXT: return %arg0 : f32
// CHECK-NEXT: }
func.func @indirect(%x: f32) -> f32 {
  %inner = memref.alloca() : memref<f32>
  %outer = memref.alloca() : memref<memref<f32>>
  memref.store %x, %inner[] : memref<f32>
  memref.store %inner, %outer[] : memref<memref<f32>>
  %p = memref.load %outer[] : memref<memref<f32>>
  %v = memref.load %p[] : memref<f32>
  return %v : f32
}

// Several elements, dynamic shapes, element types without a zero and escaping memrefs
// are kept.
// CHECK-LABEL: func.func @kept(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<2xi32>
// CHECK-NEXT: memref.store %arg1, %alloca[%c0] : memref<2xi32>
// CHECK-NEXT: %alloca_0 = memref.alloca(%arg0) : memref<?xi32>
// CHECK-NEXT: memref.store %arg1, %alloca_0[%c0] : memref<?xi32>
// CHECK-NEXT: %alloca_1 = memref.alloca() : memref<complex<f32>>
// CHECK-NEXT: %0 = memref.load %alloca_1[] : memref<complex<f32>>
// CHECK-NEXT: %alloca_2 = memref.alloca() : memref<i32>
// CHECK-NEXT: memref.store %arg1, %alloca_2[] : memref<i32>
// CHECK-NEXT: call @escape(%alloca_2) : (memref<i32>) -> ()
// CHECK-NEXT: %1 = memref.load %alloca[%c0] : memref<2xi32>
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @kept(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %two = memref.alloca() : memref<2xi32>
  memref.store %x, %two[%c0] : memref<2xi32>
  %dyn = memref.alloca(%n) : memref<?xi32>
  memref.store %x, %dyn[%c0] : memref<?xi32>
  %cplx = memref.alloca() : memref<complex<f32>>
  %c = memref.load %cplx[] : memref<complex<f32>>
  %esc = memref.alloca() : memref<i32>
  memref.store %x, %esc[] : memref<i32>
  func.call @escape(%esc) : (memref<i32>) -> ()
  %a = memref.load %two[%c0] : memref<2xi32>
  return %a : i32
}

func.func private @use(i32)
func.func private @escape(memref<i32>)
