// RUN: pyopt %s -split-input-file | filecheck %s
// RUN: pyopt %s -split-input-file | pyopt -split-input-file | filecheck %s

// MLIR 16's typed pointers read as MLIR 19's opaque ones: the element type of every pointer
// is dropped, and the ops whose old syntax left a type implied by the pointee print it.

// CHECK-LABEL: llvm.func @memory
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[N:.*]]: i64) -> f32
llvm.func @memory(%p: !llvm.ptr<f32>, %n: i64) -> f32 {
  // CHECK: %[[V:.*]] = llvm.load %[[P]] : !llvm.ptr -> f32
  %v = llvm.load %p : !llvm.ptr<f32>
  // CHECK: llvm.load volatile %[[P]] {alignment = 4 : i64} : !llvm.ptr -> f32
  %w = llvm.load volatile %p {alignment = 4 : i64} : !llvm.ptr<f32>
  // CHECK: llvm.store %[[V]], %[[P]] : f32, !llvm.ptr
  llvm.store %v, %p : !llvm.ptr<f32>
  // CHECK: llvm.getelementptr %[[P]][%[[N]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr<f32>, i64) -> !llvm.ptr<f32>
  // CHECK: %[[A:.*]] = llvm.alloca %[[N]] x f32 {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %a = llvm.alloca %n x f32 {alignment = 8 : i64} : (i64) -> !llvm.ptr<f32>
  // CHECK: llvm.bitcast %[[A]] : !llvm.ptr to !llvm.ptr
  %b = llvm.bitcast %a : !llvm.ptr<f32> to !llvm.ptr<i8>
  // CHECK: llvm.mlir.zero : !llvm.ptr
  %z = llvm.mlir.null : !llvm.ptr<i8>
  llvm.return %v : f32
}

// -----

// Address spaces stay; nested pointers, vectors and arrays of pointers lose their element.
// CHECK-LABEL: llvm.func @nested
// CHECK-SAME: (!llvm.ptr<1>, !llvm.ptr, !llvm.vec<4 x ptr>, !llvm.array<2 x vec<2 x ptr>>, !llvm.ptr)
// CHECK-SAME: -> !llvm.struct<(ptr<3>, i32)>
llvm.func @nested(!llvm.ptr<i8, 1>, !llvm.ptr<ptr<i32>>, !llvm.vec<4 x ptr<i8>>,
                  !llvm.array<2 x vec<2 x ptr<i32>>>, !llvm.ptr<!llvm.ptr<i32>>)
    -> !llvm.struct<(ptr<f64, 3>, i32)>

// -----

// Identified structs keep their name; their bodies lose the element types too, so a struct
// that was recursive through a pointer no longer refers to itself.
// CHECK-LABEL: llvm.func @structs
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
llvm.func @structs(%p: !llvm.ptr<struct<"node", (ptr<struct<"node">>, i32)>>) -> i32 {
  // CHECK: llvm.getelementptr %[[P]][0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"node", (ptr, i32)>
  %f = llvm.getelementptr %p[0, 1] : (!llvm.ptr<struct<"node", (ptr<struct<"node">>, i32)>>) -> !llvm.ptr<i32>
  // CHECK: llvm.load %{{.*}} : !llvm.ptr -> i32
  %v = llvm.load %f : !llvm.ptr<i32>
  // CHECK: llvm.load %[[P]] : !llvm.ptr -> !llvm.struct<"node", (ptr, i32)>
  %s = llvm.load %p : !llvm.ptr<struct<"node", (ptr<struct<"node">>, i32)>>
  llvm.return %v : i32
}

// -----

// Atomics named only the value type; the pointer was `!llvm.ptr<T>`.
// CHECK-LABEL: llvm.func @atomics
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
llvm.func @atomics(%p: !llvm.ptr<i32>, %v: i32) {
  // CHECK: llvm.atomicrmw add %[[P]], %[[V]] acq_rel : !llvm.ptr, i32
  %r = llvm.atomicrmw add %p, %v acq_rel : i32
  // CHECK: llvm.cmpxchg %[[P]], %[[V]], %[[V]] acq_rel monotonic : !llvm.ptr, i32
  %c = llvm.cmpxchg %p, %v, %v acq_rel monotonic : i32
  // (the `atomic` keyword of load and store came after MLIR 16, typed pointers read with it too)
  // CHECK: llvm.load %[[P]] atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i32
  %l = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr<i32>
  // CHECK: llvm.store %[[V]], %[[P]] atomic release {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.store %v, %p atomic release {alignment = 4 : i64} : !llvm.ptr<i32>
  llvm.return
}

