PASSAGES = []
def P(genre, text, picks):
    PASSAGES.append({'genre': genre, 'text': text, 'picks': picks})

P('court-judgment', """IN THE SUPREME COURT OF THE STATE OF OREGON

STATE OF OREGON,
Respondent on Review,
v.
MARCUS DEAN HOLLOWAY,
Petitioner on Review.

(CC 19CR44102) (CA A172201) (SC S069817)

On review from the Court of Appeals.*
Argued and submitted May 9, 2025.

GARRETT, J.

Defendant was convicted of unlawful possession of a firearm, ORS 166.250, after officers found a handgun in the glovebox of a car he was driving. He contends that the search violated Article I, section 9, of the Oregon Constitution. See State v. Arreola-Botello, 365 Or 695, 451 P3d 939 (2019). We agree, and reverse.""", [
    (' SUPREME COURT', True), ('Petitioner on', False), ('On review from', False), (' convicted of', False),
    (' ORS 166.', True), (' Oregon Constitution', False), (' 365 Or 695', False), (' We agree, and', False),
])
P('court-judgment', """Neutral Citation Number: [2024] EWCA Civ 1187
Case No: CA-2023-001942

IN THE COURT OF APPEAL (CIVIL DIVISION)
ON APPEAL FROM THE HIGH COURT OF JUSTICE
Royal Courts of Justice
Strand, London, WC2A 2LL

Date: 17/10/2024

Before:
LADY JUSTICE ANDREWS
and
LORD JUSTICE BIRSS

Judgment Approved by the court for handing down.

1. The appellant, a subsidiary of Kestrel Holdings plc, appeals against the order of HHJ Pearce dated 4 May 2023. The central question is whether the clause in issue is a penalty: Cavendish Square Holding BV v Makdessi [2015] UKSC 67 at [32].""", [
    ('Neutral Citation Number', False), (' EWCA Civ', False, 0, '!'), (' Royal Courts of', False),
    ('Date: 17/', True), (' a subsidiary of', False), (' appeals against the', False),
    (' is a penalty', False), (' UKSC 67', False), ('Judgment Approved by', False), (' LORD JUSTICE', True),
])

P('contract', """MASTER SERVICES AGREEMENT

This Master Services Agreement (the "Agreement") is entered into as of January 15, 2026 (the "Effective Date") by and between Northwind Analytics, Inc., a Delaware corporation ("Provider"), and Calloway Regional Health System, a Georgia nonprofit corporation ("Customer").

1. DEFINITIONS
1.1 "Confidential Information" means any information disclosed by one party to the other that is marked as confidential or that a reasonable person would understand to be confidential.

2. TERM AND TERMINATION
2.1 This Agreement shall commence on the Effective Date and shall continue for a period of three (3) years unless terminated earlier in accordance with Section 2.3.

IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.""", [
    (' is entered into as', False), (' by and between', False), (' Northwind Analytics', False),
    (' a Delaware corporation', False, 0, '!'), ('1. DEFINITIONS', True), (' disclosed by one', False),
    (' three (3) years', True), (' in accordance with', False), ('IN WITNESS WHEREOF', True),
])
P('contract', """RESIDENTIAL LEASE AGREEMENT
Landlord: Hollis Property Group LLC      Tenant(s): Maria Esposito, Tom Reyes
Premises: 418 Birch Lane, Apt 2C, Dayton, OH 45402

4. RENT. Tenant agrees to pay Landlord the sum of $1,450.00 per month, due on the first (1st) day of each month. Rent received after the fifth (5th) day shall incur a late fee of $75.00.
5. SECURITY DEPOSIT. Upon signing, Tenant shall deposit $1,450.00 with Landlord as security for the faithful performance of this Lease.
12. PETS. No animals shall be kept on the Premises without the prior written consent of Landlord, which consent shall not be unreasonably withheld.

Tenant initials: ____   Landlord initials: ____      Page 2 of 6""", [
    (' Hollis Property', False), (' Birch Lane', True), (' agrees to pay', False), (' per month', False),
    (' shall incur a', False), (' the faithful performance', False), (' prior written consent', False),
    (' not be unreasonably', False), ('Page 2 of 6', True),
])

