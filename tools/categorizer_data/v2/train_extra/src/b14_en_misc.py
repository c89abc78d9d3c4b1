"""Batch b14: English passages in further new genres (tickets, leaflets, specs, scripts, catalogues)."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "booking-confirmation",
    "en",
    """
Your booking is confirmed!
Booking reference: QX7K2M

Flight BA 2764  London Gatwick (LGW) → Porto (OPO)
Sat 18 Apr 2026  Depart 06:35  Arrive 09:25  Terminal: North
Passenger: MS ELENA GARCIA    Seat 14C    Cabin bag included

Online check-in opens 24 hours before departure. Please arrive at the airport at least 2 hours before your flight.
Manage my booking   Add hold luggage   Download itinerary
British Airways Plc is registered in England and Wales, company number 01777777.
""",
    [
        ("B", "Your booking is confirmed!"),
        ("B", "Booking reference:"),
        ("c", " QX7K2M"),
        ("N", "Flight BA 2764"),
        ("n", "  London Gatwick (LGW)"),
        ("n", " → Porto (OPO)"),
        ("O", "Sat 18 Apr 2026"),
        ("B", "  Depart 06:35"),
        ("B", "Passenger:"),
        ("n", " MS ELENA GARCIA"),
        ("O", "    Seat 14C"),
        ("b", "Online check-in opens 24 hours"),
        ("b", " Please arrive at the airport"),
        ("B", "Manage my booking"),
        ("B", "   Add hold luggage"),
        ("b", " is registered in England and Wales"),
        ("b", ", company number 01777777"),
    ],
)

add(
    "patient-leaflet",
    "en",
    """
Package leaflet: Information for the patient
Ibuprofen 200 mg film-coated tablets

Read all of this leaflet carefully before you start taking this medicine because it contains important information for you.
What is in this leaflet
1. What Ibuprofen is and what it is used for
2. What you need to know before you take Ibuprofen

Ibuprofen belongs to a group of medicines called non-steroidal anti-inflammatory drugs (NSAIDs). Do not take Ibuprofen if you are allergic to aspirin. Ibuprofen may interact with warfarin, a blood thinner.
Marketing Authorisation Holder: Galen Pharma Ltd, Belfast.
""",
    [
        ("B", "Package leaflet:"),
        ("B", " Information for the patient"),
        ("O", "Ibuprofen 200 mg"),
        ("O", " film-coated tablets"),
        ("b", "Read all of this leaflet carefully"),
        ("b", " because it contains important information"),
        ("B", "What is in this leaflet"),
        ("B", "1. What Ibuprofen is"),
        ("B", " and what it is used for"),
        ("r", " belongs to a group of"),
        ("r", " medicines called non"),
        ("O", " (NSAIDs)."),
        ("R", " if you are allergic to"),
        ("R", " may interact with warfarin"),
        ("r", ", a blood thinner"),
        ("B", "Marketing Authorisation Holder:"),
        ("n", " Galen Pharma Ltd"),
    ],
)

add(
    "privacy-policy",
    "en",
    """
Privacy Policy
Last updated: 1 February 2026

1. Who we are
Harbour Books Ltd ("we", "us", "our") is the controller of your personal data. We are a member of the Booksellers Association.

2. What data we collect
We collect the information you give us when you create an account, such as your name and email address, and information collected automatically, such as your IP address.

3. Your rights
Under the UK GDPR you have the right to access, rectify or erase your personal data. To exercise these rights, contact privacy@harbourbooks.example.
""",
    [
        ("B", "Privacy Policy"),
        ("B", "Last updated:"),
        ("B", "1. Who we are"),
        ("n", 'Harbour Books Ltd ("'),
        ("b", ' ("we", "us", "our")'),
        ("b", " is the controller of your personal data"),
        ("R", " We are a member of the"),
        ("n", " Booksellers Association"),
        ("B", "2. What data we collect"),
        ("b", " the information you give us when you create"),
        ("b", " such as your IP address"),
        ("B", "3. Your rights"),
        ("b", "Under the UK GDPR"),
        ("b", " you have the right to access"),
        ("c", " privacy@harbourbooks.example"),
    ],
)

add(
    "dictionary-entry",
    "en",
    """
