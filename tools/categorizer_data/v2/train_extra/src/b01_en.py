"""Batch b01: English passages in new and training genres, written for this set."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "podcast-transcript",
    "en",
    """
[00:00:04] MAYA: Welcome back to Low Tide, the show about the ocean and the people who work on it. I'm Maya Okafor.
[00:00:11] TOM: And I'm Tom Reilly. Today we're talking to a skipper who fishes out of Grimsby, which is, for those who don't know, a port town on the Humber estuary.
[00:00:22] MAYA: Before we start, a quick thank you to our sponsor, Saltline Coffee. Use code LOWTIDE20 at checkout.
[00:00:31] TOM: So, Dave, you've been on boats since you were, what, fifteen?
[00:00:35] DAVE: Fourteen, actually. My dad worked for the Ross Group back then, instead of going to school I went out on the trawlers.
[00:00:44] MAYA: And this episode is brought to you by listeners like you. Rate and review us wherever you get your podcasts.
""",
    [
        ("c", "[00:00:04]"),
        ("n", " Maya Okafor"),
        ("n", " Tom Reilly"),
        ("n", " out of Grimsby"),
        ("r", " a port town on"),
        ("n", " Humber est"),
        ("n", " Saltline Coffee"),
        ("C", " code LOWTIDE20"),
        ("o", " since you were"),
        ("r", " worked for the"),
        ("R", " instead of going"),
        ("B", " Rate and review us"),
        ("B", " wherever you get your podcasts"),
        ("o", " Fourteen, actually"),
    ],
)

add(
    "real-estate-listing",
    "en",
    """
Home > For Sale > Oregon > Bend > 61234 Larkspur Trail

$689,000  |  3 bd  |  2 ba  |  1,840 sqft

Charming single-level home backing onto Larkspur Park, a short walk from the Old Mill District. The open kitchen features quartz counters and a gas range; the primary suite opens onto a covered patio. The lot borders a seasonal creek and is part of the Deschutes Meadows HOA.

Listed by Janine Holt, Cascade Summit Realty. Information deemed reliable but not guaranteed.
Schedule a tour   Save   Share   Report listing
""",
    [
        ("B", "Home > For Sale"),
        ("n", " Bend >"),
        ("o", "  |  3 bd"),
        ("O", "Charming single-level"),
        ("n", " onto Larkspur Park"),
        ("n", " the Old Mill District"),
        ("o", " quartz counters and"),
        ("R", " borders a seasonal"),
        ("r", " is part of the"),
        ("n", " Deschutes Meadows"),
        ("b", "Listed by"),
        ("n", " Janine Holt"),
        ("b", " Information deemed reliable"),
        ("B", "Schedule a tour"),
        ("B", "   Share   "),
        ("B", " Report listing"),
    ],
)

add(
    "job-ad",
    "en",
    """
Senior Data Engineer (Remote, EU time zones)
Fernwood Analytics · Dublin, Ireland · Full-time

About us: Fernwood Analytics is a subsidiary of Harlow Group and works with public-health agencies across Europe.

What you'll do
- Build and maintain pipelines in Python and dbt on top of Snowflake
- Work closely with our epidemiologists to turn raw feeds into tables they trust

What we offer: 28 days of annual leave, a learning budget, and a pension scheme.

Fernwood is an equal opportunity employer. We do not accept unsolicited CVs from recruitment agencies.
Apply now   Save job
""",
    [
        ("O", "Senior Data Engineer"),
        ("N", " (Remote, EU"),
        ("n", "Fernwood Analytics ·"),
        ("n", " Dublin, Ireland"),
        ("b", "About us:"),
        ("r", " is a subsidiary of"),
        ("n", " Harlow Group"),
        ("R", " works with public"),
        ("B", "What you'll do"),
        ("N", " in Python and"),
        ("N", " on top of Snowflake"),
        ("o", " raw feeds into"),
        ("b", " equal opportunity employer"),
        ("b", " We do not accept unsolicited"),
        ("B", "Apply now"),
        ("B", "   Save job"),
    ],
)

add(
    "weather-report",
    "en",
    """
Met Office forecast for Cornwall and the Isles of Scilly, issued 05:00 Tuesday

Today: A grey start with patchy drizzle clearing east by late morning. Sunny spells following, but a few heavy showers may drift in from the Atlantic later. Maximum temperature 14 °C. Wind SW 15-20 mph, gusting 35 mph on exposed coasts.

Tonight: Showers dying out, leaving clear spells. Minimum 7 °C.

