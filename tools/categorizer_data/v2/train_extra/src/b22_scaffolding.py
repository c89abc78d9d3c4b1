"""Batch b22: citation and document scaffolding (reports, footnotes, reference lists) in many languages."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "technical-report",
    "en",
    """
NATIONAL OCEANOGRAPHY CENTRE — Technical Report No. 87

Sediment Transport in the Dee Estuary, 2020–2024

Contents
Executive Summary ............................................. iii
List of Figures ................................................. v
List of Tables ................................................. vii
Abbreviations .................................................. ix
1 Introduction .................................................. 1

This page is intentionally left blank.

NOC Technical Report 87                                       Page ii
""",
    [
        ("n", "NATIONAL OCEANOGRAPHY CENTRE"),
        ("B", " — Technical Report No. 87"),
        ("o", "Sediment Transport in the"),
        ("n", " the Dee Estuary,"),
        ("B", "Contents\n"),
        ("B", "Executive Summary ....."),
        ("B", "List of Figures"),
        ("B", "List of Tables"),
        ("B", "Abbreviations ......"),
        ("O", "1 Introduction ....."),
        ("b", "This page is intentionally left blank"),
        ("B", "NOC Technical Report 87"),
        ("B", "    Page ii"),
    ],
)

add(
    "references",
    "en",
    """
Notes

1. E. P. Thompson, The Making of the English Working Class (London: Gollancz, 1963), 212.
2. Ibid., 215–18.
3. Thompson, Making, 401.
4. J. L. Hammond and Barbara Hammond, The Skilled Labourer (London: Longmans, 1919), op. cit., 88.
5. See, for example, the discussion in Hobsbawm, "The Machine Breakers," Past & Present 1 (1952): 57–70.
6. Cf. note 3 above.
""",
    [
        ("B", "Notes\n"),
        ("b", "1. E. P. Thompson"),
        ("b", ", The Making of the English"),
        ("b", " (London: Gollancz, 1963)"),
        ("B", "2. Ibid., 215"),
        ("b", "3. Thompson, Making"),
        ("b", " J. L. Hammond and"),
        ("b", " (London: Longmans, 1919)"),
        ("B", ", op. cit., 88"),
        ("b", "5. See, for example,"),
        ("b", ' "The Machine Breakers,"'),
        ("b", " Past & Present 1"),
        ("B", "6. Cf. note 3 above"),
    ],
)

add(
    "annual-report",
    "en",
    """
Harbour Books Ltd — Annual Report and Financial Statements for the year ended 31 December 2025

Strategic report
The directors present their strategic report for the year. The company is a subsidiary of Quayside Holdings Ltd, which is registered in England. During the year the company opened a second shop in Scarborough, in contrast to the previous plan of expanding online sales.

Statement of directors' responsibilities
The directors are responsible for preparing the annual report and the financial statements in accordance with applicable law and regulations.
Company registration number: 09876543                                        Page 4
""",
    [
        ("n", "Harbour Books Ltd —"),
        ("B", " Annual Report and Financial Statements"),
        ("B", " for the year ended 31 December"),
        ("B", "Strategic report"),
        ("b", "The directors present their strategic report"),
        ("r", " is a subsidiary of"),
        ("n", " Quayside Holdings Ltd"),
        ("r", ", which is registered in"),
        ("n", " in England."),
        ("O", " opened a second shop in"),
        ("R", " in contrast to the previous plan"),
        ("B", "Statement of directors' responsibilities"),
        ("b", "The directors are responsible for preparing"),
        ("b", " in accordance with applicable law"),
        ("B", "Company registration number:"),
        ("B", "        Page 4"),
    ],
)

add(
    "references",
    "fr",
    """