harbour (noun) /ˈhɑː.bə/  (US harbor)
1. A place on the coast where vessels may find shelter, especially one protected from rough water by piers or jetties. "The fishing boats were safe in the harbour."
2. A place of refuge.
verb: harbour, harbouring, harboured
To keep (a thought or feeling) in one's mind, typically secretly. "She harboured doubts about the plan."
Origin: Late Old English herebeorg 'refuge', from Old Norse herbergi.
Synonyms: port, haven, anchorage. See also: marina.
""",
    [
        ("O", "harbour (noun)"),
        ("O", " /ˈhɑː.bə/"),
        ("N", "  (US harbor)"),
        ("o", " A place on the coast where"),
        ("O", " protected from rough water by"),
        ("o", ' "The fishing boats were'),
        ("O", "2. A place of refuge"),
        ("O", "verb: harbour,"),
        ("o", " in one's mind, typically"),
        ("B", "Origin:"),
        ("N", " Late Old English herebeorg"),
        ("R", " 'refuge', from"),
        ("N", " Old Norse herbergi"),
        ("B", "Synonyms:"),
        ("B", " See also:"),
    ],
)

add(
    "table-of-contents",
    "en",
    """
Contents

List of Illustrations ............................ ix
Preface .......................................... xiii
A Note on Spelling ............................... xvii
1. The Herring Years ............................. 1
2. From Yarmouth to the Baltic ................... 37
3. Women of the Curing Yards ..................... 72
Notes ............................................ 301
Bibliography ..................................... 342
Index ............................................ 359
""",
    [
        ("B", "Contents\n"),
        ("B", "List of Illustrations"),
        ("B", " ............................ ix"),
        ("B", "Preface ......"),
        ("B", "A Note on Spelling"),
        ("O", "1. The Herring Years"),
        ("n", "2. From Yarmouth to"),
        ("n", " the Baltic ......"),
        ("O", "3. Women of the Curing"),
        ("B", "Notes ......"),
        ("B", "Bibliography ......"),
        ("B", "Index ......"),
    ],
)

add(
    "book-index",
    "en",
    """
Index

Aberdeen, 44, 61–3, 118
Baltic trade, 37–58; decline of, 212
barrels, coopers and, 79–81; see also curing
Buckie, 102
curing yards, 72–95; women in, 74, 88
Great Yarmouth, 12, 37–40, 205
herring girls, see curing yards
Lowestoft, 41, 207
Scottish Fishery Board, 15, 233n
""",
    [
        ("B", "Index\n"),
        ("N", "Aberdeen, 44"),
        ("B", ", 61–3, 118"),
        ("N", "Baltic trade, 37"),
        ("B", "; decline of, 212"),
        ("o", "barrels, coopers and"),
        ("B", "; see also curing"),
        ("n", "Buckie, 102"),
        ("O", "curing yards, 72"),
        ("B", "; women in, 74"),
        ("n", "Great Yarmouth, 12"),
        ("B", "herring girls, see"),
        ("n", "Lowestoft, 41"),
        ("n", "Scottish Fishery Board"),
        ("B", ", 15, 233n"),
    ],
)

add(
    "screenplay",
    "en",
    """
INT. HARBOUR OFFICE - NIGHT

Rain against the windows. MARGARET DUNN (60s), harbourmaster, sits at a desk covered in tide tables. The radio crackles.

                    RADIO (V.O.)
          Harbour, this is the Silver Darling.
          We've lost an engine off Flamborough.

Margaret grabs the handset.

                    MARGARET
          Silver Darling, Harbour. Stand by.
          I'm calling the lifeboat.

