"""The card pool of radiant-arena (issue 12): its shape, and every name and fact the
rulebook gives, asserted by name.

Components: "18 Hero Cards, 180 Skill Cards (including 18 Ultimate Skill Cards), 10 Deity
Cards, 14 Conduit Cards, 24 Item Cards". The rulebook prints no card list; the facts it
does give are in its figures and FAQ, and each is checked here on the pool's cards (the
design notes: docs/rules/radiant-arena.md, "The card pool").
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

from tabletop import new_game
from tabletop.games.radiant_arena.data import POOL_DIR
from tabletop.games.radiant_arena.ids import DECK_RULES, SET_SHAPE, STARTER_DECKS
from tabletop.games.radiant_arena.spec import catalog
from tabletop.games.radiant_arena.views import RECONSTRUCTED

from .helpers import happened
from .test_pool_cards import (
    ARM,
    ATK,
    CENTER,
    A,
    B,
    Case,
    D,
    at,
    deck_file,
    pool_cards,
    position,
    run,
)

CAT = catalog()
HEROES = [u for u in CAT.units.values() if not u.is_deity]
DEITIES = [u for u in CAT.units.values() if u.is_deity]


# --- the shape of the pool -----------------------------------------------------------------


def test_the_box_holds_the_components_count() -> None:
    """Components: 18 heroes (six of each class), 180 skill cards of which 18 Ultimates, 10
    deities, 14 conduits, 24 items."""
    assert len(HEROES) == 18
    assert Counter(h.hero_class for h in HEROES) == {"tank": 6, "warrior": 6, "support": 6}
    assert sum(k.count for k in CAT.skills.values()) == 180
    assert sum(k.count for k in CAT.skills.values() if k.ultimate) == 18
    assert len(DEITIES) == 10 and all("divine" in d.sides[0].keywords for d in DEITIES)
    assert len(CAT.conduits) == 14
    assert len(CAT.items) == 24


def test_every_set_is_shaped_like_the_starter_sets() -> None:
    """Anatomy of a Deck: "Skill cards come in sets of ten that are associated with a
    specific hero"; the starter sets are three cards x3 and one Ultimate x1
    (``ids.SET_SHAPE``, the Ultimate last)."""
    *others, ultimate = SET_SHAPE
    for h in HEROES:
        cards = [k for k in CAT.skills.values() if k.hero == h.id]
        assert sorted(k.count for k in cards) == sorted(SET_SHAPE), h.id
        assert [k.count for k in cards if k.ultimate] == [ultimate], h.id
        assert sorted(k.count for k in cards if not k.ultimate) == sorted(others), h.id


def test_each_deity_has_three_conduits_in_its_own_combination() -> None:
    """Conduit Icon: "Each deity is associated with exactly three conduits"; Deity Icon:
    "Most conduits are associated with multiple deities in unique configurations"."""
    sets = [frozenset(d.conduits) for d in DEITIES]
    assert all(len(s) == 3 for s in sets)
    assert len(set(sets)) == 10  # every deity's three: a different combination
    uses = Counter(chain.from_iterable(sets))
    assert set(uses) == set(CAT.conduits)  # all 14 conduits belong to some deity
    assert sum(1 for n in uses.values() if n >= 2) >= 8  # most are shared


def test_every_card_is_data() -> None:
    """Issue 12: "Every card is data" (no script: the rules kernel's language only)."""
    scripts = [a for a, program in CAT.programs.items()
               if any(step.op == "script" for step in program.steps)]
    assert scripts == []


def test_the_pool_is_labelled_reconstructed_wherever_players_see_it() -> None:
    """Every pool file says it is reconstructed, and so does every view (``note``)."""
    for path in POOL_DIR.glob("*.toml"):
        assert "RECONSTRUCTED by tabletop" in path.read_text(), path.name
    state = new_game("radiant-arena", seed=2, draft=True)
    assert state.view(0)["note"] == RECONSTRUCTED and "reconstructed" in RECONSTRUCTED


# --- the starter decks, unchanged -----------------------------------------------------------


def test_the_starter_decks_are_the_rulebooks() -> None:
    """Starter Decks: both decklists, card by card (``ids.STARTER_DECKS``, each set
    shaped ``ids.SET_SHAPE``); the literal lists below are the rulebook's, to catch the
    data and the cards drifting together."""
    for name, listed in STARTER_DECKS.items():
        deck = CAT.decks[name]
        heroes = listed["heroes"]
        assert isinstance(heroes, dict)
        assert deck.heroes == tuple(heroes) and deck.items == listed["items"]
        conduits = listed["conduits"]
        assert isinstance(conduits, tuple)
        assert deck.deity == listed["deity"] and set(deck.conduits) == set(conduits)
        for hero, cards in heroes.items():
            assert Counter(CAT.skill_set(hero)) == dict(zip(cards, SET_SHAPE, strict=True))
    a, b = CAT.decks["a"], CAT.decks["b"]
    assert a.heroes == ("alyn", "mato", "iskandar") and a.deity == "final-judge"
    assert a.items == ("fury", "masterwork-boots", "vile-infusion")
    assert set(a.conduits) == {"gift-of-the-elements", "natures-bounty", "ancient-wisdom"}
    assert b.heroes == ("viggo", "eleanor", "bran") and b.deity == "oracle"
    assert b.items == ("wurmbane", "crusaders-guard", "sun-gods-gauntlet")
    assert set(b.conduits) == {"gift-of-the-elements", "natures-bounty", "smite"}
    sets = {h: Counter(CAT.skill_set(h)) for h in (*a.heroes, *b.heroes)}
    assert sets["alyn"] == {"implacable": 3, "red-harvest": 3, "test-of-arms": 3,
                            "massacre": 1}
    assert sets["viggo"] == {"sunder": 3, "domination": 3, "blood-drunk": 3, "overkill": 1}
    assert sets["bran"] == {"invigorate": 3, "savage-might": 3, "natures-wrath": 3,
                            "serenity": 1}


def test_the_deck_rules_are_data_quoting_the_rulebook() -> None:
    """Issue 30: the deck rules "as data with their rulebook citations": each rule of
    ``ids.DECK_RULES`` names a heading of the rulebook, and its words (parts separated by
    " ... " or "; ") are the rulebook's, verbatim; its value is what the loader checks
    (30 skill cards: three sets of ten)."""
    text = rulebook_text()
    flat = " ".join(text.replace("•", " ").split())  # a list's items as one sentence
    for key, rule in DECK_RULES.items():
        for part in rule.section.split(" — "):
            assert f"\n{part}\n" in text, (key, part)
        for words in rule.words.replace(" ... ", "; ").split("; "):
            words = words.split(" (and so")[0]
            if key == "set_shape":  # the decklist's lines: "3 x Implacable", ...
                assert all(f"• {w}" in text for w in words.split(", ")), key
            else:
                assert words in flat, (key, words)
    assert DECK_RULES["skills"].value == DECK_RULES["heroes"].value * DECK_RULES["set"].value
    assert sum(SET_SHAPE) == DECK_RULES["set"].value and SET_SHAPE[-1] == 1


def rulebook_text() -> str:
    """The rulebook's text; as the conformance suite does, a checkout without the shared
    rulebook folder skips saying so (tabletop.testing.locate.rulebook_required)."""
    import pytest

    from tabletop.core import get_spec
    from tabletop.testing.locate import rulebook_path, rulebook_required

    path = rulebook_path(get_spec("radiant-arena"))
    if path is None and not rulebook_required():
        pytest.skip("the shared rulebook folder is not beside this checkout")
    assert path is not None, "the rulebook radiant-offline-battle-arena.txt is missing"
    return path.read_text(encoding="utf-8")


# --- the rulebook's facts, by name ----------------------------------------------------------

FACTS = {
    # Fig. 1.1: Itotia with the Sun God's Gauntlet has attack 4
    "itotia-gauntlet": Case("itotia:0", "", {"itotia": at("center", item="sun-gods-gauntlet")},
                            {"viggo": "left"}, (), lambda s: ATK(s, "itotia") == 4),
    # FAQ, How does Lifelink work? (the pool's Itotia, Brighid and Grandfather)
    "lifelink": Case("lifelink", "", {"brighid": "center", "grandfather": "left"},
                     {"itotia": "center"},
                     ("attack itotia", "target brighid", "clash twin-strike", "clash lifelink",
                      "clash heavy-blow"),
                     lambda s: happened(s, "resolution", attack=9)
                     and happened(s, "damage", unit="grandfather", amount=4)
                     and happened(s, "damage", unit="brighid", amount=4), active=B,
                     hands=(["lifelink"], ["twin-strike", "heavy-blow"])),
    # Combat — Step One, the second figure: Bran committed and defending, 10,000 Drills
    "drills": Case("10000-drills", "", {"bran": at("center", committed=True),
                                        "grandfather": "left"}, {"viggo": "center"},
                   ("attack viggo", "target bran", "no-clash", "clash 10000-drills",
                    "choose armor"),
                   lambda s: happened(s, "resolution", defence=1) and D(s, "bran") == 0,
                   active=B, hands=(["10000-drills"], [])),
    # Combat — Step One, the first figure: Bran with the Spark of Divinity and Nature's Wrath
    "spark": Case("spark-of-divinity", "", {"bran": at("center", item="spark-of-divinity")},
                  {"iskandar": "center"},
                  ("attack bran", "target iskandar", "clash natures-wrath"),
                  lambda s: happened(s, "resolution", attack=7), hands=(["natures-wrath"], [])),
    # FAQ, partial resolution: Drain Life heals only after damaging an enemy hero there
    "drain-life": Case("drain-life", "", {"corvus": at("left", damage=3)}, {"viggo": "center"},
                       (), lambda s: "talent corvus:drain-life" not in
                       {a.to_text() for a in s.legal_actions()}, hands=(["drain-life"], [])),
    # FAQ, Are clash effects mandatory?: Overkill flips Octavian's Aegis (attack 0)
    "overkill": Case("overkill", "", {"viggo": at("center", levelled=True),
                                      "octavian": "left"}, {"gorran": "center"},
                     ("attack viggo", "target gorran", "clash overkill"),
                     lambda s: happened(s, "reveal_top", card="octavians-aegis")
                     and "octavians-aegis" in s.discards[A] and D(s, "gorran") == 4 + 3 - 1,
                     hands=(["overkill"], []), tops=(["octavians-aegis"], [])),
    # FAQ, When Maka attacks me from another lane, who gets to block?
    "maka": Case("maka:0", "", {"maka": "left", "iskandar": "right"},
                 {"viggo": "right", "bran": "right", "eleanor": "left"},
                 ("talent maka:snipe", "target viggo"),
                 lambda s: {a.to_text() for a in s.legal_actions()} == {"block bran",
                                                                         "no-block"}),
    # FAQ, Do I gain any power when I KO the Wrathlord?: the conduit's 1, not the KO's 2
    "wrathlord": Case("wrathlord", "", {"wrathlord": at("center", damage=14)},
                      {"viggo": "center"}, ("attack viggo", "target wrathlord", "lane left"),
                      lambda s: s.ruined[A][0] and s.zone[s.names["wrathlord"]] == CENTER
                      and s.power[B] == 1 and not happened(s, "ko"), active=B),
    # FAQ, Are clash effects mandatory?: the only way to avoid discarding to Domination is
    # an empty hand
    "domination": Case("domination", "", {"viggo": "center"}, {"itotia": "center"},
                       ("attack viggo", "target itotia", "clash domination", "discard mirage"),
                       lambda s: s.hands[B] == [] and s.discards[B] == ["mirage"],
                       hands=(["domination"], ["mirage"])),
}
FACT_FILES = deck_file(list(FACTS.values()))


def fact(name: str):  # type: ignore[no-untyped-def]
    """The position after a fact's scenario."""
    return run(FACTS[name], FACT_FILES)


def test_itotia_has_attack_3_and_4_with_the_sun_gods_gauntlet() -> None:
    """Fig. 1.1: "Itotia has equipped the Sun God's Gauntlet. Her Attack stat is now 4,
    because the item adds +1 to her Attack"."""
    assert CAT.units["itotia"].sides[0].attack == 3
    assert CAT.items["sun-gods-gauntlet"].attack == 1
    assert FACTS["itotia-gauntlet"].check(fact("itotia-gauntlet"))


def test_lifelink_faq_with_itotia_brighid_and_grandfather() -> None:
    """FAQ, How does Lifelink work?: "Itotia is attacking Brighid. She has clashed two 3
    Attack cards and will deal 9 damage. Brighid has clashed Lifelink and shunts half of the
    damage (rounded up – so 5 points of damage) off to Grandfather. Grandfather's armor
    reduces his share of the damage by 1 and he takes 4 points of damage. Brighid has no
    armor and takes 4 points of damage." """
    assert CAT.units["brighid"].sides[0].armor == 0 and CAT.skills["lifelink"].armor == 0
    assert CAT.units["grandfather"].sides[0].armor == 1
    assert CAT.skills["twin-strike"].attack == CAT.skills["heavy-blow"].attack == 3
    assert CAT.skills["lifelink"].hero == "brighid"
    assert FACTS["lifelink"].check(fact("lifelink"))


def test_grandfathers_10000_drills() -> None:
    """Combat — Step One: Bran "clashes with 10,000 Drills, which adds +1 to his attack and
    armor. The clash effect gives him +2 to either stat; he chooses defense. His total
    stats are: 1 attack, 3 armor." 10,000 Drills is in Grandfather's set."""
    k = CAT.skills["10000-drills"]
    assert (k.hero, k.attack, k.armor, k.name) == ("grandfather", 1, 1, "10,000 Drills")
    s = fact("drills")
    assert FACTS["drills"].check(s)
    assert ARM(s, "bran") == 0  # the bonuses ended with the combat


def test_the_spark_of_divinity_gives_3_attack() -> None:
    """Combat — Step One: "Bran's total attack is 7 (2, +3 for the Spark of Divinity, and
    then +2 for clashing with Nature's Wrath)"."""
    assert CAT.items["spark-of-divinity"].attack == 3
    assert FACTS["spark"].check(fact("spark"))


def test_corvus_drain_life_fails_without_an_enemy_hero() -> None:
    """FAQ, partial resolution: "if you wanted to use the Corvus skill card Drain Life to
    heal 2 damage, you could not do so unless there was an enemy hero at that location to
    target with the damage effect." (Its case in test_pool_cards.py: damage, then heal 2.)"""
    k = CAT.skills["drain-life"]
    assert k.hero == "corvus" and k.talent is not None
    assert [st.op for st in k.talent.effects.steps] == ["damage", "heal"]
    assert k.talent.effects.steps[1].f["amount"] == 2
    assert FACTS["drain-life"].check(fact("drain-life"))


def test_overkill_flipping_octavians_aegis_adds_nothing() -> None:
    """FAQ: "if your Overkill flips Octavian's Aegis from the top of your deck, you're
    straight outta luck my friend": the Aegis is Octavian's, with attack 0."""
    k = CAT.skills["octavians-aegis"]
    assert (k.hero, k.attack) == ("octavian", 0)
    assert FACTS["overkill"].check(fact("overkill"))


def test_maka_attacks_heroes_in_other_lanes() -> None:
    """FAQ: "Only heroes who are in the same lane as the defending hero can block Maka's
    attacks when she's sniping you from another lane. A hero who is in Maka's lane cannot
    block her attacks when she is shooting someone elsewhere." """
    s = position(FACTS["maka"], FACT_FILES)
    s.apply("talent maka:snipe")
    s.apply("target viggo")  # Bran (right) may block, Eleanor (left, Maka's lane) not
    assert FACTS["maka"].check(s)


def test_the_wrathlord_negates_a_ko_by_ruining_a_conduit() -> None:
    """FAQ, Do I gain any power when I KO the Wrathlord?: "The Wrathlord's ability negates
    KOs when used, so you do not gain the 2 power ... because his conduit is ruined during
    the action phase, you do gain 1 power"."""
    assert FACTS["wrathlord"].check(fact("wrathlord"))


def test_domination_makes_the_opponent_discard() -> None:
    """FAQ: "the only way to avoid discarding cards to Viggo's Domination card is by having
    an empty hand"."""
    assert FACTS["domination"].check(fact("domination"))


def test_the_design_notes_name_every_pool_card() -> None:
    """Issue 12: the design notes (docs/rules/radiant-arena.md, "The card pool") cover the
    whole pool: every card's printed name is in them, with its generated text in the
    tables."""
    from pathlib import Path

    from tabletop.games.radiant_arena.text import texts

    doc = (Path(__file__).parents[3] / "docs" / "rules" / "radiant-arena.md").read_text()
    section = doc.split("## The card pool (issue 12)", 1)[1].split("\n## The draft", 1)[0]
    generated = texts(CAT)
    for u in CAT.units.values():
        assert u.name in section, u.name
    pool = set(pool_cards())
    for table in (CAT.skills, CAT.items, CAT.conduits):
        for c in table.values():
            assert c.name in doc, c.name
            if c.id in pool and generated[c.id]:
                assert generated[c.id] in section, c.id
