"""The pilot set (src/tabletop/games/radiant_arena/data/pilot.toml): one scenario test per
card, each docstring quoting the card's text as the file prints it.

The pilot is written purely as data in the rules kernel's language (issue 11): its cards
use triggers (Seren, Korr), delayed triggers (Deluge, Wildfire), static abilities (Seren
levelled, Salt Wind, Tideglass Charm), replacements (Korr levelled, Bulwark of Reeds,
Pearl of Returning), conditions (Ember Strike, Ebb), remembered targets (Ebb, Flare),
choose-one (Riptide, the Tide Mother), an X cost (the Tide Mother's talent), looking at
cards (Tidal Insight, Drowned Shrine) and lost power (Tidewrack). All reconstructed by
tabletop.
"""

from __future__ import annotations

import random
import tomllib
from typing import Any

import pytest

from tabletop.games.radiant_arena.data import PILOT
from tabletop.games.radiant_arena.rules import HOME, MAIN, ArenaState
from tabletop.games.radiant_arena.spec import catalog

from .cardkit import (
    CENTER,
    LEFT,
    A,
    B,
    at,
    committed,
    dmg,
    end_turn,
    found,
    happened,
    legal,
    play,
    quotes,
    u,
    zone,
)
from .helpers import scenario, with_banished

CAT = catalog(str(PILOT))


def conduits_of(deck: str) -> list[dict[str, Any]]:
    return [{"id": c, "damage": 0, "ruined": False} for c in CAT.decks[deck].conduits]


def pilot(units: dict[str, str | dict[str, Any]], *, deck_a: str = "pilot",
          deck_b: str = "b", hands: tuple[list[str], list[str]] = ([], []),
          draw_piles: tuple[list[str], list[str]] | None = None, active: int = A,
          ap: int = 3, power: tuple[int, int] = (0, 0),
          conduit_damage: tuple[dict[int, int], dict[int, int]] = ({}, {}),
          **extra: Any) -> ArenaState:
    """A scenario with the pilot cards (deck ``pilot`` against starter deck B unless
    said), conduits in the decks' order, hands and deck tops as given."""
    rows = [conduits_of(deck_a), conduits_of(deck_b)]
    for seat in (A, B):
        for lane, n in conduit_damage[seat].items():
            rows[seat][lane]["damage"] = n
    data: dict[str, Any] = {
        "game": "radiant-arena", "turn": 5 + active, "active": active, "phase": "action",
        "action_points": ap, "power": list(power), "hands": [list(h) for h in hands],
        "params": {"deck_a": deck_a, "deck_b": deck_b, "cards": str(PILOT)},
        "units": {k: (at(v) if isinstance(v, str) else v) for k, v in units.items()},
        "conduits": rows, **extra}
    if draw_piles is not None:
        data["deck_tops"] = [list(draw_piles[0]), list(draw_piles[1])]
    s = scenario(with_banished(data), "pilot")
    return s


def text(card: str, side: int = 0) -> str:
    """A pilot card's printed text."""
    for table in (CAT.skills, CAT.items, CAT.conduits):
        if card in table:
            return str(table[card].text)  # type: ignore[attr-defined]
    return CAT.units[card].sides[side].text


# --- heroes ----------------------------------------------------------------------------------


def test_seren_basic() -> None:
    """Seren, The Tidecaller (support, 1 / 1 / 7, Evoker): "When another friendly hero at
    this location is KO'd, draw a card. (Evoker: after your turn begins, if you control an
    Evoker, gain 1 Power.)"

    Viggo KOs Korr beside Seren: A draws its top card. A hero KO'd in another lane, or Seren
    herself, draws nothing (a trigger: docs/rules/radiant-arena.md, "Triggers")."""
    s = pilot({"seren": "center", "korr": at("center", damage=7), "mato": at("left", damage=9),
               "viggo": "center", "eleanor": "left"}, active=B,
              draw_piles=(["ebb"], []))
    play(s, "attack viggo", "target korr", "no-block", "no-clash", "no-clash")
    assert zone(s, "korr") == HOME and s.hands[A] == ["ebb"]
    assert happened(s, "draw", seat=A, card="ebb")
    other = pilot({"seren": "center", "mato": at("left", damage=9), "eleanor": "left"},
                  active=B)
    play(other, "attack eleanor", "target mato", "no-clash", "no-clash")
    assert zone(other, "mato") == HOME and other.hands[A] == []
    alone = pilot({"seren": at("center", damage=6), "viggo": "center"}, active=B)
    play(alone, "attack viggo", "target seren", "no-clash", "no-clash")
    assert zone(alone, "seren") == HOME and alone.hands[A] == []


