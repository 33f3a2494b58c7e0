"""Whole games checked against an independent reading of the rules.

In random games of 2, 3 and 4 players, every War decision's legal actions are compared
with a small oracle written straight from Phase 3: War (Moves, Battles, Mounted Knights,
Assassinations, Portals), every battle's victor with the Battles ranking rules, and the
48 cards are counted after every action.
"""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from pathlib import Path

import pytest

import tabletop.games.radiant_perim as pkg
from tabletop.core import new_game

BOARD = tomllib.loads((Path(pkg.__file__).parent / "data" / "board.toml").read_text())
RANKS = ["assassin", "elder", "scout", "mount", "knight", "phalanx"]
NATIVES = {r["id"]: set(r["natives"]) for r in BOARD["region"]}
ADJ: dict[str, set[str]] = {r: set() for r in NATIVES}
for a, b in BOARD["edges"]:
    ADJ[a].add(b)
    ADJ[b].add(a)
for r in BOARD["region"]:
    if r.get("portal_twin"):
        ADJ[r["id"]].add(r["portal_twin"])
ADJ["centre"] = set(BOARD["centre_adjacent"])


def side(seat: int, players: int) -> int:
    """The side of a seat, both 0-based (Four-Player Game: partners sit across)."""
    return seat % 2 if players == 4 else seat


def oracle_moves(d: dict, seat: int) -> set[str]:
    """Phase 3: War — Moves and Portals."""
    mine = side(seat, d["players"])
    return {f"move {r}" for r in ADJ[d["tracker"]] if d["control"].get(r) != mine}


def oracle_plays(d: dict, seat: int) -> set[str]:
    """Phase 3: War — Battles, Mounted Knights and Assassinations."""
    hand = Counter(d["seat"][seat]["hand"])
    natives, radiant = NATIVES[d["tracker"]], d["radiant"]
    has_native = any(c.split(".")[0] in natives for c in hand)
    ok = natives | {radiant} if has_native else None
    out = {f"play {c}" for c in hand if ok is None or c.split(".")[0] in ok}
    for race in {c.split(".")[0] for c in hand}:
        if (ok is None or race in ok) and hand[f"{race}.knight"] and hand[f"{race}.mount"]:
            out.add(f"play {race}.knight+{race}.mount")
    players = d["players"]
    targets = [p for p in range(players)
               if side(p, players) != side(seat, players)
               and p not in d["battle"]["acted"] and p not in d["battle"]["may_pass"]
               and d["seat"][p]["hand"]]
    for race in natives | {radiant}:
        if hand[f"{race}.assassin"]:
            for p in targets:
                for nat in natives:
                    for rank in RANKS:
                        out.add(f"assassinate {nat}.{rank} @p{p + 1} with {race}")
    if seat in d["battle"]["may_pass"]:
        out.add("pass")
    return out


def oracle_play_entry(d: dict, seat: int, text: str) -> tuple[int, int, bool] | None:
    """(seat, strength, counts) of the play ``text`` makes (None for a pass)."""
    words = text.split()
    natives, radiant = NATIVES[d["tracker"]], d["radiant"]
    if words[0] == "pass":
        return None
    if words[0] == "assassinate":
        target, who = words[1], int(words[2][2:]) - 1  # @p2 is seat 1
        held = target in d["seat"][who]["hand"]
        return seat, RANKS.index(target.split(".")[1]) if held else 0, True
    cards = words[1].split("+")
    race = cards[0].split(".")[0]
    strength = len(RANKS) if len(cards) == 2 else RANKS.index(cards[0].split(".")[1])
    return seat, strength, race in natives or race == radiant


def oracle_winner(plays: list[tuple[int, int, bool]]) -> int:
    """Battles: the highest native or Radiant card; if none, the highest of any; ties to
    the first played."""
    contenders = [p for p in plays if p[2]] or plays
    best = contenders[0]
    for p in contenders[1:]:
        if p[1] > best[1]:
            best = p
    return best[0]


def count_cards(d: dict) -> Counter[str]:
    cards = Counter(d["deck"]) + Counter(c for c in d["pool"] if c) + Counter(
        d["battle"]["cards"])
    for seat in d["seat"]:
        cards += Counter(seat["hand"]) + Counter(seat["captured"])
    return cards


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_agree_with_the_oracle(players: int) -> None:
    """Phase 3: War, all sections: legal actions and battle victors match the oracle; the
    48 cards (two of each) are all somewhere after every action."""
    all_cards = count_cards(new_game("radiant-perim", players, seed=0).to_data())
    assert sum(all_cards.values()) == 48
    rng = random.Random(players)
    battles = 0
    for seed in range(3):
        s = new_game("radiant-perim", players, seed=seed)
        plays: list[tuple[int, int, bool]] = []
        while not s.is_over:
            d = s.to_data()
            seat = s.to_act
            legal = {a.to_text() for a in s.legal_actions()}
            assert legal
            if d["phase"] == "war":
                expected = oracle_moves(d, seat) if d["need_move"] else oracle_plays(d, seat)
                assert legal == expected, (seat, d["tracker"])
            action = rng.choice(sorted(legal))
            won_before = d["battle_no"]
            if d["phase"] == "war" and not d["need_move"]:
                entry = oracle_play_entry(d, seat, action)
                if entry is not None:
                    plays.append(entry)
            s.apply(action)
            after = s.to_data()
            if d["phase"] == "war" and not d["need_move"] and after["battle_no"] > won_before:
                # The battle this action closed (not an automatic last battle).
                winner = next(e.fields["seat"] for e in reversed(s.events)
                              if e.kind == "battle_won"
                              and e.fields["region"] == d["tracker"])
                assert winner == oracle_winner(plays)
                battles += 1
                plays = []
            if d["phase"] == "war" and d["need_move"]:
                plays = []
            assert count_cards(after) == all_cards
    assert battles > 20
