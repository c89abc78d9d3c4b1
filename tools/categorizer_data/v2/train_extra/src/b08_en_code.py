"""Batch b08: English code, configuration and technical-document passages, written for this set."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "code-python",
    "en",
    """
class Shelf:
    \"\"\"A shelf holds books and belongs to exactly one bookcase.

    Args:
        capacity: how many books fit before the shelf is full.

    Raises:
        ValueError: if capacity is not positive.
    \"\"\"

    def __init__(self, capacity: int) -> None:
        if capacity <= 0:
            raise ValueError(f"capacity must be positive, got {capacity}")
        self._books: list[Book] = []
        # a shelf is attached to its bookcase later, by Bookcase.add_shelf
        self.bookcase = None
""",
    [
        ("c", "class Shelf:"),
        ("c", '    """A'),
        ("R", " holds books and"),
        ("R", " belongs to exactly one"),
        ("B", "    Args:"),
        ("c", "        capacity:"),
        ("O", " how many books fit"),
        ("B", "    Raises:"),
        ("c", "        ValueError:"),
        ("O", " if capacity is not"),
        ("c", "def __init__(self"),
        ("c", " <= 0:"),
        ("C", 'f"capacity must be positive'),
        ("c", "self._books: list[Book]"),
        ("R", " a shelf is attached to"),
        ("C", " by Bookcase.add_shelf"),
        ("c", " = None"),
    ],
)

add(
    "code-javascript",
    "en",
    """
/**
 * Debounce a function: it runs only after `wait` ms without new calls.
 * @param {Function} fn - the function to wrap
 * @param {number} wait - delay in milliseconds
 * @returns {Function} the debounced function
 */
export function debounce(fn, wait = 200) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    // keep `this` from the caller instead of the module scope
    timer = setTimeout(() => fn.apply(this, args), wait);
  };
}
""",
    [
        ("c", "/**\n *"),
        ("O", " Debounce a function:"),
        ("c", " `wait` ms"),
        ("O", " without new calls"),
        ("b", " * @param {Function}"),
        ("o", " the function to wrap"),
        ("b", " @returns {Function}"),
        ("c", "export function debounce"),
        ("c", "(fn, wait = 200)"),
        ("c", "let timer;"),
        ("c", " (...args) =>"),
        ("c", "clearTimeout(timer);"),
        ("C", " keep `this` from"),
        ("R", " instead of the module scope"),
        ("c", " fn.apply(this, args)"),
    ],
)

add(
    "code-go",
    "en",
    """
// Package geo converts between coordinate systems.
package geo

import "math"

// EarthRadius is the mean radius of the Earth in metres, as used by WGS 84.
const EarthRadius = 6371008.8

// Haversine returns the great-circle distance between two points.
func Haversine(lat1, lon1, lat2, lon2 float64) float64 {
	dLat := (lat2 - lat1) * math.Pi / 180
	a := math.Pow(math.Sin(dLat/2), 2)
	return 2 * EarthRadius * math.Asin(math.Sqrt(a))
}
""",
    [
        ("c", "// Package geo"),
        ("o", " converts between coordinate"),
        ("c", "package geo"),
        ("c", 'import "math"'),
        ("c", "// EarthRadius is"),
        ("r", " is the mean radius of"),
        ("n", " the Earth in"),
        ("N", " by WGS 84"),
        ("c", "const EarthRadius ="),
        ("c", "// Haversine returns"),
        ("o", " the great-circle distance"),
        ("c", "func Haversine(lat1"),
        ("c", " float64) float64 {"),
        ("c", " math.Pi / 180"),
        ("c", "math.Asin(math.Sqrt"),
    ],
)

add(
    "code-rust",
    "en",
    """
/// A parsed semantic version such as `1.4.2`.
///
/// # Examples
///
/// ```
/// let v: Version = "1.4.2".parse().unwrap();
/// assert_eq!(v.minor, 4);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
}

impl FromStr for Version {
    type Err = ParseError;
""",
    [
        ("c", "/// A parsed"),
        ("R", " semantic version such as"),
        ("c", " `1.4.2`."),
        ("B", "/// # Examples"),
        ("c", "/// ```\n/// let"),
        ("c", ' "1.4.2".parse()'),
        ("c", "assert_eq!(v.minor"),
        ("c", "#[derive(Debug"),
        ("c", " PartialEq, Eq)]"),
        ("c", "pub struct Version {"),
        ("c", "    pub major: u64"),
        ("c", "impl FromStr for"),
        ("c", "type Err = ParseError"),
    ],
)

