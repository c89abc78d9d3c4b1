# Passages written fresh for the cat13 "more" item set. Spans: (ngram, hard[, nth occurrence]).
PASSAGES = []
def P(genre, language, text, spans):
    PASSAGES.append({"genre": genre, "language": language, "text": text, "spans": spans})

# ---------------- English ----------------
P("news", "en", """Home | World | Business | Climate | Opinion
Log in | Subscribe for $1/week

Quarry town votes to rename its main square
By Helen Okafor | Published 6:40 AM GMT, Thursday 14 May 2026

MARLOW BRIDGE - Residents of this former slate-mining town voted 412 to 388 on Wednesday to rename Market Square after Agnes Pryce, a local nurse who founded the town's first clinic in 1921. Pryce, who was born in Cardiff, moved to the valley after the First World War.

The council, which is part of Gwynedd's northern district, said new signs would go up by the autumn.
Read more: Slate museum wins heritage grant""",
[(" Subscribe for", True), (" 412 to 388", True), (" Agnes Pryce", False), (" was born in", False), ("Read more:", False)])

P("forum", "en", """Re: Fuel pump whine on 2009 Corolla after cold start
Quote from: dieselDave on Jan 04, 2025, 09:12:33 PM
Check the relay first. Mine was the relay.

Swapped the relay, still whining. The pump is an aftermarket one from Parts Barn, which is owned by the same group as AutoCorner, so I doubt the quality. My brother-in-law works at a Toyota dealer in Dayton and says the sound is normal for the first minute.
Logged
Reply #7 on: January 05, 2025, 08:03:10 AM
Report to moderator   Back to top""",
[("Quote from:", False), (" is owned by", False), (" Dayton", False), ("Logged", True), (" to moderator", True)])

P("qa", "en", """How do I stop pandas from converting my IDs to floats?
Asked 3 years, 2 months ago  Modified 1 year ago  Viewed 48k times
19

When I read a CSV with missing values, the `user_id` column turns into 1.0, 2.0 and so on. I tried `dtype=int` but it raises ValueError.

python pandas csv

Share Improve this question Follow
asked Mar 2, 2022 at 14:05
Marta Lindqvist

Answer: use the nullable integer type, which is a subclass of the extension arrays:
df = pd.read_csv("users.csv", dtype={"user_id": "Int64"})""",
[(" Viewed 48k", True), (" Improve this question", False), ("Marta Lind", False), (" is a subclass of", False), ("dtype={\"", False)])

P("recipe", "en", """Grandma Rosa's Lemon Ricotta Cake
Jump to Recipe   Print Recipe
This post may contain affiliate links. Please read our disclosure policy.

This cake comes from my grandmother Rosa, who grew up in Sorrento and baked it every Easter. It's dense, damp and very lemony.

Ingredients
2 cups (250 g) all-purpose flour
1 cup ricotta, drained
Zest of 3 lemons

Instructions
Preheat the oven to 350°F (175°C). Whisk the ricotta with the sugar until smooth, then fold in the flour.
Did you make this recipe? Tag @rosaskitchen on Instagram!""",
[("Jump to Recipe", True), (" Sorrento", False), (" (175°C", True), ("Tag @rosas", False), ("Zest of", True)])

P("contract", "en", """SERVICES AGREEMENT

This Services Agreement (the "Agreement") is entered into as of March 1, 2026 (the "Effective Date") by and between Northgate Analytics Ltd., a company incorporated in England and Wales (hereinafter referred to as the "Provider"), and Bellweather Foods Inc. (the "Client").

1. Services. The Provider shall deliver the monthly reporting described in Schedule A.
2. Fees. The Client shall pay all invoices within thirty (30) days of receipt.

IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.""",
[("hereinafter referred", False), (" Northgate Analytics", False, 0, 'start'), (" incorporated in England", False), (" monthly reporting", False), (" thirty (30)", True)])

