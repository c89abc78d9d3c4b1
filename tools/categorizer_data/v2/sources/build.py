"""Build items_en.jsonl (the English items of data/categorizer/v2/) from en_passages.py.

    python tools/categorizer_data/v2/sources/build.py [OUT]     # OUT: default items_en.jsonl here

Each passage: dict(genre=..., text=..., picks=[(substring, hard[, occurrence])]).
The chosen substring is snapped outward to whole tokens of data/tokenizer.json;
if that gives more than 4 tokens the span is cut to its first 4 tokens, if 1 token it is
extended by the next token.  left/right context: up to 200 characters either side.
"""

import collections
import json
import sys
from pathlib import Path

from en_passages import PASSAGES
from tokenizers import Tokenizer

DATA = Path(__file__).resolve().parents[4] / "data"
tok = Tokenizer.from_file(str(DATA / "tokenizer.json"))


def snap(text, s, e):
    enc = tok.encode(text, add_special_tokens=False)
    offs = enc.offsets
    idx = [i for i, (a, b) in enumerate(offs) if b > s and a < e]
    if not idx:
        raise ValueError("no token")
    i0, i1 = idx[0], idx[-1]
    if i1 - i0 + 1 > 4:
        i1 = i0 + 3
    if i1 == i0:
        i1 = min(i0 + 1, len(offs) - 1)
    return offs[i0][0], offs[i1][1], i1 - i0 + 1


CAP_PROSE, CAP_CODE = 10, 8


def select(passages):
    """Deterministic thinning: per genre keep CAP picks, shared across its passages in
    proportion to their pick counts, evenly spaced within each passage's pick list."""
    by_genre = collections.defaultdict(list)
    for p in passages:
        by_genre[p["genre"]].append(p)
    out = []
    for p in passages:
        g = by_genre[p["genre"]]
        cap = CAP_CODE if p["genre"].startswith("code-") else CAP_PROSE
        cap += max(0, len(g) - 2)  # one more item per passage beyond the second
        total = sum(len(x["picks"]) for x in g)
        if total <= cap:
            out.append(p)
            continue
        # largest-remainder allocation of cap over the genre's passages
        shares = [cap * len(x["picks"]) / total for x in g]
        q = [int(sh) for sh in shares]
        for i in sorted(range(len(g)), key=lambda i: -(shares[i] - q[i]))[: cap - sum(q)]:
            q[i] += 1
        qi = q[[id(x) for x in g].index(id(p))]
        # picks flagged '!' (4th element) are kept first; the rest of the quota is
        # filled with evenly spaced picks from the remaining ones
        must = [i for i, pk in enumerate(p["picks"]) if len(pk) > 3 and pk[3] == "!"]
        rest = [i for i in range(len(p["picks"])) if i not in must]
        r = max(0, qi - len(must))
        n = len(rest)
        idx = sorted(set(must) | {rest[min(n - 1, int((i + 0.5) * n / r))] for i in range(r)}) if n and r else sorted(must)
        out.append(dict(p, picks=[p["picks"][i] for i in idx]))
    return out


def main():
    items, warn = [], []
    n = 0
    for p in select(PASSAGES):
        text = p["text"]
        L = len(text)
        if not (300 <= L <= 900):
            warn.append(f"passage length {L} in {p['genre']}: {text[:40]!r}")
        for pk in p["picks"]:
            sub, hard = pk[0], pk[1]
            occ = pk[2] if len(pk) > 2 else 0
            pos = -1
            for _ in range(occ + 1):
                pos = text.find(sub, pos + 1)
            if pos < 0 and sub.startswith(" "):
                sub = sub[1:]
                pos = -1
                for _ in range(occ + 1):
                    pos = text.find(sub, pos + 1)
            if pos < 0:
                raise SystemExit(f"NOT FOUND in {p['genre']}: {sub!r}")
            s, e, nt = snap(text, pos, pos + len(sub))
            ng = text[s:e]
            if ng != sub:
                warn.append(f"snapped {p['genre']}: {sub!r} -> {ng!r} ({nt} tok)")
            n += 1
            items.append(
                {
                    "id": f"en-{n:04d}",
                    "genre": p["genre"],
                    "language": "en",
                    "hard": bool(hard),
                    "ngram": ng,
                    "left_context": text[max(0, s - 200) : s],
                    "right_context": text[e : e + 200],
                }
            )
    # validation
    texts = collections.defaultdict(list)
    for p in PASSAGES:
        texts[p["genre"]].append(p["text"])
    for it in items:
        whole = it["left_context"] + it["ngram"] + it["right_context"]
        assert any(whole in t for t in texts[it["genre"]]), it["id"]
    seen = set()
    dup = [it for it in items if (it["ngram"], it["left_context"]) in seen or seen.add((it["ngram"], it["left_context"]))]
    for d in dup:
        warn.append(f"duplicate {d['id']} {d['ngram']!r}")
    with open(sys.argv[1] if len(sys.argv) > 1 else "items_en.jsonl", "w", encoding="utf-8") as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    for w in warn:
        print("WARN", w)
    genres = json.loads((DATA / "categorizer" / "v2" / "genre_split.json").read_text())["genres"]
    c = collections.Counter(it["genre"] for it in items)
    unknown = set(c) - set(genres)
    print("unknown genres:", unknown)
    print("missing genres:", [g for g in genres if g not in c])
    for g in genres:
        print(f"{g:22s} {c.get(g, 0)}")
    h = sum(it["hard"] for it in items)
    print("items", len(items), "hard", h, f"{h / len(items):.2%}")


if __name__ == "__main__":
    main()
