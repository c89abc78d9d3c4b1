"""English passages of round v3 (relation phrases, ordinary prose and their look-alikes), written for this set."""

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add("encyclopedia", "en", """
The Dravin River is a tributary of the Lenne and flows into it near the old mill town of Ostrach. Its basin consists of three upland valleys, each of which belongs to a different district. The river is home to a rare species of freshwater pearl mussel, and the lower reach forms part of a protected landscape. In the nineteenth century the valley was known for its slate quarries; most of them closed after the 1920s, and today the area depends on tourism and small farms.
""", [
    ("r", " is a tributary of"), ("r", " and flows into"), ("o", " near the old"), ("o", " mill town"),
    ("R", " basin consists of"), ("o", " three upland valleys"), ("r", " belongs to a"), ("O", " a different district"),
    ("r", " is home to"), ("o", " a rare species"), ("o", " freshwater pearl"), ("r", " forms part of"),
    ("o", " protected landscape"), ("O", " In the nineteenth century"), ("r", " was known for"), ("o", " slate quarries"),
    ("O", " most of them closed"), ("o", " after the 1920s"), ("r", " the area depends on"), ("o", " and small farms"),
])

add("encyclopedia", "en", """
Margit Halvorsen (born 12 March 1951) is a Norwegian chemist who is best known for her work on catalysis. She was born in Tromsø, the daughter of a fisherman, and studied at the University of Bergen. From 1989 to 2004 she was a member of the Norwegian Academy of Science. She is married to the architect Per Lunde; the couple have two children. Halvorsen is the author of more than 200 papers and serves as an adviser to the European Research Council.
""", [
    ("o", " (born 12 March"), ("r", " is a Norwegian"), ("o", " Norwegian chemist"), ("r", " who is best known for"),
    ("o", " her work on catalysis"), ("r", " She was born in"), ("r", ", the daughter of"), ("o", " a fisherman"),
    ("r", " and studied at the"), ("n", " University of Bergen"), ("o", " From 1989 to"), ("r", " she was a member of"),
    ("n", " the Norwegian Academy"), ("r", " She is married to"), ("O", " the architect"), ("o", " the couple have two"),
    ("r", " is the author of"), ("o", " more than 200 papers"), ("r", " and serves as"), ("r", " an adviser to"),
])

add("encyclopedia", "en", """
Bronze is an alloy made of copper and tin, sometimes with small amounts of other metals such as aluminium or zinc. It is harder than pure copper and was widely used before iron became common. A bell metal is a type of bronze with a high tin content. The word is derived from an Italian term, and the period in which it dominated toolmaking is called the Bronze Age.
""", [
    ("r", "Bronze is an"), ("r", " an alloy made of"), ("o", " copper and tin"), ("O", " sometimes with small amounts"),
    ("r", " other metals such as"), ("o", " aluminium or zinc"), ("O", " It is harder than"), ("o", " pure copper"),
    ("o", " and was widely used"), ("O", " before iron became common"), ("r", " is a type of"), ("o", " a high tin content"),
    ("r", " The word is derived from"), ("O", " an Italian term"), ("O", " in which it dominated"), ("r", " is called the"),
])

add("news", "en", """
Shares in the regional lender fell 4% on Tuesday after it said it would merge with a smaller rival instead of raising new capital. The combined bank will be based in Leeds and will be led by the current finance chief. Analysts said the deal was smaller than expected. "It is not clear yet whether customers will notice any difference," one said. The takeover still needs approval from the regulator, which is expected by the end of the year.
""", [
    ("o", "Shares in the"), ("o", " regional lender fell"), ("o", " 4% on Tuesday"), ("O", " after it said it would"),
    ("r", " merge with a"), ("r", " instead of raising"), ("o", " new capital"), ("r", " will be based in"),
    ("r", " and will be led by"), ("o", " the current finance chief"), ("o", " Analysts said the"), ("O", " was smaller than expected"),
    ("O", "It is not clear"), ("o", " yet whether customers"), ("o", " notice any difference"), ("o", " still needs approval"),
    ("O", " from the regulator"), ("O", " by the end of the year"),
])

