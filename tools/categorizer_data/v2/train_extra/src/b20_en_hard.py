"""Batch b20: English passages built around hard cases (common-word names, capitalised non-names, fragments)."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "news",
    "en",
    """
Shell and Orange sign green-power deal for French mobile masts

Oil major Shell has agreed to supply renewable electricity to Orange, the French telecoms operator, for 12,000 mobile masts across France. The contract runs for ten years. Orange previously bought power from EDF.

Meanwhile, shares in Next rose 3% after the retailer said sales over Christmas beat expectations, and Target cut its outlook for the US. Gap, which owns Old Navy, reports on Thursday.
Markets data delayed by 15 minutes. Terms apply.
""",
    [
        ("N", "Shell and Orange sign"),
        ("O", " green-power deal"),
        ("O", " for French mobile masts"),
        ("O", "Oil major"),
        ("N", " Shell has agreed"),
        ("R", " to supply renewable electricity to"),
        ("N", " Orange, the"),
        ("O", " French telecoms operator"),
        ("n", " across France."),
        ("o", " runs for ten years"),
        ("R", " previously bought power from"),
        ("n", " from EDF."),
        ("N", " shares in Next rose"),
        ("O", " the retailer said"),
        ("N", " and Target cut"),
        ("n", " for the US"),
        ("N", "Gap, which owns"),
        ("r", ", which owns"),
        ("n", " Old Navy, reports"),
        ("B", "Markets data delayed by 15 minutes"),
        ("B", " Terms apply."),
    ],
)

add(
    "encyclopedia",
    "en",
    """
Nice (French pronunciation: [nis]) is the prefecture of the Alpes-Maritimes department in France. It is located on the French Riviera, on the south-east coast of France, and is the second-largest French city on the Mediterranean after Marseille. Nice is known as "Nice la Belle". The city is the birthplace of Giuseppe Garibaldi. Its airport, Nice Côte d'Azur, is the third busiest in France.
""",
    [
        ("N", "Nice (French pronunciation"),
        ("O", " (French pronunciation:"),
        ("o", " [nis])"),
        ("r", " is the prefecture of the"),
        ("n", " Alpes-Maritimes department"),
        ("r", " It is located on the"),
        ("n", " French Riviera,"),
        ("r", " on the south-east coast of"),
        ("r", " and is the second-largest"),
        ("O", " French city on the"),
        ("n", " the Mediterranean after"),
        ("r", " is known as"),
        ("N", ' "Nice la Belle"'),
        ("r", " The city is the birthplace of"),
        ("n", " Giuseppe Garibaldi"),
        ("r", "Its airport,"),
        ("N", " Nice Côte d'Azur"),
        ("r", " is the third busiest in"),
    ],
)

add(
    "fiction",
    "en",
    """
Will Turner had never liked Sundays. On Sundays his mother made him wear the grey suit, and his sister Grace sang in the choir at St Mary's, and the whole of Church Street smelled of roast lamb. He would sit at the back, counting the organ pipes, waiting for the Amen.

"Patience," his father would say, tapping his knee. "Patience is a virtue."

Will thought patience was a word adults used instead of an answer.
""",
    [
        ("N", "Will Turner had never"),
        ("O", " liked Sundays"),
        ("O", "On Sundays his"),
        ("R", " his mother"),
        ("o", " the grey suit,"),
        ("N", " and his sister Grace"),
        ("o", " sang in the choir"),
        ("n", " at St Mary's,"),
        ("n", " of Church Street smelled"),
        ("o", " of roast lamb"),
        ("O", " counting the organ pipes"),
        ("O", " waiting for the Amen"),
        ("O", '"Patience," his'),
        ("R", " his father"),
        ("O", ' "Patience is a virtue'),
        ("N", "Will thought patience"),
        ("R", " instead of an answer"),
    ],
)

add(
    "product-page",
    "en",
    """
