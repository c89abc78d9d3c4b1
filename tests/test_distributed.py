"""The Ray engine against the local one: the same run directory bit for bit, aggregations, the
app's readers and the app itself on it, a worker killed once and on every attempt, the driver killed, resume
across engines, and the bad input it refuses. One local Ray cluster (2 CPUs, loopback only)
serves the module; worker processes are found among this process's descendants by name."""

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

# before Ray is imported: a single-machine cluster listens on loopback only (probe.runs.distributed.import_ray)
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
ray = pytest.importorskip("ray")
psutil = pytest.importorskip("psutil")

from adversarial.test_runs import assert_every_document_once, gate_rows, invoke, run_args, wait_for, write_corpus
from test_probing import run_cli

from engram_model import save_model
from probe.cli.serve import browser_script
from probe.runs import artefacts, queries
from probe.runs.aggregate import gate_histogram, ngram_stats, top_ngrams
from probe.runs.distributed import READ_CPUS, RayEngineError, RayOptions, check_joins, worker_resources
from probe.runs.store import RUN_ID_KEY, committed_shards

pytestmark = [pytest.mark.ray, pytest.mark.slow]

OPTIONS = ("--shard-tokens", 60, "--batch-size", 3, "--max-tokens", 16)  # several shards, documents in several chunks


@pytest.fixture(scope="module")
def checkpoint(model, tmp_path_factory):
    """The small model, saved once for the module: every worker loads it by path."""
    return save_model(model, tmp_path_factory.mktemp("model") / "ckpt")


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, _node_ip_address="127.0.0.1", include_dashboard=False, object_store_memory=256 * 2**20)
    address = ray.get_runtime_context().gcs_address
    assert address.startswith("127.0.0.1:")
    yield address
    ray.shutdown()


def ray_args(checkpoint, corpus, out, *extra):
    return run_args(checkpoint, corpus, out, "--engine", "ray", *extra)


def scan_workers() -> list:
    """This process's Ray actors that hold a model (Ray titles them after the class)."""
    found = []
    for process in psutil.Process().children(recursive=True):
        try:
            if "ScanWorker" in " ".join(process.cmdline()):
                found.append(process)
        except psutil.Error:  # gone meanwhile
            pass
    return found


def shard_files(run_dir) -> dict[str, tuple]:
    """Each shard file as (its rows, its footer but the run's id, its row groups): what two runs
    of one corpus share to the bit; they differ in their id only (`probe.runs.store.RUN_ID_KEY`)."""
    own = (RUN_ID_KEY.encode(), b"ARROW:schema")  # the schema's copy of the footer holds the id too
    return {
        path.name: (
            json.dumps(pq.read_table(path).to_pylist(), default=str),
            {key: value for key, value in pq.read_metadata(path).metadata.items() if key not in own},
            pq.read_metadata(path).num_row_groups,
        )
        for path in sorted((run_dir / "shards").glob("*.parquet"))
    }


def same(a: pa.Table, b: pa.Table) -> bool:
    """Equal tables, NaN equal to NaN (a log-prob with no next token)."""
    return a.schema == b.schema and json.dumps(a.to_pylist(), default=str) == json.dumps(b.to_pylist(), default=str)


def app_on(run_dir, page: str, monkeypatch):
    """The gate browser (the script `engram-probe app` serves) at `page` on `run_dir`, through Streamlit's AppTest."""
    from streamlit.testing.v1 import AppTest

    monkeypatch.setattr(sys, "argv", [str(browser_script()), str(run_dir)])
    app = AppTest.from_file(str(browser_script()), default_timeout=60).run()
    app.switch_page(page).run()
    assert not app.exception, [e.message for e in app.exception]
    return app