CUT TO:
""",
    [
        ("B", "INT. HARBOUR OFFICE"),
        ("B", " - NIGHT"),
        ("O", "Rain against the windows"),
        ("n", " MARGARET DUNN (60s)"),
        ("O", ", harbourmaster, sits"),
        ("o", " covered in tide tables"),
        ("B", "RADIO (V.O.)"),
        ("O", "          Harbour, this is the"),
        ("n", " the Silver Darling."),
        ("n", " off Flamborough."),
        ("n", "Margaret grabs the"),
        ("O", " Stand by."),
        ("O", " calling the lifeboat"),
        ("B", "CUT TO:"),
    ],
)

add(
    "event-listing",
    "en",
    """
What's On › Music › Folk

The Unthanks + support
Thu 14 May 2026, doors 7pm · Leeds Town Hall
Tickets £28.50 (+ £2.85 booking fee) · Age 14+ (under-16s must be accompanied by an adult)

Rachel and Becky Unthank, sisters from Northumberland, return with songs from their new album. Support comes from Leeds-born singer Kitty Macfarlane, who toured with Seth Lakeman last year.

Buy tickets   Add to calendar   Share
Access information | Getting here
""",
    [
        ("B", "What's On › Music"),
        ("O", " › Folk"),
        ("n", "The Unthanks + support"),
        ("O", "Thu 14 May 2026"),
        ("B", ", doors 7pm"),
        ("n", " Leeds Town Hall"),
        ("o", "Tickets £28.50"),
        ("B", " (+ £2.85 booking fee)"),
        ("b", " (under-16s must be accompanied by an adult)"),
        ("n", "Rachel and Becky Unthank"),
        ("r", ", sisters from"),
        ("n", " Northumberland,"),
        ("O", " return with songs from"),
        ("N", " Leeds-born singer"),
        ("N", " who toured with Seth"),
        ("B", "Buy tickets"),
        ("B", "   Add to calendar"),
        ("B", "Access information |"),
    ],
)

add(
    "library-catalogue",
    "en",
    """
Title:        The silver darlings / Neil M. Gunn.
Author:       Gunn, Neil M. (Neil Miller), 1891-1973.
Published:    London : Faber and Faber, 1941.
Description:  584 p. ; 20 cm.
Subjects:     Herring fisheries -- Scotland -- Fiction.
              Caithness (Scotland) -- Fiction.
Shelfmark:    F GUN
Status:       Available at Central Library, Level 2
Place hold   Email record   Cite this
""",
    [
        ("B", "Title:"),
        ("B", "        The silver darlings /"),
        ("B", " Neil M. Gunn."),
        ("B", "Author:"),
        ("B", "       Gunn, Neil M."),
        ("B", " 1891-1973."),
        ("B", "Published:"),
        ("B", " : Faber and Faber, 1941"),
        ("B", " 584 p. ; 20 cm."),
        ("B", "Subjects:"),
        ("B", " Herring fisheries -- Scotland"),
        ("B", "Shelfmark:"),
        ("c", " F GUN"),
        ("B", "Status:"),
        ("n", " Central Library, Level 2"),
        ("B", "Place hold"),
        ("B", "   Cite this"),
    ],
)

add(
    "status-page",
    "en",
    """
Harbour Books Status
All systems operational

Past incidents
Mar 14, 2026
Degraded checkout performance — Resolved
Payments were slow between 14:02 and 14:47 UTC because our payment provider, Stripe, was experiencing elevated error rates in the EU region. No orders were lost.
Update - We are continuing to monitor. Posted 3 hours ago.
Subscribe to updates
Powered by Atlassian Statuspage
""",
    [
        ("N", "Harbour Books Status"),
        ("B", "All systems operational"),
        ("B", "Past incidents"),
        ("O", "Mar 14, 2026"),
        ("O", "Degraded checkout performance"),
        ("B", " — Resolved"),
        ("o", " were slow between 14:02"),
        ("r", " because our payment provider,"),
        ("n", " Stripe, was"),
        ("o", " elevated error rates"),
        ("n", " in the EU region"),
        ("B", "Update - We are continuing to monitor"),
        ("B", " Posted 3 hours ago"),
        ("B", "Subscribe to updates"),
        ("b", "Powered by Atlassian Statuspage"),
    ],
)

add(
    "api-error-response",
    "en",
    """
