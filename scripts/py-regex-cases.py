#!/usr/bin/env python3
"""The canvas differential's cases (scripts/py-regex-differential.test.ts), computed by CPython.

ChatGPT's canvas runs each update as `re.finditer(pattern, text, re.DOTALL)` with `Match.expand(replacement)`
on the first match (`multiple: false`) or on every one. This script generates patterns from a grammar of the
constructs Python and JavaScript read differently (Unicode \\w \\d \\s \\b, `$` before a final newline, \\A \\Z,
empty matches next to others, inline and scoped flags, named groups, atomic groups and possessive
quantifiers, lookbehind widths, bad escapes, ...) and of ordinary ones, replacements with group references and
escapes, and texts with Unicode letters, digits, spaces and newlines; CPython gives each result, or the error
it raises. Seeded: the same Python gives the same file.

    python3 scripts/py-regex-cases.py > scripts/fixtures/py-regex-cases.json

Each case is `[text, pattern, replacement, multiple, outcome]`, the outcome one of
`{"result": str}`, `{"result": null}` (no match), `{"error": str}`: what the canvas shows after the update.

That is CPython's `re` with one rule of the canvas's own (PY_REWRITE in py-regex.ts): with `multiple`, a
pattern that matched the whole text (`.*`) is one rewrite of it; the empty string left at its end is not a
second match. Literal `re.finditer` would write the replacement twice there. Real exported chats hold
`{"pattern": ".*", "multiple": true}` updates followed by more updates of the same document, the document
written once (a doubled document would be in front of the user and the model). Those cases also hold
`"finditer"`: the literal text, so the rule stays visible in the fixture.
"""

import json
import warnings
import random
import re
import signal
import sys

SEED = 40
COUNT = 8000

rng = random.Random(SEED)

WORDS = ['alpha', 'beta', 'x', 'foo', 'bar', 'café', 'über', 'straße', 'naïve', 'İstanbul', 'ıx', 'Kelvin',
         'ſtar', 'σοφία', 'Ωmega', 'день', '数据', '٣٤', '²', '½', '१२', 'x1', 'A_b', 'KK', 'sS', 'ǅ', 'fiﬁ',
         '42', '7', 'the', 'The', 'THE', 'a', 'b', 'ab', 'ba', 'aaa', 'abab', '123', 'é', 'ü']
SEPS = [' ', ' ', ' ', '\n', '\t', '\u00a0', '\u3000', '\u2028', '\x1c', '\x85', '\r\n', ', ', '.', '-', '_',
        '', '  ', '\ufeff', '\u200b', '\n\n', '(', ')', '"', "'", ':']


def text():
    if rng.random() < 0.03:
        return ''
    parts = []
    for _ in range(rng.randint(1, 9)):
        parts.append(rng.choice(WORDS))
        parts.append(rng.choice(SEPS))
    t = ''.join(parts)
    r = rng.random()
    if r < 0.4:
        t = t.rstrip('\n') + '\n'
    elif r < 0.5:
        t = t + '\n\n'
    elif r < 0.8:
        t = t.rstrip('\n')
    return t


def lit(t):
    """A literal taken from the text, escaped the ways a model writes it."""
    if t and rng.random() < 0.7:
        i = rng.randrange(len(t))
        s = t[i:i + rng.randint(1, 4)]
    else:
        s = rng.choice(['a', 'b', 'x', 'é', 'ß', 'İ', 'ı', 'k', 's', '٣', '1', ' ', '-', '.', '\n'])
    out = ''
    for c in s:
        r = rng.random()
        if c in '.^$*+?{}[]\\|()':
            out += '\\' + c
        elif c == '\n' and r < 0.5:
            out += '\\n'
        elif c == '\t' and r < 0.5:
            out += '\\t'
        elif c in '"\':-,#& ~' and r < 0.3:
            out += '\\' + c
        elif r < 0.03:
            out += '\\x%02x' % ord(c) if ord(c) < 256 else '\\u%04x' % ord(c) if ord(c) < 0x10000 else c
        else:
            out += c
    return out


