// RUN: pyopt %s -pass-pipeline="builtin.module(func.func(test-clone))" | filecheck %s --check-prefix=CLONE
// RUN: pyopt %s --test-take-body | filecheck %s --check-prefix=TAKE

func.func @twice(%a: f32) -> f32 {
  %b = "test.step"(%a) ({
    "test.inner"(%a) : (f32) -> ()
  }) : (f32) -> f32
  return %b : f32
}

func.func private @other(%x: f32) -> f32 {
  "test.marker"() : () -> ()
  return %x : f32
}

// CLONE: notifyOperationInserted: test.step
// CLONE-NEXT: notifyOperationInserted: test.inner
// CLONE-NEXT: notifyOperationInserted: func.return
// CLONE-NEXT: notifyOperationInserted: test.marker
// CLONE-NEXT: notifyOperationInserted: func.return
// CLONE-LABEL: func @twice
// CLONE: %[[B:.*]] = "test.step"(%arg0)
// CLONE: %[[C:.*]] = "test.step"(%[[B]])
// CLONE-NEXT: "test.inner"(%[[B]])
// CLONE: return %[[C]] : f32
// CLONE-LABEL: func private @other
// CLONE-COUNT-2: "test.marker"

// TAKE-LABEL: func @twice
// TAKE-NEXT: "test.marker"() : () -> ()
// TAKE-NEXT: return %arg0 : f32
// TAKE: func private @other(f32) -> f32{{$}}
