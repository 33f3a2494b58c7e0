"""Writing a balance report (:class:`.balance.Report`): ``report.md``, ``report.html``
beside it (the same tables, the plots inline), ``report.json`` (the numbers) and the SVG
plots (:mod:`.plots`), into one folder; the same files for every game.

The page is built once as a list of :class:`Section` (paragraphs, tables, plots), then
rendered as Markdown and as HTML, so the two always say the same.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from tabletop.core import get_spec

from .balance import BAND_MIN, DELTA_INTERVAL, INTERVAL, Entity, Rate, Report, flag, lengths
from .plots import Row, forest, histogram


@dataclass(slots=True)
class Table:
    """A table: its header and its rows of cells (text)."""

    head: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)


@dataclass(slots=True)
class Section:
    """One part of the page: a title, then paragraphs, tables and plots (file names)."""

    title: str
    parts: list[str | Table] = field(default_factory=list)
    plots: list[str] = field(default_factory=list)


def pct(x: float | None) -> str:
    """A rate as a percentage, one decimal ("—" for none)."""
    return "—" if x is None or x != x else f"{100 * x:.1f}%"


def _interval(r: tuple[float, float]) -> str:
    return f"{pct(r[0])}–{pct(r[1])}"


def _signed(x: float) -> str:
    return f"{100 * x:+.1f}"


def _rate_cells(r: Rate) -> tuple[str, str]:
    return (pct(r.rate) if r.n else "—", _interval(r.interval) if r.n else "—")


def _delta_cells(e: Entity) -> tuple[str, str]:
    d = e.delta()
    if d is None:
        return ("—", "—")
    return (f"{_signed(d[0])} pts", f"{_signed(d[1][0])} to {_signed(d[1][1])}")


def entity_table(report: Report, kind: str, keys: Sequence[str] | None = None) -> Table:
    """The table of one kind (or of ``keys`` of it): games in, share of the seats (a seat
    of a game) that had it, win rate, interval, flag; for a played kind, the split by
    played / held only and the delta."""
    k = report.spec.kind(kind)
    head = ["name", "id", "games", "of seats", "win rate", "95% interval", "flag"]
    if k.played:
        head += ["played in", "won when played", "held, not played", "won when not",
                 "delta", "delta 95% interval"]
    table = Table(tuple(head))
    for key, name, e in report.rows(kind):
        if keys is not None and key not in keys:
            continue
        seats = report.games * report.players  # a seat of a game: one deck, one hand
        share = e.held.n / seats if seats else math.nan
        cells = [name, f"`{key}`", str(e.held.n), pct(share), *_rate_cells(e.held),
                 flag(e.held, report.fair, k.band)]
        if k.played:
            cells += [str(e.played.n), pct(e.played.rate) if e.played.n else "—",
                      str(e.idle.n), pct(e.idle.rate) if e.idle.n else "—", *_delta_cells(e)]
        table.rows.append(tuple(cells))
    return table


def sections(report: Report, run: Mapping[str, Any], plots: Mapping[str, list[str]]
             ) -> list[Section]:
    """The page as sections (``run``: how the games were played; ``plots``: section
    key -> the plot files written)."""
    spec = get_spec(report.game)
    fair = report.fair
    out: list[Section] = []
    agents = ", ".join(run.get("agents", ()))
    seeds = f"seeds {run.get('seed', 0)} to {run.get('seed', 0) + report.games - 1}"
    params = ", ".join(f"{k}={v}" for k, v in sorted(run.get("params", {}).items())) or "none"
    intro = Section("", [
        f"{report.games} games of {report.players} players, agents {agents} (turned round "
        f"the seats from one game to the next), {seeds}, parameters: {params}.",
        f"A win rate is the share of the games a seat had the thing in that this seat won "
        f"(a shared win is split between its winners), with its {INTERVAL} (Wilson 1927); "
        f"**of seats**: the share of the seats (one seat of one game) that had it. "
        f"**strong** / **weak**: the interval lies wholly above / below a fair share "
        f"({pct(fair)}). For the kinds a seat plays, **delta** is the win rate in the games "
        f"it played the card minus the rate in the games it held the card and did not "
        f"play it, in percentage points, with its {DELTA_INTERVAL} (Newcombe 1998, method "
        f"10); a card held in no game without being played has no delta."])
    if run.get("seconds") is not None:
        intro.parts.append(f"Played in {run['seconds']:.0f} s with {run.get('workers', 1)} "
                           f"worker(s) on the {run.get('backend', 'local')} backend.")
    out.append(intro)
    if report.focus:
        focus = Section("Focus")
        for kind in dict.fromkeys(k for k, _ in report.focus):
            focus.parts.append(f"**{report.spec.kind(kind).title}**")
            focus.parts.append(entity_table(report, kind,
                                            [i for k, i in report.focus if k == kind]))
        out.append(focus)
    lo, hi = report.first.interval
    seats = Section("Seats", [
        f"The first seat to move (the rulebook's first player) won {pct(report.first.rate)} "
        f"({_interval((lo, hi))}); its advantage over a fair share is "
        f"{_signed(report.first.rate - fair) if report.games else '—'} points "
        f"({_signed(lo - fair)} to {_signed(hi - fair)})."])
    t = Table(("seat", "games", "wins", "win rate", "95% interval", "flag"))
    for s, r in enumerate(report.seats):
        t.rows.append((spec.seat_label(s), str(r.n), f"{r.wins:g}", *_rate_cells(r),
                       flag(r, fair)))
    t.rows.append(("first to move", str(report.first.n), f"{report.first.wins:g}",
                   *_rate_cells(report.first), flag(report.first, fair)))
    seats.parts.append(t)
    if report.agents:
        a = Table(("agent", "seats played", "win rate", "95% interval"))
        for name, r in sorted(report.agents.items()):
            a.rows.append((name, str(r.n), *_rate_cells(r)))
        seats.parts.append(a)
    seats.plots = list(plots.get("seats", ()))
    out.append(seats)
    length = Section("Game length")
    lt = Table(("measure", "mean", "10%", "median", "90%", "max"))
    for name, counts in (("turns", report.turns), ("decisions", report.decisions)):
        if counts:
            q = lengths(counts)
            lt.rows.append((name, f"{q['mean']:.1f}", *(str(q[k]) for k in
                                                         ("p10", "median", "p90", "max"))))
    length.parts.append(lt)
    length.parts.append("Ended by: " + "; ".join(f"{why} ({n})" for why, n in
                                                  report.reasons.most_common()) + ".")
    length.plots = list(plots.get("lengths", ()))
    out.append(length)
    for k in report.spec.kinds:
        seen = any(e.held.n for e in report.entities.get(k.key, {}).values())
        sec = Section(k.title, [entity_table(report, k.key) if seen else
                                f"No seat had one in these games (parameters: {params})."])
        if k.band is not None:
            sec.parts.insert(0, f"The design aims every one of the {k.title.lower()} "
                                f"within {pct(k.band[0])}–{pct(k.band[1])} (marked from "
                                f"{BAND_MIN} games).")
        pairs = report.pairs.get(k.key, {})
        if pairs:
            names = report.names.get(k.key, {})
            sec.parts.append("Matchups: each pair that met, the first one's win rate "
                             "against the second (a mirror is not counted).")
            m = Table(("first", "second", "games", "first's wins", "win rate",
                       "95% interval", "flag"))
            for (one, other), r in sorted(pairs.items()):
                m.rows.append((names.get(one, one), names.get(other, other), str(r.n),
                               f"{r.wins:g}", *_rate_cells(r), flag(r, 0.5)))
            sec.parts.append(m)
        sec.plots = list(plots.get(k.key, ()))
        out.append(sec)
    return out


def plot(report: Report, folder: Path) -> dict[str, list[str]]:
    """Write the SVG plots into ``folder``: win rates with intervals per kind, deltas per
    played kind, the seats, the game lengths. Returns section key -> file names."""
    out: dict[str, list[str]] = {}
    fair = report.fair

    def write(section: str, name: str, text: str) -> None:
        (folder / name).write_text(text)
        out.setdefault(section, []).append(name)

    for kind in report.spec.kinds:
        seen = [(key, name, e) for key, name, e in report.rows(kind.key) if e.held.n]
        if not seen:
            continue
        rows = [Row(f"{name} ({e.held.n})", e.held.rate, *e.held.interval,
                    bool(flag(e.held, fair, kind.band))) for _, name, e in seen]
        write(kind.key, f"{kind.key}-win-rates.svg", forest(
            rows, f"{kind.title}: win rate, {report.games} games",
            f"win rate of the seats that had it ({INTERVAL})", ref=fair, band=kind.band))
        if kind.played:
            deltas = [(name, e, e.delta()) for _, name, e in seen]
            drows = [Row(f"{name} ({e.played.n}/{e.idle.n})", d[0], *d[1], d[1][0] > 0 or
                         d[1][1] < 0) for name, e, d in deltas if d is not None]
            drows.sort(key=lambda r: -r.value)
            if drows:
                write(kind.key, f"{kind.key}-played-delta.svg", forest(
                    drows, f"{kind.title}: played and won, {report.games} games",
                    "win rate when played minus when held only (points; 95% Newcombe)",
                    lo=-1.0, hi=1.0, ref=0.0))
        pairs = report.pairs.get(kind.key, {})
        if pairs:
            names = report.names.get(kind.key, {})
            prow = [Row(f"{names.get(a, a)} v {names.get(b, b)} ({r.n})", r.rate, *r.interval,
                        bool(flag(r, 0.5))) for (a, b), r in sorted(pairs.items())]
            write(kind.key, f"{kind.key}-matchups.svg", forest(
                prow, f"{kind.title}: matchups, {report.games} games",
                f"the first one's win rate against the second ({INTERVAL})"))
    spec = get_spec(report.game)
    seat_rows = [Row(spec.seat_label(s), r.rate, *r.interval, bool(flag(r, fair)))
                 for s, r in enumerate(report.seats) if r.n]
    if report.first.n:
        seat_rows.append(Row("first to move", report.first.rate, *report.first.interval,
                             bool(flag(report.first, fair))))
    if seat_rows:
        write("seats", "seats.svg", forest(seat_rows, f"Seats: win rate, {report.games} "
                                           "games", f"win rate ({INTERVAL})", ref=fair))
    for name, counts in (("turns", report.turns), ("decisions", report.decisions)):
        if counts:
            write("lengths", f"{name}.svg", histogram(
                counts, f"Game length: {name}, {report.games} games", name))
    return out


def markdown(report: Report, run: Mapping[str, Any], plots: Mapping[str, list[str]],
             title: str) -> str:
    """The report as Markdown (its plots linked as files beside it)."""
    lines = [f"# {title}", ""]
    if run.get("command"):
        lines += [f"`{run['command']}`", ""]
    for sec in sections(report, run, plots):
        if sec.title:
            lines += [f"## {sec.title}", ""]
        for part in sec.parts:
            if isinstance(part, Table):
                lines += ["| " + " | ".join(part.head) + " |",
                          "|" + "---|" * len(part.head)]
                lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |"
                          for row in part.rows]
            else:
                lines.append(part)
            lines.append("")
        lines += [f"![{p}]({p})" for p in sec.plots]
        if sec.plots:
            lines.append("")
    return "\n".join(lines)


def _inline(text: str) -> str:
    """Markdown's ``code`` and **bold** of a paragraph, as HTML (escaped first)."""
    out, code, bold = [], False, False
    for i, piece in enumerate(escape(text).split("`")):
        if i:
            out.append("</code>" if code else "<code>")
            code = not code
        if code:
            out.append(piece)
            continue
        for j, bit in enumerate(piece.split("**")):
            if j:
                out.append("</strong>" if bold else "<strong>")
                bold = not bold
            out.append(bit)
    return "".join(out)


