"""The learned categorizer's fast batch path (`model.categorize_many` -> `features.feature_rows`,
numpy look-ups of character n-grams, shared verdict features, numpy evidence) against plain
references: the feature strings as `features.py` wrote them one window at a time before it
was split up (`reference_features` below, kept verbatim), looked up string by string; the
one-window path `model.categorize`; and logits summed in plain numpy from the weights.

Every comparison runs on whatever weights are loaded (the model may be retrained at any
time): two computations on the same weights, never frozen outputs."""

import numpy as np
import pytest
from test_categorize import BAD_TEXT, CASES

from probe.categorize import model
from probe.categorize.features import (
    BAG,
    EDGE,
    MAX_FOCUS,
    SCRIPT_LANGUAGE,
    STOPWORD_LANGUAGE,
    TOKEN,
    WORD,
    Vocabulary,
    _evidence_kind,
    _line,
    _script,
    _starts_sentence,
    char_gram_rows,
    edge_rows,
    feature_rows,
    features,
    guess_language,
    script_of,
    shape,
    word_case,
    zipf_bucket,
)
from probe.categorize.rules import LABELS
from probe.categorize.rules import categorize_window as rules_window
from probe.categorize.train import training_items


def reference_features(ngram: str, left: str, right: str) -> list[str]:
    """`features.features` as it was written before the batch path existed (one window, no memo)."""
    focus = ngram[:MAX_FOCUS]
    padded = f"<{focus.lower()}>"
    out = ["bias"]
    for n in (2, 3, 4):
        out += [f"f{n}:{padded[i : i + n]}" for i in range(len(padded) - n + 1)]
    words = tuple(WORD.findall(focus))
    lowered = tuple(word.lower() for word in words)
    out += [f"w:{word}" for word in lowered]
    out += [f"wb:{a}_{b}" for a, b in zip(lowered, lowered[1:])]
    focus_shape = shape(focus)
    out.append(f"sh:{focus_shape}")
    left_cut = bool(left) and left[-1].isalnum() and focus[0].isalnum()
    right_cut = bool(right) and right[0].isalnum() and focus[-1].isalnum()
    out.append(f"cut:{left_cut:d}{right_cut:d}")
    before = TOKEN.findall(left[-30:])
    after = TOKEN.findall(right[:30])
    l1 = before[-1].lower() if before else "^"
    r1 = after[0].lower() if after else "$"
    out += [
        f"l1:{l1}",
        f"l2:{before[-2].lower() if len(before) > 1 else '^'}",
        f"l1s:{shape(before[-1]) if before else '^'}",
        f"r1:{r1}",
        f"r2:{after[1].lower() if len(after) > 1 else '$'}",
        f"r1s:{shape(after[0]) if after else '$'}",
    ]
    if lowered:
        out += [f"x:{l1}|{lowered[0]}", f"x:{lowered[-1]}|{r1}"]
    edges = f"{left[-EDGE:]:^>{EDGE}}{right[:EDGE]:$<{EDGE}}"
    out += [f"le:{edges[i : i + 3]}" for i in range(EDGE - 2)]
    out += [f"re:{edges[i : i + 3]}" for i in range(EDGE, 2 * EDGE - 2)]
    out += _line(left, focus, right)
    script = reference_script_of(focus)
    language = reference_guess_language(script, f"{left[-BAG:]} {focus} {right[:BAG]}")
    out += [f"script:{script}", f"lang:{language}", f"shl:{language}:{focus_shape}"]
    starts_sentence = _starts_sentence(left)
    for index, word in enumerate(words[:4]):
        case = word_case(word)
        where = "start" if index == 0 and starts_sentence and not left_cut else "mid"
        zipf = zipf_bucket(lowered[index], language)
        out += [f"zf:{case}:{zipf}", f"zfw:{case}:{zipf}:{where}"]
        if case == "Xx":
            out.append(f"cap:{where}")
    verdict = rules_window(ngram, left, right)
    out.append(f"rule:{verdict.label}")
    out += [f"rs:{kind}:{int(score * 5)}" for kind, score in verdict.scores.items() if kind != "other" and score > 0]
    out += [f"why:{_evidence_kind(reason)}" for reason in verdict.evidence[:3]]
    return out


def reference_script_of(text: str) -> str:
    for char in text:
        if char.isalpha():
            if char < "\u0250":
                continue
            return _script(char)
    return "latin" if any(char.isalpha() for char in text) else "none"


