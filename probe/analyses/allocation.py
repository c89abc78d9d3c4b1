"""The allocation sweep's analysis: validation loss against rho, seed intervals, a quadratic
fit and the bootstrap interval of its optimum. Plain functions over the rows
`engram_model.sweep.sweep_results` returns (one per finished point).

    curve = loss_by_rho(rows)                  # mean, spread and interval per rho
    fit = quadratic_fit(rho, loss)             # {"coefficients", "optimum", "curvature"}
    interval = bootstrap_optimum(rows)         # optimum's percentile interval over points
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

# two-sided 95% Student t quantiles for 1-30 degrees of freedom (seeds are few, so a normal
# interval would be too narrow); beyond 30 the normal 1.96 is within 4%
# fmt: off
T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
    2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)
# fmt: on


def t95(degrees: int) -> float:
    return T95[degrees - 1] if degrees <= len(T95) else 1.96


def sweep_rows(rows: Sequence[dict]) -> list[dict]:
    """The allocation sweep's points: full tables only (the capacity retrains vary rows)."""
    return [row for row in rows if row["rows"] == 1.0]


def seed_interval(values: Sequence[float]) -> dict:
    """One result over seeds: seeds, mean, sample standard deviation and a 95% t interval of
    the mean (None with one seed)."""
    values = np.asarray(values, dtype=float)
    n = len(values)
    sd = float(values.std(ddof=1)) if n > 1 else None
    half = t95(n - 1) * sd / np.sqrt(n) if n > 1 else None
    return {
        "seeds": n,
        "mean": float(values.mean()),
        "sd": sd,
        "ci_low": None if half is None else float(values.mean() - half),
        "ci_high": None if half is None else float(values.mean() + half),
    }


def loss_by_rho(rows: Sequence[dict], column: str = "loss_overall") -> list[dict]:
    """Per rho, `seed_interval` of the loss."""
    return [
        {"rho": rho, **seed_interval([row[column] for row in rows if row["rho"] == rho])}
        for rho in sorted({row["rho"] for row in rows})
    ]


def quadratic_fit(rho: Sequence[float], loss: Sequence[float]) -> dict:
    """Least squares `loss = a rho^2 + b rho + c`. `optimum` is the vertex when the curve
    opens upwards (a > 0) and lies inside the sampled range, else the better end of it: a
    U-curve has an inside minimum, a monotone one a minimum at an end."""
    rho, loss = np.asarray(rho, dtype=float), np.asarray(loss, dtype=float)
    if len(np.unique(rho)) < 3:
        raise ValueError(f"a quadratic fit needs at least 3 distinct rho values, got {sorted(set(rho.tolist()))}")
    a, b, c = np.polyfit(rho, loss, 2)
    low, high = rho.min(), rho.max()
    inside = a > 0 and low < -b / (2 * a) < high
    if inside:
        optimum = -b / (2 * a)
    else:
        optimum = low if np.polyval((a, b, c), low) <= np.polyval((a, b, c), high) else high
    return {
        "coefficients": [float(a), float(b), float(c)],
        "optimum": float(optimum),
        "optimum_inside": bool(inside),
        "loss_at_optimum": float(np.polyval((a, b, c), optimum)),
    }


def bootstrap_optimum(rows: Sequence[dict], column: str = "loss_overall", samples: int = 2000, seed: int = 0) -> dict:
    """The fit's optimum resampled over the sweep's points (every (rho, seed) run, drawn with
    replacement, resamples with fewer than 3 distinct rho skipped): its 2.5/50/97.5%
    percentiles and the share of resamples whose optimum lies inside the range (a U)."""
    rho = np.array([row["rho"] for row in rows], dtype=float)
    loss = np.array([row[column] for row in rows], dtype=float)
    rng = np.random.default_rng(seed)
    optima, inside = [], []
    for _ in range(samples):
        pick = rng.integers(0, len(rho), size=len(rho))
        if len(np.unique(rho[pick])) < 3:
            continue
        fit = quadratic_fit(rho[pick], loss[pick])
        optima.append(fit["optimum"])
        inside.append(fit["optimum_inside"])
    low, median, high = np.percentile(optima, [2.5, 50, 97.5])
    return {
        "samples": len(optima),
        "optimum_low": float(low),
        "optimum_median": float(median),
        "optimum_high": float(high),
        "share_inside": float(np.mean(inside)),
    }


def u_shape(curve: Sequence[dict]) -> dict:
    """Does the loss rise at both ends? Read from the seed means, not the fit (a quadratic
    through a plateau and a cliff has an inside vertex too): the best rho, how far each end
    lies above the best, and the pooled seed standard deviation those gaps are measured in.
    A U needs the best inside the range and both ends more than two seed deviations above it."""
    means = {point["rho"]: point["mean"] for point in curve}
    best = min(means, key=means.get)
    seeded = [point for point in curve if point["sd"] is not None]
    noise = float(np.sqrt(np.mean([point["sd"] ** 2 for point in seeded]))) if seeded else None
    low_end, high_end = means[min(means)] - means[best], means[max(means)] - means[best]
    if noise is None:
        verdict = "unknown: no rho has two seeds, so the noise is unmeasured"
    elif low_end > 2 * noise and high_end > 2 * noise:
        verdict = "U"
    elif high_end > 2 * noise:
        verdict = "no U: it rises towards pure MoE only; towards the lowest rho tried it stays within seed noise of the best"
    elif low_end > 2 * noise:
        verdict = "no U: it rises towards the lowest rho tried only; Engram does not help in this range"
    else:
        verdict = "flat: no rho differs from the best by more than two seed deviations"
    return {"best_rho": best, "low_end_excess": low_end, "high_end_excess": high_end, "seed_sd": noise, "verdict": verdict}
