PASSAGES = []
def P(genre, text, picks):
    PASSAGES.append({'genre': genre, 'text': text, 'picks': picks})

P('encyclopedia', """Lake Ohrid
From Wikipedia, the free encyclopedia

Lake Ohrid (Macedonian: Охридско Езеро) is a lake which straddles the mountainous border between North Macedonia and Albania. It is one of Europe's deepest and oldest lakes, with a unique aquatic ecosystem that contains more than 200 endemic species.

The town of Ohrid, on the lake's northeastern shore, is home to the Church of St. John at Kaneo. The lake was declared a UNESCO World Heritage Site in 1979.

Contents  [hide]
1 Geography
2 History
3 Ecology""", [
    ('From Wikipedia, the', False), (' is a lake which', False), (' North Macedonia', False, 0, '!'), (' is one of Europe', True),
    (' that contains more', False, 0, '!'), (' is home to the', False), (' St. John at', False), (' UNESCO World Heritage', False),
    ('Contents  [hide]', True), ('\n2 History', True),
])
P('encyclopedia', """Amazon (company)
Not to be confused with Amazon River.

Amazon.com, Inc. is an American multinational technology company based in Seattle, Washington. It was founded by Jeff Bezos in 1994 as an online bookstore and later diversified into cloud computing, streaming and artificial intelligence.

See also
- List of Amazon products and services
This article is about the company. For other uses, see Amazon (disambiguation).
Categories: 1994 establishments in Washington (state) | Online retailers of the United States""", [
    ('Not to be confused with', False), (' Amazon River', True), (' is an American multinational', False),
    (' Jeff Bezos', False, 0, '!'), (' as an online bookstore', False), ('See also\n', False),
    (' For other uses', False), ('Categories: 1994', False), (' diversified into cloud', False),
])

P('sports-report', """Rovers snatch late winner to climb into top six
By Tom Hargreaves at Prenton Park | Saturday 14 February 2026 17:04 GMT

Tranmere Rovers 2-1 Grimsby Town

Substitute Kieran Walsh headed in a 92nd-minute winner as Tranmere came from behind to beat Grimsby and move into the play-off places.

The visitors had led through Danny Rose's penalty after 34 minutes, but Josh Hawkes levelled with a curling shot just after the break.

"We never gave up," said Rovers boss Andy Crosby. "That's the character of this group."

Line-ups
Tranmere: Murphy, Norris, Turnbull, Davies (Walsh 78'), Hawkes. Subs not used: Doohan, Lewis.
Attendance: 8,214""", [
    ('Rovers snatch', True), (' Prenton Park', False, 0, '!'), ('Tranmere Rovers 2', False), (' headed in a 92', False),
    (' came from behind', False), (' play-off places', False), (' Danny Rose', True), (' boss Andy Crosby', False),
    ("(Walsh 78')", True), ('Attendance: 8', True),
])
P('sports-report', """NBA: Nuggets 121, Heat 109

DENVER - Nikola Jokic had 31 points, 14 rebounds and 11 assists for his 19th triple-double of the season as the Denver Nuggets beat the Miami Heat on Monday night.

Jamal Murray added 24 points. Tyler Herro led Miami with 27, and Bam Adebayo, who plays for the Heat since 2017, had 18 and 9.

The Nuggets shot 54% from the field and outscored Miami 34-19 in the third quarter.

UP NEXT
Heat: At Utah on Wednesday.
Nuggets: Host Phoenix on Thursday.""", [
    ('NBA: Nuggets', False), (' had 31 points', False), (' Miami Heat', True, 0, '!'), (' led Miami with', False),
    (' who plays for the', False, 0, '!'), (' shot 54% from', False), ('UP NEXT', True), (' on Thursday', False),
])

P('press-release', """FOR IMMEDIATE RELEASE

Verdant Energy Completes Acquisition of SolarPeak Installations

AUSTIN, Texas, March 2, 2026 /PRNewswire/ -- Verdant Energy Corp. (NASDAQ: VRDT), a leading provider of residential battery storage, today announced that it has completed its previously announced acquisition of SolarPeak Installations LLC.

"This is a transformative step for Verdant," said Maya Lindqvist, Chief Executive Officer of Verdant Energy.

About Verdant Energy
Verdant Energy is headquartered in Austin and operates in 14 states.

Forward-Looking Statements
This press release contains forward-looking statements within the meaning of the Private Securities Litigation Reform Act of 1995.

Media Contact: press@verdant.example""", [
    ('FOR IMMEDIATE RELEASE', False), (' /PRNewswire/', False), (' (NASDAQ: V', False), (' a leading provider of', False),
    (' Chief Executive Officer of', False, 0, '!'), (' is headquartered in', False), (' operates in 14', False),
    (' forward-looking statements', False), ('Media Contact:', True), (' transformative step', False),
])

P('government-notice', """NOTICE OF PUBLIC HEARING
CITY OF SPRINGFIELD PLANNING COMMISSION

NOTICE IS HEREBY GIVEN that the Planning Commission of the City of Springfield will hold a public hearing on Thursday, April 9, 2026, at 6:30 p.m. in Council Chambers, City Hall, 840 Boonville Avenue, to consider the following:

Case No. Z-2026-07: Request to rezone approximately 3.2 acres located at the northwest corner of Kearney Street and Glenstone Avenue from R-1 (Single-Family Residential) to GR (General Retail).

All interested persons are invited to attend and be heard. Persons requiring special accommodations should contact the City Clerk at least 48 hours in advance.

Published: March 20, 2026""", [
    ('NOTICE OF PUBLIC', False), ('NOTICE IS HEREBY GIVEN', False), (' City of Springfield', False, 0, '!'),
    (' Council Chambers', True), (' located at the northwest', False), (' Kearney Street', False),
    (' (Single-Family Residential', True), (' are invited to attend', False), (' at least 48 hours', False),
    ('Published: March', True),
])

