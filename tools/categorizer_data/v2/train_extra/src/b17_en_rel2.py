"""Batch b17: English passages dense in relations (biographies, places, organisms, companies, transfers)."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "encyclopedia",
    "en",
    """
The European eel (Anguilla anguilla) is a species of eel, a snake-like, catadromous fish. It is native to the rivers of Europe and North Africa and spawns in the Sargasso Sea. The larvae drift towards Europe on the Gulf Stream, a journey that can take up to three years. The species is listed as critically endangered by the IUCN. Eels are a kind of bony fish and belong to the order Anguilliformes, which also contains the morays.
""",
    [
        ("O", "The European eel"),
        ("o", " (Anguilla anguilla)"),
        ("r", " is a species of"),
        ("o", " a snake-like, catadromous"),
        ("r", " It is native to the"),
        ("R", " rivers of"),
        ("n", " Europe and North Africa"),
        ("r", " and spawns in the"),
        ("n", " Sargasso Sea."),
        ("o", " larvae drift towards"),
        ("n", " the Gulf Stream"),
        ("o", " a journey that can take"),
        ("r", " is listed as critically"),
        ("r", " are a kind of"),
        ("o", " bony fish"),
        ("r", " and belong to the order"),
        ("r", ", which also contains the"),
        ("o", " the morays."),
    ],
)

add(
    "encyclopedia",
    "en",
    """
Jupiter is the fifth planet from the Sun and the largest in the Solar System. It is a gas giant composed mainly of hydrogen and helium. Jupiter has at least 95 known moons; the four largest, discovered by Galileo in 1610, are known as the Galilean moons. Ganymede, the largest of them, is bigger than the planet Mercury. The planet is orbited by a faint ring system and is surrounded by a powerful magnetosphere.
""",
    [
        ("N", "Jupiter is the fifth"),
        ("r", " is the fifth planet from"),
        ("n", " the Sun and"),
        ("r", " the largest in the"),
        ("n", " Solar System."),
        ("r", " It is a gas giant"),
        ("r", " composed mainly of"),
        ("o", " hydrogen and helium"),
        ("R", " has at least 95"),
        ("o", " known moons;"),
        ("n", " discovered by Galileo"),
        ("r", " are known as the"),
        ("n", " Galilean moons"),
        ("n", "Ganymede, the"),
        ("r", " the largest of them"),
        ("O", " is bigger than the planet"),
        ("r", " is orbited by a"),
        ("r", " and is surrounded by a"),
    ],
)

add(
    "encyclopedia",
    "en",
    """
Chinua Achebe (1930–2013) was a Nigerian novelist, poet and critic. He was born in Ogidi, in the Igbo heartland, and was educated at University College, Ibadan. His first novel, Things Fall Apart (1958), is considered a milestone of African literature. Achebe worked for the Nigerian Broadcasting Corporation and later became a professor at Bard College in New York. He was married to Christie Okoli, with whom he had four children. The Chinua Achebe Center at Bard is named in his honour.
""",
    [
        ("n", "Chinua Achebe (1930"),
        ("r", " was a Nigerian"),
        ("o", " novelist, poet and critic"),
        ("r", " He was born in"),
        ("n", " Ogidi, in"),
        ("n", " the Igbo heartland"),
        ("r", " and was educated at"),
        ("n", " University College, Ibadan"),
        ("r", "His first novel,"),
        ("n", " Things Fall Apart"),
        ("r", " is considered a milestone of"),
        ("O", " African literature"),
        ("N", " worked for the Nigerian"),
        ("r", " and later became a professor at"),
        ("n", " Bard College in"),
        ("r", " He was married to"),
        ("r", ", with whom he had four"),
        ("n", "The Chinua Achebe Center"),
        ("r", " is named in his honour"),
    ],
)

add(
    "encyclopedia",
    "en",
    """
