"""Batch b30: legal codes, patents, religious texts, poetry and clinical notes in several languages."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "legal-code",
    "fr",
    """
Code civil
Livre Ier : Des personnes
Titre V : Du mariage
Article 143
Le mariage est contracté par deux personnes de sexe différent ou de même sexe.
Article 144
Le mariage ne peut être contracté avant dix-huit ans révolus.
Article 212
Les époux se doivent mutuellement respect, fidélité, secours, assistance.
Version en vigueur depuis le 18 mai 2013
Modifié par LOI n°2013-404 du 17 mai 2013 - art. 1
""",
    [
        ("n", "Code civil"),
        ("B", "Livre Ier :"),
        ("O", " Des personnes"),
        ("B", "Titre V :"),
        ("O", " Du mariage"),
        ("B", "Article 143"),
        ("O", " est contracté par deux personnes"),
        ("o", " de même sexe"),
        ("O", " avant dix-huit ans révolus"),
        ("R", "Les époux se doivent"),
        ("o", " respect, fidélité, secours"),
        ("B", "Version en vigueur depuis le"),
        ("B", "Modifié par LOI n°2013-404"),
    ],
)

add(
    "patent",
    "de",
    """
(19) Deutsches Patent- und Markenamt
(12) Offenlegungsschrift
(54) Bezeichnung: Fahrradschloss mit Fingerabdrucksensor
(71) Anmelder: Abus August Bremicker Söhne KG, 58300 Wetter, DE
Zusammenfassung
Ein Fahrradschloss (1) umfasst einen Bügel (2), der mit einem Schlosskörper (3) verbunden ist, und einen Fingerabdrucksensor (4), der im Schlosskörper angeordnet ist. Der Sensor ist mit einer Steuereinheit (5) gekoppelt.
Patentansprüche
1. Fahrradschloss nach Anspruch 1, dadurch gekennzeichnet, dass der Bügel aus gehärtetem Stahl besteht.
""",
    [
        ("n", "(19) Deutsches Patent"),
        ("B", "(12) Offenlegungsschrift"),
        ("B", "(54) Bezeichnung:"),
        ("o", " Fahrradschloss mit Fingerabdrucksensor"),
        ("B", "(71) Anmelder:"),
        ("n", " Abus August Bremicker"),
        ("B", "Zusammenfassung"),
        ("r", " (1) umfasst einen"),
        ("R", ", der mit einem Schlosskörper"),
        ("r", " verbunden ist"),
        ("r", ", der im Schlosskörper angeordnet ist"),
        ("r", " ist mit einer Steuereinheit"),
        ("r", " (5) gekoppelt"),
        ("B", "Patentansprüche"),
        ("b", " nach Anspruch 1, dadurch gekennzeichnet"),
        ("r", " aus gehärtetem Stahl besteht"),
    ],
)

add(
    "religious-text",
    "es",
    """
Evangelio según san Lucas 2, 1-7
En aquellos días salió un decreto del emperador Augusto, ordenando que se empadronase todo el mundo. José, que era de la casa y familia de David, subió desde la ciudad de Nazaret, en Galilea, a la ciudad de David, que se llama Belén, en Judea, para empadronarse con María, su esposa, que estaba encinta.
Palabra del Señor.
""",
    [
        ("N", "Evangelio según san Lucas"),
        ("B", " 2, 1-7"),
        ("O", "En aquellos días salió"),
        ("n", " del emperador Augusto"),
        ("o", " ordenando que se empadronase"),
        ("n", " José, que era"),
        ("R", " que era de la casa y familia de"),
        ("n", " ciudad de Nazaret"),
        ("n", " en Galilea, a"),
        ("r", ", que se llama"),
        ("n", " Belén, en Judea"),
        ("n", " con María, su"),
        ("r", ", su esposa,"),
        ("o", " que estaba encinta"),
        ("B", "Palabra del Señor"),
    ],
)

add(
    "poetry",
    "ru",
    """
Вокзал в Вологде

Мой дед работал на этой станции сорок лет,
стрелочником, потом дежурным по вокзалу.
Он знал поезда по голосу, как знают людей.

Теперь здесь кофейня и зал ожидания,
и никто не помнит, что Вологда
была когда-то концом света.

