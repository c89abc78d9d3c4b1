"""Batch b28: varied small genres (stats tables, forms, statements, lyrics, horoscopes, dialogue) in many languages."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "sports-stats-table",
    "de",
    """
BUNDESLIGA – TABELLE (nach dem 26. Spieltag)
Pl.  Verein                   Sp.  S   U   N   Tore   Diff.  Pkt.
1    Bayer 04 Leverkusen      26   20  5   1   62:20  +42    65
2    FC Bayern München        26   19  3   4   71:28  +43    60
3    VfB Stuttgart            26   17  3   6   58:32  +26    54
17   1. FC Köln               26   4   9   13  21:46  -25    21
Quelle: DFL | Stand: 15.03.2026
""",
    [
        ("N", "BUNDESLIGA – TABELLE"),
        ("O", " (nach dem 26. Spieltag)"),
        ("B", "Pl.  Verein"),
        ("B", "   Sp.  S   U   N"),
        ("n", "    Bayer 04 Leverkusen"),
        ("o", "      26   20  5   1"),
        ("n", "    FC Bayern München"),
        ("O", "   71:28  +43    60"),
        ("n", "    VfB Stuttgart"),
        ("n", "   1. FC Köln"),
        ("B", "Quelle: DFL"),
        ("B", " | Stand: 15.03.2026"),
    ],
)

add(
    "song-lyrics",
    "it",
    """
[Strofa 1]
Sono nato a Genova in una casa sul porto,
mio padre faceva il gruista e tornava sempre tardi,
mia madre cantava De André mentre stendeva i panni,
e io guardavo le navi partire per Tunisi.

[Ritornello]
E il mare non perdona, il mare non aspetta.

Testo e musica: Luca Parodi
© 2021 Edizioni Mare Nostrum
""",
    [
        ("B", "[Strofa 1]"),
        ("n", "Sono nato a Genova"),
        ("O", " in una casa sul porto"),
        ("R", "mio padre faceva il gruista"),
        ("o", " e tornava sempre tardi"),
        ("R", "mia madre cantava"),
        ("n", " cantava De André mentre"),
        ("o", " mentre stendeva i panni"),
        ("O", "e io guardavo le navi"),
        ("n", " partire per Tunisi"),
        ("B", "[Ritornello]"),
        ("O", "E il mare non perdona"),
        ("B", "Testo e musica:"),
        ("b", "© 2021 Edizioni Mare Nostrum"),
    ],
)

add(
    "horoscope",
    "fr",
    """
Bélier (21 mars – 19 avril)
Amour : Vénus vous rend plus audacieux cette semaine. Célibataire, une rencontre pourrait avoir lieu par l'intermédiaire d'un ami.
Travail : Mars en Capricorne vous pousse à prendre des initiatives plutôt qu'à attendre les consignes.
Santé : Pensez à dormir davantage.
Chiffre porte-bonheur : 9
Voir l'horoscope de demain | Tous les signes
""",
    [
        ("N", "Bélier (21 mars"),
        ("O", " – 19 avril)"),
        ("B", "Amour :"),
        ("N", " Vénus vous rend"),
        ("O", " plus audacieux cette semaine"),
        ("O", " Célibataire, une rencontre"),
        ("R", " par l'intermédiaire d'un ami"),
        ("B", "Travail :"),
        ("N", " Mars en Capricorne"),
        ("O", " prendre des initiatives"),
        ("R", " plutôt qu'à attendre"),
        ("B", "Santé :"),
        ("O", " Pensez à dormir davantage"),
        ("O", "Chiffre porte-bonheur :"),
        ("B", "Voir l'horoscope de demain"),
        ("B", " | Tous les signes"),
    ],
)

add(
    "banking-statement",
    "fr",
    """
CRÉDIT MUTUEL DE BRETAGNE — Relevé de compte n° 03
Titulaire : M. Yann LE GALL          IBAN : FR76 1558 **** **** **** 4821 77
Période du 01/02/2026 au 28/02/2026                         Page 1/2
Date      Libellé                                   Débit      Crédit
03/02     PRLV SEPA EDF CLIENTS PARTICULIERS        64,20
05/02     CB CARREFOUR MARKET QUIMPER 04/02         53,18
10/02     VIR SEPA DE LE GALL ANNA                              200,00
Solde créditeur au 28/02/2026 : 1 804,55 €
""",
    [
        ("N", "CRÉDIT MUTUEL DE BRETAGNE"),
        ("B", " — Relevé de compte n°"),
        ("B", "Titulaire :"),
        ("n", " M. Yann LE GALL"),
        ("B", "IBAN : FR76"),
        ("B", "Période du 01/02"),
        ("B", "Page 1/2"),
        ("B", "Date      Libellé"),
        ("O", "PRLV SEPA"),
        ("N", " EDF CLIENTS PARTICULIERS"),
        ("O", "CB CARREFOUR"),
        ("n", " MARKET QUIMPER"),
        ("N", "VIR SEPA DE LE GALL"),
        ("B", "Solde créditeur au"),
    ],
)

add(
    "game-dialogue",
    "es",
    """