Notes
1. Fernand Braudel, La Méditerranée et le monde méditerranéen à l'époque de Philippe II, Paris, Armand Colin, 1949, p. 45.
2. Ibid., p. 52.
3. Braudel, op. cit., p. 118.
4. Voir à ce sujet Le Roy Ladurie, Montaillou, village occitan, Paris, Gallimard, 1975, p. 12-15.
5. Cf. supra, note 2.
Bibliographie
""",
    [
        ("B", "Notes\n1."),
        ("b", " Fernand Braudel, La"),
        ("b", " Méditerranée et le monde"),
        ("b", ", Paris, Armand Colin"),
        ("b", ", 1949, p. 45"),
        ("B", "2. Ibid., p. 52"),
        ("b", "3. Braudel, op. cit."),
        ("b", "4. Voir à ce sujet"),
        ("b", " Le Roy Ladurie, Montaillou"),
        ("b", ", Gallimard, 1975"),
        ("B", "5. Cf. supra, note 2"),
        ("B", "Bibliographie"),
    ],
)

add(
    "technical-report",
    "de",
    """
Bundesanstalt für Wasserbau — Forschungsbericht 2025/14
Untersuchungen zur Sohlerosion am Niederrhein

Inhaltsverzeichnis
Abbildungsverzeichnis ..................................... IV
Tabellenverzeichnis ....................................... VI
Abkürzungsverzeichnis ..................................... VII
1 Einleitung ................................................. 1

Diese Seite wurde absichtlich leer gelassen.
BAW-Bericht 2025/14                                          Seite III
""",
    [
        ("n", "Bundesanstalt für Wasserbau"),
        ("B", " — Forschungsbericht 2025/14"),
        ("o", "Untersuchungen zur Sohlerosion"),
        ("n", " am Niederrhein"),
        ("B", "Inhaltsverzeichnis"),
        ("B", "Abbildungsverzeichnis"),
        ("B", "Tabellenverzeichnis"),
        ("B", "Abkürzungsverzeichnis"),
        ("O", "1 Einleitung ....."),
        ("b", "Diese Seite wurde absichtlich leer gelassen"),
        ("B", "BAW-Bericht 2025/14"),
        ("B", "    Seite III"),
    ],
)

add(
    "references",
    "es",
    """
Notas
1 Miguel de Unamuno, En torno al casticismo, Madrid, Espasa-Calpe, 1943, p. 27.
2 Ibíd., p. 31.
3 Unamuno, op. cit., p. 54.
4 Véase también Ortega y Gasset, España invertebrada, Madrid, Revista de Occidente, 1921.
Bibliografía
Álvarez Junco, José (2001): Mater dolorosa. La idea de España en el siglo XIX, Madrid, Taurus.
""",
    [
        ("B", "Notas\n1"),
        ("b", " Miguel de Unamuno, En"),
        ("b", " En torno al casticismo"),
        ("b", ", Madrid, Espasa-Calpe"),
        ("B", "2 Ibíd., p. 31"),
        ("b", "3 Unamuno, op. cit."),
        ("b", "4 Véase también"),
        ("b", " Ortega y Gasset,"),
        ("b", " Revista de Occidente, 1921"),
        ("B", "Bibliografía"),
        ("b", "Álvarez Junco, José (2001)"),
        ("b", " La idea de España en"),
        ("b", ", Madrid, Taurus"),
    ],
)

add(
    "annual-report",
    "nl",
    """
Jaarverslag 2025 — Stichting Natuurmonumenten
Inhoudsopgave
Voorwoord van de directeur ................................ 3
Lijst van afbeeldingen .................................... 5
1 Onze organisatie ......................................... 7
De stichting is lid van de International Union for Conservation of Nature en werkt samen met Staatsbosbeheer.
Deze pagina is bewust leeg gelaten.
Jaarverslag 2025                                         pagina 2 van 96
""",
    [
        ("B", "Jaarverslag 2025 —"),
        ("n", " Stichting Natuurmonumenten"),
        ("B", "Inhoudsopgave"),
        ("B", "Voorwoord van de directeur"),
        ("B", "Lijst van afbeeldingen"),
        ("O", "1 Onze organisatie"),
        ("r", "De stichting is lid van de"),
        ("n", " International Union for"),
        ("r", " en werkt samen met"),
        ("n", " Staatsbosbeheer."),
        ("b", "Deze pagina is bewust leeg gelaten"),
        ("B", "pagina 2 van 96"),
    ],
)

add(
    "references",
    "it",
    """