BAD_CLASSES = ['[a--b]', '[z-a]', '[\\d-z]', '[a-\\d]', '[', '[^', '[\\A]', '[\\Z]', '[\\B]', '[\\8]', '[\\q]']
CLASSES = ['[abc]', '[a-z]', '[^a-z]', '[A-Z]', '[\\w-]', '[\\d\\s]', '[é-ü]', '[]a]', '[\\]x]', '[^\\W\\d]',
           '[0-9]', '[^\\s]', '[a-zA-Z_]', '[\\S\\n]', '[.]', '[-a]', '[a-]', '[\\b]', '[\\x41-\\x5a]', '[[a]',
           '[^]]', '[\\-\\]]', '[\\u00e0-\\u00ff]', '[ \\t]', '[^\\n]', '[\\w.]', '[\\1]', '[&&a]', '[ſ]', '[k]',
           '[\\N{LATIN SMALL LETTER A}]', '[^\\x00-\\x7f]', '[²½]', '[\\s\\S]']
BAD_ESCAPES = ['\\z', '\\q', '\\e', '\\G', '\\8']
ANCHORS = ['\\b', '\\B', '\\A', '\\Z', '^', '$', '\\b\\w+\\b']
ESCAPES = ['\\w', '\\d', '\\s', '\\W', '\\D', '\\S', '.', '\\w+', '\\d+', '\\s+', '\\S+', '\\W+', '\\n', '\\t', '\\x20', '\\u00e9', '\\0', '\\012', '\\N{DIGIT ONE}', '\\U0001F600', '\\.', '\\"', '\\:', '\\-', '\\#', '\\ ', '\\%', '\\<',
           '\\>', '\\%', '\\@', '\\!', '\\=', '\\/', '\\&', '\\~', '\\`', '\\;', '\\,', '\\\'']
QUANTS = ['*', '+', '?', '*?', '+?', '??', '{2}', '{1,3}', '{,2}', '{2,}', '{1,3}?', '*+', '++', '?+', '{1,2}+',
          '{', '{,}', '{x}', '{1', '{0}']
BAD_QUANTS = ['{3,1}', '**', '+*']
FLAGS = 'imsxa'


class Gen:
    """One pattern: `bad` lets in the constructs Python refuses; `groups` counts the groups opened so far."""

    def __init__(self, t, bad):
        self.t = t
        self.bad = bad
        self.groups = 0
        self.names = []

    def atom(self, depth):
        """An atom and whether a quantifier may follow it."""
        r = rng.random()
        if self.bad and r < 0.08:
            return rng.choice(BAD_CLASSES + BAD_ESCAPES + ['', ')', '|', '*', '(?i)', '(?L)', '(?<n>a)', '(?<=a*)',
                                                           '(?P<n>a)(?P<n>b)', '(?P=zz)', '\\9', '(?(1)a|b)',
                                                           '(?P<1a>x)', '(?i-i:a)', '(?P<n>a\\1)']), True
        if depth > 2 or r < 0.35:
            return lit(self.t), True
        if r < 0.5:
            return rng.choice(CLASSES), True
        if r < 0.62:
            return rng.choice(ESCAPES), True
        if r < 0.7:
            return rng.choice(ANCHORS), False
        if r < 0.93:
            kind = rng.random()
            if kind < 0.35:
                body = self.alt(depth + 1)
                self.groups += 1
                return '(' + body + ')', True
            if kind < 0.5:
                return '(?:' + self.alt(depth + 1) + ')', True
            if kind < 0.6:
                name = rng.choice(['n', 'name', 'w', 'x1', '_g', 'é'])
                if name in self.names:
                    return '(?:' + self.alt(depth + 1) + ')', True
                body = self.alt(depth + 1)
                if name in self.names:
                    return '(?:' + body + ')', True
                self.groups += 1
                self.names.append(name)
                return '(?P<' + name + '>' + body + ')', True
            if kind < 0.68:
                look = rng.choice(['(?=', '(?!', '(?<=', '(?<!'])
                inner = self.alt(depth + 1) if look[2] in '=!' or rng.random() < 0.3 else lit(self.t)
                return look + inner + ')', False
            if kind < 0.73:
                return '(?>' + self.alt(depth + 1) + ')', True
            if kind < 0.85:
                on = ''.join(rng.sample(FLAGS, rng.randint(0, 2)))
                off = ''.join(f for f in rng.sample('imsx', rng.randint(0, 1)) if f not in on)
                if not on and not off:
                    on = 'i'
                return '(?' + on + ('-' + off if off else '') + ':' + self.alt(depth + 1) + ')', True
            return '(?#' + rng.choice(['c', 'a b', '']) + ')', False
        if self.groups:
            g = rng.randint(1, self.groups)
            if self.names and rng.random() < 0.4:
                return '(?P=' + rng.choice(self.names) + ')', True
            return '\\' + str(g), True
        return lit(self.t), True

    def seq(self, depth):
        out = ''
        for _ in range(rng.randint(1, 4)):
            a, can = self.atom(depth)
            if (can or self.bad) and rng.random() < 0.35:
                a += rng.choice(QUANTS + (BAD_QUANTS if self.bad else []))
            out += a
        return out

    def alt(self, depth):
        s = self.seq(depth)
        while rng.random() < 0.2:
            s += '|' + self.seq(depth)
        return s


