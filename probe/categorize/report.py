"""The enrichment table of `categorize_run` as a rich table for the console: per layer and
domain (every domain first), the raw and the corrected ratio with their document-level 95%
intervals, the categorizer's accuracy on that domain, and a flag where the two disagree."""

from __future__ import annotations

import pyarrow as pa
from rich.console import Group
from rich.table import Table
from rich.text import Text

EVERY_DOMAIN = "all"  # how the rows over every domain (null `domain`) are shown


def enrichment_report(table: pa.Table, top_fraction: float) -> Group:
    """A rich table of `categorize_run`'s rows, then notes on what `n/a` and `flips` mean
    where they occur. All text is rendered literally (no rich markup from the data)."""
    view = Table(title=f"P(label | top {top_fraction:.1%} gated) / P(label | random), document-level 95% intervals")
    for column in ("layer", "domain", "accuracy", "label", "top", "random", "raw", "corrected", ""):
        view.add_column(column, justify="left" if column in ("domain", "label", "") else "right")
    rows = table.to_pylist()
    undefined = flipped = uncorrected = 0
    previous = None
    for row in rows:
        scope = (row["layer"], row.get("domain"))
        if previous is not None and scope != previous:
            view.add_section()
        first = scope != previous
        previous = scope
        raw = _ratio(row["ratio"], row["lo"], row["hi"])
        corrected = _ratio(row.get("corrected_ratio"), row.get("corrected_lo"), row.get("corrected_hi"))
        undefined += row["lo"] is None or (row.get("corrected_ratio") is not None and row.get("corrected_lo") is None)
        uncorrected += row.get("corrected_ratio") is None
        flipped += bool(row.get("flips"))
        view.add_row(
            str(row["layer"]) if first else "",
            Text(row.get("domain") or EVERY_DOMAIN) if first else "",
            _accuracy(row) if first else "",
            Text(row["label"]),
            f"{row['count_top']}/{row['n_top']}",
            f"{row['count_random']}/{row['n_random']}",
            raw,
            corrected,
            Text("flips", style="bold red") if row.get("flips") else "",
        )
    notes = [view]
    if undefined:
        notes.append(
            Text(
                "n/a: no interval, as the bootstrap cannot vary a label absent from a group, nor a group of one position or "
                "one document (a larger --top-fraction or corpus gives more)"
            )
        )
    if flipped:
        notes.append(
            Text(
                f"flips ({flipped}): the raw and the corrected interval lead to different conclusions (enriched / depleted / "
                "no clear difference); the corrected one accounts for the categorizer's errors"
            )
        )
    if uncorrected:
        notes.append(Text("corrected: not computed for these rows (the error rates were measured without --min-confidence)"))
    notes.append(
        Text(
            f"accuracy: for '{EVERY_DOMAIN}', on the labelled items whose error rates correct the shares (by default the "
            "frozen test set); per domain, on that domain's hand-labelled items (n/a: none labelled)"
        )
    )
    return Group(*notes)


def _ratio(ratio: float | None, lo: float | None, hi: float | None) -> str:
    if ratio is None:
        return "-"
    return f"{ratio:.2f} " + ("n/a" if lo is None else f"[{lo:.2f}, {hi:.2f}]")


def _accuracy(row: dict) -> str:
    if row.get("accuracy") is None:
        return "n/a"
    return f"{row['accuracy']:.0%} of {row['accuracy_items']}"
