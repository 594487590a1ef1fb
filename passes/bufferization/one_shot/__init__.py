"""One-Shot Bufferize: the analysis (analysis.py), tensor copy insertion
(copy_insertion.py), the bufferization driver (driver.py), function boundaries (module.py)
and the `-one-shot-bufferize` pass (one_shot_pass.py). Op models:
pyopt/dialects/bufferizable_models/."""
from . import copy_insertion, empty_tensor_elimination, one_shot_pass  # noqa: F401
