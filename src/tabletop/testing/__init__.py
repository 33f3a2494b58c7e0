"""The testing kit for games: the conformance suite (:mod:`tabletop.testing.conformance`)
that every game must pass, runnable on any one registered game, installed from this
repository or from outside it::

    tabletop check my-game                      # the suite on my-game alone
    pytest --pyargs tabletop.testing.conformance --tabletop-game my-game

The pytest plugin (:mod:`tabletop.testing.plugin`, registered for every pytest run) adds
the ``--tabletop-game`` option; :mod:`tabletop.testing.locate` finds a game's rulebook and
documentation.
"""
