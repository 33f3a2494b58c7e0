"""The legal actions of the seat to act, and why any other action is illegal.

Phase 3: "Either play a combo or perform up to 2 actions": a card (not a combo) or an
Ability, each of an Element the hero can use, a basic Element once a turn; a combo only
as the turn's first play, with every Element it lists and a payment the hand can make.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.core import Action

from .actions import PASS, Act, act
from .board import access, active_corner, buff_works
from .data import Catalog
from .ids import (
    ACTION,
    ACTIONS_PER_TURN,
    ELEMENT_BIT,
    ELEMENTS,
    ITEM,
    MAX_WEIGHT,
    ORDER_MASK,
    ORDER_OF,
    ORDERS,
    R_ACTION_PHASE,
    R_BUFF,
    R_COMBO,
    R_END,
    R_HERO,
    R_ITEM,
    R_TURNS,
)
from .payment import counts, matched_counts, wanted

if TYPE_CHECKING:
    from .data import Ability, Card
    from .rules import LsState


HERO_ABILITY = act("ability", "hero")
_ANY = 1 << len(ELEMENTS)

# Whether the hand can pay for a combo, as arithmetic on packed counts. The payment is
# complete (payment.matched_counts) exactly when the slots cover each Element symbol as
# many times as it is listed, and for each Order symbol, what its Order offers (slots of
# the Order's word and of its Elements) covers its count plus those of its Elements
# listed. So a hand is counted on 24 coordinates (each Element; each Order's total), 16
# bits each, and a combo needs at least a fixed count on some of them: ``takes`` (its
# needs plus its own slots, as the combo does not pay for itself). All coordinates are
# compared at once: with bit 15 of each field set in the hand's counts (``_GUARD``), a
# field that can pay keeps it after the subtraction, and no field borrows from the next
# (no count reaches 2**15: a game holds a few hundred cards).
_BITS = 16
_AT = {e: i * _BITS for i, e in enumerate(ELEMENTS)} | {
    o: (len(ELEMENTS) + i) * _BITS for i, o in enumerate(ORDERS)}
_GUARD = sum(1 << (at + _BITS - 1) for at in _AT.values())


def _pack(slots: tuple[str, ...]) -> int:
    """A card's slots counted on the coordinates: an Element's own and its Order's total;
    an Order's word on its Order's total."""
    n = 0
    for slot in slots:
        n += 1 << _AT[slot]
        if slot in ORDER_OF:
            n += 1 << _AT[ORDER_OF[slot]]
    return n


def _takes(card: Card) -> int:
    """What a hand must hold on each coordinate the combo constrains (see above)."""
    want: dict[str, int] = {}
    for sym, k in card.needs:
        if sym in ORDERS:
            want[sym] = want.get(sym, 0) + k
        else:
            want[sym] = k
            want[ORDER_OF[sym]] = want.get(ORDER_OF[sym], 0) + k
    listed = {sym for sym, _ in card.needs}
    own = _pack(card.slots)
    return sum((want[w] + (own >> _AT[w] & 0xFFFF)) << _AT[w] for w in want
               if w in listed)


class Tables(NamedTuple):
    """What legal() needs of each card of a catalogue, by card index, in flat tuples (read
    for every card of the hand at every decision), made once per catalogue (the packaged
    pool, or it with a user's card files): the actions naming each card; ``action_bit``:
    for an action card other than an item, the Element it needs (an unaligned card:
    ``_ANY``, a bit every hero may always use), else 0; ``weight``: an item's weight, else
    0; ``need``: every Element a combo lists; ``order_needs``: a combo's Orders as Element
    masks (the hero needs an Element of each); ``pack`` and ``takes``: see above. A
    NamedTuple, not a frozen dataclass: mypyc's compiled __init__ of a frozen dataclass
    here trips its own __setattr__ (FrozenInstanceError)."""

    play: tuple[Act, ...]
    combo: tuple[Act, ...]
    pay: tuple[Act, ...]
    back: tuple[Act, ...]  # "return <card>"
    action_bit: tuple[int, ...]
    weight: tuple[int, ...]
    need: tuple[int, ...]
    order_needs: tuple[tuple[int, ...], ...]
    pack: tuple[int, ...]
    takes: tuple[int, ...]


def _tables(cards: tuple[Card, ...]) -> Tables:
    return Tables(
        tuple(act("play", c.id) for c in cards), tuple(act("combo", c.id) for c in cards),
        tuple(act("pay", c.id) for c in cards), tuple(act("return", c.id) for c in cards),
        tuple(0 if c.combo or c.type == ITEM else c.need or _ANY for c in cards),
        tuple(c.weight if not c.combo and c.type == ITEM else 0 for c in cards),
        tuple(c.need for c in cards),
        tuple(tuple(ORDER_MASK[o] for o in c.orders) for c in cards),
        tuple(_pack(c.slots) for c in cards),
        tuple(_takes(c) if c.combo else 0 for c in cards))


def tables(cat: Catalog) -> Tables:
    """The catalogue's tables (made on first use, then kept with it)."""
    found = cat.derived.get("legal")
    if found is None:
        found = cat.derived["legal"] = _tables(cat.cards)
    assert isinstance(found, Tables)
    return found



def element_ok(bit: int, mask: int, superior: int, used: int) -> bool:
    """Whether an action of this Element may be performed now (0: none needed)."""
    return not bit or (bit & mask != 0 and (bit & superior != 0 or bit & used == 0))


def weight(s: LsState, p: int) -> int:
    """The points of items ``p`` has equipped."""
    cards = s.cat.cards
    return sum(cards[c].weight for c in s.items[p])


def combo_ok(s: LsState, p: int, card: Card, mask: int, hand: list[int]) -> bool:
    """Whether ``p`` may play this combo: the hero has every Element it lists (an Order: an
    Element of that Order) and the rest of the hand can pay for it."""
    cards = s.cat.cards
    have = counts([cards[c].slots for c in hand])
    return _combo_ok(card, mask, have)


def _combo_ok(card: Card, mask: int, have: dict[str, int]) -> bool:
    if card.need & mask != card.need:
        return False
    for o in card.orders:
        if not ORDER_MASK[o] & mask:
            return False
    return _payable(card, have)


def _payable(card: Card, have: dict[str, int]) -> bool:
    """Whether the slots ``have`` (the whole hand's) less the combo's own can pay it."""
    for slot in card.slots:  # the combo itself does not pay for itself
        have[slot] -= 1
    ok = matched_counts(card.needs, have) == len(card.symbols)
    for slot in card.slots:
        have[slot] += 1
    return ok


def _ability_ok(s: LsState, p: int, ability: Ability, usable: int) -> bool:
    """Whether an Ability may be used now (``usable``: the Elements an action may use)."""
    bit = ability.bit
    if bit and not bit & usable:
        return False
    if not ability.costs.items:
        return True
    ctx = {"p": p}
    return all(s.V.costs[name].can(s, ctx, n) for name, n in ability.costs.items)


def legal(s: LsState) -> list[Action]:
    """Every legal action of the seat to act, in a stable order."""
    t = tables(s.cat)
    if s.rewards:
        seat, _ = s.rewards[0]
        return [t.back[c] for c in sorted(set(s.disc[seat]))]
    p = s.active
    hand = s.hand[p]
    cards = s.cat.cards
    if s.paying is not None:
        return _payments(s, hand, t)
    out: list[Action] = []
    acts = s.acts
    if acts < ACTIONS_PER_TURN and not s.combo:
        hero = s.cat.heroes[s.heroes[p]]
        mask = hero.mask  # the Elements the hero can use: its own and its items' (access)
        room = MAX_WEIGHT  # and the points of items it may still equip
        items = s.items[p]
        for c in items:
            mask |= cards[c].grants
            room -= t.weight[c]
        # The Elements an action may use now: a basic one only if not used yet this turn
        # (a superior one has no limit); and any hero may play an unaligned card.
        usable = mask & (hero.superior | ~s.used) | _ANY
        have = -1  # the hand's slots, packed (with the guard bits), once a combo needs them
        for c in dict.fromkeys(hand):  # each card once, in order
            bit = t.action_bit[c]
            if bit:
                if bit & usable:
                    out.append(t.play[c])
            elif t.weight[c]:
                if t.weight[c] <= room:
                    out.append(t.play[c])
            elif acts == 0:
                # A combo: every Element it lists (an Order: one of its Elements), checked
                # first as it is cheap; then whether the rest of the hand can pay.
                need = t.need[c]
                if need & mask != need:
                    continue
                for order_mask in t.order_needs[c]:
                    if not order_mask & mask:
                        break
                else:
                    if have < 0:
                        have = sum(map(t.pack.__getitem__, hand)) | _GUARD
                    if (have - t.takes[c]) & _GUARD == _GUARD:  # every coordinate can pay
                        out.append(t.combo[c])
        ability = hero.ability
        if ability is not None and (not ability.bit or ability.bit & usable) and (
                not ability.costs.items or _ability_ok(s, p, ability, usable)):
            out.append(HERO_ABILITY)
        if items:
            seen: set[int] = set()
            for c in items:
                ability = cards[c].ability
                if ability is not None and c not in seen:
                    seen.add(c)
                    if _ability_ok(s, p, ability, usable):
                        out.append(act("ability", cards[c].id))
        if s.buffs[p]:
            count: dict[int, int] = {}
            states: set[tuple[int, int]] = set()
            for _, c, turns in s.buffs[p]:
                card = cards[c]
                if card.ability is None:
                    continue
                count[c] = count.get(c, 0) + 1  # its copies (with the Ability) so far
                if (c, turns) in states:
                    continue
                states.add((c, turns))
                if buff_works(s, p, card, turns) and _ability_ok(s, p, card.ability, usable):
                    out.append(act("ability", card.id, count[c]))
    out.append(PASS)
    return out


def _payments(s: LsState, hand: list[int], t: Tables) -> list[Action]:
    """Paying for a combo: a card covering more than the cards paid so far (the rest of
    the hand can always complete it: the combo was playable, and paying moves a card from
    the hand to the payment, which keeps their union)."""
    cards = s.cat.cards
    assert s.paying is not None
    combo, _, paid = s.paying
    # The slots that would cover one more symbol; a card covers more if one of its does.
    want = wanted(cards[combo].needs, counts([cards[c].slots for c in paid]))
    return [t.pay[c] for c in dict.fromkeys(hand) if not want.isdisjoint(cards[c].slots)]


def why_illegal(s: LsState, a: Act) -> tuple[str, str]:
    """Why ``a`` is not legal now, and the rule (with its section)."""
    from .ids import OVER

    if s.step == OVER:
        return "the game is over", R_END
    cat = s.cat
    if s.rewards:
        seat = s.rewards[0][0]
        if a.verb != "return":
            return (f"P{seat + 1} first moves discarded cards back into its deck "
                    "(return <card>)", R_END)
        return f"{a.card} is not in P{seat + 1}'s discard pile", R_END
    if a.verb == "return":
        return "cards return to a deck only as the reward of a defeat", R_END
    p = s.active
    hand = s.hand[p]
    if s.paying is not None:
        combo = cat.cards[s.paying[0]]
        if a.verb != "pay":
            return f"pay for {combo.id} first (pay <card>)", R_COMBO
        c = cat.index[a.card]
        if c not in hand:
            return f"you hold no {a.card}", R_COMBO
        return (f"{a.card} pays for no symbol of {combo.id} still to pay, or leaves the "
                "rest unpayable", R_COMBO)
    if a.verb == "pay":
        return "there is no combo to pay for", R_COMBO
    if s.step != ACTION:
        return "it is not the action phase", R_TURNS
    if s.combo:
        return "you played a combo this turn: it takes the place of your actions", \
            R_ACTION_PHASE
    if s.acts >= ACTIONS_PER_TURN:
        return "you have performed your 2 actions this turn", R_ACTION_PHASE
    mask, superior = access(s, p)
    if a.verb == "play":
        c = cat.index[a.card]
        if c not in hand:
            return f"you hold no {a.card}", R_ACTION_PHASE
        card = cat.cards[c]
        if card.type == ITEM:
            return (f"{a.card} weighs {card.weight}; your hero has {weight(s, p)} of "
                    f"{MAX_WEIGHT} points of items equipped", R_ITEM)
        return _element_why(card.element, mask, s.used)
    if a.verb == "combo":
        c = cat.index[a.card]
        if c not in hand:
            return f"you hold no {a.card}", R_COMBO
        if s.acts:
            return "a combo is played instead of actions, not after one", R_ACTION_PHASE
        card = cat.cards[c]
        missing = list(dict.fromkeys(  # each Element or Order named once
            [e for e in card.elements if not ELEMENT_BIT[e] & mask]
            + [o for o in card.orders if not ORDER_MASK[o] & mask]))
        if missing:
            return (f"your hero cannot use {', '.join(missing)} (a combo needs every "
                    "Element it lists)", R_COMBO)
        return (f"your hand cannot pay for {card.id} ({', '.join(card.symbols)})", R_COMBO)
    if a.verb == "ability":
        if a.card == "hero":
            ability = cat.heroes[s.heroes[p]].ability
            if ability is None:
                return "your hero's trait is not an Ability", R_HERO
            return _ability_why(s, p, ability, mask)
        c = cat.index[a.card]
        card = cat.cards[c]
        if card.type == ITEM:
            if c not in s.items[p] or a.n != 1:
                return f"you have no {a.card} equipped", R_ITEM
            assert card.ability is not None
            return _ability_why(s, p, card.ability, mask)
        copies = [t for _, b, t in s.buffs[p] if b == c]
        if len(copies) < a.n:
            return f"you have no {a.to_text().split()[1]} in play", R_BUFF
        turns = copies[a.n - 1]
        if card.need & mask != card.need:
            return (f"{a.card} has no effect: your hero cannot use its Element", R_BUFF)
        if card.rotation and active_corner(card, turns) <= 0:
            return f"{a.card}'s active corner is an X (ignore the effect)", R_BUFF
        assert card.ability is not None
        first = next(i for i, t in enumerate(copies) if t == turns) + 1
        if first != a.n:
            return f"use the first of identical copies ({a.card}@{first})", R_BUFF
        return _ability_why(s, p, card.ability, mask)
    return "not an action of this phase", R_ACTION_PHASE


def _element_why(element: str, mask: int, used: int) -> tuple[str, str]:
    bit = ELEMENT_BIT.get(element, 0)
    if bit and not bit & mask:
        return f"your hero cannot use {element.capitalize()}", R_HERO
    if bit and bit & used:
        return (f"{element.capitalize()} is basic (silver) for your hero: one action of "
                "that Element a turn, already performed", R_ACTION_PHASE)
    return "not playable now", R_ACTION_PHASE


def _ability_why(s: LsState, p: int, ability: Ability, mask: int) -> tuple[str, str]:
    if ability.element and not element_ok(ability.bit, mask, access(s, p)[1], s.used):
        return _element_why(ability.element, mask, s.used)
    for name, n in ability.costs.items:
        if not s.V.costs[name].can(s, {"p": p}, n):
            return f"its cost cannot be paid ({s.V.costs[name].text(n)})", R_HERO
    return "not usable now", R_ACTION_PHASE


__all__ = ["legal", "why_illegal", "element_ok", "weight", "combo_ok", "ELEMENTS"]
