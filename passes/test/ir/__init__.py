"""mlir-opt's test passes over the IR core (upstream's test/lib/IR): visitors, symbol uses,
operation equality, cloning, ... Each module registers its passes on import."""
from passes.test.ir import equality  # noqa: F401
from passes.test.ir import generic_visitors  # noqa: F401
from passes.test.ir import regions  # noqa: F401
from passes.test.ir import attrs  # noqa: F401
from passes.test.ir import diagnostics  # noqa: F401
from passes.test.ir import symbols  # noqa: F401
from passes.test.ir import visitors  # noqa: F401
from passes.test.ir import matchers  # noqa: F401
from passes.test.ir import effects  # noqa: F401
from passes.test.ir import printing  # noqa: F401
from passes.test.ir import locations  # noqa: F401