Nokia Corporation is a Finnish multinational telecommunications company headquartered in Espoo. It was founded in 1865 as a pulp mill and takes its name from the town of Nokia. In 2014 its mobile phone business was sold to Microsoft, and in 2016 it completed the acquisition of Alcatel-Lucent. Nokia is listed on the Helsinki Stock Exchange. HMD Global, a company founded by former Nokia executives, licenses the brand for phones.
""",
    [
        ("n", "Nokia Corporation is"),
        ("r", " is a Finnish"),
        ("O", " multinational telecommunications company"),
        ("n", " in Espoo."),
        ("R", " It was founded in 1865 as"),
        ("o", " a pulp mill"),
        ("r", " and takes its name from"),
        ("n", " town of Nokia"),
        ("R", " its mobile phone business was sold to"),
        ("r", " completed the acquisition of"),
        ("n", " Alcatel-Lucent"),
        ("r", " is listed on the"),
        ("n", " Helsinki Stock Exchange"),
        ("n", "HMD Global,"),
        ("r", ", a company founded by former"),
        ("n", " Nokia executives"),
        ("R", ", licenses the brand for"),
    ],
)

add(
    "news",
    "en",
    """
Brentford have completed the signing of defender Luca Moretti from Sampdoria for an undisclosed fee. The 24-year-old Italy international, who came through the academy at Genoa, has agreed a five-year contract.

Moretti is the nephew of former Juventus captain Paolo Moretti and is represented by the agency Stellar. He joins a squad that already includes two of his international team-mates.

Elsewhere, Burnley have parted company with head coach Vincent Kompany by mutual consent. Assistant Craig Bellamy will take charge on an interim basis.
Live scores | Transfer centre | Fixtures
""",
    [
        ("n", "Brentford have completed"),
        ("R", " have completed the signing of"),
        ("o", " defender Luca"),
        ("n", " Luca Moretti from"),
        ("n", " from Sampdoria"),
        ("o", " undisclosed fee"),
        ("N", " Italy international"),
        ("R", " who came through the academy at"),
        ("o", " five-year contract"),
        ("r", " is the nephew of"),
        ("n", " Juventus captain"),
        ("R", " is represented by the agency"),
        ("R", " He joins a squad"),
        ("O", " international team-mates"),
        ("n", " Burnley have parted"),
        ("R", " parted company with"),
        ("O", " by mutual consent"),
        ("R", " will take charge on an"),
        ("B", "Live scores |"),
        ("B", " Transfer centre"),
    ],
)

add(
    "news",
    "en",
    """
Regulators in Brussels have approved the takeover of Dutch chipmaker Nexperia Photonics by its American rival Lumicore, on condition that Lumicore sells its plant in Eindhoven. The deal values Nexperia Photonics at €2.8 billion.

Lumicore, which is controlled by the private-equity firm Halsted Partners, has pledged to keep the Dutch company's headquarters in Nijmegen. Unions had lobbied in favour of stronger job guarantees, as opposed to the two-year commitment now on offer.
This article was amended on 12 March 2026 to correct the name of the private-equity firm.
""",
    [
        ("n", "Regulators in Brussels"),
        ("r", " have approved the takeover of"),
        ("O", " Dutch chipmaker"),
        ("n", " Nexperia Photonics by"),
        ("R", " by its American rival"),
        ("n", " Lumicore, on"),
        ("O", " on condition that"),
        ("r", " sells its plant in"),
        ("n", " in Eindhoven."),
        ("o", " at €2.8 billion"),
        ("R", ", which is controlled by the"),
        ("o", " private-equity firm"),
        ("n", " Halsted Partners,"),
        ("O", " has pledged to keep"),
        ("R", " the Dutch company's headquarters in"),
        ("n", " in Nijmegen"),
        ("R", " lobbied in favour of stronger"),
        ("R", " as opposed to the two-year"),
        ("b", "This article was amended on"),
        ("b", " to correct the name of"),
    ],
)

add(
    "encyclopedia",
    "en",
    """
