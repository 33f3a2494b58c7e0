"""What one seat of Hoshi Battle may know (docs/rules/hoshi-battle.md, "Hidden
information"): everything public, its own hand of Heroes, its own face-down Duel cards,
its own setup discards and its own Hero chosen face down, and the others' face-down Duel
cards it looked at that are still there ("Looking": ``known``, in its ``hand``); of
the others only counts. The draw piles (``hero_deck``, ``card_deck``) and the seed
appear in no view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import board as fx
from .board import effect_code
from .dice import GLYPHS
from .ids import STRIKE, TIMING_TEXT

if TYPE_CHECKING:
    from .rules import HoshiState


def card_info(s: HoshiState, card_id: str) -> dict[str, Any]:
    """A card's public face: name, kind, die or type, Cost, text, the known words, and its
    behaviour as data (the card file's ``static``, ``triggers``, ``effects``)."""
    if card_id in s.cat.heroes:
        h = s.cat.heroes[card_id]
        return {"name": h.name, "kind": "hero", "die": h.die, "cost": h.cost, "text": h.text,
                "known": h.known, "static": [_plain(m.raw) for m in h.statics],
                "triggers": [_plain(t.raw) for t in h.triggers]}
    c = s.cat.cards[card_id]
    return {"name": c.name, "kind": c.type, "cost": c.cost, "timing": c.timing,
            "timing_text": TIMING_TEXT[c.timing], "text": c.text, "known": c.known,
            "effects": [_plain(e) for e in c.effects.raw],
            "triggers": [_plain(t.raw) for t in c.triggers]}


def _plain(raw: Any) -> Any:
    """Card data as written (the behaviour, for clients that reason about cards), with
    tuples as lists so it survives JSON unchanged."""
    if isinstance(raw, dict):
        return {str(k): _plain(v) for k, v in raw.items()}
    if isinstance(raw, (list, tuple)):
        return [_plain(v) for v in raw]
    return raw


def _player(s: HoshiState, p: int) -> dict[str, Any]:
    hero = s.hero[p]
    out: dict[str, Any] = {
        "heroes": len(s.hands[p]) + (1 if s.chosen[p] else 0),
        "chosen": bool(s.chosen[p]),
        "hero": hero or None,
        "stones": s.stones[p] if hero else 0,
        "face_down": len(s.cards[p]),
        "discarded": len(s.discards[p]),
        "in_play": list(s.in_play[p]),
        "used": list(s.used[p]),
        "exiled": list(s.exiled[p]),
        "shown": list(s.shown[p]),
    }
    if hero:
        out.update({
            "full_health": fx.full_health(s, p), "die": fx.die_of(s, p),
            "dice": fx.dice_of(s, p), "swift": fx.has_keyword(s, p, "swift"),
            "elusive": fx.has_keyword(s, p, "elusive"), "faces": list(s.faces[p]),
            "counts": [list(r) for r in fx.count_rules(s, p)],
        })
    return out


def known(s: HoshiState, seat: int) -> list[dict[str, Any]]:
    """The others' face-down Duel cards ``seat`` looked at and that are still in that
    hand (docs/rules/hoshi-battle.md, "Looking"), one entry a copy: ``owner`` and
    ``card``, by owner and in catalogue order (what the seat knows, not the order it
    learnt it in: a re-deal for the seat keeps the facts, not their order)."""
    facts = [(o, s.order[c], c) for v, o, c in s.seen if v == seat]
    return [{"owner": o, "card": c} for o, _, c in sorted(facts)]


def view(s: HoshiState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator), JSON-ready."""
    fighting = any(s.hero)
    drawn = s.players == 2 or s.phase != "keep"
    out: dict[str, Any] = {
        "game": "hoshi-battle",
        "reconstructed": True,
        "seat": seat,
        "to_act": s.to_act,
        "phase": s.phase,
        "duel": s.duel,
        "round": s.round,
        "throw": s.throw,
        "starter": s.starter if fighting else None,
        "last_hitter": s.last_hitter if fighting else None,
        # With three to five players the order is drawn when the cards are kept.
        "duelists": list(s.duelists) if drawn else [],
        "line": list(s.line) if drawn else [],
        "window": None,
        "strike": {"mode": s.params["strike"], "chance": s.params["strike_chance"]},
        "live_strike": None,
        "players": [_player(s, p) for p in range(s.players)],
        "effects": [{"seat": m.affects, "card": m.card, "controller": m.controller,
                     "effect": effect_code(m.kind, m.key, m.op, m.value), "until": m.until,
                     "ts": m.ts} for m in s.store],
        "glyphs": dict(GLYPHS),
    }
    if s.window and s.phase != "over":
        out["window"] = {"name": s.window, "passed": list(s.passed),
                         "can_wait": s.can_wait(s.turn) if s.phase == "window" else False}
    if s.phase == STRIKE:
        out["live_strike"] = {"striker": s.turn, "defender": s.other(s.turn)}
    ids: set[str] = set()
    for p in range(s.players):
        ids.update(s.in_play[p], s.used[p], s.exiled[p], s.shown[p])
        if s.hero[p]:
            ids.add(s.hero[p])
    ids.update(m.card for m in s.store if m.card)
    if seat is not None:
        hand: dict[str, Any] = {
            "heroes": list(s.hands[seat]), "chosen": s.chosen[seat] or None,
            "cards": list(s.cards[seat]), "discarded": list(s.discards[seat])}
        seen = known(s, seat) if s.seen else []
        if seen:  # (only after a look: every other view is as it was)
            hand["known"] = seen
            ids.update(k["card"] for k in seen)
        out["hand"] = hand
        ids.update(s.hands[seat], s.cards[seat], s.discards[seat])
        if s.chosen[seat]:
            ids.add(s.chosen[seat])
    out["cards"] = {c: card_info(s, c) for c in sorted(ids)}
    if s.conceded:
        out["conceded"] = s.conceded_data()
    outcome = s.outcome()
    if outcome is not None:
        out["outcome"] = outcome.to_json()
    return out


__all__ = ["view", "card_info", "known"]