CAPITANA RUIZ: Por fin llegas. La flota del Almirante Vega zarpó de Puerto Bruma al amanecer.
> [Preguntar] ¿Quién es el Almirante Vega?
> [Comerciar] Enséñame tus mapas.
> [Salir]
CAPITANA RUIZ: Vega es el hermano del gobernador. Sirve a la Compañía de las Indias, no a la Corona.
Misión actualizada: La ruta de la sal (Objetivo: Habla con el cartógrafo)
[E] Aceptar   [Esc] Volver
""",
    [
        ("N", "CAPITANA RUIZ:"),
        ("O", " Por fin llegas"),
        ("n", " del Almirante Vega"),
        ("n", " de Puerto Bruma"),
        ("o", " al amanecer."),
        ("B", "> [Preguntar]"),
        ("B", "> [Comerciar]"),
        ("O", " Enséñame tus mapas"),
        ("r", " es el hermano del gobernador"),
        ("r", " Sirve a la"),
        ("n", " Compañía de las Indias"),
        ("R", ", no a la"),
        ("n", " la Corona."),
        ("B", "Misión actualizada:"),
        ("n", " La ruta de la sal"),
        ("B", " (Objetivo:"),
        ("B", "[E] Aceptar"),
    ],
)

add(
    "tax-form",
    "de",
    """
Einkommensteuererklärung 2025 — Anlage N
Finanzamt: ______   Steuernummer: ______
Angaben zum Arbeitslohn
Zeile 6  Bruttoarbeitslohn laut Lohnsteuerbescheinigung .......... 6
Zeile 7  Einbehaltene Lohnsteuer .............................. 7
Werbungskosten
Zeile 31 Wege zwischen Wohnung und erster Tätigkeitsstätte (Entfernungspauschale)
Bitte beachten Sie die Anleitung zur Anlage N.
Seite 1 von 4
""",
    [
        ("B", "Einkommensteuererklärung 2025"),
        ("B", " — Anlage N"),
        ("B", "Finanzamt:"),
        ("B", "   Steuernummer:"),
        ("B", "Angaben zum Arbeitslohn"),
        ("B", "Zeile 6  Bruttoarbeitslohn"),
        ("O", " laut Lohnsteuerbescheinigung"),
        ("B", "Zeile 7"),
        ("O", " Einbehaltene Lohnsteuer"),
        ("B", "Werbungskosten"),
        ("O", " Wege zwischen Wohnung und"),
        ("O", " (Entfernungspauschale)"),
        ("b", "Bitte beachten Sie die Anleitung"),
        ("B", "Seite 1 von 4"),
    ],
)

add(
    "song-lyrics",
    "pt",
    """
[Verso 1]
Nasci em Alfama, ao pé do rio,
filha de um pescador e de uma costureira,
a minha avó cantava fado no Chiado
e eu aprendi a chorar sem fazer barulho.

[Refrão]
Ai Lisboa, não me deixes ir.

Letra: Marta Sousa · Música: Rui Veloso
""",
    [
        ("B", "[Verso 1]"),
        ("n", "Nasci em Alfama"),
        ("O", ", ao pé do rio"),
        ("r", "filha de um pescador"),
        ("R", " e de uma costureira"),
        ("R", "a minha avó cantava"),
        ("O", " cantava fado no"),
        ("n", " no Chiado\n"),
        ("O", " aprendi a chorar sem"),
        ("B", "[Refrão]"),
        ("n", "Ai Lisboa, não"),
        ("O", " não me deixes ir"),
        ("B", "Letra:"),
        ("B", " · Música:"),
    ],
)

add(
    "sports-stats-table",
    "es",
    """
