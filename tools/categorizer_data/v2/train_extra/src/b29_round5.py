"""Batch b29: fifth round for Arabic, Hindi, Vietnamese, Portuguese, Dutch, Italian and Turkish (news, code, notices)."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "code-javascript",
    "ar",
    """
// تحويل الأرقام الهندية (٠-٩) إلى أرقام عربية غربية قبل الحفظ
const خريطة = { "٠": "0", "١": "1", "٢": "2", "٣": "3", "٤": "4", "٥": "5", "٦": "6", "٧": "7", "٨": "8", "٩": "9" };

export function توحيدالأرقام(نص) {
  // نستخدم replace بدلاً من حلقة لأن الأداء أفضل
  return نص.replace(/[٠-٩]/g, (ر) => خريطة[ر]);
}
console.log(توحيدالأرقام("الهاتف: ٠٥٠١٢٣٤٥٦٧"));
""",
    [
        ("c", "// تحويل"),
        ("o", " الأرقام الهندية"),
        ("O", " قبل الحفظ"),
        ("c", "const خريطة = {"),
        ("c", ' "٠": "0",'),
        ("c", "export function توحيدالأرقام("),
        ("C", " نستخدم replace"),
        ("R", " بدلاً من حلقة"),
        ("O", " لأن الأداء أفضل"),
        ("c", "نص.replace(/[٠-٩]/g"),
        ("c", " (ر) => خريطة[ر]"),
        ("C", '("الهاتف: ٠٥٠١٢٣٤٥٦٧")'),
    ],
)

add(
    "government-notice",
    "ar",
    """
المملكة الأردنية الهاشمية
أمانة عمّان الكبرى
إعلان صادر عن دائرة التنظيم
استناداً إلى أحكام المادة (15) من قانون تنظيم المدن والقرى رقم 79 لسنة 1966، تعلن أمانة عمّان الكبرى عن إيداع مخطط تنظيم منطقة خلدا لدى دائرة التنظيم للاعتراض عليه خلال مدة شهرين من تاريخ النشر. وتقع المنطقة المذكورة شمال غرب العاصمة.
أمين عمّان
""",
    [
        ("n", "المملكة الأردنية الهاشمية"),
        ("n", "أمانة عمّان الكبرى"),
        ("B", "إعلان صادر عن"),
        ("n", " دائرة التنظيم"),
        ("b", "استناداً إلى أحكام المادة"),
        ("n", " قانون تنظيم المدن"),
        ("b", " تعلن أمانة"),
        ("o", " عن إيداع مخطط تنظيم"),
        ("n", " منطقة خلدا لدى"),
        ("b", " للاعتراض عليه خلال مدة شهرين"),
        ("b", " من تاريخ النشر"),
        ("R", " وتقع المنطقة المذكورة"),
        ("R", " شمال غرب العاصمة"),
        ("O", "أمين عمّان"),
    ],
)

add(
    "news",
    "hi",
    """
कारोबार
रिलायंस रिटेल ने इतालवी फ़ैशन ब्रांड वेरो का अधिग्रहण किया
मुंबई | 14 मार्च 2026

रिलायंस रिटेल ने शुक्रवार को बताया कि उसने मिलान स्थित वेरो में 80% हिस्सेदारी ख़रीद ली है। वेरो की स्थापना 1972 में हुई थी और यह फ्रांसेस्को रोसी के परिवार के स्वामित्व में थी। कंपनी के अनुसार, अपने स्टोर खोलने के बजाय वह पहले ऑनलाइन बिक्री बढ़ाएगी।
यह भी पढ़ें: सेंसेक्स में 500 अंकों की तेज़ी
""",
    [
        ("B", "कारोबार\n"),
        ("n", "रिलायंस रिटेल ने"),
        ("O", " इतालवी फ़ैशन ब्रांड"),
        ("n", " वेरो का"),
        ("r", " का अधिग्रहण किया"),
        ("n", "मुंबई | 14"),
        ("n", " मिलान स्थित"),
        ("r", " में 80% हिस्सेदारी"),
        ("r", " ख़रीद ली है"),
        ("r", " की स्थापना 1972 में"),
        ("n", " फ्रांसेस्को रोसी"),
        ("R", " के परिवार के स्वामित्व में"),
        ("R", " कंपनी के अनुसार"),
        ("R", " खोलने के बजाय"),
        ("B", "यह भी पढ़ें:"),
    ],
)

add(
    "code-sql",
    "hi",
    """
-- हर राज्य में पिछले महीने के ऑर्डर गिनें (रद्द किए गए ऑर्डर छोड़कर)
SELECT r.नाम AS राज्य, COUNT(*) AS ऑर्डर
FROM orders o
JOIN states r ON r.id = o.state_id
WHERE o.status <> 'cancelled'
  AND o.created_at >= date_trunc('month', now()) - interval '1 month'
