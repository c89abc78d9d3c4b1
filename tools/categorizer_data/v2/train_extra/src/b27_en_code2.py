"""Batch b27: English code-like prose and code with prose inside (identifiers named in text, paths, strings with names)."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "blog",
    "en",
    """
Debugging a slow Django admin page

The change list for `Order` took eleven seconds to load. Django Debug Toolbar showed 1,204 queries: every row called `order.customer.name`, which hit the database again. The fix was one line, `list_select_related = ("customer",)`, in `admin.py`. After that the page made 3 queries instead of 1,204.

If you use PostgreSQL, `EXPLAIN ANALYZE` is your friend. And yes, I should have spotted the N+1 problem sooner.
""",
    [
        ("O", "Debugging a slow"),
        ("N", " Django admin page"),
        ("c", " `Order` took"),
        ("o", " eleven seconds to load"),
        ("N", "Django Debug Toolbar showed"),
        ("o", " 1,204 queries:"),
        ("c", " `order.customer.name`"),
        ("O", ", which hit the database again"),
        ("O", "The fix was one line"),
        ("c", ' `list_select_related = ("'),
        ("c", " `admin.py`."),
        ("R", " instead of 1,204"),
        ("n", "If you use PostgreSQL"),
        ("c", " `EXPLAIN ANALYZE` is"),
        ("O", " is your friend"),
        ("O", " the N+1 problem sooner"),
    ],
)

add(
    "api-docs",
    "en",
    """
pathlib.Path.glob(pattern, *, case_sensitive=None)
    Glob the given relative pattern in the directory represented by this path, yielding all matching files (of any kind):

    >>> sorted(Path('.').glob('*.py'))
    [PosixPath('pathlib.py'), PosixPath('setup.py'), PosixPath('test_pathlib.py')]

    Changed in version 3.12: The case_sensitive parameter was added.
    Note: Using the "**" pattern in large directory trees may consume an inordinate amount of time.
""",
    [
        ("c", "pathlib.Path.glob("),
        ("c", "pattern, *, case_sensitive"),
        ("o", " Glob the given relative pattern"),
        ("R", " represented by this path"),
        ("o", " yielding all matching files"),
        ("c", "    >>> sorted(Path"),
        ("c", "('.').glob('*.py'))"),
        ("c", "[PosixPath('pathlib.py')"),
        ("b", "    Changed in version 3.12:"),
        ("c", " The case_sensitive parameter"),
        ("O", " parameter was added"),
        ("B", "    Note:"),
        ("c", ' the "**" pattern'),
        ("O", " may consume an inordinate amount"),
    ],
)

add(
    "code-python",
    "en",
    """
GREETINGS = {
    "en": "Welcome back, {name}!",
    "fr": "Bon retour, {name} !",
    "de": "Willkommen zurück, {name}!",
}

def greet(user: User) -> str:
    # Fall back to English rather than raising: a missing translation is not worth a 500.
    template = GREETINGS.get(user.locale, GREETINGS["en"])
    return template.format(name=user.display_name or "Margaret")

assert greet(User(locale="fr", display_name="Élodie")) == "Bon retour, Élodie !"
""",
    [
        ("c", "GREETINGS = {"),
        ("c", '    "en":'),
        ("C", ' "Welcome back, {name}!"'),
        ("C", ' "Bon retour, {name} !"'),
        ("C", '"Willkommen zurück,'),
        ("c", "def greet(user: User)"),
        ("O", " Fall back to English"),
        ("R", " rather than raising"),
        ("O", " a missing translation is not"),
        ("c", " GREETINGS.get(user.locale"),
        ("c", "template.format(name="),
        ("C", ' or "Margaret")'),
        ("c", "assert greet(User("),
        ("C", 'display_name="Élodie")'),
        ("C", ' == "Bon retour, Élodie !"'),
    ],
)

add(
    "code-go",
    "en",
    """