P("subtitles", "en", """212
00:14:03,120 --> 00:14:05,480
You never told me he was your father.

213
00:14:05,600 --> 00:14:08,210
- Because he wasn't. Not really.
- Then who is he?

214
00:14:08,900 --> 00:14:11,760
He's the man who ran the lighthouse at Carrow Point.

215
00:14:12,010 --> 00:14:14,300
[WAVES CRASHING]

216
00:14:15,100 --> 00:14:17,000
Come inside. It's getting cold.""",
[(" was your father", False), ("00:14:05,", False), (" Carrow Point", False), ("[WAVES CR", True), (" ran the lighthouse", True)])

P("chat-log", "en", """[09:41] <kestrel> anyone know why the build is red on main?
[09:42] <mbaptiste> it's the new linter, it flags the vendored files
[09:42] <kestrel> ugh. who owns the CI config again?
[09:43] <mbaptiste> Joanna does, she's the maintainer of the infra repo
[09:44] * Tobias has joined #dev-core
[09:44] <Tobias> morning all
[09:45] <kestrel> Tobias: can you revert 4f2c9e1 until Joanna is back?
[09:46] <Tobias> sure, by the way the staging box is down too""",
[("[09:42] <", False), (" maintainer of the", False), (" has joined #", False), (" by the way", True), (" Joanna is back", False)])

P("sports-report", "en", """Premier Division | Match report
Harrowgate 2-1 Kelsey Rovers

Harrowgate came from behind to beat Kelsey Rovers at Millfield Park on Saturday, with substitute Dayo Mensah scoring the winner in the 88th minute.

Rovers led through a penalty from captain Luke Sharrow, who signed with the club from Aston Lane last summer. Mensah, on loan from Castleford, then set up the equaliser before heading in a corner.

Attendance: 6,214
Man of the match: Dayo Mensah
Share this article   Comments (14)""",
[(" came from behind", True), (" Dayo Mens", False), (" signed with the", False), ("Attendance: 6", True), (" Comments (14", False)])

P("newsletter-email", "en", """View this email in your browser

THE WEEKLY SEED | Issue #112

Hi friends,

Spring planting is finally here. This week: why tomatoes split, a visit to the Hollins Community Garden, and a reader question about crop rotation.

Our guest this issue is Priya Natarajan, who runs the seed library at Eastfield Public Library, a branch of the county system.

Happy growing,
Sam

You are receiving this email because you signed up at weeklyseed.org.
Unsubscribe | Update your preferences
© 2026 Weekly Seed Media, 14 Orchard Lane, Leeds""",
[("View this email", False), (" Issue #112", True), (" a branch of", False), (" Update your preferences", True), (" Hollins Community", False)])

P("social-media", "en", """Maya Chen @mayabuilds · 3h
finally shipped the offline mode!! took 6 weeks and way too much coffee ☕ huge thanks to @devon_r for the sync fix #indiedev #buildinpublic
💬 24  🔁 11  ❤️ 203

Replying to @mayabuilds
Congrats! Is it based on the same approach as Linear's sync engine?

Maya Chen @mayabuilds · 2h
@kvolkov kind of, it's inspired by it but much simpler. Show this thread""",
[(" @mayabuilds ·", False), (" #indiedev", False), ("Replying to @", True), (" based on the same", False), (" Show this thread", True)])

P("travel-guide", "en", """Getting there
The old town of Kotor sits at the head of the Bay of Kotor, about 90 minutes by bus from Dubrovnik. Buses leave the main station roughly every two hours in summer.

What to see
The Sea Gate, built in 1555, leads into the walled town. The fortress of San Giovanni overlooks the bay; allow an hour for the 1,350 steps.

Top tip: go before 9 am to beat the cruise crowds.
Last updated: June 2025 | Suggest an edit | Save to My Trips""",
[(" sits at the head", False), (" of Kotor", False), (" San Giovanni", True), ("Top tip:", True), (" Suggest an edit", False)])

