"""Batch b26: further English genres (licences, advisories, terminal sessions, notices, listings, programmes)."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "security-advisory",
    "en",
    """
CVE-2026-21877: Path traversal in tidewatch export endpoint
Severity: High (CVSS 3.1 score 7.5)
Affected versions: tidewatch >= 2.0.0, < 2.4.3
Patched versions: 2.4.3

Description
The `/export` endpoint joined a user-supplied file name with the export directory instead of validating it, allowing an attacker to read arbitrary files on the host. The issue was reported by Mei Tanaka of Osaka Security Lab.

Workarounds
Disable the export feature by setting `EXPORT_ENABLED=false`.
References
https://github.com/oskar-b/tidewatch/security/advisories/GHSA-x4q2-7m9c-2p3r
""",
    [
        ("c", "CVE-2026-21877:"),
        ("o", " Path traversal in"),
        ("N", " tidewatch export endpoint"),
        ("B", "Severity:"),
        ("O", " High (CVSS 3.1"),
        ("B", "Affected versions:"),
        ("c", " tidewatch >= 2.0.0"),
        ("B", "Patched versions:"),
        ("B", "Description\nThe"),
        ("c", " `/export` endpoint"),
        ("O", " joined a user-supplied file name"),
        ("R", " instead of validating it"),
        ("o", " read arbitrary files on the host"),
        ("o", " was reported by"),
        ("n", " Mei Tanaka of"),
        ("n", " Osaka Security Lab"),
        ("B", "Workarounds"),
        ("c", " `EXPORT_ENABLED=false`"),
        ("B", "References\nhttps"),
        ("c", "/security/advisories/GHSA"),
    ],
)

add(
    "terminal-session",
    "en",
    """
$ pip install tidewatch
Collecting tidewatch
  Downloading tidewatch-2.4.3-py3-none-any.whl (41 kB)
Collecting requests>=2.31 (from tidewatch)
  Using cached requests-2.32.3-py3-none-any.whl (64 kB)
Installing collected packages: tidewatch
Successfully installed tidewatch-2.4.3
$ tidewatch --station 8454000 --days 1
Station 8454000 (Providence, RI)   times in EST
High  03:12  5.1 ft
Low   09:40  0.4 ft
$ echo $?
0
""",
    [
        ("c", "$ pip install tidewatch"),
        ("C", "Collecting tidewatch"),
        ("C", "  Downloading tidewatch-2.4.3"),
        ("c", "-py3-none-any.whl"),
        ("C", "Collecting requests>=2.31"),
        ("C", " (from tidewatch)"),
        ("C", "  Using cached requests"),
        ("C", "Installing collected packages"),
        ("C", "Successfully installed tidewatch"),
        ("c", " --station 8454000"),
        ("C", "Station 8454000 (Providence"),
        ("C", "   times in EST"),
        ("C", "High  03:12  5.1 ft"),
        ("c", "$ echo $?"),
    ],
)

add(
    "licence",
    "en",
    """
BSD 3-Clause License

Copyright (c) 2026, Oskar Berg
All rights reserved.

Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met:

1. Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer.

3. Neither the name of the copyright holder nor the names of its contributors may be used to endorse or promote products derived from this software without specific prior written permission.
""",
    [
        ("B", "BSD 3-Clause License"),
        ("b", "Copyright (c) 2026,"),
        ("B", " Oskar Berg\n"),
        ("b", "All rights reserved."),
        ("b", "Redistribution and use in source"),
        ("b", " with or without modification"),
        ("b", " provided that the following conditions"),
        ("b", " must retain the above copyright notice"),
        ("b", " and the following disclaimer"),
        ("b", "3. Neither the name of"),
        ("b", " the copyright holder nor"),
        ("B", " products derived from this software"),
        ("b", " without specific prior written permission"),
    ],
)

add(
    "contributing-guide",
    "en",
    """
# Contributing to tidewatch

Thanks for taking the time to contribute! 🎉

## Code of Conduct
This project follows the Contributor Covenant. By participating, you are expected to uphold this code.

## How to report a bug
Open an issue and include the station ID, the command you ran and the full output. Please search existing issues first instead of opening a duplicate.

## Development setup
    git clone https://github.com/oskar-b/tidewatch
    cd tidewatch && pip install -e ".[dev]"
Run `pytest` before opening a pull request.
""",
    [
        ("B", "# Contributing to tidewatch"),
        ("B", "Thanks for taking the time to contribute"),
        ("B", "## Code of Conduct"),
        ("b", "This project follows the"),
        ("b", " Contributor Covenant."),
        ("b", " By participating, you are expected"),
        ("B", "## How to report a bug"),
        ("o", "Open an issue and include"),
        ("o", " the station ID"),
        ("R", " instead of opening a duplicate"),
        ("B", "## Development setup"),
        ("c", "    git clone https"),
        ("c", ' pip install -e ".[dev]"'),
        ("c", "Run `pytest` before"),
        ("O", " before opening a pull request"),
    ],
)

add(
    "product-recall",
    "en",
    """