add(
    "code-kotlin",
    "en",
    """
// Maps a network DTO onto the domain model used by the UI layer.
data class Listing(val id: String, val title: String, val priceCents: Long)

fun ListingDto.toDomain(): Listing = Listing(
    id = requireNotNull(id) { "listing without id from ${source}" },
    title = title?.trim().orEmpty(),
    priceCents = (price * 100).roundToLong(),
)

@Composable
fun ListingRow(item: Listing, onClick: () -> Unit) {
    Text(text = item.title, style = MaterialTheme.typography.bodyLarge)
}
""",
    [
        ("c", "// Maps"),
        ("O", " a network DTO onto"),
        ("R", " used by the UI"),
        ("c", "data class Listing("),
        ("c", "val priceCents: Long"),
        ("c", "fun ListingDto.toDomain()"),
        ("c", " requireNotNull(id)"),
        ("C", '"listing without id from'),
        ("c", "title?.trim().orEmpty()"),
        ("c", ".roundToLong(),"),
        ("c", "@Composable"),
        ("c", " onClick: () -> Unit"),
        ("c", "MaterialTheme.typography"),
    ],
)

add(
    "code-php",
    "en",
    """
<?php
declare(strict_types=1);

namespace App\\Billing;

/**
 * Sends the monthly invoice to a customer on behalf of the reseller.
 */
final class InvoiceMailer
{
    public function __construct(private MailerInterface $mailer) {}

    public function send(Invoice $invoice): void
    {
        // resellers are billed through the parent account, not directly
        $to = $invoice->customer()->billingEmail();
        $this->mailer->send(new Email($to, "Invoice {$invoice->number()}"));
    }
}
""",
    [
        ("c", "declare(strict_types=1);"),
        ("c", "namespace App\\Billing"),
        ("o", " Sends the monthly invoice"),
        ("R", " on behalf of the reseller"),
        ("c", "final class InvoiceMailer"),
        ("c", "public function __construct"),
        ("c", "(private MailerInterface $mailer)"),
        ("c", "(Invoice $invoice): void"),
        ("O", " resellers are billed"),
        ("O", " through the parent account"),
        ("c", "$invoice->customer()"),
        ("c", "->billingEmail();"),
        ("C", '"Invoice {$invoice'),
    ],
)

add(
    "code-sql",
    "en",
    """
-- Monthly active customers per region; a customer counts once per month
-- even if they ordered several times.
WITH monthly AS (
    SELECT date_trunc('month', o.created_at) AS month,
           c.region,
           c.id AS customer_id
    FROM orders o
    JOIN customers c ON c.id = o.customer_id
    WHERE o.status <> 'cancelled'
)
SELECT month, region, COUNT(DISTINCT customer_id) AS active
FROM monthly
GROUP BY 1, 2
ORDER BY month, region;
""",
    [
        ("c", "-- Monthly"),
        ("O", " active customers per region"),
        ("O", " counts once per month"),
        ("c", "WITH monthly AS ("),
        ("c", "date_trunc('month'"),
        ("c", " o.created_at) AS"),
        ("c", "FROM orders o"),
        ("c", "JOIN customers c ON"),
        ("c", " <> 'cancelled'"),
        ("c", "COUNT(DISTINCT customer_id)"),
        ("c", "GROUP BY 1, 2"),
    ],
)

