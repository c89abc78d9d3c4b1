"""Batch b18: fourth round for Turkish, Vietnamese, Polish, Arabic, Hindi, Portuguese and Korean (relation-dense)."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "encyclopedia",
    "tr",
    """
Kapadokya, İç Anadolu Bölgesi'nde yer alan tarihi bir bölgedir ve Nevşehir, Kayseri, Aksaray ile Niğde illerini kapsar. Bölge, peri bacaları olarak bilinen volkanik kaya oluşumlarıyla ünlüdür. Göreme Açık Hava Müzesi, 1985'ten beri UNESCO Dünya Mirası Listesi'nde yer almaktadır. Derinkuyu yeraltı şehri, bölgedeki en derin yeraltı şehridir ve sekiz kattan oluşur. Ürgüp, şarapçılığıyla tanınan bir ilçedir.
""",
    [
        ("n", "Kapadokya, İç"),
        ("r", "'nde yer alan tarihi"),
        ("r", " bir bölgedir ve"),
        ("n", " Nevşehir, Kayseri"),
        ("r", " illerini kapsar"),
        ("r", " olarak bilinen"),
        ("O", " peri bacaları olarak"),
        ("o", " volkanik kaya oluşumlarıyla"),
        ("r", " ünlüdür"),
        ("n", "Göreme Açık Hava Müzesi"),
        ("R", "'nde yer almaktadır"),
        ("n", "Derinkuyu yeraltı"),
        ("r", " en derin yeraltı şehridir"),
        ("r", " ve sekiz kattan oluşur"),
        ("n", "Ürgüp, şarap"),
        ("r", " tanınan bir ilçedir"),
    ],
)

add(
    "news",
    "tr",
    """
SPOR
Galatasaray, Brezilyalı orta saha oyuncusu Lucas Mendes ile 3 yıllık sözleşme imzaladı
Kulübün açıklamasına göre Mendes, Porto'dan bonservisiyle transfer edildi. 26 yaşındaki oyuncu daha önce Flamengo formasını giydi. Mendes, Brezilya milli takımının eski kaptanı Carlos Mendes'in oğludur.
Teknik direktör, oyuncunun sol kanat yerine merkezde oynayacağını söyledi.
Canlı skor | Puan durumu | Fikstür
""",
    [
        ("B", "SPOR\n"),
        ("n", "Galatasaray, Brezilyalı"),
        ("O", " orta saha oyuncusu"),
        ("n", " Lucas Mendes ile"),
        ("r", " ile 3 yıllık sözleşme imzaladı"),
        ("R", "Kulübün açıklamasına göre"),
        ("n", " Porto'dan bonservis"),
        ("r", " transfer edildi"),
        ("o", "26 yaşındaki oyuncu"),
        ("R", " formasını giydi"),
        ("r", " milli takımının eski kaptanı"),
        ("R", "'in oğludur"),
        ("O", "Teknik direktör,"),
        ("R", " sol kanat yerine"),
        ("B", "Canlı skor |"),
        ("B", " Puan durumu"),
    ],
)

add(
    "encyclopedia",
    "vi",
    """
Phố cổ Hội An là một đô thị cổ nằm ở hạ lưu sông Thu Bồn, thuộc tỉnh Quảng Nam. Nơi đây từng là thương cảng quốc tế sầm uất vào thế kỷ 16–17, nơi các thương nhân Nhật Bản, Trung Hoa và Hà Lan đến buôn bán. Chùa Cầu, được người Nhật xây dựng, là biểu tượng của Hội An. Năm 1999, phố cổ được công nhận là Di sản văn hóa thế giới. Hội An nổi tiếng với món cao lầu.
""",
    [
        ("n", "Phố cổ Hội An là"),
        ("r", " là một đô thị cổ nằm ở"),
        ("o", " hạ lưu sông"),
        ("n", " sông Thu Bồn,"),
        ("r", ", thuộc tỉnh"),
        ("r", " từng là thương cảng"),
        ("o", " quốc tế sầm uất"),
        ("o", " vào thế kỷ 16–17"),
        ("N", " các thương nhân Nhật Bản"),
        ("n", "Chùa Cầu, được"),
        ("R", " được người Nhật xây dựng"),
        ("r", ", là biểu tượng của"),
        ("r", " được công nhận là"),
        ("n", " Di sản văn hóa thế giới"),
        ("r", " nổi tiếng với món"),
        ("o", " cao lầu."),
    ],
)

add(
    "job-ad",
    "vi",
    """