P("api-docs", "en", """class Ledger(path, *, readonly=False)

Open a ledger file and return a handle.

Parameters
----------
path : str or os.PathLike
    Location of the ledger on disk.
readonly : bool, default False
    If True, writes raise PermissionError.

Returns
-------
Ledger
    An open ledger. Use it as a context manager to close it.

See Also
--------
open_ledger : Module-level shortcut.

Examples
--------
>>> with Ledger("books.ldg") as lg:
...     lg.balance("cash")""",
[("Parameters\n--", False), (" os.PathLike", False), (" writes raise Permission", True), ("See Also\n", False), ('lg.balance("', False)])

P("config-file", "en", """# /etc/orchard/orchard.toml
# Configuration for the Orchard backup daemon.
# Copy this file and edit the values below; see orchard.toml(5).

[server]
listen = "0.0.0.0:7410"
workers = 8          # one per CPU core is a good start

[storage]
# Snapshots are kept on the NAS in the basement
path = "/mnt/nas/orchard"
retention_days = 30

[notify]
email = "ops@example.org"
on_failure = true""",
[(" Orchard backup daemon", False, 0, 'start'), ("listen = \"", False), (" kept on the NAS", False), ("retention_days", True), (" in the basement", False)])

P("encyclopedia", "en", """Lake Orvane is a glacial lake in the Haute-Maurienne region of the French Alps. It lies at an altitude of 2,216 m and covers an area of about 0.4 km².

The lake is fed by meltwater from the Grand Vallon glacier and drains into the Arc, a tributary of the Isère. It was first surveyed in 1874 by the geologist Émile Berthaud.

See also
List of lakes of France

References
1. ^ Berthaud, É. (1876). "Notes sur les lacs alpins". Bulletin de la Société géologique de France. 4: 211–230.""",
[(" is a", False), (" Haute-Maurienne", False), (" a tributary of", False), ("See also\n", True), (" Bulletin de la", False)])

P("blog", "en", """Why I moved my garden blog off WordPress
Posted on February 9, 2026 by Ellie Marsh | 12 comments

For eight years this blog ran on WordPress. Last month I moved it to a static site generator called Hugo, and honestly I should have done it sooner. Pages load in under a second now and I don't get spam comments about cheap watches.

The migration itself was a weekend: export, convert, fix the image paths, done. If you want the script, it's on my GitHub.

Filed under: Meta, Tools
Leave a comment""",
[("Posted on February", False), (" called Hugo", False), (" under a second", False), ("Filed under:", True), (" on my GitHub", True)])

P("government-notice", "en", """PUBLIC NOTICE
Borough of Alder Vale - Planning and Building Control

Application No: 25/01734/FUL
Site: Land adjacent to 4 Mill Row, Alder Vale
Proposal: Erection of a two-storey dwelling with detached garage

Any person wishing to comment on this application may do so in writing to the Head of Planning, Town Hall, Church Street, within 21 days of the date of this notice.

Dated: 3 November 2025
Signed: R. Whitcombe, Director of Place
This notice is issued under the Town and Country Planning Act 1990.""",
[("Application No:", False), (" adjacent to 4", True), (" within 21 days", False), (" Director of Place", True), (" Country Planning Act", False)])

P("poetry", "en", """The Ferryman's Daughter

She counts the crossings on her hands,
the river brown as Sunday tea;
her father, born in Severn sands,
rows strangers out toward the sea.

And when the last light leaves the quay
and gulls go quiet on the rail,
she learns the names the boatmen say:
the Mary Rose, the Curlew, Gale.

from Salt Lines (Harrow Press, 2019), reprinted with permission""",
[(" born in Severn", False), (" as Sunday tea", True), (" the Curlew", True), (" gulls go quiet", False), (" reprinted with permission", False)])