CSS = """body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:0.5em 0 1em;font-size:13px}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:right}
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}
code{font-size:12px}figure{margin:0.5em 0}"""


def html(report: Report, run: Mapping[str, Any], plots: Mapping[str, list[str]],
         title: str, folder: Path) -> str:
    """The report as one HTML page, its plots inline (read from ``folder``)."""
    body = [f"<h1>{escape(title)}</h1>"]
    if run.get("command"):
        body.append(f"<p><code>{escape(run['command'])}</code></p>")
    for sec in sections(report, run, plots):
        if sec.title:
            body.append(f"<h2>{escape(sec.title)}</h2>")
        for part in sec.parts:
            if isinstance(part, Table):
                body.append("<table><thead><tr>" + "".join(
                    f"<th>{escape(h)}</th>" for h in part.head) + "</tr></thead><tbody>")
                body += ["<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>"
                         for row in part.rows]
                body.append("</tbody></table>")
            else:
                body.append(f"<p>{_inline(part)}</p>")
        for p in sec.plots:
            svg = (folder / p).read_text()
            body.append(f"<figure>{svg}</figure>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def write_report(report: Report, folder: Path, run: Mapping[str, Any] | None = None,
                 title: str = "") -> Path:
    """Write ``report.md``, ``report.html``, ``report.json`` and the SVG plots into
    ``folder`` (made if missing); returns the Markdown file. ``run`` says how the games
    were played (command, agents, seed, params, workers, backend, seconds): it heads the
    page and is the JSON's ``run``."""
    run = dict(run or {})
    folder.mkdir(parents=True, exist_ok=True)
    title = title or f"{report.game}: balance report"
    plots = plot(report, folder)
    path = folder / "report.md"
    path.write_text(markdown(report, run, plots, title))
    (folder / "report.html").write_text(html(report, run, plots, title, folder))
    data = {"run": run, **report.to_json(),
            "plots": sorted(p for files in plots.values() for p in files)}
    (folder / "report.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return path


__all__ = ["Section", "Table", "entity_table", "html", "markdown", "pct", "plot",
           "sections", "write_report"]
