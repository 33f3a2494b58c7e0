"""The conformance suite: the core contract of DESIGN.md, checked on every registered game
(or on one: ``tabletop check GAME``)."""
