"""The dialect conversion framework: ConversionTarget, TypeConverter, conversion patterns with
adaptors, the journaling ConversionPatternRewriter and partial / full / analysis conversion."""
from .target import ConversionTarget, LEGAL, DYNAMIC, ILLEGAL  # noqa: F401
from .type_converter import (TypeConverter, SignatureConversion, FAILURE,  # noqa: F401
                             unrealized_cast_materialization)
from .rewriter import ConversionPatternRewriter, OpAdaptor  # noqa: F401
from .driver import (ConversionPattern, OpConversionPattern, ConversionConfig,  # noqa: F401
                     conversion_pattern, apply_partial_conversion, apply_full_conversion,
                     apply_analysis_conversion)
