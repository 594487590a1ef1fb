"""The vector dialect's test passes (upstream's -test-vector-* passes of mlir-opt): each
module registers one pass running a set of vector-to-vector rewrite patterns greedily."""
from passes.test.vector import flatten  # noqa: F401
from passes.test.vector import collapse_inner  # noqa: F401
from passes.test.vector import reduce_to_contract  # noqa: F401
from passes.test.vector import to_vector_lowering  # noqa: F401
from passes.test.vector import sink_broadcast  # noqa: F401
from passes.test.vector import scalar_transfer  # noqa: F401
from passes.test.vector import slices  # noqa: F401
from passes.test.vector import emulate_masked  # noqa: F401
from passes.test.vector import scan  # noqa: F401
from passes.test.vector import unroll  # noqa: F401
from passes.test.vector import bitcast_bubble  # noqa: F401
