"""Batch b16: third round for Japanese, Korean, Chinese, Italian, Polish and Dutch."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "real-estate-listing",
    "ja",
    """
ホーム > 賃貸 > 東京都 > 世田谷区
ルミエール三軒茶屋 305号室 1LDK 家賃 14.8万円（管理費 8,000円）
東急田園都市線「三軒茶屋」駅 徒歩6分 / 築12年 / 3階

南向きで日当たり良好。近くに世田谷公園があり、スーパーやコンビニも徒歩圏内です。オーナーは三井不動産レジデンシャルのグループ会社です。
※掲載情報が現況と異なる場合は現況を優先します。
お問い合わせ   お気に入りに追加   この物件を共有
""",
    [
        ("B", "ホーム > 賃貸"),
        ("n", " > 世田谷区"),
        ("n", "ルミエール三軒茶屋"),
        ("o", " 305号室 1LDK"),
        ("o", "家賃 14.8万円"),
        ("B", "（管理費 8,000円）"),
        ("n", "東急田園都市線"),
        ("o", " 徒歩6分 / 築12年"),
        ("O", "南向きで日当たり良好"),
        ("r", "近くに"),
        ("n", "世田谷公園があり"),
        ("R", "も徒歩圏内です"),
        ("n", "三井不動産レジデンシャル"),
        ("r", "のグループ会社です"),
        ("b", "※掲載情報が現況と異なる場合"),
        ("B", "お問い合わせ"),
        ("B", "お気に入りに追加"),
    ],
)

add(
    "museum-label",
    "ja",
    """
第3展示室 江戸の浮世絵
葛飾北斎（1760–1849）
富嶽三十六景 神奈川沖浪裏
天保2年（1831）頃　木版多色摺
北斎が70歳を過ぎてから制作した連作の一枚。大波の向こうに富士山が小さく描かれている。本作はゴッホやドビュッシーに影響を与えたことで知られる。
東京国立博物館蔵
作品保護のため、フラッシュ撮影はご遠慮ください。
""",
    [
        ("B", "第3展示室"),
        ("O", " 江戸の浮世絵"),
        ("n", "葛飾北斎（1760"),
        ("n", "富嶽三十六景"),
        ("o", "天保2年（1831）頃"),
        ("O", "木版多色摺"),
        ("O", "が70歳を過ぎてから"),
        ("r", "制作した連作の一枚"),
        ("o", "大波の向こうに"),
        ("n", "富士山が小さく"),
        ("N", "ゴッホやドビュッシー"),
        ("r", "に影響を与えたことで"),
        ("r", "知られる"),
        ("B", "東京国立博物館蔵"),
        ("B", "フラッシュ撮影はご遠慮ください"),
    ],
)

add(
    "commit-messages",
    "ja",
    """
commit 1c9e4a7b2f3d8e6a5b4c3d2e1f0a9b8c7d6e5f4a
Author: 佐藤 健 <ken.sato@example.co.jp>
Date:   Thu Mar 12 10:22:31 2026 +0900

    配送料の計算を都道府県別テーブルに変更

    これまでは一律料金だったが、沖縄と北海道への配送で赤字が出ていたため、
    固定値ではなく shipping_rates.csv から読み込むようにした。

    Closes #58
""",
    [
        ("c", "commit 1c9e4a7b"),
        ("b", "Author:"),
        ("n", " 佐藤 健 <"),
        ("c", "ken.sato@example.co.jp>"),
        ("b", "Date:   Thu"),
        ("o", "配送料の計算を"),
        ("O", "都道府県別テーブルに変更"),
        ("o", "これまでは一律料金"),
        ("n", "沖縄と北海道"),
        ("O", "赤字が出ていた"),
        ("R", "固定値ではなく"),
        ("c", " shipping_rates.csv から"),
        ("B", "Closes #58"),
    ],
)

add(
    "real-estate-listing",
    "ko",
    """
홈 > 원룸/투룸 > 부산 > 해운대구
해운대 오션뷰 투룸 전세 2억 3,000만원
전용 42㎡ · 12층 · 2021년 준공 · 주차 1대