def reference_guess_language(script: str, text: str) -> str:
    if script == "latin" or script == "none":
        counts: dict[str, int] = {}
        for word in text.lower().split():
            language = STOPWORD_LANGUAGE.get(word)
            if language:
                counts[language] = counts.get(language, 0) + 1
        return max(counts, key=counts.__getitem__) if counts else "en"
    if script == "han" and any("\u3040" <= char < "\u3100" for char in text):
        return "ja"
    return SCRIPT_LANGUAGE.get(script, "other")


def test_language_and_script_against_their_first_writing():
    texts = ["de la the of", "der die le la", "", "   ", "the, of", "東京 ひらがな", "東京", "Москва", "x \ud800", *HOSTILE]
    for text in texts:
        for script in ("latin", "none", "han", "cyrillic", "greek", "other"):
            assert guess_language(script, text) == reference_guess_language(script, text), (script, text)
        assert script_of(text) == reference_script_of(text), text


HOSTILE = [
    *BAD_TEXT,
    "İstanbul ǅemal ß ﬁ",  # lower-casing changes the length
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 beyond the BMP 𠀀",
    "a\ud83d",  # half a surrogate pair
    "x" * 5000,
    "```\ncode\n``` and `x` with # comment // and http://a.b www.c",
    "  \tindented: line\n\n\n",
]


def varied_windows() -> list[tuple[str, str, str]]:
    """Cut windows (as `model.window` cuts them, blank n-grams left out): the training items, the
    hand-written cases, hostile text in every position, None contexts, very long contexts,
    repeated windows and n-grams repeated in other contexts."""
    items = training_items()
    texts = [(item["ngram"], item["left_context"], item["right_context"]) for item in items]
    texts += [case[:3] for case in CASES]
    for odd in HOSTILE:
        texts += [(odd, "", ""), (odd, odd, odd), (" word", odd, odd), (odd, "some prose before", " after"), (odd, None, None)]
    texts += [(" the Great", None, "x"), ("Copyright", "long " * 10_000, " (c)" * 10_000), ("x", "y" * 300, "z" * 200)]
    texts += texts[:50] + [(ngram, right, left) for ngram, left, right in texts[:300]]  # the same windows; n-grams elsewhere
    windows = [model.window(*text) for text in texts]
    return [w for w in windows if w[0].strip()]


@pytest.fixture(scope="module")
def windows():
    return varied_windows()


def test_features_are_as_they_were_written(windows):
    for window in windows:
        assert features(*window) == reference_features(*window), window


def per_window(flat: np.ndarray, lengths: np.ndarray) -> list[list[int]]:
    assert flat.dtype == lengths.dtype == np.int64 and len(flat) == lengths.sum()
    return [part.tolist() for part in np.split(flat, np.cumsum(lengths)[:-1])] if len(lengths) else []


def test_batch_rows_are_the_rows_of_the_feature_strings(windows):
    vocabulary = model.bundled_model().vocabulary
    index = vocabulary.rows
    verdicts = [rules_window(*w) for w in windows]
    expected = [[index[f] for f in reference_features(*w) if f in index] for w in windows]
    assert per_window(*feature_rows(windows, verdicts, vocabulary)) == expected
    # in two halves, and reversed: a window's rows do not depend on the rest of its batch
    half = len(windows) // 2
    assert per_window(*feature_rows(windows[:half], verdicts[:half], vocabulary)) == expected[:half]
    assert per_window(*feature_rows(windows[::-1], verdicts[::-1], vocabulary)) == expected[::-1]
    assert per_window(*feature_rows([], [], vocabulary)) == []
    # a vocabulary that knows few of the features: unknown ones are left out wherever they fall
    sparse = Vocabulary.build({name: row for name, row in index.items() if row % 3 == 0})
    expected = [[sparse.rows[f] for f in reference_features(*w) if f in sparse.rows] for w in windows[:500]]
    assert per_window(*feature_rows(windows[:500], verdicts[:500], sparse)) == expected


