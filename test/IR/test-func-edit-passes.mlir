// RUN: pyopt %s --split-input-file -test-func-erase-arg | filecheck %s --check-prefix=ERASE
// RUN: pyopt %s --split-input-file -test-func-insert-result | filecheck %s --check-prefix=INSERT

// mlir-opt's FunctionOpInterface test passes: the marked argument goes with its attribute
// dictionary and block argument; results are inserted at positions of the original list.

// ERASE: func.func @drop_middle(%arg0: i8, %arg1: i32 {test.keep}) -> i8 {
// ERASE-NEXT: return %arg0 : i8
func.func @drop_middle(%a: i8, %b: i16 {test.erase_this_arg, test.other}, %c: i32 {test.keep}) -> i8 {
  return %a : i8
}

// -----

// INSERT: func.func private @grow(f32) -> (i8, i1 {test.first}, i64 {test.added}){{$}}
func.func private @grow(f32) -> (i1 {test.first}) attributes {test.insert_results = [[0, i8], [1, i64, {test.added}]]}
