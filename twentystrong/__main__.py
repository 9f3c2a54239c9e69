"""``python -m twentystrong``: the same as the ``twentystrong`` command."""

from twentystrong.cli.main import main

raise SystemExit(main())