해운대해수욕장까지 도보 3분 거리에 있으며, 지하철 2호선 중동역과 가깝습니다. 건물은 한화건설이 시공하였습니다. 반려동물 불가.
※ 본 정보는 중개대상물 표시·광고 명시사항에 따라 작성되었습니다.
문의하기   찜하기   신고하기
""",
    [
        ("B", "홈 > 원룸/투룸"),
        ("n", " > 해운대구"),
        ("n", "해운대 오션뷰"),
        ("o", " 투룸 전세"),
        ("o", " 2억 3,000만원"),
        ("O", "전용 42㎡ · 12층"),
        ("n", "해운대해수욕장까지"),
        ("R", " 도보 3분 거리에 있으며"),
        ("n", " 2호선 중동역과"),
        ("R", "과 가깝습니다"),
        ("n", " 한화건설이"),
        ("R", " 시공하였습니다"),
        ("O", " 반려동물 불가"),
        ("b", "※ 본 정보는 중개대상물"),
        ("B", "문의하기   찜하기"),
    ],
)

add(
    "podcast-transcript",
    "ko",
    """
[00:15:02] 진행자: 원래 고향이 어디세요?
[00:15:05] 게스트: 전주예요. 근데 대학은 서울에서 다녔어요. 아버지가 한국전력에서 일하셔서 이사를 자주 다녔거든요.
[00:15:14] 진행자: 아, 그렇구나. 잠깐 광고 듣고 올게요. 이 에피소드는 토스의 후원으로 제작되었습니다. 구독과 좋아요 부탁드려요!
[00:15:25] 게스트: 사실 저는 음악 대신 법을 공부하고 싶었어요.
""",
    [
        ("c", "[00:15:02]"),
        ("B", " 진행자:"),
        ("O", " 원래 고향이 어디세요"),
        ("n", " 전주예요."),
        ("N", " 대학은 서울에서"),
        ("N", " 아버지가 한국전력"),
        ("n", "한국전력에서 일하셔서"),
        ("o", " 이사를 자주 다녔거든요"),
        ("B", " 잠깐 광고 듣고 올게요"),
        ("b", " 이 에피소드는 토스의 후원으로"),
        ("B", " 구독과 좋아요 부탁드려요"),
        ("O", " 사실 저는"),
        ("R", " 음악 대신 법을"),
    ],
)

add(
    "museum-label",
    "zh",
    """
第二展厅 · 宋元书画
《溪山行旅图》
北宋 范宽 绢本设色
纵206.3厘米 横103.3厘米
范宽，陕西华原人，师从李成，后隐居终南山。此画以雄伟的山峰为主体，山脚下有一队商旅穿行。画中树丛里藏有“范宽”二字落款，直到1958年才被发现。
台北故宫博物院藏（复制品）
请勿触摸展品，禁止使用闪光灯。
""",
    [
        ("B", "第二展厅 ·"),
        ("O", " 宋元书画"),
        ("n", "《溪山行旅图》"),
        ("N", "北宋 范宽"),
        ("O", " 绢本设色"),
        ("o", "纵206.3厘米"),
        ("n", "陕西华原人"),
        ("r", "，师从"),
        ("n", "李成，后"),
        ("N", "隐居终南山"),
        ("O", "此画以雄伟的山峰"),
        ("o", "为主体"),
        ("o", "有一队商旅穿行"),
        ("O", "落款"),
        ("o", "直到1958年"),
        ("B", "台北故宫博物院藏"),
        ("B", "请勿触摸展品"),
    ],
)

add(
    "podcast-transcript",
    "zh",
    """
[00:32:10] 主持人：您当初为什么会选择来深圳？
[00:32:14] 嘉宾：其实是因为我表哥。他在华为做硬件，说这边机会多。我本来在武汉读研究生，毕业后就过来了。
[00:32:25] 主持人：明白。我们先插播一段广告，本期节目由喜马拉雅赞助播出。别忘了点赞、订阅和转发！
[00:32:36] 嘉宾：说实话，比起大公司，我更喜欢小团队。
""",
    [
        ("c", "[00:32:10]"),
        ("B", " 主持人："),
        ("o", "当初为什么会选择"),
        ("n", "来深圳"),
        ("R", "因为我表哥"),
        ("N", "他在华为"),
        ("n", "华为做硬件"),
        ("o", "说这边机会多"),
        ("n", "在武汉读研究生"),
        ("O", "毕业后就过来了"),
        ("B", "我们先插播一段广告"),
        ("b", "本期节目由"),
        ("n", "喜马拉雅赞助"),
        ("B", "别忘了点赞、订阅和转发"),
        ("O", "说实话，"),
        ("R", "比起大公司"),
    ],
)

add(
    "menu",
    "it",
    """
