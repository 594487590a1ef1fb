// RUN: pyopt %s -split-input-file -verify-diagnostics | filecheck %s

// CHECK: module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"dlti.endianness", "little">, #dlti.dl_entry<i64, dense<64> : vector<1xi64>>>}
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"dlti.endianness", "little">, #dlti.dl_entry<i64, dense<64> : vector<1xi64>>>} {}

// -----

// CHECK: dlti.target_system_spec = #dlti.target_system_spec<"CPU" : #dlti.target_device_spec<#dlti.dl_entry<"L1_cache_size_in_bytes", 4096 : i32>>>
module attributes {dlti.target_system_spec = #dlti.target_system_spec<"CPU": #dlti.target_device_spec<#dlti.dl_entry<"L1_cache_size_in_bytes", 4096 : i32>>>} {}

// -----

// expected-error@below {{'dlti.endianness' data layout entry is expected to be either 'big' or 'little'}}
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"dlti.endianness", "some">>} {}

// -----

// expected-error@below {{repeated layout entry key: test.id}}
module attributes {test.x = #dlti.dl_spec<#dlti.dl_entry<"test.id", 42>, #dlti.dl_entry<"test.id", 43>>} {}

// -----

// expected-note@below {{enclosing op with data layout}}
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"unknown.unknown", 33>>} {
  // expected-error@below {{data layout does not combine with layouts of enclosing ops}}
  module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"unknown.unknown", 32>>} {}
}

// -----

// expected-error@below {{attribute 'dlti.unknown' not supported by dialect}}
module attributes {dlti.unknown} {}
