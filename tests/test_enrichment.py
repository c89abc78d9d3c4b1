"""Enrichment that survives the categorizer's errors: the document-level bootstrap, the
misclassification correction (EM on the simplex), the flip flag and per-domain rows."""

import itertools

import numpy as np
import pyarrow as pa
import pytest

from probe.categorize.enrichment import (
    DEPLETED,
    ENRICHED,
    SMOOTHING,
    UNCLEAR,
    cluster_bootstrap_counts,
    conclusion_of,
    confusion_rates,
    correct_shares,
    enrichment,
    interval_reasons,
    layer_enrichment,
    resample_confusion,
)

AB = ("a", "b")
ABC = ("a", "b", "c")


def log_likelihood(q, rates, p):
    return float(np.sum(q * np.log(p @ rates)))


# ---------------------------------------------------------------------------- correction


def test_correction_recovers_known_true_shares():
    rates = np.array([[0.9, 0.1], [0.2, 0.8]])  # C[true, predicted]
    true = np.array([0.3, 0.7])
    observed = true @ rates  # q = C^T p = [0.41, 0.59]
    assert observed == pytest.approx([0.41, 0.59])
    assert correct_shares(observed, rates) == pytest.approx(true, abs=1e-8)
    assert correct_shares(observed * 100, rates) == pytest.approx(true, abs=1e-8)  # counts work as well as shares


def test_identity_confusion_changes_nothing():
    observed = np.array([[3.0, 0.0, 7.0], [1.0, 1.0, 8.0]])
    assert correct_shares(observed, np.eye(3)) == pytest.approx(observed / 10)


def test_correction_stays_on_the_simplex_where_inversion_goes_negative():
    rates = np.array([[0.8, 0.2, 0.0], [0.3, 0.7, 0.0], [0.1, 0.1, 0.8]])
    observed = np.array([0.05, 0.60, 0.35])
    inverted = np.linalg.solve(rates.T, observed)
    assert inverted.min() < 0  # the plain inversion would give a negative share
    p = correct_shares(observed, rates)
    assert p.min() >= 0 and p.sum() == pytest.approx(1.0)
    # an independent maximiser: a grid over the simplex at step 1/400
    steps = 400
    grid = np.array([(i, j, steps - i - j) for i in range(steps + 1) for j in range(steps + 1 - i)]) / steps
    values = np.sum(observed * np.log(np.clip(grid @ rates, 1e-300, None)), axis=1)
    best = grid[values.argmax()]
    assert log_likelihood(observed, rates, p) >= values.max() - 1e-12
    assert p == pytest.approx(best, abs=2.5 / steps)


def test_correction_meets_the_optimality_conditions_on_random_cases():
    rng = np.random.default_rng(5)
    for _ in range(20):
        counts = rng.integers(0, 40, size=(5, 5)) + np.diag(rng.integers(40, 120, size=5))
        rates = confusion_rates(counts, tuple("abcde"))
        observed = rng.dirichlet(np.full(5, 0.7))
        p = correct_shares(observed, rates)
        # KKT of max sum_j q_j log (C^T p)_j on the simplex: gradient 1 where p_i > 0, at most 1 where p_i = 0
        gradient = rates @ (observed / (p @ rates))
        assert np.all(gradient <= 1 + 1e-6)
        assert np.all(np.abs(gradient[p > 1e-6] - 1) < 1e-5)


def test_correction_broadcasts_over_replicates():
    rates = np.array([[[0.9, 0.1], [0.2, 0.8]], [[1.0, 0.0], [0.0, 1.0]]])
    observed = np.array([[0.41, 0.59], [0.41, 0.59]])
    assert correct_shares(observed, rates) == pytest.approx(np.array([[0.3, 0.7], [0.41, 0.59]]), abs=1e-8)


def test_confusion_rates_and_their_resamples():
    counts = np.array([[90, 10], [20, 80]])
    assert confusion_rates(counts, AB) == pytest.approx(np.array([[0.9, 0.1], [0.2, 0.8]]))
    boot = resample_confusion(counts, 4000, np.random.default_rng(0))
    assert boot.shape == (4000, 2, 2)
    assert boot.sum(axis=2) == pytest.approx(np.ones((4000, 2)))
    assert np.allclose(boot * 100, np.round(boot * 100))  # each row is counts out of its own 100 items
    # binomial variance of a row's rate: 0.9 * 0.1 / 100
    assert boot[:, 0, 0].var() == pytest.approx(0.0009, rel=0.1)
    with pytest.raises(ValueError, match=r"no labelled item of true label\(s\) \['b'\]"):
        confusion_rates(np.array([[5, 1], [0, 0]]), AB)
    with pytest.raises(ValueError, match="shape"):
        confusion_rates(np.ones((3, 3)), AB)