Home > Kitchen > Cookware > Frying Pans
Le Creuset Toughened Non-Stick 28cm Frying Pan
★★★★★ 4.8 | 2,114 Reviews | Q&A
£119.00  Was £139.00  You save £20.00
Colour: Black   Size: 28cm
Free Standard Delivery on orders over £50
Product Details
Suitable for all hob types including induction. PFOA-free coating. Dishwasher safe. Made in China.
Lifetime Guarantee — register your product online.
Add to Basket   Add to Wish List   Find in Store
""",
    [
        ("B", "Home > Kitchen"),
        ("O", " > Frying Pans"),
        ("n", "Le Creuset Toughened"),
        ("O", " Non-Stick 28cm Frying Pan"),
        ("B", " | 2,114 Reviews"),
        ("B", " | Q&A"),
        ("B", "  Was £139.00"),
        ("B", "  You save £20.00"),
        ("B", "Colour:"),
        ("B", " Black   Size:"),
        ("B", "Free Standard Delivery on orders"),
        ("B", "Product Details"),
        ("R", "Suitable for all hob types"),
        ("O", " PFOA-free coating"),
        ("O", " Dishwasher safe"),
        ("N", " Made in China"),
        ("B", "Lifetime Guarantee —"),
        ("B", " register your product online"),
        ("B", "Add to Basket"),
        ("B", "   Find in Store"),
    ],
)

add(
    "clinical-note",
    "en",
    """
RADIOLOGY REPORT
Exam: CT CHEST WITH CONTRAST
Clinical indication: Persistent cough, 40 pack-year smoking history. Rule out malignancy.
Comparison: Chest X-ray 02/01/2026.
Findings: There is a 14 mm spiculated nodule in the right upper lobe, abutting the pleura. No mediastinal lymphadenopathy. The heart size is normal.
Impression: Right upper lobe nodule, suspicious for primary lung carcinoma. Recommend PET-CT and referral to the Lung MDT.
Electronically signed: Dr A. Osei, Consultant Radiologist, 05/03/2026 16:20
""",
    [
        ("B", "RADIOLOGY REPORT"),
        ("B", "Exam:"),
        ("O", " CT CHEST WITH CONTRAST"),
        ("B", "Clinical indication:"),
        ("o", " Persistent cough, 40"),
        ("O", " Rule out malignancy"),
        ("B", "Comparison:"),
        ("O", " Chest X-ray 02/01"),
        ("B", "Findings:"),
        ("o", " spiculated nodule in the"),
        ("o", " right upper lobe"),
        ("R", " abutting the pleura"),
        ("O", " No mediastinal"),
        ("B", "Impression:"),
        ("O", ", suspicious for primary"),
        ("O", " Recommend PET-CT"),
        ("O", " the Lung MDT"),
        ("b", "Electronically signed:"),
        ("n", " Dr A. Osei,"),
    ],
)

add(
    "spreadsheet",
    "en",
    """
Sheet: Rota | Budget | Contacts

     A              B            C          D
1    Volunteer      Day          Hours      Role
2    Bill Mercer    Saturday     4          Till
3    Rose Patel     Sunday       3          Stockroom
4    Frank Hope     Saturday     5          Driver (van belongs to the church)
5    TOTAL                       =SUM(C2:C4)
Last edited by Admin on 14/03/2026
""",
    [
        ("B", "Sheet: Rota |"),
        ("B", " Budget | Contacts"),
        ("B", "     A              B"),
        ("B", "    Volunteer      Day"),
        ("N", "    Bill Mercer"),
        ("O", "    Saturday     4"),
        ("o", "          Till"),
        ("N", "    Rose Patel"),
        ("O", "    Sunday       3"),
        ("N", "    Frank Hope"),
        ("O", "          Driver (van"),
        ("R", " belongs to the church"),
        ("O", "5    TOTAL"),
        ("c", " =SUM(C2:C4)"),
        ("B", "Last edited by Admin"),
        ("B", " on 14/03/2026"),
    ],
)

add(
    "legal-code",
    "en",
    """
