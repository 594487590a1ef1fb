// RUN: not pyopt %s -linalg-block-pack-matmul=block-factors=32,x,64 2>&1 | filecheck %s --check-prefix=BAD
// RUN: pyopt %s "-linalg-block-pack-matmul=block-factors=8,8" | filecheck %s --check-prefix=TWO
// RUN: pyopt %s "-linalg-block-pack-matmul=block-factors=4,8,16 mnk-order=2,0,1" -dump-pass-pipeline 2>&1 >/dev/null | filecheck %s --check-prefix=PIPE

// BAD: for the --block-factors option: 'x' value invalid for long argument!

// Two block factors: nothing is packed.
// TWO-LABEL: func.func @mm(
// TWO-NOT: tensor.pack
// TWO: linalg.matmul

// PIPE: linalg-block-pack-matmul{allow-padding=true block-factors=4,8,16 lhs-transpose-inner-blocks=false lhs-transpose-outer-blocks=false mnk-order=2,0,1  rhs-transpose-inner-blocks=true rhs-transpose-outer-blocks=true}

func.func @mm(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
