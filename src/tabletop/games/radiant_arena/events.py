"""The events of radiant-arena: every kind, its fields, its sentences and who sees what.

Each change of the game's state is an event (docs/rules/radiant-arena.md, "Events").
Fields are JSON-ready: seats are 0-based (0 is player A), lanes are ``left``, ``center``
and ``right``, cards are named by their ids (units, skills, items, conduits). A sentence
is rendered from the fields by the catalogue's book: a seat reads "Player A", a card id
its printed name. What a seat may not see is a private field (the card drawn, the card
clashed face down, a seat's deity, conduits and items at setup), absent from the other
seat's copy.

The turn's end and the game's end carry the ``board`` as it stood (flow.board): each
seat's power, hand, deck and discard counts, Buyback token and conduits, and every unit's
zone, damage, committed and levelled state and item (a deity still face down is listed
without its id).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from tabletop.core import CONCEDE, EventBook, EventKind
from tabletop.core.event import kind as _k

GAME = "radiant-arena"
SEATS = ("Player A", "Player B")
SEAT_FIELDS = frozenset({"seat", "winner", "owner"})
SIGNED_FIELDS = frozenset({"attack_bonus", "armor_bonus"})

# Codes that read as words in sentences, by field.
CODES: dict[str, dict[str, str]] = {
    "reason": {"evoker": "Evoker", "ko": "a KO", "ruin": "a conduit ruined in an action "
               "phase", "effect": "an effect", "level": "a level up", "talent": "a talent",
               "buyback": "Buyback", "buy": "an item"},
    "cause": {"regen": "Regen", "effect": "an effect", "wrathlord": "the Wrathlord",
              "action": "the action", "level_up": "levelling up", "cost": "a cost",
              "deity_ko": "the deity was KO'd", "deck_out": "an empty skill deck"},
    "why": {"hand_limit": "the hand limit", "effect": "an effect", "clash": "the combat "
            "ended", "talent": "its talent resolved", "overkill": "Overkill"},
    "until": {"combat": "until the end of the combat", "turn": "until the end of the turn",
              # the effect's controller's next turn (the event does not say whose: the
              # words do not guess)
              "next_turn": "until the start of its controller's next turn",
              "source": "while its source is in play", "permanent": "for the rest of the game"},
    "origin": {"deck_top": "the top of the deck", "hand": "the hand",
               "discard": "the discard pile"},
    "destination": {"deck_top": "the top of the deck", "deck_bottom": "the bottom of the "
                    "deck", "hand": "the hand", "void": "the void"},
    "how": {"buyback": "Buyback", "mass": "Mass Resurrect", "effect": "an effect"},
    "phase": {"action": "the action phase ends", "revive": "no revive",
              "shop": "nothing bought"},
    "target": {"conduit": "the enemy conduit"},
    "defender": {"conduit": "the conduit"},
}
# Booleans that read as a word before "damage" (or as nothing).
FLAGS = {"piercing": " piercing", "stun": " stun", "free": " for free"}


def _board_words(board: Mapping[str, Any]) -> str:
    """The board of a turn_end / game_end, in one short line."""
    parts = []
    for seat in (0, 1):
        parts.append(f"{SEATS[seat]}: {board['power'][seat]} power, {board['hand'][seat]} in "
                     f"hand, {board['deck'][seat]} in deck, {sum(board['ruined'][seat])} "
                     "conduit(s) ruined")
    return "; ".join(parts)


def make_words(names: Mapping[str, str]) -> Callable[[str, Any], str]:
    """How a field's value reads: seats as "Player A", card ids as printed names (a
    module-level function bound to ``names``, so that a state and its book pickle)."""
    return partial(field_words, names)


def field_words(names: Mapping[str, str], field: str, value: Any) -> str:
    """One field's value in words, card ids by the names in ``names``."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        if field in FLAGS:
            return FLAGS[field] if value else ""
        return "yes" if value else "no"
    if isinstance(value, int):
        if field in SEAT_FIELDS and 0 <= value < 2:
            return SEATS[value]
        return f"{value:+d}" if field in SIGNED_FIELDS else str(value)
    if isinstance(value, str):
        codes = CODES.get(field)
        if codes is not None and value in codes:
            return codes[value]
        if field == "keyword":
            return value.replace("_", " ").replace("-", " ").title()
        if field == "ability" and value not in names:
            # A hero's or an item's talent has no printed name of its own: its id in
            # words ("heal" reads "Heal").
            return value.replace("-", " ").capitalize()
        if value not in names and value[-2:] in (".a", ".b") and value[:-2] in names:
            # A unit both seats field: told apart by its side, as in the notation.
            return f"{names[value[:-2]]} ({value[-1].upper()})"
        return names.get(value, value)
    if isinstance(value, list):
        return ", ".join(field_words(names, field, v) for v in value) or "nothing"
    if isinstance(value, dict) and field == "board":
        return _board_words(value)
    return str(value)