def test_a_ray_run_holds_what_a_local_run_holds_bit_for_bit(checkpoint, cluster, tmp_path, monkeypatch):
    corpus = write_corpus(tmp_path / "c.jsonl", 12)
    local, distributed = tmp_path / "local", tmp_path / "ray"
    assert invoke(*run_args(checkpoint, corpus, local, *OPTIONS))[0] == 0
    # two workers on two CPUs: actors claiming a whole CPU each would leave the read none, and hang
    code, output = invoke(*ray_args(checkpoint, corpus, distributed, *OPTIONS, "--workers", 2))
    assert code == 0 and "12 documents (12 new, 0 already done)" in output and "on 2 Ray workers" in output, output
    ours, theirs = shard_files(distributed), shard_files(local)
    assert len(theirs) > 4 and list(ours) == list(theirs)
    for name in theirs:  # the same rows, gates and commit points, to the byte
        assert ours[name] == theirs[name], name
    report = json.loads((distributed / "report.json").read_text())
    assert report["complete"] and report["this_session"]["engine"] == "ray" and report["this_session"]["workers"] == 2
    # batches go to whichever worker has loaded its model: on a scan this short the first one up
    # may take them all, so only an upper bound holds here (bench_ray.py's two-worker speed-up shows them sharing one)
    assert 1 <= len(report["this_session"]["worker_peak_rss_mib"]) <= 2
    # aggregations and the app's readers see a ray run as a local one
    assert same(ngram_stats(distributed), ngram_stats(local))
    assert same(gate_histogram(distributed), gate_histogram(local))
    assert same(top_ngrams(distributed, n=5, min_count=1), top_ngrams(local, n=5, min_count=1))
    assert artefacts.check_run(distributed).warnings == artefacts.check_run(local).warnings
    assert queries.overview(distributed) == queries.overview(local)
    first = queries.document_list(distributed).column("doc_id")[0].as_py()
    assert queries.document_text(distributed, first) == queries.document_text(local, first)
    assert same(queries.token_categories(distributed, first, 0, 50), queries.token_categories(local, first, 0, 50))
    assert same(queries.ngram_table(distributed, 1, 2), queries.ngram_table(local, 1, 2))
    for page in ("views/overview.py", "views/documents.py", "views/ngrams.py"):  # and the app opens it as it opens a local run
        ours, theirs = app_on(distributed, page, monkeypatch), app_on(local, page, monkeypatch)
        assert [m.value for m in ours.metric] == [m.value for m in theirs.metric] and len(ours.dataframe) == len(
            theirs.dataframe
        ), page
        assert len(ours.sidebar.warning) == len(theirs.sidebar.warning), [w.value for w in ours.sidebar.warning]


def assert_same_rows(resumed, whole) -> None:
    """Every row of an uninterrupted run, its gates to float32 rounding: a resumed run's plan
    starts afresh, so its chunks share batches with other chunks than before."""
    got, want = gate_rows(resumed), gate_rows(whole)
    assert [row[:5] for row in got] == [row[:5] for row in want]
    np.testing.assert_allclose([row[5] for row in got], [row[5] for row in want], rtol=1e-5, atol=1e-6)


def test_either_engine_resumes_the_others_run_and_refuses_other_options(checkpoint, cluster, tmp_path):
    corpus = write_corpus(tmp_path / "c.jsonl", 9)
    whole, mixed = tmp_path / "whole", tmp_path / "mixed"
    assert invoke(*run_args(checkpoint, corpus, whole, *OPTIONS))[0] == 0
    assert invoke(*run_args(checkpoint, corpus, mixed, *OPTIONS, "--limit", 3))[0] == 0
    shards = committed_shards(mixed)
    code, output = invoke(*ray_args(checkpoint, corpus, mixed, "--shard-tokens", 99, "--batch-size", 3, "--max-tokens", 16))
    assert code != 0 and "options.shard_tokens (--shard-tokens): the run has 60, this call 99" in output, output
    assert committed_shards(mixed) == shards
    # the workers map the tables from disk (any tier serves the same gates, so it is no part of the run's identity)
    code, output = invoke(*ray_args(checkpoint, corpus, mixed, *OPTIONS, "--limit", 6, "--tier", "mmap"))
    assert code == 0 and "(3 new, 3 already done)" in output, output
    code, output = invoke(*run_args(checkpoint, corpus, mixed, "--shard-tokens", 99, "--batch-size", 3, "--max-tokens", 16))
    assert code != 0 and "options.shard_tokens (--shard-tokens): the run has 60, this call 99" in output, (
        output
    )  # the local engine refuses as Ray did
    code, output = invoke(*run_args(checkpoint, corpus, mixed, *OPTIONS))  # and the local engine finishes it
    assert code == 0 and "(3 new, 6 already done)" in output, output
    assert_every_document_once(mixed, 9)
    assert_same_rows(mixed, whole)


