"""Linalg passes: generalization of named ops, lowering to loops, ..."""