© Анна Крылова, 2020. Публикуется с разрешения автора.
""",
    [
        ("n", "Вокзал в Вологде"),
        ("R", "Мой дед работал на"),
        ("o", " этой станции сорок лет"),
        ("O", "стрелочником, потом"),
        ("o", " дежурным по вокзалу"),
        ("O", " по голосу, как знают"),
        ("O", "Теперь здесь кофейня"),
        ("o", " и зал ожидания"),
        ("n", " что Вологда\n"),
        ("O", "была когда-то концом света"),
        ("b", "© Анна Крылова, 2020"),
        ("b", " Публикуется с разрешения автора"),
    ],
)

add(
    "clinical-note",
    "ja",
    """
退院サマリー
診療科：循環器内科　主治医：田中 誠
患者：［匿名化］　入院日：2026年3月2日　退院日：2026年3月7日
主訴：労作時の胸痛
既往歴：高血圧、脂質異常症。父親は心筋梗塞の既往あり。
経過：冠動脈造影で左前下行枝に狭窄を認め、経皮的冠動脈インターベンションを施行。
退院時処方：アスピリン100mg 1日1回
""",
    [
        ("B", "退院サマリー"),
        ("B", "診療科："),
        ("O", "循環器内科"),
        ("B", "　主治医："),
        ("n", "田中 誠"),
        ("B", "患者：［匿名化］"),
        ("B", "　入院日："),
        ("B", "主訴："),
        ("o", "労作時の胸痛"),
        ("B", "既往歴："),
        ("O", "高血圧、脂質異常症"),
        ("O", "父親は心筋梗塞"),
        ("B", "経過："),
        ("O", "冠動脈造影で"),
        ("o", "狭窄を認め"),
        ("B", "退院時処方："),
        ("O", "アスピリン100mg"),
    ],
)

add(
    "legal-code",
    "zh",
    """
中华人民共和国民法典
第一编 总则
第一章 基本规定
第一条 为了保护民事主体的合法权益，调整民事关系，维护社会和经济秩序，根据宪法，制定本法。
第二条 民法调整平等主体的自然人、法人和非法人组织之间的人身关系和财产关系。
第十三条 自然人从出生时起到死亡时止，具有民事权利能力。
""",
    [
        ("n", "中华人民共和国民法典"),
        ("B", "第一编 总则"),
        ("B", "第一章 基本规定"),
        ("B", "第一条 "),
        ("b", "为了保护民事主体的合法权益"),
        ("o", "调整民事关系"),
        ("b", "根据宪法，制定本法"),
        ("B", "第二条 "),
        ("R", "之间的人身关系"),
        ("R", "和财产关系"),
        ("B", "第十三条 "),
        ("o", "从出生时起到死亡时止"),
        ("O", "具有民事权利能力"),
    ],
)

add(
    "religious-text",
    "ko",
    """
창세기 12장 1-4절
여호와께서 아브람에게 이르시되 너는 너의 고향과 친척과 아버지의 집을 떠나 내가 네게 보여 줄 땅으로 가라.
아브람이 여호와의 말씀을 따라 갔고 롯도 그와 함께 갔으며 아브람이 하란을 떠날 때에 칠십오 세였더라.
롯은 아브람의 조카였다.
(개역개정판)
""",
    [
        ("N", "창세기 12장"),
        ("B", " 1-4절"),
        ("n", "여호와께서 아브람에게"),
        ("O", " 이르시되 너는"),
        ("R", " 너의 고향과 친척과"),
        ("R", " 아버지의 집을 떠나"),
        ("O", " 내가 네게 보여 줄"),
        ("n", "아브람이 여호와의"),
        ("o", " 말씀을 따라 갔고"),
        ("n", " 롯도 그와"),
        ("n", " 하란을 떠날"),
        ("o", " 칠십오 세였더라"),
        ("n", "롯은 아브람의"),
        ("R", "의 조카였다"),
        ("B", "(개역개정판)"),
    ],
)

add(
    "patent",
    "ja",
    """
