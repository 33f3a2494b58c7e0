"""The games: one package per game, each standing on :mod:`tabletop.core` only."""
