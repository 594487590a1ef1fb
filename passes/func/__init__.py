"""func passes; each module registers its passes on import (see passes.registry)."""
