"""The allocation sweep's analysis: validation loss against rho, seed intervals, a quadratic
fit and the bootstrap interval of its optimum. Plain functions over the rows
`engram_model.sweep.sweep_results` returns (one per finished point).

    curve = loss_by_rho(rows)                  # mean, spread and interval per rho
    fit = quadratic_fit(rho, loss)             # {"coefficients", "optimum", "curvature"}
    interval = bootstrap_optimum(rows)         # optimum's percentile interval over points
    paired = paired_to_best(rows)              # each rho minus the best, seed by seed
    argmin = bootstrap_argmin(rows)            # where the lowest mean lands when seeds are resampled
    verdict = bracket(paired, argmin)          # is the minimum bracketed or at an end?
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


def seed_losses(rows: Sequence[dict], column: str = "loss_overall") -> dict[float, dict[int, float]]:
    """{rho: {seed: loss}} of the sweep's points; a (rho, seed) twice is refused (which one counts?)."""
    table: dict[float, dict[int, float]] = {}
    for row in rows:
        by_seed = table.setdefault(row["rho"], {})
        if row["seed"] in by_seed:
            raise ValueError(f"rho {row['rho']:g} seed {row['seed']} appears twice in the rows; keep one run of each point")
        by_seed[row["seed"]] = row[column]
    return dict(sorted(table.items()))


def paired_to_best(rows: Sequence[dict], column: str = "loss_overall") -> dict:
    """Each rho against the best one (lowest mean over its seeds), seed by seed: the mean over the
    seeds both trained of loss(rho, s) - loss(best, s), with `seed_interval`'s t interval from 2
    shared seeds. Pairing removes what a seed does to every rho alike (its data order and init),
    which the per-rho intervals carry twice.

      {"best_rho", "rows": [{"rho", "shared_seeds": [int], "seeds", "mean", "sd", "ci_low", "ci_high"}]}
    (the best rho itself is left out; mean is None with no shared seed)"""
    table = seed_losses(rows, column)
    best = min(table, key=lambda rho: np.mean(list(table[rho].values())))
    paired = []
    for rho, by_seed in table.items():
        if rho == best:
            continue
        shared = sorted(set(by_seed) & set(table[best]))
        differences = [by_seed[s] - table[best][s] for s in shared]
        empty = {"seeds": 0, "mean": None, "sd": None, "ci_low": None, "ci_high": None}
        paired.append({"rho": rho, "shared_seeds": shared, **(seed_interval(differences) if shared else empty)})
    return {"best_rho": best, "rows": paired}


def bootstrap_argmin(rows: Sequence[dict], column: str = "loss_overall", samples: int = 2000, seed: int = 0) -> dict:
    """Where the lowest mean loss lands when every rho's seeds are drawn again with replacement
    (each rho its own seeds, its own count): the share of resamples at each rho, the 2.5/97.5%
    percentiles of the argmin rho (inverted CDF, so always a rho tried) and `at_boundary`, the
    argmin at the lowest rho tried in at least half the resamples. A rho of one seed is the same
    in every resample: its own noise is missing, one reason to seed it.

      {"samples", "share": [{"rho", "share"}], "argmin_low", "argmin_high", "at_boundary"}"""
    table = seed_losses(rows, column)
    rhos = np.array(list(table))
    rng = np.random.default_rng(seed)
    means = np.empty((samples, len(rhos)))
    for i, by_seed in enumerate(table.values()):
        losses = np.array(list(by_seed.values()), dtype=float)
        means[:, i] = losses[rng.integers(0, len(losses), size=(samples, len(losses)))].mean(axis=1)
    argmin = rhos[means.argmin(axis=1)]  # a tie goes to the lower rho
    share = [float(np.mean(argmin == rho)) for rho in rhos]
    low, high = np.percentile(argmin, [2.5, 97.5], method="inverted_cdf")
    return {
        "samples": samples,
        "share": [{"rho": float(rho), "share": s} for rho, s in zip(rhos, share)],
        "argmin_low": float(low),
        "argmin_high": float(high),
        "at_boundary": bool(share[0] >= 0.5),
    }


def bracket(paired: dict, argmin: dict) -> dict:
    """Is the minimum bracketed? Yes when the best rho has a rho on each side that lies clear above
    it (paired 95% interval above 0) and the resampled argmin is not at the lowest rho tried; the
    nearest clear rho each side, or None. `at_boundary`: the best is an end of the range, or the
    argmin bootstrap puts it at the lowest rho tried. The verdict says what to train next.

      {"best_rho", "below", "above", "bracketed", "at_boundary", "verdict"}"""
    best = paired["best_rho"]
    clear = [row["rho"] for row in paired["rows"] if row["ci_low"] is not None and row["ci_low"] > 0]
    below = max((rho for rho in clear if rho < best), default=None)
    above = min((rho for rho in clear if rho > best), default=None)
    rhos = sorted([best] + [row["rho"] for row in paired["rows"]])
    low_end, high_end = argmin["at_boundary"] or best == rhos[0], best == rhos[-1]
    if low_end:
        verdict = (
            f"at the boundary: the lowest rho tried ({rhos[0]:g}) is the best in {argmin['share'][0]['share']:.0%} of seed "
            "resamples; train lower rhos to bracket the minimum"
        )
    elif high_end:
        verdict = f"at the boundary: the best rho {best:g} is the highest tried"
    elif below is not None and above is not None:
        verdict = (
            f"bracketed: rho {below:g} below and rho {above:g} above lie clear above the best rho {best:g} "
            "(paired 95% intervals above 0)"
        )
    else:
        sides = " or ".join(side for side, rho in (("below", below), ("above", above)) if rho is None)
        verdict = (
            f"not bracketed: no rho {sides} the best rho {best:g} lies clear above it; seed the nearest rhos (a paired "
            "interval needs 2 seeds shared with the best)"
        )
    bracketed = not (low_end or high_end) and below is not None and above is not None
    return {
        "best_rho": best,
        "below": below,
        "above": above,
        "bracketed": bracketed,
        "at_boundary": low_end or high_end,
        "verdict": verdict,
    }
