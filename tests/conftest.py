import os
import shutil
import sysconfig
import tempfile
from pathlib import Path

import pytest
import torch

from engram_model import EngramConfig, EngramLM, ModelConfig, MoEConfig, configure_for_tokenizer, save_model, train_bpe
from engram_model.corpus import Document
from engram_model.train import TrainConfig

SHORT_BASETEMP = pytest.StashKey[str]()


def pytest_configure(config):
    """The suite runs on every core (pytest-xdist, `-n auto` in pyproject.toml), each worker in
    `BASETEMP/popen-gwN`. Commands print their paths on the console and tests read them back, so
    the temporary folders stay as short as a serial run's: `/tmp/ep-XXXXXXXX`, removed when the
    suite ends (pytest's own default, `/tmp/pytest-of-USER/pytest-N`, is longer)."""
    if hasattr(config, "workerinput"):  # a worker: the console width the suite was started with, not xdist's own
        os.environ.pop("COLUMNS", None)
        if config.workerinput["columns"] is not None:
            os.environ["COLUMNS"] = config.workerinput["columns"]
    elif config.option.basetemp is None:
        config.option.basetemp = config.stash[SHORT_BASETEMP] = tempfile.mkdtemp(prefix="ep-")


def pytest_configure_node(node):
    """(pytest-xdist) Hand each worker the COLUMNS of the suite's own environment: workers start
    with COLUMNS=80 set, which fixes rich's console at 80 columns where a serial run's is wider."""
    node.workerinput["columns"] = os.environ.get("COLUMNS")


def pytest_unconfigure(config):
    if SHORT_BASETEMP in config.stash:
        shutil.rmtree(config.stash[SHORT_BASETEMP], ignore_errors=True)


def pytest_collection_modifyitems(config, items):
    """A `gpu` test skips itself on a machine without CUDA, so one suite runs everywhere."""
    if torch.cuda.is_available():
        return
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(pytest.mark.skip(reason="needs a CUDA device"))


@pytest.fixture(scope="session")
def tokenizer():
    """A small byte-level BPE trained on real text: the stdlib's `email` package."""
    files = sorted((Path(sysconfig.get_paths()["stdlib"]) / "email").glob("*.py"))
    return train_bpe((f.read_text(encoding="utf-8") for f in files), vocab_size=1024)


def documents(n=6) -> list[Document]:
    """n short documents cycling through prose, a licence and code, each longer than the last."""
    texts = [
        "Alexander the Great was born in Pella, the capital of Macedon. The Milky Way is a galaxy.",
        "Permission is hereby granted, free of charge, to any person obtaining a copy of this software.",
        "def main(argv):\n    return parse(argv[1:])\n",
    ]
    return [Document(f"d{i}", texts[i % 3] * (1 + i), domain=["prose", "licence", "code"][i % 3]) for i in range(n)]


def small_config(tokenizer, **engram_overrides) -> ModelConfig:
    """Every component switched on (MoE, 2 hyper-connection streams, Engram at two layers)
    at a size that runs in milliseconds."""
    vocab_size = tokenizer.get_vocab_size()
    engram = dict(
        layers=(1, 2),
        compressed_vocab_size=vocab_size,
        table_base_sizes=(97, 89),
        max_ngram=3,
        heads_per_order=2,
        head_dim=8,
    )
    engram.update(engram_overrides)
    cfg = ModelConfig(
        vocab_size=vocab_size,
        d_model=32,
        n_layers=3,
        n_heads=4,
        n_kv_heads=2,
        d_ff=64,
        moe=MoEConfig(n_routed=4, top_k=2, d_expert=32, n_shared=1),
        first_dense_layers=1,
        hc_streams=2,
        max_seq_len=128,
        engram=EngramConfig(**engram),
    )
    return configure_for_tokenizer(cfg, tokenizer)


@pytest.fixture(scope="session")
def model(tokenizer):
    torch.manual_seed(0)
    return EngramLM(small_config(tokenizer), tokenizer).eval()


@pytest.fixture
def checkpoint(model, tmp_path):
    """The session's small model saved as a checkpoint directory of its own."""
    return save_model(model, tmp_path / "ckpt")


@pytest.fixture
def text():
    return "Alexander the Great was born in Pella. Permission is hereby granted, free of charge."


def stdlib_documents(package: str, domain: str) -> list[Document]:
    files = sorted((Path(sysconfig.get_paths()["stdlib"]) / package).glob("*.py"))
    return [Document(f.name, f.read_text(encoding="utf-8"), domain=domain) for f in files]


@pytest.fixture(scope="module")
def corpus():
    """(train, validation): real text from two stdlib packages, two domains in validation."""
    email, json_docs = stdlib_documents("email", "code"), stdlib_documents("json", "prose")
    return email[:-3] + json_docs[:-1], email[-3:] + json_docs[-1:]


def small_train_config(tokenizer, **overrides) -> TrainConfig:
    """12 steps of 4 x 32 tokens on `small_config`, a checkpoint every 4 steps."""
    fields = dict(
        model=small_config(tokenizer),
        tokens=12 * 4 * 32,
        seq_len=32,
        batch_size=4,
        lr=1e-2,
        warmup_steps=3,
        eval_every=5,
        eval_tokens_per_domain=256,
        checkpoint_every=4,
        log_every=2,
        seed=3,
    )
    return TrainConfig(**{**fields, **overrides})


def write_app_results(run: Path, checkpoint: str, corpus: Path, tokens: int) -> None:
    """Every result file the gate browser shows, written into `run` by the commands that make
    them (similarity, lens, ablation, row statistics, offload plan) on `tokens` tokens of
    `corpus`, plus the recorded offload benchmark and V4.1 traffic."""
    from typer.testing import CliRunner

    from probe.cli import app as cli

    results = Path(__file__).resolve().parent.parent / "benchmarks" / "results"
    offload = run / "offload"
    offload.mkdir()
    common = ["--corpus", str(corpus), "--tokens", str(tokens), "--out", str(run / "analysis")]
    shutil.copy(results / "offload.json", offload / "offload.json")
    shutil.copy(results / "v41_traffic.json", offload / "traffic.json")
    for args in (
        ["similarity", "--a", checkpoint, "--b", checkpoint, "--positions", "all", "--minibatch", "64", *common],
        ["lens", checkpoint, *common],
        ["ablate", checkpoint, *common],
        ["offload", "rowstats", str(corpus), "--model", checkpoint, "--json", str(offload / "rowstats.json")],
        ["offload", "plan", "--traffic", str(offload / "traffic.json"), "--out", str(offload)],
    ):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output


def restamped_shard(source: Path, target: Path, seq: int) -> None:
    """Write a copy of the shard file `source` at `target` stamped as the run's shard `seq`: what
    the run itself would have committed under that number (an unstamped copy is refused as foreign)."""
    import pyarrow.parquet as pq

    footer = {**pq.read_metadata(source).metadata, b"engram_probe.shard": f"{seq:06d}".encode()}
    footer.pop(b"ARROW:schema", None)
    pq.write_table(pq.read_table(source).replace_schema_metadata(footer), target)
