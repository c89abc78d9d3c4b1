"""Batch b15: third round for Arabic, Hindi, Turkish, Vietnamese, Russian and Portuguese."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "real-estate-listing",
    "ar",
    """
الرئيسية > عقارات للبيع > دبي > مرسى دبي
شقة للبيع في برج الأميرة - غرفتان وصالة - 1,850,000 درهم
المساحة: 1,240 قدم مربع · الطابق 32 · إطلالة على البحر

شقة مفروشة بالكامل تقع بالقرب من محطة مترو دبي مارينا، وتطل على نخلة جميرا. يضم المبنى مسبحاً وصالة رياضية. تابعة لشركة إعمار العقارية.
رقم الترخيص: 12345 | رقم الإعلان: DXB-8812
اتصل بالوكيل   حفظ   مشاركة   الإبلاغ عن الإعلان
""",
    [
        ("B", "الرئيسية > عقارات"),
        ("n", " > مرسى دبي"),
        ("O", "شقة للبيع في"),
        ("n", " برج الأميرة -"),
        ("o", " غرفتان وصالة"),
        ("B", "المساحة:"),
        ("O", " · إطلالة على البحر"),
        ("o", "شقة مفروشة بالكامل"),
        ("R", " تقع بالقرب من"),
        ("n", " مترو دبي مارينا"),
        ("R", "، وتطل على"),
        ("n", " نخلة جميرا"),
        ("R", " يضم المبنى مسبحاً"),
        ("r", " تابعة لشركة"),
        ("n", " إعمار العقارية"),
        ("B", "رقم الترخيص:"),
        ("B", "اتصل بالوكيل"),
        ("B", "   الإبلاغ عن الإعلان"),
    ],
)

add(
    "cookie-banner",
    "ar",
    """
نحن نحترم خصوصيتك
نستخدم ملفات تعريف الارتباط (الكوكيز) وتقنيات مماثلة لتحسين تجربتك وتخصيص الإعلانات وتحليل حركة المرور. بالنقر على "قبول الكل"، فإنك توافق على استخدامنا لملفات تعريف الارتباط. يمكنك تغيير تفضيلاتك في أي وقت من خلال "إعدادات ملفات تعريف الارتباط".
قبول الكل   رفض   إدارة التفضيلات
سياسة الخصوصية | الشروط والأحكام
""",
    [
        ("B", "نحن نحترم خصوصيتك"),
        ("b", "نستخدم ملفات تعريف الارتباط"),
        ("b", " وتقنيات مماثلة لتحسين"),
        ("b", " وتخصيص الإعلانات"),
        ("B", ' "قبول الكل"'),
        ("b", " فإنك توافق على استخدامنا"),
        ("b", " يمكنك تغيير تفضيلاتك"),
        ("B", "قبول الكل   رفض"),
        ("B", "   إدارة التفضيلات"),
        ("b", "سياسة الخصوصية |"),
        ("b", " الشروط والأحكام"),
    ],
)

add(
    "museum-label",
    "ar",
    """
القاعة 5 · الفنون الإسلامية
إبريق من النحاس المطعّم بالفضة
الموصل، العراق، حوالي 1230 م
صُنع هذا الإبريق في ورشة الحرفي شجاع بن منعة، وهو من أشهر صناع المعادن في الموصل. تحمل الزخارف مشاهد من حياة البلاط، إلى جانب كتابات بالخط الكوفي.
إهداء من مجموعة الشيخ ناصر الصباح، 1987.
يُرجى عدم لمس المعروضات.
""",
    [
        ("B", "القاعة 5 ·"),
        ("O", " الفنون الإسلامية"),
        ("o", "إبريق من النحاس"),
        ("O", " المطعّم بالفضة"),
        ("n", "الموصل، العراق"),
        ("o", " حوالي 1230 م"),
        ("R", " في ورشة الحرفي"),
        ("n", " شجاع بن منعة"),
        ("r", " وهو من أشهر صناع"),
        ("O", " مشاهد من حياة البلاط"),
        ("O", " إلى جانب كتابات"),
        ("O", " بالخط الكوفي"),
        ("B", "إهداء من مجموعة"),
        ("B", "يُرجى عدم لمس المعروضات"),
    ],
)

add(
    "product-page",
    "hi",
    """
