"""The plots of a balance report, as SVG written directly (issue 26: "plots"): text files
that diff in review, open in any browser, sit inline in the report's HTML page, and need
no plotting library (matplotlib is only an optional extra, not a dependency).

- :func:`forest`: one row per thing, a dot at its value and a bar over its interval, a
  reference line (a fair share, or no difference) and an optional shaded band;
- :func:`histogram`: how many games had each length, binned.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

WIDTH = 760
LABEL = 250  # the width of the labels' column
ROW = 17
TOP, BOTTOM = 34, 40
BLUE, RED, GREY, GREEN = "#1f77b4", "#d62728", "#888888", "#2ca02c"


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a forest plot: its label, value and interval; ``marked`` draws it red."""

    label: str
    value: float
    low: float
    high: float
    marked: bool = False


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _svg(width: int, height: int, body: list[str], title: str) -> str:
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11" '
        f'role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="16" text-anchor="middle" font-size="13" '
        f'font-weight="bold">{escape(title)}</text>',
        *body, "</svg>", ""])


def forest(rows: Sequence[Row], title: str, xlabel: str, lo: float = 0.0, hi: float = 1.0,
           ref: float | None = 0.5, band: tuple[float, float] | None = None,
           percent: bool = True) -> str:
    """A forest plot of ``rows`` (top to bottom) on the axis ``lo``..``hi``."""
    plot_w = WIDTH - LABEL - 20
    height = TOP + BOTTOM + ROW * max(1, len(rows))

    def x(v: float) -> float:
        v = min(hi, max(lo, v))
        return LABEL + plot_w * (v - lo) / (hi - lo)

    body: list[str] = []
    bottom = TOP + ROW * max(1, len(rows))
    if band is not None:
        body.append(f'<rect x="{x(band[0]):.1f}" y="{TOP}" width="{x(band[1]) - x(band[0]):.1f}"'
                    f' height="{bottom - TOP}" fill="{GREEN}" fill-opacity="0.1"/>')
    steps = 10
    for i in range(steps + 1):
        v = lo + (hi - lo) * i / steps
        body.append(f'<line x1="{x(v):.1f}" x2="{x(v):.1f}" y1="{TOP}" y2="{bottom}" '
                    f'stroke="#eeeeee"/>')
        text = f"{_num(100 * v)}%" if percent else _num(v)
        body.append(f'<text x="{x(v):.1f}" y="{bottom + 14}" text-anchor="middle">'
                    f"{escape(text)}</text>")
    if ref is not None:
        body.append(f'<line x1="{x(ref):.1f}" x2="{x(ref):.1f}" y1="{TOP}" y2="{bottom}" '
                    f'stroke="{GREY}"/>')
    for i, r in enumerate(rows):
        y = TOP + ROW * i + ROW / 2
        colour = RED if r.marked else BLUE
        body += [
            f'<text x="{LABEL - 6}" y="{y + 4:.1f}" text-anchor="end">{escape(r.label)}</text>',
            f'<line x1="{x(r.low):.1f}" x2="{x(r.high):.1f}" y1="{y:.1f}" y2="{y:.1f}" '
            f'stroke="{GREY}" stroke-width="1.5"/>',
        ]
        if not math.isnan(r.value):
            body.append(f'<circle cx="{x(r.value):.1f}" cy="{y:.1f}" r="3.5" '
                        f'fill="{colour}"/>')
    body.append(f'<text x="{LABEL + plot_w / 2}" y="{bottom + 30}" text-anchor="middle">'
                f"{escape(xlabel)}</text>")
    return _svg(WIDTH, height, body, title)


def histogram(counts: Mapping[int, int], title: str, xlabel: str, bins: int = 40) -> str:
    """A histogram of lengths (``counts``: length -> games), at most ``bins`` bars."""
    height = 240
    plot_w, plot_h = WIDTH - 80, height - TOP - BOTTOM
    body: list[str] = []
    if counts:
        lo, hi = min(counts), max(counts)
        width = max(1, math.ceil((hi - lo + 1) / bins))
        binned: dict[int, int] = {}
        for k, v in counts.items():
            b = lo + (k - lo) // width * width
            binned[b] = binned.get(b, 0) + v
        n = (hi - lo) // width + 1
        top = max(binned.values())
        bar = plot_w / n
        for b, v in sorted(binned.items()):
            i = (b - lo) // width
            h = plot_h * v / top
            label = f"{b}" if width == 1 else f"{b}–{b + width - 1}"
            body.append(f'<rect x="{60 + i * bar:.1f}" y="{TOP + plot_h - h:.1f}" '
                        f'width="{max(1.0, bar - 1):.1f}" height="{h:.1f}" fill="{BLUE}">'
                        f"<title>{escape(label)}: {v} games</title></rect>")
        for i in range(0, n, max(1, n // 10)):
            b = lo + i * width
            body.append(f'<text x="{60 + (i + 0.5) * bar:.1f}" y="{TOP + plot_h + 14}" '
                        f'text-anchor="middle">{b}</text>')
        body += [f'<text x="54" y="{TOP + 8}" text-anchor="end">{top}</text>',
                 f'<text x="54" y="{TOP + plot_h}" text-anchor="end">0</text>']
    body += [f'<line x1="60" x2="{60 + plot_w}" y1="{TOP + plot_h}" y2="{TOP + plot_h}" '
             f'stroke="{GREY}"/>',
             f'<text x="{60 + plot_w / 2}" y="{height - 8}" text-anchor="middle">'
             f"{escape(xlabel)}</text>",
             f'<text x="14" y="{TOP + plot_h / 2}" text-anchor="middle" '
             f'transform="rotate(-90 14 {TOP + plot_h / 2})">games</text>']
    return _svg(WIDTH, height, body, title)


__all__ = ["Row", "forest", "histogram"]
