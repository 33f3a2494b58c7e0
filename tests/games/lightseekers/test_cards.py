"""One scenario per card of the pool, quoting its text (docs/rules/lightseekers.md: the
card pool is reconstructed): each card's printed text is what its data generates, and
playing it on the table of :mod:`.cardkit` changes exactly what the text says, step by
step (the changes are written here from the text, not computed from the data)."""

from __future__ import annotations

import pytest

from tabletop.games.lightseekers.data import catalog

from .cardkit import Case, ability, case, hit, jab, observe, play, round_, run_step, setup

T = "Deal {} damage to your target."
CASES: dict[str, Case] = {
    # ===== Astral: Solar (Solara), Lunar, Gravity, Shadow (Nyx) ==========================
    "sunbeam": case(T.format(3), play(t=-3)),
    "solar-flare": case("Deal 2 damage to each other hero.", play(t=-2, e=-2)),
    "dawn-shield": case("Your hero gains 2 health, then your hero gets +1 armor until the "
                        "start of your next turn.", play(me=2, armor=1)),
    "radiance": case("Your hero has +X power. Rotates at the start of your turn (corners x, "
                     "1, 2, 3).", play(), round_(power=1), round_(power=1), round_(power=1),
                     round_(power=-3)),
    "sun-altar": case("At the start of your turn, deal 1 damage to your target.", play(),
                      round_(t=-1), round_(t=-1)),
    "sunstone": case("Your hero has +1 power.", play(power=1)),
    "moonlit-strike": case("Deal 2 damage to your target, then your hero gains 2 health.",
                           play(t=-2, me=2)),
    "eclipse": case("Deal 2 damage to your target, then your target discards a card at "
                    "random.", play(t=-2, t_discards=1)),
    "moon-veil": case("Your hero gains 4 health.", play(me=4)),
    "tidal-moon": case("Buff phase: your hero gains X health. Rotates at the start of your "
                       "turn (corners x, 2, 2, empty).", play(), round_(me=2), round_(me=2),
                       round_()),
    "lunar-ward": case("If your hero would take damage, reduce it by X. Rotates when its "
                       "effect triggers (corners 2, 2, 1, empty).", play(), hit(me=-1),
                       hit(me=-1), hit(me=-2), hit(me=-3)),
    "moon-pendant": case("Ability (Lunar): your hero gains 2 health.", play(), ability(me=2)),
    "crush": case("Deal 3 damage to your target, then put the top card of your target's "
                  "deck into the discard pile.", play(t=-3, t_milled=1)),
    "singularity": case("Deal 1 damage to your target, then discard your target's newest "
                        "buff.", play(t=-1, t_buffs=1)),
    "event-horizon": case("Your hero gets +3 armor until the start of your next turn.",
                          play(armor=3)),
    "gravity-well": case("Your hero has +1 armor.", play(armor=1), hit(me=-2)),
    "orbit": case("When your hero is attacked, deal X damage to your enemy. Rotates when its "
                  "effect triggers (corners 3, 2, 1, empty).", play(), hit(me=-3, e=-3),
                  hit(me=-3, e=-2), hit(me=-3, e=-1), hit(me=-3)),
    "graviton-gauntlet": case("Ability (Gravity): deal 2 damage to your target, then put "
                              "the top card of your target's deck into the discard pile.",
                              play(), ability(t=-2, t_milled=1)),
    # ===== Dread: Poison (Vesper), Death (Morgrim: +1 health when he attacks), Shadow ====
    "venom-dart": case("Deal 3 damage to your target.", play(t=-3)),
    "toxic-cloud": case("Deal 1 damage that ignores armor to each other hero.",
                        play(t=-1, e=-1)),
    "antidote": case("Your hero gains 3 health.", play(me=3)),
    "plague": case("Buff phase: deal X damage that ignores armor to your target. Rotates at "
                   "the start of your turn (corners x, 1, 2, 3).", play(), round_(t=-1),
                   round_(t=-2), round_(t=-3), round_()),
    "miasma": case("Buff phase: deal 1 damage that ignores armor to each other hero.",
                   play(), round_(t=-1, e=-1)),
    "poison-vial": case("Ability (Poison): deal 1 damage that ignores armor to your target.",
                        play(), ability(t=-1)),
    "soul-drain": case("Deal 2 damage to your target, then your hero gains 2 health.",
                       play(t=-2, me=3)),
    "reap": case("Deal 3 damage to your target. If there is a wounded enemy hero that is "
                 "your target, deal 2 damage to your target.", play(t=-5, me=1),
                 health=[20, 12, 20]),
    "last-rites": case("Your hero gains 2 health, then draw a card.", play(me=2, drawn=1)),
    "death-knell": case("Buff phase: deal X damage to your target, then your hero gains X "
                        "health. Rotates at the start of your turn (corners x, 1, 1, 1).",
                        play(), round_(t=-1, me=1), round_(t=-1, me=1),
                        round_(t=-1, me=1), round_()),
    "grave-pact": case("After your hero takes damage, deal 1 damage to your enemy.", play(),
                       hit(me=-3, e=-1)),
    "bone-charm": case("Ability (Death), lose 2 health: draw 2 cards.", play(),
                       ability(me=-2, drawn=2)),
    "shadow-strike": case("Deal 2 damage to your target, then your target discards a card at "
                          "random.", play(t=-2, t_discards=1)),
    "nightmare": case("Your target discards 2 cards at random.", play(t_discards=2)),
    "fade": case("Your hero gets +2 armor until the start of your next turn, then draw a "
                 "card.", play(armor=2, drawn=1)),
    "shadow-veil": case("If your hero would take damage, reduce it by X. Rotates when its "
                        "effect triggers (corners 2, 2, empty, empty).", play(), hit(me=-1),
                        hit(me=-1), hit(me=-3)),
    "creeping-dark": case("Buff phase: your target discards X cards at random. Rotates at "
                          "the start of your turn (corners x, 1, x, 1).", play(),
                          round_(t_discards=1), round_(), round_(t_discards=1), round_()),
    "shadow-cloak": case("When your hero is attacked, your enemy discards a card at random.",
                         play(), hit(me=-3, e_discards=1)),
    # ===== Mountain: Fire, Earth, Crystal (Ember) ========================================
    "fireball": case(T.format(3), play(t=-3)),
    "inferno": case("Deal 5 damage to your target, then deal 2 damage to your hero.",
                    play(t=-5, me=-2)),
    "fire-ward": case("Your hero gains 2 health, then your hero gets +1 power until the "
                      "start of your next turn.", play(me=2, power=1)),
    "ember-glow": case("Buff phase: deal X damage to your target. Rotates at the start of "
                       "your turn (corners x, 2, 2, empty).", play(), round_(t=-2),
                       round_(t=-2), round_()),
    "furnace": case("Your hero has +1 power.", play(power=1), jab(t=-3)),
    "lava-gauntlet": case("Your hero has +1 power.", play(power=1)),
    "rockslide": case("Deal 2 damage to your target, then put the top card of your target's "
                      "deck into the discard pile.", play(t=-2, t_milled=1)),
    "boulder": case(T.format(4), play(t=-4)),
    "stone-skin": case("Your hero gets +2 armor until the start of your next turn.",
                       play(armor=2)),
    "bedrock": case("Your hero has +X armor. Rotates at the start of your turn (corners x, "
                    "2, 2, 1).", play(), round_(armor=2), round_(), round_(armor=-1),
                    round_(armor=-1)),
    "tremor": case("When your hero attacks, put the top X cards of your target's deck into "
                   "the discard pile. Rotates when its effect triggers (corners 2, 1, 1, "
                   "empty).", play(), jab(t=-2, t_milled=2), jab(t=-2, t_milled=1),
                   jab(t=-2, t_milled=1)),
    "quake-hammer": case("Ability (Earth): deal 2 damage to your target.", play(),
                         ability(t=-2)),
    "crystal-shard": case("Deal 2 damage that ignores armor to your target.", play(t=-2),
                          items=[[], ["moon-pendant", "sky-cloak"], []]),
    "prism-beam": case("Deal 2 damage to your target, then discard your target's newest "
                       "item.", play(t=-2, t_items=1)),
    "refract": case("Your hero gains 2 health, then your hero gets +1 armor until the start "
                    "of your next turn.", play(me=2, armor=1)),
    "crystal-ward": case("Your hero has +X armor. Rotates at the start of your turn (corners "
                         "x, 1, 2, 2).", play(), round_(armor=1), round_(armor=1), round_(),
                         round_(armor=-2)),
    "ruby-aegis": case("If your hero would take damage, reduce it by X. Rotates when its "
                       "effect triggers (corners 3, 2, 1, empty).", play(), hit(),
                       hit(me=-1), hit(me=-2), hit(me=-3)),
    "geode-amulet": case("If your hero would take damage, reduce it by 1.", play(),
                         hit(me=-2)),
    # ===== Nature: Animal, Forest, Soul (Fenra: 1 more damage each time she attacks) =====
    "claw": case(T.format(3), play(t=-4)),
    "pounce": case("Deal 2 damage to your target, then your hero gets +1 power until the end "
                   "of the turn.", play(t=-4, power=1), jab(t=-5, power=-1)),
    "thick-hide": case("Your hero gets +2 armor until the start of your next turn.",
                       play(armor=2)),
    "pack-howl": case("Your hero has +X power. Rotates at the start of your turn (corners "
                      "x, 1, 2, 2).", play(), round_(power=1), round_(power=1), round_(),
                      round_(power=-2)),
    "stampede": case("When your hero attacks, deal X damage to each other hero. Rotates when "
                     "its effect triggers (corners 1, 1, 1, empty).", play(),
                     jab(t=-4, e=-1), jab(t=-4, e=-1), jab(t=-4, e=-1)),
    "beast-collar": case("When your hero attacks, your hero gains 1 health.", play(),
                         jab(t=-3, me=1)),
    "thorn-lash": case("Deal 2 damage to your target, then your hero gains 1 health.",
                       play(t=-3, me=1)),
    "entangle": case("Deal 1 damage to your target, then discard your target's newest item.",
                     play(t=-2, t_items=1)),
    "regrowth": case("Your hero gains 4 health.", play(me=4)),
    "thornwall": case("When your hero is attacked, deal 1 damage to your enemy.", play(),
                      hit(me=-3, e=-1)),
    "bramble-shield": case("If your hero would take damage, reduce it by X. Rotates when its "
                           "effect triggers (corners 2, 2, 1, empty).", play(), hit(me=-1),
                           hit(me=-1), hit(me=-2), hit(me=-3)),
    "oaken-staff": case("Ability (Forest): your hero gains 3 health.", play(),
                        ability(me=3)),
    "spirit-bolt": case("Deal 2 damage to your target, then draw a card.",
                        play(t=-3, drawn=1)),
    "soul-rend": case("Deal 3 damage to your target, then your target discards a card at "
                      "random.", play(t=-4, t_discards=1)),
    "meditation": case("Draw 2 cards.", play(drawn=2)),
    "soul-well": case("Buff phase: draw X cards. Rotates at the start of your turn (corners "
                      "x, 1, 1, 1).", play(), round_(drawn=1), round_(drawn=1),
                      round_(drawn=1), round_()),
    "spirit-link": case("After your hero takes damage, draw a card.", play(),
                        hit(me=-3, drawn=1)),
    "soul-lantern": case("Ability (Soul): shuffle the top 2 cards of your discard pile into "
                         "your deck, then draw a card.", play(), ability(recycled=2, drawn=1),
                         discard=[["jab", "claw", "claw"], [], []]),
    # ===== Storm: Lightning, Water, Air (Tempest) ========================================
    "lightning-bolt": case(T.format(3), play(t=-3)),
    "chain-lightning": case("Deal 2 damage to your target, then deal 1 damage to each other "
                            "hero.", play(t=-3, e=-1)),
    "thunder-guard": case("Your hero gets +1 armor until the start of your next turn, then "
                          "your hero gets +1 power until the start of your next turn.",
                          play(armor=1, power=1)),
    "static-charge": case("Your hero has +X power. Rotates at the start of your turn "
                          "(corners x, 1, 2, 3).", play(), round_(power=1), round_(power=1),
                          round_(power=1), round_(power=-3)),
    "capacitor": case("Ability (Lightning): deal X damage to your target. Rotates when its "
                      "effect triggers (corners 2, 2, 2, empty).", play(), ability(t=-2),
                      round_(), ability(t=-2), ability(t=-2)),
    "storm-bracer": case("When your hero is attacked, deal 1 damage to your enemy.", play(),
                         hit(me=-3, e=-1)),
    "tidal-wave": case("Deal 2 damage to each other hero.", play(t=-2, e=-2)),
    "riptide": case("Deal 2 damage to your target, then put the top 2 cards of your target's "
                    "deck into the discard pile.", play(t=-2, t_milled=2)),
    "rain-shield": case("Your hero gains 2 health, then draw a card.", play(me=2, drawn=1)),
    "rain-totem": case("Buff phase: your hero gains 1 health.", play(), round_(me=1),
                       round_(me=1)),
    "undertow": case("Buff phase: put the top X cards of your target's deck into the discard "
                     "pile. Rotates at the start of your turn (corners x, 1, 1, 1).", play(),
                     round_(t_milled=1), round_(t_milled=1), round_(t_milled=1), round_()),
    "tide-amulet": case("At the start of your turn, your hero gains 1 health.", play(),
                        round_(me=1)),
    "gust": case("Deal 1 damage to your target, then your target discards a card at random.",
                 play(t=-1, t_discards=1)),
    "cyclone": case(T.format(3), play(t=-3)),
    "updraft": case("Your hero gets +2 armor until the start of your next turn, then draw a "
                    "card.", play(armor=2, drawn=1)),
    "zephyr": case("Your hero has +X armor. Rotates at the start of your turn (corners x, 1, "
                   "2, empty).", play(), round_(armor=1), round_(armor=1), round_(armor=-2)),
    "whirlwind": case("When your hero attacks, deal X damage to your target. Rotates when its "
                      "effect triggers (corners 2, 2, 1, empty).", play(), jab(t=-4),
                      jab(t=-4), jab(t=-3)),
    "sky-cloak": case("Your hero has +1 armor.", play(armor=1)),
    # ===== Tech: Mechanical, Time, Explosives (Cogsworth) ================================
    "piston-punch": case(T.format(3), play(t=-3)),
    "saw-blade": case("Deal 2 damage to your target, then discard your target's newest item.",
                      play(t=-2, t_items=1)),
    "reinforce": case("Your hero gets +2 armor until the start of your next turn, then your "
                      "hero gains 1 health.", play(armor=2, me=1)),
    "turret": case("Buff phase: deal 1 damage to your target.", play(), round_(t=-1)),
    "gear-shield": case("Your hero has +1 armor.", play(armor=1)),
    "mech-arm": case("Your hero has +1 power. Ability (Mechanical): deal 1 damage to your "
                     "target.", play(power=1), ability(t=-2)),
    "time-bolt": case("Deal 2 damage to your target, then draw a card.", play(t=-2, drawn=1)),
    "chronoshift": case("Your target discards a card at random, then draw a card.",
                        play(t_discards=1, drawn=1)),
    "rewind": case("Shuffle the top 3 cards of your discard pile into your deck, then your "
                   "hero gains 2 health.", play(recycled=3, me=2),
                   discard=[["jab", "jab", "claw", "claw"], [], []]),
    "hourglass": case("Buff phase: your hero gains X health, then draw X cards. Rotates at "
                      "the start of your turn (corners x, 1, 1, 1).", play(),
                      round_(me=1, drawn=1), round_(me=1, drawn=1), round_(me=1, drawn=1),
                      round_()),
    "stasis": case("If your hero would take damage, reduce it by X. Rotates when its effect "
                   "triggers (corners 3, 2, 1, empty).", play(), hit(), hit(me=-1),
                   hit(me=-2), hit(me=-3)),
    "pocket-watch": case("Ability (Time): draw a card.", play(), ability(drawn=1)),
    "bomb": case("Deal 4 damage to your target, then deal 1 damage to your hero.",
                 play(t=-4, me=-1)),
    "grenade": case("Deal 2 damage to each other hero.", play(t=-2, e=-2)),
    "blast-shield": case("Your hero gets +3 armor until the start of your next turn.",
                         play(armor=3)),
    "fuse": case("Buff phase: deal X damage to your target. Rotates at the start of your "
                 "turn (corners x, x, x, 6).", play(), round_(), round_(), round_(t=-6),
                 round_()),
    "mine": case("When your hero is attacked, deal X damage to your enemy. Rotates when its "
                 "effect triggers (corners 4, empty, empty, empty).", play(),
                 hit(me=-3, e=-4), hit(me=-3)),
    "detonator": case("Ability (Explosives), lose 1 health: deal 3 damage to your target.",
                      play(), ability(me=-1, t=-3)),
    # ===== Unaligned (Ember) ================================================================
    "quick-strike": case("Deal 1 damage to your target, then draw a card.",
                         play(t=-1, drawn=1)),
    "jab": case(T.format(2), play(t=-2)),
    "heavy-blow": case(T.format(3), play(t=-3)),
    "sabotage": case("Discard your target's newest buff.", play(t_buffs=1)),
    "disarm": case("Discard your target's newest item.", play(t_items=1)),
    "second-wind": case("Your hero gains 3 health.", play(me=3)),
    "bandage": case("Your hero gains 2 health.", play(me=2)),
    "focus": case("Draw a card, then your hero gets +1 power until the end of the turn.",
                  play(drawn=1, power=1)),
    "scavenge": case("Shuffle the top 2 cards of your discard pile into your deck, then draw "
                     "a card.", play(recycled=2, drawn=1),
                     discard=[["jab", "fireball"], [], []]),
    "iron-skin": case("Your hero gets +2 armor until the start of your next turn.",
                      play(armor=2)),
    "adrenaline": case("Draw 2 cards, then your hero gets -1 armor until the start of your "
                       "next turn.", play(drawn=2, armor=-1),
                       items=[["sky-cloak"], ["moon-pendant"], []]),
    "battle-cry": case("Your hero has +X power. Rotates at the start of your turn (corners "
                       "x, 1, 1, empty).", play(), round_(power=1), round_(),
                       round_(power=-1)),
    "guard-stance": case("If your hero would take damage, reduce it by X. Rotates when its "
                         "effect triggers (corners 1, 1, 1, empty).", play(), hit(me=-2),
                         hit(me=-2), hit(me=-2)),
    "war-banner": case("Your hero has +1 power.", play(power=1)),
    # ===== Combos (each played by its Order's hero; the payment is the first payable card)
    "supernova": case(T.format(7), play(t=-7)),
    "lunar-eclipse": case("Deal 4 damage to your target, then your target discards 2 cards "
                          "at random.", play(t=-4, t_discards=2)),
    "black-hole": case("Deal 3 damage to your target, then discard your target's newest "
                       "buff, then discard your target's newest item.",
                       play(t=-3, t_buffs=1, t_items=1)),
    "celestial-aegis": case("Your hero gains 6 health, then your hero gets +2 armor until the "
                            "start of your next turn.", play(me=6, armor=2)),
    "starfall": case("Deal 4 damage to each other hero.", play(t=-4, e=-4)),
    "zodiac": case("Buff phase: deal X damage to your target, then your hero gains X health. "
                   "Rotates at the start of your turn (corners x, 2, 2, 2).", play(),
                   round_(t=-2, me=2), round_(t=-2, me=2), round_(t=-2, me=2), round_()),
    "pestilence": case("Deal 3 damage that ignores armor to each other hero.",
                       play(t=-3, e=-3, me=1)),
    "death-grip": case("Deal 4 damage to your target, then your hero gains 3 health.",
                       play(t=-4, me=4)),
    "soul-harvest": case("Deal 5 damage to your target. If there is a wounded enemy hero "
                         "that is your target, deal 3 damage to your target.",
                         play(t=-8, me=1), health=[20, 12, 20]),
    "veil-of-night": case("Your hero gets +3 armor until the start of your next turn, then "
                          "draw 2 cards.", play(armor=3, drawn=2)),
    "dread-lord": case("Your hero has +2 power.", play(power=2)),
    "necrotic-plague": case("Buff phase: deal X damage that ignores armor to your target. "
                            "Rotates at the start of your turn (corners x, 2, 2, 2).",
                            play(), round_(t=-2), round_(t=-2), round_(t=-2), round_()),
    "eruption": case(T.format(7), play(t=-7)),
    "meteor": case("Deal 4 damage to your target, then discard your target's newest buff.",
                   play(t=-4, t_buffs=1)),
    "crystal-fortress": case("Your hero gains 4 health, then your hero gets +2 armor until "
                             "the start of your next turn.", play(me=4, armor=2)),
    "volcano-heart": case("Your hero has +2 power.", play(power=2)),
    "avalanche": case("Deal 3 damage to your target, then put the top 3 cards of your "
                      "target's deck into the discard pile.", play(t=-3, t_milled=3)),
    "diamond-storm": case("Deal 5 damage that ignores armor to your target.", play(t=-5)),
    "wild-hunt": case("Deal 6 damage to your target, then your hero gains 1 health.",
                      play(t=-7, me=1)),
    "overgrowth": case("Your hero gains 7 health.", play(me=7)),
    "spirit-call": case("Draw 3 cards, then your hero gains 2 health.", play(drawn=3, me=2)),
    "primal-roar": case("Your hero has +X power. Rotates at the start of your turn (corners "
                        "x, 2, 2, 2).", play(), round_(power=2), round_(), round_(),
                        round_(power=-2)),
    "natures-wrath": case("Deal 4 damage to your target, then discard your target's newest "
                          "buff.", play(t=-5, t_buffs=1)),
    "world-tree": case("Buff phase: your hero gains 2 health. Your hero has +1 armor.",
                       play(armor=1), round_(me=2)),
    "thunderstorm": case("Deal 4 damage to each other hero.", play(t=-4, e=-4)),
    "hurricane": case("Deal 4 damage to your target, then discard your target's newest item.",
                      play(t=-4, t_items=1)),
    "monsoon": case("Your hero gains 6 health.", play(me=6)),
    "eye-of-the-storm": case("Your hero has +X armor. Rotates at the start of your turn "
                             "(corners x, 2, 2, 2).", play(), round_(armor=2), round_(),
                             round_(), round_(armor=-2)),
    "ball-lightning": case(T.format(5), play(t=-5)),
    "tsunami": case("Deal 4 damage to your target, then put the top 3 cards of your target's "
                    "deck into the discard pile.", play(t=-4, t_milled=3)),
    "demolition": case("Deal 8 damage to your target, then deal 2 damage to your hero.",
                       play(t=-8, me=-2)),
    "overclock": case("Your hero has +1 power. Your hero has +1 armor.",
                      play(power=1, armor=1)),
    "time-loop": case("Shuffle the top 4 cards of your discard pile into your deck, then draw "
                      "2 cards.", play(recycled=4, drawn=2),
                      discard=[["jab", "jab", "claw", "claw", "claw"], [], []]),
    "mech-suit": case("Your hero gets +4 armor until the start of your next turn, then your "
                      "hero gains 3 health.", play(armor=4, me=3)),
    "cluster-bomb": case("Deal 3 damage to each other hero.", play(t=-3, e=-3)),
    "chrono-blast": case("Deal 4 damage to your target, then your target discards a card at "
                         "random.", play(t=-4, t_discards=1)),
}