WORDISH = re.compile(r'\w')


def derived(t):
    """A pattern made from a stretch of the text, some characters written as classes that match them: most
    of these match, so the cases hold results and not only failures."""
    if not t:
        return '.*'
    i = rng.randrange(len(t))
    s = t[i:i + rng.randint(1, 8)]
    out = ''
    groups = 0
    for c in s:
        r = rng.random()
        if r < 0.45:
            a = lit(c) if c not in '\\' else '\\\\'
            a = re.escape(c) if a != c and c.isalnum() else a
        elif WORDISH.match(c) and r < 0.6:
            a = rng.choice(['\\w', '\\w+', '\\w*?', '[\\w]', '\\b\\w', '\\w\\b', '\\B\\w'])
        elif c.isspace() and r < 0.6:
            a = rng.choice(['\\s', '\\s+', '\\s?', '[\\s]', '$\\s', '\\s^', '(?m:$)\\s'])
        elif c.isdecimal() and r < 0.7:
            a = rng.choice(['\\d', '\\d+', '[0-9]', '\\d{1,2}'])
        elif r < 0.7:
            a = rng.choice(['.', '.*?', '.+?', '[^x]', '\\W', '\\D', '\\S', '(?s:.)', '(?-s:.)'])
        elif r < 0.8 and c.isalpha():
            a = '(?i:' + (c.swapcase() if len(c.swapcase()) == 1 else c) + ')'
        else:
            a = '[' + ('\\' + c if c in '\\]^-[' else c) + rng.choice(['', 'a', '-', '\\d']) + ']'
        if rng.random() < 0.15:
            a = '(' + a + ')'
            groups += 1
        out += a
    if groups and rng.random() < 0.4:
        out += rng.choice(['.*?\\1', '(?=.*\\1)', '|x\\1'])
    r = rng.random()
    if r < 0.1:
        out = out + '$'
    elif r < 0.15:
        out = out + '.*'
    elif r < 0.2:
        out = '(?i)' + out
    elif r < 0.25:
        out = '(?m)' + out + '$'
    elif r < 0.3:
        out = '(?x)' + out
    return out


def pattern(t):
    if rng.random() < 0.5:
        return derived(t)
    r = rng.random()
    if r < 0.04:
        return rng.choice(['.*', '.+', '(?s).*', '[\\s\\S]*', '^.*$', '.*x?', 'x*', '', '$', '^', '\\Z', '\\b',
                           '\\B', '(?m)^', '(?m)$', '(?m)^$', '\\n', '$\\n?'])
    p = Gen(t, rng.random() < 0.12).alt(0)
    r = rng.random()
    if r < 0.18:
        p = '(?' + ''.join(rng.sample(FLAGS, rng.randint(1, 2))) + ')' + p
    elif r < 0.22:
        p = '(?m)(?i)' + p
    elif r < 0.25:
        p = p + '$'
    elif r < 0.28:
        p = '^' + p
    return p


def replacement():
    parts = []
    for _ in range(rng.randint(0, 4)):
        good = ['x', 'Y', ' ', 'é', '\n', '\\1', '\\2', '\\g<0>', '\\g<1>', '\\g<n>', '\\g<name>', '\\n', '\\t',
                '\\\\', '\\(', '\\0', '\\012', '\\1a', '$1', '&', '\\-', '\\10', '\\g<2>']
        bad = ['\\q', '\\g<9>', '\\g<>', '\\g<1', '\\99', '\\x41', '\\', '\\g<01>', '\\g<+1>', '\\N', '\\777']
        parts.append(rng.choice(good if rng.random() < 0.93 else bad))
    return ''.join(parts)


