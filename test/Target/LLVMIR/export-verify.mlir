// RUN: pytranslate -mlir-to-llvmir -verify-diagnostics -split-input-file %s

// Target features are verified when the attribute is parsed.

// expected-error @below{{target features must start with '+' or '-'}}
llvm.func @no_sign() attributes {target_features = #llvm.target_features<["+a", "b"]>}

// -----

// expected-error @below{{target features can not contain ','}}
llvm.func @comma() attributes {target_features = #llvm.target_features<["-x,+y"]>}

// -----

// expected-error @below{{target features can not be null or empty}}
llvm.func @empty() attributes {target_features = #llvm.target_features<[""]>}

// -----

llvm.func @nested() {
  // expected-error @below{{'llvm.linker_options' op must appear at the module level}}
  llvm.linker_options ["-lm"]
  llvm.return
}