def test_batch_results_equal_one_window_at_a_time(windows):
    """Labels, scores (exactly equal floats) and evidence of the batch path and of the readable
    one-window path, on the same weights; blank n-grams and None contexts among them."""
    texts = windows + [("", "a", "b"), ("  ", None, None), (None, None, None), ("<|pad|>", "x", "y")]
    batch = model.categorize_many(*zip(*texts))
    model._categorize_window.cache_clear()
    one_by_one = [model.categorize(*text) for text in texts]
    for text, fast, plain in zip(texts, batch, one_by_one):
        assert fast.label == plain.label and fast.evidence == plain.evidence, text
        assert tuple(fast.scores.items()) == tuple(plain.scores.items()), text  # ==, not approx


def test_batch_scores_against_plain_numpy(windows):
    """Probabilities from the weights summed in plain float64 numpy, the rules' overrides
    applied as `model.with_rule` describes: equal to float32 rounding, labels equal where the
    top two are not within that rounding."""
    bundled = model.bundled_model()
    index = bundled.index
    sample = windows[::7]
    results = model.categorize_many(*zip(*sample))
    for window, result in zip(sample, results):
        rows = [index[f] for f in reference_features(*window) if f in index]
        logits = bundled.weights[rows].astype(np.float64).sum(axis=0) + bundled.bias
        probabilities = np.exp((logits - logits.max()) / bundled.temperature)
        probabilities /= probabilities.sum()
        verdict = rules_window(*window)
        overrides = verdict.label in model.OVERRIDES and verdict.scores[verdict.label] >= model.OVERRIDE_SCORE
        ruled = verdict.label if overrides else None
        if ruled is not None:
            i = LABELS.index(ruled)
            chosen = max(bundled.meta["override_precision"][ruled], probabilities[i])
            rest = probabilities.sum() - probabilities[i]
            probabilities = probabilities * ((1.0 - chosen) / rest if rest > 0 else 0.0)
            probabilities[i] = chosen
        got = np.array([result.scores[label] for label in LABELS])
        np.testing.assert_allclose(got, probabilities, rtol=1e-4, atol=1e-6, err_msg=repr(window))
        top_two = np.sort(probabilities)[-2:]
        if ruled is not None:
            assert result.label == ruled
        elif top_two[1] - top_two[0] > 1e-4:
            assert result.label == LABELS[int(probabilities.argmax())], window


def test_char_gram_rows_on_a_hand_built_vocabulary():
    rows = {"bias": 0, "f2:<a": 1, "f2:b>": 2, "f3:<ab": 3, "f4:<ab>": 4, "f2:ab": 5, "f3:ab>": 6}
    vocabulary = Vocabulary.build({**rows, "f2:<\u00e9": 7, "f2:i\u0307": 8})  # the lower case of \u0130 is i\u0307
    # "<ab>": 2-grams <a ab b>, 3-grams <ab ab>, 4-gram <ab>; "AB" lower-cases to the same text
    all_six = [1, 5, 2, 3, 6, 4]
    assert char_gram_rows(["ab", "AB", "zz", "\u00e9", "\u0130"], vocabulary) == [all_six, all_six, [], [7], [8]]
    # repeated n-grams count every time, in the order of the text
    assert char_gram_rows(["abab"], Vocabulary.build({"f2:ab": 0, "f2:ba": 1})) == [[0, 1, 0]]
    assert char_gram_rows(["\ud800x", "東京"], vocabulary) == [[], []]
    assert char_gram_rows([], vocabulary) == []
    # a vocabulary without character n-grams finds none, and does not fail
    assert char_gram_rows(["ab"], Vocabulary.build({"bias": 0})) == [[]]


def test_edge_rows_on_a_hand_built_vocabulary():
    vocabulary = Vocabulary.build({"le:^^a": 0, "le:^ab": 1, "re:$$$": 2, "re:xy$": 3, "le:abc": 4, "f3:abc": 5})
    # left "ab" pads to "^^^^ab": trigrams ^^^ ^^^ ^^a ^ab; right "xy" pads to "xy$$$$": xy$ y$$ $$$ $$$
    assert edge_rows([("n", "ab", "xy"), ("n", "zzzabc", "")], vocabulary) == [[0, 1, 3, 2, 2], [4, 2, 2, 2, 2]]
    assert edge_rows([], vocabulary) == []


def test_vocabulary_reads_only_well_formed_gram_features():
    # a name of the wrong length for its prefix is no n-gram of that family (it can never match one)
    vocabulary = Vocabulary.build({"f2:abc": 0, "f3:ab": 1, "le:ab": 2, "f2:ab": 3})
    assert char_gram_rows(["ab"], vocabulary) == [[3]]
