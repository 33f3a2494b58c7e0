"""Lightseekers' events: a kind per thing that happens, with JSON-ready fields.

Seats are 0-based in fields and read as P1, P2, ... in sentences; cards are ids in fields
and names in sentences. The one secret an event carries is the card a player draws: its
``card`` field is seen by the drawer only. Everything else happens face up (cards paid
for a combo are shown before they go back into the deck, a card discarded at random is
revealed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from tabletop.core import CONCEDE, EventBook, EventKind, plain_words

KINDS = (
    EventKind("setup", ("order", "heroes", "hands"),
              "Seats drawn at random: the turn order is {order}; heroes {heroes}; opening "
              "hands {hands}.",
              "The game begins: `order` the seats in turn order (clockwise; each seat's "
              "target is the next one, its enemy the one before), `heroes` the hero id of "
              "each seat, `hands` each seat's opening hand size."),
    EventKind("turn", ("seat", "turn"), "Turn {turn}: {seat} begins.",
              "`seat` begins its turn number `turn` (counted over all players)."),
    EventKind("draw", ("seat", "card", "deck"), "{seat} draws {card} ({deck} left in the deck).",
              "`seat` draws a card; `card` is private to that seat; `deck` the cards left.",
              redacted="{seat} draws a card ({deck} left in the deck).",
              private={"card": "seat"}),
    EventKind("play", ("seat", "card", "type", "element", "target"),
              "{seat} plays {card}{target}.",
              "`seat` plays an action card (`type` attack, defend, buff or item; `element` "
              "the Element it requires or grants, or unaligned); `target` the hero an "
              "attack is directed at (null otherwise)."),
    EventKind("ability", ("seat", "source", "element"), "{seat} uses the Ability of {source}.",
              "`seat` uses an Ability (an action) of `source`: `hero`, or an item or buff "
              "card id; `element` the Element it uses (null: none)."),
    EventKind("combo", ("seat", "card", "elements"),
              "{seat} plays the combo {card} (pay {elements}).",
              "`seat` plays a combo (its `elements`: Elements and Orders to pay); the payment "
              "follows, one `pay` event per card."),
    EventKind("pay", ("seat", "card", "combo"), "{seat} pays for {combo} with {card}.",
              "`seat` shows `card` from its hand as payment for `combo`; paid cards go back "
              "into the deck."),
    EventKind("shuffle", ("seat", "deck", "why"), "{seat} shuffles the deck ({deck} cards, {why}).",
              "`seat`'s deck is shuffled (`why`: payment, after a combo's payment went back "
              "into it; return, after discarded cards went back); `deck` its size after."),
    EventKind("damage", ("seat", "amount", "by", "source", "health"),
              "{seat} takes {amount} damage{by}; health {health}.",
              "`seat`'s hero takes `amount` damage (after attack power and armor) dealt by "
              "`by` (a seat, or null) with `source` (a card id, `hero` or null); `health` "
              "after."),
    EventKind("reduce", ("seat", "before", "after", "source"),
              "{source} reduces the damage to {seat} from {before} to {after}.",
              "A replacement effect of `source` (a card id or `hero`) reduces or prevents "
              "damage about to be dealt to `seat`'s hero."),
    EventKind("heal", ("seat", "amount", "health", "source"),
              "{seat} gains {amount} health; health {health}.",
              "`seat`'s hero gains `amount` health (never above 35) from `source`."),
    EventKind("lose_health", ("seat", "amount", "source", "health"),
              "{seat} loses {amount} health to use {source}; health {health}.",
              "`seat`'s hero loses `amount` health, the cost of an Ability of `source` (a "
              "card id or `hero`): not damage, so neither armor nor power changes it and "
              "nothing that happens when a hero takes damage follows; `health` after."),
    EventKind("buff", ("seat", "card", "slot"), "{seat} puts {card} into play as buff {slot}.",
              "A buff (or buff combo) enters `seat`'s buff row at position `slot` "
              "(counted from 1, left to right: the order they were played)."),
    EventKind("rotate", ("seat", "card", "slot", "corner"),
              "{seat}'s buff {card} rotates; its active corner is {corner}.",
              "A rotating buff turns 90 degrees anticlockwise: `corner` is its new active "
              "(top-left) corner: a number, `x` (ignore the effect), `empty` or `upright` "
              "(both mean it has expired)."),
    EventKind("expire", ("seat", "card", "slot"),
              "{seat}'s buff {card} has expired and is discarded.",
              "A rotating buff has expired (its active corner is empty, or it is upright "
              "again) and goes to the top of `seat`'s discard pile."),
    EventKind("equip", ("seat", "card", "weight"), "{seat} equips {card} ({weight}).",
              "`seat` equips an item card; `weight` the points it uses (at most 2 in all)."),
    EventKind("discard", ("seat", "card", "why"), "{card} goes to {seat}'s discard pile ({why}).",
              "A card goes to the top of `seat`'s discard pile; `why`: played (an attack "
              "or defend after it resolves), random (discarded at random by an effect), "
              "deck (from the top of the deck by an effect), destroyed (a buff or item)."),
    EventKind("modifier", ("seat", "stat", "change", "until", "source"),
              "{seat} gets {change} {stat} {until} ({source}).",
              "A timed effect: `seat`'s hero gets `change` (+ or -) `stat` (power or armor) "
              "until `until` (turn: the end of this turn; next_turn: the start of the "
              "controller's next turn)."),
    EventKind("pass", ("seat", "actions"), "{seat} ends the action phase ({actions}).",
              "`seat` ends its action phase having performed `actions` actions."),
    EventKind("empty_deck", ("seat", "loss", "health", "checks", "deck"),
              "Empty deck check: {seat} loses {loss} health (health {health}) and shuffles "
              "the discard pile into a new deck of {deck}.",
              "At the end of `seat`'s turn its deck is empty: the `checks`-th empty deck "
              "check costs `loss` health (5 times `checks`); its discard pile becomes its "
              "deck (`deck` cards)."),
    EventKind("defeat", ("seat", "enemy"), "{seat} is defeated and removed from the game.",
              "`seat`'s hero is at 0 health: it is removed; `enemy` (the player on its "
              "right) is rewarded."),
    EventKind("reward", ("seat", "vp", "health", "returns"),
              "{seat} gains 1 Victory Point ({vp}) and 5 health ({health}); {returns} "
              "discarded cards go back into the deck.",
              "The defeated player's enemy `seat` gains 1 VP (`vp` after) and 5 health "
              "(`health` after) and moves `returns` cards of its discard pile back into "
              "its deck (5, or all if fewer)."),
    EventKind("return", ("seat", "card"), "{seat} moves {card} from the discard pile into the "
              "deck.", "`seat` moves `card` from its discard pile back into its deck (a defeat's "
              "reward, or an effect)."),
    EventKind("game_over", ("vp", "winners", "out"),
              "The game is over: Victory Points {vp}; {winners}.",
              "One player remains (it gained 1 VP): `vp` per seat, `winners`, and `out` the "
              "seats in the order they were defeated."),
    CONCEDE,  # the core's kind: a player leaves, and is removed as if defeated
)


def make_words(names: Mapping[str, str]) -> Callable[[str, Any], str]:
    """How field values read in sentences, card ids by the names in ``names`` (a
    module-level function bound to ``names``, so that a state and its book pickle)."""
    return partial(field_words, names)


def _label(seat: int) -> str:
    return f"P{seat + 1}"


def field_words(names: Mapping[str, str], name: str, value: Any) -> str:
    """One field's value in words, card ids by the names in ``names``."""
    if name in ("seat", "enemy"):
        return _label(value)
    if name == "by":
        return "" if value is None else f" from {_label(value)}"
    if name == "target":
        return "" if value is None else f" at {_label(value)}"
    if name == "winners":
        if not value:
            return "nobody wins"
        return " and ".join(_label(s) for s in value) + (" win" if len(value) > 1
                                                         else " wins")
    if name == "vp" and isinstance(value, list):
        return ", ".join(f"{_label(s)} {n}" for s, n in enumerate(value))
    if name in ("order", "out"):
        return ", ".join(_label(s) for s in value) or "nobody"
    if name in ("card", "combo", "source"):
        if value is None:
            return "an effect"
        if value == "hero":
            return "their hero"
        return names.get(value, str(value))
    if name == "heroes":
        return ", ".join(names.get(h, h) for h in value)
    if name == "until":
        return {"turn": "until the end of the turn",
                "next_turn": "until the start of its next turn"}.get(value, str(value))
    if name == "change":
        return f"{value:+d}"
    if name == "weight":
        return "1 point" if value == 1 else f"{value} points"
    if name == "actions":
        return "1 action" if value == 1 else f"{value} actions"
    return plain_words(name, value)


def hero_phrases(heroes: tuple[str, ...], kind: str, fields: dict[str, Any]) -> dict[str, str]:
    """A hero's own Ability or trait (``source`` "hero") read as the hero's name: the hero
    of the event's seat, whose trait it is (the seat using the Ability, paying its health,
    or whose hero the effect protects or changes: a hero's trait acts for its own seat)."""
    seat = fields.get("seat")
    if fields.get("source") == "hero" and isinstance(seat, int) and 0 <= seat < len(heroes):
        return {"source": heroes[seat]}
    return {}


def make_book(names: Mapping[str, str], heroes: tuple[str, ...] = ()) -> EventBook:
    """The event book of a catalogue (card names in sentences); of a game, with its heroes'
    names by seat (the heroes are face up), so that a hero's own Ability reads by name."""
    phrases = partial(hero_phrases, tuple(heroes)) if heroes else None
    return EventBook("lightseekers", KINDS, make_words(names), phrases)


__all__ = ["KINDS", "make_book", "make_words"]