// Server wires the HTTP handlers to the store. It depends on a Store
// rather than on *sql.DB so that tests can pass an in-memory fake.
type Server struct {
	store  Store
	logger *slog.Logger
}

func (s *Server) handleGetBook(w http.ResponseWriter, r *http.Request) {
	isbn := r.PathValue("isbn")
	book, err := s.store.Book(r.Context(), isbn)
	if errors.Is(err, ErrNotFound) {
		http.Error(w, "book not found", http.StatusNotFound)
		return
	}
	json.NewEncoder(w).Encode(book)
}
""",
    [
        ("c", "// Server wires"),
        ("O", " the HTTP handlers to the store"),
        ("C", " It depends on a Store"),
        ("R", " rather than on"),
        ("c", " *sql.DB so"),
        ("O", " so that tests can pass"),
        ("c", "type Server struct {"),
        ("c", "logger *slog.Logger"),
        ("c", "func (s *Server) handleGetBook"),
        ("c", 'r.PathValue("isbn")'),
        ("c", "errors.Is(err, ErrNotFound)"),
        ("C", '"book not found"'),
        ("c", "http.StatusNotFound)"),
        ("c", "json.NewEncoder(w)"),
    ],
)

add(
    "encyclopedia",
    "en",
    """
NumPy is a library for the Python programming language, adding support for large, multi-dimensional arrays and matrices. It was created in 2005 by Travis Oliphant, who merged features of the earlier Numeric and Numarray libraries into it. NumPy is a fiscally sponsored project of NumFOCUS. Its core data type, the ndarray, is written in C. Typical usage begins with `import numpy as np`.
""",
    [
        ("N", "NumPy is a library"),
        ("r", " is a library for the"),
        ("n", " Python programming language"),
        ("O", " adding support for large"),
        ("o", " multi-dimensional arrays"),
        ("r", " It was created in 2005 by"),
        ("n", " Travis Oliphant,"),
        ("R", " who merged features of the"),
        ("n", " earlier Numeric and"),
        ("r", " is a fiscally sponsored project of"),
        ("n", " NumFOCUS."),
        ("r", " Its core data type,"),
        ("C", " the ndarray, is"),
        ("N", " is written in C"),
        ("c", " `import numpy as np`"),
    ],
)

add(
    "changelog",
    "en",
    """
