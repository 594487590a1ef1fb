// RUN: pyopt %s | pyopt | filecheck %s

// Every core op of the transform dialect round-trips in its custom syntax.

module attributes {transform.with_named_sequence} {
  transform.named_sequence @matcher(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["func.func", "func.call"] : !transform.any_op
    transform.match.operation_empty %op : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @action(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %c = transform.cast %op : !transform.any_op to !transform.op<"func.func">
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}, %p: !transform.param<i64>) {
    %0 = transform.param.constant 4 : i64 -> !transform.param<i64>
    transform.match.param.cmpi le %0, %p : !transform.param<i64>
    %1 = transform.merge_handles deduplicate %root, %root : !transform.any_op
    %2:2 = transform.split_handle %1 {overflow_result = 1} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %3 = transform.get_parent_op %2#0 {isolated_from_above, nth_parent = 2 : i64} : (!transform.any_op) -> !transform.any_op
    %4 = transform.get_operand %3[all] : (!transform.any_op) -> !transform.any_value
    %5 = transform.get_result %3[except(0, 1)] : (!transform.any_op) -> !transform.any_value
    %6 = transform.get_result %3[-1] : (!transform.any_op) -> !transform.any_value
    %7 = transform.get_type elemental %5 : (!transform.any_value) -> !transform.type
    %8 = transform.get_defining_op %6 : (!transform.any_value) -> !transform.any_op
    %9 = transform.get_producer_of_operand %8[0] : (!transform.any_op) -> !transform.any_op
    %10 = transform.get_consumers_of_result %9[0] : (!transform.any_op) -> !transform.any_op
    %11 = transform.num_associations %10 : (!transform.any_op) -> !transform.param<i64>
    transform.annotate %10 "marked" = %11 : !transform.any_op, !transform.param<i64>
    transform.print %10 {name = "x"} : !transform.any_op
    %12 = transform.select "func.func" in %10 : (!transform.any_op) -> !transform.any_op
    transform.foreach %12, %11 : !transform.any_op, !transform.param<i64> {
    ^bb0(%a: !transform.any_op, %b: !transform.param<i64>):
      transform.debug.emit_param_as_remark %b, "n" at %a : !transform.param<i64>, !transform.any_op
    }
    %13 = transform.foreach %12 with_zip_shortest : !transform.any_op -> !transform.any_op {
    ^bb0(%a: !transform.any_op):
      transform.yield %a : !transform.any_op
    }
    %14 = transform.collect_matching @matcher in %13 : (!transform.any_op) -> !transform.any_op
    %15, %fo = transform.foreach_match restrict_root in %13 @matcher -> @action : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.apply_patterns to %15 {
      transform.apply_patterns.canonicalization
    } {apply_cse, max_iterations = 3 : i64} : !transform.any_op
    transform.apply_cse to %15 : !transform.any_op
    transform.apply_dce to %15 : !transform.any_op
    transform.apply_licm to %15 : !transform.any_op
    %16 = transform.apply_registered_pass "canonicalize" to %15 {options = "top-down=false"} : (!transform.any_op) -> !transform.any_op
    %17 = transform.alternatives %16 : !transform.any_op -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      transform.yield %s : !transform.any_op
    }, {
    ^bb0(%s: !transform.any_op):
      transform.verify %s : !transform.any_op
      transform.yield %s : !transform.any_op
    }
    transform.sequence %17, %p : (!transform.any_op, !transform.param<i64>) failures(suppress) attributes {tag} {
    ^bb0(%a: !transform.any_op, %b: !transform.param<i64>):
      transform.debug.emit_remark_at %a, "hi" : !transform.any_op
    }
    %18 = transform.include @action failures(propagate) (%17) : (!transform.any_op) -> !transform.any_op
    transform.print
    transform.yield
  }
}

