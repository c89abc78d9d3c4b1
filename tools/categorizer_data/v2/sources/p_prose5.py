PASSAGES = []
def P(genre, text, picks):
    PASSAGES.append({'genre': genre, 'text': text, 'picks': picks})

P('clinical-note', """DISCHARGE SUMMARY
Admission Date: 01/28/2026        Discharge Date: 02/02/2026
Attending: Dr. Samuel Osei, Cardiology

Principal Diagnosis: Acute decompensated heart failure (HFrEF, EF 30%)

Hospital Course: 72 y/o M admitted from the ED with 1 wk of worsening dyspnea and 4 kg weight gain. Diuresed with IV furosemide 40 mg BID with good response (net -5.1 L). Transitioned to PO torsemide on HD 4. Follow-up echo deferred to outpatient.

Discharge Medications: torsemide 20 mg PO daily; carvedilol 6.25 mg PO BID; sacubitril/valsartan 24/26 mg BID.
Follow-up: Heart Failure Clinic, St. Luke's, in 7-10 days.
Dictated but not read.""", [
    ('DISCHARGE SUMMARY', False), (' Samuel Osei', False), (' EF 30%', True), (' admitted from the ED', False),
    (' with good response', False), (' deferred to outpatient', False), (" St. Luke's", False, 0, '!'), ('Dictated but not', True),
])
P('mailing-list', """On 2026-02-11 16:20, Beatriz Costa wrote:
> Has anyone got the new scanner working with Debian 13? Mine shows up in
> lsusb but sane-find-scanner says nothing.

Yes - you need the epkowa backend, which is not in main because of the
licence. Install it from the vendor's repo and add your user to the
"scanner" group, then log out and back in.

Regards,
Mike

--\x20
Mike Fairbairn  |  Sheffield Linux Users Group
Please do not top-post. Trim your quotes.
To unsubscribe, e-mail: users-unsubscribe@slug.example.org""", [
    (' Beatriz Costa wrote', False), (' with Debian 13', False), (' sane-find-scanner', True), (' of the\nlicence', True, 0, '!'),
    (' add your user to', False), ('Regards,\n', True), (' Sheffield Linux Users', False), ('Please do not top', False),
    ('To unsubscribe, e', False),
])
P('changelog', """Version 118.0.2 (Released March 5, 2026)

Fixed
* Fixed a crash on startup for some users of macOS Sequoia with external displays attached. (Bug 1948211)
* Fixed videos on certain streaming sites stuttering after resuming from sleep.

Changed
* Updated the bundled certificate store.
* The "Clear recent history" dialog now remembers your last selection.

Security fixes: see the Mozilla Foundation Security Advisory 2026-11.

Known issues
* Some extensions that rely on the legacy sidebar API may stop working. Please update to their latest version.""", [
    ('Version 118.0', True), (' macOS Sequoia', False), (' (Bug 1948', False), (' after resuming from sleep', False),
    (' now remembers your', True), (' Mozilla Foundation Security', True), ('Known issues', False), (' rely on the legacy', False),
])
P('man-page', """SSH-KEYGEN(1)           General Commands Manual           SSH-KEYGEN(1)

DESCRIPTION
     ssh-keygen generates, manages and converts authentication keys for
     ssh(1).  ssh-keygen can create keys for use by SSH protocol version 2.

     Normally each user wishing to use SSH with public key authentication
     runs this once to create the authentication key in ~/.ssh/id_ed25519.

EXIT STATUS
     The exit status is 0 on success and 1 if an error occurs.

AUTHORS
     OpenSSH is a derivative of the original and free ssh 1.2.12 release by
     Tatu Ylonen.

BSD                            March 1, 2026                           BSD""", [
    ('SSH-KEYGEN(1)', False), (' General Commands Manual', False), (' converts authentication keys', False),
    (' for use by SSH', False), (' ~/.ssh/id', False), ('EXIT STATUS', True), (' is a derivative of', False, 0, '!'),
    (' Tatu Ylonen', False, 0, '!'), (' runs this once', True),
])
P('references', """Notes

12. Mary Beard, SPQR: A History of Ancient Rome (London: Profile Books, 2015), 214.
13. Ibid., 216-18.
14. Tacitus, Annals 15.44.
15. Beard, SPQR, 220.
16. See, for example, Peter Brown, The World of Late Antiquity (New York: Norton, 1989).

Bibliography
Brown, Peter. The World of Late Antiquity: AD 150-750. New York: W. W. Norton, 1989.
Hopkins, Keith. "Taxes and Trade in the Roman Empire." Journal of Roman Studies 70 (1980): 101-25. https://doi.org/10.2307/299558.""", [
    (' Mary Beard', True), (' A History of Ancient', True), ('13. Ibid.', False), (' Tacitus, Annals', False),
    ('See, for example', True), (' (New York:', False), (' Journal of Roman Studies', False), (' https://doi.org', False),
])
P('fiction', """He woke to the sound of the generator coughing itself to death. For a long moment Idris lay in the dark and listened, counting, the way his grandmother had taught him to count the seconds between lightning and thunder.

Nine. Ten. Silence.

Downstairs, someone swore in Portuguese. Then came the scrape of a chair, the rattle of the fuel can, and Beatriz's voice, impatient and close to laughter: "If you are awake, little prince, you can hold the torch."

He pulled on his boots without lacing them. The house smelled of diesel and oranges. Outside, the whole valley was black except for the red light on the mast above Santa Clara, blinking, blinking, as if nothing in the world had changed.""", [
    (' coughing itself to death', False), (' Idris lay in', False, 0, '!'), (' the way his grandmother', False),
    ('Nine. Ten.', True), (' swore in Portuguese', False), (' little prince', True), (' smelled of diesel and', False),
    (' above Santa Clara', False, 0, '!'), (' as if nothing in', False),
])
P('poetry', """Sonnet for the Night Bus

The 43 comes at twelve past every hour,
or says it does. The shelter hums with light.
A girl in scrubs is sleeping, and a flower
someone has dropped lies browning, left and right

of it the puddles hold the sky. We wait.
Nobody speaks. Nobody ever speaks
on night buses; we've all been out too late
at jobs that eat the weeks and then the weeks.

- Will Hope, from Late Shift (2023)

Share this poem   Print   Listen""", [
    ('Sonnet for the', True), (' The 43 comes at', True), (' past every hour', False), (' A girl in scrubs', False),
    ('Nobody speaks.', True), (' Will Hope', True), (' Late Shift', True), ('Share this poem', False),
])
P('legal-code', """§ 7-104. Duty of landlord to maintain premises.

(a) A landlord shall at all times during the tenancy maintain the dwelling unit in a fit and habitable condition, and shall comply with the requirements of applicable building and housing codes.

(b) Notwithstanding subsection (a) of this section, a tenant who causes damage to the premises shall be liable for the cost of repair.

(c) Any provision of a lease purporting to waive the rights of a tenant under this section is void as contrary to public policy.

History: Acts 1998, ch. 412, § 3; amended by Acts 2014, ch. 88, § 1, eff. July 1, 2014.
Cross reference: § 7-112 (retaliatory eviction).""", [
    ('§ 7-104.', True), (' Duty of landlord to', False), (' fit and habitable', False), (' comply with the requirements', False, 0, '!'),
    ('Notwithstanding subsection (', False), (' shall be liable for', False), (' is void as contrary', False),
    ('History: Acts', True), ('Cross reference:', False),
])
P('blog', """Home » Travel » Japan

Two weeks in Hokkaido in winter: a (mostly) honest itinerary
Last Updated: January 20, 2026 · This post contains affiliate links.

We flew into New Chitose on a Tuesday, which turned out to be the only day in fourteen that it didn't snow. Sapporo is the capital of Hokkaido and honestly the easiest place to start: trains out of the city are frequent, and the ramen alley near Susukino is open until 3am.

PIN IT FOR LATER!

Day 1-3: Sapporo
If you only do one thing here, go up Mount Moiwa at sunset.

About me: I'm Clara, a nurse from Bristol who travels on a budget.""", [
    ('Home » Travel', False), (' Last Updated:', False), (' New Chitose', False), (' on a Tuesday, which', False),
    (' is the capital of', False), (' the ramen alley near', False), ('PIN IT FOR', True), (' Mount Moiwa', False, 0, '!'),
    (' a nurse from Bristol', False),
])
P('press-release', """NEWS RELEASE
For release: Embargoed until 00:01 GMT, Thursday 12 March 2026

Brightwater Museum to reopen after £14m restoration

The Brightwater Museum of Science, founded in 1889 by the industrialist Sir Edmund Vale, will reopen to the public on 4 April following a two-year restoration of its Victorian galleries.

Highlights include the return of the museum's famous orrery, on loan to the Science Museum in London since 2019.

Notes to editors
1. High-resolution images are available on request.
2. The restoration was supported by the National Lottery Heritage Fund.

ENDS""", [
    ('Embargoed until 00', True), (' £14m restoration', True), (' founded in 1889 by', False), (' Sir Edmund Vale', False),
    (' will reopen to the', False), (' on loan to the', False), ('Notes to editors', False), (' available on request', False),
    (' National Lottery Heritage', False, 0, '!'), ('\nENDS', True),
])
P('government-notice', """GOV.UK
Home > Driving and transport > Vehicle tax

Tax your vehicle
You can tax your vehicle online, by phone or at a Post Office that deals with vehicle tax.

You'll need the 11-digit reference number from your vehicle log book (V5C), or the 16-digit number from your tax reminder letter (V11).

Start now on the DVLA website

Is this page useful?  Yes  No   Report a problem with this page
All content is available under the Open Government Licence v3.0, except where otherwise stated. © Crown copyright""", [
    ('GOV.UK', True), ('Home > Driving', False), ('Tax your vehicle', True), (' at a Post Office', True),
    (' 11-digit reference number', False), (' (V5C),', True), ('Start now on', True), (' Is this page useful', False),
    (' Open Government Licence', False), (' © Crown copyright', False),
])
P('newsletter-email', """From: Hannah at Ridgeway Running Club <hello@ridgewayrc.example>
Subject: This Sunday: 10K route change + kit order deadline

Hi runners,

Quick one this week. Because of the works on Abbey Road, Sunday's 10K will start from the leisure centre instead of the park. Same time, 9am sharp.

Club kit orders close on Friday - grab yours while stock lasts.

See you out there,
Hannah (Club Secretary)

Ridgeway Running Club is affiliated with England Athletics.
You can unsubscribe at any time. Manage your subscription.""", [
    (' Ridgeway Running Club', False), (' kit order deadline', False), ('Hi runners,', True), (' on Abbey Road', True, 0, '!'),
    (' instead of the park', False), (' 9am sharp', False), ('See you out there', True), (' is affiliated with', False, 0, '!'),
    (' unsubscribe at any time', False),
])
P('social-media', """r/AskUK · Posted by u/damp_biscuit · 6h

What's a British food that foreigners just don't get?

Mine is salad cream. My American partner thinks it's a crime.

⬆ 4.2k   💬 1.8k comments   Share   Save   Report

Top comment · u/pennywhistle_ · 5h
Marmite, obviously. It's made from yeast extract, a by-product of brewing beer, and you either love it or you're wrong.
  Reply   Award   ⬆ 2.1k

  u/damp_biscuit OP · 5h
  Bold of you to say that on a Tuesday.""", [
    ('r/AskUK', False), ('Posted by u/', False), (' salad cream', False), ('   Share   Save', True),
    (" made from yeast", False, 0, '!'), (' a by-product of', False), ('  Reply   Award', True), (' OP · 5', True),
    (' Bold of you to', True), ('Marmite, obviously', True),
])
P('travel-guide', """Day Trip: Sintra

Just 40 minutes from Lisbon by train (departures from Rossio station every 20 minutes), Sintra is a UNESCO-listed hilltop town famous for its fairy-tale palaces.

Don't miss
★★★ Pena Palace - the candy-coloured palace on the highest hill, built for King Ferdinand II in the 1840s.
★★ Quinta da Regaleira - mystical gardens with an 'initiation well' that spirals down nine levels.

Practical info
Opening hours: 9:30am-6:30pm daily (last entry 5:45pm). Closed 25 Dec and 1 Jan.
Tickets: €20 adults; book online to skip the queue.""", [
    ('Day Trip: Sint', True), (' from Lisbon by', False, 0, '!'), (' Rossio station', False), (' famous for its', False),
    ('Don\'t miss', True), (' King Ferdinand II', False, 0, '!'), (' spirals down nine', False), ('Opening hours:', False),
    (' to skip the queue', False),
])
P('patent', """BACKGROUND OF THE INVENTION

1. Field of the Invention
[0001] The present invention relates generally to agricultural machinery, and more particularly to a seed metering device for a planter.

2. Description of the Related Art
[0002] Conventional vacuum seed meters, such as those described in U.S. Pat. No. 7,152,542 to Anderson et al., use a rotating disc having a plurality of apertures.

[0003] However, such meters tend to skip seeds at high ground speeds.

BRIEF DESCRIPTION OF THE DRAWINGS
[0004] FIG. 1 is a perspective view of a seed meter according to one embodiment.""", [
    ('BACKGROUND OF THE', False), ('[0001] The', True), (' relates generally to', False), (' and more particularly', False),
    (' U.S. Pat. No', False), (' to Anderson et al', True), (' a plurality of apertures', False), (' tend to skip seeds', False),
    (' is a perspective view of', False),
])
