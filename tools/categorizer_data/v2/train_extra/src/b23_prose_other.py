"""Batch b23: ordinary prose in many languages (diaries, letters, essays, reviews): discourse markers, idioms, dates."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "personal-letter",
    "en",
    """
Dear Aunt May,

Thank you for the jumper — it is far too nice to wear to school, so I am saving it for Sundays. By the way, Mum says you are coming at Easter? I hope so. The garden is a mess after the storms, but the daffodils came up anyway, as they always do.

In fact, the only real news is that I passed my driving test on the second try. Of course Dad is pretending he isn't nervous about lending me the car.

Lots of love,
Ellie
""",
    [
        ("N", "Dear Aunt May,"),
        ("o", "Thank you for the jumper"),
        ("O", " far too nice to wear"),
        ("O", " saving it for Sundays"),
        ("O", " By the way, Mum"),
        ("O", " Mum says you"),
        ("O", " coming at Easter?"),
        ("o", " a mess after the storms"),
        ("O", " the daffodils came up anyway"),
        ("O", " as they always do"),
        ("O", "In fact, the only"),
        ("o", " passed my driving test"),
        ("o", " on the second try"),
        ("O", " Of course Dad is"),
        ("O", " pretending he isn't nervous"),
        ("B", "Lots of love,"),
    ],
)

add(
    "diary",
    "fr",
    """
Mardi 3 mars
Il a plu toute la journée. Au fond, ça ne me dérange pas : j'ai enfin fini le livre que Claire m'avait prêté en janvier. D'ailleurs, il faudra que je le lui rende avant les vacances.
Le soir, soupe de poireaux et un vieux film à la télé. Bref, rien d'extraordinaire, mais c'était bien.
Mercredi 4 mars
Réveil à six heures, comme d'habitude.
""",
    [
        ("O", "Mardi 3 mars"),
        ("o", "Il a plu toute la journée"),
        ("O", " Au fond, ça ne"),
        ("O", " me dérange pas"),
        ("o", " j'ai enfin fini le livre"),
        ("n", " que Claire m'avait"),
        ("o", " prêté en janvier"),
        ("O", " D'ailleurs, il faudra"),
        ("o", " avant les vacances"),
        ("o", " soupe de poireaux"),
        ("O", " Bref, rien d'extraordinaire"),
        ("O", "Mercredi 4 mars"),
        ("O", " comme d'habitude"),
    ],
)

add(
    "essay",
    "es",
    """
A decir verdad, nunca me han gustado las mudanzas. Cada caja es una pequeña despedida. Sin embargo, esta vez fue distinto: al fin y al cabo, volvíamos al barrio donde crecí. Por cierto, la panadería de la esquina sigue abierta, aunque ahora la lleva el nieto del dueño.
En resumen, cambiar de casa es cambiar de costumbres, y eso cuesta más que cargar muebles.
""",
    [
        ("O", "A decir verdad, nunca"),
        ("o", " las mudanzas."),
        ("O", " Cada caja es una"),
        ("o", " pequeña despedida"),
        ("O", " Sin embargo, esta vez"),
        ("O", " al fin y al cabo"),
        ("R", " volvíamos al barrio donde crecí"),
        ("O", " Por cierto, la"),
        ("o", " la panadería de la esquina"),
        ("o", " sigue abierta"),
        ("r", " el nieto del dueño"),
        ("O", "En resumen, cambiar"),
        ("o", " cuesta más que cargar"),
    ],
)

add(
    "diary",
    "de",
    """
