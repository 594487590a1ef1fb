"""memref-to-memref transformations: expand-strided-metadata, fold-memref-alias-ops,
memref-expand and expand-realloc. Importing the package registers them."""
from passes.memref import (expand_strided_metadata, expand_ops,  # noqa: F401
                                      expand_realloc, fold_alias_ops, emulate_wide_int,
                                      compose_subview, normalize_memrefs)