def test_seren_levelled() -> None:
    """Seren, Mother of Tides (levelled, 2 / 1 / 8): "When another friendly hero at this
    location is KO'd, draw a card. Each other friendly hero at this location has +1
    armor. (Evoker: ...)"

    A static ability (docs/cards.md, the modifier store): Korr beside her has 0 + 1 armor,
    Mato in another lane his own 1, Seren herself her own 1; Mato moving in gets +1, Korr
    moving away loses it. The views show the armor the rules use."""
    assert quotes(test_seren_levelled.__doc__, text("seren", 1).split(" (Evoker")[0])
    s = pilot({"seren": at("center", levelled=True), "korr": "center", "mato": "left",
               "viggo": "right"})
    armor = {n: s.armor_of(u(s, n)) for n in ("seren", "korr", "mato")}
    assert armor == {"seren": 1, "korr": 1, "mato": 1}
    play(s, "move mato center", "move korr left")
    assert (s.armor_of(u(s, "mato")), s.armor_of(u(s, "korr"))) == (2, 0)
    assert s.view(B)["units"][u(s, "mato")]["armor"] == 2


def test_korr_basic() -> None:
    """Korr, The Ember Duelist (warrior, 3 / 0 / 8): "After this hero deals combat damage,
    this hero gets +1 attack until the start of your next turn."

    Korr hits Viggo: 4 attack from then on, through B's turn, and 3 again when A's next
    turn begins (a duration of the modifier store: next_turn)."""
    s = pilot({"korr": "center", "viggo": "center"})
    play(s, "attack korr", "target viggo", "no-clash", "no-clash")
    assert dmg(s, "viggo") == 3 and s.attack_of(u(s, "korr")) == 4
    assert happened(s, "boost", unit="korr", attack_bonus=1, until="next_turn")
    end_turn(s)
    assert s.active == B and s.attack_of(u(s, "korr")) == 4
    end_turn(s)
    assert s.active == A and s.attack_of(u(s, "korr")) == 3


def test_korr_levelled() -> None:
    """Korr, The Undying Flame (levelled, 4 / 1 / 9): "After this hero deals combat damage,
    this hero gets +1 attack until the start of your next turn. If this hero would take
    damage and this hero is blocking, reduce it by 1."

    A replacement effect: blocking Viggo's attack on Seren, Korr takes 3 - 1 (reduced) - 1
    (armor) = 1; attacked himself (not blocking) he takes 3 - 1 = 2."""
    s = pilot({"korr": at("center", levelled=True), "seren": "center", "viggo": "center"},
              active=B)
    play(s, "attack viggo", "target seren", "block korr", "no-clash", "no-clash")
    assert dmg(s, "korr") == 1 and dmg(s, "seren") == 0
    direct = pilot({"korr": at("center", levelled=True), "viggo": "center"}, active=B)
    play(direct, "attack viggo", "target korr", "no-clash", "no-clash")
    assert dmg(direct, "korr") == 2


# --- Seren's set -------------------------------------------------------------------------------


def test_ebb() -> None:
    """Ebb (Seren, 1 / 1): "Talent (1 AP): Choose a damaged friendly hero at any location,
    then heal 2 damage from that hero, then that hero gets +1 armor until the start of your
    next turn."

    A remembered target: the hero chosen is healed and armored (Korr, 3 → 1 damage, 1
    armor until A's next turn). With two damaged heroes the player chooses; with none the
    talent cannot be announced (its first step has no target)."""
    s = pilot({"seren": "center", "korr": at("left", damage=3), "mato": "right",
               "viggo": "left"}, hands=(["ebb", "ebb"], []))
    play(s, "talent seren:ebb")
    assert dmg(s, "korr") == 1 and s.armor_of(u(s, "korr")) == 1
    end_turn(s)
    assert s.armor_of(u(s, "korr")) == 1
    end_turn(s)
    assert s.armor_of(u(s, "korr")) == 0
    two = pilot({"seren": at("center", damage=1), "korr": at("left", damage=3)},
                hands=(["ebb"], []))
    play(two, "talent seren:ebb")
    assert legal(two) == ["target seren", "target korr"]
    none = pilot({"seren": "center", "korr": "left"}, hands=(["ebb"], []))
    assert "talent seren:ebb" not in legal(none)