Outlook for Thursday to Saturday: Unsettled, with rain at times. Feeling cooler compared with recent days.
Last updated: 05:12 | Feedback | Accessibility
""",
    [
        ("n", "Met Office forecast"),
        ("n", " Cornwall and the Is"),
        ("n", "les of Scilly"),
        ("o", " issued 05:00 Tuesday"),
        ("O", "Today: A grey"),
        ("o", " patchy drizzle clearing"),
        ("n", " from the Atlantic"),
        ("o", " 14 °C"),
        ("O", " SW 15-20 mph"),
        ("O", "Outlook for Thursday"),
        ("R", " compared with recent"),
        ("B", "Last updated:"),
        ("B", " Feedback | Accessibility"),
    ],
)

add(
    "faq-page",
    "en",
    """
Frequently Asked Questions

How do I reset my password?
Go to Sign in, click "Forgot password?" and follow the link we email you. Links expire after 30 minutes.

Can I transfer my membership to someone else?
No. Memberships are tied to one person. You can, however, buy a gift membership on behalf of a friend.

Is Riverside Climbing Centre affiliated with British Mountaineering Council?
Yes, we are a member of the BMC and our instructors hold BMC-recognised qualifications.

Was this answer helpful?  Yes  No
Still need help? Contact us
""",
    [
        ("B", "Frequently Asked Questions"),
        ("B", " Sign in,"),
        ("B", ' "Forgot password'),
        ("o", " Links expire after"),
        ("O", "No. Memberships"),
        ("R", " on behalf of a"),
        ("n", " Riverside Climbing"),
        ("N", " affiliated with British"),
        ("n", " Mountaineering Council"),
        ("r", " a member of the"),
        ("N", " the BMC and"),
        ("B", "Was this answer helpful"),
        ("B", "Still need help?"),
        ("B", " Contact us"),
    ],
)

add(
    "user-manual",
    "en",
    """
4.2 Descaling the machine

WARNING: Do not immerse the base unit in water. Risk of electric shock.

1. Fill the water tank with 500 ml of water and one sachet of DuraClean descaler.
2. Press and hold the STEAM and ESPRESSO buttons together for 5 seconds. The indicator flashes amber.
3. Place a container under the group head and wait until the tank is empty (about 20 minutes).

Note: The Barista Pro 2 is compatible with any citric-acid descaler. Using vinegar voids the warranty.

Page 17 of 48                                         Model BP-220 / Rev. C
""",
    [
        ("O", "4.2 Descaling"),
        ("B", "WARNING: Do not"),
        ("B", " Risk of electric shock"),
        ("o", " Fill the water tank"),
        ("N", " DuraClean descaler"),
        ("O", " the STEAM and"),
        ("o", " flashes amber"),
        ("o", " the group head"),
        ("N", "The Barista Pro"),
        ("R", " is compatible with any"),
        ("o", " voids the warranty"),
        ("B", "Page 17 of 48"),
        ("B", " Rev. C"),
    ],
)

add(
    "error-log",
    "en",
    """
2026-03-14 02:17:45,903 INFO  [main] o.a.c.c.StandardService - Starting service [Catalina]
2026-03-14 02:17:46,118 WARN  [main] c.f.billing.Config - Property 'retry.max' not set, falling back to 3
2026-03-14 02:17:49,551 ERROR [pool-2-thread-7] c.f.billing.InvoiceJob - Failed to export invoice 88213
java.net.SocketTimeoutException: Read timed out
    at java.base/java.net.SocketInputStream.read(SocketInputStream.java:168)
    at com.fernwood.billing.ExportClient.send(ExportClient.java:92)
2026-03-14 02:17:49,552 INFO  [pool-2-thread-7] c.f.billing.InvoiceJob - Will retry in 30s (attempt 1 of 3)
""",
    [
        ("c", "2026-03-14 02:17:45,903"),
        ("c", " INFO  [main]"),
        ("c", " o.a.c.c.StandardService"),
        ("C", " - Starting service"),
        ("c", " [Catalina]"),
        ("c", " 'retry.max'"),
        ("C", " Failed to export invoice"),
        ("c", "java.net.SocketTimeoutException"),
        ("C", " Read timed out"),
        ("c", "(SocketInputStream.java:168)"),
        ("c", " com.fernwood.billing"),
        ("C", " Will retry in 30s"),
    ],
)

add(
    "csv-export",
    "en",
    """
order_id,customer_name,city,country,total_eur,status,created_at
10041,"Lindqvist, Anna",Malmö,SE,129.90,shipped,2026-02-01T09:14:00Z
10042,"O'Brien, Sean",Cork,IE,45.00,refunded,2026-02-01T10:02:11Z
10043,"Marchetti, Luca",Bologna,IT,310.25,pending,2026-02-01T11:47:30Z
10044,"Nakamura, Yui",Osaka,JP,88.40,shipped,2026-02-02T00:05:59Z
""",
    [
        ("c", "order_id,customer"),
        ("c", "_name,city"),
        ("c", ",total_eur,status"),
        ("C", '"Lindqvist, Anna"'),
        ("C", ",Malmö,SE"),
        ("c", ",129.90,shipped"),
        ("c", "T09:14:00Z"),
        ("C", '"O\'Brien, Sean"'),
        ("C", ",Bologna,IT"),
        ("c", ",refunded,"),
    ],
)

add(
    "latex-source",
    "en",
    r"""
