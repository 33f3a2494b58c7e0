"""Tests of radiant-perim against the rulebook (../shared/rules/radiant-tin-shoe-games.txt)."""