def test_riptide() -> None:
    """Riptide (Seren, 1 / 1): "Clash: Choose one: this hero gets +2 armor until the end of
    the combat; or commit an opposing hero."

    Choose one: Seren attacks Viggo and clashes Riptide; A chooses. Committing Viggo, the
    defender, drops his attack to 0 (Step Three): Seren takes nothing. With +2 armor she
    has 1 + 1 + 2 = 4 armor against his 3."""
    for choice in ("commit", "armor"):
        s = pilot({"seren": "center", "viggo": "center"}, hands=(["riptide"], []))
        play(s, "attack seren", "target viggo", "clash riptide", "no-clash")
        assert s.to_act == A and legal(s) == ["choose armor", "choose commit"]
        play(s, f"choose {choice}")
        assert dmg(s, "seren") == 0 and dmg(s, "viggo") == 1 + 1
        assert committed(s, "viggo") == (choice == "commit")


def test_tidal_insight() -> None:
    """Tidal Insight (Seren, 0 / 2): "Talent (1 AP, Cooldown): Look at the top 2 cards of
    your skill deck, then draw a card. (You remember the second one.)"

    A looks at its top two cards (the look event shows them to A only), draws the first
    and knows the second is on top: its view says so, and a resample for A keeps it there
    (what a player looked at is kept: Hidden information)."""
    s = pilot({"seren": "center", "viggo": "right"}, hands=(["tidal-insight"], []),
              draw_piles=(["riptide", "ebb"], []))
    play(s, "talent seren:tidal-insight")
    assert s.hands[A] == ["ebb"]
    (look,) = found(s, "look", seat=A)
    assert look["cards"] == ["ebb", "riptide"] and look["zone"] == "deck"
    assert "cards" not in found(s, "look", seat=B)[0]
    top = len(s.decks[A]) - 1
    assert s.view(A)["players"][A]["known"] == [
        {"owner": A, "zone": "deck", "position": top, "card": "riptide"}]
    assert s.view(B)["players"][B]["known"] == []
    for k in range(5):
        assert s.resample(A, random.Random(k)).decks[A][-1] == "riptide"
    assert "talent seren:tidal-insight" not in legal(s)  # Cooldown


def test_deluge() -> None:
    """Deluge (Seren, 2 / 2, Ultimate): "Ultimate Talent (2 AP): Deal 1 damage to each enemy
    hero at this location, then at the start of your next turn, deal 1 damage to each enemy
    hero at this location."

    A delayed trigger, kept as data: Viggo takes 1 now and 1 more when A's next turn begins
    (Eleanor's 2 armor stops both; Bran in another lane is untouched). A basic Seren cannot
    use it (Ultimate)."""
    s = pilot({"seren": at("center", levelled=True), "viggo": "center", "eleanor": "center",
               "bran": "left"}, hands=(["deluge"], []))
    play(s, "talent seren:deluge")
    assert (dmg(s, "viggo"), dmg(s, "eleanor"), dmg(s, "bran")) == (1, 0, 0)
    assert len(s.delayed) == 1 and s.to_data()["delayed"][0]["word"] == "seren"
    end_turn(s)
    assert dmg(s, "viggo") == 1
    end_turn(s)
    assert dmg(s, "viggo") == 2 and not s.delayed
    basic = pilot({"seren": "center", "viggo": "center"}, hands=(["deluge"], []))
    assert "talent seren:deluge" not in legal(basic)


# --- Korr's set ---------------------------------------------------------------------------------


def test_ember_strike() -> None:
    """Ember Strike (Korr, 3 / 0): "Clash: If this hero is attacking, this hero's combat
    damage is Piercing this combat; otherwise, this hero gets +2 armor until the end of
    the combat."

    A condition with an else: attacking Eleanor (1 armor), Korr's 3 + 3 is Piercing: 6 (she
    heals 1 of it, having dealt combat damage). Defending against her, he has 0 + 2 armor:
    her 2 deals nothing, and his 3 + 3 is not Piercing: 6 - 1."""
    s = pilot({"korr": "center", "eleanor": "center"}, hands=(["ember-strike"], []))
    play(s, "attack korr", "target eleanor", "clash ember-strike", "no-clash")
    assert dmg(s, "eleanor") == 6 - 1
    d = pilot({"korr": "center", "eleanor": "center"}, active=B,
              hands=(["ember-strike"], []))
    play(d, "attack eleanor", "target korr", "no-clash", "clash ember-strike")
    assert dmg(d, "korr") == 0 and dmg(d, "eleanor") == 6 - 1