GROUP BY r.नाम
-- ध्यान दें: लद्दाख का डेटा जम्मू-कश्मीर के बजाय अलग पंक्ति में है
ORDER BY ऑर्डर DESC;
""",
    [
        ("c", "-- हर"),
        ("o", " राज्य में पिछले महीने"),
        ("O", " (रद्द किए गए ऑर्डर छोड़कर)"),
        ("c", "SELECT r.नाम AS"),
        ("c", " COUNT(*) AS ऑर्डर"),
        ("c", "JOIN states r ON"),
        ("c", " <> 'cancelled'"),
        ("c", " - interval '1 month'"),
        ("c", "-- ध्यान दें"),
        ("n", " लद्दाख का डेटा"),
        ("N", " जम्मू-कश्मीर के बजाय"),
        ("O", " अलग पंक्ति में है"),
    ],
)

add(
    "news",
    "vi",
    """
THỂ THAO
Tiền đạo Nguyễn Văn Tùng gia nhập câu lạc bộ Nhật Bản Yokohama FC
Hà Nội, 12/3/2026 – Câu lạc bộ Hà Nội FC xác nhận đã chuyển nhượng tiền đạo Nguyễn Văn Tùng sang Yokohama FC theo dạng cho mượn một mùa. Tùng là con trai của cựu tuyển thủ Nguyễn Văn Sỹ và từng thi đấu cho đội U23 Việt Nam. Thay vì sang Thái Lan, anh chọn Nhật Bản để phát triển.
Xem thêm: Bảng xếp hạng V-League
""",
    [
        ("B", "THỂ THAO"),
        ("N", "Tiền đạo Nguyễn"),
        ("n", " Nguyễn Văn Tùng gia nhập"),
        ("r", " gia nhập câu lạc bộ"),
        ("n", " Yokohama FC\n"),
        ("n", "Hà Nội, 12/3"),
        ("r", " xác nhận đã chuyển nhượng"),
        ("r", " theo dạng cho mượn"),
        ("r", " là con trai của"),
        ("r", " và từng thi đấu cho"),
        ("n", " đội U23 Việt Nam"),
        ("N", " Thay vì sang Thái Lan"),
        ("n", " chọn Nhật Bản"),
        ("B", "Xem thêm:"),
    ],
)

add(
    "code-go",
    "vi",
    """
// Gói donhang quản lý trạng thái đơn hàng.
package donhang

// TrangThai là trạng thái của một đơn hàng; mỗi đơn thuộc về đúng một khách hàng.
type TrangThai int

const (
	ChoXacNhan TrangThai = iota // chờ xác nhận
	DangGiao                    // đang giao
	DaHuy                       // đã hủy, thay vì xóa khỏi cơ sở dữ liệu
)
""",
    [
        ("c", "// Gói donhang"),
        ("o", " quản lý trạng thái"),
        ("c", "package donhang"),
        ("c", "// TrangThai là"),
        ("R", " là trạng thái của một"),
        ("R", " mỗi đơn thuộc về đúng"),
        ("c", "type TrangThai int"),
        ("c", "const (\n"),
        ("c", "ChoXacNhan TrangThai = iota"),
        ("c", " // chờ"),
        ("o", " chờ xác nhận"),
        ("c", "DaHuy   "),
        ("R", " thay vì xóa khỏi"),
    ],
)

add(
    "news",
    "pt",
    """
DESPORTO
Benfica contrata avançado dinamarquês Mads Holm ao Copenhaga
Lisboa, 13/03/2026 – O Benfica chegou a acordo com o FC Copenhaga para a transferência do avançado Mads Holm por 18 milhões de euros. O jogador, de 22 anos, é filho do antigo internacional Jesper Holm e atua pela seleção sub-21 da Dinamarca. Em vez de renovar, Holm preferiu a liga portuguesa.
Leia também: Sporting vence e mantém liderança
""",
    [
        ("B", "DESPORTO"),
        ("n", "Benfica contrata"),
        ("r", " contrata avançado"),
        ("O", " avançado dinamarquês"),
        ("n", " Mads Holm ao"),
        ("r", " chegou a acordo com o"),
        ("n", " FC Copenhaga para"),
        ("r", " para a transferência do"),
        ("o", " por 18 milhões de euros"),
        ("r", " é filho do antigo internacional"),
        ("r", " e atua pela seleção"),
        ("n", " sub-21 da Dinamarca"),
        ("R", " Em vez de renovar"),
        ("O", " a liga portuguesa"),
        ("B", "Leia também:"),
    ],
)

add(
    "clinical-note",
    "pt",
    """
