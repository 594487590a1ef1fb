"""pytranslate: translation between the LLVM dialect and LLVM IR (mlir-translate)."""
