// RUN: pyopt %s -split-input-file -verify-diagnostics

// expected-error@below {{struct is missing required parameter: name}}
module attributes {llvm.x = #llvm.di_basic_type<tag = DW_TAG_base_type>} {}

// -----

// expected-error@below {{duplicate or unknown struct parameter name: foo}}
module attributes {llvm.x = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "x", foo = 1>} {}

// -----

// expected-error@below {{invalid debug info debug info tag name: DW_TAG_foo}}
// expected-error@below {{failed to parse LLVM_DIBasicTypeAttr parameter 'tag' which is to be a `unsigned`}}
module attributes {llvm.x = #llvm.di_basic_type<tag = DW_TAG_foo, name = "x">} {}

// -----

// expected-error@below {{invalid LLVM DI flags specification: Foo}}
// expected-error@below {{failed to parse LLVM_DICompositeTypeAttr parameter 'flags' which is to be a `DIFlags`}}
module attributes {llvm.x = #llvm.di_composite_type<tag = DW_TAG_structure_type, flags = Foo>} {}

// -----

// expected-error@below {{invalid kind of attribute specified}}
// expected-error@below {{failed to parse LoopAnnotationAttr parameter 'vectorize' which is to be a `LoopVectorizeAttr`}}
module attributes {llvm.x = #llvm.loop_annotation<vectorize = #llvm.loop_unroll<>>} {}

// -----

llvm.func @f(%p: !llvm.ptr) {
  // expected-error@below {{attribute 'access_groups' failed to satisfy constraint: LLVM dialect access group metadata array}}
  %0 = llvm.load %p {access_groups = [@a]} : !llvm.ptr -> i32
  llvm.return
}

// -----

// expected-error@below {{invalid data layout descriptor: Unknown mangling in datalayout string}}
module attributes {llvm.data_layout = "E-m:q"} {}

// -----

// expected-error@below {{invalid data layout descriptor: number of bits must be a byte width multiple}}
module attributes {llvm.data_layout = "e-i64:65"} {}
