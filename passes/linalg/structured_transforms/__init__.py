"""What the structured (linalg) transform ops declared in
pyopt/dialects/transform/ext_structured.py do: their TransformOpInterface models, attached when
the pass library loads. `common.py` has the shared pieces (attaching a model, reading mixed
sizes from params and handles, reporting a driver's failure)."""
from passes.linalg.structured_transforms import (fusion_ops, hoisting_ops,  # noqa: F401
                                                match_ops, misc_ops, pack_ops, pad_ops,
                                                reduction_ops, rewrite_ops,
                                                tiling_ops, vectorize_ops, winograd_ops)
