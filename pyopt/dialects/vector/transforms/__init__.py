"""Rewrite patterns several vector passes share (upstream's Dialect/Vector/Transforms):
sink.py sinks elementwise ops and casts through broadcasts and transposes, shape_cast.py folds
inverse shape_cast pairs."""
