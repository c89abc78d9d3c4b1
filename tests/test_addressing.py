"""Spec §2: the public test vectors, and row ids against a straightforward reference."""

import dataclasses

import numpy as np
import pytest

from engram_model import EngramConfig, ModelConfig, NgramAddresser, layer_multipliers, table_primes
from engram_model.addressing import is_prime


def v41_flash() -> EngramConfig:
    return ModelConfig.preset("deepseek-v4.1-flash").engram


def test_spec_multipliers_for_compressed_vocab_99092():
    cfg = dataclasses.replace(v41_flash(), compressed_vocab_size=99_092, seed=0)
    assert layer_multipliers(cfg, 1) == [76632096046245, 4839876093313, 35959672319349, 73987337458391]
    assert layer_multipliers(cfg, 14) == [67716810739261, 51510806800915, 30921347202721, 82619226485591]


def test_spec_v41_flash_row_totals_and_first_prime():
    primes = table_primes(v41_flash())
    assert primes[1][0][0] == 16_000_057
    assert [sum(map(sum, primes[layer])) for layer in (1, 14)] == [384_006_168, 384_016_682]


def test_spec_demo_layer1_bigram_primes():
    primes = table_primes(ModelConfig.preset("engram-demo-v1").engram)
    assert primes[1][0][:4] == [646403, 646411, 646421, 646423]


def test_primes_are_prime_distinct_and_searched_upward():
    cfg = EngramConfig(layers=(3, 0, 5), compressed_vocab_size=500, table_base_sizes=(50, 40, 50), max_ngram=4, heads_per_order=5)
    primes = table_primes(cfg)
    flat = [p for layer in cfg.layers for order in primes[layer] for p in order]
    assert len(set(flat)) == len(flat)
    assert all(all(p % d for d in range(2, int(p**0.5) + 1)) for p in flat)
    # first layer, first order: the first five primes >= 50
    assert primes[3][0] == [53, 59, 61, 67, 71]
    # the second order starts at 40 and must skip the primes already taken (53, 59, ...)
    assert primes[3][1] == [41, 43, 47, 73, 79]
    for layer in cfg.layers:
        for base, order in zip(cfg.table_base_sizes, primes[layer]):
            assert all(p >= base for p in order) and order == sorted(order)


def test_is_prime_against_trial_division():
    def slow(n):
        return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))

    assert [n for n in range(3000) if is_prime(n)] == [n for n in range(3000) if slow(n)]
    assert is_prime(16_000_057) and not is_prime(16_000_057 * 7)


def wrap64(x: int) -> int:
    """Python int -> the int64 value two's-complement arithmetic leaves behind."""
    x &= (1 << 64) - 1
    return x - (1 << 64) if x >= 1 << 63 else x


def reference_rows(ids, multipliers, primes, max_ngram, pad):
    """One position, one order, one head at a time, in plain Python integers."""
    out = []
    for t in range(len(ids)):
        back = [ids[t - j] if t - j >= 0 else pad for j in range(max_ngram)]
        heads = []
        for n in range(2, max_ngram + 1):
            mix = wrap64(back[0] * multipliers[0])
            for j in range(1, n):
                mix = wrap64(mix ^ wrap64(back[j] * multipliers[j]))
            heads += [mix % p for p in primes[n - 2]]  # Python's % is floor-mod, like numpy's
        out.append(heads)
    return out


@pytest.mark.parametrize("vocab, max_ngram, seed", [(7, 2, 0), (99_092, 4, 0), (50_000, 3, 17), (1_000_003, 5, 3)])
def test_rows_match_reference(vocab, max_ngram, seed):
    cfg = EngramConfig(
        layers=(2, 0),
        compressed_vocab_size=vocab,
        table_base_sizes=tuple(range(1000, 1000 + 100 * (max_ngram - 1), 100)),
        max_ngram=max_ngram,
        heads_per_order=3,
        seed=seed,
        pad_id=1,
        compressed_pad_id=1,
    )
    addresser = NgramAddresser(cfg, vocab)
    rng = np.random.default_rng(seed)
    ids = rng.integers(0, vocab, size=(3, 12))
    ids[0, :3] = vocab - 1  # the largest ids make the products wrap
    rows = addresser.rows(ids)
    for layer in cfg.layers:
        assert rows[layer].shape == (3, 12, (max_ngram - 1) * 3) and rows[layer].dtype == np.int64
        for b in range(3):
            expected = reference_rows(
                ids[b].tolist(), addresser.multipliers[layer], addresser.table_sizes[layer], max_ngram, pad=1
            )
            assert rows[layer][b].tolist() == expected


def test_incremental_stream_equals_whole_sequence():
    cfg = ModelConfig.preset("deepseek-v4.1-flash").engram
    addresser = NgramAddresser(cfg)
    rng = np.random.default_rng(1)
    ids = rng.integers(0, cfg.compressed_vocab_size, size=(2, 23))
    whole = addresser.rows(ids)
    stream = addresser.stream(batch=2)
    pieces, start = [], 0
    for size in (1, 5, 1, 1, 9, 6):
        pieces.append(stream.rows(ids[:, start : start + size]))
        start += size
    for layer in cfg.layers:
        assert np.array_equal(np.concatenate([p[layer] for p in pieces], axis=1), whole[layer])
    assert stream.history.tolist() == ids[:, -3:].tolist()


