"""Batch b09: English prose rich in relations and in names that are common words, written for this set."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "encyclopedia",
    "en",
    """
Grace Hopper (1906–1992) was an American computer scientist and United States Navy rear admiral. She was a pioneer of computer programming and is known as the mother of COBOL. Hopper was born in New York City and studied mathematics at Vassar College. In 1944 she was assigned to the Bureau of Ships Computation Project at Harvard, where she worked on the Mark I. She was married to Vincent Hopper from 1930 until their divorce in 1945. The USS Hopper, a guided-missile destroyer, is named after her.
""",
    [
        ("n", "Grace Hopper (1906"),
        ("r", " was an American"),
        ("O", " American computer scientist"),
        ("n", " United States Navy"),
        ("o", " rear admiral"),
        ("r", " was a pioneer of"),
        ("r", " and is known as"),
        ("r", " the mother of"),
        ("n", " mother of COBOL"),
        ("r", " was born in"),
        ("n", " New York City"),
        ("r", " studied mathematics at"),
        ("r", " she was assigned to the"),
        ("n", " Bureau of Ships"),
        ("r", ", where she worked on"),
        ("n", " the Mark I."),
        ("r", " She was married to"),
        ("o", " until their divorce in"),
        ("n", " The USS Hopper"),
        ("r", " is named after her"),
    ],
)

add(
    "news",
    "en",
    """
Striker Jonah Mbeki has signed with Celtic on a four-year deal after his release from Ajax, the Scottish champions confirmed on Monday. The 23-year-old, who plays for the Netherlands under-21 side, scored 14 goals last season while on loan at Groningen.

Mbeki is the son of former Bafana Bafana defender Thabo Mbeki Sr. and grew up in Amsterdam. "He chose us over offers from England," manager Brendan Rodgers said.

Separately, the club has partnered with Scottish Water on a new community pitch in Govan.
Most read | Advertisement
""",
    [
        ("N", "Striker Jonah"),
        ("n", " Jonah Mbeki has"),
        ("R", " has signed with"),
        ("n", " Celtic on a"),
        ("o", " four-year deal"),
        ("R", " after his release from"),
        ("o", " the Scottish champions"),
        ("R", " who plays for the"),
        ("n", " the Netherlands under"),
        ("R", " while on loan at"),
        ("r", " is the son of"),
        ("N", " Bafana Bafana"),
        ("r", " and grew up in"),
        ("R", " chose us over offers"),
        ("n", " Brendan Rodgers"),
        ("R", " has partnered with"),
        ("n", " Scottish Water on"),
        ("n", " in Govan."),
        ("B", "Most read |"),
    ],
)

add(
    "news",
    "en",
    """
A former finance director of Hallam City Council was sentenced to six years in prison on Friday for diverting £2.3 million of public money into accounts controlled by his brother-in-law.

Derek Voss, 58, was convicted in January of fraud by abuse of position. Judge Amanda Reilly said he had acted "in contrast to every duty he owed the people of Hallam". Voss's lawyer had asked for a suspended sentence in favour of a community order, as opposed to custody.

The council, which is now run by commissioners appointed by Whitehall, said it would seek to recover the money.
""",
    [
        ("n", "Hallam City Council"),
        ("r", " was sentenced to six"),
        ("o", " for diverting £2.3 million"),
        ("R", " into accounts controlled by"),
        ("r", " his brother-in-law"),
        ("n", "Derek Voss, 58"),
        ("r", " was convicted in January of"),
        ("o", " fraud by abuse of position"),
        ("n", " Judge Amanda Reilly"),
        ("R", "in contrast to every duty"),
        ("R", " in favour of a community"),
        ("R", " as opposed to custody"),
        ("R", " is now run by"),
        ("N", " appointed by Whitehall"),
        ("O", " seek to recover the money"),
    ],
)

add(
    "press-release",
    "en",
    """
NEWS RELEASE — For immediate distribution

Orchid Pharma to be acquired by Bayer for $4.1 billion

LEVERKUSEN, Germany and CAMBRIDGE, Mass., March 4, 2026 — Orchid Pharma, Inc. (NASDAQ: ORCD), a clinical-stage company focused on rare kidney diseases, today announced that it has entered into a definitive agreement to be acquired by Bayer AG. Orchid will operate as a wholly owned subsidiary of Bayer. The transaction is expected to close in the second quarter.