def phrases(talents: Mapping[tuple[str, str], str], kind: str, fields: dict[str, Any]
            ) -> dict[str, str]:
    """Words read from several fields of one event: a boost says what it changes ("gets +2
    armor until ...", not "+0 attack and +2 armor"; one worth nothing, such as Battle
    Frenzy's with too little damage to count, says so); a timed replacement its form and
    amount ("reduce 2", "prevent"); an item's talent the item it is on ("uses the talent
    of Star Lantern": ``talents`` maps (unit card, talent id) to the item's name for the
    talents that are an item's, not the hero's own)."""
    if kind == "talent":
        unit = str(fields.get("unit", ""))
        unit = unit[:-2] if unit[-2:] in (".a", ".b") else unit
        item = talents.get((unit, str(fields.get("ability"))))
        return {"ability": f"of {item}"} if item and fields.get("card") is None else {}
    if kind == "modifier":
        if fields.get("kind") != "replace":
            return {"value": f" {fields.get('value')}"}
        hook = str(fields.get("key", "")).replace("_", " ")
        form = str(fields.get("op", ""))
        return {"key": hook, "value": f" {fields.get('value')}" if form == "reduce" else ""}
    if kind != "boost":
        return {}
    attack, armor = fields["attack_bonus"], fields["armor_bonus"]
    if not attack and not armor:
        return {"attack_bonus": "no bonus", "armor_bonus": "", "until": ""}
    until = CODES["until"].get(str(fields["until"]))
    return {"attack_bonus": f"{attack:+d} attack" if attack else "",
            "armor_bonus": ("" if not armor else f" and {armor:+d} armor" if attack
                            else f"{armor:+d} armor"),
            "until": f" {until}" if until else ""}


