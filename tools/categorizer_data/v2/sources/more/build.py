"""Build items_more.jsonl (the "mo-" items of data/categorizer/v2/) from passages.py.

    python tools/categorizer_data/v2/sources/more/build.py [-v] [OUT]     # OUT: default items_more.jsonl here
"""
import collections
import json
import sys
from pathlib import Path

from passages import PASSAGES
from tokenizers import Tokenizer

DATA = Path(__file__).resolve().parents[5] / 'data'
tok = Tokenizer.from_file(str(DATA / 'tokenizer.json'))
LATIN = {'en','fr','es','nl','de','it','pt','pl','tr','vi'}
items = []
warn = 0
VERBOSE = '-v' in sys.argv
for pi, p in enumerate(PASSAGES):
    text = p['text']
    lang = p['language']
    enc = tok.encode(text, add_special_tokens=False)
    offs = [o for o in enc.offsets if o[1] > o[0]]
    for sp in p['spans']:
        ng, hard = sp[0], sp[1]
        nth = sp[2] if len(sp) > 2 else 0
        s = -1
        for _ in range(nth + 1):
            s = text.find(ng, s + 1)
        if s < 0:
            print('NOT FOUND', pi, repr(ng))
            warn += 1
            continue
        e = s + len(ng)
        ascii_span = all(ord(c) < 128 for c in ng)
        mode = sp[3] if len(sp) > 3 else 'end'
        if lang == 'en' or (ascii_span and lang not in LATIN) or lang in LATIN:
            strict = lang == 'en' or ascii_span
            # pieces: tokens overlapping the span, byte tokens of one character merged
            idx = []
            for k, o in enumerate(offs):
                if o[1] > s and o[0] < e and (not idx or offs[idx[-1]] != o):
                    idx.append(k)
            cap = 4 if strict else 6
            idx = idx[:cap] if mode == 'start' else idx[-cap:]
            if len(idx) < 2:
                k0 = idx[0]
                idx = [k0 - 1, k0] if k0 > 0 else [k0, k0 + 1]
            s2, e2 = offs[idx[0]][0], offs[idx[-1]][1]
            frag = (s2 > 0 and text[s2-1].isalnum() and text[s2].isalnum()) or (e2 < len(text) and text[e2-1].isalnum() and text[e2].isalnum())
            if frag and not hard:
                hard = True
            if VERBOSE:
                print(pi, lang, repr(ng), '->', repr(text[s2:e2]), 'H' if hard else '')
            s, e = s2, e2
        else:
            lim = 6 if lang in ('zh', 'ja', 'ko') else 14
            if lang in ('ar', 'hi') and s > 0 and text[s-1] == ' ':
                s -= 1
            if not 1 <= e - s <= lim:
                print('LEN', pi, repr(ng))
                warn += 1
            if VERBOSE:
                print(pi, lang, repr(ng), 'H' if hard else '')
        items.append(dict(genre=p['genre'], language=lang, hard=bool(hard), ngram=text[s:e],
                          left_context=text[max(0, s-200):s], right_context=text[e:e+200], _p=pi))
# sort: en first then others
items.sort(key=lambda it: (it['language'] != 'en',))
out = []
for i, it in enumerate(items, 1):
    pi = it.pop('_p')
    rec = {'id': f'mo-{i:04d}', **it}
    assert rec['left_context'] + rec['ngram'] + rec['right_context'] in PASSAGES[pi]['text']
    out.append(rec)
assert len({r['id'] for r in out}) == len(out)
for p in PASSAGES:
    if not 300 <= len(p['text']) <= 900:
        print('PLEN', len(p['text']), p['genre'], p['language'])
OUT = ([a for a in sys.argv[1:] if a != '-v'] or ['items_more.jsonl'])[0]
with open(OUT, 'w', encoding='utf-8') as f:
    f.writelines(json.dumps(r, ensure_ascii=False) + '\n' for r in out)
print('items', len(out), 'warn', warn)
print(collections.Counter(r['language'] for r in out))
print(collections.Counter(r['genre'] for r in out))
print('hard share', sum(r['hard'] for r in out) / len(out))
split = json.loads((DATA / 'categorizer' / 'v2' / 'genre_split.json').read_text())['genres']
print(collections.Counter(split[r['genre']] for r in out))
