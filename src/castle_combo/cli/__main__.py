"""``python -m castle_combo.cli`` runs the command line."""

import sys

from castle_combo.cli import main

sys.exit(main())