def test_flare() -> None:
    """Flare (Korr, 2 / 0): "Talent (1 AP): Deal 1 damage to an enemy hero at this
    location, then deal 1 damage to an enemy hero at this location other than the first.
    (With one enemy hero there, the second step does not resolve.)"

    The first target is remembered and excluded: A chooses Viggo, then Bran (the only
    other) takes the second. Alone, Viggo takes 1 and the effect stops (FAQ: partial
    resolution)."""
    s = pilot({"korr": "center", "viggo": "center", "bran": "center"}, hands=(["flare"], []))
    play(s, "talent korr:flare")
    assert legal(s) == ["target viggo", "target bran"]
    play(s, "target viggo")
    assert (dmg(s, "viggo"), dmg(s, "bran")) == (1, 1)
    alone = pilot({"korr": "center", "viggo": "center"}, hands=(["flare"], []))
    play(alone, "talent korr:flare")
    assert dmg(alone, "viggo") == 1
    assert found(alone, "effect_stops") == [{"source": "flare", "step": 2, "op": "damage"}]


def test_rising_heat() -> None:
    """Rising Heat (Korr, 2 / 1): "Clash: This hero gets +X attack until the end of the
    combat, where X is the number of damaged enemy heroes at this location."

    A value counting a selector: Viggo and Bran are damaged, Eleanor (Taunt, the target) is
    not: X = 2, so Korr has 3 + 2 + 2 = 7 against her 1 armor."""
    s = pilot({"korr": "center", "viggo": at("center", damage=1),
               "bran": at("center", damage=2), "eleanor": "center"},
              hands=(["rising-heat"], []))
    play(s, "attack korr", "target eleanor", "no-block", "clash rising-heat", "no-clash")
    assert happened(s, "boost", unit="korr", attack_bonus=2, until="combat")
    assert dmg(s, "eleanor") == 7 - 1 - 1  # she heals 1: she dealt combat damage


def test_wildfire() -> None:
    """Wildfire (Korr, 4 / 0, Ultimate): "Ultimate Clash: This hero gets +2 attack until the
    end of the combat, then at the end of the combat, recover this hero."

    A levelled Korr attacks with 4 + 4 + 2 = 10 and is ready again when the combat ends (a
    delayed trigger on the end of the combat). A basic Korr gets only the card's 4 attack
    (against a levelled Viggo's 1 armor) and stays committed."""
    s = pilot({"korr": at("center", levelled=True), "viggo": "center"},
              hands=(["wildfire"], []))
    play(s, "attack korr", "target viggo", "clash wildfire", "no-clash")
    assert zone(s, "viggo") == HOME and not committed(s, "korr") and s.phase == MAIN
    basic = pilot({"korr": "center", "viggo": at("center", levelled=True)},
                  hands=(["wildfire"], []))
    play(basic, "attack korr", "target viggo", "clash wildfire", "no-clash")
    assert dmg(basic, "viggo") == 3 + 4 - 1 and committed(basic, "korr")


# --- the deity and its conduits ----------------------------------------------------------------


def test_tide_mother() -> None:
    """The Tide Mother (deity, 4 / 2 / 14, Divine): "Manifestation: Choose one: draw 2
    cards; or recover each friendly hero at this location. Talent (1 AP, X Power, Cooldown):
    Deal X damage to an enemy hero at this location."

    Manifested in the center, A chooses: recovering committed Korr there. Her talent has an
    X cost: with 3 power A may choose X from 1 to 3; X = 2 deals 2 to Viggo (4 attack,
    armor 0) and leaves 1 power. With no committed hero to recover, drawing is the only
    option: not asked."""
    s = pilot({"korr": at("center", committed=True), "seren": "left", "viggo": "center"},
              power=(3, 0))
    play(s, "manifest tide-mother center banish mato")
    assert legal(s) == ["choose draw", "choose recover"]
    play(s, "choose recover")
    assert not committed(s, "korr") and s.hands[A] == []
    play(s, "talent tide-mother:surge")
    assert legal(s) == ["choose 1", "choose 2", "choose 3"]
    play(s, "choose 2")
    assert dmg(s, "viggo") == 2 and s.power[A] == 1
    assert happened(s, "power_pay", seat=A, amount=2, reason="talent")
    assert "talent tide-mother:surge" not in legal(s)
    draw = pilot({"korr": "center", "viggo": "center"}, draw_piles=(["ebb", "flare"], []))
    play(draw, "manifest tide-mother left banish mato")
    assert sorted(draw.hands[A]) == ["ebb", "flare"]