def run(t, p, rep, multiple):
    try:
        rx = re.compile(p, re.DOTALL)
    except (re.error, OverflowError, RecursionError, ValueError) as e:
        return {'error': f'{type(e).__name__}: {e}'}
    out = []
    last = 0
    spans = []
    try:
        for m in rx.finditer(t):
            out.append(t[last:m.start()])
            out.append(m.expand(rep))
            last = m.end()
            spans.append((m.start(), m.end(), len(out)))
            if not multiple:
                break
    except (re.error, IndexError, ValueError) as e:
        return {'error': f'{type(e).__name__}: {e}'}
    if not spans:
        return {'result': None}
    literal = ''.join(out) + t[last:]
    if multiple and len(spans) == 2 and spans[0][:2] == (0, len(t)) and spans[1][:2] == (len(t), len(t)) and t:
        # The canvas's rule: the whole text rewritten once.
        once = ''.join(out[:spans[0][2]])
        return {'result': once, 'finditer': literal} if once != literal else {'result': once}
    return {'result': literal}


def main():
    warnings.simplefilter("ignore")
    cases = []

    def slow(*_):
        raise TimeoutError

    signal.signal(signal.SIGALRM, slow)
    while len(cases) < COUNT:
        t = text()
        p = pattern(t)
        rep = replacement() if rng.random() < 0.8 else lit(t).replace('\\', '')
        multiple = rng.random() < 0.5
        # A pattern that backtracks for ever is no case (the canvas would not answer either).
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        try:
            outcome = run(t, p, rep, multiple)
        except TimeoutError:
            continue
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        cases.append([t, p, rep, multiple, outcome])
    json.dump({'python': sys.version.split()[0], 'seed': SEED, 'cases': cases}, sys.stdout, ensure_ascii=False,
              separators=(',', ':'))
    sys.stdout.write('\n')


def tables():
    """shared/api/py-classes.ts: the code points of Python's \\w, \\d and \\s (str patterns), as ranges."""
    def ranges(rx):
        out = []
        start = None
        for c in range(0x110001):
            ok = c < 0x110000 and not 0xd800 <= c <= 0xdfff and rx.match(chr(c)) is not None
            if ok and start is None:
                start = c
            if not ok and start is not None and not 0xd800 <= c <= 0xdfff:
                out.append('%x-%x' % (start, c - 1) if c - 1 > start else '%x' % start)
                start = None
        return ' '.join(out)

    import unicodedata
    print('/**')
    print(' * Python %s\'s `\\w`, `\\d` and `\\s` for str patterns (Unicode %s), as hexadecimal code point ranges:' % (
        sys.version.split()[0], unicodedata.unidata_version))
    print(' * what py-regex.ts matches them with, so that they do not depend on the JavaScript engine\'s Unicode.')
    print(' * Generated by `python3 scripts/py-regex-cases.py tables`; do not edit.')
    print(' */')
    for name, rx in (('WORD', r'\w'), ('DIGIT', r'\d'), ('SPACE', r'\s')):
        print('export const PY_%s = %s;' % (name, json.dumps(ranges(re.compile(rx)))))
    # IGNORECASE (str patterns): two characters match when their simple lower cases are equal or sre's
    # extra cases join them (re._casefix); the classes of more than one character.
    import _sre
    from re._casefix import _EXTRA_CASES
    classes = {}
    for c in range(0x110000):
        if 0xd800 <= c <= 0xdfff:
            continue
        lo = _sre.unicode_tolower(c)
        classes.setdefault(min((lo,) + _EXTRA_CASES.get(lo, ())), []).append(c)
    groups = [','.join('%x' % c for c in g) for g in sorted(classes.values()) if len(g) > 1]
    print("/** Python's IGNORECASE classes: code points that match one another, `,` between them, ` ` between classes. */")
    print('export const PY_CASE = %s;' % json.dumps(' '.join(groups)))


if sys.argv[1:] == ['tables']:
    tables()
else:
    main()