// CHECK-LABEL: module attributes {transform.with_named_sequence} {
// CHECK-NEXT:   transform.named_sequence @matcher(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op {
// CHECK-NEXT:     transform.match.operation_name %arg0 ["func.func", "func.call"] : !transform.any_op
// CHECK-NEXT:     transform.match.operation_empty %arg0 : !transform.any_op
// CHECK-NEXT:     transform.yield %arg0 : !transform.any_op
// CHECK-NEXT:   }
// CHECK-NEXT:   transform.named_sequence @action(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op {
// CHECK-NEXT:     %0 = transform.cast %arg0 : !transform.any_op to !transform.op<"func.func">
// CHECK-NEXT:     transform.yield %arg0 : !transform.any_op
// CHECK-NEXT:   }
// CHECK-NEXT:   transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}, %arg1: !transform.param<i64>) {
// CHECK-NEXT:     %0 = transform.param.constant 4 : i64 -> !transform.param<i64>
// CHECK-NEXT:     transform.match.param.cmpi le %0, %arg1 : !transform.param<i64>
// CHECK-NEXT:     %1 = transform.merge_handles deduplicate %arg0, %arg0 : !transform.any_op
// CHECK-NEXT:     %2:2 = transform.split_handle %1 {overflow_result = 1 : i64} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
// CHECK-NEXT:     %3 = transform.get_parent_op %2#0 {isolated_from_above, nth_parent = 2 : i64} : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     %4 = transform.get_operand %3[all] : (!transform.any_op) -> !transform.any_value
// CHECK-NEXT:     %5 = transform.get_result %3[except(0, 1)] : (!transform.any_op) -> !transform.any_value
// CHECK-NEXT:     %6 = transform.get_result %3[-1] : (!transform.any_op) -> !transform.any_value
// CHECK-NEXT:     %7 = transform.get_type elemental %5 : (!transform.any_value) -> !transform.type
// CHECK-NEXT:     %8 = transform.get_defining_op %6 : (!transform.any_value) -> !transform.any_op
// CHECK-NEXT:     %9 = transform.get_producer_of_operand %8[0] : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     %10 = transform.get_consumers_of_result %9[0] : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     %11 = transform.num_associations %10 : (!transform.any_op) -> !transform.param<i64>
// CHECK-NEXT:     transform.annotate %10 "marked" = %11 : !transform.any_op, !transform.param<i64>
// CHECK-NEXT:     transform.print %10 {name = "x"} : !transform.any_op
// CHECK-NEXT:     %12 = transform.select "func.func" in %10 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     transform.foreach %12, %11 : !transform.any_op, !transform.param<i64> {
// CHECK-NEXT:     ^bb0(%arg2: !transform.any_op, %arg3: !transform.param<i64>):
// CHECK-NEXT:       transform.debug.emit_param_as_remark %arg3, "n" at %arg2 : !transform.param<i64>, !transform.any_op
// CHECK-NEXT:     }
// CHECK-NEXT:     %13 = transform.foreach %12 with_zip_shortest : !transform.any_op -> !transform.any_op {
// CHECK-NEXT:     ^bb0(%arg2: !transform.any_op):
// CHECK-NEXT:       transform.yield %arg2 : !transform.any_op
// CHECK-NEXT:     }
// CHECK-NEXT:     %14 = transform.collect_matching @matcher in %13 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     %updated_root, %yielded = transform.foreach_match restrict_root in %13 
// CHECK-NEXT:         @matcher -> @action : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
// CHECK-NEXT:     transform.apply_patterns to %updated_root {
// CHECK-NEXT:       transform.apply_patterns.canonicalization
// CHECK-NEXT:     } {apply_cse, max_iterations = 3 : i64} : !transform.any_op
// CHECK-NEXT:     transform.apply_cse to %updated_root : !transform.any_op
// CHECK-NEXT:     transform.apply_dce to %updated_root : !transform.any_op
// CHECK-NEXT:     transform.apply_licm to %updated_root : !transform.any_op
// CHECK-NEXT:     %15 = transform.apply_registered_pass "canonicalize" to %updated_root {options = "top-down=false"} : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     %16 = transform.alternatives %15 : !transform.any_op -> !transform.any_op {
// CHECK-NEXT:     ^bb0(%arg2: !transform.any_op):
// CHECK-NEXT:       transform.yield %arg2 : !transform.any_op
// CHECK-NEXT:     }, {
// CHECK-NEXT:     ^bb0(%arg2: !transform.any_op):
// CHECK-NEXT:       transform.verify %arg2 : !transform.any_op
// CHECK-NEXT:       transform.yield %arg2 : !transform.any_op
// CHECK-NEXT:     }
// CHECK-NEXT:     transform.sequence %16, %arg1 : (!transform.any_op, !transform.param<i64>) failures(suppress) attributes {tag} {
// CHECK-NEXT:     ^bb0(%arg2: !transform.any_op, %arg3: !transform.param<i64>):
// CHECK-NEXT:       transform.debug.emit_remark_at %arg2, "hi" : !transform.any_op
// CHECK-NEXT:     }
// CHECK-NEXT:     %17 = transform.include @action failures(propagate) (%16) : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     transform.print 
// CHECK-NEXT:     transform.yield 
// CHECK-NEXT:   }
// CHECK-NEXT: }