Sonntag, 8. März
Heute endlich wieder Sonne. Wir sind mit den Rädern zum See gefahren, obwohl der Wind eiskalt war. Übrigens hat Jonas zum ersten Mal ohne Stützräder geschafft! Na ja, fast ohne Hinfallen.
Abends Reste vom Mittag. Eigentlich wollte ich noch lesen, aber ich bin vor dem Fernseher eingeschlafen. Auf jeden Fall ein guter Tag.
""",
    [
        ("O", "Sonntag, 8. März"),
        ("O", "Heute endlich wieder Sonne"),
        ("o", " mit den Rädern zum See"),
        ("O", " obwohl der Wind eiskalt"),
        ("O", " Übrigens hat Jonas"),
        ("n", " Jonas zum ersten Mal"),
        ("O", " ohne Stützräder"),
        ("O", " Na ja, fast"),
        ("O", "Abends Reste vom Mittag"),
        ("O", " Eigentlich wollte ich"),
        ("O", " vor dem Fernseher eingeschlafen"),
        ("O", " Auf jeden Fall ein"),
    ],
)

add(
    "essay",
    "nl",
    """
Eerlijk gezegd had ik nooit gedacht dat ik zou gaan tuinieren. Toch sta ik nu elke zaterdag met mijn handen in de aarde. Trouwens, je hoeft er geen groene vingers voor te hebben: tomaten groeien bijna vanzelf. Kortom, probeer het gewoon.
Wel een tip: begin klein, met een paar potten op het balkon.
""",
    [
        ("O", "Eerlijk gezegd had"),
        ("o", " nooit gedacht dat ik"),
        ("O", " Toch sta ik nu"),
        ("O", " elke zaterdag met"),
        ("O", " handen in de aarde"),
        ("O", " Trouwens, je hoeft"),
        ("O", " groene vingers"),
        ("o", " tomaten groeien bijna vanzelf"),
        ("O", " Kortom, probeer het"),
        ("O", "Wel een tip:"),
        ("o", " een paar potten op"),
    ],
)

add(
    "diary",
    "it",
    """
Giovedì 12 marzo
Oggi, tanto per cambiare, il treno era in ritardo. Comunque sono arrivata in ufficio in tempo. A pranzo Marta mi ha raccontato del suo viaggio: insomma, un disastro dall'inizio alla fine, ma ci siamo fatte un sacco di risate.
Stasera pasta e ceci e poi a letto presto. Tutto sommato, non male.
""",
    [
        ("O", "Giovedì 12 marzo"),
        ("O", "Oggi, tanto per cambiare"),
        ("o", " il treno era in ritardo"),
        ("O", " Comunque sono arrivata"),
        ("o", " in ufficio in tempo"),
        ("n", " pranzo Marta mi"),
        ("O", " insomma, un disastro"),
        ("O", " dall'inizio alla fine"),
        ("O", " un sacco di risate"),
        ("o", "Stasera pasta e ceci"),
        ("O", " Tutto sommato, non male"),
    ],
)

add(
    "essay",
    "pt",
    """
Para ser sincero, nunca fui muito de cozinhar. Mas a pandemia mudou isso, como mudou tanta coisa. Aliás, o primeiro bolo que fiz foi um desastre completo. Enfim, hoje faço pão toda semana e, de vez em quando, arrisco uma feijoada.
No fundo, cozinhar é uma forma de cuidar de quem a gente gosta.
""",
    [
        ("O", "Para ser sincero, nunca"),
        ("o", " muito de cozinhar"),
        ("O", " Mas a pandemia mudou"),
        ("O", " como mudou tanta coisa"),
        ("O", " Aliás, o primeiro"),
        ("o", " um desastre completo"),
        ("O", " Enfim, hoje faço"),
        ("O", " de vez em quando"),
        ("o", " arrisco uma feijoada"),
        ("O", "No fundo, cozinhar"),
        ("O", " de quem a gente gosta"),
    ],
)

add(
    "diary",
    "pl",
    """
