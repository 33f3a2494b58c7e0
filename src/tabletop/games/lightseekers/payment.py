"""Paying for a combo (Combo Cards): "Cards used as payment must match all of the Elements
on the combo card. Other combos can also be used to pay (and can possibly cover multiple
Elements in one go), and so can items." and "If this includes an Order, any card from that
Order can be used as payment."

A combo lists symbols (Elements and Orders). A card in hand offers slots: an aligned action
card or an item its Element, a combo each symbol printed on it (so one combo may cover
several). A slot covers a symbol that is the same word, and an Element slot covers the
symbol of its Order. The payment is complete when the cards paid can cover every symbol at
once (a matching); a card may be paid only if it covers more than the cards paid so far
and the rest of the hand can still complete the payment, so a payment never reaches a
dead end and never pays a useless card.
"""

from __future__ import annotations

from collections.abc import Sequence

from .ids import ORDER_OF, ORDERS


def covers(slot: str, symbol: str) -> bool:
    """Whether one slot of a paying card covers one symbol of a combo."""
    return slot == symbol or (symbol in ORDERS and ORDER_OF.get(slot) == symbol)


def counts(cards: Sequence[Sequence[str]]) -> dict[str, int]:
    """How many of each slot several cards offer."""
    have: dict[str, int] = {}
    for card in cards:
        for slot in card:
            have[slot] = have.get(slot, 0) + 1
    return have


def needs(symbols: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """A combo's symbols as (symbol, how many), Elements before Orders."""
    need: dict[str, int] = {}
    for sym in symbols:
        need[sym] = need.get(sym, 0) + 1
    return tuple(sorted(need.items(), key=lambda kv: kv[0] in ORDERS))


def matched_counts(need: Sequence[tuple[str, int]], have: dict[str, int]) -> int:
    """How many symbols the slots can cover at once (each slot once): the size of a
    maximum matching. An Element symbol is covered only by a slot of that Element; an
    Order symbol by a slot of one of its Elements or of that Order. So each Order is
    matched apart: its Element symbols first, from their own slots, then its Order symbols
    from what is left (an exchange argument shows nothing better exists)."""
    n = 0
    used: dict[str, int] = {}
    for sym, k in need:
        if sym in ORDERS:
            spare = have.get(sym, 0)
            for e in ORDERS[sym]:
                spare += have.get(e, 0) - used.get(e, 0)
            n += min(k, spare)
        else:
            got = min(k, have.get(sym, 0))
            used[sym] = got
            n += got
    return n


def wanted(need: Sequence[tuple[str, int]], have: dict[str, int]) -> set[str]:
    """The slots one more of which would cover one more symbol than ``have`` does
    (:func:`matched_counts` would grow by one): an Element still short of its count; for
    an Order still short of its count (what its Elements' slots leave, after covering
    their own symbols, plus its own word's slots), the Order's word and every Element of
    it. A card with several slots covers more exactly when one of its slots does (a
    matching's size is submodular in the slots)."""
    out: set[str] = set()
    used: dict[str, int] = {}
    for sym, k in need:  # Elements first (needs()), as in matched_counts
        if sym in ORDERS:
            spare = have.get(sym, 0)
            for e in ORDERS[sym]:
                spare += have.get(e, 0) - used.get(e, 0)
            if spare < k:
                out.add(sym)
                out.update(ORDERS[sym])
        else:
            got = have.get(sym, 0)
            if got < k:
                out.add(sym)
            used[sym] = min(k, got)
    return out


def matched(symbols: Sequence[str], slots: Sequence[str]) -> int:
    """:func:`matched_counts` of a list of symbols and a list of slots."""
    return matched_counts(needs(symbols), counts([slots]))


def slots_of(cards: Sequence[Sequence[str]]) -> list[str]:
    """Every slot of several cards, flattened."""
    return [s for c in cards for s in c]


def can_pay(symbols: Sequence[str], hand: Sequence[Sequence[str]]) -> bool:
    """Whether cards of this hand (their slots) can pay for every symbol."""
    return matched(symbols, slots_of(hand)) == len(symbols)


def may_pay(symbols: Sequence[str], paid: Sequence[Sequence[str]], card: Sequence[str],
            rest: Sequence[Sequence[str]]) -> bool:
    """Whether ``card`` may be paid next: it covers more than the cards already paid, and
    with the rest of the hand the payment can still be completed."""
    done = slots_of(paid)
    before = matched(symbols, done)
    with_card = done + list(card)
    if matched(symbols, with_card) <= before:
        return False
    return matched(symbols, with_card + slots_of(rest)) == len(symbols)


def complete(symbols: Sequence[str], paid: Sequence[Sequence[str]]) -> bool:
    """Whether the cards paid cover every symbol."""
    return matched(symbols, slots_of(paid)) == len(symbols)


__all__ = ["covers", "matched", "matched_counts", "wanted", "counts", "needs", "can_pay", "may_pay",
           "complete", "slots_of"]