P('scientific-abstract', """Abstract
Background: Long-term exposure to fine particulate matter (PM2.5) is associated with increased cardiovascular mortality, but evidence from low- and middle-income countries remains limited.
Methods: We conducted a prospective cohort study of 41,207 adults in Dhaka, Bangladesh, recruited between 2012 and 2015 and followed until December 2022. Hazard ratios (HRs) were estimated using Cox proportional hazards models adjusted for age, sex, smoking and household income.
Results: Each 10 µg/m3 increase in PM2.5 was associated with a 9% higher risk of cardiovascular death (HR 1.09; 95% CI 1.04-1.15).
Conclusions: These findings support stricter air quality standards in South Asia.
Keywords: air pollution; cohort; mortality""", [
    ('Background: Long', True), (' is associated with', False), (' cohort study of', False), (' in Dhaka', False),
    (' Cox proportional', True), (' adjusted for age', False), ('95% CI 1', False), (' South Asia', False),
    ('Keywords: air', True), (' remains limited', False),
])
P('scientific-abstract', """arXiv:2603.01482v2 [cs.CL] 9 Mar 2026

Sparse Lookup Memories Scale Better Than Dense Feed-Forward Layers
Ana Petrovic1, Jun Watanabe2, Sarah O'Neill1
1Department of Computer Science, ETH Zurich   2Preferred Networks, Tokyo

Abstract
We study language models in which a fraction of the feed-forward parameters is replaced by a hashed lookup table over token n-grams. At matched compute, such models reach lower perplexity on three of four benchmarks and are competitive with mixture-of-experts baselines. We release code and checkpoints at https://github.com/example/sparse-lookup.

1 Introduction""", [
    ('arXiv:2603', False), (' [cs.CL]', True), (' Jun Watanabe', False), (' ETH Zurich', False, 0, '!'),
    (' is replaced by', False), (' three of four', False), (' competitive with', False), (' https://github', True),
    ('1 Introduction', True),
])

P('clinical-note', """PROGRESS NOTE - INTERNAL MEDICINE
Pt: DOE, JANE   MRN: 00482913   DOB: 04/11/1958   Date of service: 02/20/2026

S: 67 y/o F w/ hx of T2DM, HTN, CKD stage 3a presenting for f/u after ED visit 2/14 for hyperglycemia. Reports improved polyuria since restarting metformin. Denies CP, SOB, N/V.
O: BP 148/92, HR 78, T 98.4F, SpO2 97% RA. A1c 9.2% (prev 8.1%).
A/P:
1. T2DM, uncontrolled - increase glipizide to 10 mg BID; diabetes education referral.
2. HTN - not at goal; add amlodipine 5 mg daily.
RTC 4 wks.
Electronically signed by: R. Patel, MD  02/20/2026 15:42""", [
    ('PROGRESS NOTE', True), (' MRN: 004', True), (' y/o F w', False), (' hx of T2', False),
    (' since restarting metformin', False), (' BP 148/', False), (' not at goal', False),
    ('Electronically signed by', False), (' R. Patel', False), ('RTC 4', True),
])

P('subtitles', """1
00:00:01,200 --> 00:00:03,850
<i>Previously on Harbour Lights...</i>

2
00:00:04,100 --> 00:00:06,420
- You told me he was in Glasgow.
- I said he might be.

3
00:00:07,010 --> 00:00:09,900
Will you just listen to me for once?

4
00:00:10,300 --> 00:00:12,750
[DOOR SLAMS]

5
00:00:13,400 --> 00:00:16,080
Grace, wait. Grace!

6
00:00:17,500 --> 00:00:19,200
Subtitles by ClearCaption Ltd""", [
    ('00:00:01', True), ('<i>Previously', True), (' Harbour Lights', False), (' in Glasgow', False, 0, '!'),
    ('Will you just', True), ('[DOOR SL', True), ('Grace, wait', True), ('Subtitles by', False),
    (' I said he', False),
])
P('subtitles', """14
00:01:22,040 --> 00:01:25,300
The Nile is the longest river in Africa,

15
00:01:25,380 --> 00:01:28,900
flowing north through eleven countries
before it empties into the Mediterranean.

16
00:01:29,100 --> 00:01:31,600
(narrator) For thousands of years,

17
00:01:31,700 --> 00:01:34,400
its floods decided who ate and who starved.

18
00:01:35,000 --> 00:01:36,900
♪ gentle music ♪""", [
    ('The Nile is', True), (' the longest river in', False), (' through eleven countries', False),
    ('before it empties into', True), (' Mediterranean', False), ('(narrator) For', True),
    (' who ate and', False), ('♪ gentle music', True),
])

