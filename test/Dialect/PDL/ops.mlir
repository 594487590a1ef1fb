// RUN: pyopt %s | pyopt | filecheck %s
// RUN: pyopt %s -emit-bytecode | pyopt | filecheck %s

// Round trip, with 19's spelling (default dialect inside patterns, its spacing).
// CHECK-LABEL: pdl.pattern @p : benefit(1) {
// CHECK-NEXT: %[[T:.*]] = type : i32
// CHECK-NEXT: %[[TS:.*]] = types
// CHECK-NEXT: %[[A:.*]] = attribute = 5 : i64
// CHECK-NEXT: %[[AT:.*]] = attribute : %[[T]]
// CHECK-NEXT: %[[O:.*]] = operand : %[[T]]
// CHECK-NEXT: %[[OS:.*]] = operands
// CHECK-NEXT: %[[OP:.*]] = operation "test.foo"(%[[O]], %[[OS]] : !pdl.value, !pdl.range<value>)  {"attr" = %[[A]], "b" = %[[AT]]} -> (%[[T]], %[[TS]] : !pdl.type, !pdl.range<type>)
// CHECK-NEXT: %[[R:.*]] = result 0 of %[[OP]]
// CHECK-NEXT: %[[RS:.*]] = results of %[[OP]] {{$}}
// CHECK-NEXT: %[[R1:.*]] = results 1 of %[[OP]]  -> !pdl.range<value>
// CHECK-NEXT: %[[OP2:.*]] = operation "test.bar"(%[[R]], %[[RS]], %[[R1]] : !pdl.value, !pdl.range<value>, !pdl.range<value>) {{$}}
// CHECK-NEXT: apply_native_constraint "someConstraint"(%[[OP]] : !pdl.operation)
// CHECK-NEXT: rewrite %[[OP2]] {
// CHECK-NEXT: apply_native_rewrite "rw"(%[[OP]] : !pdl.operation) : !pdl.operation
// CHECK-NEXT: replace %[[OP2]] with(%[[R]] : !pdl.value)
// CHECK-NEXT: erase %[[OP]]
// CHECK: pdl.pattern : benefit(2) {
// CHECK-NEXT: %[[ROOT:.*]] = operation {{$}}
// CHECK-NEXT: rewrite %[[ROOT]] with "transform.dialect"
pdl.pattern @p : benefit(1) {
  %t = pdl.type : i32
  %ts = pdl.types
  %a = pdl.attribute = 5 : i64
  %at = pdl.attribute : %t
  %o = pdl.operand : %t
  %os = pdl.operands
  %op = pdl.operation "test.foo"(%o, %os : !pdl.value, !pdl.range<value>) {"attr" = %a, "b" = %at} -> (%t, %ts : !pdl.type, !pdl.range<type>)
  %r = pdl.result 0 of %op
  %rs = pdl.results of %op
  %r1 = pdl.results 1 of %op -> !pdl.range<value>
  %op2 = pdl.operation "test.bar"(%r, %rs, %r1 : !pdl.value, !pdl.range<value>, !pdl.range<value>)
  pdl.apply_native_constraint "someConstraint"(%op : !pdl.operation)
  pdl.rewrite %op2 {
    %x = pdl.apply_native_rewrite "rw"(%op : !pdl.operation) : !pdl.operation
    pdl.replace %op2 with (%r : !pdl.value)
    pdl.erase %op
  }
}
pdl.pattern : benefit(2) {
  %root = pdl.operation
  pdl.rewrite %root with "transform.dialect"
}