add(
    "code-shell",
    "en",
    """
#!/usr/bin/env bash
# Rotate the nginx logs and upload yesterday's file to the archive bucket.
set -euo pipefail

LOG=/var/log/nginx/access.log
STAMP=$(date -d yesterday +%Y-%m-%d)

mv "$LOG" "$LOG.$STAMP"
kill -USR1 "$(cat /run/nginx.pid)"   # nginx reopens its log files on USR1
gzip -9 "$LOG.$STAMP"
aws s3 cp "$LOG.$STAMP.gz" "s3://acme-logs/nginx/" --storage-class GLACIER
""",
    [
        ("c", "#!/usr/bin/env bash"),
        ("c", "# Rotate"),
        ("N", " the nginx logs"),
        ("o", " and upload yesterday's"),
        ("c", "LOG=/var/log/nginx"),
        ("c", "STAMP=$(date -d"),
        ("c", " +%Y-%m-%d)"),
        ("c", 'mv "$LOG"'),
        ("c", "kill -USR1"),
        ("C", "   # nginx reopens"),
        ("o", " its log files on"),
        ("c", "aws s3 cp"),
        ("c", " --storage-class GLACIER"),
    ],
)

add(
    "code-r",
    "en",
    """
# Fit a logistic model of survival on age and class (Titanic data)
library(ggplot2)
titanic <- read.csv("data/titanic.csv", stringsAsFactors = TRUE)
model <- glm(Survived ~ Age + Pclass, data = titanic, family = binomial)
summary(model)
#> Coefficients:
#>              Estimate Std. Error z value Pr(>|z|)
#> (Intercept)   3.53  0.35  10.0  <2e-16 ***
# older passengers in third class fared worst, compared with first class
ggplot(titanic, aes(Age, fill = Survived)) + geom_histogram(bins = 30)
""",
    [
        ("c", "# Fit"),
        ("O", " a logistic model of"),
        ("N", " (Titanic data)"),
        ("c", "library(ggplot2)"),
        ("c", "titanic <- read.csv("),
        ("c", "stringsAsFactors = TRUE"),
        ("c", "glm(Survived ~ Age"),
        ("c", "family = binomial)"),
        ("c", "#> Coefficients:"),
        ("c", " Std. Error z value"),
        ("c", "  <2e-16 ***"),
        ("O", " older passengers in third"),
        ("R", " compared with first class"),
        ("c", "aes(Age, fill"),
    ],
)

add(
    "code-lua",
    "en",
    """
-- Inventory module for the game: items stack up to their max_stack value.
local Inventory = {}
Inventory.__index = Inventory

function Inventory.new(slots)
  return setmetatable({ slots = slots or 20, items = {} }, Inventory)
end

-- returns false instead of raising when the inventory is full
function Inventory:add(item, count)
  local stack = self.items[item.id] or 0
  if stack + count > item.max_stack then return false end
  self.items[item.id] = stack + count
  return true
end
""",
    [
        ("c", "-- Inventory"),
        ("o", " module for the game"),
        ("C", " up to their max_stack"),
        ("c", "local Inventory = {}"),
        ("c", "Inventory.__index"),
        ("c", "function Inventory.new"),
        ("c", " setmetatable({"),
        ("c", " slots or 20"),
        ("C", " returns false instead"),
        ("R", " instead of raising when"),
        ("c", "function Inventory:add("),
        ("c", " self.items[item.id]"),
        ("c", " then return false end"),
    ],
)

add(
    "code-html-css",
    "en",
    """
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Harbour Books — Opening hours</title>
  <style>
    .hours { display: grid; grid-template-columns: 1fr 2fr; gap: .5rem; }
    /* closed days are greyed out rather than hidden */
    .closed { color: #888; }
  </style>
</head>
<body>
  <nav><a href="/">Home</a> | <a href="/events">Events</a> | <a href="/contact">Contact</a></nav>
  <h1>Opening hours</h1>
  <p>We are located on Quay Street, next to the ferry terminal.</p>
</body>
</html>
""",
    [
        ("c", "<!DOCTYPE html>"),
        ("c", '<html lang="en">'),
        ("c", "  <meta charset"),
        ("C", "<title>Harbour Books"),
        ("c", ".hours { display"),
        ("c", " grid-template-columns: 1fr"),
        ("O", " closed days are greyed"),
        ("c", ".closed { color"),
        ("B", ">Home</a> |"),
        ("B", ">Events</a>"),
        ("c", "<h1>Opening"),
        ("R", "We are located on"),
        ("n", " Quay Street,"),
        ("R", " next to the ferry"),
        ("c", "</body>"),
    ],
)