LALIGA EA SPORTS — CLASIFICACIÓN (jornada 28)
Pos  Equipo                 PJ  G   E   P   GF  GC  Pts
1    Real Madrid            28  21  5   2   63  21  68
2    FC Barcelona           28  20  4   4   70  29  64
3    Atlético de Madrid     28  17  6   5   49  24  57
20   UD Almería             28  1   9   18  26  58  12
Descenso: posiciones 18–20. Fuente: LaLiga.
""",
    [
        ("N", "LALIGA EA SPORTS —"),
        ("B", " CLASIFICACIÓN (jornada 28)"),
        ("B", "Pos  Equipo"),
        ("B", "                 PJ  G"),
        ("n", "    Real Madrid"),
        ("o", "            28  21  5"),
        ("n", "    FC Barcelona"),
        ("n", "    Atlético de Madrid"),
        ("n", "   UD Almería"),
        ("O", "  1   9   18"),
        ("B", "Descenso: posiciones"),
        ("B", " Fuente: LaLiga."),
    ],
)

add(
    "academic-cv",
    "de",
    """
LEBENSLAUF
Prof. Dr. Katrin Albrecht
Akademischer Werdegang
2009  Promotion in Physik, Ludwig-Maximilians-Universität München (Betreuer: Prof. Dr. Theodor Hänsch)
Berufliche Stationen
seit 2018  Professorin für Quantenoptik, Universität Heidelberg
2012–2018  Gruppenleiterin am Max-Planck-Institut für Quantenoptik, Garching
Mitgliedschaften: Deutsche Physikalische Gesellschaft
Ausgewählte Publikationen
Albrecht, K.; Berg, J. (2020): Optical clocks beyond the Dick limit. Nature Physics 16, 553–558.
""",
    [
        ("B", "LEBENSLAUF"),
        ("n", "Prof. Dr. Katrin Albrecht"),
        ("B", "Akademischer Werdegang"),
        ("O", "  Promotion in Physik"),
        ("n", " Ludwig-Maximilians-Universität"),
        ("B", " (Betreuer:"),
        ("n", " Prof. Dr. Theodor"),
        ("B", "Berufliche Stationen"),
        ("R", "  Professorin für Quantenoptik"),
        ("n", " Universität Heidelberg"),
        ("R", "  Gruppenleiterin am"),
        ("n", " Max-Planck-Institut für"),
        ("B", "Mitgliedschaften:"),
        ("n", " Deutsche Physikalische Gesellschaft"),
        ("B", "Ausgewählte Publikationen"),
        ("b", "Albrecht, K.; Berg"),
        ("b", " Optical clocks beyond"),
        ("b", " Nature Physics 16"),
    ],
)

add(
    "horoscope",
    "ru",
    """
Лев (23 июля – 22 августа)
Любовь: Венера в вашем знаке делает вас особенно обаятельными.
Работа: Коллега-Стрелец может предложить интересный проект. Лучше согласиться, вместо того чтобы откладывать решение.
Здоровье: Больше гуляйте.
Счастливое число: 5
Гороскоп на завтра | Все знаки зодиака
""",
    [
        ("N", "Лев (23 июля"),
        ("O", " – 22 августа)"),
        ("B", "Любовь:"),
        ("N", " Венера в вашем знаке"),
        ("O", " делает вас особенно"),
        ("B", "Работа:"),
        ("N", " Коллега-Стрелец может"),
        ("O", " интересный проект"),
        ("R", " вместо того чтобы откладывать"),
        ("B", "Здоровье:"),
        ("O", " Больше гуляйте"),
        ("O", "Счастливое число:"),
        ("B", "Гороскоп на завтра"),
        ("B", " | Все знаки зодиака"),
    ],
)

add(
    "game-dialogue",
    "zh",
    """
铁匠老周：来了啊，年轻人。你是从北境关来的吧？看你的靴子就知道了。
> [询问] 听说您是城主的表弟？
> [交易] 让我看看你的货。
> [离开]
铁匠老周：没错，城主是我表哥。不过我只为铁匠公会干活，不替官府打仗。
任务更新：断剑之誓（目标：收集5块铁矿石）
[E] 确认   [Esc] 返回
""",
    [
        ("N", "铁匠老周："),
        ("O", "来了啊，年轻人"),
        ("n", "北境关来的"),
        ("O", "看你的靴子就知道了"),
        ("B", "> [询问]"),
        ("r", "城主的表弟"),
        ("B", "> [交易]"),
        ("O", "让我看看你的货"),
        ("r", "城主是我表哥"),
        ("N", "只为铁匠公会"),
        ("n", "铁匠公会干活"),
        ("R", "不替官府打仗"),
        ("B", "任务更新："),
        ("n", "断剑之誓"),
        ("B", "（目标："),
        ("B", "[E] 确认"),
    ],
)

add(
    "banking-statement",
    "pl",
    """