def test_enrichment_corrected_against_hand_computed_shares():
    # true top shares (0.3, 0.7) seen through C as (0.41, 0.59); true random (0.6, 0.4) seen as (0.62, 0.38)
    top = ["a"] * 41 + ["b"] * 59
    random = ["a"] * 62 + ["b"] * 38
    row = enrichment(top, random, n_boot=200, labels=AB, confusion=np.array([[90, 10], [20, 80]])).to_pylist()[0]
    assert row["ratio"] == pytest.approx((41.5 / 101) / (62.5 / 101))
    assert row["corrected_p_top"] == pytest.approx((30 + SMOOTHING) / (100 + 2 * SMOOTHING), abs=1e-7)
    assert row["corrected_p_random"] == pytest.approx((60 + SMOOTHING) / (100 + 2 * SMOOTHING), abs=1e-7)
    assert row["corrected_ratio"] == pytest.approx(30.5 / 60.5, abs=1e-7)
    assert row["corrected_lo"] < row["corrected_ratio"] < row["corrected_hi"]


def test_identity_confusion_gives_raw_figures():
    top = ["names"] * 6 + ["code"] * 4 + ["other"] * 5
    random = ["names"] * 2 + ["other"] * 8 + ["code"] * 3
    plain = enrichment(top, random, n_boot=300, seed=2)
    identity = np.diag([50, 40, 30, 20, 60])  # a perfect categorizer: resampling its rows changes nothing
    corrected = enrichment(top, random, n_boot=300, seed=2, confusion=identity)
    for name in ("ratio", "lo", "hi", "p_top", "p_random"):
        assert corrected.column(name).to_pylist() == plain.column(name).to_pylist()
    assert corrected.column("corrected_ratio").to_numpy() == pytest.approx(plain.column("ratio").to_numpy())
    for raw, fixed in (("lo", "corrected_lo"), ("hi", "corrected_hi")):  # the same replicates, corrected by nothing
        for a, b in zip(corrected.column(raw).to_pylist(), corrected.column(fixed).to_pylist()):
            assert (a is None and b is None) or a == pytest.approx(b)
    assert corrected.column("lo").null_count < len(corrected)
    assert not any(flag for flag in corrected.column("flips").to_pylist() if flag is not None)


# ---------------------------------------------------------------------------- conclusions and flips


def test_conclusions():
    assert conclusion_of(1.2, 2.0) == ENRICHED
    assert conclusion_of(0.3, 0.9) == DEPLETED
    assert conclusion_of(0.8, 1.3) == UNCLEAR
    assert conclusion_of(None, None) is None


def test_a_label_enriched_only_by_the_categorizers_errors_flips():
    # true a is read as b half the time; b and c are always right. True shares: top (0.4, 0.1, 0.5),
    # random (0.1, 0.1, 0.8): b is as common in both, but its observed share doubles (0.3 against 0.15)
    confusion = np.array([[500, 500, 0], [0, 1000, 0], [0, 0, 1000]])
    top = ["a"] * 200 + ["b"] * 300 + ["c"] * 500
    random = ["a"] * 50 + ["b"] * 150 + ["c"] * 800
    rows = {r["label"]: r for r in enrichment(top, random, n_boot=500, labels=ABC, confusion=confusion).to_pylist()}
    assert rows["b"]["conclusion"] == ENRICHED and rows["b"]["corrected_conclusion"] == UNCLEAR
    assert rows["b"]["flips"] is True
    assert rows["b"]["corrected_ratio"] == pytest.approx(100.5 / 100.5, abs=1e-6)
    assert rows["a"]["flips"] is False and rows["a"]["corrected_conclusion"] == ENRICHED
    assert rows["c"]["flips"] is False and rows["c"]["conclusion"] == DEPLETED