Note
1. B. Croce, Storia d'Italia dal 1871 al 1915, Bari, Laterza, 1928, p. 77.
2. Ivi, p. 80.
3. Ibidem.
4. Croce, op. cit., p. 102.
5. Si veda anche A. Gramsci, Quaderni del carcere, a cura di V. Gerratana, Torino, Einaudi, 1975.
Bibliografia
""",
    [
        ("B", "Note\n1."),
        ("b", " B. Croce, Storia"),
        ("b", " Storia d'Italia dal 1871"),
        ("b", ", Bari, Laterza, 1928"),
        ("B", "2. Ivi, p. 80"),
        ("B", "3. Ibidem."),
        ("b", "4. Croce, op. cit."),
        ("b", "5. Si veda anche"),
        ("b", " A. Gramsci, Quaderni"),
        ("b", ", a cura di V."),
        ("b", ", Torino, Einaudi, 1975"),
        ("B", "Bibliografia"),
    ],
)

add(
    "technical-report",
    "ja",
    """
国立研究開発法人 土木研究所 資料 第4412号
河川堤防の浸透対策に関する研究

目次
図目次 ........................................ iii
表目次 ........................................ v
1. はじめに .................................... 1
本ページは意図的に空白にしています。
土木研究所資料 第4412号                             - ii -
""",
    [
        ("n", "国立研究開発法人 土木研究所"),
        ("B", " 資料 第4412号"),
        ("o", "河川堤防の浸透対策"),
        ("O", "に関する研究"),
        ("B", "目次\n"),
        ("B", "図目次 ....."),
        ("B", "表目次"),
        ("O", "1. はじめに"),
        ("b", "本ページは意図的に空白にしています"),
        ("B", "土木研究所資料 第4412号"),
        ("B", "- ii -"),
    ],
)

add(
    "references",
    "zh",
    """
注释
① 费孝通：《乡土中国》，北京：生活·读书·新知三联书店，1985年，第12页。
② 同上，第15页。
③ 费孝通：前引书，第27页。
④ 参见梁漱溟：《中国文化要义》，上海：学林出版社，1987年。
参考文献
[1] 王铭铭. 社会人类学与中国研究[M]. 北京: 北京大学出版社, 2005: 33-41.
""",
    [
        ("B", "注释\n"),
        ("b", "① 费孝通："),
        ("b", "《乡土中国》，北京"),
        ("b", "生活·读书·新知三联书店"),
        ("b", "，1985年，第12页"),
        ("B", "② 同上，第15页"),
        ("B", "前引书"),
        ("b", "④ 参见梁漱溟"),
        ("b", "《中国文化要义》"),
        ("B", "参考文献"),
        ("b", "[1] 王铭铭."),
        ("b", "[M]. 北京: 北京大学出版社"),
        ("b", ", 2005: 33-41"),
    ],
)

add(
    "annual-report",
    "ko",
    """
2025 지속가능경영보고서
목차
CEO 인사말 ..................................... 4
그림 목차 ...................................... 6
표 목차 ........................................ 7
1. 회사 개요 .................................... 9
당사는 한빛그룹의 계열사로, 2010년 판교에 설립되었습니다.
이 페이지는 의도적으로 비워 두었습니다.
한빛전자 지속가능경영보고서 2025                              3
""",
    [
        ("B", "2025 지속가능경영보고서"),
        ("B", "목차\n"),
        ("B", "CEO 인사말"),
        ("B", "그림 목차"),
        ("B", "표 목차"),
        ("O", "1. 회사 개요"),
        ("n", "당사는 한빛그룹"),
        ("r", "의 계열사로"),
        ("n", " 판교에 설립"),
        ("r", "에 설립되었습니다"),
        ("b", "이 페이지는 의도적으로 비워 두었습니다"),
        ("B", "한빛전자 지속가능경영보고서 2025"),
    ],
)

add(
    "references",
    "ru",
    """
