"""What keeps the gate browser's reruns short: the run checked once per script run (and again
once it changes), and figures built from dicts that draw what plotly's figure methods draw."""

import base64
import json
import os
import sys

import numpy as np
import plotly.graph_objects as go
import pyarrow as pa
import pytest
from probe.apps import shared
from streamlit.testing.v1 import AppTest

from engram_model.corpus import Document
from probe import ProbeOptions, probe_corpus
from probe.cli.serve import browser_script
from probe.plots.gates import gate_histogram_figure, gate_trace_figure
from probe.plots.labels import plain
from probe.plots.ngrams import layer_vs_layer_figure, ngram_gate_density_figure, ngram_gate_figure

BROWSER = browser_script()


@pytest.fixture(scope="module")
def run(model, tmp_path_factory):
    run = tmp_path_factory.mktemp("speedups") / "run"
    texts = [
        "The Milky Way is a barred spiral galaxy.",
        "def main(argv):\n    return argv[1:]\n",
        "Pella was the capital of Macedon.",
    ]
    documents = [Document(f"doc{i}", text, domain="prose") for i, text in enumerate(texts)]
    manifest = {"model": "first model name", "model_hash": "m", "tokenizer_hash": "t", "corpus_hash": "c", "corpus": "test texts"}
    probe_corpus(model, documents, run, manifest, ProbeOptions(), show_progress=False)
    return run


@pytest.fixture
def checks(monkeypatch):
    """The run's checks made (cached or not), counted."""
    calls = []
    original = shared._check

    def counted(run, stamp):
        calls.append(run)
        return original(run, stamp)

    monkeypatch.setattr(shared, "_check", counted)
    return calls


@pytest.mark.parametrize("page", ["views/overview.py", "views/documents.py", "views/ngrams.py"])
def test_run_checked_once_per_script_run(run, checks, monkeypatch, page):
    monkeypatch.setattr(sys, "argv", [str(BROWSER), str(run)])
    app = AppTest.from_file(str(BROWSER), default_timeout=60).run()
    assert not app.exception, [e.message for e in app.exception]
    assert checks == [str(run)]
    app.switch_page(page).run()
    assert not app.exception, [e.message for e in app.exception]
    assert checks == [str(run)] * 2


def shown(app: AppTest) -> str:
    return " ".join(markdown.value for markdown in app.markdown)


def test_run_changed_is_read_again(run, checks, monkeypatch):
    monkeypatch.setattr(sys, "argv", [str(BROWSER), str(run)])
    app = AppTest.from_file(str(BROWSER), default_timeout=60).run()
    assert "first model name" in shown(app)
    path = run / "manifest.json"
    manifest = json.loads(path.read_text())
    try:
        path.write_text(json.dumps({**manifest, "model": "second model name"}))
        stamp = path.stat().st_mtime_ns + 10**9  # a later time even where the clock is coarse
        os.utime(path, ns=(stamp, stamp))
        app.run()
        assert not app.exception, [e.message for e in app.exception]
        assert "second model name" in shown(app) and "first model name" not in shown(app)
    finally:
        path.write_text(json.dumps(manifest))


# the figures as plotly's figure methods draw them: a second implementation to compare with


def drawn(figure: go.Figure) -> dict:
    """The figure as the browser is sent it, arrays as lists."""
    return lists(figure.to_plotly_json())


def lists(value):
    if isinstance(value, dict) and "bdata" in value:  # an array as plotly sends it: base64 of its bytes
        shape = [int(n) for n in str(value.get("shape", "-1")).split(",")]
        return np.frombuffer(base64.b64decode(value["bdata"]), value["dtype"]).reshape(shape).tolist()
    if isinstance(value, dict):
        return {key: lists(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, np.ndarray)):
        return [lists(item) for item in (value.tolist() if isinstance(value, np.ndarray) else value)]
    return value


@pytest.fixture(scope="module")
def histogram():
    rng = np.random.default_rng(0)
    rows = [
        {
            "layer": layer,
            "branch": branch,
            "bin": b,
            "bin_lo": b / 100,
            "bin_hi": (b + 1) / 100,
            "count": int(rng.integers(1, 50)),
        }
        for layer in (1, 3)
        for branch in (-1, 0)
        for b in range(100)
    ]
    return pa.Table.from_pylist(rows)