def test_flips_is_null_without_an_interval():
    rows = enrichment(["a"], ["a"], labels=AB, confusion=np.array([[9, 1], [1, 9]])).to_pylist()
    assert all(row["flips"] is None and row["conclusion"] is None for row in rows)


# ---------------------------------------------------------------------------- document-level bootstrap


def test_cluster_bootstrap_takes_whole_documents():
    # document 0: one `a`, document 1: ten `b`, document 2: a hundred `c`
    labels = np.array([0] + [1] * 10 + [2] * 100)
    docs = np.array([0] + [1] * 10 + [2] * 100)
    boot = cluster_bootstrap_counts(labels, docs, 3, 2000, np.random.default_rng(0))
    times = boot / np.array([1, 10, 100])
    assert np.all(times == np.round(times))  # every replicate is whole documents
    assert np.all(times.sum(axis=1) == 3)  # as many documents as the group has
    assert {tuple(t) for t in times.astype(int)} == {t for t in itertools.product(range(4), repeat=3) if sum(t) == 3}
    assert boot.mean(axis=0) == pytest.approx([1, 10, 100], rel=0.1)  # each document drawn once on average


def test_documents_of_one_label_widen_the_interval():
    # ten top documents (five all names, five all other) and ten random ones (two all names), 20 positions each
    top = ["names"] * 100 + ["other"] * 100
    random = ["names"] * 40 + ["other"] * 160
    docs_top = np.repeat(np.arange(10), 20).tolist()
    docs_random = np.repeat(np.arange(10, 20), 20).tolist()
    by_position = {r["label"]: r for r in enrichment(top, random, n_boot=2000, seed=1).to_pylist()}
    grouped = enrichment(top, random, n_boot=2000, seed=1, docs_top=docs_top, docs_random=docs_random)
    by_document = {r["label"]: r for r in grouped.to_pylist()}
    assert by_document["names"]["ratio"] == by_position["names"]["ratio"]
    assert by_document["names"]["docs_top"] == 10 and by_document["names"]["docs_random"] == 10
    width = {name: rows["names"]["hi"] - rows["names"]["lo"] for name, rows in (("items", by_position), ("docs", by_document))}
    assert width["docs"] > 2 * width["items"]
    assert "corrected_ratio" not in by_document["names"] and "conclusion" not in by_position["names"]  # no confusion given


def test_a_group_from_one_document_has_no_interval():
    rows = enrichment(["a", "b"] * 5, ["a", "b", "b"] * 5, labels=AB, docs_top=["d"] * 10, docs_random=list(range(15)))
    assert all(row["lo"] is None and row["hi"] is None for row in rows.to_pylist())


def test_documents_are_checked():
    with pytest.raises(ValueError, match="together"):
        enrichment(["a"], ["a"], labels=AB, docs_top=["d"])
    with pytest.raises(ValueError, match="docs_random has 1 entries but its group has 2"):
        enrichment(["a"], ["a", "b"], labels=AB, docs_top=["d"], docs_random=["d"])


# ---------------------------------------------------------------------------- per layer and domain


def _domain_table():
    """One layer of 40 positions in four documents: the 10 highest gates are the names of
    document d0 (prose) and d2 (code); d3 (poetry) has only low gates."""
    rows = []
    documents = (("d0", "prose", "names"), ("d1", "prose", "other"), ("d2", "code", "code"), ("d3", "poetry", "other"))
    for doc, domain, label in documents:
        for i in range(10):
            high = doc in ("d0", "d2") and i < 5
            rows.append({"layer": 1, "gate": (2.0 if high else 0.0) + i / 100, "label": label, "doc": doc, "domain": domain})
    return pa.Table.from_pylist(rows)


