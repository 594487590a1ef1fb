"""The vector dialect's test passes (upstream's -test-vector-* passes of mlir-opt): each
module registers one pass running a set of vector-to-vector rewrite patterns greedily."""
from passes.transforms.vector_test import flatten  # noqa: F401
from passes.transforms.vector_test import collapse_inner  # noqa: F401
from passes.transforms.vector_test import reduce_to_contract  # noqa: F401
from passes.transforms.vector_test import drop_lead_unit, to_vector_lowering  # noqa: F401
from passes.transforms.vector_test import sink_broadcast  # noqa: F401
from passes.transforms.vector_test import scalar_transfer  # noqa: F401
from passes.transforms.vector_test import slices  # noqa: F401
from passes.transforms.vector_test import emulate_masked  # noqa: F401
from passes.transforms.vector_test import scan  # noqa: F401
from passes.transforms.vector_test import unroll  # noqa: F401
from passes.transforms.vector_test import bitcast_bubble  # noqa: F401