The Danube is the second-longest river in Europe, after the Volga. It rises in the Black Forest in Germany and flows through ten countries before emptying into the Black Sea via the Danube Delta in Romania and Ukraine. Four capital cities lie on its banks: Vienna, Bratislava, Budapest and Belgrade. The river was once a frontier of the Roman Empire. Its basin is home to about 80 million people.
""",
    [
        ("n", "The Danube is"),
        ("r", " is the second-longest river in"),
        ("n", " Europe, after"),
        ("r", ", after the"),
        ("n", " the Volga."),
        ("r", " It rises in the"),
        ("n", " Black Forest in"),
        ("r", " and flows through ten"),
        ("o", " countries before"),
        ("r", " emptying into the"),
        ("n", " Black Sea via"),
        ("r", " via the"),
        ("r", "Four capital cities lie on its banks"),
        ("n", " Vienna, Bratislava"),
        ("r", " was once a frontier of the"),
        ("n", " Roman Empire."),
        ("r", " Its basin is home to"),
        ("o", " about 80 million people"),
    ],
)

add(
    "government-notice",
    "en",
    """
CHARITY COMMISSION FOR ENGLAND AND WALES
Scheme for the Whitby Seamen's Mission (registered charity no. 501234)

The Commissioners propose to make a Scheme under which the charity will be merged with the Scarborough Fishermen's Trust. The combined charity will be administered by a board of seven trustees, three of whom will be nominated by Whitby Town Council.
Representations may be made in writing within one month from the date of this notice.
Ref: SC/2026/0412
""",
    [
        ("n", "CHARITY COMMISSION FOR"),
        ("O", "Scheme for the"),
        ("n", " Whitby Seamen's Mission"),
        ("B", " (registered charity no."),
        ("b", "The Commissioners propose to make a Scheme"),
        ("R", " the charity will be merged with the"),
        ("n", " Scarborough Fishermen's"),
        ("r", " will be administered by a"),
        ("o", " board of seven trustees"),
        ("R", " will be nominated by"),
        ("n", " Whitby Town Council"),
        ("b", "Representations may be made in writing"),
        ("b", " within one month from the date"),
        ("B", "Ref: SC/2026"),
    ],
)

add(
    "blog",
    "en",
    """
Notes on a family tree

My great-grandmother, Annie Pearce, was the eldest daughter of a cooper from Hull. She married Tom Whelan, a trawlerman, in 1912. Their son Frank — my grandfather — was born above a chip shop on Hessle Road. Frank later worked for the Co-op as a driver and was a member of the Transport and General Workers' Union for forty years.

Honestly, I'd never have found any of this without the parish registers. By the way, the 1921 census is now free to search at the library.
Tags: genealogy, Hull
""",
    [
        ("O", "Notes on a family tree"),
        ("r", "My great-grandmother,"),
        ("n", " Annie Pearce,"),
        ("r", " was the eldest daughter of a"),
        ("R", " a cooper from"),
        ("n", " from Hull."),
        ("r", " She married"),
        ("n", " Tom Whelan,"),
        ("o", " a trawlerman, in"),
        ("r", "Their son"),
        ("r", " my grandfather"),
        ("r", " was born above a chip shop"),
        ("n", " on Hessle Road"),
        ("N", " later worked for the Co"),
        ("r", " and was a member of the"),
        ("n", " Transport and General"),
        ("O", "Honestly, I'd never"),
        ("o", " the parish registers"),
        ("O", " By the way, the"),
        ("B", "Tags:"),
    ],
)

add(
    "product-page",
    "en",
    """
Breadcrumb: Home / Outdoor / Tents
Vango Nevis 200 Backpacking Tent
Rated 4.4 of 5 (318 reviews)   Write a review
£149.00  Save £40   Klarna available
In stock — ships from our warehouse in Stoke-on-Trent

