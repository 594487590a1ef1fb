// examples/poly/eval.mlir the whole way: poly-to-standard, the linalg-on-tensors pipeline
// (elementwise arith to linalg, one-shot bufferization across function boundaries, buffer
// deallocation, loops, LLVM), LLVM IR, then run: the polynomial's coefficients are printed.
// RUN: pyopt --load-dialect-plugin=%S/../../../examples/poly/poly.py %S/../../../examples/poly/eval.mlir --poly-to-standard -o %t.std.mlir
// RUN: pyopt %t.std.mlir --convert-elementwise-to-linalg --convert-tensor-to-linalg --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline --convert-bufferization-to-memref --convert-linalg-to-loops --expand-strided-metadata --lower-affine --convert-scf-to-cf --convert-math-to-llvm --convert-arith-to-llvm --finalize-memref-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts -o %t.llvm.mlir
// RUN: pytranslate --mlir-to-llvmir %t.llvm.mlir -o %t.ll
// RUN: filecheck %s --check-prefix=STD < %t.std.mlir
// RUN: filecheck %s --check-prefix=LLVMIR < %t.ll
// RUN: pyrunner %t.llvm.mlir -e main --entry-point-result=void | filecheck %s

// After poly-to-standard: tensors and arith only (upstream IR from here on).
// STD-LABEL: func.func @poly_expr(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> tensor<4xi32>
// STD:         arith.constant dense<[1, 2, 0, 0]> : tensor<4xi32>
// STD:         arith.addi %arg0, %arg1 : tensor<4xi32>
// STD:         arith.subi
// STD-NOT:     poly.

// @poly_expr computes into buffers and returns a new allocation that @main prints and frees.
// LLVMIR-LABEL: define { ptr, ptr, i64, [1 x i64], [1 x i64] } @poly_expr(
// LLVMIR:         add i32
// LLVMIR:         sub i32
// LLVMIR:         call ptr @malloc(
// LLVMIR-LABEL: define void @main()
// LLVMIR:         call { ptr, ptr, i64, [1 x i64], [1 x i64] } @poly_expr(
// LLVMIR:         call void @printMemrefI32(
// LLVMIR:         call void @free(

// CHECK: Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data =
// CHECK-NEXT: [3,  2,  7,  6]