@pytest.fixture(scope="module")
def occurrences():
    rng = np.random.default_rng(1)
    gates = rng.random((40, 2))
    return pa.Table.from_pylist(
        [
            {"gate": float(a), "gate_1": float(a), "gate_3": float(b), "doc_id": f"d<a>{i}", "position": i}
            for i, (a, b) in enumerate(gates)
        ]
    )


def trace_table(positions: int) -> pa.Table:
    rng = np.random.default_rng(positions)
    rows = []
    for layer in (1, 3):
        for position in range(positions):
            gates = rng.random(2).tolist()
            rows.append(
                {"layer": layer, "position": position, "token": f"<b>{position}'", "gate_mean": sum(gates) / 2, "gates": gates}
            )
    return pa.Table.from_pylist(rows)


@pytest.mark.parametrize("branch, selected", [(-1, None), (0, (0.2, 0.35))])
def test_gate_histogram_figure_as_figure_methods_draw_it(histogram, branch, selected):
    expected = go.Figure()
    for layer in (1, 3):
        rows = [r for r in histogram.to_pylist() if r["branch"] == branch and r["layer"] == layer]
        total = sum(r["count"] for r in rows)
        expected.add_scatter(
            x=[(r["bin_lo"] + r["bin_hi"]) / 2 for r in rows],
            y=[r["count"] / total for r in rows],
            mode="lines+markers",
            name=f"layer {layer}",
            customdata=[[r["bin_lo"], r["bin_hi"], r["count"]] for r in rows],
            hovertemplate="gate %{customdata[0]:.2f}-%{customdata[1]:.2f}: %{y:.2%} (%{customdata[2]:,})<extra></extra>",
        )
    what = "mean over branches" if branch == -1 else "branch 0"
    expected.update_layout(
        title=f"Gate values ({what})",
        xaxis={"title": "gate", "range": [0, 1]},
        yaxis_title="share of positions",
        yaxis_tickformat=".0%",
    )
    if selected:
        expected.add_vrect(x0=selected[0], x1=selected[1], fillcolor="#1f4fd6", opacity=0.12, line_width=0)
        expected.update_layout(dragmode="select")
    assert drawn(gate_histogram_figure(histogram, branch, selected)) == drawn(expected)


@pytest.mark.parametrize("positions, window, selected", [(30, (5, 12), 7), (30, None, None), (900, (100, 300), 200)])
def test_gate_trace_figure_as_figure_methods_draw_it(positions, window, selected):
    trace = trace_table(positions)
    width = positions // 100 if positions > 200 else 1
    expected = go.Figure()
    for layer in (1, 3):
        rows = [r for r in trace.to_pylist() if r["layer"] == layer]
        gates = [r["gate_mean"] for r in rows]
        means = [np.mean(gates[max(i + 1 - width, 0) : i + 1]) for i in range(len(gates))]  # the rolling mean, plainly
        if width == 1:
            expected.add_scatter(
                x=np.arange(positions),
                y=np.array(means),
                mode="lines",
                name=f"layer {layer}",
                text=[plain(repr(r["token"])[1:-1]) for r in rows],
                hovertemplate="position %{x}: %{text}<br>gate %{y:.3f}<extra></extra>",
            )
        else:
            kept = np.unique(np.linspace(0, positions - 1, min(positions, 400)).round().astype(int))
            expected.add_scatter(
                x=kept,
                y=np.array(means)[kept],
                mode="lines",
                name=f"layer {layer}",
                customdata=np.maximum(kept - width + 1, 0),
                hovertemplate="positions %{customdata}–%{x}<br>mean gate %{y:.3f}<extra></extra>",
            )
    if window:
        expected.add_vrect(x0=window[0], x1=window[1] - 1, fillcolor="#1f4fd6", opacity=0.08, line_width=0)
    if selected is not None:
        expected.add_vline(x=selected, line_color="#1f4fd6", line_dash="dot")
    smoothed = f", rolling mean over {width} tokens" if width > 1 else ""
    expected.update_layout(
        title={"text": f"Gate along the document (mean{smoothed})", "x": 0, "xanchor": "left"},
        xaxis_title="token position",
        yaxis_title="gate (0..1)",
        yaxis_range=[0, 1],
        margin={"t": 60},
    )
    figure, wanted = drawn(gate_trace_figure(trace, "gate_mean", window, selected)), drawn(expected)
    for line, wanted_line in zip(figure["data"], wanted["data"]):
        assert np.allclose(line.pop("y"), wanted_line.pop("y"))  # summed in another order: equal to rounding
    assert figure == wanted