// -----

// Calls through a function pointer gave only the function type.
llvm.func @callee(i32) -> i32
llvm.func @__gxx_personality_v0(...) -> i32

// CHECK-LABEL: llvm.func @calls
llvm.func @calls(%n: i32) -> i32 attributes {personality = @__gxx_personality_v0} {
  // CHECK: %[[F:.*]] = llvm.mlir.addressof @callee : !llvm.ptr
  %f = llvm.mlir.addressof @callee : !llvm.ptr<func<i32 (i32)>>
  // CHECK: llvm.call %[[F]](%{{.*}}) : !llvm.ptr, (i32) -> i32
  %x = llvm.call %f(%n) : (i32) -> i32
  // CHECK: llvm.invoke %[[F]](%{{.*}}) to ^bb1 unwind ^bb2 : !llvm.ptr, (i32) -> i32
  %y = llvm.invoke %f(%x) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %y : i32
^bb2:
  // CHECK: llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  %lp = llvm.landingpad cleanup : !llvm.struct<(ptr<i8>, i32)>
  llvm.resume %lp : !llvm.struct<(ptr<i8>, i32)>
}

// -----

// Globals of pointer type and their initializers.
// CHECK: llvm.mlir.global internal @table() {addr_space = 0 : i32} : !llvm.array<2 x ptr> {
// CHECK:   llvm.mlir.addressof @first : !llvm.ptr
// CHECK:   llvm.insertvalue %{{.*}}, %{{.*}}[0] : !llvm.array<2 x ptr>
// CHECK:   llvm.return %{{.*}} : !llvm.array<2 x ptr>
llvm.mlir.global internal @table() : !llvm.array<2 x ptr<i32>> {
  %0 = llvm.mlir.undef : !llvm.array<2 x ptr<i32>>
  %1 = llvm.mlir.addressof @first : !llvm.ptr<i32>
  %2 = llvm.insertvalue %1, %0[0] : !llvm.array<2 x ptr<i32>>
  %3 = llvm.insertvalue %1, %2[1] : !llvm.array<2 x ptr<i32>>
  llvm.return %3 : !llvm.array<2 x ptr<i32>>
}
llvm.mlir.global external @first(0 : i32) : i32

// -----

// The memory intrinsics took the volatile flag as a fourth operand.
// CHECK-LABEL: llvm.func @intrinsics
llvm.func @intrinsics(%d: !llvm.ptr<i8>, %s: !llvm.ptr<i8>, %n: i64, %c: i8) {
  %false = llvm.mlir.constant(false) : i1
  %true = llvm.mlir.constant(true) : i1
  // CHECK: "llvm.intr.memcpy"(%{{.*}}, %{{.*}}, %{{.*}}) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memcpy"(%d, %s, %n, %false) : (!llvm.ptr<i8>, !llvm.ptr<i8>, i64, i1) -> ()
  // CHECK: "llvm.intr.memmove"(%{{.*}}, %{{.*}}, %{{.*}}) <{isVolatile = true}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memmove"(%d, %s, %n, %true) : (!llvm.ptr<i8>, !llvm.ptr<i8>, i64, i1) -> ()
  // CHECK: "llvm.intr.memset"(%{{.*}}, %{{.*}}, %{{.*}}) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  "llvm.intr.memset"(%d, %c, %n, %false) : (!llvm.ptr<i8>, i8, i64, i1) -> ()
  // CHECK: llvm.intr.stacksave : !llvm.ptr
  %sp = llvm.intr.stacksave : !llvm.ptr<i8>
  llvm.return
}

// -----

// Builtin types holding LLVM pointers, and the function type of func.func.
// CHECK-LABEL: func.func @builtin_types
// CHECK-SAME: (%{{.*}}: !llvm.ptr) -> tuple<!llvm.ptr, i1>
func.func @builtin_types(%p: !llvm.ptr<i8>) -> tuple<!llvm.ptr<i8>, i1> {
  // CHECK: builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to tuple<!llvm.ptr, i1>
  %t = builtin.unrealized_conversion_cast %p : !llvm.ptr<i8> to tuple<!llvm.ptr<i8>, i1>
  return %t : tuple<!llvm.ptr<i8>, i1>
}

// -----