\documentclass[11pt]{article}
\usepackage{amsmath,graphicx}
\title{Tidal Mixing in Shallow Estuaries}
\author{R. Castellano \and M. Dufour}
\begin{document}
\maketitle
\section{Introduction}
Estuarine circulation is driven by the balance between river discharge and tidal forcing \cite{hansen1966}. In contrast to deep fjords, shallow estuaries such as the Severn are well mixed for most of the tidal cycle.
\begin{equation}
  S(x,t) = S_0 \exp(-x/L)
\end{equation}
\end{document}
""",
    [
        ("c", "\\documentclass[11pt]"),
        ("c", "{amsmath,graphicx}"),
        ("c", "\\title{"),
        ("o", "Tidal Mixing in"),
        ("C", "\\author{R. Cast"),
        ("c", " \\and M."),
        ("c", "\\section{Introduction}"),
        ("o", " river discharge and"),
        ("c", " \\cite{hansen1966}"),
        ("R", " In contrast to deep"),
        ("r", " such as the"),
        ("n", " the Severn are"),
        ("c", " S_0 \\exp"),
        ("c", "\\end{document}"),
    ],
)

add(
    "markdown-readme",
    "en",
    """
# tidewatch

[![Build](https://github.com/oskar-b/tidewatch/actions/workflows/ci.yml/badge.svg)](https://github.com/oskar-b/tidewatch/actions)

Tidewatch is a small command-line tool that downloads tide predictions from NOAA and prints them as a table.

## Installation

```
pipx install tidewatch
```

## Usage

Run `tidewatch --station 8454000` to see today's tides at Providence. The station ID is listed on the NOAA website.

## Contributing

Pull requests are welcome. For major changes, please open an issue first to discuss what you would like to change.

## License

[MIT](LICENSE)
""",
    [
        ("N", "# tidewatch"),
        ("B", "[![Build]"),
        ("B", "/badge.svg)]"),
        ("N", "Tidewatch is a"),
        ("R", " is a small command"),
        ("n", " from NOAA and"),
        ("b", "## Installation"),
        ("c", "pipx install tidewatch"),
        ("b", "## Usage"),
        ("c", " `tidewatch --station"),
        ("n", " at Providence."),
        ("b", "## Contributing"),
        ("b", "Pull requests are welcome"),
        ("b", " please open an issue first"),
        ("B", "[MIT](LICENSE)"),
    ],
)

add(
    "config-file",
    "en",
    """
# Settings for the nightly backup job.
# Keep this file outside the repository; it holds credentials.

[storage]
bucket = "fw-backups-eu"
region = "eu-west-1"
retention_days = 35

[database]
host = "db-primary.internal"
port = 5432
# the replica is read-only, so never point migrations at it
replica = "db-replica.internal"

[notify]
on_failure = ["ops@fernwood.example", "#alerts"]
""",
    [
        ("c", "# Settings"),
        ("o", " for the nightly backup"),
        ("O", " Keep this file outside"),
        ("c", "[storage]\nbucket"),
        ("c", ' = "fw-backups'),
        ("c", 'region = "'),
        ("c", "retention_days ="),
        ("c", "[database]"),
        ("c", " 5432"),
        ("O", " the replica is read"),
        ("o", " never point migrations"),
        ("c", 'on_failure = ["'),
        ("c", "ops@fernwood.example"),
    ],
)

add(
    "dockerfile",
    "en",
    """
# syntax=docker/dockerfile:1
FROM python:3.12-slim AS build
WORKDIR /app
COPY pyproject.toml poetry.lock ./
RUN pip install --no-cache-dir poetry && poetry export -o requirements.txt
# Copy the source last so dependency layers stay cached
COPY src/ ./src/
FROM python:3.12-slim
COPY --from=build /app /app
EXPOSE 8080
CMD ["gunicorn", "-b", "0.0.0.0:8080", "tidewatch.web:app"]
""",
    [
        ("c", "# syntax=docker"),
        ("c", "FROM python:3.12"),
        ("c", " AS build"),
        ("c", "WORKDIR /app"),
        ("c", " poetry.lock ./"),
        ("c", " --no-cache-dir poetry"),
        ("O", " Copy the source last"),
        ("o", " so dependency layers"),
        ("c", "EXPOSE 8080"),
        ("c", 'CMD ["gunicorn"'),
        ("c", '"tidewatch.web:app"'),
    ],
)

add(
    "commit-messages",
    "en",
    """
commit 4be1f07c92a3d8e1b05f6a77e2c0d9d1a8e3f210
Author: Priya Natarajan <priya@tidewatch.dev>
Date:   Mon Mar 9 16:42:05 2026 +0100

    Fix off-by-one in tide table when station crosses midnight

    The parser assumed every prediction fell on the requested date. Stations
    in Alaska report the last low tide after 00:00 UTC, which shifted the
    whole table by a row. Compare dates instead of indexes.

    Fixes #112
    Co-authored-by: Jonas Berg <jonas@bergs.se>
""",
    [
        ("c", "commit 4be1f07"),
        ("b", "Author:"),
        ("n", " Priya Natarajan"),
        ("c", " <priya@tidewatch.dev>"),
        ("b", "Date:   Mon"),
        ("o", "Fix off-by-one"),
        ("O", " when station crosses midnight"),
        ("o", " The parser assumed"),
        ("n", " in Alaska report"),
        ("o", " shifted the"),
        ("O", " Compare dates instead"),
        ("B", "Fixes #112"),
        ("b", "Co-authored-by:"),
        ("n", " Jonas Berg"),
    ],
)

add(
    "menu",
    "en",
    """
THE ANCHOR · Harbour Road, Whitstable
Lunch served 12-3pm · Dinner 6-9:30pm

STARTERS
Whitstable Natives, half dozen, shallot vinegar ............ 18
Smoked mackerel pâté, sourdough toast .......................... 9

MAINS
Beer-battered haddock, triple-cooked chips, mushy peas ........ 19
Chicken Kiev, garlic butter, buttered greens (GF on request) .. 17

Please tell your server about any allergies. A discretionary 12.5% service charge will be added to your bill.
""",
    [
        ("n", "THE ANCHOR"),
        ("n", " Harbour Road, Whit"),
        ("o", "Lunch served 12"),
        ("B", "STARTERS"),
        ("N", "Whitstable Natives"),
        ("o", " shallot vinegar"),
        ("o", " .......................... 9"),
        ("B", "MAINS"),
        ("o", " triple-cooked chips"),
        ("N", "Chicken Kiev"),
        ("O", " (GF on request)"),
        ("b", "Please tell your server about any allergies"),
        ("b", " A discretionary 12.5% service charge"),
    ],
)

add(
    "obituary",
    "en",
    """
HALVORSEN, Margaret Ellen (née Price)
Peacefully, at St Luke's Hospice, Sheffield, on 2nd February 2026, aged 91. Beloved wife of the late Arne, devoted mother of Kirsten and Paul, and grandmother of five. Margaret taught piano at Abbeydale Grange School for thirty years and was a founder member of the Dore Village Choir.
Funeral service at Hutcliffe Wood Crematorium on Friday 20th February at 11am. Family flowers only; donations, if desired, to Macmillan Cancer Support.
Leave a condolence   Light a candle
""",
    [
        ("n", "HALVORSEN, Margaret"),
        ("N", " (née Price)"),
        ("O", "Peacefully, at"),
        ("n", " St Luke's Hospice"),
        ("o", " aged 91"),
        ("r", " Beloved wife of the"),
        ("r", " devoted mother of"),
        ("R", " and grandmother of"),
        ("N", " Abbeydale Grange"),
        ("r", " a founder member of"),
        ("n", " Dore Village Choir"),
        ("B", " Family flowers only"),
        ("n", " Macmillan Cancer"),
        ("B", "Leave a condolence"),
        ("B", "   Light a candle"),
    ],
)

add(
    "horoscope",
    "en",
    """
Scorpio (Oct 24 - Nov 22)
Mercury slips into your opposite sign this week, and conversations you have been putting off finally happen. Someone close to you may ask for more time rather than more words. By the weekend the Moon joins Venus in your fifth house: a good moment for anything creative. Lucky number: 7.
Read your full weekly forecast  →
More horoscopes: Aries | Taurus | Gemini
""",
    [
        ("N", "Scorpio (Oct"),
        ("o", " 24 - Nov 22)"),
        ("N", "Mercury slips into"),
        ("o", " your opposite sign"),
        ("o", " putting off finally"),
        ("R", " rather than more words"),
        ("N", " the Moon joins"),
        ("n", " Venus in your"),
        ("o", " fifth house"),
        ("O", "Lucky number: 7"),
        ("B", "Read your full weekly forecast"),
        ("B", "More horoscopes:"),
        ("B", " Aries | Taurus"),
    ],
)

add(
    "sports-stats-table",
    "en",
    """
PREMIER LEAGUE TABLE (after matchday 27)
Pos  Club              P   W   D   L   GD  Pts
1    Arsenal           27  19  5   3   +38 62
2    Liverpool         27  18  6   3   +31 60
3    Aston Villa       27  16  4   7   +15 52
...
18   Luton Town        27  5   7   15  -21 22
Key: P played, W won, D drawn, L lost, GD goal difference. Source: Opta.
""",
    [
        ("N", "PREMIER LEAGUE TABLE"),
        ("o", " (after matchday 27)"),
        ("B", "Pos  Club"),
        ("B", "  P   W   D"),
        ("n", "    Arsenal"),
        ("o", "  19  5   3"),
        ("n", "    Aston Villa"),
        ("n", "   Luton Town"),
        ("O", "  -21 22"),
        ("B", "Key: P played"),
        ("B", " GD goal difference"),
        ("B", " Source: Opta"),
    ],
)

add(
    "song-lyrics",
    "en",
    """
[Verse 1]
Down on Canal Street where the lamplight bends,
I spent my last shilling on borrowed friends,
You said meet me by the river at ten,
but the river's been running since God knows when.

[Chorus]
Oh Marianne, don't wait up for me,
I'm a long way gone on the Irish Sea.

Lyrics licensed & provided by LyricFind
Written by: Callum Dunne, Ruth Aherne
""",
    [
        ("B", "[Verse 1]"),
        ("n", "Down on Canal Street"),
        ("o", " where the lamplight bends"),
        ("o", " my last shilling"),
        ("O", " borrowed friends"),
        ("o", " by the river at"),
        ("O", " since God knows when"),
        ("B", "[Chorus]"),
        ("n", "Oh Marianne,"),
        ("o", " a long way gone"),
        ("n", " the Irish Sea"),
        ("b", "Lyrics licensed & provided by"),
        ("B", "Written by:"),
        ("B", " Callum Dunne, Ruth"),
    ],
)

add(
    "game-dialogue",
    "en",
    """
ELDER MAREN: You made it through the Ashen Pass? Few travellers return from there.
> [Persuade] I need passage to Kharos. The ferryman owes you a favour.
> [Trade] Show me what you have.
> [Leave]
ELDER MAREN: Kharos... The island is ruled by the Salt Guild now. They answer to no king.
ELDER MAREN: Take this seal. It marks you as a friend of the Elders.
Quest updated: The Salt Road (Objective: Find the ferryman at Grey Harbour)
[E] Accept   [Esc] Back
""",
    [
        ("N", "ELDER MAREN:"),
        ("n", " the Ashen Pass"),
        ("o", " Few travellers return"),
        ("B", "> [Persuade]"),
        ("n", " to Kharos."),
        ("o", " owes you a favour"),
        ("B", "> [Trade]"),
        ("R", " is ruled by the"),
        ("n", " Salt Guild now"),
        ("O", " They answer to no king"),
        ("r", " a friend of the"),
        ("B", "Quest updated:"),
        ("n", " The Salt Road"),
        ("n", " at Grey Harbour"),
        ("B", "[E] Accept"),
    ],
)

add(
    "wiki-talk-page",
    "en",
    """
== Infobox population figure ==
The infobox says 54,000 but the 2021 census gives 51,872 for the municipality. Should we use the urban area instead of the municipality? ~~~~ [[User:Hallbjorn|Hallbjorn]] ([[User talk:Hallbjorn|talk]]) 14:02, 3 May 2024 (UTC)
:I'd keep the municipality; that's what the other Norwegian towns use. Statistics Norway is the source for all of them. [[User:Kelpie77|Kelpie77]] ([[User talk:Kelpie77|talk]]) 09:15, 4 May 2024 (UTC)
::{{done}} Updated with a citation. — Preceding unsigned comment added by 84.212.7.19
""",
    [
        ("c", "== Infobox"),
        ("O", " population figure"),
        ("o", " the 2021 census gives"),
        ("R", " instead of the municipality"),
        ("c", " ~~~~ [["),
        ("c", "[[User:Hallbjorn|"),
        ("B", "|talk]])"),
        ("b", " 14:02, 3 May 2024 (UTC)"),
        ("o", " other Norwegian towns"),
        ("n", " Statistics Norway is"),
        ("r", " is the source for"),
        ("c", "::{{done}}"),
        ("B", " Preceding unsigned comment added by"),
    ],
)

add(
    "cookie-banner",
    "en",
    """
We value your privacy
We and our 214 partners use cookies and similar technologies to store and access information on your device, such as unique identifiers, to personalise ads and content, measure performance and develop products. You can accept all, reject non-essential cookies, or choose which purposes you allow. You can change your choice at any time by clicking "Cookie settings" at the bottom of any page.
Accept all    Reject all    Manage preferences
Powered by OneTrust
""",
    [
        ("B", "We value your privacy"),
        ("B", " and our 214 partners"),
        ("b", " use cookies and similar"),
        ("b", " access information on your device"),
        ("b", " such as unique identifiers"),
        ("b", " measure performance and"),
        ("B", " reject non-essential cookies"),
        ("B", ' "Cookie settings"'),
        ("B", "Accept all"),
        ("B", "    Manage preferences"),
        ("b", "Powered by OneTrust"),
    ],
)

add(
    "e-commerce-checkout",
    "en",
    """
Checkout
1 Shipping  >  2 Payment  >  3 Review

Shipping address
Full name *          Postcode *
Use this address for billing

Delivery options
( ) Standard (3-5 working days) — Free
( ) Next day by DPD — £4.99

Order summary
Merino crew sweater, Forest / M  x1        £68.00
Promo code                                  Apply
Subtotal £68.00   VAT included
By placing your order you agree to our Terms of Sale and Returns Policy.
Place order
""",
    [
        ("B", "1 Shipping  >"),
        ("B", "Shipping address"),
        ("B", "Full name *"),
        ("B", "Use this address for billing"),
        ("o", " (3-5 working days)"),
        ("N", " by DPD —"),
        ("O", "Merino crew sweater"),
        ("O", " Forest / M"),
        ("B", "Promo code"),
        ("B", "   VAT included"),
        ("b", "By placing your order you agree"),
        ("b", " our Terms of Sale"),
        ("B", "Place order"),
    ],
)

add(
    "banking-statement",
    "en",
    """
NORTHGATE BANK plc                          Statement of account
Account: Current Account ****4821           Sort code 20-45-77
Period: 01/02/2026 to 28/02/2026            Page 1 of 2

Date     Description                         Paid out   Paid in   Balance
03 Feb   DD THAMES WATER UTILITIES           42.10                1,204.55
05 Feb   CARD PAYMENT TESCO STORES 2231      63.27                1,141.28
12 Feb   FPI SALARY FERNWOOD ANALYTICS                 2,450.00   3,591.28
Northgate Bank plc is authorised by the Prudential Regulation Authority.
""",
    [
        ("N", "NORTHGATE BANK plc"),
        ("B", "Statement of account"),
        ("B", "Account: Current"),
        ("B", "Sort code"),
        ("B", "Page 1 of 2"),
        ("B", "Date     Description"),
        ("N", "DD THAMES"),
        ("N", " THAMES WATER UTILITIES"),
        ("O", "CARD PAYMENT"),
        ("N", " TESCO STORES"),
        ("O", " FPI SALARY"),
        ("N", " FERNWOOD ANALYTICS"),
        ("o", "   1,141.28"),
        ("b", " is authorised by the Prudential"),
        ("b", " Regulation Authority"),
    ],
)

add(
    "academic-cv",
    "en",
    """
CURRICULUM VITAE — Dr. Helena Voss

Education
2014  PhD in Marine Biology, University of Aberdeen. Thesis: "Feeding ecology of harbour porpoises in the North Sea". Supervisor: Prof. Graham Pierce.

Employment
2019–present  Senior Lecturer, School of Ocean Sciences, Bangor University
2015–2019     Postdoctoral Fellow, funded by the Leverhulme Trust

Selected publications
Voss, H., Ortega, L. & Pierce, G. J. (2021). Prey switching in a changing sea. Marine Ecology Progress Series, 662, 1-15. doi:10.3354/meps13621
""",
    [
        ("B", "CURRICULUM VITAE"),
        ("n", " Dr. Helena Voss"),
        ("B", "Education\n2014"),
        ("O", " PhD in Marine Biology"),
        ("n", " University of Aberdeen"),
        ("o", " of harbour porpoises"),
        ("b", " Supervisor:"),
        ("n", " Prof. Graham Pierce"),
        ("O", " Senior Lecturer,"),
        ("n", " Bangor University"),
        ("R", " funded by the"),
        ("n", " Leverhulme Trust"),
        ("B", "Selected publications"),
        ("b", "Voss, H., Ortega"),
        ("b", " Prey switching in a"),
        ("b", " Progress Series, 662"),
        ("b", " doi:10.3354"),
    ],
)

add(
    "museum-label",
    "en",
    """
Gallery 12 · Northern Renaissance

Pieter Bruegel the Elder (c. 1525–1569)
The Harvesters, 1565
Oil on wood

Bruegel painted this panel as part of a series of six depicting the seasons, commissioned by the Antwerp merchant Niclaes Jongelinck for his villa. Only five survive. The scene looks down on peasants resting at midday, one of them asleep under a pear tree.

Rogers Fund, 1919 (19.164)
Please do not touch the artworks.
""",
    [
        ("B", "Gallery 12 ·"),
        ("N", " Northern Renaissance"),
        ("n", "Pieter Bruegel the Elder"),
        ("o", " (c. 1525"),
        ("n", "The Harvesters,"),
        ("O", "Oil on wood"),
        ("r", " as part of a series"),
        ("R", " commissioned by the"),
        ("n", " Antwerp merchant"),
        ("n", " Niclaes Jong"),
        ("o", " resting at midday"),
        ("o", " under a pear tree"),
        ("B", "Rogers Fund, 1919"),
        ("B", "Please do not touch"),
    ],
)

add(
    "tax-form",
    "en",
    """
Form 1040-ES (2026)   Estimated Tax for Individuals
Department of the Treasury — Internal Revenue Service         OMB No. 1545-0074

Part I   Taxpayer information
1a  Your first name and middle initial ______   Last name ______
1b  Social security number ___-__-____
Part II  Estimated tax worksheet
2   Adjusted gross income you expect in 2026 (see instructions) ........ 2
3   If you plan to itemize deductions, enter the estimated total; otherwise enter your standard deduction ........ 3
For Privacy Act and Paperwork Reduction Act Notice, see instructions.       Cat. No. 11340T
""",
    [
        ("N", "Form 1040-ES"),
        ("B", "Estimated Tax for Individuals"),
        ("n", "Department of the Treasury"),
        ("n", " Internal Revenue Service"),
        ("B", "OMB No. 1545"),
        ("B", "Part I   Taxpayer"),
        ("B", " Your first name and middle initial"),
        ("B", " Social security number"),
        ("O", " Adjusted gross income you"),
        ("B", " (see instructions)"),
        ("o", " plan to itemize deductions"),
        ("B", "For Privacy Act and"),
        ("B", " Cat. No. 11340T"),
    ],
)

add(
    "news",
    "en",
    """
Kettering-based Ardent Foods has merged with Dutch snack maker Van Houtkamp in a deal worth an estimated €400 million, the two companies announced on Thursday.

The combined firm will be headquartered in Utrecht and led by Ardent's chief executive, Sofia Laine, who previously worked at Unilever. Van Houtkamp, which makes the popular Knapper crisps, was founded in 1961 and is owned by the Houtkamp family.

Analysts said the move was defensive rather than ambitious. "They are buying shelf space, not growth," said Oliver Pratt of Numis.

Sign up to our business newsletter
Related: Supermarkets squeeze suppliers as inflation eases
""",
    [
        ("n", "Kettering-based Ardent"),
        ("R", " has merged with Dutch"),
        ("n", " Van Houtkamp in"),
        ("o", " an estimated €400 million"),
        ("N", " on Thursday."),
        ("r", " will be headquartered in"),
        ("n", " led by Ardent"),
        ("R", " previously worked at"),
        ("N", " the popular Knapper crisps"),
        ("r", " is owned by the"),
        ("O", " defensive rather than"),
        ("o", " buying shelf space"),
        ("n", " Oliver Pratt of"),
        ("B", "Sign up to our business newsletter"),
        ("B", "Related:"),
    ],
)

add(
    "blog",
    "en",
    """
Posted on 12 January 2026 by Ruth | 14 comments

Why I switched from a Kindle to a library card

For years I read almost exclusively on a Kindle. Then the local branch in Hebden Bridge reopened after the refurbishment, and I went in to return a book on behalf of my neighbour. I came out with four.

Libby, the app the council library uses, means I still get ebooks, but the real change is the browsing. You find books next to the book you were looking for. In fact, that is how I found Ali Smith.

Filed under: Books, Life | Tagged: libraries, reading
← Previous post    Next post →
Leave a Reply
""",
    [
        ("B", "Posted on 12 January"),
        ("B", " by Ruth |"),
        ("B", " 14 comments"),
        ("o", "Why I switched"),
        ("N", " from a Kindle to"),
        ("n", " in Hebden Bridge"),
        ("O", " reopened after the refurbishment"),
        ("R", " on behalf of my neighbour"),
        ("N", "Libby, the app"),
        ("O", " next to the book"),
        ("O", " In fact, that"),
        ("n", " Ali Smith."),
        ("B", "Filed under:"),
        ("B", " | Tagged:"),
        ("B", "← Previous post"),
        ("B", "Leave a Reply"),
    ],
)

add(
    "encyclopedia",
    "en",
    """
Lake Bled (Slovene: Blejsko jezero) is a lake in the Julian Alps of northwestern Slovenia, where it adjoins the town of Bled. The area is a tourist destination. The lake is 2,120 m long and 1,380 m wide, with a maximum depth of 30.6 m. It is fed by hot springs.

Bled Island, the only natural island in Slovenia, lies in the lake. It is home to the Church of the Assumption of Mary, built in the 17th century.

See also
List of lakes of Slovenia
References
1. ^ "Lake Bled". Slovenian Tourist Board. Archived from the original on 4 March 2016. Retrieved 12 May 2020.
""",
    [
        ("n", "Lake Bled (Slo"),
        ("O", " (Slovene:"),
        ("r", " is a lake in"),
        ("n", " the Julian Alps"),
        ("R", " where it adjoins the"),
        ("n", " town of Bled"),
        ("o", " 2,120 m long"),
        ("r", " is fed by"),
        ("o", " hot springs"),
        ("r", " is home to the"),
        ("n", " Church of the Assumption"),
        ("B", "See also"),
        ("B", "List of lakes of Slovenia"),
        ("b", "Archived from the original"),
        ("b", " Retrieved 12 May 2020"),
    ],
)

add(
    "press-release",
    "en",
    """
FOR IMMEDIATE RELEASE

Halden Robotics Partners with Osaka University on Warehouse Automation Research

BOSTON, March 3, 2026 /PRNewswire/ -- Halden Robotics, a provider of autonomous mobile robots, today announced a three-year research partnership with Osaka University. The program will be led by Professor Kenji Arai of the Graduate School of Engineering.

About Halden Robotics
Halden Robotics is a privately held company based in Boston, Massachusetts.

Media contact: press@haldenrobotics.com
SOURCE Halden Robotics
""",
    [
        ("B", "FOR IMMEDIATE RELEASE"),
        ("n", "Halden Robotics Partners"),
        ("N", " Partners with Osaka"),
        ("n", "BOSTON, March"),
        ("b", " /PRNewswire/ --"),
        ("r", " a provider of"),
        ("o", " autonomous mobile robots"),
        ("O", " today announced a"),
        ("r", " will be led by"),
        ("n", " Professor Kenji Arai"),
        ("B", "About Halden Robotics"),
        ("n", " based in Boston"),
        ("B", "Media contact:"),
        ("B", "SOURCE Halden Robotics"),
    ],
)

add(
    "government-notice",
    "en",
    """
PUBLIC NOTICE
Town and Country Planning Act 1990
Application No: 26/00417/FUL

Notice is hereby given that an application has been made to Calderdale Metropolitan Borough Council for planning permission for the change of use of a vacant shop (Use Class E) to a hot food takeaway at 14 Market Street, Todmorden.

Anyone who wishes to make representations about this application should write to the council by 27 March 2026.

Signed: R. Okonjo, Head of Planning Services
""",
    [
        ("B", "PUBLIC NOTICE"),
        ("n", "Town and Country Planning Act"),
        ("B", "Application No:"),
        ("b", "Notice is hereby given that"),
        ("n", " Calderdale Metropolitan"),
        ("o", " for planning permission"),
        ("O", " (Use Class E)"),
        ("o", " hot food takeaway"),
        ("n", " 14 Market Street"),
        ("b", "Anyone who wishes to make representations"),
        ("B", "Signed:"),
        ("n", " R. Okonjo"),
        ("N", " Head of Planning Services"),
    ],
)

add(
    "clinical-note",
    "en",
    """
DISCHARGE SUMMARY
Patient: [REDACTED]   MRN: 00482913   DOB: [REDACTED]
Admitted: 02/03/2026   Discharged: 06/03/2026   Ward: Cardiology B

Presenting complaint: 68-year-old male with central chest pain radiating to left arm, onset 2h before arrival.
History: T2DM, HTN. Son of a patient with early IHD. Lives with wife.
Management: Primary PCI to LAD via right radial access. Started on aspirin 75 mg OD and ticagrelor 90 mg BD.
Follow-up: Cardiac rehab referral sent. GP to review BP in 2 weeks.
""",
    [
        ("B", "DISCHARGE SUMMARY"),
        ("B", "Patient: [REDACTED]"),
        ("B", "   MRN:"),
        ("B", "Admitted:"),
        ("n", " Ward: Cardiology B"),
        ("B", "Presenting complaint:"),
        ("o", " central chest pain"),
        ("R", " radiating to left"),
        ("O", " T2DM, HTN"),
        ("R", " Son of a patient"),
        ("o", " Lives with wife"),
        ("O", " Primary PCI to LAD"),
        ("o", " aspirin 75 mg OD"),
        ("B", "Follow-up:"),
        ("O", " GP to review BP"),
    ],
)

add(
    "changelog",
    "en",
    """
## [2.4.0] - 2026-02-18
### Added
- `--json` flag for machine-readable output (#204, thanks @marisol-dev)
- Support for Canadian stations via the CHS API

### Changed
- Times are now shown in the station's local time zone instead of UTC.

### Fixed
- Crash when the NOAA response contained an empty `predictions` list.

### Deprecated
- The `tidewatch-legacy` entry point will be removed in 3.0.
""",
    [
        ("b", "## [2.4.0]"),
        ("c", " - 2026-02-18"),
        ("b", "### Added"),
        ("c", "- `--json` flag"),
        ("O", " for machine-readable output"),
        ("C", " @marisol-dev"),
        ("O", "- Support for Canadian"),
        ("n", " the CHS API"),
        ("b", "### Changed"),
        ("R", " instead of"),
        ("b", "### Fixed"),
        ("n", " the NOAA response"),
        ("c", " `predictions` list"),
        ("b", "### Deprecated"),
        ("c", " `tidewatch-legacy`"),
    ],
)


if __name__ == "__main__":
    write(P, "b01")