add("news", "en", """
The midfielder, who plays for the national side, has signed with a second-division club on loan until May. He is the son of a former goalkeeper and grew up two streets from the stadium. Last night he scored twice in a 3-1 win, and the crowd sang his name for most of the second half. By the way, the club's ticket office will stay open late on Friday.
""", [
    ("O", "The midfielder, who"), ("r", " who plays for the"), ("o", " national side"), ("r", " has signed with a"),
    ("o", " second-division club"), ("o", " on loan until May"), ("r", " He is the son of"), ("o", " a former goalkeeper"),
    ("O", " and grew up two streets"), ("O", " from the stadium"), ("o", " he scored twice"), ("o", " in a 3-1 win"),
    ("O", " the crowd sang his name"), ("o", " for most of the"), ("o", " second half"), ("O", " By the way"),
    ("o", " will stay open late"),
])

add("fiction", "en", """
She put the kettle on and stood by the window for a long time. Outside, the rain had turned to sleet. At the end of the day, she thought, none of it mattered: the letter, the money, the quarrel with her brother. He had always been a stubborn man, stubborn and kind. She took the cup upstairs, sat on the edge of the bed, and read the first page again.
""", [
    ("o", "She put the kettle"), ("o", " and stood by the window"), ("O", " for a long time"), ("o", " Outside, the rain"),
    ("O", " had turned to sleet"), ("O", " At the end of the day"), ("o", " she thought, none"), ("o", " the letter, the money"),
    ("O", " the quarrel with her"), ("r", " with her brother"), ("O", " He had always been a"), ("o", " stubborn man"),
    ("o", " She took the cup"), ("O", " on the edge of the bed"), ("o", " and read the first page"),
])

add("fiction", "en", """
"Who owns this house?" the boy asked. The old woman shrugged. "It belonged to my uncle once. Now it belongs to the bank, like everything else on this street." She pointed at the orchard. "Those trees were planted by my grandfather. He was a carpenter, not a farmer, but he loved apples more than anything." The boy laughed, and for a moment she forgot how tired she was.
""", [
    ("r", "Who owns this"), ("o", " the boy asked"), ("o", " The old woman shrugged"), ("r", "It belonged to my uncle"),
    ("r", " Now it belongs to the"), ("o", " like everything else"), ("O", " on this street"), ("o", " She pointed at the"),
    ("r", " were planted by my"), ("r", " by my grandfather"), ("r", " He was a carpenter"), ("O", " not a farmer"),
    ("O", " he loved apples more than"), ("o", " The boy laughed"), ("O", " for a moment she"), ("o", " how tired she was"),
])

add("blog", "en", """
Okay, confession time: I have tried six sourdough starters this year and five of them died. The sixth one lives in a jar on top of the fridge and is, honestly, the most demanding member of this household. A starter is basically a colony of wild yeast and bacteria, and it depends on regular feeding. Mine gets fed twice a day, around 8 and 8. Anyway, here's what I learned, in no particular order.
""", [
    ("o", "Okay, confession time"), ("o", " I have tried six"), ("o", " sourdough starters"), ("O", " five of them died"),
    ("O", " The sixth one lives"), ("o", " in a jar on top"), ("o", " of the fridge"), ("O", " honestly, the most"),
    ("r", " the most demanding member of"), ("r", " A starter is basically a"), ("r", " a colony of"), ("o", " wild yeast and bacteria"),
    ("r", " and it depends on"), ("o", " regular feeding"), ("o", " twice a day, around"), ("O", " Anyway, here's what"),
    ("O", " in no particular order"),
])

add("mailing-list", "en", """
> Does anyone know whether the new driver works with the older boards?

It works with the rev B boards, as far as I can tell. The rev A ones are a different story: they are not compatible with the new firmware, because the flash chip is smaller than what the loader expects. I ended up swapping mine for a newer unit instead of patching it. Honestly it was cheaper in the end.

Cheers,
Tom
""", [
    ("O", " Does anyone know whether"), ("o", " the new driver works"), ("o", " with the older boards"), ("o", "It works with the"),
    ("O", " as far as I can tell"), ("O", " The rev A ones"), ("o", " are a different story"), ("R", " are not compatible with"),
    ("o", " the new firmware"), ("o", " because the flash chip"), ("O", " is smaller than what"), ("o", " the loader expects"),
    ("o", " I ended up swapping"), ("r", " instead of patching"), ("O", " Honestly it was cheaper"), ("O", " in the end"),
    ("b", "Cheers,\nTom"),
])

