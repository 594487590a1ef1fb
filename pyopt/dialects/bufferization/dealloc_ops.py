"""The bufferization dialect's buffer-ownership ops (`bufferization.clone`,
`bufferization.dealloc`), used by the buffer-deallocation passes."""
from __future__ import annotations

OPS = []