P("fiction", "en", """Chapter Nine

The train was late, as it always was on Fridays. Nadia Okoye stood at the end of the platform with her collar up, watching the rain come sideways off the viaduct.

"You're Halloran's sister," said a voice behind her.

She turned. The man was tall, grey at the temples, and held a newspaper he was plainly not reading. "I was," she said. "He's dead now. You'd know that, if you worked with him."

He folded the paper. "I didn't work with him. I worked for him."
""",
[(" Nadia Okoye", False), (" Halloran's sister", False), (" grey at the temples", False), (" worked for him", False), ("Chapter Nine", True)])

P("code-python", "en", '''# SPDX-License-Identifier: MIT
"""Helpers for reading station data from the Weather Bureau feed."""

import json
from pathlib import Path


def load_stations(path: Path) -> dict:
    """Return a mapping of station id to name.

    Each station belongs to exactly one region; the region code is
    the first two letters of the id.
    """
    with path.open(encoding="utf-8") as fh:
        raw = json.load(fh)
    # the feed sometimes repeats a station, keep the last one
    return {s["id"]: s["name"] for s in raw["stations"]}
''',
[("SPDX-License-Identifier", False), (" Weather Bureau feed", True), (" belongs to exactly one", True), ('encoding="utf', False), ("Return a mapping", True)])

P("code-rust", "en", """//! A tiny ring buffer used by the audio thread.
//!
//! Licensed under either of Apache License, Version 2.0 or MIT license at your option.

/// A fixed-capacity queue of samples.
///
/// # Panics
///
/// Panics if `capacity` is zero.
pub struct Ring<T> {
    buf: Vec<Option<T>>,
    head: usize,
}

impl<T> Ring<T> {
    pub fn new(capacity: usize) -> Self {
        assert!(capacity > 0, "capacity must be non-zero");
        // the audio thread never allocates after this point
        Ring { buf: (0..capacity).map(|_| None).collect(), head: 0 }
    }
}""",
[(" Licensed under either", False), ("# Panics", False), ("pub fn new", False), (" never allocates after", True), (" used by the audio", True)])

# ---------------- other languages ----------------
P("clinical-note", "fr", """COMPTE RENDU DE CONSULTATION - Service de cardiologie
Hôpital Saint-Joseph, Lyon
Patient : M. Bernard Lefèvre, né le 12/04/1958
Médecin : Dr Claire Moreau

Motif : douleurs thoraciques à l'effort depuis trois semaines.
Antécédents : HTA traitée, tabagisme sevré en 2015. Le patient est le frère d'une patiente suivie pour cardiomyopathie.
Examen : TA 152/88 mmHg, FC 76/min. Auscultation sans particularité.
Conclusion : angor stable probable. Coronarographie programmée le 3 juin.
Traitement : aspirine 75 mg/j, bisoprolol 2,5 mg.
Document confidentiel - ne pas diffuser""",
[("COMPTE RENDU", True), (" Saint-Joseph", False), (" Claire Moreau", False), (" est le frère d", False, 0, 'start'), (" TA 152/88", True), (" sans particularité", False), (" ne pas diffuser", True)])

P("changelog", "es", """# Registro de cambios

Todos los cambios relevantes de este proyecto se documentan en este archivo.
El formato se basa en Keep a Changelog y el proyecto sigue Versionado Semántico.

## [2.4.0] - 2026-02-11
### Añadido
- Nuevo comando `exportar --formato csv` para volcar los pedidos.
- Soporte para el banco Caja Rural del Sur, gracias a Lucía Ferrer (#318).

### Corregido
- El cálculo del IVA fallaba cuando el pedido contenía productos exentos.
- La ventana de ajustes ya no se cierra al pulsar Intro.

## [2.3.1] - 2025-12-02""",
[(" se basa en", False, 0, 'start'), ("## [2.4", False), (" --formato csv", False), (" Caja Rural del", False), (" Lucía Ferrer", False), (" al pulsar Intro", True)])