add("wiki-talk-page", "en", """
I'm not sure the article should say the castle was built by the Normans. The source we cite only says it is located on the site of an earlier fort. Unless someone has a better reference, I would rephrase it as "stands on the site of". Also, the second paragraph repeats the first almost word for word. Any objections?
""", [
    ("O", "I'm not sure the article"), ("o", " should say the castle"), ("r", " was built by the"), ("o", " The source we cite"),
    ("O", " only says it"), ("r", " it is located on the site of"), ("o", " an earlier fort"), ("O", " Unless someone has"),
    ("o", " a better reference"), ("o", " I would rephrase it"), ("r", "stands on the site of"), ("O", " the second paragraph repeats"),
    ("o", " almost word for word"), ("O", " Any objections?"),
])

add("podcast-transcript", "en", """
HOST: So what got you into beekeeping in the first place?
GUEST: Honestly, my neighbour. She's a retired teacher and she kept, I think, twelve hives behind her garage. One summer a swarm landed in our hedge and she came over with a cardboard box. I watched her do it and I was hooked. Now I've got four hives, which is probably three too many.
HOST: And the honey, is it yours or the bees'?
GUEST: Ha, that's a long story.
""", [
    ("O", " So what got you into"), ("o", " in the first place"), ("O", " Honestly, my neighbour"), ("r", " She's a retired teacher"),
    ("O", " and she kept, I think"), ("o", " twelve hives behind"), ("o", " One summer a swarm"), ("o", " landed in our hedge"),
    ("O", " she came over with"), ("o", " a cardboard box"), ("o", " I was hooked"), ("O", " Now I've got four"),
    ("O", " which is probably three"), ("O", " is it yours or"), ("O", " that's a long story"),
])

add("game-dialogue", "en", """
You: Where does this road lead?
Ferryman: North, to the salt flats. Nobody goes there anymore, not since the well dried up. The tower you see on the ridge belonged to the old order. Its keeper was the brother of the woman who runs the inn. If you want to cross, it'll cost you three coins. Or you could help me mend the nets instead of paying.
""", [
    ("o", " Where does this road lead"), ("O", " North, to the"), ("o", " salt flats"), ("o", " Nobody goes there anymore"),
    ("O", " not since the well"), ("o", " dried up"), ("o", " The tower you see"), ("o", " on the ridge"),
    ("r", " belonged to the old"), ("o", " the old order"), ("r", " was the brother of"), ("r", " the woman who runs the"),
    ("o", " If you want to cross"), ("o", " it'll cost you three"), ("o", " help me mend the nets"), ("r", " instead of paying"),
])

add("personal-letter", "en", """
Dear Ann,
Thank you for the photographs, they arrived on Thursday. The little one looks so much like her father at that age! We are all well here. The garden is a mess after the storm, and the old pear tree finally came down. Your cousin is now engaged to a lovely young man from the next village; the wedding will be in June. Write soon and tell me everything.
With love,
Margaret
""", [
    ("o", "Thank you for the photographs"), ("O", " they arrived on Thursday"), ("o", " The little one"), ("r", " looks so much like her father"),
    ("O", " at that age"), ("O", " We are all well"), ("o", " The garden is a mess"), ("o", " after the storm"),
    ("o", " the old pear tree"), ("O", " finally came down"), ("r", " Your cousin is now engaged to"), ("o", " a lovely young man"),
    ("O", " the wedding will be in"), ("O", " Write soon and tell"), ("b", "With love,"),
])

add("diary", "en", """
14 Feb. Cold again. Walked to the station and missed the 7:40 by a minute. Spent most of the morning on the report, which is longer than it needs to be. Lunch with R., who is now head of the purchasing team and seems happier. In the evening I finished the novel; the ending was weaker than the rest. Bed at eleven.
""", [
    ("o", "14 Feb. Cold"), ("o", " Walked to the station"), ("o", " missed the 7:40"), ("O", " by a minute"),
    ("o", " Spent most of the morning"), ("O", " on the report, which"), ("O", " is longer than it needs"), ("o", " Lunch with R"),
    ("r", " who is now head of the"), ("o", " purchasing team"), ("o", " and seems happier"), ("o", " In the evening I"),
    ("o", " finished the novel"), ("O", " was weaker than the rest"), ("o", " Bed at eleven"),
])

