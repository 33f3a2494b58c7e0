"""The command line: ``tabletop games | play | simulate | replay | bench | export``.

Built with Typer and Rich (:mod:`.app`). It speaks to games only through the core
contract, and an interactive player sees only its seat's view and events.
"""
