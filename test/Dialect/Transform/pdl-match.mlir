// RUN: pyopt %s -split-input-file -transform-interpreter -allow-unregistered-dialect | filecheck %s

// Matches are listed in post-order; an operation without `->` types has no results,
// without operands none.
// CHECK-LABEL: IR printer: any_addi
// CHECK-NEXT: arith.addi %arg0, %arg1
// CHECK-NEXT: arith.addi %0, %c7_i32
// CHECK-NEXT: arith.addi %2, %arg0 {tag}
// CHECK-LABEL: IR printer: addi_of_addi
// CHECK-NEXT: %1 = arith.addi %0, %c7_i32
// CHECK-LABEL: IR printer: square
// CHECK-NEXT: IR printer: f32
// CHECK-NEXT: arith.addf
// CHECK-NEXT: IR printer: tagged
// CHECK-NEXT: IR printer: const7
// CHECK-NEXT: module {
func.func @f(%a: i32, %b: i32, %x: f32) -> i32 {
  %c = arith.constant 7 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %0, %c : i32
  %2 = arith.muli %1, %1 : i32
  %3 = arith.addf %x, %x : f32
  %4 = arith.addi %2, %a {tag} : i32
  return %4 : i32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
    transform.with_pdl_patterns %arg0 : !transform.any_op {
    ^bb0(%root: !transform.any_op):
      pdl.pattern @any_addi : benefit(1) {
        %ops = pdl.operands
        %ts = pdl.types
        %op = pdl.operation "arith.addi"(%ops : !pdl.range<value>) -> (%ts : !pdl.range<type>)
        pdl.rewrite %op with "transform.dialect"
      }
      pdl.pattern @addi_of_addi : benefit(1) {
        %t = pdl.type
        %l = pdl.operand
        %r = pdl.operand
        %inner = pdl.operation "arith.addi"(%l, %r : !pdl.value, !pdl.value) -> (%t : !pdl.type)
        %v = pdl.result 0 of %inner
        %o = pdl.operand
        %op = pdl.operation "arith.addi"(%v, %o : !pdl.value, !pdl.value) -> (%t : !pdl.type)
        pdl.rewrite %op with "transform.dialect"
      }
      pdl.pattern @square : benefit(1) {
        %v = pdl.operand
        %op = pdl.operation "arith.muli"(%v, %v : !pdl.value, !pdl.value)
        pdl.rewrite %op with "transform.dialect"
      }
      pdl.pattern @f32_ops : benefit(1) {
        %t = pdl.type : f32
        %ops = pdl.operands
        %op = pdl.operation (%ops : !pdl.range<value>) -> (%t : !pdl.type)
        pdl.rewrite %op with "transform.dialect"
      }
      pdl.pattern @tagged : benefit(1) {
        %a = pdl.attribute
        %op = pdl.operation {"tag" = %a}
        pdl.rewrite %op with "transform.dialect"
      }
      pdl.pattern @const7 : benefit(1) {
        %a = pdl.attribute = 7 : i32
        %op = pdl.operation "arith.constant" {"value" = %a}
        pdl.rewrite %op with "transform.dialect"
      }
      transform.sequence %root : !transform.any_op failures(propagate) {
      ^bb1(%h: !transform.any_op):
        %m1 = pdl_match @any_addi in %h : (!transform.any_op) -> !transform.any_op
        transform.print %m1 {name = "any_addi"} : !transform.any_op
        %m2 = pdl_match @addi_of_addi in %h : (!transform.any_op) -> !transform.any_op
        transform.print %m2 {name = "addi_of_addi"} : !transform.any_op
        %m3 = pdl_match @square in %h : (!transform.any_op) -> !transform.any_op
        transform.print %m3 {name = "square"} : !transform.any_op
        %m4 = pdl_match @f32_ops in %h : (!transform.any_op) -> !transform.any_op
        transform.print %m4 {name = "f32"} : !transform.any_op
        %m5 = pdl_match @tagged in %h : (!transform.any_op) -> !transform.any_op
        transform.print %m5 {name = "tagged"} : !transform.any_op
        %m6 = pdl_match @const7 in %h : (!transform.any_op) -> !transform.any_op
        transform.print %m6 {name = "const7"} : !transform.any_op
      }
    }
    transform.yield
  }
}

// -----

// An op reached through the use of a matched op's result; a range after a single
// operand; an attribute constrained by its type.
// CHECK-LABEL: IR printer: user_of_mul
// CHECK-NEXT: arith.addi %0, %arg0
// CHECK-LABEL: IR printer: prefix_range
// CHECK-NEXT: "test.two"
// CHECK-NEXT: IR printer: results_all
// CHECK-NEXT: module {
func.func @g(%a: i32, %b: i32, %t: tensor<4xf32>) -> (i32, i32) {
  %true = arith.constant true
  %0 = arith.muli %a, %b : i32
  %1 = arith.addi %0, %a : i32
  %2 = arith.subi %b, %0 : i32
  %3 = arith.select %true, %1, %2 : i32
  %d:2 = "test.two"(%a, %b, %a) {k = 3 : i32} : (i32, i32, i32) -> (i32, f32)
  %e = "test.use"(%d#0, %d#1) : (i32, f32) -> i32
  return %3, %e : i32, i32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.with_pdl_patterns %f : !transform.any_op {
    ^bb0(%root: !transform.any_op):
      pdl.pattern @user_of_mul : benefit(1) {
        %x = pdl.operand
        %y = pdl.operand
        %t = pdl.type
        %m = pdl.operation "arith.muli"(%x, %y : !pdl.value, !pdl.value) -> (%t : !pdl.type)
        %r = pdl.result 0 of %m
        %u = pdl.operation "arith.addi"(%r, %x : !pdl.value, !pdl.value) -> (%t : !pdl.type)
        pdl.rewrite %u with "transform.dialect"
      }
      pdl.pattern @prefix_range : benefit(1) {
        %first = pdl.operand
        %rest = pdl.operands
        %ts = pdl.types : [i32, f32]
        %it = pdl.type : i32
        %a = pdl.attribute : %it
        %op = pdl.operation (%first, %rest : !pdl.value, !pdl.range<value>) {"k" = %a} -> (%ts : !pdl.range<type>)
        pdl.rewrite %op with "transform.dialect"
      }
      pdl.pattern @results_all : benefit(1) {
        %p = pdl.operation "test.two"
        %rs = pdl.results of %p
        %ts = pdl.types
        %op = pdl.operation (%rs : !pdl.range<value>) -> (%ts : !pdl.range<type>)
        pdl.rewrite %op with "transform.dialect"
      }
      transform.sequence %root : !transform.any_op failures(propagate) {
      ^bb1(%h: !transform.any_op):
        %m1 = pdl_match @user_of_mul in %h : (!transform.any_op) -> !transform.any_op
        transform.print %m1 {name = "user_of_mul"} : !transform.any_op
        %m2 = pdl_match @prefix_range in %h : (!transform.any_op) -> !transform.any_op
        transform.print %m2 {name = "prefix_range"} : !transform.any_op
        %m3 = pdl_match @results_all in %h : (!transform.any_op) -> !transform.any_op
        transform.print %m3 {name = "results_all"} : !transform.any_op
      }
    }
    transform.yield
  }
}