HEROES: dict[str, Case] = {
    "solara": case("Sunblessed: While your hero is wounded, your hero has +2 power.",
                   jab(t=-4), health=[10, 20, 20]),
    "nyx": case("Moonwell: Ability (Lunar): your hero gains 2 health.", ability(me=2)),
    "morgrim": case("Reaper: When your hero attacks, your hero gains 1 health.",
                    jab(t=-2, me=1)),
    "vesper": case("Venomous: Ability (Poison): deal 1 damage that ignores armor to your "
                   "target.", ability(t=-1)),
    "ember": case("Kindle: Ability (Fire): deal 1 damage to your target.", ability(t=-1)),
    "gorm": case("Stoneborn: Your hero has +1 armor.", hit(me=-2)),
    "fenra": case("Pack Hunter: When your hero attacks, deal 1 damage to your target.",
                  jab(t=-3)),
    "sylva": case("Verdant: At the start of your turn, your hero gains 1 health.",
                  round_(me=1)),
    "tempest": case("Stormcaller: Ability (Lightning): deal 1 damage to each other hero.",
                    ability(t=-1, e=-1)),
    "aeris": case("Tailwind: After your hero takes damage, draw a card.",
                  hit(me=-3, drawn=1)),
    "cogsworth": case("Tinker: Ability (Time): draw a card.", ability(drawn=1)),
    "blastra": case("Demolitionist: Your hero has +1 power.", jab(t=-3)),
}