add(
    "yaml-config",
    "en",
    """
# GitHub Actions workflow: run tests on every push and pull request
name: CI
on:
  push:
    branches: [main]
  pull_request:
jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        python-version: ["3.11", "3.12"]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: ${{ matrix.python-version }}
      - run: pip install -e ".[test]" && pytest -q
""",
    [
        ("c", "# GitHub"),
        ("N", " GitHub Actions workflow"),
        ("o", " run tests on every push"),
        ("c", "name: CI"),
        ("c", "on:\n  push:"),
        ("c", "branches: [main]"),
        ("c", "runs-on: ubuntu-latest"),
        ("c", 'python-version: ["'),
        ("c", "uses: actions/checkout@v4"),
        ("c", "${{ matrix.python-version }}"),
        ("c", 'pip install -e ".[test]"'),
    ],
)

add(
    "toml-config",
    "en",
    """
[project]
name = "harbourbooks"
version = "0.7.1"
description = "Stock and events manager for a small bookshop"
authors = [{ name = "Ines Calder", email = "ines@harbourbooks.example" }]
license = { text = "MIT" }
requires-python = ">=3.11"
dependencies = ["fastapi>=0.110", "sqlalchemy>=2.0"]

[tool.ruff]
line-length = 100  # wider than black's default, matches the old flake8 setting
""",
    [
        ("c", "[project]\nname"),
        ("c", 'name = "harbourbooks"'),
        ("c", 'version = "0.7.1"'),
        ("C", '"Stock and events manager'),
        ("C", ' for a small bookshop"'),
        ("C", '{ name = "Ines Calder"'),
        ("c", 'email = "ines@'),
        ("C", 'license = { text = "MIT"'),
        ("c", 'requires-python = ">=3.11"'),
        ("c", '["fastapi>=0.110"'),
        ("c", "[tool.ruff]"),
        ("O", " wider than black's default"),
        ("N", " the old flake8 setting"),
    ],
)

add(
    "ini-config",
    "en",
    """
; php.ini overrides for the shared hosting plan
; Values here take precedence over the server defaults.
[PHP]
memory_limit = 256M
upload_max_filesize = 32M
post_max_size = 40M      ; must be larger than upload_max_filesize
display_errors = Off
date.timezone = "Europe/Lisbon"

[Session]
session.cookie_secure = 1
""",
    [
        ("c", "; php.ini overrides"),
        ("o", " for the shared hosting plan"),
        ("R", " take precedence over the"),
        ("o", " server defaults"),
        ("c", "[PHP]\nmemory"),
        ("c", "memory_limit = 256M"),
        ("c", "upload_max_filesize = 32M"),
        ("O", " must be larger than"),
        ("c", "display_errors = Off"),
        ("C", ' "Europe/Lisbon"'),
        ("c", "session.cookie_secure"),
    ],
)

add(
    "json-config",
    "en",
    """
{
  "name": "harbour-web",
  "version": "2.3.0",
  "private": true,
  "scripts": {
    "dev": "vite",
    "build": "vite build",
    "test": "vitest run --coverage"
  },
  "dependencies": {
    "react": "^18.3.1",
    "react-router-dom": "^6.23.0"
  },
  "browserslist": ["> 0.5%", "last 2 versions", "not dead"]
}
""",
    [
        ("c", '{\n  "name"'),
        ("c", ': "harbour-web"'),
        ("c", '"private": true'),
        ("c", '"scripts": {'),
        ("c", '"dev": "vite"'),
        ("c", '"vitest run --coverage"'),
        ("c", '"react": "^18.3.1"'),
        ("C", '"last 2 versions"'),
        ("C", ' "not dead"]'),
    ],
)