Forward-Looking Statements
This press release contains forward-looking statements within the meaning of the Private Securities Litigation Reform Act of 1995.
""",
    [
        ("B", "NEWS RELEASE —"),
        ("B", " For immediate distribution"),
        ("n", "Orchid Pharma to be"),
        ("r", " to be acquired by"),
        ("n", "LEVERKUSEN, Germany"),
        ("N", " (NASDAQ: ORCD)"),
        ("R", " company focused on rare"),
        ("O", " today announced that it"),
        ("R", " has entered into a definitive"),
        ("r", " will operate as a"),
        ("r", " wholly owned subsidiary of"),
        ("O", " expected to close in"),
        ("B", "Forward-Looking Statements"),
        ("b", "This press release contains forward-looking"),
        ("b", " within the meaning of the"),
        ("b", " Private Securities Litigation Reform Act"),
    ],
)

add(
    "encyclopedia",
    "en",
    """
Reading is a large town in Berkshire, England, at the confluence of the River Thames and the River Kennet. It is the county town of Berkshire and lies about 40 miles west of London. Reading Football Club plays its home matches at the Select Car Leasing Stadium. The town is home to the University of Reading and to the UK headquarters of several technology firms, such as Microsoft and Oracle. Reading Abbey, founded by Henry I in 1121, is now a ruin.
""",
    [
        ("N", "Reading is a large"),
        ("r", " is a large town in"),
        ("n", " Berkshire, England"),
        ("r", " at the confluence of"),
        ("n", " the River Thames"),
        ("r", " It is the county town of"),
        ("r", " and lies about"),
        ("n", " west of London"),
        ("N", "Reading Football Club"),
        ("r", " plays its home matches at"),
        ("N", " Select Car Leasing"),
        ("r", " is home to the"),
        ("r", " headquarters of several"),
        ("r", ", such as"),
        ("N", " Microsoft and Oracle"),
        ("N", "Reading Abbey, founded"),
        ("n", " founded by Henry"),
        ("o", " is now a ruin"),
    ],
)

add(
    "encyclopedia",
    "en",
    """
Amazon Web Services (AWS) is a subsidiary of Amazon that provides on-demand cloud computing platforms. It was launched in 2006 and consists of over 200 services, including Amazon S3 and EC2. AWS competes with Microsoft Azure and Google Cloud. Its current chief executive is Matt Garman, who succeeded Adam Selipsky in 2024. The company is headquartered in Seattle, Washington, and is the largest provider of cloud infrastructure by revenue.
""",
    [
        ("N", "Amazon Web Services"),
        ("r", " is a subsidiary of"),
        ("o", " on-demand cloud computing"),
        ("o", " It was launched in 2006"),
        ("r", " and consists of over"),
        ("r", ", including"),
        ("N", " Amazon S3 and"),
        ("N", " competes with Microsoft"),
        ("n", " Google Cloud."),
        ("r", " Its current chief executive is"),
        ("N", ", who succeeded Adam"),
        ("r", " is headquartered in"),
        ("n", " Seattle, Washington"),
        ("r", " is the largest provider of"),
        ("o", " cloud infrastructure by revenue"),
    ],
)

add(
    "fiction",
    "en",
    """
Hope had not been back to Bath since the funeral. She stood outside the Pump Room in the rain, reading the menu as if it could tell her something about her mother.

"You're Will's sister," said a man in a green apron, holding the door open. "He said you might come."

Inside, it smelled of coffee and wet wool. Will was sitting by the window with his back to the Abbey, exactly where their father used to sit, instead of the table she had booked.
""",
    [
        ("N", "Hope had not been"),
        ("N", " back to Bath since"),
        ("o", " since the funeral"),
        ("n", " outside the Pump Room"),
        ("o", " reading the menu as if"),
        ("O", " could tell her something"),
        ("N", "\"You're Will's sister"),
        ("O", " a man in a green apron"),
        ("o", " smelled of coffee"),
        ("N", " Will was sitting"),
        ("O", " with his back to the"),
        ("n", " the Abbey,"),
        ("O", " where their father used to"),
        ("R", " instead of the table"),
    ],
)

add(
    "poetry",
    "en",
    """
Mercury Rising

My grandfather worked for the railway forty years,
a signalman at Carlisle, keeper of the night mail.
He spoke of engines the way others speak of saints.

Now the line is closed, the box a holiday let,
and Mercury climbs in the west at dusk
like a lamp someone forgot to switch off.