होम > इलेक्ट्रॉनिक्स > मोबाइल
रेडमी नोट 14 प्रो 5G (8GB RAM, 256GB)
★★★★☆ 4.3 (12,480 रेटिंग) | 1 हज़ार+ इस महीने खरीदे गए
₹24,999  M.R.P.: ₹28,999 (14% छूट)  सभी करों सहित
मुफ़्त डिलीवरी कल। 7 दिन में बदलने की सुविधा।
इस आइटम के बारे में
यह फ़ोन मीडियाटेक डाइमेंसिटी 7300 प्रोसेसर से लैस है और 45W फ़ास्ट चार्जिंग के साथ आता है।
कार्ट में जोड़ें   अभी खरीदें
""",
    [
        ("B", "होम > इलेक्ट्रॉनिक्स"),
        ("n", "रेडमी नोट 14 प्रो"),
        ("o", " (8GB RAM, 256GB)"),
        ("B", " (12,480 रेटिंग)"),
        ("B", " इस महीने खरीदे गए"),
        ("B", "  M.R.P.:"),
        ("B", "  सभी करों सहित"),
        ("B", "मुफ़्त डिलीवरी कल"),
        ("B", "इस आइटम के बारे में"),
        ("n", " मीडियाटेक डाइमेंसिटी"),
        ("R", " प्रोसेसर से लैस है"),
        ("R", " के साथ आता है"),
        ("B", "कार्ट में जोड़ें"),
        ("B", "   अभी खरीदें"),
    ],
)

add(
    "podcast-transcript",
    "hi",
    """
[00:08:12] अमित: तो आप मूल रूप से कहाँ से हैं?
[00:08:15] सुनीता: मैं लखनऊ से हूँ, लेकिन मेरी परवरिश पुणे में हुई। मेरे पिता भारतीय रेलवे में इंजीनियर थे।
[00:08:24] अमित: वाह। एक छोटा सा ब्रेक लेते हैं — यह एपिसोड आप तक पहुँचाया है ज़ेरोधा ने। हमें सब्सक्राइब करना न भूलें!
[00:08:33] सुनीता: वैसे, बचपन में मुझे ट्रेनों से डर लगता था।
""",
    [
        ("c", "[00:08:12]"),
        ("n", " अमित:"),
        ("O", " मूल रूप से कहाँ"),
        ("n", " मैं लखनऊ से"),
        ("R", " मेरी परवरिश"),
        ("n", " पुणे में हुई"),
        ("N", " मेरे पिता भारतीय"),
        ("n", " भारतीय रेलवे में"),
        ("R", " में इंजीनियर थे"),
        ("B", " एक छोटा सा ब्रेक लेते हैं"),
        ("B", " यह एपिसोड आप तक पहुँचाया है"),
        ("B", " हमें सब्सक्राइब करना न भूलें"),
        ("O", " वैसे, बचपन में"),
        ("o", " ट्रेनों से डर"),
    ],
)

add(
    "changelog",
    "hi",
    """
