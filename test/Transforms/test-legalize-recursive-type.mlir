// RUN: pyopt %s -test-legalize-type-conversion -allow-unregistered-dialect | filecheck %s

// A self-referring type converts to a new recursive type; the reference back to the type
// being converted becomes a plain type, so the conversion terminates.
// CHECK-LABEL: func.func @self_reference
// CHECK-NEXT:    "test.type_producer"() : () -> !test.test_rec<outer_converted_type, smpla>
func.func @self_reference() {
  %0 = "test.type_producer"() : () -> !test.test_rec<loop, test_rec<loop>>
  return
}

// An already converted one is legal and stays.
// CHECK-LABEL: func.func @converted
// CHECK-NEXT:    "test.type_producer"() : () -> !test.test_rec<outer_converted_type, smpla>
func.func @converted() {
  %0 = "test.type_producer"() : () -> !test.test_rec<outer_converted_type, smpla>
  return
}