TUYỂN DỤNG: Kỹ sư phần mềm Backend (Java)
Công ty: FPT Software · Địa điểm: Đà Nẵng · Toàn thời gian
Mức lương: 25 – 40 triệu VNĐ (thỏa thuận)

Mô tả công việc
- Phát triển dịch vụ thanh toán cho khách hàng Nhật Bản
- Phối hợp với đội QA và đội BrSE
Yêu cầu
- Ít nhất 3 năm kinh nghiệm với Spring Boot
Quyền lợi: bảo hiểm đầy đủ theo Luật Lao động, 13 tháng lương.
Ứng tuyển ngay   Lưu việc làm
""",
    [
        ("B", "TUYỂN DỤNG:"),
        ("O", " Kỹ sư phần mềm Backend"),
        ("N", " (Java)"),
        ("B", "Công ty:"),
        ("n", " FPT Software ·"),
        ("B", " · Địa điểm:"),
        ("o", " · Toàn thời gian"),
        ("B", "Mức lương:"),
        ("B", "Mô tả công việc"),
        ("o", " Phát triển dịch vụ thanh toán"),
        ("N", " khách hàng Nhật Bản"),
        ("R", " Phối hợp với đội"),
        ("B", "Yêu cầu\n"),
        ("N", " kinh nghiệm với Spring Boot"),
        ("B", "Quyền lợi:"),
        ("b", " bảo hiểm đầy đủ theo Luật Lao động"),
        ("B", "Ứng tuyển ngay"),
    ],
)

add(
    "encyclopedia",
    "pl",
    """
Zamek w Malborku to gotycka warownia położona nad rzeką Nogat. Został zbudowany przez zakon krzyżacki i od 1309 roku był siedzibą wielkiego mistrza. Jest największym ceglanym zamkiem na świecie pod względem powierzchni. Od 1997 roku znajduje się na liście światowego dziedzictwa UNESCO. Obecnie mieści się w nim Muzeum Zamkowe, podlegające Ministrowi Kultury.
""",
    [
        ("n", "Zamek w Malborku to"),
        ("r", " to gotycka warownia"),
        ("r", " położona nad rzeką"),
        ("n", " rzeką Nogat."),
        ("r", " Został zbudowany przez"),
        ("n", " zakon krzyżacki"),
        ("r", " był siedzibą wielkiego mistrza"),
        ("r", " Jest największym ceglanym zamkiem na"),
        ("o", " pod względem powierzchni"),
        ("r", " znajduje się na liście"),
        ("r", " Obecnie mieści się w nim"),
        ("n", " Muzeum Zamkowe,"),
        ("n", ", podlegające Ministrowi"),
        ("n", " Ministrowi Kultury"),
    ],
)

add(
    "news",
    "pl",
    """
SPORT
Piłkarz Kamil Zieliński przechodzi z Lecha Poznań do Feyenoordu
Klub z Rotterdamu zapłaci za 21-letniego pomocnika 6 mln euro. Zieliński jest wychowankiem Lecha i od dwóch lat gra w reprezentacji Polski. Jego menedżerem jest agencja Fabryka Futbolu. Zamiast przedłużyć kontrakt, zawodnik wybrał grę w lidze holenderskiej.
Wyniki na żywo | Tabela | Terminarz
""",
    [
        ("B", "SPORT\n"),
        ("N", "Piłkarz Kamil"),
        ("n", " Kamil Zieliński przechodzi"),
        ("r", " przechodzi z"),
        ("n", " Lecha Poznań do"),
        ("n", "Klub z Rotterdamu"),
        ("o", " 21-letniego pomocnika"),
        ("o", " 6 mln euro"),
        ("r", " jest wychowankiem"),
        ("r", " gra w reprezentacji"),
        ("r", "Jego menedżerem jest"),
        ("n", " Fabryka Futbolu"),
        ("R", " Zamiast przedłużyć kontrakt"),
        ("O", " w lidze holenderskiej"),
        ("B", "Wyniki na żywo |"),
    ],
)

add(
    "encyclopedia",
    "ar",
    """
