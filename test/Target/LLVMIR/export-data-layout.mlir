// The `target datalayout` line written from the module's data layout spec: identifier entries
// first (zero spaces and a zero stack alignment left out), then one specifier per integer,
// float and pointer entry (preferred alignment only when it differs, a pointer's index width
// defaulting to its size, sub-byte alignments rounded down to whole bytes); `index` entries
// are skipped. `llvm.data_layout` wins over the spec. Unsupported entries are errors.
// RUN: pytranslate -mlir-to-llvmir -split-input-file -verify-diagnostics %s | filecheck %s

// CHECK: target datalayout = "E-P3-G2-A5-S64-i1:8-i17:32:64-f32:32:64-f80:128-p0:64:64:64:32-p7:16:16:32:16-i64:8"
module attributes {dlti.dl_spec = #dlti.dl_spec<
    #dlti.dl_entry<"dlti.endianness", "big">,
    #dlti.dl_entry<"dlti.program_memory_space", 3 : ui32>,
    #dlti.dl_entry<"dlti.global_memory_space", 2 : i64>,
    #dlti.dl_entry<"dlti.alloca_memory_space", 5 : ui32>,
    #dlti.dl_entry<"dlti.stack_alignment", 64 : i64>,
    #dlti.dl_entry<index, 32>,
    #dlti.dl_entry<i1, dense<8> : vector<2xi64>>,
    #dlti.dl_entry<i17, dense<[32, 64]> : vector<2xi64>>,
    #dlti.dl_entry<f32, dense<[32, 64]> : vector<2xi64>>,
    #dlti.dl_entry<f80, dense<128> : vector<1xi64>>,
    #dlti.dl_entry<!llvm.ptr, dense<[64, 64, 64, 32]> : vector<4xi64>>,
    #dlti.dl_entry<!llvm.ptr<7>, dense<[16, 16, 32]> : vector<3xi64>>,
    #dlti.dl_entry<i64, dense<[12]> : vector<1xi64>>>} {
  llvm.func @f()
}

// -----

// CHECK: target datalayout = "e"
// CHECK-NEXT: target triple = "x86_64-unknown-linux-gnu"
module attributes {llvm.target_triple = "x86_64-unknown-linux-gnu",
                   dlti.dl_spec = #dlti.dl_spec<
    #dlti.dl_entry<"dlti.endianness", "little">,
    #dlti.dl_entry<"dlti.global_memory_space", 0 : ui32>,
    #dlti.dl_entry<"dlti.stack_alignment", 0 : i64>>} {
}

// -----

// CHECK: target datalayout = "e-m:e-i64:64"
module attributes {llvm.data_layout = "e-m:e-i64:64",
                   dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i64, dense<[32, 64]> : vector<2xi64>>>} {
}

// -----

// CHECK: source_filename
// CHECK-NOT: datalayout
// CHECK: define void @empty
module attributes {dlti.dl_spec = #dlti.dl_spec<>} {
  llvm.func @empty() {
    llvm.return
  }
}

// -----

// expected-error@below {{unsupported data layout for non-signless integer 'si32'}}
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<si32, dense<32> : vector<1xi64>>>} {
}

// -----

// expected-error@below {{unsupported type in data layout: 'f8E5M2'}}
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<f8E5M2, dense<8> : vector<1xi64>>>} {
}

// -----

// expected-error@below {{unsupported data layout key "mydialect.opt_level"}}
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"mydialect.opt_level", 1 : i32>>} {
}