from Signal Box, Carcanet Press, 2021. Reprinted by permission.
""",
    [
        ("N", "Mercury Rising"),
        ("r", "My grandfather worked for"),
        ("o", " forty years,"),
        ("O", "a signalman at"),
        ("n", " at Carlisle,"),
        ("R", " keeper of the night mail"),
        ("O", " the way others speak"),
        ("o", " the box a holiday let"),
        ("N", "and Mercury climbs"),
        ("o", " in the west at dusk"),
        ("O", "like a lamp someone"),
        ("n", "from Signal Box,"),
        ("b", " Carcanet Press, 2021"),
        ("b", " Reprinted by permission"),
    ],
)

add(
    "legal-code",
    "en",
    """
§ 12-104. Powers of the Harbour Authority.
(a) The Harbour Authority is a body corporate and shall consist of seven members appointed by the Governor.
(b) The Authority may, on behalf of the State, enter into agreements with any person for the maintenance of navigation channels.
(c) Nothing in this section shall be construed as limiting the powers of the Coast Guard under Title 14.
(d) For the purposes of this chapter, "vessel" means any watercraft used or capable of being used as a means of transportation on water.
History: Acts 1998, ch. 211, § 3; amended Acts 2011, ch. 45, § 1.
""",
    [
        ("B", "§ 12-104."),
        ("O", " Powers of the"),
        ("N", " Harbour Authority."),
        ("r", " is a body corporate"),
        ("R", " shall consist of seven"),
        ("R", " members appointed by the"),
        ("n", " the Governor."),
        ("R", " on behalf of the State"),
        ("R", " enter into agreements with"),
        ("b", "(c) Nothing in this section shall be construed"),
        ("n", " the Coast Guard under"),
        ("b", " For the purposes of this chapter"),
        ("R", '" means any watercraft'),
        ("O", " as a means of transportation"),
        ("B", "History: Acts 1998"),
        ("B", "; amended Acts 2011"),
    ],
)

add(
    "patent",
    "en",
    """
(54) LOCKING MECHANISM FOR A FOLDING BICYCLE FRAME
(71) Applicant: Brompton Bicycle Ltd, London (GB)
(72) Inventors: SMITH, Anna; OKAFOR, David

ABSTRACT
A locking mechanism (10) comprises a hinge plate (12) connected to a front frame member (14) and a clamp lever (16) pivotally mounted on a rear frame member (18). The clamp lever is movable between an open position and a closed position in which the hinge plate is held against the rear frame member.

What is claimed is:
1. A locking mechanism according to any preceding claim, wherein the clamp lever is made of aluminium.
""",
    [
        ("B", "(54) LOCKING"),
        ("O", " FOLDING BICYCLE FRAME"),
        ("B", "(71) Applicant:"),
        ("n", " Brompton Bicycle Ltd"),
        ("B", "(72) Inventors:"),
        ("n", " SMITH, Anna;"),
        ("B", "ABSTRACT"),
        ("r", " (10) comprises a"),
        ("r", " connected to a front"),
        ("o", " clamp lever (16)"),
        ("R", " pivotally mounted on a"),
        ("r", " is movable between an"),
        ("R", " is held against the"),
        ("B", "What is claimed is:"),
        ("b", " according to any preceding claim"),
        ("B", ", wherein the"),
        ("r", " is made of aluminium"),
    ],
)

add(
    "religious-text",
    "en",
    """
Genesis 25
19 And these are the generations of Isaac, Abraham's son: Abraham begat Isaac:
20 And Isaac was forty years old when he took Rebekah to wife, the daughter of Bethuel the Syrian of Padanaram, the sister to Laban the Syrian.
21 And Isaac intreated the LORD for his wife, because she was barren.
[KJV] Public domain.
""",
    [
        ("N", "Genesis 25"),
        ("o", "19 And these are"),
        ("N", " the generations of Isaac"),
        ("N", " Abraham's son"),
        ("N", " Abraham begat Isaac"),
        ("o", " forty years old when"),
        ("N", " he took Rebekah"),
        ("r", " to wife, the"),
        ("r", " the daughter of"),
        ("n", " Bethuel the Syrian"),
        ("n", " of Padanaram"),
        ("r", " the sister to"),
        ("N", " the LORD for"),
        ("r", " for his wife,"),
        ("B", "[KJV] Public domain"),
    ],
)

add(
    "mailing-list",
    "en",
    """