البتراء مدينة أثرية تقع في محافظة معان جنوب الأردن، وكانت عاصمة مملكة الأنباط. تشتهر بمبانيها المنحوتة في الصخر الوردي، ومن أشهرها الخزنة والدير. أُدرجت في قائمة مواقع التراث العالمي لليونسكو عام 1985، واختيرت ضمن عجائب الدنيا السبع الجديدة عام 2007. اكتشفها للعالم الغربي المستكشف السويسري يوهان لودفيغ بوركهارت عام 1812.
""",
    [
        ("n", "البتراء مدينة"),
        ("r", " مدينة أثرية تقع في"),
        ("n", " محافظة معان"),
        ("n", " جنوب الأردن"),
        ("r", "، وكانت عاصمة"),
        ("n", " مملكة الأنباط"),
        ("r", " تشتهر بمبانيها"),
        ("o", " المنحوتة في الصخر الوردي"),
        ("r", "، ومن أشهرها"),
        ("n", " الخزنة والدير"),
        ("r", " أُدرجت في قائمة"),
        ("o", " عام 1985"),
        ("r", "، واختيرت ضمن"),
        ("n", " عجائب الدنيا السبع"),
        ("O", " المستكشف السويسري"),
        ("n", " يوهان لودفيغ"),
    ],
)

add(
    "news",
    "ar",
    """
رياضة
انتقل المهاجم المغربي يوسف العلمي من نادي الرجاء إلى الهلال السعودي بعقد يمتد ثلاث سنوات. ويُعد العلمي هداف الدوري المغربي الموسم الماضي، وهو ابن اللاعب الدولي السابق مصطفى العلمي. وبدلاً من الانتقال إلى أوروبا، فضّل اللاعب العرض الخليجي.
النتائج المباشرة | جدول الترتيب | المباريات القادمة
""",
    [
        ("B", "رياضة\n"),
        ("r", "انتقل المهاجم"),
        ("O", " المهاجم المغربي"),
        ("n", " يوسف العلمي من"),
        ("R", " من نادي"),
        ("n", " الرجاء إلى"),
        ("r", " بعقد يمتد"),
        ("o", " ثلاث سنوات"),
        ("n", " ويُعد العلمي"),
        ("r", " هداف الدوري"),
        ("r", "، وهو ابن"),
        ("O", " اللاعب الدولي السابق"),
        ("R", " وبدلاً من الانتقال"),
        ("n", " إلى أوروبا،"),
        ("B", "النتائج المباشرة |"),
    ],
)

add(
    "encyclopedia",
    "hi",
    """
ताजमहल आगरा में यमुना नदी के दक्षिणी तट पर स्थित एक सफ़ेद संगमरमर का मकबरा है। इसका निर्माण मुग़ल बादशाह शाहजहाँ ने अपनी पत्नी मुमताज़ महल की याद में करवाया था। इसके मुख्य वास्तुकार उस्ताद अहमद लाहौरी माने जाते हैं। 1983 में इसे यूनेस्को विश्व धरोहर स्थल घोषित किया गया। ताजमहल को भारत में इस्लामी कला का रत्न कहा जाता है।
""",
    [
        ("n", "ताजमहल आगरा में"),
        ("n", " यमुना नदी के"),
        ("r", " दक्षिणी तट पर स्थित"),
        ("r", " एक सफ़ेद संगमरमर का मकबरा है"),
        ("r", "इसका निर्माण"),
        ("N", " मुग़ल बादशाह"),
        ("R", " अपनी पत्नी"),
        ("n", " मुमताज़ महल की"),
        ("R", " की याद में करवाया"),
        ("r", " इसके मुख्य वास्तुकार"),
        ("R", " माने जाते हैं"),
        ("R", " घोषित किया गया"),
        ("r", " का रत्न कहा जाता है"),
        ("O", " इस्लामी कला"),
    ],
)

add(
    "news",
    "hi",
    """