Sobota, 14 marca
Rano mgła, potem słońce. Pojechaliśmy z Tomkiem na działkę, bo trzeba było przyciąć drzewa. Swoją drogą, sąsiad znowu pytał, czy sprzedamy. Oczywiście, że nie!
Wieczorem pierogi i herbata z sokiem malinowym. Krótko mówiąc, udany dzień.
""",
    [
        ("O", "Sobota, 14 marca"),
        ("o", "Rano mgła, potem słońce"),
        ("n", " z Tomkiem na"),
        ("o", " na działkę, bo"),
        ("o", " przyciąć drzewa"),
        ("O", " Swoją drogą, sąsiad"),
        ("O", " znowu pytał, czy"),
        ("O", " Oczywiście, że nie"),
        ("o", "Wieczorem pierogi i"),
        ("o", " z sokiem malinowym"),
        ("O", " Krótko mówiąc, udany"),
    ],
)

add(
    "diary",
    "ru",
    """
Пятница, 6 марта
С утра снег, к обеду — слякоть. Кстати, Саша наконец-то позвонил, впервые за месяц. В общем, ничего нового: работа, дом, работа. Зато вечером испекла пирог с капустой, и он, как ни странно, получился.
Короче говоря, неплохая неделя.
""",
    [
        ("O", "Пятница, 6 марта"),
        ("o", "С утра снег, к"),
        ("o", " к обеду — слякоть"),
        ("O", " Кстати, Саша"),
        ("n", " Саша наконец-то"),
        ("o", " впервые за месяц"),
        ("O", " В общем, ничего нового"),
        ("O", " Зато вечером испекла"),
        ("o", " пирог с капустой"),
        ("O", " как ни странно"),
        ("O", "Короче говоря, неплохая"),
    ],
)

add(
    "diary",
    "tr",
    """
Cumartesi, 7 Mart
Sabah yağmur vardı, öğleden sonra açtı. Annemle pazara gittik; bu arada domatesler çok pahalanmış. Neyse, akşam mercimek çorbası yaptım. Açıkçası bu hafta çok yorucuydu ama sonunda her şey yoluna girdi.
Kısacası, fena değil.
""",
    [
        ("O", "Cumartesi, 7 Mart"),
        ("o", "Sabah yağmur vardı"),
        ("o", " öğleden sonra açtı"),
        ("R", " Annemle pazara"),
        ("O", " bu arada domatesler"),
        ("o", " çok pahalanmış"),
        ("O", " Neyse, akşam"),
        ("o", " mercimek çorbası yaptım"),
        ("O", " Açıkçası bu hafta"),
        ("O", " her şey yoluna girdi"),
        ("O", "Kısacası, fena değil"),
    ],
)

add(
    "diary",
    "vi",
    """
Thứ Bảy, ngày 7 tháng 3
Sáng nay trời mưa phùn, chiều thì nắng. Nhân tiện, mẹ gọi điện hỏi khi nào về quê. Nói chung tuần này mệt, nhưng cũng vui. Tối nấu canh chua, ăn với cơm nóng.
Tóm lại, một ngày bình thường.
""",
    [
        ("O", "Thứ Bảy, ngày 7"),
        ("o", "Sáng nay trời mưa phùn"),
        ("o", " chiều thì nắng"),
        ("O", " Nhân tiện, mẹ"),
        ("O", " mẹ gọi điện"),
        ("o", " khi nào về quê"),
        ("O", " Nói chung tuần này"),
        ("o", " Tối nấu canh chua"),
        ("o", " ăn với cơm nóng"),
        ("O", "Tóm lại, một ngày"),
        ("o", " bình thường"),
    ],
)

add(
    "diary",
    "zh",
    """
3月7日 星期六 晴转多云
上午去菜市场买了点菜，顺便把快递取了。说实话，最近工作太忙，好久没有好好做饭了。晚上做了番茄炒蛋和紫菜汤。总之，今天过得还不错。
对了，明天记得给奶奶打电话。
""",
    [
        ("o", "3月7日 星期六"),
        ("o", "晴转多云"),
        ("o", "上午去菜市场"),
        ("O", "顺便把快递取了"),
        ("O", "说实话，最近"),
        ("o", "好久没有好好做饭"),
        ("o", "番茄炒蛋"),
        ("o", "紫菜汤"),
        ("O", "总之，今天"),
        ("O", "过得还不错"),
        ("O", "对了，明天"),
        ("O", "给奶奶打电话"),
    ],
)

add(
    "diary",
    "ja",
    """