P('chat-log', """[09:14] <kestrel> anyone around? build on main is red again
[09:15] <dani_m> kestrel: yeah it's the flaky timeout in test_upload, not you
[09:15] <kestrel> ah ok. is there a ticket?
[09:16] <dani_m> #4412, Will said he'd look at it today
[09:17] * Will (will@10.0.3.7) has joined #infra
[09:17] <Will> morning. yes I'm on it, the retry limit is too low on arm runners
[09:18] <kestrel> ty!
[09:20] <dani_m> brb coffee
[09:31] * dani_m has quit (Ping timeout: 240 seconds)""", [
    ('[09:14] <', True), (' anyone around?', False), (' build on main', True), (' the flaky timeout', False),
    (' Will said he', True), (' has joined #', False), (' I\'m on it', False), (' brb coffee', False),
    (' (Ping timeout', False), (' too low on', False),
])
P('chat-log', """WhatsApp Chat with Mum
12/03/2026, 18:02 - Mum: Are you coming on Sunday? Auntie Bea is bringing her new fella
12/03/2026, 18:05 - Chris: yes!! what time
12/03/2026, 18:05 - Chris: should I bring anything
12/03/2026, 18:07 - Mum: Just yourself. And maybe a pudding from Marks and Spencer
12/03/2026, 18:07 - Mum: <Media omitted>
12/03/2026, 18:10 - Chris: haha ok will do xx
12/03/2026, 18:11 - Mum: This message was deleted""", [
    ('WhatsApp Chat with', False), (' Auntie Bea', False), (' her new fella', False), (' what time', False),
    (' Marks and Spencer', False, 0, '!'), ('<Media omitted', True), (' haha ok will', True), (' This message was', False),
])

P('mailing-list', """From: Oskar Lindqvist <oskar.l@lists.example.org>
To: dev@lists.example.org
Subject: Re: [PATCH v3 2/5] net: fix refcount leak in route cache
Date: Wed, 4 Mar 2026 11:02:17 +0100

On Tue, Mar 03, 2026 at 09:41:55PM +0000, Wei Zhang wrote:
> The cache entry is never released when the lookup fails,
> so we leak one reference per miss.

Good catch. Reviewed-by: Oskar Lindqvist <oskar.l@lists.example.org>

Nit: the commit message should say which commit this fixes,
e.g. Fixes: 3a1c9e0f ("net: add route cache").

--
Oskar
_______________________________________________
dev mailing list
https://lists.example.org/mailman/listinfo/dev""", [
    ('Subject: Re:', False), (' [PATCH v3', True), (' Wei Zhang wrote', False, 0, '!'), (' is never released', False),
    (' one reference per', False), ('Good catch.', True), ('Reviewed-by:', False), (' which commit this', False),
    (' mailing list', True), ('/mailman/listinfo', True),
])

P('changelog', """# Changelog
All notable changes to this project will be documented in this file.
The format is based on Keep a Changelog, and this project adheres to Semantic Versioning.

## [2.4.0] - 2026-02-28
### Added
- Support for reading Parquet files with nested struct columns (#1183).
- New `--dry-run` flag for the `sync` command.

### Fixed
- Crash when the config file contains an empty `[profiles]` table.
- Windows paths with spaces are now quoted correctly. Thanks to @mhernandez for the report!

### Deprecated
- `load_legacy()` will be removed in 3.0.

## [2.3.1] - 2026-01-09""", [
    ('All notable changes', False), (' Keep a Changelog', True, 0, '!'), ('## [2.4', False), ('### Added', True),
    (' Parquet files', True), (' `--dry-run`', False), (' Windows paths with', True), (' Thanks to @', False),
    (' will be removed in', False), (' the report!', False),
])

P('man-page', """GREP(1)                     User Commands                    GREP(1)

NAME
       grep - print lines that match patterns

SYNOPSIS
       grep [OPTION...] PATTERNS [FILE...]

DESCRIPTION
       grep searches for PATTERNS in each FILE. A FILE of "-" stands for
       standard input. If no FILE is given, recursive searches examine the
       working directory, and nonrecursive searches read standard input.

OPTIONS
       -i, --ignore-case
              Ignore case distinctions in patterns and input data.

SEE ALSO
       awk(1), sed(1), regex(7)

GNU grep 3.11                    2023-05-13                       GREP(1)""", [
    ('GREP(1)', True), ('NAME\n', False), (' print lines that', False), (' [OPTION...]', False),
    (' stands for', False), (' the\n       working directory', True), (' --ignore-case', False),
    ('SEE ALSO', False), (' awk(1)', True), ('GNU grep', True),
])
