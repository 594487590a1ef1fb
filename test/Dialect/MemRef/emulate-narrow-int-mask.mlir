// RUN: pyopt %s --test-emulate-narrow-int="memref-load-bitwidth=8 arith-compute-bitwidth=8" | filecheck %s

// When arithmetic runs at the packed width itself, a loaded element keeps its low bits with
// a mask instead of a truncation.
func.func @load_masked(%i: index) -> i4 {
  %m = memref.alloc() : memref<9xi4>
  %v = memref.load %m[%i] : memref<9xi4>
  return %v : i4
}
// CHECK-LABEL: func.func @load_masked(%arg0: index) -> i8
// CHECK:         %[[M:.*]] = memref.alloc() : memref<5xi8>
// CHECK:         %[[X:.*]] = arith.shrsi %{{.*}}, %{{.*}} : i8
// CHECK-NEXT:    %[[C15:.*]] = arith.constant 15 : i8
// CHECK-NEXT:    %[[R:.*]] = arith.andi %[[X]], %[[C15]] : i8
// CHECK-NEXT:    return %[[R]] : i8