add(
    "makefile",
    "en",
    """
# Build the docs and the wheel; `make help` lists targets.
PYTHON ?= python3
.PHONY: all docs wheel clean help

all: docs wheel

docs:
\t$(PYTHON) -m sphinx -b html docs/ build/html

wheel:
\t$(PYTHON) -m build --wheel

clean:  ## remove build outputs
\trm -rf build/ dist/ *.egg-info

help:
\t@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | sort
""",
    [
        ("c", "# Build"),
        ("o", " the docs and the wheel"),
        ("c", " `make help`"),
        ("O", " lists targets"),
        ("c", "PYTHON ?= python3"),
        ("c", ".PHONY: all docs"),
        ("c", "all: docs wheel"),
        ("c", "\t$(PYTHON) -m sphinx"),
        ("c", " build/html"),
        ("c", "clean:  ##"),
        ("O", " remove build outputs"),
        ("c", "\trm -rf build/"),
        ("c", " $(MAKEFILE_LIST) | sort"),
    ],
)

add(
    "jupyter-output",
    "en",
    """
In [12]: df.groupby("species")["body_mass_g"].mean().round(1)
Out[12]:
species
Adelie       3700.7
Chinstrap    3733.1
Gentoo       5076.0
Name: body_mass_g, dtype: float64

In [13]: df.isna().sum().loc[lambda s: s > 0]
Out[13]:
sex    11
dtype: int64

Gentoo penguins are clearly heavier than the other two species, so we model them separately.
""",
    [
        ("c", "In [12]:"),
        ("c", ' df.groupby("species")'),
        ("c", '["body_mass_g"].mean()'),
        ("c", "Out[12]:"),
        ("C", "Adelie       3700"),
        ("C", "Chinstrap    3733"),
        ("c", "Name: body_mass_g, dtype"),
        ("c", " df.isna().sum()"),
        ("c", "sex    11"),
        ("O", "Gentoo penguins are"),
        ("O", " are clearly heavier than"),
        ("o", " the other two species"),
        ("o", " we model them separately"),
    ],
)

add(
    "man-page",
    "en",
    """
RSYNC(1)                       User Commands                       RSYNC(1)

NAME
       rsync - a fast, versatile, remote (and local) file-copying tool

SYNOPSIS
       rsync [OPTION...] SRC... [DEST]

DESCRIPTION
       Rsync is a file transfer program that copies files to and from remote hosts. It is famous for its delta-transfer algorithm.

OPTIONS
       -a, --archive
              archive mode; equals -rlptgoD (no -A,-X,-U,-N,-H)
       -n, --dry-run
              perform a trial run with no changes made

SEE ALSO
       ssh(1), rsync-ssl(1), rsyncd.conf(5)
""",
    [
        ("c", "RSYNC(1)"),
        ("B", "User Commands"),
        ("B", "NAME\n"),
        ("c", "       rsync - a"),
        ("o", " a fast, versatile, remote"),
        ("B", "SYNOPSIS"),
        ("c", " [OPTION...] SRC"),
        ("B", "DESCRIPTION"),
        ("N", "Rsync is a file"),
        ("r", " is a file transfer program"),
        ("o", " copies files to and from"),
        ("r", " It is famous for its"),
        ("B", "OPTIONS\n"),
        ("c", "-a, --archive"),
        ("R", " archive mode; equals"),
        ("c", " -rlptgoD"),
        ("c", "-n, --dry-run"),
        ("O", " perform a trial run"),
        ("B", "SEE ALSO"),
        ("c", " ssh(1), rsync"),
    ],
)

add(
    "api-docs",
    "en",
    """
harbourbooks.stock.reserve
reserve(isbn, quantity=1, *, branch=None)
    Reserve copies of a book for a customer.

    Parameters
    ----------
    isbn : str
        The 13-digit ISBN of the edition.
    branch : Branch, optional
        Branch that holds the stock. Defaults to the customer's home branch.

    Returns
    -------
    Reservation

    See Also
    --------
    release : undo a reservation.

    .. versionadded:: 0.6
[source]  « Previous: harbourbooks.stock.count | Next: harbourbooks.stock.release »
""",
    [
        ("c", "harbourbooks.stock.reserve"),
        ("c", "reserve(isbn, quantity=1"),
        ("o", " Reserve copies of a book"),
        ("B", "    Parameters\n    ---"),
        ("c", "    isbn : str"),
        ("O", " The 13-digit ISBN"),
        ("c", "    branch : Branch"),
        ("R", " Branch that holds the stock"),
        ("R", " Defaults to the customer"),
        ("B", "    Returns\n"),
        ("c", "    Reservation\n"),
        ("B", "    See Also"),
        ("c", "    release :"),
        ("b", "    .. versionadded::"),
        ("B", "[source]"),
        ("B", "  « Previous:"),
        ("b", " | Next:"),
    ],
)