add("legal-code", "en", """
(2) A person is a resident of the municipality if the person's principal dwelling is located within its boundaries. (3) A dwelling that is owned by a company is treated as belonging to the company's director for the purposes of this section. (4) Nothing in this subsection applies to a building used exclusively for agriculture.
""", [
    ("r", " A person is a resident of"), ("o", " the municipality if"), ("o", " the person's principal dwelling"), ("r", " is located within"),
    ("o", " its boundaries"), ("r", " is owned by a"), ("o", " a company is treated"), ("R", " as belonging to the"),
    ("r", " the company's director"), ("B", " for the purposes of this section"), ("O", " Nothing in this subsection"), ("o", " applies to a building"),
    ("o", " used exclusively for agriculture"),
])

add("technical-report", "en", """
The test rig consists of a pump, two pressure sensors and a data logger. Each sensor is connected to the logger by a shielded cable. Measurements were taken every 10 seconds over a period of six hours. The flow rate was lower than predicted, in particular at the start of each run, which suggests that the valve was partly closed. Further tests are planned for next month.
""", [
    ("r", "The test rig consists of"), ("o", " a pump, two pressure"), ("o", " and a data logger"), ("r", " is connected to the"),
    ("o", " by a shielded cable"), ("o", " Measurements were taken every"), ("o", " 10 seconds over"), ("O", " a period of six hours"),
    ("o", " The flow rate was"), ("O", " lower than predicted"), ("O", " in particular at the"), ("O", " at the start of each run"),
    ("o", " which suggests that the"), ("o", " was partly closed"), ("o", " Further tests are planned"),
])

add("patent", "en", """
The housing comprises an upper shell and a lower shell, the upper shell being attached to the lower shell by four clips. The sensor is mounted on a flexible arm, which is made of a spring steel. In one embodiment, the arm is replaced by a rigid rod. The invention is not limited to the embodiments described above.
""", [
    ("r", "The housing comprises an"), ("o", " upper shell and a"), ("r", " being attached to the"), ("o", " by four clips"),
    ("r", " The sensor is mounted on"), ("o", " a flexible arm"), ("r", " which is made of a"), ("o", " spring steel"),
    ("O", " In one embodiment"), ("r", " the arm is replaced by"), ("o", " a rigid rod"), ("B", " The invention is not limited to"),
    ("B", " the embodiments described above"),
])

add("code-python", "en", """
def load_users(path):
    # the file is a list of records; each record belongs to one team
    with open(path) as f:
        rows = json.load(f)
    # skip the header row, which is a copy of the column names
    return [r for r in rows[1:] if r["team"]]  # roughly 2,000 rows in practice
""", [
    ("c", "def load_users"), ("c", "    # the"), ("o", " the file is a list"), ("r", " of records; each record belongs to"),
    ("o", " one team"), ("c", " with open(path"), ("c", " rows = json"), ("o", " skip the header row"),
    ("R", " which is a copy of"), ("o", " the column names"), ("c", " return [r for"), ("o", " roughly 2,000 rows"),
    ("o", " in practice"),
])

add("code-javascript", "en", """
// Each tab is a child of the panel, so removing the panel removes them too.
// This is slower than a plain loop, but easier to read.
function closeAll(panel) {
  panel.children.forEach((tab) => tab.close());  // one call per tab
}
""", [
    ("c", "// Each"), ("R", " Each tab is a child of"), ("o", " so removing the panel"), ("o", " removes them too"),
    ("O", " This is slower than"), ("o", " a plain loop"), ("o", " but easier to read"), ("c", "function closeAll"),
    ("c", " panel.children"), ("c", "tab.close());"), ("o", " one call per tab"),
])

add("clinical-note", "en", """
Seen with her daughter, who is the main carer. Pain in the left knee for three weeks, worse on stairs. No fever. Lives alone in a ground-floor flat; a neighbour helps with shopping. Plan: X-ray, review in two weeks, paracetamol as needed.
""", [
    ("r", "Seen with her daughter"), ("r", " who is the main carer"), ("o", " Pain in the left knee"), ("o", " for three weeks"),
    ("O", " worse on stairs"), ("o", " No fever"), ("R", " Lives alone in a"), ("o", " ground-floor flat"),
    ("o", " a neighbour helps with"), ("O", " Plan: X-ray"), ("o", " review in two weeks"), ("o", " as needed"),
])