P("man-page", "nl", """SNAPSYNC(1)                 Gebruikershandleiding                 SNAPSYNC(1)

NAAM
       snapsync - kopieert momentopnamen naar een externe schijf

OVERZICHT
       snapsync [-n] [--doel MAP] [BRON...]

BESCHRIJVING
       snapsync is een onderdeel van het pakket btrtools en werkt alleen op
       btrfs-bestandssystemen. Zonder argumenten wordt /home gebruikt.

OPTIES
       -n, --droog
              Toon wat er zou gebeuren, maar verander niets.

ZIE OOK
       btrfs(8), rsync(1)

AUTEUR
       Geschreven door Joost van Dijk.

btrtools 0.9                      maart 2026                     SNAPSYNC(1)""",
[("Gebruikershandleiding", True), ("--doel MAP", False), (" is een onderdeel van", False), (" btrtools en", False), (" zou gebeuren", False), ("ZIE OOK", True), (" Joost van Dijk", False)])

P("patent", "de", """(19) Deutsches Patent- und Markenamt
(10) DE 10 2024 118 532 A1
(54) Bezeichnung: Vorrichtung zum Entkalken von Kaffeemaschinen
(71) Anmelder: Brühwerk GmbH, 70173 Stuttgart, DE
(72) Erfinder: Katrin Albers, 71032 Böblingen, DE

Zusammenfassung
Die Erfindung betrifft eine Vorrichtung zum Entkalken, die aus einem Vorratsbehälter (2), einer Pumpe (4) und einem Ventil (6) besteht. Der Vorratsbehälter ist mit der Pumpe über eine Leitung (3) verbunden.

Patentansprüche
1. Vorrichtung nach dem Oberbegriff, dadurch gekennzeichnet, dass das Ventil (6) temperaturgesteuert ist.""",
[("(71) Anmelder", True), (" Brühwerk GmbH", False), (" Katrin Albers", False), (" einer Pumpe (4", False), (" verbunden", True), (" dadurch gekennzeichnet", False)])

P("references", "it", """Bibliografia

Bianchi, L. e Rossi, M. (2019). La lingua dei mercanti veneziani nel Trecento. Venezia: Marsilio, pp. 45-78.

Colombo, F. et al. (2021). «Dialetti e migrazione interna». In: Atti del Convegno di Linguistica Italiana, vol. 12, a cura di G. Sartori. Roma: Carocci, pp. 201-219.

Esposito, A. (2023). Storia del porto di Genova. Tesi di dottorato, Università di Pisa.

Ferri, P. (2018). «Il lessico marinaro». Studi Linguistici Italiani, 44(2), pp. 133-150. DOI: 10.1400/254791.

Disponibile online: https://www.example.it/biblio (consultato il 4 marzo 2025).""",
[(" et al. (", False), (" a cura di", True), (" Università di Pisa", False), (" DOI: 10", False), ("consultato il", True), (" del porto di", False)])

P("mailing-list", "pt", """Em 14/03/2026 10:22, Ricardo Almeida escreveu:
> Alguém já conseguiu compilar o módulo no ARM de 64 bits?
> Aqui dá erro de ligação com a libssl.

Olá Ricardo,

Consegui, sim. O problema é que o pacote libssl-dev do Debian é ligado à versão 3, e o módulo ainda espera a 1.1. Eu compilei com

    ./configure --with-openssl=/opt/ssl11

e funcionou. A Fernanda, que é a mantenedora do port para ARM, disse que a correção entra na próxima versão.

Abraços,
Tiago
--
Lista de discussão dev-pt
Para cancelar a inscrição, envie um e-mail para dev-pt-sair@lists.example.org""",
[("Em 14/03/2026", True), (" escreveu:", True), (" do Debian", False), (" é a mantenedora do", False), ("--with-openssl=/", False), (" próxima versão", False), ("Para cancelar a", False)])

