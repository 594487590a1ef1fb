"""mlir-opt's test passes over the IR core (upstream's test/lib/IR): visitors, symbol uses,
operation equality, cloning, ... Each module registers its passes on import."""
from passes.transforms.test_ir import equality  # noqa: F401
from passes.transforms.test_ir import generic_visitors  # noqa: F401
from passes.transforms.test_ir import regions  # noqa: F401
from passes.transforms.test_ir import attrs  # noqa: F401
from passes.transforms.test_ir import diagnostics  # noqa: F401
from passes.transforms.test_ir import symbols  # noqa: F401
from passes.transforms.test_ir import visitors  # noqa: F401
from passes.transforms.test_ir import matchers  # noqa: F401
from passes.transforms.test_ir import effects  # noqa: F401
from passes.transforms.test_ir import printing  # noqa: F401
from passes.transforms.test_ir import locations  # noqa: F401