PRODUCT RECALL
Brightside Foods recalls Oat & Honey Granola Bars because of undeclared peanuts

Brightside Foods is recalling the product listed below because it contains peanuts, which are not mentioned on the label. This means the product is a possible health risk for anyone with an allergy to peanuts.
Product: Oat & Honey Granola Bars, 6 x 30 g
Best before: all dates up to and including 30 November 2026
Action taken: The company has contacted the relevant allergy support organisations. Point-of-sale notices will be displayed in all retail stores that are selling this product.
Our advice to consumers: Do not eat it. Instead, return it to the store from where it was bought for a full refund.
""",
    [
        ("B", "PRODUCT RECALL"),
        ("n", "Brightside Foods recalls"),
        ("O", " Oat & Honey Granola Bars"),
        ("o", " because of undeclared peanuts"),
        ("b", " is recalling the product listed below"),
        ("R", " because it contains peanuts"),
        ("o", " which are not mentioned on the label"),
        ("b", " This means the product is a possible health risk"),
        ("O", " with an allergy to peanuts"),
        ("B", "Product:"),
        ("B", "Best before:"),
        ("b", " all dates up to and including"),
        ("B", "Action taken:"),
        ("b", " Point-of-sale notices will be displayed"),
        ("B", "Our advice to consumers:"),
        ("b", " Do not eat it."),
        ("b", " return it to the store from where it was bought"),
    ],
)

add(
    "car-classified",
    "en",
    """
2019 Volkswagen Golf 1.5 TSI Life, 5dr — £13,495
Mileage: 41,200  ·  Petrol  ·  Manual  ·  1 previous owner  ·  Full service history
Location: Harrogate, North Yorkshire  ·  Private seller

Selling my Golf as I've moved to London and no longer need a car. Always garaged, serviced at the VW dealer in Leeds every year. Comes with two keys. Minor scuff on the rear bumper (see photos). No time wasters please.
Contact seller   Save   Share   Report ad
Finance example: representative APR 9.9%
""",
    [
        ("N", "2019 Volkswagen Golf"),
        ("O", " 1.5 TSI Life, 5dr"),
        ("B", "Mileage:"),
        ("o", " 41,200  ·  Petrol"),
        ("O", "  ·  1 previous owner"),
        ("O", "  ·  Full service history"),
        ("B", "Location:"),
        ("n", " Harrogate, North Yorkshire"),
        ("B", "  ·  Private seller"),
        ("N", "Selling my Golf"),
        ("N", " moved to London and"),
        ("o", " no longer need a car"),
        ("O", " Always garaged,"),
        ("N", " at the VW dealer"),
        ("n", " in Leeds every"),
        ("o", " Comes with two keys"),
        ("O", " No time wasters please"),
        ("B", "Contact seller"),
        ("B", "   Report ad"),
        ("b", "Finance example: representative APR"),
    ],
)

add(
    "conference-programme",
    "en",
    """
PyCon UK 2026 — Programme, Saturday 19 September
Room A (Hall 1)
09:30  Keynote: "Thirty years of Python in science" — Dr Lorena Barba, George Washington University
10:30  Coffee break (sponsored by Bloomberg)
11:00  Talk: Type hints in practice — Adam Johnson
Room B (Hall 2)
11:00  Workshop: Getting started with Polars (bring a laptop)
All sessions are recorded unless the speaker opts out. Please read our Code of Conduct.
Add to my schedule   Download iCal
""",
    [
        ("N", "PyCon UK 2026 —"),
        ("B", " — Programme,"),
        ("O", " Saturday 19 September"),
        ("B", "Room A (Hall 1)"),
        ("B", "09:30  Keynote:"),
        ("o", '"Thirty years of'),
        ("N", ' of Python in science"'),
        ("n", " Dr Lorena Barba,"),
        ("n", " George Washington University"),
        ("B", "10:30  Coffee break"),
        ("N", " (sponsored by Bloomberg)"),
        ("B", "11:00  Talk:"),
        ("o", " Type hints in practice"),
        ("n", " — Adam Johnson"),
        ("N", " with Polars (bring"),
        ("b", "All sessions are recorded unless"),
        ("b", " Please read our Code of Conduct"),
        ("B", "Add to my schedule"),
    ],
)

add(
    "transport-notice",
    "en",
    """