P("press-release", "pl", """INFORMACJA PRASOWA
Gdańsk, 20 stycznia 2026 r.

Stocznia Bałtycka S.A. podpisała umowę z norweską firmą Fjordline AS na budowę dwóch promów pasażerskich. Wartość kontraktu wynosi 640 mln zł.

„To największe zamówienie w historii naszej firmy" - powiedziała Anna Kowalczyk, prezes zarządu spółki.

Stocznia Bałtycka jest częścią grupy Polskie Stocznie Morskie i zatrudnia ponad 1800 pracowników.

Kontakt dla mediów:
Marek Zieliński, rzecznik prasowy
tel. +48 58 123 45 67
Informacja prasowa nie stanowi oferty w rozumieniu Kodeksu cywilnego.""",
[("INFORMACJA PRASOWA", True), (" podpisała umowę z", False), (" Fjordline AS", False), (" 640 mln zł", False), (" częścią", False), ("Kontakt dla mediów", False), (" nie stanowi oferty", False)])

P("code-haskell", "tr", """-- | Bu modül, İstanbul Büyükşehir Belediyesi'nin otobüs verilerini okur.
-- Telif Hakkı (c) 2025 Elif Yıldız
module Otobus.Hat
  ( Hat(..)
  , hatlariOku
  ) where

import qualified Data.Text as T

-- | Her hat bir garaja bağlıdır; garaj kodu ilk üç harftir.
data Hat = Hat
  { hatKodu  :: T.Text
  , durakSay :: Int
  } deriving (Show, Eq)

-- dosya boşsa boş liste döndür
hatlariOku :: FilePath -> IO [Hat]
hatlariOku yol = do
  icerik <- readFile yol
  pure (map satirdanHat (lines icerik))""",
[(" Büyükşehir Beled", False), ("Telif Hakkı (c", False), (" bir garaja bağlı", False), (" deriving (Show", False), (" boş liste döndür", True), ("import qualified", False), (" Elif Yıldız", False)])

P("code-swift", "vi", """//
//  ThoiTietView.swift
//  ThoiTiet
//
//  Tạo bởi Nguyễn Minh Anh vào ngày 05/01/2026.
//  Bản quyền © 2026 Công ty Sao Mai. Mọi quyền được bảo lưu.
//

import SwiftUI

/// Hiển thị nhiệt độ hiện tại của Hà Nội.
struct ThoiTietView: View {
    @State private var nhietDo: Double = 0

    var body: some View {
        // Hà Nội là thủ đô của Việt Nam, nên mặc định hiển thị ở đây
        Text("Nhiệt độ: \\(nhietDo, specifier: "%.1f")°C")
            .font(.title)
    }
}""",
[(" Nguyễn Minh Anh", False), (" Mọi quyền được", False), ("@State private", False), (" là thủ đô của", False), (" nên mặc định", True), ("\"Nhiệt độ:", True), (" Sao Mai", True)])

P("code-c", "ru", """/*
 * Драйвер датчика температуры DS18B20 для платы «Вектор-М».
 * Copyright (C) 2024 ООО «Северный Код»
 * Распространяется под лицензией GNU GPL версии 2.
 */
#include <stdint.h>
#include "onewire.h"

/* Датчик подключён к выводу PB3; питание паразитное. */
#define DS_PIN  3

int16_t ds_read_temp(void)
{
    uint8_t buf[9];
    ow_reset();
    ow_write(0xCC);  /* пропустить ROM */
    ow_write(0x44);  /* начать измерение */
    return (int16_t)((buf[1] << 8) | buf[0]);
}""",
[(" датчика", False), (" «Вектор-М", False), ("Северный Код", False), (" лицензией GNU", False), (" подключён к", False), ("int16_t ds_", False), (" измерение", True)])

P("code-java", "zh", """/*
 * 版权所有 (C) 2025 杭州云帆科技有限公司。保留所有权利。
 * 作者：王思远
 */
package com.yunfan.ditu;

import java.util.List;

/**
 * 城市信息。每个城市属于一个省份，省会城市另有标记。
 *
 * @author 王思远
 * @since 1.2
 */
public class ChengShi {
    private final String mingCheng;  // 例如 "杭州"
    private final boolean shiShengHui;

    /** 返回城市名称，不会为空。 */
    public String getMingCheng() {
        return mingCheng;
    }
}""",
[("保留所有", False), ("云帆科技", False), ("王思远", False), ("属于一个", False), ('"杭州"', True), ("不会为空", True)])