TRATTORIA DA MARIO · Via della Cava, 14 · Firenze
Cucina tipica toscana dal 1953

ANTIPASTI
Crostini di fegatini ...................... 8
Fettunta con olio nuovo ................... 6
PRIMI
Pappardelle al cinghiale .................. 14
Ribollita ................................. 10
SECONDI
Bistecca alla fiorentina (al kg) .......... 55

Coperto 2,50 €. Si prega di comunicare eventuali allergie al personale. Non si accettano carte sotto i 10 €.
""",
    [
        ("n", "TRATTORIA DA MARIO"),
        ("n", " Via della Cava, 14"),
        ("O", "Cucina tipica toscana"),
        ("o", " dal 1953"),
        ("B", "ANTIPASTI"),
        ("o", "Crostini di fegatini"),
        ("O", "Fettunta con olio nuovo"),
        ("B", "PRIMI\n"),
        ("o", "Pappardelle al cinghiale"),
        ("O", "Ribollita ..."),
        ("B", "SECONDI"),
        ("O", "Bistecca alla fiorentina"),
        ("B", "Coperto 2,50 €"),
        ("b", " Si prega di comunicare eventuali allergie"),
        ("O", " Non si accettano carte"),
    ],
)

add(
    "mailing-list",
    "it",
    """
Da: Paolo Rinaldi <paolo@ils.example.it>
A: discussioni@lists.ils.example.it
Oggetto: Re: [ILS] Installazione Debian su portatile vecchio

> Qualcuno ha provato Debian 13 su un ThinkPad X220?

Sì, funziona bene. L'unico problema è il Wi-Fi: la scheda dipende dal firmware non libero, quindi serve il pacchetto firmware-iwlwifi. In alternativa al desktop GNOME ti consiglio XFCE, è molto più leggero.

Ciao,
Paolo
--
Per cancellarsi: https://lists.ils.example.it/listinfo/discussioni
""",
    [
        ("B", "Da:"),
        ("n", " Paolo Rinaldi <"),
        ("B", "Oggetto: Re:"),
        ("N", " [ILS] Installazione"),
        ("n", " Debian su portatile"),
        ("O", "> Qualcuno ha provato"),
        ("n", " ThinkPad X220"),
        ("O", "Sì, funziona bene"),
        ("R", " la scheda dipende dal firmware"),
        ("c", " firmware-iwlwifi."),
        ("R", " In alternativa al desktop"),
        ("n", " desktop GNOME ti"),
        ("O", " è molto più leggero"),
        ("B", "Ciao,\nPaolo"),
        ("B", "Per cancellarsi:"),
    ],
)

add(
    "obituary",
    "pl",
    """
Z głębokim żalem zawiadamiamy, że dnia 1 marca 2026 r. zmarł w wieku 87 lat
śp. Józef Kowalczyk
emerytowany nauczyciel historii w I Liceum Ogólnokształcącym w Tarnowie, wieloletni członek Polskiego Towarzystwa Tatrzańskiego.
Mąż Heleny, ojciec Anny i Piotra.
Msza św. pogrzebowa zostanie odprawiona 5 marca o godz. 12.00 w kościele pw. św. Józefa.
O czym zawiadamia pogrążona w smutku Rodzina.
""",
    [
        ("b", "Z głębokim żalem zawiadamiamy"),
        ("o", " dnia 1 marca 2026 r."),
        ("o", " w wieku 87 lat"),
        ("B", "śp."),
        ("n", " Józef Kowalczyk"),
        ("O", "emerytowany nauczyciel historii"),
        ("n", " w I Liceum"),
        ("n", " Ogólnokształcącym w Tarnowie"),
        ("r", ", wieloletni członek"),
        ("n", " Polskiego Towarzystwa"),
        ("N", "Mąż Heleny"),
        ("n", ", ojciec Anny"),
        ("B", "Msza św. pogrzebowa"),
        ("n", " kościele pw. św. Józefa"),
        ("B", "O czym zawiadamia pogrążona w smutku"),
    ],
)

add(
    "user-manual",
    "pl",
    """