P('thesis-front-matter', """THE ROLE OF SOIL FUNGI IN DROUGHT TOLERANCE OF WHEAT

by

Amara Nwosu

A thesis submitted in partial fulfilment of the requirements for the degree of Doctor of Philosophy

School of Biosciences
University of Nottingham
September 2025

This page intentionally left blank.

Table of Contents
Abstract .................................................. iii
Acknowledgements ....................................... v
List of Figures ........................................... ix
List of Abbreviations ................................. xi
1 Introduction ............................................ 1""", [
    (' SOIL FUNGI', True), ('Amara Nwosu', False), (' in partial fulfilment', False), (' the degree of Doctor', False),
    (' University of Nottingham', False, 0, '!'), ('This page intentionally', False), ('Table of Contents', False),
    ('Acknowledgements ....', True), (' ix\n', True), ('List of Figures', False),
])
P('thesis-front-matter', """Acknowledgements

First and foremost, I would like to thank my supervisor, Professor Ian Marsh, for his patience, his encouragement and his endless supply of red pens. I am also deeply grateful to Dr. Leila Haddad, who taught me everything I know about mass spectrometry.

This work was funded by the Biotechnology and Biological Sciences Research Council (grant BB/T008369/1).

Finally, to my parents: this is for you.

Declaration
I hereby declare that this thesis is my own work and has not been submitted for any other degree.""", [
    ('First and foremost', True), (' my supervisor, Professor', False), (' Ian Marsh', False, 0, '!'),
    (' endless supply of red', False), (' taught me everything', False), (' was funded by', False),
    (' (grant BB', True), (' I hereby declare that', False), (' has not been submitted', False), (' is for you', False),
])

P('newsletter-email', """View in browser

THE WEEKEND EDIT  |  Issue #142

Hi Sam,

Spring is finally here (well, in theory). This week: the five best new cafés in Leeds, a chat with ceramicist Joanna Birch, and our pick of the best cheap weekend breaks by train.

READ MORE →

From our partners: Save 20% on your first order at Fernleaf Plants with code SPRING20.

You're receiving this email because you signed up at weekendedit.example.
Unsubscribe  |  Update your preferences  |  Forward to a friend
Weekend Edit Ltd, 21 Mill Street, Leeds LS1 4AB, United Kingdom""", [
    ('View in browser', False), (' Issue #142', True), ('Hi Sam,', True), (' cafés in Leeds', False),
    (' ceramicist Joanna Birch', False, 0, '!'), ('READ MORE', True), (' with code SPRING', True),
    (' receiving this email', False), ('Unsubscribe  |', False), (' Update your preferences', False),
])

P('social-media', """@nadia_builds · 2h
hot take: the best feature of our new office is the window that actually opens 🪟
💬 14   🔁 3   ❤️ 211

Replying to @nadia_builds
@tomk_dev · 1h
lucky. ours opens onto the car park of a Greggs
💬 2   🔁 0   ❤️ 58

@brightwater_city · 45m
Reminder: the Riverside Bridge will be closed to traffic from 10pm tonight for resurfacing. Diversions via Mill Road. #TravelUpdate
Show more replies""", [
    ('@nadia_builds', False), (' hot take:', True), (' actually opens', False), ('Replying to @', False),
    (' the car park of a', False), (' of a Greggs', True), (' Riverside Bridge', False, 0, '!'), (' closed to traffic', False),
    (' #TravelUpdate', True), ('Show more replies', True),
])

P('travel-guide', """Getting There & Around

Porto is served by Francisco Sá Carneiro Airport, about 11 km north of the city centre. Metro line E (the violet line) connects the airport to Trindade station in roughly 30 minutes; a single Andante ticket costs €2.60.

Top tip: The Ribeira district is best explored on foot, but wear sensible shoes - the streets down to the Douro are steep and cobbled.

Where to Stay
Budget: Gallery Hostel (from €28/night)
Mid-range: Pestana Vintage Porto, right on the riverfront

Prices correct at time of writing. Last updated: May 2025""", [
    ('Getting There &', False), (' is served by', False), (' 11 km north of', False), (' Trindade station', False),
    (' costs €2.', False), ('Top tip:', True), (' is best explored on', True), (' the Douro are', False),
    (' (from €28', True), (' at time of writing', False),
])

P('patent', """(12) United States Patent Application Publication
(10) Pub. No.: US 2025/0183341 A1
(43) Pub. Date: Jun. 5, 2025

(54) SYSTEM AND METHOD FOR DETECTING LEAKS IN A PRESSURIZED FLUID LINE

(57) ABSTRACT
A leak detection system includes a pressure sensor coupled to a fluid line, a controller in communication with the pressure sensor, and a valve. The controller is configured to determine a rate of pressure decay and, in response to the rate exceeding a threshold, close the valve.

What is claimed is:
1. A system comprising: a pressure sensor coupled to a fluid line; wherein the controller is further configured to...""", [
    ('(12) United States', False), (' Pub. No.:', False), (' US 2025/', True), (' SYSTEM AND METHOD', True),
    (' coupled to a fluid', False), (' in communication with', False), (' is configured to', False),
    (' a rate of pressure', False), ('What is claimed is', False), (' wherein the controller', False),
])