def ruin_a_conduit(lane: int, units: dict[str, Any], power: tuple[int, int] = (0, 0)
                   ) -> ArenaState:
    """B's Viggo ruins A's conduit in ``lane`` (6 damage; his 3 attack)."""
    s = pilot(units, active=B, power=power, conduit_damage=({lane: 6}, {}))
    play(s, "attack viggo", "target conduit")
    assert s.ruined[A][lane]
    return s


def test_drowned_shrine() -> None:
    """Drowned Shrine (conduit of the Tide Mother): "Ruin: Look at the top 2 cards of your
    skill deck."

    Ruined by B, its owner A looks at its top two cards, which B's events do not show; A's
    view remembers them."""
    s = ruin_a_conduit(LEFT, {"viggo": "left", "seren": "right"})
    (look,) = found(s, "look", seat=A)
    assert look["count"] == 2 and look["cards"] == s.decks[A][-1:-3:-1]
    assert "cards" not in found(s, "look", seat=B)[0]
    assert [k["card"] for k in s.view(A)["players"][A]["known"]] == look["cards"]


def test_tidewrack() -> None:
    """Tidewrack (conduit of the Tide Mother): "Ruin: Your opponent loses 2 Power."

    Ruined by B in B's action phase: B gains 1 power for it (Key Concepts — Power), then
    loses 2 (3 → 4 → 2)."""
    s = ruin_a_conduit(CENTER, {"viggo": "center", "seren": "right"}, power=(0, 3))
    assert s.power == [0, 2]
    assert happened(s, "power_loss", seat=B, amount=2, total=2, source="tidewrack")


def test_salt_wind() -> None:
    """Salt Wind (conduit of the Tide Mother): "Ruin: Deal 2 damage to each enemy hero at
    this location. Each enemy hero at this location has -1 armor. (While this conduit is
    ruined.)"

    A ruined conduit's static ability: once ruined, enemy heroes in its lane have 1 less
    armor (Eleanor 1 → 0), so its ruin effect deals her 2 and Viggo 2; Eleanor moving away
    has her 1 armor back."""
    s = ruin_a_conduit(2, {"viggo": "right", "eleanor": "right", "seren": "left"})
    assert (dmg(s, "viggo"), dmg(s, "eleanor")) == (2 + 2, 2)  # Viggo: conduit attack too
    assert s.armor_of(u(s, "eleanor")) == 0
    play(s, "move eleanor center")
    assert s.armor_of(u(s, "eleanor")) == 1


# --- items --------------------------------------------------------------------------------------


def test_tideglass_charm() -> None:
    """Tideglass Charm (cost 3, +1 health): "This hero has Regen 1. (After your turn
    begins, heal 1 damage from this hero.)"

    A static ability of an item granting a keyword with a value: Korr (3 damage) heals 1
    when A's turn begins; the views show Regen 1."""
    s = pilot({"korr": at("center", damage=3, item="tideglass-charm"), "viggo": "left"},
              active=B)
    assert s.view(B)["units"][u(s, "korr")]["regen"] == 1
    end_turn(s)
    assert dmg(s, "korr") == 2 and happened(s, "heal", unit="korr", cause="regen")


def test_undertow_chain() -> None:
    """Undertow Chain (cost 4, +1 attack, Weapon): "Talent (1 AP, Cooldown): Move an enemy
    hero at an adjacent location to this location."

    From the center Korr pulls Viggo or Bran (A chooses) into the center; from an outer lane
    only the center is adjacent."""
    s = pilot({"korr": at("center", item="undertow-chain"), "viggo": "left", "bran": "right"})
    play(s, "talent korr:undertow")
    assert legal(s) == ["target viggo", "target bran"]
    play(s, "target bran")
    assert zone(s, "bran") == CENTER and s.attack_of(u(s, "korr")) == 4
    assert happened(s, "move", unit="bran", start="right", lane="center", cause="effect")
    side = pilot({"korr": at("left", item="undertow-chain"), "viggo": "center",
                  "bran": "right"})
    play(side, "talent korr:undertow")
    assert zone(side, "viggo") == LEFT