add(
    "git-diff",
    "en",
    """
diff --git a/src/tide/parse.py b/src/tide/parse.py
index 3f2a1c0..8b7e4d2 100644
--- a/src/tide/parse.py
+++ b/src/tide/parse.py
@@ -41,7 +41,9 @@ def parse_predictions(payload):
     rows = payload.get("predictions", [])
-    return [Row(**r) for r in rows]
+    # NOAA sends times in local standard time, not UTC
+    return [Row(t=to_utc(r["t"], station.tz), v=float(r["v"])) for r in rows]
""",
    [
        ("c", "diff --git a/src"),
        ("c", "index 3f2a1c0..8b7e4d2"),
        ("c", "--- a/src/tide"),
        ("c", "@@ -41,7 +41,9 @@"),
        ("c", " def parse_predictions("),
        ("c", ' payload.get("predictions"'),
        ("c", "-    return [Row(**r)"),
        ("c", "+    # NOAA"),
        ("N", " NOAA sends times"),
        ("O", " in local standard time"),
        ("N", ", not UTC"),
        ("c", '=to_utc(r["t"]'),
        ("c", '=float(r["v"]))'),
    ],
)

add(
    "error-log",
    "en",
    """
Traceback (most recent call last):
  File "/srv/app/worker.py", line 88, in handle
    order = Order.objects.get(pk=job.order_id)
  File "/srv/venv/lib/python3.12/site-packages/django/db/models/manager.py", line 87, in manager_method
    return getattr(self.get_queryset(), name)(*args, **kwargs)
app.models.Order.DoesNotExist: Order matching query does not exist.

During handling of the above exception, another exception occurred:
[2026-03-15 04:12:09] worker-3 CRITICAL job 55120 moved to dead-letter queue after 5 attempts
""",
    [
        ("c", "Traceback (most recent call last):"),
        ("c", '  File "/srv/app/worker.py"'),
        ("c", ", line 88, in handle"),
        ("c", " Order.objects.get(pk="),
        ("c", "/site-packages/django/"),
        ("c", "getattr(self.get_queryset()"),
        ("c", "app.models.Order.DoesNotExist:"),
        ("C", " Order matching query does not exist"),
        ("C", "During handling of the above exception"),
        ("c", "[2026-03-15 04:12:09]"),
        ("c", " worker-3 CRITICAL"),
        ("C", " moved to dead-letter queue"),
        ("C", " after 5 attempts"),
    ],
)

add(
    "blog",
    "en",
    """
Posted by Ines · 3 March 2026 · 6 min read

How we moved our shop's stock system off a spreadsheet

For six years the stock lived in a Google Sheet. Then the sheet hit 40,000 rows and started taking a minute to open. We rewrote it as a small FastAPI app backed by SQLite. The trickiest bit was that `isbn` in the old sheet was sometimes stored as a number, which dropped the leading zero, so 0140449132 became 140449132.

If you run a bookshop too, the code is on GitHub. Questions welcome in the comments.
Share this: Twitter | LinkedIn | Email
Like this:  Loading...
""",
    [
        ("B", "Posted by Ines ·"),
        ("B", " · 6 min read"),
        ("O", "How we moved our"),
        ("n", " a Google Sheet."),
        ("o", " hit 40,000 rows"),
        ("N", " small FastAPI app"),
        ("N", " backed by SQLite"),
        ("o", " The trickiest bit was"),
        ("c", " `isbn` in"),
        ("O", " stored as a number,"),
        ("O", " 0140449132 became"),
        ("n", " on GitHub."),
        ("B", " Questions welcome in the comments"),
        ("B", "Share this:"),
        ("B", "Like this:  Loading..."),
    ],
)


if __name__ == "__main__":
    write(P, "b08")
