// RUN: pyopt %s -test-strict-pattern-driver="strictness=AnyOp" -split-input-file | filecheck %s --check-prefix=ANY
// RUN: pyopt %s -test-strict-pattern-driver="strictness=ExistingOps" -split-input-file | filecheck %s --check-prefix=OLD

// An op a rewrite creates is rewritten too, unless only the existing ops may be.
// ANY:      notifyOperationInserted: test.erase_op, was unlinked
// ANY-NEXT: notifyOperationReplaced: test.replace_with_new_op
// ANY-NEXT: notifyOperationErased: test.replace_with_new_op
// ANY-NEXT: notifyOperationErased: test.erase_op
// ANY-LABEL: func.func @new_op_erased() attributes {pattern_driver_all_erased = true, pattern_driver_changed = true}
// ANY-NEXT:    return
// OLD-LABEL: func.func @new_op_erased() attributes {pattern_driver_all_erased = true, pattern_driver_changed = true}
// OLD-NEXT:    "test.erase_op"() : () -> ()
func.func @new_op_erased() {
  "test.replace_with_new_op"() {create_erase_op} : () -> ()
  return
}

// -----

// Erasing a region: users before definitions, successor blocks before their predecessors.
// ANY:      notifyOperationErased: test.second
// ANY-NEXT: notifyOperationErased: cf.br
// ANY-NEXT: notifyOperationErased: test.first
// ANY-NEXT: notifyBlockErased
// ANY-NEXT: notifyBlockErased
// ANY-NEXT: notifyOperationErased: test.erase_op
func.func @cfg_order() {
  "test.erase_op"() ({
    %v = "test.first"() : () -> i1
    cf.br ^next
  ^next:
    "test.second"(%v) : (i1) -> ()
  }) : () -> ()
  return
}

// -----

// Moved and split ops report where they came from.
// ANY:      notifyBlockInserted into test.holder: was unlinked
// ANY-NEXT: notifyOperationInserted: test.c, was last in block
// ANY-NEXT: notifyOperationInserted: test.split_block_here, was last in block
// ANY-NEXT: notifyOperationInserted: test.new_op, was unlinked
// ANY-LABEL: func.func @split
// ANY:         "test.a"() : () -> ()
// ANY-NEXT:  ^bb1:
// ANY-NEXT:    "test.new_op"() : () -> ()
// ANY-NEXT:    "test.c"() : () -> ()
func.func @split() {
  "test.holder"() ({
    "test.a"() : () -> ()
    "test.split_block_here"() : () -> ()
    "test.c"() : () -> ()
  }) : () -> ()
  return
}
