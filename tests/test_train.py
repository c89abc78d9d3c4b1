import dataclasses
import json
import math
import re

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch
from conftest import small_config, small_train_config
from tokenizers import Tokenizer, models
from typer.testing import CliRunner

from engram_model import EngramLM, ModelConfig, load_model, save_model
from engram_model.corpus import Document
from engram_model.layers import MoE
from engram_model.tables import ResidentTable
from engram_model.train import (
    RECIPES,
    ExpertLoads,
    TrainingError,
    build_optimizers,
    learning_rate,
    matched_baseline,
    parameter_counts,
    train,
)
from probe.cli import app


def weights(model: EngramLM) -> dict[str, torch.Tensor]:
    return {name: t.detach().clone() for name, t in model.state_dict().items()}


def test_learning_rate_warms_up_linearly_then_decays_by_cosine(tokenizer):
    cfg = small_train_config(tokenizer, tokens=100 * 4 * 32, warmup_steps=10, lr=1.0, min_lr_ratio=0.1)
    assert learning_rate(0, cfg) == pytest.approx(0.1)
    assert learning_rate(9, cfg) == pytest.approx(1.0)
    assert learning_rate(10, cfg) == pytest.approx(1.0)
    midway = 10 + 45  # half of the 90 decay steps: cosine term 0.5
    assert learning_rate(midway, cfg) == pytest.approx(0.1 + 0.9 * 0.5)
    assert learning_rate(100, cfg) == pytest.approx(0.1)
    assert learning_rate(99, cfg) == pytest.approx(0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * 89 / 90)))


def test_optimizers_follow_the_spec_rules(tokenizer):
    cfg = small_train_config(tokenizer, lr=2e-3, weight_decay=0.1)
    model = EngramLM(cfg.model, tokenizer)
    optimizers = build_optimizers(model, cfg)
    tables = [m.weight for m in model.modules() if isinstance(m, ResidentTable)]
    (table_group,) = optimizers["tables"].param_groups
    assert isinstance(optimizers["tables"], torch.optim.SparseAdam)
    assert {id(p) for p in table_group["params"]} == {id(t) for t in tables}
    assert table_group["lr"] == pytest.approx(1e-2)  # x5, and SparseAdam has no weight decay at all
    decay, no_decay = optimizers["dense"].param_groups
    assert decay["weight_decay"] == 0.1 and no_decay["weight_decay"] == 0.0
    decayed = {id(p) for p in decay["params"]}
    assert id(model.blocks[0].attn.W_Q.weight) in decayed
    assert id(model.blocks[1].engram.q_weight) not in decayed and id(model.ln_final.weight) not in decayed
    every = {id(p) for p in model.parameters()}
    assert decayed | {id(p) for p in no_decay["params"]} | {id(t) for t in tables} == every
    dense_cfg = dataclasses.replace(cfg, sparse_tables=False)
    assert isinstance(build_optimizers(model, dense_cfg)["tables"], torch.optim.Adam)


def test_matched_baseline_matches_total_and_active_parameters(tokenizer):
    engram_cfg = ModelConfig.preset("tiny")
    baseline_cfg = matched_baseline(engram_cfg)
    assert baseline_cfg == ModelConfig.preset("tiny-baseline")
    assert RECIPES["baseline"].model == baseline_cfg and RECIPES["engram"].model == engram_cfg
    assert dataclasses.replace(RECIPES["engram"], model=baseline_cfg) == RECIPES["baseline"]
    engram, baseline = EngramLM(engram_cfg), EngramLM(baseline_cfg)
    # independent count: every parameter once, then subtract what a token does not touch
    total_e = sum(p.numel() for p in engram.parameters())
    total_b = sum(p.numel() for p in baseline.parameters())
    assert abs(total_e - total_b) / total_e < 0.01
    expert = 3 * 128 * 256
    tables = sum(m.weight.numel() for m in engram.modules() if isinstance(m, ResidentTable))
    active_e = total_e - tables - 5 * (4 - 1) * expert + 2 * engram_cfg.engram.memory_dim
    active_b = total_b - 5 * (10 - 1) * expert
    assert abs(active_e - active_b) / active_e < 0.01
    assert parameter_counts(engram)["active"] == active_e and parameter_counts(baseline)["active"] == active_b