From: Tomasz Kowal <tk@lists.example.org>
Subject: Re: [pgsql-general] replica lagging after upgrade
Date: Tue, 10 Mar 2026 08:41:22 +0100

On Mon, 9 Mar 2026 at 22:10, Priya S. wrote:
> After upgrading the primary to 16.2 the replica falls behind by minutes.

The replica depends on the same WAL settings as the primary; check that
max_wal_senders wasn't reset. In our case the standby was a copy of an old
image instead of the upgraded one.

--
Sent via pgsql-general mailing list
To unsubscribe: https://lists.example.org/unsubscribe
""",
    [
        ("B", "From:"),
        ("n", " Tomasz Kowal <"),
        ("B", "Subject: Re:"),
        ("N", " [pgsql-general]"),
        ("o", " replica lagging after upgrade"),
        ("B", "Date: Tue"),
        ("B", "On Mon, 9 Mar 2026 at"),
        ("B", " wrote:\n"),
        ("O", "> After upgrading the"),
        ("R", " replica depends on the same"),
        ("O", " as the primary"),
        ("c", "max_wal_senders wasn't"),
        ("R", " was a copy of an"),
        ("R", " instead of the upgraded"),
        ("b", "Sent via pgsql-general mailing list"),
        ("B", "To unsubscribe:"),
    ],
)

add(
    "product-page",
    "en",
    """
Home › Garden › Watering › Hoses
Hozelock Ultraflex 30 m Hose Starter Set
4.6 out of 5 stars (1,382 ratings) | Amazon's Choice
£44.99  FREE delivery Thursday. Order within 5 hrs 20 mins.
About this item
• Kink-free: the hose is reinforced with a braided polyester layer
• Compatible with all Hozelock connectors and most outdoor taps
• Made in France
Customers also bought
Report an issue with this product
""",
    [
        ("B", "Home › Garden"),
        ("O", " › Watering ›"),
        ("n", "Hozelock Ultraflex"),
        ("o", " 30 m Hose Starter Set"),
        ("B", " (1,382 ratings)"),
        ("B", " | Amazon's Choice"),
        ("B", "  FREE delivery Thursday"),
        ("B", " Order within 5 hrs"),
        ("B", "About this item"),
        ("O", "• Kink-free:"),
        ("R", " is reinforced with a"),
        ("R", "• Compatible with all"),
        ("N", " Hozelock connectors"),
        ("N", "• Made in France"),
        ("B", "Customers also bought"),
        ("B", "Report an issue with this product"),
    ],
)

add(
    "government-notice",
    "en",
    """
NOTICE OF ROAD CLOSURE
The Surrey County Council (Bridge Street, Godalming) (Temporary Prohibition of Through Traffic) Order 2026

NOTICE IS HEREBY GIVEN that Surrey County Council intends to make an Order under Section 14(1) of the Road Traffic Regulation Act 1984, the effect of which will be to prohibit vehicles from entering Bridge Street between its junction with the High Street and Flambard Way. An alternative route will be signed via Station Road.
The Order will come into force on 6 April 2026 for a maximum of 18 months.
Dated: 12 March 2026. Katie Stewart, Executive Director for Environment.
""",
    [
        ("B", "NOTICE OF ROAD CLOSURE"),
        ("n", "The Surrey County Council"),
        ("n", " (Bridge Street, Godalming)"),
        ("b", " (Temporary Prohibition of Through Traffic)"),
        ("b", "NOTICE IS HEREBY GIVEN that"),
        ("b", " intends to make an Order under"),
        ("b", " Section 14(1) of the"),
        ("n", " Road Traffic Regulation Act"),
        ("b", " the effect of which will be"),
        ("R", " between its junction with the"),
        ("N", " High Street and"),
        ("o", " An alternative route will"),
        ("n", " via Station Road"),
        ("b", " will come into force on"),
        ("B", "Dated:"),
        ("n", " Katie Stewart,"),
    ],
)

add(
    "museum-label",
    "en",
    """
Room 4 · Science and Empire

Orrery, about 1780
Made by George Adams the Younger, instrument maker to King George III
Brass, mahogany and ivory

An orrery is a mechanical model of the solar system. This one shows the Earth and Moon orbiting the Sun, with Venus and Mercury on their own arms. It belonged to the Earl of Bute and was used for lectures at his house in Highcliffe.