def test_a_bridged_checkpoint_on_ray_records_what_a_local_run_records(cluster, tmp_path):
    """A tiny random Qwen4-Exp transformers checkpoint: each worker loads it through the bridge
    and reads documents as Qwen does (no BOS), so a Ray run holds a local run's gates."""
    pytest.importorskip("transformers")
    from test_qwen4_exp_bridge import build_causal_lm, save
    from test_qwen4_exp_run import qwen_like_tokenizer

    qwen = save(build_causal_lm(), tmp_path / "qwen", tokenizer=False)
    qwen_like_tokenizer(qwen / "tokenizer.json")
    corpus = write_corpus(tmp_path / "c.jsonl", 12)
    local, distributed = tmp_path / "local", tmp_path / "ray"
    assert invoke(*run_args(qwen, corpus, local, *OPTIONS))[0] == 0
    code, output = invoke(*ray_args(qwen, corpus, distributed, *OPTIONS, "--workers", 2))
    assert code == 0 and "12 documents (12 new, 0 already done)" in output and "on 2 Ray workers" in output, output
    assert_every_document_once(distributed, 12)
    assert_same_rows(distributed, local)


def kill_workers(run_dir, every: bool, stop: threading.Event, killed: list) -> None:
    """Once the run has committed a shard, SIGKILL its worker: once, or every one seen until `stop`."""
    wait_for(lambda: committed_shards(run_dir) or stop.is_set(), "a first commit")
    while not stop.is_set():
        for process in scan_workers():
            if process.pid not in killed:
                os.kill(process.pid, signal.SIGKILL)
                killed.append(process.pid)
                if not every:
                    return
        time.sleep(0.05)


def run_while_killing(args, run_dir, every: bool) -> tuple[int, str, list]:
    stop, killed = threading.Event(), []
    killer = threading.Thread(target=kill_workers, args=(run_dir, every, stop, killed))
    killer.start()
    try:
        code, output = invoke(*args)
    finally:
        stop.set()
        killer.join()
    return code, output, killed


def test_a_worker_killed_mid_run_is_retried_by_ray_without_duplicates(checkpoint, cluster, tmp_path):
    corpus = write_corpus(tmp_path / "c.jsonl", 60)
    local, distributed = tmp_path / "local", tmp_path / "ray"
    options = ("--shard-tokens", 40, "--batch-size", 2)
    assert invoke(*run_args(checkpoint, corpus, local, *options))[0] == 0
    code, output, killed = run_while_killing(ray_args(checkpoint, corpus, distributed, *options), distributed, every=False)
    assert code == 0, output
    assert len(killed) == 1
    report = json.loads((distributed / "report.json").read_text())
    assert report["this_session"]["documents"] == 60
    assert_every_document_once(distributed, 60)
    assert gate_rows(distributed) == gate_rows(local)  # a retried batch is the same batch: bit for bit


def test_a_worker_that_dies_on_every_attempt_stops_the_run_keeping_its_commits(checkpoint, cluster, tmp_path):
    corpus = write_corpus(tmp_path / "c.jsonl", 60)
    run_dir = tmp_path / "run"
    args = ray_args(checkpoint, corpus, run_dir, "--shard-tokens", 40, "--batch-size", 2)
    code, output, killed = run_while_killing(args, run_dir, every=True)
    assert code == 1 and "error: the Ray scan stopped at batch" in output, output
    assert "committed so far, each once; fix the cause and run the same command to resume" in output, output
    assert len(killed) >= 2 and "Traceback" not in output
    kept = committed_shards(run_dir)
    assert kept and not (run_dir / "report.json").exists()
    code, output = invoke(*args)  # nothing was lost: resuming completes every document once
    assert code == 0, output
    assert committed_shards(run_dir)[: len(kept)] == kept
    assert_every_document_once(run_dir, 60)


