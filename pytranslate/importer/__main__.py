import sys

from pytranslate.importer import main

sys.exit(main())