Housing Act 2004
PART 1 — HOUSING CONDITIONS
Chapter 1 — Enforcement of housing standards: general
1 New system for assessing housing conditions and enforcing housing standards
(1) This Part provides for a new system of assessing the condition of residential premises.
(2) In this Act "residential premises" means a dwelling, an HMO, unoccupied HMO accommodation or any common parts of a building containing one or more flats.
(3) Subsection (2) is subject to section 2 (meaning of "dwelling").
Commencement Information: I1 S. 1 in force at 6.4.2006 by S.I. 2006/1060, art. 2(1)(a)
""",
    [
        ("n", "Housing Act 2004"),
        ("B", "PART 1 —"),
        ("O", " HOUSING CONDITIONS"),
        ("B", "Chapter 1 —"),
        ("O", " Enforcement of housing standards"),
        ("O", "1 New system for"),
        ("b", "(1) This Part provides for"),
        ("o", " a new system of assessing"),
        ("b", "(2) In this Act"),
        ("R", '" means a dwelling'),
        ("O", ", an HMO,"),
        ("R", " a building containing one or"),
        ("b", " is subject to section 2"),
        ("b", ' (meaning of "dwelling")'),
        ("B", "Commencement Information:"),
        ("B", " I1 S. 1 in force at"),
        ("B", " by S.I. 2006/1060"),
    ],
)

add(
    "poetry",
    "en",
    """
Crossing the Tyne

The bridge is older than my father
and my father is older than the bridge
in the way that fathers are.
Below us the river keeps its own counsel,
brown as the Brown Ale my grandmother
called the devil's milk.

Copyright © 2019 by Ann Halliday. From "Low Light" (Bloodaxe Books).
""",
    [
        ("n", "Crossing the Tyne"),
        ("O", "The bridge is older"),
        ("O", " is older than my father"),
        ("R", "and my father"),
        ("O", "in the way that fathers"),
        ("O", "Below us the river"),
        ("O", " keeps its own counsel"),
        ("O", "brown as the"),
        ("N", " the Brown Ale my"),
        ("R", " my grandmother\n"),
        ("O", "called the devil's milk"),
        ("b", "Copyright © 2019 by"),
        ("b", " Ann Halliday. From"),
        ("b", ' "Low Light" (Bloodaxe'),
    ],
)

add(
    "man-page",
    "en",
    """
GIT-REBASE(1)                      Git Manual                      GIT-REBASE(1)

NAME
       git-rebase - Reapply commits on top of another base tip

SYNOPSIS
       git rebase [-i | --interactive] [<options>] [--onto <newbase>] [<upstream> [<branch>]]

DESCRIPTION
       If <branch> is specified, git rebase will perform an automatic git switch <branch> before doing anything else. Otherwise it remains on the current branch.

       The current branch is reset to <upstream> or <newbase> if the --onto option was supplied.

SEE ALSO
       git-merge(1), git-cherry-pick(1)
GIT                                                                   03/01/2026
""",
    [
        ("c", "GIT-REBASE(1)"),
        ("B", "Git Manual"),
        ("B", "NAME\n"),
        ("c", "       git-rebase -"),
        ("O", " Reapply commits on top"),
        ("O", " of another base tip"),
        ("B", "SYNOPSIS"),
        ("c", " [-i | --interactive]"),
        ("c", " [--onto <newbase>]"),
        ("B", "DESCRIPTION"),
        ("c", "If <branch> is"),
        ("C", " is specified, git rebase"),
        ("c", " git switch <branch>"),
        ("O", " before doing anything else"),
        ("O", " Otherwise it remains on"),
        ("C", " is reset to <upstream>"),
        ("c", " the --onto option"),
        ("B", "SEE ALSO"),
        ("c", " git-merge(1),"),
        ("B", "GIT                   "),
    ],
)

add(
    "press-release",
    "en",
    """
Apple Orchards Trust and Kent Wildlife Trust join forces to restore traditional orchards

