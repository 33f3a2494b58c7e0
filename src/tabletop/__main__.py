"""``python -m tabletop``: the same as the ``tabletop`` command."""

from tabletop.interfaces.cli.app import main

main()
