"""Batch b25: short relation-dense passages (organisations, people, places, products) in all 16 languages."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "encyclopedia",
    "en",
    """
The Royal Society of Chemistry is a learned society based in London. It was formed in 1980 as the result of a merger between the Chemical Society and the Royal Institute of Chemistry. It is a member of the Science Council and publishes more than 50 journals, including Chemical Science. Its headquarters are located at Burlington House, which it shares with several other societies. The society is governed by a council and is led by its chief executive.
""",
    [
        ("n", "The Royal Society of"),
        ("r", " is a learned society"),
        ("r", " based in London"),
        ("r", " It was formed in 1980 as"),
        ("r", " the result of a merger between the"),
        ("n", " Chemical Society and"),
        ("r", " It is a member of the"),
        ("n", " Science Council and"),
        ("r", " publishes more than 50 journals"),
        ("r", ", including"),
        ("r", " Its headquarters are located at"),
        ("n", " Burlington House,"),
        ("r", " which it shares with several"),
        ("r", " The society is governed by a"),
        ("r", " and is led by its"),
    ],
)

add(
    "news",
    "en",
    """
Low-cost carrier Skylark has teamed up with rail operator Eurostar to sell combined air-and-rail tickets, the companies said on Wednesday. Passengers flying into Brussels will be able to continue to Amsterdam by train rather than on a connecting flight. Skylark, which is owned by the Irish investor Declan Moore, competes directly with Ryanair on several routes. The partnership is subject to approval by the European Commission.
""",
    [
        ("N", "Low-cost carrier Skylark"),
        ("R", " has teamed up with rail operator"),
        ("n", " Eurostar to sell"),
        ("O", " combined air-and-rail tickets"),
        ("N", " flying into Brussels"),
        ("N", " continue to Amsterdam by train"),
        ("R", " rather than on a connecting flight"),
        ("r", ", which is owned by the"),
        ("O", " Irish investor"),
        ("R", " competes directly with"),
        ("n", " Ryanair on several"),
        ("R", " is subject to approval by the"),
        ("n", " European Commission"),
    ],
)

add(
    "encyclopedia",
    "fr",
    """
L'Orchestre de Paris est un orchestre symphonique fondé en 1967 à l'initiative d'André Malraux. Il succède à la Société des concerts du Conservatoire. Depuis 2015, il est en résidence à la Philharmonie de Paris. Son chef principal est Klaus Mäkelä, qui dirige également l'Orchestre philharmonique d'Oslo. L'orchestre est membre de l'Association française des orchestres et dépend de la Ville de Paris et du ministère de la Culture.
""",
    [
        ("n", "L'Orchestre de Paris"),
        ("r", " est un orchestre symphonique"),
        ("r", " fondé en 1967 à l'initiative d'"),
        ("n", "André Malraux."),
        ("r", " Il succède à la"),
        ("n", " Société des concerts"),
        ("r", " il est en résidence à la"),
        ("r", " Son chef principal est"),
        ("n", " Klaus Mäkelä,"),
        ("r", " qui dirige également l'"),
        ("r", " L'orchestre est membre de l'"),
        ("r", " et dépend de la"),
        ("n", " Ville de Paris et"),
    ],
)

add(
    "encyclopedia",
    "es",
    """
El Real Madrid Club de Fútbol es un club deportivo con sede en Madrid. Fue fundado en 1902 y disputa sus partidos en el estadio Santiago Bernabéu, cuyo propietario es el propio club. Es miembro fundador de la Asociación de Clubes Europeos y pertenece a sus socios, que eligen al presidente. Su máximo rival es el FC Barcelona, con quien disputa el llamado «Clásico». Forma parte de la Liga desde su fundación.
""",
    [
        ("n", "El Real Madrid Club"),
        ("r", " es un club deportivo"),
        ("r", " con sede en"),
        ("r", " Fue fundado en 1902 y"),
        ("r", " disputa sus partidos en el"),
        ("n", " estadio Santiago Bernabéu"),
        ("r", ", cuyo propietario es el"),
        ("r", " Es miembro fundador de la"),
        ("r", " y pertenece a sus socios"),
        ("r", ", que eligen al presidente"),
        ("r", " Su máximo rival es el"),
        ("r", ", con quien disputa el llamado"),
        ("r", " Forma parte de la"),
        ("n", " la Liga desde"),
    ],
)

add(
    "encyclopedia",
    "de",
    """