Примечания
1. Ключевский В. О. Курс русской истории. — М.: Мысль, 1987. — Т. 1. — С. 54.
2. Там же. — С. 61.
3. Ключевский В. О. Указ. соч. — С. 88.
4. См. также: Лотман Ю. М. Беседы о русской культуре. — СПб.: Искусство-СПБ, 1994.
Список литературы
""",
    [
        ("B", "Примечания"),
        ("b", "1. Ключевский В. О."),
        ("b", " Курс русской истории"),
        ("b", " — М.: Мысль, 1987"),
        ("b", " — Т. 1. — С. 54"),
        ("B", "2. Там же. — С. 61"),
        ("B", " Указ. соч."),
        ("b", "4. См. также:"),
        ("b", " Лотман Ю. М."),
        ("b", " — СПб.: Искусство"),
        ("B", "Список литературы"),
    ],
)

add(
    "technical-report",
    "pt",
    """
Instituto Nacional de Pesquisas Espaciais — Relatório Técnico INPE-18821-RPQ/912
Monitoramento do desmatamento na Amazônia Legal por satélite

Sumário
Lista de Figuras .......................................... vii
Lista de Tabelas .......................................... ix
Lista de Siglas e Abreviaturas ............................ xi
1 Introdução .............................................. 1
Esta página foi intencionalmente deixada em branco.
""",
    [
        ("n", "Instituto Nacional de Pesquisas"),
        ("B", " — Relatório Técnico INPE"),
        ("o", "Monitoramento do desmatamento"),
        ("n", " na Amazônia Legal"),
        ("o", " por satélite"),
        ("B", "Sumário\n"),
        ("B", "Lista de Figuras"),
        ("B", "Lista de Tabelas"),
        ("B", "Lista de Siglas e Abreviaturas"),
        ("O", "1 Introdução ....."),
        ("b", "Esta página foi intencionalmente deixada em branco"),
    ],
)

add(
    "references",
    "pl",
    """
Przypisy
1. J. Topolski, Metodologia historii, Warszawa: PWN, 1984, s. 112.
2. Tamże, s. 115.
3. J. Topolski, op. cit., s. 130.
4. Por. K. Pomian, Przeszłość jako przedmiot wiedzy, Warszawa: Aletheia, 2010.
Bibliografia
Kula W., Problemy i metody historii gospodarczej, Warszawa 1963.
""",
    [
        ("B", "Przypisy"),
        ("b", "1. J. Topolski"),
        ("b", ", Metodologia historii"),
        ("b", ", Warszawa: PWN, 1984"),
        ("B", "2. Tamże, s. 115"),
        ("b", "3. J. Topolski, op. cit."),
        ("b", "4. Por. K. Pomian"),
        ("b", " Przeszłość jako przedmiot"),
        ("B", "Bibliografia"),
        ("b", "Kula W., Problemy"),
        ("b", " gospodarczej, Warszawa 1963"),
    ],
)

add(
    "annual-report",
    "tr",
    """
