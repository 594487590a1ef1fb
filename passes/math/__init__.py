"""Math-dialect transformations: -test-expand-math, -test-math-algebraic-simplification,
-test-math-polynomial-approximation and -math-uplift-to-fma. Importing the package registers
them."""
from passes.math import algebraic, expand, polynomial, uplift_fma  # noqa: F401
