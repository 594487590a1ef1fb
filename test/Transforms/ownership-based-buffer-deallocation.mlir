// RUN: pyopt %s -ownership-based-buffer-deallocation -buffer-deallocation-simplification -split-input-file | filecheck %s
// RUN: pyopt %s -ownership-based-buffer-deallocation=private-function-dynamic-ownership -split-input-file | filecheck %s --check-prefix=DYN

// A buffer selected between two allocations: the ownership is selected the same way, and the
// returned buffer is cloned unless it is owned.
func.func @select_then_return(%c: i1, %n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %s = arith.select %c, %a, %b : memref<?xf32>
  return %s : memref<?xf32>
}


// CHECK-LABEL: func @select_then_return
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %[[A]], %[[B]]
// CHECK: %[[R:.*]] = scf.if %[[TRUE]] -> (memref<?xf32>) {
// CHECK:   scf.yield %[[S]]
// CHECK: } else {
// CHECK:   %[[CL:.*]] = bufferization.clone %[[S]]
// CHECK:   scf.yield %[[CL]]
// CHECK: bufferization.dealloc (%[[A]] : memref<?xf32>) if (%[[TRUE]]) retain (%[[R]] : memref<?xf32>)
// CHECK: bufferization.dealloc (%[[B]] : memref<?xf32>) if (%[[TRUE]]) retain (%[[R]] : memref<?xf32>)
// CHECK: return %[[R]]
// -----

// Branches pass an ownership flag along with each forwarded buffer.
func.func @branches(%c: i1, %arg: memref<4xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg : memref<4xf32>)
^bb2:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^bb3(%a : memref<4xf32>)
^bb3(%m: memref<4xf32>):
  "test.read_buffer"(%m) : (memref<4xf32>) -> ()
  return
}


// CHECK-LABEL: func @branches
// CHECK-SAME: (%{{.*}}: i1, %[[ARG:.*]]: memref<4xf32>)
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: cf.br ^[[JOIN:.*]](%[[ARG]], %[[FALSE]] : memref<4xf32>, i1)
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: cf.br ^[[JOIN]](%[[A]], %[[TRUE]] : memref<4xf32>, i1)
// CHECK: ^[[JOIN]](%[[M:.*]]: memref<4xf32>, %[[OWN:.*]]: i1):
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[M]]
// CHECK: bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[OWN]])
// CHECK-NEXT: return
// -----

// A loop carrying a buffer gets an ownership iter_arg; buffers of the previous iteration are
// freed before the yield.
func.func @loop(%lb: index, %ub: index, %step: index, %init: memref<2xf32>) -> memref<2xf32> {
  %r = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    "test.read_buffer"(%it) : (memref<2xf32>) -> ()
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}


// CHECK-LABEL: func @loop
// CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%[[IT:.*]] = %{{.*}}, %[[OWN:.*]] = %false) -> (memref<2xf32>, i1)
// CHECK:   %[[A:.*]] = memref.alloc()
// CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[IT]]
// CHECK:   bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[OWN]])
// CHECK:   scf.yield %[[A]], %true
// CHECK: %[[R:.*]] = scf.if %[[LOOP]]#1
// CHECK: bufferization.clone %[[LOOP]]#0
// CHECK: bufferization.dealloc ({{.*}}) if (%[[LOOP]]#1) retain (%[[R]] : memref<2xf32>)
// CHECK: return %[[R]]
// -----

// A private callee returns an ownership flag with its buffer when dynamic ownership is on.
func.func private @make(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}
func.func @caller(%n: index) {
  %m = call @make(%n) : (index) -> memref<?xf32>
  "test.read_buffer"(%m) : (memref<?xf32>) -> ()
  return
}


// CHECK-LABEL: func @caller
// CHECK: %[[M:.*]] = call @make
// CHECK: bufferization.dealloc ({{.*}}) if (%true)
// DYN-LABEL: func private @make(%{{.*}}: index) -> (memref<?xf32>, i1)
// DYN: %[[A:.*]] = memref.alloc
// DYN: %[[OWN:.*]] = bufferization.dealloc ({{.*}}) if (%true) retain (%[[A]] : memref<?xf32>)
// DYN: return %[[A]], %[[OWN]] : memref<?xf32>, i1
// DYN-LABEL: func @caller
// DYN: %[[M:.*]]:2 = call @make(%{{.*}}) : (index) -> (memref<?xf32>, i1)
// DYN: bufferization.dealloc ({{.*}}) if (%[[M]]#1)
// -----

// Stack allocations are never owned; allocations marked for manual deallocation are left
// alone.
func.func @not_owned(%n: index) {
  %a = memref.alloca() : memref<4xf32>
  %m = memref.alloc(%n) {bufferization.manual_deallocation} : memref<?xf32>
  "test.read_buffer"(%a) : (memref<4xf32>) -> ()
  "test.read_buffer"(%m) : (memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func @not_owned
// CHECK-NOT: bufferization.dealloc
// CHECK: return