2025 Faaliyet Raporu
İçindekiler
Yönetim Kurulu Başkanının Mesajı ..................... 4
Şekiller Listesi ..................................... 6
Tablolar Listesi ..................................... 7
1. Şirket Hakkında ................................... 9
Şirketimiz, Koç Holding'in bir iştirakidir ve merkezi İstanbul'dadır.
Bu sayfa bilerek boş bırakılmıştır.
Faaliyet Raporu 2025                                    Sayfa 3 / 120
""",
    [
        ("B", "2025 Faaliyet Raporu"),
        ("B", "İçindekiler"),
        ("B", "Yönetim Kurulu Başkanının Mesajı"),
        ("B", "Şekiller Listesi"),
        ("B", "Tablolar Listesi"),
        ("O", "1. Şirket Hakkında"),
        ("n", " Koç Holding'in"),
        ("r", "'in bir iştirakidir"),
        ("r", " ve merkezi"),
        ("n", " İstanbul'dadır"),
        ("b", "Bu sayfa bilerek boş bırakılmıştır"),
        ("B", "Sayfa 3 / 120"),
    ],
)

add(
    "references",
    "ar",
    """
الهوامش
(1) ابن خلدون، المقدمة، تحقيق علي عبد الواحد وافي، القاهرة: دار نهضة مصر، 2004، ص 112.
(2) المصدر نفسه، ص 115.
(3) ابن خلدون، مصدر سابق، ص 130.
(4) انظر أيضاً: محمد عابد الجابري، تكوين العقل العربي، بيروت: مركز دراسات الوحدة العربية، 1984.
قائمة المصادر والمراجع
""",
    [
        ("B", "الهوامش"),
        ("b", "(1) ابن خلدون"),
        ("b", "، المقدمة، تحقيق"),
        ("b", " القاهرة: دار نهضة مصر"),
        ("b", "، 2004، ص 112"),
        ("B", "(2) المصدر نفسه"),
        ("B", "، مصدر سابق"),
        ("b", "(4) انظر أيضاً:"),
        ("b", " محمد عابد الجابري"),
        ("b", " بيروت: مركز دراسات"),
        ("B", "قائمة المصادر والمراجع"),
    ],
)

add(
    "technical-report",
    "hi",
    """
भारतीय अंतरिक्ष अनुसंधान संगठन — तकनीकी रिपोर्ट ISRO-TR-2025-07
उपग्रह आधारित बाढ़ मानचित्रण

विषय सूची
चित्रों की सूची ................................ iv
तालिकाओं की सूची ............................. vi
संक्षिप्त रूप ................................. vii
1. परिचय ...................................... 1
यह पृष्ठ जानबूझकर खाली छोड़ा गया है।
""",
    [
        ("n", "भारतीय अंतरिक्ष अनुसंधान संगठन"),
        ("B", " — तकनीकी रिपोर्ट ISRO"),
        ("o", "उपग्रह आधारित बाढ़"),
        ("B", "विषय सूची"),
        ("B", "चित्रों की सूची"),
        ("B", "तालिकाओं की सूची"),
        ("B", "संक्षिप्त रूप"),
        ("O", "1. परिचय ....."),
        ("b", "यह पृष्ठ जानबूझकर खाली छोड़ा गया है"),
    ],
)

add(
    "annual-report",
    "vi",
    """
BÁO CÁO THƯỜNG NIÊN 2025
Mục lục
Thông điệp của Chủ tịch Hội đồng quản trị ............. 4
Danh mục hình ........................................... 6
Danh mục bảng ........................................... 7
1. Giới thiệu công ty .................................. 9
Công ty là thành viên của Tập đoàn Vingroup, có trụ sở chính tại Hà Nội.
Trang này được cố ý để trống.
Báo cáo thường niên 2025                                 Trang 3/88
""",
    [
        ("B", "BÁO CÁO THƯỜNG NIÊN 2025"),
        ("B", "Mục lục"),
        ("B", "Thông điệp của Chủ tịch"),
        ("B", "Danh mục hình"),
        ("B", "Danh mục bảng"),
        ("O", "1. Giới thiệu công ty"),
        ("r", "Công ty là thành viên của"),
        ("n", " Tập đoàn Vingroup"),
        ("r", ", có trụ sở chính tại"),
        ("n", " Hà Nội."),
        ("b", "Trang này được cố ý để trống"),
        ("B", "Trang 3/88"),
    ],
)


if __name__ == "__main__":
    write(P, "b22")