def test_expert_loads_push_bias_towards_the_less_chosen_experts(tokenizer):
    model = EngramLM(small_config(tokenizer), tokenizer)
    loads = ExpertLoads(model, rate=0.5)
    moe = next(m for m in model.modules() if isinstance(m, MoE))
    name = next(n for n, m in loads.layers.items() if m is moe)

    class Hook:
        pass

    hook = Hook()
    hook.name = f"{name}.hook_expert_indices"
    loads.count(torch.tensor([[[0, 1], [0, 1], [0, 2]]]), hook)  # loads 3, 2, 1, 0; mean 1.5
    loads.rebalance()
    assert moe.expert_bias.tolist() == [-0.5, -0.5, 0.5, 0.5]
    assert loads.loads[name].sum() == 0


def test_training_lowers_validation_loss_and_writes_its_records(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    cfg = small_train_config(tokenizer)
    summary = train(cfg, train_docs, validation_docs, tokenizer, tmp_path / "run")
    first, last = summary["evals"][0], summary["validation"]
    assert set(last) == {"code", "prose", "overall", "tokens"}
    assert last["overall"] < first["overall"] < math.log(tokenizer.get_vocab_size())
    assert summary["steps"] == 12 and summary["tokens"] == 12 * 4 * 32 and summary["seed"] == 3
    metrics = (tmp_path / "run" / "metrics.csv").read_text().splitlines()
    assert metrics[0] == "step,tokens,lr,loss,tokens_per_s,elapsed_s" and len(metrics) == 1 + 6
    assert (tmp_path / "run" / "eval.csv").read_text().splitlines()[0] == "step,code,prose,overall,tokens"
    shipped = load_model(tmp_path / "run" / "final")
    assert json.loads((tmp_path / "run" / "final" / "training.json").read_text())["validation"] == last
    assert sorted(p.name for p in (tmp_path / "run").glob("state-*")) == ["state-000012"]
    assert shipped.cfg == cfg.model


def test_killed_run_resumes_to_the_same_weights_as_a_straight_run(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    cfg = small_train_config(tokenizer)
    train(cfg, train_docs, validation_docs, tokenizer, tmp_path / "straight")

    class Killed(Exception):
        pass

    def kill_after_step_6(row):
        if row["step"] == 6:  # after the step-4 checkpoint: steps 5-6 are lost and redone
            raise Killed

    with pytest.raises(Killed):
        train(cfg, train_docs, validation_docs, tokenizer, tmp_path / "resumed", on_step=kill_after_step_6)
    assert (tmp_path / "resumed" / "latest").read_text() == "state-000004"
    resumed_summary = train(cfg, train_docs, validation_docs, tokenizer, tmp_path / "resumed")
    straight, resumed = load_model(tmp_path / "straight" / "final"), load_model(tmp_path / "resumed" / "final")
    for name, tensor in weights(straight).items():
        assert torch.equal(tensor, weights(resumed)[name]), name
    steps = [row.split(",")[0] for row in (tmp_path / "resumed" / "metrics.csv").read_text().splitlines()[1:]]
    assert steps == ["2", "4", "6", "8", "10", "12"]  # no duplicates from the lost steps
    assert resumed_summary["validation"]["overall"] == pytest.approx(
        json.loads((tmp_path / "straight" / "summary.json").read_text())["validation"]["overall"]
    )


def test_resuming_with_another_config_is_refused(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    cfg = small_train_config(tokenizer, tokens=4 * 4 * 32)
    train(cfg, train_docs, validation_docs, tokenizer, tmp_path)
    with pytest.raises(TrainingError, match="another training config"):
        train(dataclasses.replace(cfg, lr=5e-3), train_docs, validation_docs, tokenizer, tmp_path)


def test_empty_inputs_are_errors_before_training(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    cfg = small_train_config(tokenizer)
    with pytest.raises(TrainingError, match="validation split is empty"):
        train(cfg, train_docs, [], tokenizer, tmp_path / "a")
    with pytest.raises(TrainingError, match="training split has 0 tokens"):
        train(cfg, [], validation_docs, tokenizer, tmp_path / "b")
    assert not (tmp_path / "a" / "latest").exists() and not (tmp_path / "b" / "latest").exists()
    with pytest.raises(TrainingError, match="less than one batch"):
        small_train_config(tokenizer, tokens=10)


def test_bf16_export_evaluates_and_ships_the_rounded_weights(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    cfg = small_train_config(tokenizer, tokens=4 * 4 * 32, save_dtype="bfloat16")
    summary = train(cfg, train_docs, validation_docs, tokenizer, tmp_path)
    shipped = load_model(tmp_path / "final")
    for name, param in shipped.named_parameters():
        assert torch.equal(param, param.bfloat16().float()), name
    fp32_copy = tmp_path / "fp32"
    save_model(shipped, fp32_copy)
    assert (tmp_path / "final" / "model.safetensors").stat().st_size < 0.6 * (fp32_copy / "model.safetensors").stat().st_size
    assert summary["validation"]["overall"] > 0


def cli_training_args(tokenizer, corpus, tmp_path) -> list[str]:
    """`engram-probe train` on the corpus as Parquet, the small model, two steps, --out tmp_path/run."""
    train_docs, validation_docs = corpus
    rows = [
        {"doc_id": d.doc_id, "text": d.text, "source": "stdlib", "domain": d.domain, "licence": "PSF", "split": split}
        for split, docs in (("train", train_docs), ("validation", validation_docs))
        for d in docs
    ]
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "corpus.parquet")
    tokenizer.save(str(tmp_path / "tokenizer.json"))
    cfg_path = tmp_path / "model.json"
    cfg_path.write_text(dataclasses.replace(small_config(tokenizer), max_seq_len=256).to_json())
    args = ["train", "--corpus", str(tmp_path / "corpus.parquet"), "--tokenizer", str(tmp_path / "tokenizer.json")]
    return args + ["--model-config", str(cfg_path), "--tokens", str(2 * 16 * 256), "--out", str(tmp_path / "run")]


def test_train_cli_trains_a_parquet_corpus_and_exports(tokenizer, corpus, tmp_path):
    args = cli_training_args(tokenizer, corpus, tmp_path)
    result = CliRunner().invoke(app, [*args, "--export", str(tmp_path / "exported")])
    assert result.exit_code == 0, result.output
    assert "validation loss" in result.output
    exported = load_model(tmp_path / "exported")
    assert exported.cfg.d_model == 32
    again = CliRunner().invoke(app, [*args, "--export", str(tmp_path / "exported")])  # a previous export is ours to replace
    assert again.exit_code == 0, again.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus.parquet", "exported", "model.json", "run", "tokenizer.json"]
    bad = CliRunner().invoke(app, ["train", "--corpus", str(tmp_path / "tokenizer.json")])
    assert bad.exit_code != 0 and "not a Parquet corpus" in bad.output


def test_train_cli_scales_the_tables_rows(tokenizer, corpus, tmp_path):
    args = cli_training_args(tokenizer, corpus, tmp_path)  # the small model's tables: 97 and 89 rows per order
    result = CliRunner().invoke(app, [*args, "--table-rows", "0.1", "--export", str(tmp_path / "exported")])
    assert result.exit_code == 0, result.output
    assert load_model(tmp_path / "exported").cfg.engram.table_base_sizes == (10, 9)  # round(9.7), round(8.9)
    fewest = CliRunner().invoke(app, [*args, "--table-rows", "0", "--out", str(tmp_path / "fewest")])
    assert fewest.exit_code == 0, fewest.output
    assert load_model(tmp_path / "fewest" / "final").cfg.engram.table_base_sizes == (2, 2)
    no_tables = CliRunner().invoke(app, ["train", "--recipe", "baseline", "--table-rows", "0.01", "--out", str(tmp_path / "b")])
    flat = " ".join(no_tables.output.replace("│", " ").split())
    assert no_tables.exit_code == 2 and "the model of the baseline recipe has none" in flat, no_tables.output
    assert not (tmp_path / "b").exists()


@pytest.mark.parametrize(
    "target, match",
    [
        (".", r"is, holds or sits inside .*run"),  # the parent of --out: the old code deleted the run with it
        ("run", r"is, holds or sits inside"),
        ("run/final", r"is, holds or sits inside"),
        ("notes", r"holds thesis\.txt, which no checkpoint manifest there lists"),
        ("notes/thesis.txt", r"File exists; pass a path that does not exist yet, or a folder"),
    ],
)
def test_export_refuses_what_it_did_not_create_before_training(tokenizer, corpus, tmp_path, target, match):
    args = cli_training_args(tokenizer, corpus, tmp_path)
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "thesis.txt").write_text("three years of work")
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "latest").write_text("state-000002")  # stands for a run in progress: it must survive
    result = CliRunner().invoke(app, [*args, "--export", str(tmp_path / target)])
    assert result.exit_code == 2 and re.search(match, " ".join(result.output.replace("│", " ").split())), result.output
    assert (tmp_path / "notes" / "thesis.txt").read_text() == "three years of work"
    assert sorted(p.name for p in (tmp_path / "run").iterdir()) == ["latest"], "nothing trained"


def test_training_into_a_directory_it_did_not_make_is_refused(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    (tmp_path / "state-old-notes").mkdir()  # a name a run never writes, though it starts like one
    with pytest.raises(TrainingError, match=r"holds state-old-notes, which no training run writes"):
        train(small_train_config(tokenizer), train_docs, validation_docs, tokenizer, tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["state-old-notes"]


def test_validation_domain_shorter_than_a_window_is_refused_before_anything_is_written(tokenizer, corpus, tmp_path):
    train_docs, _ = corpus
    tiny = Document("tiny", "x = 1", domain="prose")
    with pytest.raises(TrainingError, match=r"validation domains \{'prose': \d+\} have fewer tokens than one window of 32"):
        train(small_train_config(tokenizer), train_docs, [tiny], tokenizer, tmp_path / "run")
    assert not (tmp_path / "run").exists()


def test_documents_that_are_not_text_and_tokenizers_without_specials_are_refused(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    with pytest.raises(TrainingError, match=r"document 'n' has a text of type int"):
        train(small_train_config(tokenizer), [*train_docs, Document("n", 7)], validation_docs, tokenizer, tmp_path / "a")
    bare = Tokenizer(models.WordLevel({"a": 0, "[UNK]": 1}, unk_token="[UNK]"))
    with pytest.raises(TrainingError, match=r"no <\|bos\|> or <\|eos\|> token"):
        train(small_train_config(tokenizer), train_docs, validation_docs, bare, tmp_path / "b")
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_resuming_with_another_tokenizer_or_a_broken_state_is_refused(tokenizer, corpus, tmp_path):
    train_docs, validation_docs = corpus
    cfg = small_train_config(tokenizer, tokens=4 * 4 * 32)
    train(cfg, train_docs, validation_docs, tokenizer, tmp_path)
    content = json.loads(tokenizer.to_str())
    vocab = content["model"]["vocab"]
    first, second = tokenizer.id_to_token(300), tokenizer.id_to_token(301)
    vocab[first], vocab[second] = 301, 300  # same size, other ids
    with pytest.raises(TrainingError, match=r"cannot resume from state-000004: the given tokenizer .* is not .*tokenizer\.json"):
        train(cfg, train_docs, validation_docs, Tokenizer.from_str(json.dumps(content)), tmp_path)
    (tmp_path / "state-000004" / "progress.json").write_text("{trunc")
    with pytest.raises(TrainingError, match=r"progress\.json is missing or unreadable"):
        train(cfg, train_docs, validation_docs, tokenizer, tmp_path)


def test_train_cli_refuses_corpora_it_cannot_train_on(tmp_path):
    pq.write_table(pa.table({"text": [1, 2], "split": ["train", "validation"]}), tmp_path / "ints.parquet")
    pq.write_table(pa.table({"body": ["a", "b"]}), tmp_path / "nosplit.parquet")
    (tmp_path / "broken.parquet").write_bytes(b"PAR1 not really")
    for name, match in (
        ("ints", "column 'text' holds int64, not text"),
        ("nosplit", "has no 'text' column"),
        ("broken", "not a readable Parquet"),
    ):
        result = CliRunner().invoke(app, ["train", "--corpus", str(tmp_path / f"{name}.parquet"), "--out", str(tmp_path / name)])
        assert result.exit_code == 2 and match in " ".join(result.output.replace("│", " ").split()), result.output
        assert not (tmp_path / name).exists()