Die Deutsche Bahn AG ist ein Eisenbahnunternehmen mit Sitz in Berlin. Sie befindet sich vollständig im Eigentum des Bundes und entstand 1994 aus der Fusion der Deutschen Bundesbahn mit der Deutschen Reichsbahn. Zum Konzern gehören unter anderem DB Fernverkehr und die Logistiktochter DB Schenker, die 2025 an DSV verkauft wurde. Die Bahn ist Mitglied im Internationalen Eisenbahnverband.
""",
    [
        ("n", "Die Deutsche Bahn AG"),
        ("r", " ist ein Eisenbahnunternehmen mit"),
        ("r", " mit Sitz in"),
        ("r", " Sie befindet sich vollständig im Eigentum des"),
        ("n", " Bundes und"),
        ("r", " entstand 1994 aus der Fusion der"),
        ("n", " mit der Deutschen"),
        ("r", "Zum Konzern gehören unter anderem"),
        ("r", " und die Logistiktochter"),
        ("r", ", die 2025 an"),
        ("r", " verkauft wurde"),
        ("r", " Die Bahn ist Mitglied im"),
        ("n", " Internationalen Eisenbahnverband"),
    ],
)

add(
    "encyclopedia",
    "nl",
    """
Philips is een Nederlandse multinational met het hoofdkantoor in Amsterdam. Het bedrijf werd in 1891 in Eindhoven opgericht door Gerard Philips en zijn vader Frederik. Philips is genoteerd aan de beurs van Amsterdam en is eigenaar van de merken Sonicare en Avent. De lichtdivisie werd in 2016 afgesplitst en staat sindsdien bekend als Signify. PSV Eindhoven werd opgericht als sportvereniging voor werknemers van Philips.
""",
    [
        ("n", "Philips is een"),
        ("r", " is een Nederlandse"),
        ("r", " met het hoofdkantoor in"),
        ("r", " werd in 1891 in"),
        ("r", " opgericht door"),
        ("n", " Gerard Philips en"),
        ("r", " en zijn vader"),
        ("r", " is genoteerd aan de beurs van"),
        ("r", " en is eigenaar van de merken"),
        ("r", " werd in 2016 afgesplitst"),
        ("r", " en staat sindsdien bekend als"),
        ("n", " PSV Eindhoven werd"),
        ("r", " werd opgericht als sportvereniging voor"),
        ("r", " werknemers van"),
    ],
)

add(
    "encyclopedia",
    "it",
    """
La Ferrari S.p.A. è una casa automobilistica italiana con sede a Maranello. Fu fondata da Enzo Ferrari nel 1939 come Auto Avio Costruzioni. Dal 2016 è quotata alla Borsa di Milano e alla Borsa di New York; il maggiore azionista è la holding Exor, controllata dalla famiglia Agnelli. La Scuderia Ferrari, il reparto corse, partecipa al campionato mondiale di Formula 1 sin dalla sua prima edizione.
""",
    [
        ("n", "La Ferrari S.p.A."),
        ("r", " è una casa automobilistica"),
        ("r", " con sede a"),
        ("r", " Fu fondata da"),
        ("n", " Enzo Ferrari nel"),
        ("r", " nel 1939 come"),
        ("r", " è quotata alla"),
        ("r", " il maggiore azionista è la holding"),
        ("r", ", controllata dalla famiglia"),
        ("r", ", il reparto corse,"),
        ("r", " partecipa al campionato mondiale di"),
        ("n", " Formula 1 sin"),
    ],
)

add(
    "encyclopedia",
    "pt",
    """
A Embraer S.A. é uma fabricante brasileira de aeronaves com sede em São José dos Campos. Foi criada em 1969 como empresa estatal e privatizada em 1994. A empresa é a terceira maior fabricante de aviões comerciais do mundo, atrás da Airbus e da Boeing. A Embraer é controlada por acionistas privados, mas o governo brasileiro detém uma ação especial. A subsidiária Eve desenvolve veículos elétricos de decolagem vertical.
""",
    [
        ("n", "A Embraer S.A."),
        ("r", " é uma fabricante brasileira de"),
        ("r", " com sede em"),
        ("r", " Foi criada em 1969 como"),
        ("r", " e privatizada em 1994"),
        ("r", " é a terceira maior fabricante de"),
        ("r", " atrás da"),
        ("n", " Airbus e da"),
        ("r", " é controlada por acionistas"),
        ("r", " detém uma ação especial"),
        ("r", " A subsidiária"),
        ("n", " Eve desenvolve"),
    ],
)

add(
    "encyclopedia",
    "pl",
    """