HTTP/1.1 422 Unprocessable Entity
Content-Type: application/problem+json
X-Request-Id: 7f3c9a12-8b4e-4d21-9c1a-0e5f2b7d6a90

{
  "type": "https://api.harbourbooks.example/errors/validation",
  "title": "Your request parameters didn't validate.",
  "status": 422,
  "invalid_params": [
    {"name": "isbn", "reason": "must be 10 or 13 digits"}
  ]
}
""",
    [
        ("c", "HTTP/1.1 422"),
        ("C", " Unprocessable Entity"),
        ("c", "Content-Type: application"),
        ("c", "/problem+json"),
        ("c", "X-Request-Id: 7f3c"),
        ("c", '{\n  "type":'),
        ("c", '"https://api.harbour'),
        ("c", '"title": "'),
        ("C", "Your request parameters didn't"),
        ("c", '"status": 422'),
        ("c", '"invalid_params": ['),
        ("C", '"must be 10 or 13 digits"'),
    ],
)

add(
    "kubernetes-manifest",
    "en",
    """
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop-api
  labels:
    app: shop
spec:
  replicas: 3
  template:
    spec:
      containers:
        - name: api
          image: registry.example.com/shop-api:2.3.0
          # the API talks to Postgres through the pgbouncer sidecar, not directly
          env:
            - name: DATABASE_URL
              valueFrom:
                secretKeyRef: {name: shop-db, key: url}
""",
    [
        ("c", "apiVersion: apps/v1"),
        ("c", "kind: Deployment"),
        ("c", "metadata:\n  name"),
        ("c", "  replicas: 3"),
        ("c", "containers:\n"),
        ("c", "registry.example.com/shop"),
        ("c", ":2.3.0"),
        ("O", " the API talks to"),
        ("N", " to Postgres through"),
        ("N", " the pgbouncer sidecar"),
        ("O", ", not directly"),
        ("c", "- name: DATABASE_URL"),
        ("c", "secretKeyRef: {name"),
    ],
)

add(
    "terraform",
    "en",
    """
# S3 bucket for nightly exports; objects move to Glacier after 30 days
resource "aws_s3_bucket" "exports" {
  bucket = "harbour-exports-${var.env}"
  tags = {
    Owner = "data-team"
  }
}

resource "aws_s3_bucket_lifecycle_configuration" "exports" {
  bucket = aws_s3_bucket.exports.id
  rule {
    id     = "to-glacier"
    status = "Enabled"
    transition {
      days          = 30
      storage_class = "GLACIER"
    }
  }
}
""",
    [
        ("c", "# S3 bucket"),
        ("O", " for nightly exports"),
        ("N", " move to Glacier after"),
        ("c", 'resource "aws_s3_bucket"'),
        ("c", ' "exports" {'),
        ("c", '${var.env}"'),
        ("c", "tags = {"),
        ("c", 'Owner = "data-team"'),
        ("c", "aws_s3_bucket.exports.id"),
        ("c", 'status = "Enabled"'),
        ("c", 'storage_class = "GLACIER"'),
    ],
)

add(
    "bibtex",
    "en",
    """
@article{voss2021prey,
  author    = {Voss, Helena and Ortega, Luis and Pierce, Graham J.},
  title     = {Prey switching in a changing sea},
  journal   = {Marine Ecology Progress Series},
  volume    = {662},
  pages     = {1--15},
  year      = {2021},
  doi       = {10.3354/meps13621},
  note      = {Open access}
}
""",
    [
        ("c", "@article{voss2021prey,"),
        ("c", "  author    = {"),
        ("C", "{Voss, Helena and"),
        ("C", " Ortega, Luis"),
        ("c", "  title     = {"),
        ("C", "Prey switching in a"),
        ("c", "  journal   = {"),
        ("C", "Marine Ecology Progress"),
        ("c", "  pages     = {1--15}"),
        ("c", "  doi       = {10.3354"),
        ("C", "{Open access}"),
    ],
)

add(
    "nutrition-label",
    "en",
    """