【書類名】特許願
【発明の名称】折り畳み式自転車のロック機構
【出願人】
【氏名又は名称】株式会社ブリヂストンサイクル
【要約】
【課題】簡単な操作で確実に固定できるロック機構を提供する。
【解決手段】ロック機構１は、前フレーム２に接続されたヒンジ板３と、後フレーム４に回動可能に取り付けられたレバー５とを備える。
【選択図】図１
""",
    [
        ("B", "【書類名】"),
        ("B", "特許願"),
        ("B", "【発明の名称】"),
        ("o", "折り畳み式自転車"),
        ("O", "のロック機構"),
        ("B", "【出願人】"),
        ("B", "【氏名又は名称】"),
        ("n", "株式会社ブリヂストン"),
        ("B", "【要約】"),
        ("B", "【課題】"),
        ("o", "簡単な操作で確実に"),
        ("B", "【解決手段】"),
        ("R", "に接続されたヒンジ板"),
        ("R", "に回動可能に取り付けられた"),
        ("R", "とを備える"),
        ("B", "【選択図】"),
    ],
)

add(
    "poetry",
    "es",
    """
Balada del puerto de Vigo

Mi abuela vendía pescado en la rúa do Berbés,
hija de marinero, viuda de marinero,
y hablaba del mar como quien habla de un vecino
que no paga las deudas.

Hoy los barcos son de acero
y nadie grita los precios.

(de «Salitre», Ediciones Hiperión, 2017)
""",
    [
        ("n", "Balada del puerto de Vigo"),
        ("R", "Mi abuela vendía"),
        ("o", " pescado en la"),
        ("n", " rúa do Berbés"),
        ("r", "hija de marinero"),
        ("r", ", viuda de marinero"),
        ("O", " como quien habla de un vecino"),
        ("O", "que no paga las deudas"),
        ("O", "Hoy los barcos son"),
        ("r", " son de acero"),
        ("O", " nadie grita los precios"),
        ("n", " «Salitre»,"),
        ("b", " Ediciones Hiperión, 2017"),
    ],
)

add(
    "clinical-note",
    "ru",
    """
ВЫПИСНОЙ ЭПИКРИЗ
ГБУЗ «Городская клиническая больница № 52», кардиологическое отделение
Пациент: [обезличено]   Дата поступления: 02.03.2026   Дата выписки: 07.03.2026
Диагноз: ИБС. Нестабильная стенокардия.
Анамнез: Гипертоническая болезнь в течение 10 лет. Отец пациента перенёс инфаркт миокарда в 55 лет.
Рекомендации: аспирин 100 мг 1 раз в день, наблюдение кардиолога по месту жительства.
Лечащий врач: Петрова Е. С.
""",
    [
        ("B", "ВЫПИСНОЙ ЭПИКРИЗ"),
        ("n", "ГБУЗ «Городская клиническая"),
        ("O", ", кардиологическое отделение"),
        ("B", "Пациент: [обезличено]"),
        ("B", "   Дата поступления:"),
        ("B", "Диагноз:"),
        ("O", " ИБС. Нестабильная"),
        ("B", "Анамнез:"),
        ("o", " Гипертоническая болезнь в"),
        ("R", " Отец пациента"),
        ("o", " перенёс инфаркт миокарда"),
        ("B", "Рекомендации:"),
        ("O", " аспирин 100 мг 1 раз"),
        ("b", " наблюдение кардиолога по месту жительства"),
        ("B", "Лечащий врач:"),
        ("n", " Петрова Е. С."),
    ],
)

add(
    "legal-code",
    "pl",
    """
Kodeks cywilny
Księga pierwsza. Część ogólna
Tytuł II. Osoby
Art. 8. § 1. Każdy człowiek od chwili urodzenia ma zdolność prawną.
Art. 10. § 1. Pełnoletnim jest, kto ukończył lat osiemnaście.
Art. 33. Osobami prawnymi są Skarb Państwa i jednostki organizacyjne, którym przepisy szczególne przyznają osobowość prawną.
(Dz.U. 2025 poz. 1071)
""",
    [
        ("n", "Kodeks cywilny"),
        ("B", "Księga pierwsza."),
        ("O", " Część ogólna"),
        ("B", "Tytuł II."),
        ("O", " Osoby\n"),
        ("B", "Art. 8. § 1."),
        ("o", " Każdy człowiek od chwili"),
        ("O", " ma zdolność prawną"),
        ("B", "Art. 10. § 1."),
        ("R", " Pełnoletnim jest, kto"),
        ("B", "Art. 33."),
        ("R", " Osobami prawnymi są"),
        ("n", " Skarb Państwa i"),
        ("O", " przyznają osobowość prawną"),
        ("B", "(Dz.U. 2025 poz. 1071)"),
    ],
)


if __name__ == "__main__":
    write(P, "b30")