v5.0.0 (2026-03-02)
BREAKING CHANGES
* Drop support for Node.js 18; the minimum is now Node.js 20.
* `parseDate()` now returns `null` instead of throwing on invalid input.
Features
* Add `--locale` flag (#512) — thanks to @ana-ruiz for the Spanish translations.
Bug Fixes
* Fix crash on Windows when the path contains `#` (#498).
""",
    [
        ("b", "v5.0.0 (2026-03-02)"),
        ("B", "BREAKING CHANGES"),
        ("O", "* Drop support for"),
        ("N", " Node.js 18;"),
        ("O", " the minimum is now"),
        ("c", "* `parseDate()` now"),
        ("c", " `null` instead"),
        ("R", " instead of throwing on"),
        ("B", "Features\n"),
        ("c", " `--locale` flag"),
        ("c", " (#512)"),
        ("B", " — thanks to"),
        ("c", " @ana-ruiz for"),
        ("O", " the Spanish translations"),
        ("B", "Bug Fixes"),
        ("n", " on Windows when"),
        ("c", " contains `#` (#498)"),
    ],
)

add(
    "code-javascript",
    "en",
    """
// Format a list of authors the way the Chicago manual does: "A, B, and C".
// Intl.ListFormat handles the Oxford comma instead of us.
const fmt = new Intl.ListFormat("en-US", { style: "long", type: "conjunction" });

export function formatAuthors(authors) {
  if (authors.length === 0) return "Anonymous";
  return fmt.format(authors.map((a) => `${a.given} ${a.family}`));
}

console.log(formatAuthors([{ given: "Mary", family: "Shelley" }, { given: "Percy", family: "Shelley" }]));
// → "Mary Shelley and Percy Shelley"
""",
    [
        ("c", "// Format"),
        ("O", " a list of authors the way"),
        ("N", " the Chicago manual does"),
        ("C", ' "A, B, and C".'),
        ("C", "// Intl.ListFormat handles"),
        ("O", " the Oxford comma"),
        ("R", " instead of us."),
        ("c", 'new Intl.ListFormat("en-US"'),
        ("c", 'type: "conjunction" }'),
        ("c", "export function formatAuthors("),
        ("C", 'return "Anonymous";'),
        ("c", "`${a.given} ${a.family}`"),
        ("C", 'given: "Mary", family'),
        ("C", '// → "Mary Shelley'),
    ],
)

add(
    "code-rust",
    "en",
    """
impl Display for Temperature {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        // Kelvin is written without a degree sign, unlike Celsius and Fahrenheit.
        match self.unit {
            Unit::Celsius => write!(f, "{:.1} °C", self.value),
            Unit::Fahrenheit => write!(f, "{:.1} °F", self.value),
            Unit::Kelvin => write!(f, "{:.1} K", self.value),
        }
    }
}
""",
    [
        ("c", "impl Display for Temperature"),
        ("c", "fn fmt(&self"),
        ("c", " -> fmt::Result {"),
        ("O", " Kelvin is written without"),
        ("o", " a degree sign,"),
        ("N", " unlike Celsius and"),
        ("c", "match self.unit {"),
        ("c", "Unit::Celsius =>"),
        ("c", ' write!(f, "{:.1} °C"'),
        ("c", "Unit::Kelvin =>"),
        ("c", "self.value),\n"),
    ],
)

add(
    "markdown-readme",
    "en",
    """
## Configuration

Settings are read from `~/.config/tidewatch/config.toml`. The most useful keys are:

| Key | Default | Meaning |
| --- | --- | --- |
| `station` | none | NOAA station ID used when `--station` is omitted |
| `units` | `"ft"` | `"ft"` or `"m"` |
| `tz` | local | time zone for output, e.g. `"Europe/Oslo"` |

Environment variables override the file: `TIDEWATCH_UNITS=m tidewatch`.
""",
    [
        ("b", "## Configuration"),
        ("o", "Settings are read from"),
        ("c", " `~/.config/tidewatch/config.toml`"),
        ("O", " The most useful keys are"),
        ("B", "| Key | Default | Meaning |"),
        ("c", "| `station` |"),
        ("N", " NOAA station ID used"),
        ("c", " `--station` is omitted"),
        ("c", "| `units` |"),
        ("c", ' `"ft"` or'),
        ("O", " time zone for output"),
        ("c", ' `"Europe/Oslo"`'),
        ("O", "Environment variables override the file"),
        ("c", " `TIDEWATCH_UNITS=m tidewatch`"),
    ],
)

add(
    "mailing-list",
    "en",
    """
> Is there a way to make tidewatch print metres?

Yes: `tidewatch --units m`, or put `units = "m"` in your config. Note that NOAA itself always returns feet; we convert on our side, so values are rounded to 0.01 m.

The conversion lives in src/tidewatch/units.py if you want to check it. It's based on the international foot (0.3048 m), as opposed to the US survey foot.
""",
    [
        ("O", "> Is there a way to make"),
        ("N", " make tidewatch print"),
        ("c", " `tidewatch --units m`"),
        ("c", ' `units = "m"`'),
        ("O", " in your config"),
        ("n", " Note that NOAA itself"),
        ("o", " always returns feet"),
        ("O", " we convert on our side"),
        ("o", " rounded to 0.01 m"),
        ("c", " src/tidewatch/units.py"),
        ("R", " It's based on the"),
        ("O", " international foot (0.3048"),
        ("N", ", as opposed to the US"),
        ("N", " the US survey foot"),
    ],
)


if __name__ == "__main__":
    write(P, "b27")