def test_bulwark_of_reeds() -> None:
    """Bulwark of Reeds (cost 4, +1 armor, Armor; deck pilot-b): "If another friendly hero at
    this location would take damage and this hero is ready, reduce it by 1."

    Korr, ready with the Bulwark, shields Alyn beside him: Viggo's 3 becomes 2, less her 1
    armor: 1. Committed, Korr shields no one (3 - 1 = 2); he is not shielded himself."""
    for ready in (True, False):
        s = pilot({"korr": at("center", item="bulwark-of-reeds", committed=not ready),
                   "alyn": "center", "viggo": "center"}, deck_a="pilot-b", active=B)
        play(s, "attack viggo", "target alyn", *(["no-block"] if ready else []), "no-clash",
             "no-clash")
        assert dmg(s, "alyn") == (1 if ready else 2) - 1  # she heals 1: she dealt damage
    own = pilot({"korr": at("center", item="bulwark-of-reeds"), "viggo": "center"},
                deck_a="pilot-b", active=B)
    play(own, "attack viggo", "target korr", "no-clash", "no-clash")
    assert dmg(own, "korr") == 3 - 1


def test_pearl_of_returning() -> None:
    """Pearl of Returning (cost 5, +1 health): "If this hero would be KO'd, instead heal X
    damage from this hero, where X is the damage on this hero, then destroy the item of
    this hero. (The Pearl is spent; the hero stays in play.)"

    A KO replaced: Korr (7 damage, health 8 + 1) takes Viggo's 3, would be KO'd, and instead
    is healed of all of it and loses the Pearl; B gains no power for a KO."""
    s = pilot({"korr": at("center", damage=7, item="pearl-of-returning"),
               "viggo": "center"}, active=B)
    play(s, "attack viggo", "target korr", "no-clash", "no-clash")
    assert zone(s, "korr") == CENTER and dmg(s, "korr") == 0
    assert s.item[u(s, "korr")] == "" and "pearl-of-returning" in s.discards[A]
    assert happened(s, "ko_prevented", unit="korr", lane="center")
    assert not happened(s, "ko", unit="korr") and s.power[B] == 0


# --- the index ------------------------------------------------------------------------------------


def pilot_cards() -> list[tuple[str, str]]:
    """(test name, printed text) for every card the pilot file declares, read from the
    file itself (so a card added to it without a test fails below): each hero side is
    ``test_<hero>_basic`` / ``test_<hero>_levelled``, a deity ``test_<deity>``, every other
    card ``test_<id>``."""
    raw = tomllib.loads(PILOT.read_text(encoding="utf-8"))
    out = []
    for hero in raw.get("hero", []):
        for side, name in enumerate(("basic", "levelled")):
            out.append((f"test_{snake(hero['id'])}_{name}", CAT.units[hero["id"]].sides[side].text))
    for deity in raw.get("deity", []):
        out.append((f"test_{snake(deity['id'])}", CAT.units[deity["id"]].sides[0].text))
    for key in ("skill", "conduit", "item"):
        for card in raw.get(key, []):
            out.append((f"test_{snake(card['id'])}", text(card["id"])))
    return out


def snake(card: str) -> str:
    """A card id as part of a test name."""
    return card.replace("-", "_")


CARDS = pilot_cards()


def test_the_pilot_set_is_complete() -> None:
    """Issue 11, the pilot: two heroes with their full sets of ten (twenty skill cards),
    one deity with its three conduits and four items, written purely as data."""
    sets = [CAT.skill_set(h) for h in ("seren", "korr")]
    assert [len(x) for x in sets] == [10, 10]
    assert [sum(CAT.skills[k].ultimate for k in set(x)) for x in sets] == [1, 1]
    assert CAT.units["tide-mother"].conduits == ("drowned-shrine", "tidewrack", "salt-wind")
    assert len(CARDS) == 4 + 8 + 4 + 3 + 1
    assert not any(s.op == "script" for p in CAT.programs.values() for s in p.steps)


@pytest.mark.parametrize(("test_name", "printed"), CARDS, ids=[n[5:] for n, _ in CARDS])
def test_every_pilot_card_has_a_test_quoting_its_text(test_name: str, printed: str) -> None:
    fn = globals().get(test_name)
    assert fn is not None, f"no {test_name}"
    main = printed.split(" (Evoker")[0]
    assert printed and quotes(fn.__doc__, main), f"{test_name} does not quote {printed!r}"