## संस्करण 4.1.0 (2026-02-28)
### नया
- UPI भुगतान के लिए QR कोड समर्थन (#77)
- हिंदी और मराठी इंटरफ़ेस जोड़ा गया
### सुधार
- GST चालान में गलत राउंडिंग ठीक की गई (धन्यवाद @rohit-k)
### बदलाव
- अब रिपोर्ट PDF के बजाय Excel में निर्यात होती है
""",
    [
        ("b", "## संस्करण 4.1.0"),
        ("c", " (2026-02-28)"),
        ("b", "### नया"),
        ("N", "- UPI भुगतान"),
        ("o", " QR कोड समर्थन"),
        ("c", " (#77)"),
        ("n", "- हिंदी और मराठी"),
        ("b", "### सुधार"),
        ("O", " GST चालान में गलत"),
        ("C", " (धन्यवाद @rohit-k)"),
        ("b", "### बदलाव"),
        ("R", " PDF के बजाय"),
        ("N", " Excel में निर्यात"),
    ],
)

add(
    "product-page",
    "tr",
    """
Ana Sayfa > Ev & Yaşam > Mutfak > Çaydanlık
Karaca Çaysever Robotea Pro 4 in 1 Konuşan Çay Makinesi
★★★★★ 4,7 (3.912 değerlendirme) | 10 bin+ satıldı
1.899 TL  Kargo Bedava  Yarın kargoda
Ürün Açıklaması
Gövdesi paslanmaz çelikten üretilmiştir ve demlik cam hazne ile birlikte gelir. Türk çayı ve bitki çayları için uygundur.
Sepete Ekle   Hemen Al
Bu ürünü alanlar bunları da aldı
""",
    [
        ("B", "Ana Sayfa > Ev"),
        ("O", " > Çaydanlık"),
        ("n", "Karaca Çaysever Robotea"),
        ("O", " Konuşan Çay Makinesi"),
        ("B", " (3.912 değerlendirme)"),
        ("B", " | 10 bin+ satıldı"),
        ("B", "  Kargo Bedava"),
        ("B", "  Yarın kargoda"),
        ("B", "Ürün Açıklaması"),
        ("R", " paslanmaz çelikten üretilmiştir"),
        ("R", " ile birlikte gelir"),
        ("O", " Türk çayı ve bitki"),
        ("r", " için uygundur"),
        ("B", "Sepete Ekle"),
        ("B", "Bu ürünü alanlar bunları da aldı"),
    ],
)

add(
    "weather-report",
    "tr",
    """
Meteoroloji Genel Müdürlüğü — 15 Mart 2026 Pazar
İstanbul: Parçalı bulutlu, öğleden sonra yer yer sağanak yağışlı. En yüksek sıcaklık 14°C. Rüzgâr kuzeyli, saatte 30-40 km.
Ankara: Açık ve güneşli. Dün ile karşılaştırıldığında sıcaklıklar 3-4 derece artacak.
Doğu Karadeniz için kuvvetli yağış uyarısı yapıldı.
Kaynak: MGM | Son güncelleme: 07:00
""",
    [
        ("n", "Meteoroloji Genel Müdürlüğü"),
        ("O", " — 15 Mart 2026 Pazar"),
        ("n", "İstanbul: Parçalı"),
        ("o", " öğleden sonra yer yer"),
        ("o", " En yüksek sıcaklık 14°C"),
        ("O", " Rüzgâr kuzeyli"),
        ("n", "Ankara: Açık"),
        ("R", " Dün ile karşılaştırıldığında"),
        ("n", "Doğu Karadeniz için"),
        ("O", " kuvvetli yağış uyarısı"),
        ("B", "Kaynak: MGM"),
        ("B", " | Son güncelleme:"),
    ],
)

add(
    "obituary",
    "vi",
    """
CÁO PHÓ
Gia đình chúng tôi vô cùng thương tiếc báo tin:
Cụ ông NGUYỄN VĂN AN, sinh năm 1938, nguyên giáo viên trường THPT Chu Văn An, Hà Nội.
Cụ là chồng của bà Trần Thị Lan, cha của ông Nguyễn Văn Bình và bà Nguyễn Thị Hoa.
Đã từ trần hồi 5 giờ ngày 2 tháng 3 năm 2026, hưởng thọ 88 tuổi.
Lễ viếng được tổ chức tại Nhà tang lễ số 5 Trần Thánh Tông.
Gia đình xin miễn nhận vòng hoa.
""",
    [
        ("B", "CÁO PHÓ"),
        ("B", "Gia đình chúng tôi vô cùng thương tiếc báo tin"),
        ("n", "Cụ ông NGUYỄN VĂN AN"),
        ("o", ", sinh năm 1938"),
        ("r", ", nguyên giáo viên"),
        ("n", " THPT Chu Văn An"),
        ("r", "Cụ là chồng của"),
        ("n", " Trần Thị Lan,"),
        ("r", " cha của"),
        ("b", "Đã từ trần hồi"),
        ("B", ", hưởng thọ 88 tuổi"),
        ("b", "Lễ viếng được tổ chức tại"),
        ("n", " Nhà tang lễ số 5"),
        ("B", "Gia đình xin miễn nhận vòng hoa"),
    ],
)

add(
    "real-estate-listing",
    "vi",
    """
Trang chủ > Nhà đất bán > TP. Hồ Chí Minh > Quận 7
Bán căn hộ 2 phòng ngủ chung cư Sunrise City, 76 m², giá 4,2 tỷ
Pháp lý: Sổ hồng lâu dài · Hướng: Đông Nam · Nội thất đầy đủ

Căn hộ nằm trên đường Nguyễn Hữu Thọ, gần trường quốc tế và siêu thị Lotte Mart. Dự án thuộc chủ đầu tư Novaland. Khu căn hộ có hồ bơi, phòng gym và bảo vệ 24/7.
Liên hệ: 0909 xxx xxx (môi giới)
Lưu tin   Chia sẻ   Báo cáo tin đăng
""",
    [
        ("B", "Trang chủ > Nhà đất bán"),
        ("n", " > Quận 7"),
        ("O", "Bán căn hộ 2 phòng ngủ"),
        ("n", " chung cư Sunrise City"),
        ("o", " 76 m², giá 4,2 tỷ"),
        ("B", "Pháp lý:"),
        ("O", " Sổ hồng lâu dài"),
        ("B", " · Hướng:"),
        ("R", "Căn hộ nằm trên"),
        ("n", " Nguyễn Hữu Thọ"),
        ("R", ", gần trường quốc tế"),
        ("n", " siêu thị Lotte Mart"),
        ("r", " Dự án thuộc chủ đầu tư"),
        ("n", " Novaland."),
        ("R", " Khu căn hộ có hồ bơi"),
        ("B", "Liên hệ:"),
        ("B", "Lưu tin   Chia sẻ"),
        ("B", "   Báo cáo tin đăng"),
    ],
)

add(
    "error-log",
    "vi",
    """
2026-03-15 02:00:01 INFO  [cron] Bắt đầu đồng bộ đơn hàng từ Shopee
2026-03-15 02:00:09 WARN  [sync] Bỏ qua 3 đơn hàng thiếu mã vận đơn
2026-03-15 02:01:44 ERROR [sync] Không thể kết nối tới API của GHN: hết thời gian chờ (30s)
2026-03-15 02:01:44 INFO  [sync] Thử lại sau 60 giây (lần 1/3)
""",
    [
        ("c", "2026-03-15 02:00:01 INFO"),
        ("c", "  [cron]"),
        ("C", " Bắt đầu đồng bộ đơn hàng"),
        ("C", " từ Shopee"),
        ("c", " WARN  [sync]"),
        ("C", " Bỏ qua 3 đơn hàng"),
        ("c", " ERROR [sync]"),
        ("C", " Không thể kết nối tới"),
        ("C", " API của GHN"),
        ("C", ": hết thời gian chờ"),
        ("C", " Thử lại sau 60 giây"),
    ],
)

add(
    "real-estate-listing",
    "ru",
    """
Главная > Недвижимость > Санкт-Петербург > Петроградский район
Продаётся 2-комнатная квартира, 58 м², 3/6 этаж — 14 900 000 ₽
Дом 1913 года постройки, капитальный ремонт в 2019 году.

Квартира расположена в пяти минутах от метро «Горьковская», рядом с Александровским парком. Окна выходят во двор. Квартира принадлежит одному собственнику более 10 лет.
Агентство: «Невский дом» · ID объявления 88213
Показать телефон   В избранное   Пожаловаться
""",
    [
        ("B", "Главная > Недвижимость"),
        ("n", " > Санкт-Петербург"),
        ("O", "Продаётся 2-комнатная"),
        ("o", " 58 м², 3/6 этаж"),
        ("O", "Дом 1913 года постройки"),
        ("o", " капитальный ремонт в 2019"),
        ("R", " расположена в пяти минутах от"),
        ("n", " метро «Горьковская»"),
        ("R", ", рядом с"),
        ("n", " Александровским парком"),
        ("R", " Окна выходят во двор"),
        ("R", " принадлежит одному собственнику"),
        ("B", "Агентство:"),
        ("B", " · ID объявления"),
        ("B", "Показать телефон"),
        ("B", "   Пожаловаться"),
    ],
)

add(
    "academic-cv",
    "ru",
    """
РЕЗЮМЕ
Смирнова Ольга Викторовна, кандидат биологических наук
Образование
2012 — МГУ им. М. В. Ломоносова, биологический факультет (научный руководитель: проф. А. И. Петров)
Опыт работы
2018 — н. в. — старший научный сотрудник, Институт цитологии РАН, Санкт-Петербург
Избранные публикации
Смирнова О. В., Петров А. И. Регуляция аутофагии в клетках дрожжей // Цитология. 2020. Т. 62, № 4. С. 245–257.
""",
    [
        ("B", "РЕЗЮМЕ"),
        ("n", "Смирнова Ольга Викторовна"),
        ("O", ", кандидат биологических наук"),
        ("B", "Образование"),
        ("n", " МГУ им. М. В."),
        ("O", ", биологический факультет"),
        ("b", " (научный руководитель:"),
        ("n", " проф. А. И. Петров"),
        ("B", "Опыт работы"),
        ("O", " старший научный сотрудник"),
        ("n", " Институт цитологии РАН"),
        ("B", "Избранные публикации"),
        ("b", "Смирнова О. В., Петров"),
        ("b", " Регуляция аутофагии в"),
        ("b", " // Цитология. 2020"),
        ("b", " Т. 62, № 4."),
    ],
)

add(
    "menu",
    "pt",
    """
TASCA DO CHICO · Rua do Diário de Notícias, 39 · Bairro Alto
Fado ao vivo todas as noites a partir das 21h

PETISCOS
Pica-pau à portuguesa .................. 9,50 €
Chouriço assado ........................ 7,00 €
PRATOS
Bacalhau à Brás ........................ 14,50 €
Polvo à lagareiro ...................... 19,00 €

IVA incluído à taxa em vigor. Não é permitido fumar. Existe livro de reclamações.
""",
    [
        ("n", "TASCA DO CHICO ·"),
        ("n", " Rua do Diário de Notícias"),
        ("n", " · Bairro Alto"),
        ("O", "Fado ao vivo todas"),
        ("B", "PETISCOS"),
        ("O", "Pica-pau à portuguesa"),
        ("o", "Chouriço assado"),
        ("B", "PRATOS"),
        ("N", "Bacalhau à Brás"),
        ("O", "Polvo à lagareiro"),
        ("b", "IVA incluído à taxa em vigor"),
        ("b", " Não é permitido fumar"),
        ("b", " Existe livro de reclamações"),
    ],
)

add(
    "government-notice",
    "pt",
    """
DIÁRIO DA REPÚBLICA — 2.ª série — N.º 48 — 10 de março de 2026
MUNICÍPIO DE ÉVORA
Aviso n.º 5123/2026
Sumário: Abertura do período de discussão pública da alteração ao Plano de Urbanização de Évora.
Nos termos do n.º 1 do artigo 89.º do Decreto-Lei n.º 80/2015, torna-se público que a Câmara Municipal deliberou proceder à abertura de um período de discussão pública de 30 dias. A área abrangida confina a norte com a Estrada de Arraiolos.
10 de março de 2026. — O Presidente da Câmara, Carlos Pinto de Sá.
""",
    [
        ("n", "DIÁRIO DA REPÚBLICA"),
        ("B", " — 2.ª série — N.º 48"),
        ("n", "MUNICÍPIO DE ÉVORA"),
        ("B", "Aviso n.º 5123/2026"),
        ("B", "Sumário:"),
        ("o", " Abertura do período de discussão"),
        ("n", " Plano de Urbanização de Évora"),
        ("b", "Nos termos do n.º 1"),
        ("b", " do artigo 89.º do"),
        ("b", ", torna-se público que"),
        ("O", " a Câmara Municipal deliberou"),
        ("R", " A área abrangida confina a norte com"),
        ("n", " Estrada de Arraiolos"),
        ("O", " O Presidente da Câmara"),
        ("n", " Carlos Pinto de Sá"),
    ],
)

add(
    "code-sql",
    "pt",
    """
-- Clientes que compraram em 2025 mas não em 2026 (para a campanha de reativação)
SELECT c.id, c.nome, c.email
FROM clientes c
WHERE EXISTS (
    SELECT 1 FROM pedidos p
    WHERE p.cliente_id = c.id AND p.criado_em BETWEEN '2025-01-01' AND '2025-12-31'
)
AND NOT EXISTS (
    SELECT 1 FROM pedidos p
    WHERE p.cliente_id = c.id AND p.criado_em >= '2026-01-01'
)
-- clientes empresariais ficam de fora, em vez de receberem o e-mail genérico
AND c.tipo = 'PF';
""",
    [
        ("c", "-- Clientes"),
        ("O", " que compraram em 2025"),
        ("o", " mas não em 2026"),
        ("c", "SELECT c.id, c.nome"),
        ("c", "FROM clientes c"),
        ("c", "WHERE EXISTS ("),
        ("c", "SELECT 1 FROM pedidos"),
        ("c", " p.cliente_id = c.id"),
        ("c", "AND NOT EXISTS ("),
        ("O", " clientes empresariais ficam"),
        ("R", " em vez de receberem"),
        ("c", "c.tipo = 'PF';"),
    ],
)


if __name__ == "__main__":
    write(P, "b15")
