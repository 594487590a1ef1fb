"""The dialect conversion framework: ConversionTarget, TypeConverter, conversion patterns with
adaptors, the journaling ConversionPatternRewriter and partial / full / analysis conversion."""
from pyopt.rewrite.conversion.target import ConversionTarget, LEGAL, DYNAMIC, ILLEGAL  # noqa: F401
from pyopt.rewrite.conversion.type_converter import (TypeConverter, SignatureConversion, FAILURE,  # noqa: F401
                             unrealized_cast_materialization)
from pyopt.rewrite.conversion.rewriter import ConversionPatternRewriter, OpAdaptor  # noqa: F401
from pyopt.rewrite.conversion.driver import (ConversionPattern, OpConversionPattern, ConversionConfig,  # noqa: F401
                     conversion_pattern, apply_partial_conversion, apply_full_conversion,
                     apply_analysis_conversion)
