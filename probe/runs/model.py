"""The model a run was probed with, opened again from what its manifest names (a bundled name
or a checkpoint directory), for the analyses that need it after the scan: the browser's logit
effects, its own-text box and the pages that compute what a plain run lacks."""

from __future__ import annotations

from pathlib import Path

from .store import RunError, read_manifest


def load_run_model(run_dir: str | Path, tier: str = "resident", device: str = "cpu", dtype: str | None = None):
    """The run's model (EngramLM or a bridged public model), checked to be the one that made the
    run: its fingerprint and tokenizer must equal the manifest's. Its backbone goes to `device`
    in `dtype`, by default the dtype the run was probed in, so that what it computes again
    matches what the run recorded. Raises RunError naming what differs and what to do."""
    from engram_model import load_model
    from engram_model.checkpoint import CheckpointError, resolve_checkpoint

    from .scan import fingerprint_model, fingerprint_tokenizer

    run_dir = Path(run_dir)
    manifest = read_manifest(run_dir)
    named = manifest.get("model")
    if not isinstance(named, str) or "model_hash" not in manifest:
        raise RunError(f"{run_dir}/manifest.json names no model; probe again with `engram-probe run --out {run_dir}`")
    try:
        directory = resolve_checkpoint(named)
        model = load_model(directory, device, tier=tier, dtype=dtype or manifest.get("dtype"))
    except CheckpointError as err:
        raise RunError(
            f"{run_dir} was probed with the model {named!r}, which cannot be opened from here ({err}); "
            "start from the directory the run was made in, or probe again with the model you have"
        ) from err
    if fingerprint_model(model, directory) != manifest["model_hash"]:
        raise RunError(
            f"the checkpoint {directory} has changed since {run_dir} was probed (its fingerprint differs from the "
            f"manifest's); probe again with `engram-probe run --model {named} --out {run_dir}`"
        )
    if fingerprint_tokenizer(model.tokenizer) != manifest.get("tokenizer_hash"):
        raise RunError(
            f"{run_dir} was probed with another tokenizer than {directory}'s own (--tokenizer); "
            "its n-grams would not match this model's: probe again without --tokenizer"
        )
    return model