Instrukcja obsługi – Odkurzacz bezprzewodowy VX-90
Zasady bezpieczeństwa
OSTRZEŻENIE: Nie używać urządzenia do zbierania cieczy. Ładować wyłącznie za pomocą dołączonej ładowarki.
Montaż
1. Połącz rurę z korpusem, aż usłyszysz kliknięcie.
2. Akumulator jest kompatybilny z modelami VX-80 i VX-90.
Urządzenie zostało wyprodukowane w Polsce przez Zelmer sp. z o.o.
Producent zastrzega sobie prawo do wprowadzania zmian bez uprzedzenia.
""",
    [
        ("B", "Instrukcja obsługi –"),
        ("N", " Odkurzacz bezprzewodowy VX-90"),
        ("B", "Zasady bezpieczeństwa"),
        ("b", "OSTRZEŻENIE: Nie używać"),
        ("b", " Ładować wyłącznie za pomocą"),
        ("O", "Montaż\n"),
        ("O", " Połącz rurę z korpusem"),
        ("o", " aż usłyszysz kliknięcie"),
        ("R", " jest kompatybilny z modelami"),
        ("N", " VX-80 i VX-90"),
        ("N", " wyprodukowane w Polsce"),
        ("N", " przez Zelmer sp."),
        ("b", "Producent zastrzega sobie prawo"),
    ],
)

add(
    "weather-report",
    "nl",
    """
Weersverwachting Vlaanderen — KMI, maandag 16 maart
Vanochtend grijs met hier en daar wat motregen, vooral aan de kust. In de namiddag breekt de zon door in de Kempen. Maxima tussen 9 graden in de Hoge Venen en 13 graden in het centrum.
Morgen: droger, in vergelijking met vandaag ook een graad of twee zachter.
Gele waarschuwing voor gladheid in de provincie Luxemburg.
Bron: KMI · Bijgewerkt om 06:00
""",
    [
        ("N", "Weersverwachting Vlaanderen"),
        ("n", " — KMI, maandag"),
        ("O", " maandag 16 maart"),
        ("O", "Vanochtend grijs met"),
        ("o", " wat motregen"),
        ("o", " vooral aan de kust"),
        ("n", " in de Kempen."),
        ("o", " Maxima tussen 9 graden"),
        ("n", " in de Hoge Venen"),
        ("R", " in vergelijking met vandaag"),
        ("O", "Gele waarschuwing voor"),
        ("n", " provincie Luxemburg"),
        ("B", "Bron: KMI"),
        ("B", " · Bijgewerkt om 06:00"),
    ],
)

add(
    "code-r",
    "nl",
    """
# Laad de CBS-data en bereken het gemiddelde inkomen per gemeente
library(tidyverse)
inkomen <- read_csv2("data/cbs_inkomen_2025.csv")  # puntkomma als scheidingsteken
per_gemeente <- inkomen |>
  filter(!is.na(gem_inkomen)) |>
  group_by(gemeente) |>
  summarise(gemiddeld = mean(gem_inkomen)) |>
  arrange(desc(gemiddeld))
# Amsterdam staat bovenaan in plaats van Wassenaar; controleer de definitie
head(per_gemeente, 10)
""",
    [
        ("c", "# Laad"),
        ("n", " de CBS-data en"),
        ("o", " bereken het gemiddelde inkomen"),
        ("c", "library(tidyverse)"),
        ("c", 'inkomen <- read_csv2("'),
        ("O", " puntkomma als scheidingsteken"),
        ("c", " |>\n  filter(!is.na("),
        ("c", "group_by(gemeente)"),
        ("c", "mean(gem_inkomen))"),
        ("n", " Amsterdam staat bovenaan"),
        ("R", " in plaats van"),
        ("n", " Wassenaar;"),
        ("O", " controleer de definitie"),
        ("c", "head(per_gemeente, 10)"),
    ],
)


if __name__ == "__main__":
    write(P, "b16")