CANTERBURY, 10 March 2026 — The Apple Orchards Trust, a charity based in Faversham, today announced a partnership with Kent Wildlife Trust to replant 40 hectares of traditional orchard. The project is funded by the National Lottery Heritage Fund and will be led by ecologist Dr Hazel Brook.

Notes to editors
1. The Apple Orchards Trust is a registered charity (no. 1098765).
2. High-resolution images are available on request.
Ends
""",
    [
        ("N", "Apple Orchards Trust and"),
        ("R", " join forces to restore"),
        ("o", " traditional orchards"),
        ("n", "CANTERBURY, 10"),
        ("r", ", a charity based in"),
        ("n", " Faversham, today"),
        ("O", " today announced a"),
        ("r", " partnership with"),
        ("n", " Kent Wildlife Trust to"),
        ("r", " is funded by the"),
        ("n", " National Lottery Heritage"),
        ("r", " and will be led by"),
        ("N", " ecologist Dr"),
        ("N", " Dr Hazel Brook"),
        ("B", "Notes to editors"),
        ("b", " is a registered charity (no."),
        ("b", "2. High-resolution images are available on request"),
        ("B", "Ends"),
    ],
)

add(
    "wiki-infobox-source",
    "en",
    """
{{Infobox river
| name           = River Wear
| image          = Wear at Durham.jpg
| source1_location = [[Wearhead]], [[County Durham]]
| mouth_location = [[Sunderland]], [[North Sea]]
| length         = {{convert|96|km|mi|abbr=on}}
| tributaries_left = [[Browney]]
}}
The '''River Wear''' is a river in [[North East England]]. It rises in the [[Pennines]] and flows into the North Sea at Sunderland.<ref>{{cite web |title=River Wear |publisher=Environment Agency |access-date=12 May 2020}}</ref>
""",
    [
        ("c", "{{Infobox river"),
        ("c", "| name           ="),
        ("C", " River Wear\n"),
        ("c", "| image          ="),
        ("c", " Wear at Durham.jpg"),
        ("c", "| source1_location ="),
        ("C", " [[Wearhead]],"),
        ("c", "| mouth_location"),
        ("c", "{{convert|96|km|mi"),
        ("c", "|abbr=on}}"),
        ("c", "The '''River"),
        ("n", " Wear''' is"),
        ("r", " is a river in"),
        ("C", " [[North East England]]"),
        ("r", " It rises in the"),
        ("C", " [[Pennines]]"),
        ("r", " and flows into the"),
        ("n", " North Sea at"),
        ("c", "<ref>{{cite web"),
        ("b", " |title=River Wear"),
        ("b", " |publisher=Environment Agency"),
    ],
)

add(
    "sports-stats-table",
    "en",
    """
ENGLAND v INDIA, 2nd Test, Lord's — Day 3 (close)
England 1st innings
Batter                       R     B    4s   6s
Z Crawley      c Pant b Bumrah   12    30   2    0
J Root         not out          104   188  11    1
H Brook        lbw b Jadeja      47    61   7    1
Extras (b 4, lb 6, nb 2)          12
Total (5 wkts, 82 overs)         312
Fall of wickets: 1-22 (Crawley), 2-98 (Duckett)
Umpires: Kumar Dharmasena, Richard Illingworth
""",
    [
        ("N", "ENGLAND v INDIA"),
        ("n", ", 2nd Test, Lord's"),
        ("O", " — Day 3 (close)"),
        ("B", "Batter                       R"),
        ("n", "Z Crawley"),
        ("N", "      c Pant b"),
        ("n", " Pant b Bumrah"),
        ("n", "J Root"),
        ("O", "         not out"),
        ("o", "          104   188"),
        ("N", "        lbw b Jadeja"),
        ("B", "Extras (b 4"),
        ("B", "Total (5 wkts"),
        ("B", "Fall of wickets:"),
        ("n", " (Crawley), 2-98"),
        ("B", "Umpires:"),
        ("n", " Kumar Dharmasena"),
    ],
)


if __name__ == "__main__":
    write(P, "b20")