KINDS: tuple[EventKind, ...] = (
    # --- setting up and deploying --------------------------------------------------
    _k("setup", "seat heroes deck shop deity conduits items",
       "{seat} sets up: heroes {heroes}; deity {deity} face down; conduits {conduits} (left "
       "to right); shop {items}; {deck} skill cards in the deck.",
       "Setting Up: a seat's heroes, deck and shop sizes (public), its deity, its conduits "
       "in lane order and its items (private to the seat).",
       redacted="{seat} sets up: heroes {heroes}; a face-down deity; three consecrated "
       "conduits; {shop} items in the shop; {deck} skill cards in the deck.",
       private={"deity": "seat", "conduits": "seat", "items": "seat"}),
    _k("draw", "seat card hand deck", "{seat} draws {card} ({hand} in hand, {deck} in the "
       "deck).", "A seat draws a skill card (setup, the draw step, an effect); the card is "
       "private to the drawer, the hand and deck sizes after are public.",
       redacted="{seat} draws a card ({hand} in hand, {deck} in the deck).",
       private={"card": "seat"}),
    _k("deploy", "seat unit lane", "{seat} deploys {unit} to the {lane} lane.",
       "Deployment: a hero enters a lane, basic side up, ready."),
    # --- the turn ----------------------------------------------------------------------
    _k("turn_start", "turn seat ap", "Turn {turn}: {seat} generates {ap} action points.",
       "The preparation phase begins a turn: turn number, active seat, action points "
       "generated (the pool is set to this)."),
    _k("turn_end", "turn seat board", "End of turn {turn} ({seat}): {board}.",
       "The turn ends (unused action points are lost, turn effects end), with the board as "
       "it stood."),
    _k("pass", "seat phase", "{seat} passes: {phase}.",
       "A seat passes: ends its action phase, or declines the revive or shop step."),
    _k("ap_gain", "seat amount total source", "{seat} gains {amount} action point(s) from "
       "{source}; {total} now.", "An effect gives action points this turn."),
    _k("power_gain", "seat amount total reason source", "{seat} gains {amount} power from "
       "{reason}; {total} in all.", "A seat gains power (Evoker, a KO, a conduit ruined in "
       "an action phase, an effect); source: the card or unit behind it, if any."),
    _k("power_pay", "seat amount total reason source", "{seat} pays {amount} power for "
       "{reason}; {total} left.", "A seat pays power (level up, talent, Buyback, an item); "
       "source: the card or unit paid for."),
    _k("power_loss", "seat amount total source", "{seat} loses {amount} power to {source}; "
       "{total} left.", "An effect makes a seat lose power (never below 0)."),
    # --- units -------------------------------------------------------------------------
    _k("damage", "unit amount before after health piercing stun combat source",
       "{unit} takes {amount}{piercing}{stun} damage ({after} damage against {health} "
       "health).",
       "A hero or deity is dealt damage: the amount after armor (0: armor stopped it; Stun "
       "keeps it in play at 1 health), damage before and after, health."),
    _k("conduit_damage", "seat lane amount before after health piercing stun combat source",
       "The {lane} conduit of {seat} takes {amount} damage ({after} damage against "
       "{health} health).",
       "A consecrated conduit is dealt damage (it has no armor; Stun does not stop a ruin): "
       "amount, damage before and after, health; source: the card or unit dealing it."),
    _k("damage_prevented", "unit by", "{unit} cannot take damage ({by}).",
       "A prevention effect stops damage to a hero (Vanguard: while another friendly hero "
       "attacks with Vanguard); by: the unit (or card) whose effect prevents it."),
    _k("heal", "unit amount before after cause source",
       "{unit} heals {amount} damage ({after} damage left).",
       "Damage is removed from a hero or deity (Regen, an effect, the Wrathlord)."),
    _k("ko", "unit lane source", "{unit} is KO'd and returns home.",
       "A hero or deity is KO'd: to its home, damage removed, ready; level and item kept; "
       "source: the card or unit whose damage KO'd it, if known."),
    _k("ko_prevented", "unit lane", "{unit} is not KO'd (the {lane} lane).",
       "A KO is replaced (the Wrathlord: its controller ruins a conduit instead); lane: the "
       "lane of the conduit chosen for it, else the unit's."),
    _k("level_up", "unit free ap", "{unit} levels up{free}.",
       "A hero flips to its levelled side (the level action: ap is the action points left; "
       "or an effect: free, ap null)."),
    _k("recover", "unit cause ap", "{unit} recovers ({cause}).",
       "A committed hero becomes ready (the action: ap is the action points left; after "
       "levelling up; an effect)."),
    _k("commit", "unit cause", "{unit} is committed ({cause}).",
       "An effect commits a ready hero (attack, join, block and snipe commit their heroes "
       "themselves)."),
    _k("move", "unit start lane cause ap", "{unit} moves from the {start} lane to the {lane} "
       "lane.", "A hero moves to an adjacent lane (the action: ap is the action points "
       "left; or an effect)."),
    _k("boost", "unit attack_bonus armor_bonus until source",
       "{unit} gets {attack_bonus}{armor_bonus}{until}.",  # the words: phrases()
       "A stat boost: attack and armor change, until the end of the combat or "
       "of the turn; source: the card."),
    _k("keyword", "unit keyword until source", "{unit} gains {keyword} {until}.",
       "A keyword is granted for a duration (until: combat, turn, next_turn, "
       "source, permanent)."),
    _k("modifier", "unit kind key op value until source", "{unit}: {key} ({op}{value}) {until}.",
       "Another continuous effect begins (a rule, a cost, a "
       "keyword lost, a set stat, a replacement effect): kind, key, op and value as in the "
       "modifier store (docs/cards.md); unit: the unit it affects, or the source of a "
       "replacement."),
    _k("talent", "seat unit ability card hand cost ap", "{unit} uses the talent {ability}.",
       "A talent is announced and its action points paid (cost, and ap: the action points "
       "left; a power cost follows as power_pay); card: the skill card played from hand for "
       "it (revealed; it goes to the discard pile once resolved), hand: the hand size "
       "after."),
    _k("no_answer", "seat ask", "{seat} has no answer to give: the step cannot resolve.",
       "A question of an effect (ask: its kind) has no option left (FAQ — partial "
       "resolution: the effect stops there, as effect_stops says)."),
    _k("clash_prevented", "unit card source", "The clash effect of {card} ({unit}) does "
       "not resolve ({source}).", "A replacement stops a clash effect as it is about to "
       "resolve (hook clash_effect_resolves; source: the hero or card whose replacement "
       "it is)."),
    _k("effect_stops", "source step op", "{source}: the effect cannot resolve step {step} "
       "({op}) and stops.", "FAQ — partial resolution: a step has no legal target, so the "
       "rest of the card's effect is skipped (step counts from 1)."),
    _k("effect_copied", "seat card source", "{seat} copies the clash effect of {card} "
       "({source}).", "An effect (copy) resolves another skill card's clash effect as its "
       "own: card, the card copied; source, the copying card."),
    _k("ultimate_fizzles", "unit card", "{unit} is not levelled up: the Ultimate effect of "
       "{card} does not resolve.", "An Ultimate clash of a mortal hero who is not levelled "
       "up: only its combat values count."),
    # --- manifesting, reviving, ruin --------------------------------------------------
    _k("ruin", "seat lane conduit", "{seat}'s conduit in the {lane} lane is ruined: "
       "{conduit}.", "A conduit is ruined: flipped, its ruined face revealed; its owner "
       "resolves its ruin effect."),
    _k("manifest_due", "seat", "The third conduit of {seat} is ruined: their deity must "
       "manifest.", "The third conduit is ruined: the deity must manifest now."),
    _k("banish", "seat unit item", "{seat} banishes {unit} to the void.",
       "Manifestation: a hero goes to the void for good, with its item (item: its id or "
       "null); its damage and committed state go with it. seat: who banishes it (the "
       "manifesting seat, or the controller of the effect that banishes it)."),
    _k("manifest", "seat deity lane ap", "{deity} manifests in the {lane} lane.",
       "A deity enters play, revealed, ready and undamaged (the Manifest action: ap is the "
       "action points left; forced: null)."),
    _k("mass_resurrect", "seat lane", "{seat} uses Mass Resurrect, ruining the {lane} "
       "conduit.", "Revive step: Mass Resurrect (the revived heroes follow as revive)."),
    _k("revive", "seat unit lane how", "{unit} is revived in the {lane} lane ({how}).",
       "A KO'd hero returns to a lane, ready and undamaged (Buyback turns the token face "
       "down)."),
    # --- combat ------------------------------------------------------------------------
    _k("attack", "seat unit lane ap", "{unit} attacks in the {lane} lane.",
       "Step One: a hero declares an attack and is committed (ap: the action points left)."),
    _k("join", "seat unit", "{unit} joins the attack.",
       "Step One: a hero joins a team attack and is committed."),
    _k("target", "seat target lane", "The target: {target} in the {lane} lane.",
       "Step One: the attack's target, a unit id or \"conduit\"."),
    _k("no_target", "seat lane", "The attack in the {lane} lane has no target left: it "
       "ends.", "Step One: the attackers have no target to choose (an effect made them "
       "unable to attack, or took every target away) and no hero may join: the combat ends "
       "with no clash and no damage; the attackers stay committed (docs/rules/"
       "radiant-arena.md, \"A seat with nothing to do\")."),
    _k("snipe", "seat unit target lane", "{unit} attacks {target} in the {lane} lane from "
       "afar.", "An attack made by an effect (Maka's talent: a hero in another lane); the "
       "attacker is committed; lane: the defender's."),
    _k("block", "seat unit", "{unit} blocks and becomes the defender.",
       "A ready hero blocks, is committed and becomes the defender."),
    _k("no_block", "seat", "{seat} does not block.", "The defending seat declines to block."),
    _k("clash", "seat unit card hand", "{unit} clashes {card} face down.",
       "Step Two: a card is clashed face down; the card is private to its owner until "
       "revealed; hand: the hand size after.", redacted="{unit} clashes a card face down.",
       private={"card": "seat"}),
    _k("no_clash", "seat", "{seat} does not clash.", "Step Two: a seat declines to clash."),
    _k("reveal", "seat unit card attack armor", "Revealed: {unit} clashed {card} ({attack} "
       "attack, {armor} armor).", "Step Two: the clash cards are revealed together."),
    _k("extra_clash", "seat unit card attack armor hand", "{unit} clashes {card} face up "
       "({attack} attack, {armor} armor).", "An effect lets a hero clash again, face up."),
    _k("lifelink", "unit to", "Lifelink: damage to {unit} is shared with {to}.",
       "A redirection effect begins (Lifelink: half of the damage to this hero goes to "
       "another friendly hero this combat)."),
    _k("assign", "seat unit", "{seat} deals the defender's damage to {unit}.",
       "Step Three: the defending seat picks the attacker who takes the defender's damage."),
    _k("resolution", "attackers defender attack defence piercing stun",
       "Resolution: the attackers' combined attack is {attack}; the defender's is "
       "{defence}.", "Step Three: the totals (defender: a unit id or \"conduit\"; piercing: "
       "the Piercing part of the attack; stun: whether it is Stun damage)."),
    _k("order", "seat unit", "{seat} resolves the effect of {unit} first.",
       "Golden Rule 2: a seat orders its own simultaneous effects (the active seat's "
       "resolve first); unit: the unit, item, conduit or card whose effect comes next."),
    _k("combat_end", "lane", "The combat in the {lane} lane ends.",
       "Combat ends: combat bonuses end; the clash cards go to the discard piles (discard)."),
    # --- cards -------------------------------------------------------------------------
    _k("discard", "seat card why hand deck", "{card} goes to the discard pile of {seat} "
       "({why}).", "A card goes to its owner's discard pile: from hand (the hand limit, an "
       "effect), a clash card after combat, a talent's skill card once resolved, the top of "
       "the deck by an effect (Overkill); hand and deck: their sizes after."),
    _k("reveal_top", "seat card deck", "{seat} reveals {card} from the top of the deck "
       "({deck} in it).", "An effect reveals a card of the top of a deck to both players "
       "(Overkill: then discarded); deck: the deck's size."),
    _k("look", "seat owner zone cards count", "{seat} looks at {cards} ({zone} of {owner}).",
       "An effect lets a seat look at cards: the top of a deck or a hand (zone: deck, "
       "hand); the cards are private to that seat, remembered in its view (known).",
       redacted="{seat} looks at {count} card(s) ({zone} of {owner}).",
       private={"cards": "seat"}),
    _k("deck_ordered", "seat owner count where", "{seat} puts {count} card(s) back on "
       "the deck of {owner} ({where}) in an order of their choice.",
       "An effect (look_top) puts cards a seat looked at back on a deck, on top or at the "
       "bottom (where: deck_top, deck_bottom), in the order that seat chose; the order is "
       "known to that seat only (its view's known cards)."),
    _k("card_moved", "seat card origin destination hand deck", "{card} goes from {origin} "
       "to {destination} ({seat}).", "An effect moves a card of a seat between its deck, "
       "hand and the void (a move into the discard pile is a discard event); the card is "
       "private to its owner; hand and deck: their sizes after.",
       redacted="A card of {seat} goes from {origin} to {destination}.",
       private={"card": "seat"}),
    _k("buy", "seat item cost unit shop", "{seat} buys {item} ({cost} power) for {unit}.",
       "Shop step: an item is revealed, paid (see power_pay) and equipped; shop: the "
       "shop's size after."),
    _k("item_destroyed", "seat item unit", "{item} is destroyed.",
       "An equipped item is replaced: it goes to its owner's discard pile."),
    # --- the draft (Now Let's Play! — Drafting) ------------------------------------------
    _k("draft_pick", "seat hero count", "{seat} picks {hero} (pick {count}).",
       "Pick Heroes: a seat picks a hero of the drafting cards (count: its picks so far)."),
    _k("draft_ban", "seat hero", "{seat} bans {hero}.",
       "Pick Heroes: a seat bans a hero; no one may pick it."),
    _k("draft_deity", "seat deity", "{seat} chooses {deity} as deity.",
       "Pick Deities & Items: a seat secretly chooses its deity (private to that seat "
       "until the deity manifests).", redacted="{seat} chooses a deity.",
       private={"deity": "seat"}),
    _k("draft_item", "seat item count", "{seat} chooses {item} (item {count}).",
       "Pick Deities & Items: a seat secretly chooses an item (private to that seat until "
       "bought; count: its items so far).", redacted="{seat} chooses an item (item "
       "{count}).", private={"item": "seat"}),
    # --- the end -------------------------------------------------------------------------
    _k("game_end", "winner cause reason board", "{winner} wins: {reason}.",
       "The game is over (cause: deity_ko, deck_out, or the loser's concession: concede, "
       "time or abandon), with the board as it stood (none during the draft)."),
    CONCEDE,  # the core's kind: a player leaves, and the other wins
)

KIND_NAMES = frozenset(k.name for k in KINDS)


def make_book(names: Mapping[str, str],
              talents: Mapping[tuple[str, str], str] | None = None) -> EventBook:
    """The book of a catalogue: its card names put in the sentences (``talents``: the
    item talents, see :func:`phrases`)."""
    return EventBook(GAME, KINDS, make_words(names), partial(phrases, dict(talents or {})))


__all__ = ["KINDS", "KIND_NAMES", "make_book", "SEATS"]