Description
The Nevis 200 is a lightweight two-person tent designed for backpacking. The flysheet is made of Protex 70D polyester and the poles are made from aluminium. It pitches outer-first, unlike most tents in this price range, which keeps the inner dry in rain.
Specifications | Delivery & Returns | Q&A
""",
    [
        ("B", "Breadcrumb: Home"),
        ("O", " / Outdoor / Tents"),
        ("n", "Vango Nevis 200"),
        ("O", " Backpacking Tent"),
        ("B", "Rated 4.4 of 5"),
        ("B", "   Write a review"),
        ("B", "  Save £40"),
        ("B", "   Klarna available"),
        ("B", "In stock —"),
        ("r", " ships from our warehouse in"),
        ("n", " Stoke-on-Trent"),
        ("B", "Description\n"),
        ("r", " is a lightweight two-person"),
        ("r", " designed for backpacking"),
        ("r", " is made of"),
        ("n", " Protex 70D"),
        ("r", " are made from aluminium"),
        ("R", ", unlike most tents"),
        ("B", "Specifications |"),
        ("B", " Delivery & Returns"),
    ],
)

add(
    "fiction",
    "en",
    """
The Major had been dead a week before anyone in Lower Swell noticed. It was Patience, the girl from the post office, who finally knocked. She found him in his chair by the window, a copy of The Times open on his knee at the crossword, seven down still blank.

"Heart," said Dr Faraday later, as though that explained everything. It was the kind of village where a word like that could stand in for an entire life.
""",
    [
        ("O", "The Major had been"),
        ("n", " in Lower Swell"),
        ("O", " before anyone"),
        ("N", " It was Patience,"),
        ("o", " the girl from the post office"),
        ("O", " finally knocked"),
        ("o", " in his chair by the window"),
        ("n", " copy of The Times"),
        ("o", " the crossword, seven down"),
        ("O", '"Heart," said'),
        ("n", " said Dr Faraday"),
        ("O", " as though that explained"),
        ("O", " could stand in for"),
        ("o", " an entire life"),
    ],
)

add(
    "encyclopedia",
    "en",
    """
Mount Etna is an active stratovolcano on the east coast of Sicily, Italy, in the Metropolitan City of Catania. It is the highest active volcano in Europe outside the Caucasus. Etna lies above the convergent plate margin between the African Plate and the Eurasian Plate. In June 2013 it was added to the list of UNESCO World Heritage Sites. Locals call it "Mongibello", a name derived from the Latin mons and the Arabic jabal, both meaning mountain.
""",
    [
        ("n", "Mount Etna is"),
        ("r", " is an active stratovolcano on"),
        ("r", " on the east coast of"),
        ("n", " Sicily, Italy"),
        ("r", " It is the highest active volcano in"),
        ("n", " the Caucasus."),
        ("r", " lies above the"),
        ("o", " convergent plate margin"),
        ("r", " between the"),
        ("n", " African Plate and"),
        ("r", " it was added to the list of"),
        ("n", " UNESCO World Heritage"),
        ("r", "Locals call it"),
        ("n", ' "Mongibello"'),
        ("r", ", a name derived from the"),
        ("O", " Latin mons and"),
        ("r", ", both meaning"),
        ("o", " mountain."),
    ],
)

add(
    "mailing-list",
    "en",
    """
On Wed, 4 Mar 2026, Jonas Berg wrote:
> Does anyone know whether the Fedora package of tidewatch still depends on python-dateutil?

It did until 2.3. Since 2.4 it relies on zoneinfo from the standard library instead of dateutil, so the dependency can be dropped. The spec file is maintained by Ana Ruiz, who also packages it for EPEL.

Cheers,
Priya
_______________________________________________
tidewatch-users mailing list -- tidewatch-users@lists.example.org
""",
    [
        ("B", "On Wed, 4 Mar 2026,"),
        ("n", " Jonas Berg wrote"),
        ("O", "> Does anyone know"),
        ("n", " the Fedora package"),
        ("R", " still depends on"),
        ("c", " python-dateutil?"),
        ("O", "It did until 2.3"),
        ("R", " it relies on"),
        ("c", " zoneinfo from"),
        ("R", " from the standard library"),
        ("R", " instead of dateutil"),
        ("r", " is maintained by"),
        ("n", " Ana Ruiz, who"),
        ("R", " who also packages it for"),
        ("n", " for EPEL."),
        ("B", "Cheers,\nPriya"),
        ("b", "tidewatch-users mailing list --"),
    ],
)


if __name__ == "__main__":
    write(P, "b17")