PKO BANK POLSKI S.A. — Wyciąg z rachunku nr 3/2026
Posiadacz: Anna Nowak     Rachunek: PL61 1020 **** **** **** 4821
Okres: 01.02.2026 – 28.02.2026                          Strona 1 z 2
Data      Opis operacji                        Kwota       Saldo
03.02     ZAKUP KARTĄ BIEDRONKA KRAKÓW          -84,20    3 204,55
06.02     PRZELEW OD KOWALSKI JAN               +500,00   3 704,55
10.02     OPŁATA ZA PROWADZENIE RACHUNKU        -9,00     3 695,55
Środki na rachunku objęte są gwarancją Bankowego Funduszu Gwarancyjnego.
""",
    [
        ("N", "PKO BANK POLSKI S.A."),
        ("B", " — Wyciąg z rachunku"),
        ("B", "Posiadacz:"),
        ("n", " Anna Nowak"),
        ("B", "     Rachunek:"),
        ("B", "Strona 1 z 2"),
        ("B", "Data      Opis operacji"),
        ("O", "ZAKUP KARTĄ"),
        ("N", " BIEDRONKA KRAKÓW"),
        ("N", "PRZELEW OD KOWALSKI"),
        ("O", "OPŁATA ZA PROWADZENIE"),
        ("o", "    3 695,55"),
        ("b", "Środki na rachunku objęte są gwarancją"),
        ("b", " Bankowego Funduszu Gwarancyjnego"),
    ],
)

add(
    "sports-stats-table",
    "ja",
    """
2026 明治安田J1リーグ 順位表（第5節終了時点）
順位  クラブ              試合  勝  分  敗  得失点  勝点
1     ヴィッセル神戸        5    4   1   0   +7     13
2     鹿島アントラーズ      5    3   2   0   +5     11
3     サンフレッチェ広島    5    3   1   1   +4     10
出典：Jリーグ公式サイト
""",
    [
        ("n", "2026 明治安田J1リーグ"),
        ("B", " 順位表"),
        ("O", "（第5節終了時点）"),
        ("B", "順位  クラブ"),
        ("B", "試合  勝  分  敗"),
        ("n", "ヴィッセル神戸"),
        ("o", "        5    4   1   0"),
        ("n", "鹿島アントラーズ"),
        ("n", "サンフレッチェ広島"),
        ("O", "   +4     10"),
        ("B", "出典："),
        ("n", "Jリーグ公式サイト"),
    ],
)

add(
    "horoscope",
    "tr",
    """
Koç (21 Mart – 19 Nisan)
Aşk: Venüs burcunuzda, bu hafta çekiciliğiniz artıyor.
İş: Oğlak burcundaki Mars, beklemek yerine harekete geçmenizi istiyor.
Sağlık: Su tüketiminize dikkat edin.
Şanslı sayı: 3
Yarının burç yorumu | Tüm burçlar
""",
    [
        ("N", "Koç (21 Mart"),
        ("O", " – 19 Nisan)"),
        ("B", "Aşk:"),
        ("N", " Venüs burcunuzda"),
        ("O", " çekiciliğiniz artıyor"),
        ("B", "İş:"),
        ("N", " Oğlak burcundaki Mars"),
        ("R", " beklemek yerine harekete"),
        ("B", "Sağlık:"),
        ("O", " Su tüketiminize dikkat"),
        ("O", "Şanslı sayı:"),
        ("B", "Yarının burç yorumu"),
        ("B", " | Tüm burçlar"),
    ],
)

add(
    "tax-form",
    "ko",
    """
2025년 귀속 종합소득세 신고서
국세청
① 성명: ______   ② 주민등록번호: ______-_______
③ 주소: ______
소득 명세
근로소득 ............................ ⑤
사업소득 ............................ ⑥
※ 작성 방법은 뒷면을 참고하시기 바랍니다.
1쪽 / 4쪽
""",
    [
        ("B", "2025년 귀속 종합소득세"),
        ("B", " 신고서"),
        ("n", "국세청\n"),
        ("B", "① 성명:"),
        ("B", "   ② 주민등록번호:"),
        ("B", "③ 주소:"),
        ("B", "소득 명세"),
        ("O", "근로소득 ..."),
        ("O", "사업소득"),
        ("b", "※ 작성 방법은 뒷면을 참고"),
        ("B", "1쪽 / 4쪽"),
    ],
)


if __name__ == "__main__":
    write(P, "b28")