add("obituary", "en", """
He is survived by his wife of fifty years, three children and seven grandchildren. A lifelong member of the rowing club, he coached juniors well into his seventies. He was predeceased by his brother. The funeral will take place on Friday at 2 pm; instead of flowers, the family asks for donations to the hospice.
""", [
    ("r", "He is survived by"), ("r", " his wife of fifty years"), ("o", " three children and seven"), ("r", " A lifelong member of the"),
    ("o", " rowing club"), ("o", " he coached juniors"), ("O", " well into his seventies"), ("r", " He was predeceased by"),
    ("r", " by his brother"), ("O", " The funeral will take place"), ("o", " on Friday at 2 pm"), ("r", " instead of flowers"),
    ("o", " the family asks for"), ("o", " donations to the hospice"),
])

add("museum-label", "en", """
Storage jar, about 1200 BC. The jar is made of coarse red clay and was found in a pit beneath a house floor. Vessels of this type were used for grain. The painted band around the neck is typical of the region. Gift of a private collector, 1987.
""", [
    ("o", "Storage jar, about"), ("o", " about 1200 BC"), ("r", " The jar is made of"), ("o", " coarse red clay"),
    ("o", " and was found in a pit"), ("o", " beneath a house floor"), ("R", " Vessels of this type"), ("o", " were used for grain"),
    ("o", " The painted band"), ("o", " around the neck"), ("R", " is typical of the"), ("B", " Gift of a private collector"),
])

add("essay", "en", """
Most of us, most of the time, do not think about water at all. It comes out of the tap; it goes down the drain. Yet the pipe under the street is part of a system older than the city itself, and the reservoir behind the hills is one of the largest in the country. Taking it for granted is, in a sense, a measure of how well it works.
""", [
    ("O", "Most of us, most"), ("O", " of the time"), ("o", " do not think about"), ("o", " water at all"),
    ("o", " It comes out of the tap"), ("o", " it goes down the drain"), ("O", " Yet the pipe under"), ("r", " is part of a system"),
    ("O", " older than the city"), ("o", " the reservoir behind the hills"), ("r", " is one of the largest"), ("o", " in the country"),
    ("O", " Taking it for granted"), ("O", " in a sense"), ("o", " a measure of how well"),
])

add("faq-page", "en", """
Can I change my delivery address after ordering?
Yes, as long as the parcel has not been shipped. Go to your orders and choose the one you want to change. If it has already left the warehouse, the address can no longer be changed, but you can refuse the delivery instead of waiting for a return label. Refunds usually take 5 to 7 working days.
""", [
    ("o", "Can I change my"), ("o", " delivery address"), ("O", " as long as the parcel"), ("o", " has not been shipped"),
    ("o", " Go to your orders"), ("o", " the one you want to change"), ("o", " has already left the warehouse"), ("o", " can no longer be changed"),
    ("r", " instead of waiting for"), ("o", " a return label"), ("o", " Refunds usually take"), ("o", " 5 to 7 working days"),
])

add("job-ad", "en", """
You will report to the head of operations and work closely with the finance team. The role is based in our city-centre office, with two days a week from home. You will be responsible for a team of four. Experience with payroll is an advantage but not essential. Salary depending on experience.
""", [
    ("r", "You will report to the"), ("r", " the head of operations"), ("r", " and work closely with the"), ("o", " the finance team"),
    ("r", " The role is based in"), ("o", " city-centre office"), ("o", " two days a week"), ("r", " will be responsible for"),
    ("o", " a team of four"), ("o", " Experience with payroll"), ("O", " is an advantage but"), ("o", " not essential"),
    ("B", " Salary depending on experience"),
])

add("weather-report", "en", """
A band of rain will move in from the west this afternoon, heavier than yesterday's, clearing by midnight. Tomorrow starts cold, with frost in sheltered valleys, then turns brighter. Highs of 9 to 11 degrees. The wind will ease compared with today.
""", [
    ("o", "A band of rain"), ("o", " will move in from"), ("o", " the west this afternoon"), ("O", " heavier than yesterday's"),
    ("o", " clearing by midnight"), ("o", " Tomorrow starts cold"), ("o", " with frost in sheltered"), ("o", " then turns brighter"),
    ("o", " Highs of 9 to 11"), ("o", " The wind will ease"), ("R", " compared with today"),
])

