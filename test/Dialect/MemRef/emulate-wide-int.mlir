// RUN: pyopt %s --memref-emulate-wide-int | filecheck %s

// i64 memrefs hold vector<2xi32> pairs; narrower element types stay. (Where a wide value
// crosses a function signature into a memref op, mlir-opt 19 fails to legalize the
// materialization; pyopt converts it.)

func.func @local_buffer(%i: index) {
  %c = arith.constant 7 : i64
  %buf = memref.alloc() : memref<2xi64, 1>
  memref.store %c, %buf[%i] : memref<2xi64, 1>
  %r = memref.load %buf[%i] : memref<2xi64, 1>
  %small = memref.alloc() : memref<2xi16>
  %s = memref.load %small[%i] : memref<2xi16>
  return
}

// CHECK-LABEL: func.func @local_buffer
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<[7, 0]> : vector<2xi32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<2xvector<2xi32>, 1>
// CHECK-NEXT:    memref.store %[[C]], %[[B]][%arg0] : memref<2xvector<2xi32>, 1>
// CHECK-NEXT:    memref.load %[[B]][%arg0] : memref<2xvector<2xi32>, 1>
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2xi16>
// CHECK-NEXT:    memref.load %[[S]][%arg0] : memref<2xi16>