Planned engineering work
Saturday 14 and Sunday 15 March
Trains between York and Leeds will not run. Replacement buses will operate between York, Church Fenton and Leeds instead of trains, calling at all stations.
Journeys will take up to 40 minutes longer. TransPennine Express tickets will be accepted on Northern services via Harrogate.
Plan your journey at nationalrail.co.uk. Follow @TPExpressTrains for live updates.
""",
    [
        ("B", "Planned engineering work"),
        ("O", "Saturday 14 and Sunday 15"),
        ("n", "Trains between York and"),
        ("n", " Leeds will not run"),
        ("o", " Replacement buses will operate"),
        ("n", " York, Church Fenton"),
        ("R", " instead of trains"),
        ("o", ", calling at all stations"),
        ("o", " up to 40 minutes longer"),
        ("n", " TransPennine Express tickets"),
        ("O", " will be accepted on"),
        ("n", " on Northern services"),
        ("n", " via Harrogate."),
        ("B", "Plan your journey at"),
        ("c", " nationalrail.co.uk."),
        ("B", " Follow"),
        ("c", " @TPExpressTrains"),
    ],
)

add(
    "pet-adoption",
    "en",
    """
Meet Biscuit!
Breed: Staffordshire Bull Terrier cross  ·  Age: 4 years  ·  Sex: Male
Location: Battersea, London

Biscuit is a big softie who loves a tummy rub more than a walk. He came to us after his owner moved into a care home. He lives happily with cats but would prefer a home without small children. Biscuit is neutered, microchipped and fully vaccinated.
Apply to adopt   Sponsor Biscuit   Share
Battersea Dogs & Cats Home is a registered charity (206394).
""",
    [
        ("N", "Meet Biscuit!"),
        ("B", "Breed:"),
        ("N", " Staffordshire Bull Terrier"),
        ("B", "  ·  Age:"),
        ("B", "  ·  Sex:"),
        ("n", " Battersea, London"),
        ("N", "Biscuit is a big softie"),
        ("O", " loves a tummy rub more than"),
        ("O", " He came to us after"),
        ("O", " after his owner moved into"),
        ("R", " He lives happily with cats"),
        ("O", " would prefer a home without"),
        ("O", " neutered, microchipped"),
        ("B", "Apply to adopt"),
        ("B", "   Sponsor Biscuit"),
        ("n", "Battersea Dogs & Cats Home"),
        ("b", " is a registered charity (206394)"),
    ],
)

add(
    "course-catalogue",
    "en",
    """
MATH2031 Linear Algebra II (20 credits)
School of Mathematics · Level 2 · Semester 1
Prerequisites: MATH1012 Linear Algebra I. Co-requisite: MATH2010.
Module leader: Dr Sarah Quinn
Description: This module builds on MATH1012 and introduces inner product spaces, eigenvalues and the spectral theorem. It is a prerequisite for MATH3045 Functional Analysis.
Assessment: Coursework 20%, Exam 80%
Timetable | Reading list | Module handbook (PDF)
""",
    [
        ("c", "MATH2031 Linear"),
        ("O", " Linear Algebra II"),
        ("o", " (20 credits)"),
        ("B", "School of Mathematics ·"),
        ("B", " · Level 2 ·"),
        ("B", "Prerequisites:"),
        ("c", " MATH1012 Linear"),
        ("B", " Co-requisite:"),
        ("B", "Module leader:"),
        ("n", " Dr Sarah Quinn"),
        ("B", "Description:"),
        ("R", " This module builds on"),
        ("o", " inner product spaces"),
        ("o", " the spectral theorem"),
        ("r", " It is a prerequisite for"),
        ("B", "Assessment:"),
        ("B", "Timetable | Reading list"),
    ],
)

add(
    "auction-listing",
    "en",
    """
Lot 214
A George III mahogany longcase clock, the painted dial signed 'Thos. Lister, Halifax', c. 1790
Estimate: £800 – £1,200
Provenance: By descent in the Ackroyd family, Hebden Bridge; thence to the present owner.
Condition report: Movement running at time of cataloguing; case with some old repairs to the hood.
The buyer's premium is 25% plus VAT on the hammer price.
Bid now   Watch lot   Ask a question
""",
    [
        ("B", "Lot 214"),
        ("N", "A George III mahogany"),
        ("o", " mahogany longcase clock"),
        ("o", " the painted dial signed"),
        ("b", " 'Thos. Lister, Halifax'"),
        ("O", ", c. 1790"),
        ("B", "Estimate:"),
        ("B", "Provenance:"),
        ("R", " By descent in the"),
        ("n", " Ackroyd family,"),
        ("R", " thence to the present owner"),
        ("B", "Condition report:"),
        ("o", " Movement running at time"),
        ("b", "The buyer's premium is 25%"),
        ("b", " on the hammer price"),
        ("B", "Bid now"),
        ("B", "   Ask a question"),
    ],
)


if __name__ == "__main__":
    write(P, "b26")