// MLIR 16's generic form: no element type on gep and alloca (the pointees give them), enums
// as integers, the old name of the operand segment sizes.
// CHECK-LABEL: llvm.func @generic
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[N:.*]]: i64, %[[F:.*]]: !llvm.ptr)
// CHECK: llvm.getelementptr %[[P]][%[[N]], 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i8, i32)>
// CHECK: llvm.alloca %[[N]] x i16 : (i64) -> !llvm.ptr
// CHECK: llvm.atomicrmw xchg %{{.*}}, %{{.*}} seq_cst : !llvm.ptr, i32
// CHECK: llvm.invoke %[[F]](%{{.*}}) to ^bb1 unwind ^bb2 : !llvm.ptr, (i32) -> i32
llvm.func @__gxx_personality_v0(...) -> i32
"llvm.func"() ({
^bb0(%p: !llvm.ptr<struct<(i8, i32)>>, %n: i64, %f: !llvm.ptr<func<i32 (i32)>>):
  %g = "llvm.getelementptr"(%p, %n) {rawConstantIndices = array<i32: -2147483648, 1>} : (!llvm.ptr<struct<(i8, i32)>>, i64) -> !llvm.ptr<i32>
  %a = "llvm.alloca"(%n) : (i64) -> !llvm.ptr<i16>
  %v = "llvm.mlir.constant"() {value = 7 : i32} : () -> i32
  %r = "llvm.atomicrmw"(%g, %v) {bin_op = 0 : i64, ordering = 7 : i64} : (!llvm.ptr<i32>, i32) -> i32
  %x = "llvm.invoke"(%f, %r)[^bb1, ^bb2] {operand_segment_sizes = array<i32: 2, 0, 0>} : (!llvm.ptr<func<i32 (i32)>>, i32) -> i32
^bb1:
  "llvm.return"(%x) : (i32) -> ()
^bb2:
  %lp = "llvm.landingpad"() {cleanup} : () -> !llvm.struct<(ptr<i8>, i32)>
  "llvm.resume"(%lp) : (!llvm.struct<(ptr<i8>, i32)>) -> ()
}) {function_type = !llvm.func<i32 (ptr<struct<(i8, i32)>>, i64, ptr<func<i32 (i32)>>)>, linkage = #llvm.linkage<external>, sym_name = "generic", personality = @__gxx_personality_v0} : () -> ()

// -----

// Argument attributes that name the pointee in MLIR 19 were unit attributes on a typed pointer.
// CHECK: llvm.func @byval(%{{.*}}: !llvm.ptr {llvm.byval = i32, llvm.noalias}, %{{.*}}: i32)
// CHECK: llvm.func @sret(!llvm.ptr {llvm.sret = !llvm.struct<(i8, f64)>})
llvm.func @byval(%p: !llvm.ptr<i32> {llvm.byval, llvm.noalias}, %q: i32) {
  llvm.return
}
llvm.func @sret(!llvm.ptr<struct<(i8, f64)>> {llvm.sret})

// -----

// Intrinsics of that era: i8* operands without a type, flags as constant i1 operands.
// CHECK-LABEL: llvm.func @old_intrinsics
// CHECK: "llvm.intr.ctlz"(%{{.*}}) <{is_zero_poison = false}> : (i32) -> i32
// CHECK: "llvm.intr.cttz"(%{{.*}}) <{is_zero_poison = true}> : (i32) -> i32
// CHECK: "llvm.intr.abs"(%{{.*}}) <{is_int_min_poison = false}> : (i32) -> i32
// CHECK: llvm.intr.vastart %{{.*}} : !llvm.ptr
// CHECK: llvm.intr.vacopy %{{.*}} to %{{.*}} : !llvm.ptr, !llvm.ptr
// CHECK: llvm.intr.vaend %{{.*}} : !llvm.ptr
// CHECK: %[[S:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK: llvm.intr.stackrestore %[[S]] : !llvm.ptr
llvm.func @old_intrinsics(%a: i32, %list: !llvm.ptr<i8>, %copy: !llvm.ptr<i8>) {
  %false = llvm.mlir.constant(false) : i1
  %true = llvm.mlir.constant(true) : i1
  %0 = "llvm.intr.ctlz"(%a, %false) : (i32, i1) -> i32
  %1 = "llvm.intr.cttz"(%a, %true) : (i32, i1) -> i32
  %2 = "llvm.intr.abs"(%a, %false) : (i32, i1) -> i32
  llvm.intr.vastart %list
  llvm.intr.vacopy %list to %copy
  llvm.intr.vaend %list
  %s = llvm.intr.stacksave : !llvm.ptr<i8>
  llvm.intr.stackrestore %s
  llvm.return
}