add("press-release", "en", """
The foundation today announced that it has partnered with three regional universities to fund research on soil health. The programme is part of a wider strategy and will be managed by an independent panel. Grants of up to 50,000 euros are available. Applications open next week.
About the foundation: The foundation is a charitable trust established in 1962.
""", [
    ("o", "The foundation today announced"), ("r", " it has partnered with"), ("o", " three regional universities"), ("o", " to fund research on"),
    ("o", " soil health"), ("r", " The programme is part of a"), ("o", " a wider strategy"), ("r", " will be managed by an"),
    ("o", " an independent panel"), ("o", " Grants of up to"), ("o", " 50,000 euros are available"), ("o", " Applications open next week"),
    ("B", "About the foundation:"), ("r", " The foundation is a"), ("r", " charitable trust established in"),
])

add("user-manual", "en", """
The base station is connected to the router with the supplied cable. Each handset belongs to one base station; to move a handset, first remove it from the old one. The battery is not a standard size, so use only the battery supplied. Press and hold the button for five seconds until the light turns blue.
""", [
    ("r", "The base station is connected to"), ("o", " with the supplied cable"), ("r", " Each handset belongs to"), ("o", " one base station"),
    ("o", " to move a handset"), ("o", " first remove it"), ("o", " from the old one"), ("O", " The battery is not a"),
    ("o", " standard size"), ("o", " so use only the"), ("o", " Press and hold the button"), ("o", " for five seconds"),
    ("o", " until the light turns blue"),
])

add("menu", "en", """
Slow-cooked lamb shoulder, served with a salad of roasted beetroot and goat's cheese, 18.50
Our bread is made in house every morning from flour milled two villages away.
Ask your server which dishes are suitable for vegetarians.
""", [
    ("o", "Slow-cooked lamb shoulder"), ("o", " served with a salad"), ("o", " roasted beetroot"), ("o", " goat's cheese, 18"),
    ("r", "Our bread is made in"), ("o", " every morning from flour"), ("o", " milled two villages away"), ("O", "Ask your server which"),
    ("o", " are suitable for vegetarians"),
])

add("government-notice", "en", """
The public footpath between the church and the school is temporarily closed while the bridge is repaired. The bridge belongs to the county, not the parish, and the works are carried out on its behalf by a contractor. A diversion is signed. We expect the path to reopen in early spring.
""", [
    ("o", "The public footpath between"), ("o", " the church and the school"), ("o", " is temporarily closed"), ("o", " while the bridge is repaired"),
    ("r", " The bridge belongs to the"), ("o", " the county, not the"), ("o", " the works are carried out"), ("r", " on its behalf by a"),
    ("o", " A diversion is signed"), ("o", " We expect the path"), ("o", " to reopen in early spring"),
])

add("news", "en", """
Mayor Linda Okafor said on Monday that the new tram line would connect the airport with the city centre by 2029. The line is part of a plan approved last year. Okafor, who is a former engineer, said the cost was higher than first estimated. Construction begins in April.
""", [
    ("N", "Mayor Linda"), ("n", " Linda Okafor said"), ("o", " on Monday that the"), ("o", " the new tram line"),
    ("r", " would connect the"), ("o", " the airport with the"), ("O", " the city centre by"), ("r", " The line is part of"),
    ("o", " a plan approved last year"), ("r", " who is a former"), ("o", " a former engineer"), ("O", " was higher than first"),
    ("o", " Construction begins in April"),
])

add("encyclopedia", "en", """
The Order of Saint Rumold is a chivalric order founded by the Duke of Brabant in 1432. Its members are known as knights, and the order is headquartered in Mechelen. The grand master is elected for life. Unlike most orders of its kind, it admits women, who form about a third of its membership.
""", [
    ("N", "The Order of Saint"), ("r", " is a chivalric order"), ("r", " order founded by the"), ("N", " the Duke of Brabant"),
    ("o", " in 1432"), ("r", " Its members are known as"), ("o", " knights, and the"), ("r", " the order is headquartered in"),
    ("O", " The grand master"), ("o", " is elected for life"), ("O", " Unlike most orders"), ("o", " of its kind"),
    ("r", " who form about a third of"), ("o", " its membership"),
])