NOTA DE ALTA
Serviço de Cardiologia — Hospital de Santa Maria, Lisboa
Utente: [anonimizado]   Data de admissão: 02/03/2026   Data de alta: 06/03/2026
Diagnóstico principal: Enfarte agudo do miocárdio sem supradesnivelamento de ST.
Antecedentes: HTA, dislipidemia. Filho de pai com doença coronária precoce.
Terapêutica: AAS 100 mg id, clopidogrel 75 mg id.
Seguimento: consulta de Cardiologia em 4 semanas.
""",
    [
        ("B", "NOTA DE ALTA"),
        ("O", "Serviço de Cardiologia"),
        ("n", " Hospital de Santa Maria"),
        ("B", "Utente: [anonimizado]"),
        ("B", "   Data de admissão:"),
        ("B", "Diagnóstico principal:"),
        ("O", " Enfarte agudo do miocárdio"),
        ("B", "Antecedentes:"),
        ("O", " HTA, dislipidemia"),
        ("R", " Filho de pai com"),
        ("o", " doença coronária precoce"),
        ("B", "Terapêutica:"),
        ("O", " AAS 100 mg id"),
        ("B", "Seguimento:"),
        ("O", " consulta de Cardiologia em"),
    ],
)

add(
    "news",
    "nl",
    """
SPORT
Ajax haalt Belgische middenvelder Lucas Peeters bij Club Brugge
Amsterdam, 13 maart 2026 – Ajax heeft overeenstemming bereikt met Club Brugge over de transfer van Lucas Peeters. De 21-jarige speler is de zoon van oud-international Jan Peeters en speelt sinds vorig jaar voor de Rode Duivels. In plaats van een huurconstructie kiest Ajax voor een definitieve overname.
Bekijk ook: Uitslagen Eredivisie
""",
    [
        ("B", "SPORT\n"),
        ("n", "Ajax haalt"),
        ("r", " haalt Belgische middenvelder"),
        ("n", " Lucas Peeters bij"),
        ("n", " Club Brugge\n"),
        ("r", " heeft overeenstemming bereikt met"),
        ("r", " over de transfer van"),
        ("r", " is de zoon van"),
        ("N", " oud-international Jan"),
        ("r", " en speelt sinds vorig jaar voor"),
        ("n", " de Rode Duivels"),
        ("R", " In plaats van een huurconstructie"),
        ("O", " een definitieve overname"),
        ("B", "Bekijk ook:"),
    ],
)

add(
    "government-notice",
    "it",
    """
COMUNE DI BERGAMO
Settore Mobilità
ORDINANZA N. 214 DEL 10/03/2026
IL DIRIGENTE
Visto l'art. 7 del D.Lgs. 30 aprile 1992, n. 285 (Nuovo Codice della Strada);
Considerato che via Pignolo confina con l'area dei lavori della nuova linea tranviaria;
ORDINA
il divieto di transito in via Pignolo dal 16/03/2026 al 30/04/2026, eccetto residenti e mezzi di soccorso.
Il presente provvedimento è pubblicato all'Albo Pretorio on line.
""",
    [
        ("n", "COMUNE DI BERGAMO"),
        ("O", "Settore Mobilità"),
        ("B", "ORDINANZA N. 214"),
        ("B", "IL DIRIGENTE"),
        ("b", "Visto l'art. 7 del"),
        ("b", " D.Lgs. 30 aprile 1992"),
        ("n", " (Nuovo Codice della Strada)"),
        ("B", "Considerato che"),
        ("n", " via Pignolo confina"),
        ("R", " confina con l'area dei lavori"),
        ("O", " nuova linea tranviaria"),
        ("B", "ORDINA\n"),
        ("o", "il divieto di transito"),
        ("O", " eccetto residenti e mezzi"),
        ("b", "Il presente provvedimento è pubblicato"),
        ("n", " all'Albo Pretorio"),
    ],
)

add(
    "news",
    "tr",
    """
EKONOMİ
Türk Telekom, Alman yazılım şirketi Netzwerk AG ile ortaklık kurdu
Ankara, 13 Mart 2026 – Türk Telekom, bulut hizmetleri alanında Netzwerk AG ile stratejik ortaklık anlaşması imzaladı. Netzwerk, Münih merkezli bir şirket olup Siemens'in eski yöneticileri tarafından kuruldu. Anlaşma kapsamında veri merkezleri İstanbul'da kurulacak. Şirket, yabancı rakipleri yerine yerli çözümleri tercih ettiğini açıkladı.
İlgili haberler: Borsa güne yükselişle başladı
""",
    [
        ("B", "EKONOMİ\n"),
        ("n", "Türk Telekom, Alman"),
        ("O", " Alman yazılım şirketi"),
        ("n", " Netzwerk AG ile"),
        ("r", " ile ortaklık kurdu"),
        ("n", "Ankara, 13 Mart"),
        ("o", " bulut hizmetleri alanında"),
        ("r", " ile stratejik ortaklık anlaşması"),
        ("N", " Münih merkezli bir"),
        ("r", " bir şirket olup"),
        ("R", "'in eski yöneticileri tarafından kuruldu"),
        ("O", " Anlaşma kapsamında"),
        ("n", " İstanbul'da kurulacak"),
        ("R", " yabancı rakipleri yerine"),
        ("B", "İlgili haberler:"),
    ],
)


if __name__ == "__main__":
    write(P, "b29")