def test_rows_over_every_domain_and_per_domain():
    table = layer_enrichment(_domain_table(), top_k=10, n_random=40, n_boot=100, doc_col="doc", domain_col="domain")
    rows = table.to_pylist()
    assert table.column_names[:3] == ["layer", "domain", "label"]
    pooled = {r["label"]: r for r in rows if r["domain"] is None}
    assert pooled["names"]["count_top"] == 5 and pooled["code"]["count_top"] == 5 and pooled["names"]["n_random"] == 40
    assert pooled["names"]["docs_top"] == 2 and pooled["names"]["docs_random"] == 4
    prose = {r["label"]: r for r in rows if r["domain"] == "prose"}
    assert prose["names"]["n_top"] == 5 and prose["names"]["count_top"] == 5
    assert prose["names"]["n_random"] == 20 and prose["names"]["count_random"] == 10 and prose["other"]["count_random"] == 10
    assert prose["names"]["ratio"] == pytest.approx(((5 + 0.5) / 7.5) / ((10 + 0.5) / 22.5))
    code = {r["label"]: r for r in rows if r["domain"] == "code"}
    assert code["code"]["n_top"] == 5 and code["code"]["n_random"] == 10
    assert {r["domain"] for r in rows} == {None, "prose", "code"}  # poetry has no top-gated position: no rows
    for label in pooled:  # the domains' counts add up to the pooled ones where every domain has rows
        assert sum(r["count_top"] for r in rows if r["domain"] and r["label"] == label) == pooled[label]["count_top"]


def test_per_domain_rows_carry_the_correction():
    table = layer_enrichment(
        _domain_table(), top_k=10, n_random=40, n_boot=100, doc_col="doc", domain_col="domain", confusion=np.diag([5] * 5)
    )
    assert table.column("corrected_ratio").to_pylist() == pytest.approx(table.column("ratio").to_pylist())
    with pytest.raises(KeyError, match="domain_col='genre'"):
        layer_enrichment(_domain_table(), domain_col="genre")


def test_a_label_corrected_to_nothing_has_no_corrected_interval():
    # true b is read as a one time in ten; a is seen less often than that in both groups, so its
    # corrected share is 0 in both, and with groups of 100 and 200 the smoothing alone sets the ratio
    confusion = np.array([[1000, 0], [100, 900]])
    top = ["a"] * 5 + ["b"] * 95
    random = ["a"] * 8 + ["b"] * 192
    rows = {r["label"]: r for r in enrichment(top, random, n_boot=300, labels=AB, confusion=confusion).to_pylist()}
    assert rows["a"]["corrected_p_top"] == pytest.approx(SMOOTHING / 101, abs=1e-6)
    assert rows["a"]["corrected_ratio"] == pytest.approx((200 + 1) / (100 + 1), abs=1e-4)
    assert rows["a"]["lo"] is not None and rows["a"]["corrected_lo"] is None and rows["a"]["flips"] is None
    assert rows["b"]["corrected_lo"] is not None


# ---------------------------------------------------------------------------- why no interval


def test_one_document_gives_ratios_without_intervals_and_says_why():
    # a 3x enrichment of a, as a one-document run gives it: a count, not a finding
    rows = enrichment(["a"] * 30 + ["b"] * 10, ["a"] * 10 + ["b"] * 30, labels=AB, docs_top=["d"] * 40, docs_random=["d"] * 40)
    assert rows.column("ratio")[0].as_py() > 2.5 and rows.column("lo").null_count == 2
    reasons = interval_reasons(rows)
    assert all("1 document" in r and "nothing to resample" in r for r in reasons)


def test_reasons_name_too_few_positions_an_absent_label_and_none_where_defined():
    few = enrichment(["a"], ["a", "b", "b"], labels=AB)
    assert interval_reasons(few) == ["1 top-gated position: too few to resample (a larger --top-fraction)"] * 2
    rows = enrichment(
        ["a"] * 8 + ["b"] * 4, ["a"] * 6 + ["b"] * 6, labels=ABC, docs_top=list(range(12)), docs_random=list(range(12))
    )
    reasons = dict(zip(ABC, interval_reasons(rows)))
    assert reasons["a"] is None and reasons["b"] is None and rows.column("lo")[0].as_py() is not None
    assert "absent from the top-gated and the random positions" in reasons["c"]


def test_a_corrected_ratio_without_interval_says_the_smoothing_sets_it():
    confusion = np.array([[1000, 0], [100, 900]])
    rows = enrichment(["a"] * 5 + ["b"] * 95, ["a"] * 8 + ["b"] * 192, n_boot=300, labels=AB, confusion=confusion)
    raw, corrected = interval_reasons(rows), interval_reasons(rows, "corrected")
    assert raw == [None, None]
    assert "smoothing, not the data" in corrected[0] and corrected[1] is None
    with pytest.raises(ValueError, match="raw or corrected"):
        interval_reasons(rows, "both")