3月8日（日）くもり
朝から洗濯をして、午後は近所の公園を散歩した。ちなみに、桜のつぼみがもう膨らんでいた。夕飯は肉じゃが。正直なところ、今週は疲れた。まあ、明日からまた頑張ろう。
そういえば、母から荷物が届いていた。
""",
    [
        ("o", "3月8日（日）"),
        ("o", "朝から洗濯をして"),
        ("o", "近所の公園を散歩"),
        ("O", "ちなみに、桜"),
        ("o", "つぼみがもう膨らんで"),
        ("o", "夕飯は肉じゃが"),
        ("O", "正直なところ"),
        ("O", "まあ、明日から"),
        ("O", "そういえば、"),
        ("O", "母から荷物が"),
        ("o", "届いていた"),
    ],
)

add(
    "diary",
    "ko",
    """
3월 7일 토요일 맑음
아침에 빨래를 하고 오후에는 동네 도서관에 갔다. 그나저나 요즘 너무 바빠서 책을 거의 못 읽었다. 저녁은 김치찌개. 솔직히 이번 주는 정말 힘들었다. 어쨌든 내일은 푹 쉬어야지.
참, 엄마한테 전화하는 거 잊지 말기.
""",
    [
        ("o", "3월 7일 토요일"),
        ("o", "아침에 빨래를 하고"),
        ("o", " 동네 도서관에 갔다"),
        ("O", " 그나저나 요즘"),
        ("o", " 책을 거의 못 읽었다"),
        ("o", "저녁은 김치찌개"),
        ("O", " 솔직히 이번 주는"),
        ("O", " 어쨌든 내일은"),
        ("o", " 푹 쉬어야지"),
        ("O", "참, 엄마한테"),
        ("o", " 잊지 말기"),
    ],
)

add(
    "diary",
    "ar",
    """
السبت 7 مارس
استيقظت متأخراً اليوم. على فكرة، الجو كان جميلاً فخرجت للمشي على الكورنيش. بصراحة، كنت بحاجة إلى هذا بعد أسبوع طويل. في المساء طبخت المجدرة. على كل حال، كان يوماً هادئاً.
""",
    [
        ("O", "السبت 7 مارس"),
        ("o", "استيقظت متأخراً اليوم"),
        ("O", " على فكرة، الجو"),
        ("o", " كان جميلاً فخرجت"),
        ("o", " للمشي على الكورنيش"),
        ("O", " بصراحة، كنت"),
        ("o", " بعد أسبوع طويل"),
        ("o", " في المساء طبخت"),
        ("O", " على كل حال، كان"),
        ("o", " يوماً هادئاً"),
    ],
)

add(
    "diary",
    "hi",
    """
शनिवार, 7 मार्च
आज सुबह देर से उठा। वैसे भी छुट्टी का दिन था। दोपहर में माँ के साथ बाज़ार गया, सब्ज़ियाँ बहुत महँगी हो गई हैं। सच कहूँ तो इस हफ़्ते बहुत थकान रही। ख़ैर, रात को दाल-चावल बनाए।
कुल मिलाकर, अच्छा दिन रहा।
""",
    [
        ("O", "शनिवार, 7 मार्च"),
        ("o", "आज सुबह देर से उठा"),
        ("O", " वैसे भी छुट्टी"),
        ("O", " माँ के साथ बाज़ार"),
        ("o", " सब्ज़ियाँ बहुत महँगी"),
        ("O", " सच कहूँ तो"),
        ("o", " बहुत थकान रही"),
        ("O", " ख़ैर, रात को"),
        ("o", " दाल-चावल बनाए"),
        ("O", "कुल मिलाकर, अच्छा"),
    ],
)


if __name__ == "__main__":
    write(P, "b23")
