// RUN: pyopt %s -buffer-deallocation -split-input-file | filecheck %s

// The free goes after the last use of the buffer and of its views.
// CHECK-LABEL: func @after_last_use
// CHECK: %[[A:.*]] = memref.alloc() : memref<8xf32>
// CHECK: %[[V:.*]] = memref.subview %[[A]]
// CHECK: memref.copy %[[V]], %{{.*}}
// CHECK-NEXT: memref.dealloc %[[A]] : memref<8xf32>
// CHECK-NEXT: return
func.func @after_last_use(%out: memref<4xf32, strided<[1], offset: 2>>) {
  %a = memref.alloc() : memref<8xf32>
  %v = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  memref.copy %v, %out : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[1], offset: 2>>
  return
}

// -----

// A block argument receiving a buffer from a branch the allocation does not dominate: each
// incoming buffer is cloned, the original freed in its block, the clone after the join.
// CHECK-LABEL: func @join
// CHECK-SAME: (%[[C:.*]]: i1, %[[ARG:.*]]: memref<2xf32>, %[[OUT:.*]]: memref<2xf32>)
// CHECK: cf.cond_br %[[C]], ^[[THEN:.*]], ^[[ELSE:.*]]
// CHECK: ^[[THEN]]:
// CHECK:   %[[C1:.*]] = bufferization.clone %[[ARG]]
// CHECK:   cf.br ^[[JOIN:.*]](%[[C1]] : memref<2xf32>)
// CHECK: ^[[ELSE]]:
// CHECK:   %[[A:.*]] = memref.alloc()
// CHECK:   %[[C2:.*]] = bufferization.clone %[[A]]
// CHECK:   memref.dealloc %[[A]]
// CHECK:   cf.br ^[[JOIN]](%[[C2]] : memref<2xf32>)
// CHECK: ^[[JOIN]](%[[M:.*]]: memref<2xf32>):
// CHECK:   memref.copy %[[M]], %[[OUT]]
// CHECK-NEXT: memref.dealloc %[[M]]
func.func @join(%c: i1, %arg: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg : memref<2xf32>)
^bb2:
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%a : memref<2xf32>)
^bb3(%m: memref<2xf32>):
  memref.copy %m, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// An existing dealloc placed too early is moved after the last use.
// CHECK-LABEL: func @moved
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]]
func.func @moved(%out: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  memref.copy %a, %out : memref<2xf32> to memref<2xf32>
  return
}