P("code-ruby", "ja", """# frozen_string_literal: true

# 図書館の貸出記録を扱うモデル。
# 著作権 (c) 2025 株式会社ミドリ書房
class Kashidashi < ApplicationRecord
  belongs_to :riyosha
  belongs_to :hon

  # 返却期限は貸出日から14日後とする
  KIGEN_NISSU = 14

  def entai?
    henkyaku_bi.nil? && Date.today > kashidashi_bi + KIGEN_NISSU
  end

  # 夏目漱石の作品は常に人気があるため、予約を優先する
  def yuusen?
    hon.chosha == "夏目漱石"
  end
end""",
[("ミドリ書房", False), ("belongs_to :", False), ("貸出記録", False), ("から14日", True), ("夏目漱石", False, 1), ("常に人気", False), ("著作権", True)])

P("code-typescript", "ko", """/**
 * 주문 목록 컴포넌트
 * @author 김하늘 <haneul@example.kr>
 * @license MIT
 */
import { useEffect, useState } from "react";
import type { Jumun } from "../types";

// 서울 본사의 API 서버에 연결된다. 부산 지점은 별도 서버를 쓴다.
const API_URL = "https://api.example.kr/v2/orders";

export function JumunMokrok(): JSX.Element {
  const [mokrok, setMokrok] = useState<Jumun[]>([]);

  useEffect(() => {
    // 처음 한 번만 불러온다
    fetch(API_URL).then((r) => r.json()).then(setMokrok);
  }, []);

  return <ul>{mokrok.map((j) => <li key={j.id}>{j.ireum}</li>)}</ul>;
}""",
[("김하늘", False), ("@license", False), ("본사의", False), ("에 연결된다", False), ("부산 지점", False), ("useState<", False), ("처음 한 번", True)])

P("thesis-front-matter", "ar", """جامعة القاهرة
كلية الآداب - قسم التاريخ

أثر التجارة البحرية على مدينة الإسكندرية في العصر المملوكي

رسالة مقدمة لنيل درجة الماجستير في التاريخ الإسلامي

إعداد الطالبة: سارة محمود عبد الرحمن
إشراف: أ.د. خالد حسن الشريف

القاهرة 1446هـ / 2025م

الإهداء
إلى والدي الذي علمني أن الإسكندرية هي عروس البحر المتوسط.

شكر وتقدير
أتقدم بجزيل الشكر إلى أستاذي المشرف على صبره وتوجيهه.

فهرس المحتويات""",
[("جامعة القاهرة", False), ("لنيل درجة", True), ("سارة محمود", False), ("إشراف:", False), ("هي عروس", True), ("شكر وتقدير", False), ("صبره", False)])

P("scientific-abstract", "hi", """सारांश

यह अध्ययन गंगा नदी के ऊपरी मार्ग में जल की गुणवत्ता पर मानसून के प्रभाव का विश्लेषण करता है। ऋषिकेश और हरिद्वार के बीच 14 स्थलों से जून 2023 से सितंबर 2024 तक नमूने लिए गए। परिणाम बताते हैं कि घुलित ऑक्सीजन का स्तर मानसून के दौरान 18% तक घट जाता है। भागीरथी, जो गंगा की मुख्य स्रोत धारा है, में प्रदूषण सबसे कम पाया गया।

मुख्य शब्द: जल गुणवत्ता, मानसून, गंगा, घुलित ऑक्सीजन

प्राप्त: 12 जनवरी 2025; स्वीकृत: 3 मार्च 2025
© 2025 भारतीय पर्यावरण विज्ञान पत्रिका""",
[("सारांश", True), ("गंगा नदी", False), ("हरिद्वार", False), ("18% तक", False), ("की मुख्य", False), ("मुख्य शब्द", False)])