Nutrition Facts
8 servings per container
Serving size 2/3 cup (55g)
Amount per serving
Calories 230
                     % Daily Value*
Total Fat 8g                    10%
  Saturated Fat 1g               5%
Sodium 160mg                     7%
Total Carbohydrate 37g          13%
* The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. 2,000 calories a day is used for general nutrition advice.
Ingredients: whole grain oats, sugar, honey, almonds, salt. Contains: almonds. Made in a facility that also processes peanuts.
""",
    [
        ("B", "Nutrition Facts"),
        ("B", "8 servings per container"),
        ("B", "Serving size"),
        ("o", " 2/3 cup (55g)"),
        ("B", "Amount per serving"),
        ("B", "% Daily Value*"),
        ("B", "Total Fat 8g"),
        ("o", "                    10%"),
        ("B", "  Saturated Fat 1g"),
        ("b", "* The % Daily Value (DV) tells you"),
        ("b", " contributes to a daily diet"),
        ("B", "Ingredients:"),
        ("o", " whole grain oats, sugar"),
        ("B", " Contains: almonds"),
        ("b", " Made in a facility that also processes peanuts"),
    ],
)

add(
    "invoice",
    "en",
    """
INVOICE  No. HB-2026-0117
Harbour Books Ltd · 3 Quay Street · Whitby YO21 3PU · VAT Reg. GB 123 4567 89

Bill to: St Hilda's Primary School, Church Lane, Whitby
Date: 02/03/2026    Due: 01/04/2026    PO: SH-551

Qty  Description                               Unit     Total
30   The Silver Darlings (Canongate ed.)       £9.99    £299.70
 1   Delivery                                  £0.00    £0.00
                                        Subtotal        £299.70
Payment terms: 30 days. Please quote the invoice number with your payment.
Bank: Lloyds · Sort code 30-99-50 · Account 01234567
""",
    [
        ("B", "INVOICE  No."),
        ("c", " HB-2026-0117"),
        ("n", "Harbour Books Ltd ·"),
        ("n", " 3 Quay Street"),
        ("B", " · VAT Reg. GB"),
        ("B", "Bill to:"),
        ("n", " St Hilda's Primary School"),
        ("B", "Date: 02/03/2026"),
        ("B", "    Due:"),
        ("B", "Qty  Description"),
        ("n", "30   The Silver Darlings"),
        ("N", " (Canongate ed.)"),
        ("O", " 1   Delivery"),
        ("B", "Subtotal"),
        ("b", "Payment terms: 30 days"),
        ("b", " Please quote the invoice number"),
        ("n", "Bank: Lloyds ·"),
        ("B", " · Sort code"),
    ],
)

add(
    "crossword",
    "en",
    """
ACROSS
1  Port in North Yorkshire where Dracula came ashore (6)
4  Fish once called the "silver darling" (7)
7  Writer of "Moby-Dick", Herman ___ (7)
DOWN
2  River flowing into the sea at 1 Across (3)
3  Opposite of ebb (4)
5  Capital of Norway (4)
Solution to last week's puzzle: page 38
""",
    [
        ("B", "ACROSS\n"),
        ("R", "1  Port in"),
        ("n", " North Yorkshire where"),
        ("n", " where Dracula came"),
        ("O", " came ashore (6)"),
        ("o", " Fish once called the"),
        ("n", 'Writer of "Moby-Dick"'),
        ("r", "Writer of"),
        ("B", "DOWN\n"),
        ("r", " flowing into the sea"),
        ("O", "3  Opposite of ebb"),
        ("r", "5  Capital of"),
        ("N", " Norway (4)"),
        ("B", "Solution to last week's puzzle"),
    ],
)


if __name__ == "__main__":
    write(P, "b14")