def test_first_positions_are_left_filled_with_the_compressed_pad():
    cfg = EngramConfig(layers=(0,), compressed_vocab_size=100, table_base_sizes=(1009,), max_ngram=2, heads_per_order=1, pad_id=5)
    moved = NgramAddresser(cfg, compressed_pad_id=7)
    m = moved.multipliers[0]
    assert moved.rows(np.array([[3]]))[0][0, 0, 0] == wrap64((3 * m[0]) ^ (7 * m[1])) % 1009


def tokenizer_that_moves_the_pad():
    """ "a" and "A" compress to one id, so the pad (raw id 2) becomes compressed id 1."""
    from tokenizers import Tokenizer, models, pre_tokenizers

    words = ["a", "A", "<|pad|>", "b", "c", "d"]
    tokenizer = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token="d"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer.add_special_tokens(["<|pad|>"])
    return tokenizer


def test_an_addresser_built_from_the_config_left_fills_with_the_compressed_pad():
    from engram_model import EngramLM, configure_for_tokenizer

    tokenizer = tokenizer_that_moves_the_pad()
    base = ModelConfig(
        vocab_size=6,
        d_model=16,
        n_layers=1,
        n_heads=2,
        n_kv_heads=1,
        d_ff=32,
        engram=EngramConfig(layers=(0,), compressed_vocab_size=5, table_base_sizes=(101, 103), max_ngram=3, heads_per_order=2),
    )
    cfg = configure_for_tokenizer(base, tokenizer)
    assert (cfg.engram.pad_id, cfg.engram.compressed_pad_id, cfg.engram.compressed_vocab_size) == (2, 1, 5)
    addresser = NgramAddresser(cfg.engram)  # no pad id passed: the config's compressed one, not the raw 2
    ids = np.array([[3, 0, 4]])
    expected = reference_rows(ids[0].tolist(), addresser.multipliers[0], addresser.table_sizes[0], 3, pad=1)
    assert addresser.rows(ids)[0][0].tolist() == expected
    assert expected != reference_rows(ids[0].tolist(), addresser.multipliers[0], addresser.table_sizes[0], 3, pad=2)
    model = EngramLM(cfg, tokenizer)
    assert np.array_equal(model.addresser.rows(ids)[0], addresser.rows(ids)[0])


def test_an_unknown_or_contradicted_compressed_pad_is_refused():
    cfg = EngramConfig(layers=(0,), compressed_vocab_size=100, table_base_sizes=(1009,), max_ngram=2, heads_per_order=1)
    with pytest.raises(ValueError, match=r"compressed pad id is unknown: pass compressed_pad_id=lookup\[2\]"):
        NgramAddresser(cfg)
    with pytest.raises(ValueError, match="compressed_pad_id=3 disagrees with engram.compressed_pad_id=2"):
        NgramAddresser(dataclasses.replace(cfg, compressed_pad_id=2), compressed_pad_id=3)


def test_bad_shapes_are_refused():
    addresser = NgramAddresser(ModelConfig.preset("engram-demo-v1").engram)
    with pytest.raises(ValueError, match="batch, pos"):
        addresser.rows(np.arange(5))
    with pytest.raises(ValueError, match="history"):
        addresser.rows(np.zeros((2, 3), dtype=np.int64), history=np.zeros((2, 5), dtype=np.int64))
    with pytest.raises(ValueError, match="compressed_vocab_size"):
        NgramAddresser(ModelConfig.preset("engram-demo-v1").engram, compressed_vocab_size=12)


@pytest.mark.parametrize(
    "ids, match",
    [
        (np.array([[1.0, 2.0]]), "must be integer compressed token ids, got dtype float64"),
        (np.array([[True, False]]), "got dtype bool"),
        (np.array([[3, -1]]), r"ids from -1 to 3; compressed ids lie in \[0, 100\)"),
        (np.array([[3, 100]]), r"ids from 3 to 100; compressed ids lie in \[0, 100\)"),
        (np.array([[2**63 + 5]], dtype=np.uint64), "compressed ids lie in"),  # would wrap to a negative int64
    ],
)
def test_ids_that_are_not_compressed_token_ids_are_refused_not_hashed(ids, match):
    cfg = EngramConfig(
        layers=(0,), compressed_vocab_size=100, table_base_sizes=(1009,), max_ngram=2, heads_per_order=1, compressed_pad_id=2
    )
    addresser = NgramAddresser(cfg)
    with pytest.raises(ValueError, match=match):
        addresser.rows(ids)
    with pytest.raises(ValueError, match="^history"):
        addresser.rows(np.array([[4]]), history=ids[:, -1:])
    assert addresser.rows(np.array([[0, 99]], dtype=np.int32))[0].shape == (1, 2, 1)  # any integer dtype in range