def test_every_card_and_hero_has_its_case() -> None:
    """The card pool (docs/rules/lightseekers.md): every action card, combo and hero has a
    case below, and there is no case of a card the pool does not have."""
    cat = catalog()
    assert set(CASES) == {c.id for c in cat.cards}
    assert set(HEROES) == {h.id for h in cat.heroes}


def _check(card_id: str, c: Case) -> None:
    s = setup(card_id, c)
    for i, (step, expect) in enumerate(c.steps):
        before = observe(s)
        run_step(s, card_id, step)
        after_ = observe(s)
        change = {k: after_[k] - before[k] for k in before if after_[k] != before[k]}
        assert change == expect, f"{card_id}, step {i + 1} ({step}): {change} != {expect}"


@pytest.mark.parametrize("card_id", sorted(CASES))
def test_card(card_id: str) -> None:
    """The card's text, quoted, is its generated text; its steps do what the text says."""
    c = CASES[card_id]
    assert catalog().card(card_id).text == c.text
    _check(card_id, c)


@pytest.mark.parametrize("hero_id", sorted(HEROES))
def test_hero(hero_id: str) -> None:
    """The hero's trait, quoted, is its generated text; it does what the text says."""
    c = HEROES[hero_id]
    assert catalog().hero(hero_id).text == c.text
    _check(hero_id, c)


def test_the_rules_docs_list_every_card_with_its_text() -> None:
    """docs/rules/lightseekers.md, "The card pool", lists every hero and card with the text
    its data generates (kept in step with the data), labelled reconstructed."""
    from tabletop.core import get_spec
    from tabletop.testing.locate import docs_path

    path = docs_path(get_spec("lightseekers"))
    assert path is not None
    text = path.read_text()
    assert "reconstructed" in text
    cat = catalog()
    for x in (*cat.cards, *cat.heroes):
        assert f"(`{x.id}`)" in text, x.id
        assert x.text in text, x.id
    from .pool_doc import pool_markdown

    assert pool_markdown() in text  # word for word (python -m tests.games.lightseekers.pool_doc)
