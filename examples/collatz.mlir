// The README's first program: the number of Collatz steps from 27 down to 1 (111).
// Lowered to the LLVM dialect by pyopt, translated to LLVM IR by pytranslate, run by pyrunner:
//   pyopt examples/collatz.mlir --convert-scf-to-cf --convert-to-llvm -o collatz.llvm.mlir
//   pytranslate --mlir-to-llvmir collatz.llvm.mlir -o collatz.ll
//   pyrunner collatz.llvm.mlir -e main --entry-point-result=i64

// Steps until %n reaches 1: halve it when even, else take 3n + 1.
func.func @collatz_steps(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %r:2 = scf.while (%x = %n, %steps = %c0) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ugt, %x, %c1 : i64
    scf.condition(%more) %x, %steps : i64, i64
  } do {
  ^bb0(%x: i64, %steps: i64):
    %rem = arith.remui %x, %c2 : i64
    %even = arith.cmpi eq, %rem, %c0 : i64
    %next = scf.if %even -> (i64) {
      %half = arith.divui %x, %c2 : i64
      scf.yield %half : i64
    } else {
      %triple = arith.muli %x, %c3 : i64
      %up = arith.addi %triple, %c1 : i64
      scf.yield %up : i64
    }
    %s = arith.addi %steps, %c1 : i64
    scf.yield %next, %s : i64, i64
  }
  return %r#1 : i64
}

func.func @main() -> i64 {
  %c27 = arith.constant 27 : i64
  %steps = func.call @collatz_steps(%c27) : (i64) -> i64
  return %steps : i64
}