PKN Orlen to polski koncern naftowy z siedzibą w Płocku. Spółka powstała w 1999 roku z połączenia Petrochemii Płock i Centrali Produktów Naftowych. Skarb Państwa jest największym akcjonariuszem spółki. W 2022 roku Orlen przejął Grupę Lotos, a wcześniej PGNiG. Do koncernu należy również czeska spółka Unipetrol. Orlen jest sponsorem zespołu Formuły 1.
""",
    [
        ("n", "PKN Orlen to"),
        ("r", " to polski koncern naftowy"),
        ("r", " z siedzibą w"),
        ("r", " Spółka powstała w 1999 roku z połączenia"),
        ("n", " Petrochemii Płock"),
        ("r", " jest największym akcjonariuszem spółki"),
        ("n", " przejął Grupę"),
        ("R", ", a wcześniej"),
        ("r", "Do koncernu należy również"),
        ("O", " czeska spółka"),
        ("r", " jest sponsorem zespołu"),
        ("n", " Formuły 1."),
    ],
)

add(
    "encyclopedia",
    "ru",
    """
«Аэрофлот» — крупнейшая авиакомпания России, основанная в 1923 году. Штаб-квартира компании расположена в Москве, а базовым аэропортом является Шереметьево. Контрольный пакет акций принадлежит государству. «Аэрофлот» владеет дочерними авиакомпаниями «Россия» и «Победа». До 2022 года компания являлась членом альянса SkyTeam.
""",
    [
        ("n", "«Аэрофлот» — крупнейшая"),
        ("r", " — крупнейшая авиакомпания"),
        ("r", ", основанная в 1923 году"),
        ("r", "Штаб-квартира компании расположена в"),
        ("r", ", а базовым аэропортом является"),
        ("r", "Контрольный пакет акций принадлежит"),
        ("o", " государству."),
        ("r", " владеет дочерними авиакомпаниями"),
        ("n", " «Россия» и"),
        ("r", " компания являлась членом альянса"),
        ("n", " SkyTeam."),
    ],
)

add(
    "encyclopedia",
    "zh",
    """
比亚迪股份有限公司是一家总部位于深圳的汽车制造商，由王传福于1995年创立。公司最初生产充电电池，2003年收购西安秦川汽车后进入汽车行业。伯克希尔·哈撒韦公司曾是其重要股东。比亚迪旗下拥有腾势、仰望等品牌，并是全球最大的新能源汽车生产商之一。
""",
    [
        ("n", "比亚迪股份有限公司"),
        ("r", "是一家总部位于"),
        ("n", "深圳的汽车"),
        ("r", "汽车制造商"),
        ("n", "由王传福"),
        ("n", "王传福于1995"),
        ("R", "年创立"),
        ("r", "最初生产充电电池"),
        ("n", "收购西安"),
        ("n", "西安秦川汽车"),
        ("r", "后进入汽车行业"),
        ("n", "伯克希尔·哈撒韦"),
        ("r", "曾是其重要股东"),
        ("r", "旗下拥有"),
        ("n", "腾势、仰望"),
        ("r", "并是全球最大的"),
        ("r", "生产商之一"),
    ],
)

add(
    "encyclopedia",
    "ja",
    """
任天堂株式会社は、京都府京都市に本社を置く日本のゲーム会社である。1889年に山内房治郎が花札の製造販売を目的として創業した。株式会社ポケモンの株式を保有しており、米国子会社のNintendo of Americaはシアトル・マリナーズの株主でもあった。東京証券取引所プライム市場に上場している。
""",
    [
        ("n", "任天堂株式会社は"),
        ("r", "に本社を置く"),
        ("r", "日本のゲーム会社である"),
        ("n", "山内房治郎が"),
        ("r", "を目的として創業した"),
        ("o", "花札の製造販売"),
        ("n", "株式会社ポケモン"),
        ("r", "の株式を保有しており"),
        ("n", "米国子会社の"),
        ("n", "Nintendo of America"),
        ("r", "の株主でもあった"),
        ("n", "東京証券取引所"),
        ("r", "に上場している"),
    ],
)

add(
    "encyclopedia",
    "ko",
    """
현대자동차는 서울특별시 서초구에 본사를 둔 대한민국의 자동차 제조업체이다. 1967년 정주영이 설립하였으며, 현대자동차그룹의 핵심 계열사이다. 기아의 최대 주주이며, 제네시스 브랜드를 소유하고 있다. 울산에 세계 최대 규모의 단일 자동차 공장을 운영하고 있다.
""",
    [
        ("n", "현대자동차는 서울"),
        ("r", "에 본사를 둔"),
        ("r", " 대한민국의 자동차 제조업체이다"),
        ("n", " 정주영이"),
        ("R", " 설립하였으며"),
        ("n", " 현대자동차그룹의"),
        ("r", "의 핵심 계열사이다"),
        ("n", " 기아의 최대"),
        ("r", "의 최대 주주이며"),
        ("r", " 브랜드를 소유하고 있다"),
        ("n", " 울산에 세계"),
        ("r", " 공장을 운영하고 있다"),
    ],
)

add(
    "encyclopedia",
    "ar",
    """
