// RUN: pyopt %s -allow-unregistered-dialect -test-legalize-patterns -verify-diagnostics | filecheck %s

// Block arguments converted 1:N (f32 -> f16, f16), 1:0 (i16) and 1:1 (i64 -> f64, i42 ->
// i43); users left unconverted get the converter's materialization, built at commit.
// CHECK:      notifyBlockInserted into func.func: was unlinked
// CHECK-NEXT: notifyOperationInserted: test.invalid, was linked, exact position unknown
// CHECK-NEXT: notifyOperationModified: test.invalid
// CHECK-NEXT: notifyBlockErased
// CHECK-NEXT: notifyOperationModified: func.func
// CHECK-NEXT: notifyOperationInserted: test.valid, was unlinked
// CHECK-NEXT: notifyOperationReplaced: test.invalid
// CHECK-NEXT: notifyOperationErased: test.invalid
// CHECK:      notifyOperationInserted: test.cast, was unlinked
// CHECK-NEXT: notifyOperationInserted: test.cast, was unlinked
// CHECK-NEXT: notifyOperationInserted: test.cast, was unlinked
// CHECK-NEXT: notifyOperationInserted: test.cast, was unlinked

// CHECK-LABEL: func.func @split(%arg0: f16, %arg1: f16, %arg2: f64)
// CHECK-NEXT:    %[[C:.*]] = "test.cast"(%arg0, %arg1) : (f16, f16) -> f32
// CHECK-NEXT:    "test.valid"(%arg2, %[[C]]) : (f64, f32) -> ()
func.func @split(%a: f32, %b: i16, %c: i64) {
  "test.invalid"(%c, %a) : (i64, f32) -> ()
}

// CHECK-LABEL: func.func @kept_use(%arg0: f16, %arg1: f16)
// CHECK-NEXT:    %[[C:.*]] = "test.cast"(%arg0, %arg1) : (f16, f16) -> f32
// CHECK-NEXT:    "user"(%[[C]]) : (f32) -> ()
func.func @kept_use(%a: f32) {
  // expected-remark@+1 {{op 'user' is not legalizable}}
  "user"(%a) : (f32) -> ()
}

// CHECK-LABEL: func.func @dropped_use()
// CHECK-NEXT:    %[[C:.*]] = "test.cast"() : () -> i16
// CHECK-NEXT:    "user"(%[[C]]) : (i16) -> ()
func.func @dropped_use(%a: i16) {
  // expected-remark@+1 {{op 'user' is not legalizable}}
  "user"(%a) : (i16) -> ()
}

// CHECK-LABEL: func.func @widen(%arg0: i43)
// CHECK-NEXT:    %[[C:.*]] = "test.cast"(%arg0) : (i43) -> i42
// CHECK-NEXT:    "test.return"(%[[C]]) : (i42) -> ()
func.func @widen(%a: i42) {
  "test.return"(%a) : (i42) -> ()
}