def test_ngram_figures_as_figure_methods_draw_them(histogram, occurrences):
    gates = np.array(occurrences.column("gate").to_pylist())
    bins = np.linspace(0, 1, 21)
    counts = np.histogram(gates, bins)[0]
    layer = [r for r in histogram.to_pylist() if r["layer"] == 1 and r["branch"] == -1]
    everyone = np.array([sum(r["count"] for r in layer if r["bin"] // 5 == b) for b in range(20)], dtype=float)
    centres = (bins[:-1] + bins[1:]) / 2
    shares = go.Figure(
        [
            go.Bar(x=centres, y=counts / counts.sum(), width=0.05, name=f"a &lt;b> ({len(gates):,} occurrences)"),
            go.Scatter(x=centres, y=everyone / everyone.sum(), mode="lines+markers", name="all positions, layer 1"),
        ]
    )
    shares.update_layout(
        title={"text": "Gate of a &lt;b> at layer 1 over all its occurrences", "x": 0, "xanchor": "left"},
        xaxis_title="branch-mean gate (0..1, bins of 0.05)",
        yaxis_title="share of occurrences",
        yaxis_tickformat=".0%",
        xaxis_range=[0, 1],
    )
    figure, wanted = drawn(ngram_gate_figure(occurrences, histogram, 1, "a <b>")), drawn(shares)
    for bars, wanted_bars in zip(figure["data"], wanted["data"]):
        assert np.allclose(bars.pop("y"), wanted_bars.pop("y"))
    assert figure == wanted

    density = drawn(ngram_gate_density_figure(occurrences, histogram, 1, "q"))
    means = (gates.mean(), density["layout"]["shapes"][1]["x0"])  # the layer's mean is tested with layer_gate_density
    expected = go.Figure([go.Scatter(**line) for line in density["data"]])  # the steps are tested with layer_gate_density
    for x, colour, name in ((means[0], "#636efa", "its mean"), (means[1], "#ef553b", "layer's mean")):
        expected.add_vline(x=x, line_dash="dash", line_color=colour, annotation_text=f"{name} {x:.3f}")
    expected.update_layout(
        title={"text": "Density of q's gate against layer 1's", "x": 0, "xanchor": "left"},
        xaxis_title="branch-mean gate (0..1, bins of 0.01)",
        yaxis_title="density per unit gate (log)",
        yaxis_type="log",
        xaxis_range=[0, 1],
    )
    assert density == drawn(expected)

    scatter = go.Figure(
        [
            go.Scatter(
                x=gates,
                y=occurrences.column("gate_3").to_pylist(),
                mode="markers",
                marker={"opacity": 0.6},
                text=[f"d&lt;a>{i} @ {i}" for i in range(len(gates))],
                name="occurrence",
                hovertemplate="%{text}<br>layer 1: %{x:.3f}<br>layer 3: %{y:.3f}<extra></extra>",
            ),
            go.Scatter(x=[0, 1], y=[0, 1], mode="lines", line={"dash": "dash", "color": "grey"}, name="equal gates"),
        ]
    )
    scatter.update_layout(
        title={"text": "q: gate at layer 3 against layer 1, per occurrence", "x": 0, "xanchor": "left"},
        xaxis_title="gate at layer 1",
        yaxis_title="gate at layer 3",
        xaxis_range=[0, 1],
        yaxis_range=[0, 1],
    )
    assert drawn(layer_vs_layer_figure(occurrences, 1, 3, "q")) == drawn(scatter)