def test_a_killed_driver_resumes_every_document_exactly_once(checkpoint, cluster, tmp_path):
    corpus = write_corpus(tmp_path / "c.jsonl", 80)
    local, run_dir = tmp_path / "local", tmp_path / "run"
    options = ("--shard-tokens", 40, "--batch-size", 2)
    driver = run_cli(*ray_args(checkpoint, corpus, run_dir, *options, "--address", cluster))
    wait_for(lambda: len(committed_shards(run_dir)) >= 2 or driver.poll() is not None, "two commits")
    os.kill(driver.pid, signal.SIGKILL)
    output, _ = driver.communicate()
    assert driver.returncode == -signal.SIGKILL, output
    assert not (run_dir / "report.json").exists(), "the run finished before it was killed; make the corpus longer"
    code, output = invoke(*ray_args(checkpoint, corpus, run_dir, *options))
    assert code == 0 and "already done" in output, output
    assert_every_document_once(run_dir, 80)
    assert invoke(*run_args(checkpoint, corpus, local, *options))[0] == 0
    assert_same_rows(run_dir, local)


def test_worker_resources_leave_the_read_its_share_and_refuse_what_cannot_be_placed():
    two_cpus = [{"CPU": 2.0}]
    for workers in (1, 2, 7):
        cpus, threads = worker_resources(RayOptions(workers=workers), two_cpus)
        assert workers * cpus + READ_CPUS <= 2.0 and threads >= 1
    assert worker_resources(RayOptions(workers=1), two_cpus) == (1.75, 2)  # one worker runs as many threads as the local engine
    with pytest.raises(
        RayEngineError, match=r"--workers 2 with 1 CPUs each, plus 0.25 for reading, do not fit: the cluster has 2 CPUs"
    ):
        worker_resources(RayOptions(workers=2, cpus_per_worker=1.0), two_cpus)  # the known hang: refused
    with pytest.raises(
        RayEngineError, match=r"and 1 GPUs each do not fit: the cluster has 2 CPUs and 0 GPUs on 1 node\(s\), room for 0"
    ):
        worker_resources(RayOptions(workers=1, gpus_per_worker=1.0), two_cpus)
    nodes = [{"CPU": 8.0, "GPU": 1.0}, {"CPU": 8.0, "GPU": 1.0}]
    assert worker_resources(RayOptions(workers=2, gpus_per_worker=1.0, cpus_per_worker=4.0), nodes) == (4.0, 4)
    with pytest.raises(RayEngineError, match="room for 2 such workers"):
        worker_resources(RayOptions(workers=3, gpus_per_worker=1.0, cpus_per_worker=2.0), nodes)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_address_that_is_no_ray_head_is_refused_within_seconds(checkpoint, tmp_path):
    port = free_port()
    with pytest.raises(RayEngineError, match=rf"--address 127.0.0.1:{port}: nothing answers there \(Connection refused\)"):
        check_joins(f"127.0.0.1:{port}")
    with pytest.raises(RayEngineError, match="expected HOST:PORT"):
        check_joins("127.0.0.1")
    with socket.socket() as listener:  # answers, but is no Ray head: Ray itself would wait without end
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        address = f"127.0.0.1:{listener.getsockname()[1]}"
        with pytest.raises(RayEngineError, match="something answers there, but no Ray cluster could be joined within 5 s"):
            check_joins(address, timeout=5)
    # end to end, from a driver of its own (this process has joined a cluster already)
    corpus = write_corpus(tmp_path / "c.jsonl", 2)
    done = subprocess.run(
        [sys.executable, "-m", "probe", *ray_args(checkpoint, corpus, tmp_path / "run", "--address", f"127.0.0.1:{port}")],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ, COLUMNS="400"),
    )
    assert done.returncode == 1 and f"error: --address 127.0.0.1:{port}: nothing answers there" in done.stderr, done.stderr
    assert not (tmp_path / "run").exists()


def test_without_ray_the_error_names_the_extra_and_nothing_is_written(checkpoint, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed: `import ray` fails
    corpus = write_corpus(tmp_path / "c.jsonl", 2)
    code, output = invoke(*ray_args(checkpoint, corpus, tmp_path / "run"))
    assert code == 1 and "--engine ray needs Ray, which is not installed: pip install 'engram-probe[ray]'" in output, output
    assert "pip install '.[ray]'" in output
    assert not (tmp_path / "run").exists()


def test_ray_options_without_the_ray_engine_are_refused(checkpoint, tmp_path):
    corpus = write_corpus(tmp_path / "c.jsonl", 2)
    code, output = invoke(*run_args(checkpoint, corpus, tmp_path / "run", "--workers", 2, "--address", "127.0.0.1:1"))
    assert code == 2 and "--address, --workers only apply to --engine ray" in output, output
    assert not (tmp_path / "run").exists()