खेल
भारतीय क्रिकेटर रोहन मेहता ने इंग्लिश काउंटी क्लब यॉर्कशायर के साथ दो साल का अनुबंध किया है। 24 वर्षीय मेहता मुंबई इंडियंस के लिए खेलते हैं और पूर्व टेस्ट खिलाड़ी सुनील मेहता के बेटे हैं। आईपीएल के बजाय उन्होंने इंग्लैंड में खेलने को प्राथमिकता दी।
लाइव स्कोर | पॉइंट्स टेबल | शेड्यूल
""",
    [
        ("B", "खेल\n"),
        ("O", "भारतीय क्रिकेटर"),
        ("n", " रोहन मेहता ने"),
        ("O", " इंग्लिश काउंटी क्लब"),
        ("n", " यॉर्कशायर के साथ"),
        ("r", " के साथ दो साल का अनुबंध"),
        ("o", "24 वर्षीय"),
        ("r", " के लिए खेलते हैं"),
        ("o", " पूर्व टेस्ट खिलाड़ी"),
        ("r", " के बेटे हैं"),
        ("N", " आईपीएल के बजाय"),
        ("n", " इंग्लैंड में खेलने"),
        ("B", "लाइव स्कोर |"),
    ],
)

add(
    "encyclopedia",
    "pt",
    """
A Torre de Belém é uma fortificação localizada na freguesia de Belém, em Lisboa. Foi construída entre 1514 e 1520 por ordem do rei D. Manuel I e é um dos principais exemplos do estilo manuelino. Juntamente com o vizinho Mosteiro dos Jerónimos, foi classificada como Património Mundial pela UNESCO em 1983. A torre é gerida pela Direção-Geral do Património Cultural.
""",
    [
        ("n", "A Torre de Belém"),
        ("r", " é uma fortificação localizada na"),
        ("o", " freguesia de"),
        ("n", " Belém, em Lisboa"),
        ("o", " entre 1514 e 1520"),
        ("N", " por ordem do rei"),
        ("n", " D. Manuel I"),
        ("r", " e é um dos principais exemplos do"),
        ("O", " estilo manuelino"),
        ("R", "Juntamente com o vizinho"),
        ("n", " Mosteiro dos Jerónimos"),
        ("r", ", foi classificada como"),
        ("r", " A torre é gerida pela"),
        ("n", " Direção-Geral do Património"),
    ],
)

add(
    "encyclopedia",
    "ko",
    """
경복궁은 서울특별시 종로구에 있는 조선 왕조의 법궁이다. 1395년 태조 이성계가 창건하였으며, 임진왜란 때 불에 탄 뒤 흥선대원군에 의해 1867년 중건되었다. 광화문은 경복궁의 정문이다. 경내에 있는 국립고궁박물관은 문화재청 소속 기관이다.
""",
    [
        ("n", "경복궁은 서울"),
        ("n", " 종로구에"),
        ("n", "에 있는 조선"),
        ("n", " 조선 왕조의"),
        ("r", "의 법궁이다"),
        ("n", " 태조 이성계가"),
        ("r", "가 창건하였으며"),
        ("n", " 임진왜란 때"),
        ("o", " 불에 탄 뒤"),
        ("R", "에 의해 1867년"),
        ("o", " 중건되었다"),
        ("n", "광화문은"),
        ("r", "의 정문이다"),
        ("R", " 경내에 있는"),
        ("n", " 국립고궁박물관은"),
        ("r", " 소속 기관이다"),
    ],
)


if __name__ == "__main__":
    write(P, "b18")