Lent by the Whipple Museum of the History of Science, Cambridge.
Audio guide stop 17
""",
    [
        ("B", "Room 4 ·"),
        ("O", " Science and Empire"),
        ("O", "Orrery, about 1780"),
        ("N", "Made by George"),
        ("n", " Adams the Younger"),
        ("r", " instrument maker to"),
        ("n", " King George III"),
        ("O", "Brass, mahogany and"),
        ("r", " is a mechanical model of"),
        ("o", " the solar system"),
        ("n", " the Earth and Moon"),
        ("n", " orbiting the Sun"),
        ("n", " with Venus and Mercury"),
        ("r", "It belonged to the"),
        ("n", " Earl of Bute"),
        ("O", " was used for lectures"),
        ("B", "Lent by the Whipple"),
        ("B", "Audio guide stop 17"),
    ],
)

add(
    "wiki-talk-page",
    "en",
    """
== Is the band from Sheffield or Rotherham? ==
The lead says they formed in Sheffield, but the source (NME, 2004) says the drummer and the singer met at school in Rotherham. I'd reword it as "formed in Sheffield by musicians from Rotherham" instead of picking one. [[User:Kestrel_9|Kestrel_9]] ([[User talk:Kestrel_9|talk]]) 18:20, 2 February 2025 (UTC)
:Agree. Also, the guitarist is the brother of the bassist, which the article doesn't mention. —[[User:Ouseburn|Ouseburn]] 09:02, 3 February 2025 (UTC)
""",
    [
        ("c", "== Is the band"),
        ("n", " from Sheffield or"),
        ("O", "The lead says they"),
        ("R", " they formed in"),
        ("N", " (NME, 2004)"),
        ("O", " the drummer and the singer met"),
        ("n", "formed in Sheffield by"),
        ("R", " by musicians from"),
        ("R", " instead of picking one"),
        ("c", "[[User:Kestrel_9|"),
        ("B", "|talk]])"),
        ("O", ":Agree. Also"),
        ("r", " is the brother of the"),
        ("O", " which the article doesn't mention"),
        ("c", "—[[User:Ouseburn|"),
    ],
)

add(
    "job-ad",
    "en",
    """
Sous Chef — The Swan at Lavenham
Hospitality · Lavenham, Suffolk · £34,000 + tips

The Swan, part of the Hidden Gems hotel group, is looking for a Sous Chef to work alongside our Head Chef, Apple Kowalski. You'll report to the Executive Chef and deputise for the Head Chef on her days off.

We are a Disability Confident employer. Applicants must have the right to work in the UK.
Easy apply   Report this job
Similar jobs near you
""",
    [
        ("O", "Sous Chef —"),
        ("n", " The Swan at Lavenham"),
        ("n", " Lavenham, Suffolk"),
        ("o", " £34,000 + tips"),
        ("r", ", part of the"),
        ("N", " Hidden Gems hotel"),
        ("R", " to work alongside our"),
        ("N", " Head Chef, Apple Kowalski"),
        ("R", " You'll report to the"),
        ("R", " and deputise for the"),
        ("b", "We are a Disability Confident employer"),
        ("b", " must have the right to work in the UK"),
        ("B", "Easy apply"),
        ("B", "   Report this job"),
        ("B", "Similar jobs near you"),
    ],
)

add(
    "podcast-transcript",
    "en",
    """
HOST: So the band was originally called The Mallards, right? Before they became Sky Harbour?
GUEST: Yeah, they were known as The Mallards until about 1998. The name Sky Harbour comes from a pub in Hull where they played their first gig.
HOST: And Rose, your co-writer, she was married to the drummer at the time?
GUEST: She was, yeah. It's complicated. (laughs) Anyway.
HOST: We'll take a short break. This episode is sponsored by Squarespace. Head to squarespace.com/harbour for 10% off.
""",
    [
        ("B", "HOST:"),
        ("r", " was originally called"),
        ("N", " The Mallards, right"),
        ("N", " Before they became Sky"),
        ("n", " they were known as The"),
        ("N", "The name Sky Harbour"),
        ("r", " comes from a pub in"),
        ("n", " in Hull where"),
        ("O", " their first gig"),
        ("N", "And Rose, your"),
        ("r", " your co-writer,"),
        ("r", " was married to the drummer"),
        ("O", " It's complicated. (laughs)"),
        ("B", " We'll take a short break"),
        ("B", " This episode is sponsored by"),
        ("c", " squarespace.com/harbour"),
    ],
)


if __name__ == "__main__":
    write(P, "b09")