شركة أرامكو السعودية هي شركة نفط وطنية مقرها في الظهران، وتملكها الحكومة السعودية بشكل رئيسي. تأسست عام 1933 باسم كاسوك بموجب اتفاقية مع شركة ستاندرد أويل أوف كاليفورنيا. وتُعد من أكبر شركات النفط في العالم من حيث الإنتاج. وتملك الشركة حصة أغلبية في شركة سابك للبتروكيماويات، وهي مدرجة في السوق المالية السعودية منذ عام 2019.
""",
    [
        ("n", "شركة أرامكو السعودية"),
        ("r", " هي شركة نفط وطنية"),
        ("r", " مقرها في"),
        ("r", "، وتملكها الحكومة"),
        ("r", " تأسست عام 1933 باسم"),
        ("r", " بموجب اتفاقية مع"),
        ("r", " وتُعد من أكبر شركات النفط في"),
        ("o", " من حيث الإنتاج"),
        ("r", " وتملك الشركة حصة أغلبية في"),
        ("n", " شركة سابك"),
        ("r", "، وهي مدرجة في"),
        ("n", " السوق المالية السعودية"),
    ],
)

add(
    "encyclopedia",
    "hi",
    """
इन्फ़ोसिस एक भारतीय बहुराष्ट्रीय सूचना प्रौद्योगिकी कंपनी है, जिसका मुख्यालय बेंगलुरु में है। इसकी स्थापना 1981 में एन. आर. नारायण मूर्ति और छह अन्य लोगों ने पुणे में की थी। यह कंपनी नैस्डैक और बॉम्बे स्टॉक एक्सचेंज दोनों पर सूचीबद्ध है। इन्फ़ोसिस बीपीएम इसकी सहायक कंपनी है। नारायण मूर्ति की पत्नी सुधा मूर्ति इन्फ़ोसिस फ़ाउंडेशन की अध्यक्ष रहीं।
""",
    [
        ("n", "इन्फ़ोसिस एक"),
        ("r", " एक भारतीय बहुराष्ट्रीय"),
        ("r", " प्रौद्योगिकी कंपनी है"),
        ("r", ", जिसका मुख्यालय"),
        ("r", "इसकी स्थापना 1981 में"),
        ("n", " एन. आर. नारायण मूर्ति"),
        ("r", " दोनों पर सूचीबद्ध है"),
        ("r", " इसकी सहायक कंपनी है"),
        ("R", " की पत्नी"),
        ("n", " सुधा मूर्ति"),
        ("R", " की अध्यक्ष रहीं"),
    ],
)

add(
    "encyclopedia",
    "tr",
    """
Türk Hava Yolları, merkezi İstanbul'da bulunan ulusal bayrak taşıyıcı havayoludur. 1933 yılında Devlet Hava Yolları adıyla kuruldu. Şirketin hisselerinin yaklaşık yarısı Türkiye Varlık Fonu'na aittir. Havayolu, 2008'den beri Star Alliance üyesidir ve AJet adlı bir yan kuruluşa sahiptir. Ana üssü İstanbul Havalimanı'dır.
""",
    [
        ("n", "Türk Hava Yolları,"),
        ("r", " merkezi"),
        ("n", " İstanbul'da bulunan"),
        ("r", " bulunan ulusal bayrak taşıyıcı"),
        ("R", " adıyla kuruldu"),
        ("r", " hisselerinin yaklaşık yarısı"),
        ("R", "'na aittir"),
        ("R", " üyesidir"),
        ("r", " adlı bir yan kuruluşa sahiptir"),
        ("r", " Ana üssü"),
        ("n", " İstanbul Havalimanı'dır"),
    ],
)

add(
    "encyclopedia",
    "vi",
    """
Tập đoàn Viettel là một doanh nghiệp viễn thông có trụ sở tại Hà Nội, trực thuộc Bộ Quốc phòng Việt Nam. Viettel được thành lập năm 1989 và hiện là nhà mạng di động lớn nhất Việt Nam. Công ty sở hữu các công ty con ở nước ngoài như Metfone tại Campuchia và Unitel tại Lào. Viettel là thành viên của Liên minh GSMA.
""",
    [
        ("n", "Tập đoàn Viettel là"),
        ("r", " là một doanh nghiệp viễn thông"),
        ("r", " có trụ sở tại"),
        ("r", ", trực thuộc"),
        ("n", " Bộ Quốc phòng"),
        ("r", " được thành lập năm 1989"),
        ("r", " và hiện là nhà mạng di động lớn nhất"),
        ("r", " sở hữu các công ty con"),
        ("r", " ở nước ngoài như"),
        ("n", " Metfone tại Campuchia"),
        ("r", " là thành viên của"),
        ("n", " Liên minh GSMA"),
    ],
)


if __name__ == "__main__":
    write(P, "b25")
