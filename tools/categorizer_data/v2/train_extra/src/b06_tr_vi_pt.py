"""Batch b06: Turkish, Vietnamese and Portuguese passages, written for this set."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "news",
    "tr",
    """
EKONOMİ
Beyaz eşya üreticisi Arçelik, İtalyan rakibini satın aldı
Haber: Elif Yıldız | 12.03.2026 - 10:45 | Güncelleme: 11:20

İstanbul merkezli Arçelik, Milano'da kurulan ev aletleri şirketi Fornelli'yi 320 milyon euroya satın aldığını açıkladı. Fornelli, 1955 yılında Torino'da kurulmuş ve Agnelli ailesine ait bir holdinge bağlıydı. Şirketin yeni genel müdürü, daha önce Bosch'ta çalışan Murat Kaya olacak. Fiyat rekabeti yerine Ar-Ge yatırımlarına odaklanılacağı belirtildi.
İlgili Haberler: Dolar/TL güne nasıl başladı?
Paylaş   Yorum Yap   Yazdır
""",
    [
        ("B", "EKONOMİ"),
        ("O", "Beyaz eşya üreticisi"),
        ("n", " Arçelik, İtalyan"),
        ("R", " rakibini satın aldı"),
        ("B", "Haber:"),
        ("n", " Elif Yıldız"),
        ("B", " | Güncelleme:"),
        ("n", "İstanbul merkezli"),
        ("n", " merkezli Arçelik"),
        ("n", " Milano'da kurulan"),
        ("n", " yılında Torino"),
        ("r", "'yi 320 milyon euroya satın"),
        ("R", " holdinge bağlıydı"),
        ("r", " yeni genel müdürü,"),
        ("N", " daha önce Bosch'ta çalışan"),
        ("R", "Fiyat rekabeti yerine"),
        ("o", " Ar-Ge yatırımlarına odaklan"),
        ("B", "İlgili Haberler:"),
        ("B", "Paylaş   Yorum Yap"),
        ("B", "   Yazdır"),
    ],
)

add(
    "encyclopedia",
    "tr",
    """
Van Gölü, Doğu Anadolu Bölgesi'nde yer alan ve Türkiye'nin en büyük gölüdür. Sodalı bir göl olan Van Gölü'nün suyu içilemez. Gölün içinde Akdamar Adası bulunur; adada 10. yüzyılda yapılmış Akdamar Kilisesi yer alır. Göle dökülen en önemli akarsu Bendimahi Çayı'dır. İnci kefali, göle özgü tek balık türüdür.
Ayrıca bakınız
Türkiye'deki göller listesi
Kaynakça
^ "Van Gölü". Devlet Su İşleri. 4 Mart 2016 tarihinde kaynağından arşivlendi. Erişim tarihi: 12 Mayıs 2020.
""",
    [
        ("n", "Van Gölü, Doğu"),
        ("n", " Anadolu Bölgesi'nde"),
        ("r", "'nde yer alan ve"),
        ("r", " en büyük gölüdür"),
        ("O", "Sodalı bir göl olan"),
        ("o", " suyu içilemez"),
        ("r", "Gölün içinde"),
        ("n", " Akdamar Adası bulunur"),
        ("o", " yapılmış"),
        ("r", " yer alır."),
        ("R", "Göle dökülen en önemli"),
        ("n", " Bendimahi Çayı"),
        ("R", ", göle özgü tek"),
        ("B", "Ayrıca bakınız"),
        ("B", "Türkiye'deki göller listesi"),
        ("B", "Kaynakça"),
        ("b", " tarihinde kaynağından arşivlendi"),
        ("b", " Erişim tarihi:"),
    ],
)

add(
    "job-ad",
    "tr",
    """
İş İlanı: Kıdemli Yazılım Geliştirici (Go)
Firma: Trendyol Teknoloji A.Ş. · Konum: İstanbul (Hibrit) · Tam zamanlı

Sorumluluklar
• Sipariş servislerinin geliştirilmesi ve bakımı
• Ürün ekibiyle birlikte yeni özelliklerin tasarlanması
Aranan Nitelikler
• Go veya Java ile en az 4 yıl deneyim
• Kafka ve PostgreSQL bilgisi
Başvurular yalnızca kariyer sayfamız üzerinden kabul edilmektedir.
Başvur   Kaydet   Paylaş
""",
    [
        ("B", "İş İlanı:"),
        ("O", " Kıdemli Yazılım Geliştirici"),
        ("N", " (Go)"),
        ("B", "Firma:"),
        ("n", " Trendyol Teknoloji A.Ş."),
        ("B", " · Konum:"),
        ("o", " · Tam zamanlı"),
        ("B", "Sorumluluklar"),
        ("o", " Sipariş servislerinin"),
        ("R", " Ürün ekibiyle birlikte"),
        ("B", "Aranan Nitelikler"),
        ("N", "• Go veya Java"),
        ("N", "• Kafka ve"),
        ("b", "Başvurular yalnızca kariyer sayfamız"),
        ("B", "Başvur   Kaydet"),
    ],
)

add(
    "code-python",
    "tr",
    """
def ortalama_hesapla(notlar: list[float]) -> float:
    \"\"\"Öğrencinin not ortalamasını hesaplar.

    Parametreler:
        notlar: 0-100 arası notların listesi
    \"\"\"
    # boş liste gelirse sıfır yerine None dönmek daha doğru olurdu
    if not notlar:
        return 0.0
    return round(sum(notlar) / len(notlar), 2)

print(f"Ortalama: {ortalama_hesapla([72, 85.5, 90])}")
""",
    [
        ("c", "def ortalama_hesapla"),
        ("c", "(notlar: list[float])"),
        ("o", "Öğrencinin not ortalamasını"),
        ("B", "Parametreler:"),
        ("c", "        notlar:"),
        ("o", " 0-100 arası notların"),
        ("O", " boş liste gelirse"),
        ("C", " sıfır yerine None"),
        ("c", "    if not notlar:"),
        ("c", " round(sum(notlar)"),
        ("c", " / len(notlar), 2)"),
        ("C", '(f"Ortalama: {'),
    ],
)

add(
    "real-estate-listing",
    "tr",
    """
Anasayfa > Satılık > İzmir > Urla
Satılık 3+1 Villa, Müstakil Havuzlu — 12.500.000 TL
Brüt 210 m² · Net 180 m² · Bina yaşı: 4

Urla merkeze 5 dakika mesafede, deniz manzaralı villa. Ev, bağ evleri bölgesine yakın olup geniş bir bahçeye sahiptir. Tapu durumu: kat mülkiyeti.
İlan no: 1187342 · İlan tarihi: 03 Mart 2026
Emlak ofisi: Ege Gayrimenkul
Mesaj gönder   Favorilere ekle   İlanı şikayet et
""",
    [
        ("B", "Anasayfa > Satılık"),
        ("n", " > Urla\n"),
        ("O", "Satılık 3+1 Villa"),
        ("o", " 12.500.000 TL"),
        ("B", "Brüt 210"),
        ("B", " · Bina yaşı:"),
        ("n", "Urla merkeze 5"),
        ("R", " dakika mesafede"),
        ("o", " deniz manzaralı villa"),
        ("R", " bölgesine yakın olup"),
        ("R", " bahçeye sahiptir"),
        ("B", "Tapu durumu:"),
        ("B", "İlan no:"),
        ("B", " · İlan tarihi:"),
        ("B", "Emlak ofisi:"),
        ("n", " Ege Gayrimenkul"),
        ("B", "Mesaj gönder"),
        ("B", "   İlanı şikayet et"),
    ],
)

add(
    "obituary",
    "tr",
    """
VEFAT
Emekli öğretmen Hatice GÜNEŞ (84) Hakk'ın rahmetine kavuşmuştur.
Merhume; Mehmet Güneş'in eşi, Ayşe ve Can'ın annesi, Zeynep'in babaannesidir.
Cenazesi 5 Mart Perşembe günü öğle namazını müteakip Ankara Kocatepe Camii'nden kaldırılarak Karşıyaka Mezarlığı'na defnedilecektir.
Allah rahmet eylesin. Başımız sağolsun.
Ailesi
""",
    [
        ("B", "VEFAT"),
        ("O", "Emekli öğretmen"),
        ("n", " Hatice GÜNEŞ (84)"),
        ("B", " Hakk'ın rahmetine kavuşmuştur"),
        ("B", "Merhume;"),
        ("r", "'in eşi,"),
        ("r", "'ın annesi,"),
        ("r", " babaannesidir"),
        ("O", " 5 Mart Perşembe"),
        ("B", " öğle namazını müteakip"),
        ("n", " Kocatepe Camii"),
        ("n", " Karşıyaka Mezarlığı"),
        ("B", "Allah rahmet eylesin"),
        ("B", " Başımız sağolsun"),
    ],
)

add(
    "news",
    "vi",
    """
KINH DOANH
Vinamilk hợp tác với tập đoàn Nhật Bản Meiji xây nhà máy tại Bình Dương
Bởi Nguyễn Thu Hà | 12/03/2026 10:30 GMT+7

Công ty Cổ phần Sữa Việt Nam (Vinamilk) vừa ký thỏa thuận liên doanh với Meiji nhằm sản xuất sữa chua cho thị trường Đông Nam Á. Nhà máy mới thuộc sở hữu của liên doanh, trong đó Vinamilk nắm 51% cổ phần. Ông Trần Minh Đức, người từng làm việc cho Nestlé, sẽ giữ chức tổng giám đốc. Thay vì cạnh tranh về giá, hai bên muốn tập trung vào sản phẩm cao cấp.
Xem thêm: Giá sữa bột tăng lần thứ hai trong năm
Chia sẻ   Bình luận   Theo dõi chúng tôi trên Zalo
""",
    [
        ("B", "KINH DOANH"),
        ("n", "Vinamilk hợp tác"),
        ("r", " hợp tác với tập đoàn"),
        ("n", " Nhật Bản Meiji"),
        ("n", " tại Bình Dương"),
        ("B", "Bởi"),
        ("n", " Nguyễn Thu Hà"),
        ("o", " 12/03/2026 10:30"),
        ("n", "Công ty Cổ phần Sữa"),
        ("R", " vừa ký thỏa thuận liên doanh với"),
        ("o", " sản xuất sữa chua"),
        ("R", " thuộc sở hữu của"),
        ("r", " nắm 51% cổ phần"),
        ("n", " Ông Trần Minh Đức"),
        ("R", " người từng làm việc cho"),
        ("r", " sẽ giữ chức"),
        ("R", " Thay vì cạnh tranh"),
        ("B", "Xem thêm:"),
        ("B", "Chia sẻ   Bình luận"),
        ("B", " Theo dõi chúng tôi trên"),
    ],
)

add(
    "encyclopedia",
    "vi",
    """
Vịnh Hạ Long là một vịnh nhỏ thuộc phần bờ tây vịnh Bắc Bộ, nằm ở tỉnh Quảng Ninh, Việt Nam. Vịnh có gần 2.000 hòn đảo, phần lớn là đảo đá vôi. Năm 1994, vịnh được UNESCO công nhận là Di sản thiên nhiên thế giới. Hang Sửng Sốt là một trong những hang động lớn nhất của vịnh. Vịnh Hạ Long giáp với vịnh Lan Hạ ở phía nam.
Xem thêm
Danh sách di sản thế giới tại Việt Nam
Tham khảo
^ "Vịnh Hạ Long". Ban quản lý vịnh Hạ Long. Lưu trữ bản gốc ngày 4 tháng 3 năm 2016. Truy cập ngày 12 tháng 5 năm 2020.
""",
    [
        ("n", "Vịnh Hạ Long là"),
        ("r", " là một vịnh nhỏ thuộc"),
        ("r", " thuộc phần bờ tây"),
        ("n", " vịnh Bắc Bộ"),
        ("r", ", nằm ở tỉnh"),
        ("n", " Quảng Ninh,"),
        ("o", " gần 2.000 hòn đảo"),
        ("R", ", phần lớn là đảo"),
        ("N", " được UNESCO công nhận"),
        ("r", " công nhận là"),
        ("r", " là một trong những hang"),
        ("r", " lớn nhất của vịnh"),
        ("r", " giáp với"),
        ("B", "Xem thêm\n"),
        ("B", "Danh sách di sản thế giới"),
        ("B", "Tham khảo"),
        ("b", " Lưu trữ bản gốc ngày"),
        ("b", " Truy cập ngày 12"),
    ],
)

add(
    "product-page",
    "vi",
    """
Trang chủ > Điện thoại & Máy tính bảng > Điện thoại
Điện thoại Samsung Galaxy A56 5G 8GB/256GB
⭐ 4.7 (1.204 đánh giá) | Đã bán 5,6k
Giá: 9.490.000₫  Trả góp 0%
Miễn phí vận chuyển · Đổi trả trong 30 ngày
Đặc điểm nổi bật
Máy được trang bị chip Exynos 1580 và tương thích với sạc nhanh 45W. Khung máy làm bằng nhôm.
Mua ngay   Thêm vào giỏ hàng   So sánh
""",
    [
        ("B", "Trang chủ >"),
        ("o", " Điện thoại & Máy"),
        ("N", "Điện thoại Samsung"),
        ("n", " Samsung Galaxy A56"),
        ("o", " 8GB/256GB"),
        ("B", " (1.204 đánh giá)"),
        ("B", "Giá:"),
        ("B", "  Trả góp 0%"),
        ("B", "Miễn phí vận chuyển"),
        ("B", " · Đổi trả trong 30 ngày"),
        ("B", "Đặc điểm nổi bật"),
        ("r", " được trang bị chip"),
        ("n", " Exynos 1580"),
        ("R", " tương thích với sạc"),
        ("r", " làm bằng nhôm"),
        ("B", "Mua ngay"),
        ("B", "   So sánh"),
    ],
)

add(
    "code-javascript",
    "vi",
    """
// Tính tổng tiền giỏ hàng, đã bao gồm thuế VAT
function tinhTongTien(gioHang) {
  // sản phẩm khuyến mãi dùng giá giảm thay vì giá gốc
  return gioHang.reduce((tong, sp) => {
    const gia = sp.khuyenMai ? sp.giaGiam : sp.giaGoc;
    return tong + gia * sp.soLuong;
  }, 0) * 1.1;
}
document.getElementById("tong").textContent = `${tinhTongTien(gio)} ₫`;
""",
    [
        ("c", "// Tính"),
        ("o", " tổng tiền giỏ hàng"),
        ("O", " đã bao gồm thuế VAT"),
        ("c", "function tinhTongTien("),
        ("O", " sản phẩm khuyến mãi"),
        ("R", " giá giảm thay vì giá"),
        ("c", "gioHang.reduce((tong"),
        ("c", " sp.khuyenMai ?"),
        ("c", " : sp.giaGoc;"),
        ("c", " * sp.soLuong;"),
        ("c", "}, 0) * 1.1;"),
        ("c", 'document.getElementById("tong")'),
    ],
)

add(
    "weather-report",
    "vi",
    """
Dự báo thời tiết ngày 15/3 của Trung tâm Dự báo Khí tượng Thủy văn Quốc gia
Hà Nội: Nhiều mây, có mưa phùn và sương mù nhẹ vào sáng sớm. Nhiệt độ từ 17 đến 21 độ C. So với hôm qua, trời ấm hơn khoảng 2 độ.
Nam Bộ: Nắng nóng, nhiệt độ cao nhất 35 độ, chỉ số UV ở mức rất cao.
Nguồn: NCHMF. Cập nhật lúc 6:00.
""",
    [
        ("o", "Dự báo thời tiết ngày"),
        ("n", " Trung tâm Dự báo Khí tượng"),
        ("n", "Hà Nội: Nhiều"),
        ("o", " có mưa phùn và"),
        ("o", " vào sáng sớm"),
        ("o", " từ 17 đến 21 độ"),
        ("R", " So với hôm qua"),
        ("n", "Nam Bộ: Nắng"),
        ("o", " nhiệt độ cao nhất 35"),
        ("O", " chỉ số UV ở mức"),
        ("B", "Nguồn:"),
        ("B", " Cập nhật lúc 6:00"),
    ],
)

add(
    "government-notice",
    "vi",
    """
ỦY BAN NHÂN DÂN THÀNH PHỐ ĐÀ NẴNG
CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM
Độc lập - Tự do - Hạnh phúc
Số: 452/TB-UBND          Đà Nẵng, ngày 04 tháng 3 năm 2026
THÔNG BÁO
Về việc tạm dừng lưu thông trên cầu Rồng để sửa chữa
Căn cứ Luật Giao thông đường bộ ngày 13 tháng 11 năm 2008; theo đề nghị của Sở Giao thông vận tải, UBND thành phố thông báo tạm dừng lưu thông từ 22 giờ đến 5 giờ sáng.
Nơi nhận: Như trên; Lưu: VT.
""",
    [
        ("n", "ỦY BAN NHÂN DÂN THÀNH PHỐ"),
        ("B", "CỘNG HÒA XÃ HỘI CHỦ NGHĨA"),
        ("B", "Độc lập - Tự do"),
        ("B", "Số: 452/TB"),
        ("n", "          Đà Nẵng, ngày"),
        ("B", "THÔNG BÁO"),
        ("B", "Về việc tạm"),
        ("n", " trên cầu Rồng"),
        ("B", "Căn cứ Luật"),
        ("n", " Luật Giao thông đường bộ"),
        ("b", "; theo đề nghị của"),
        ("n", " Sở Giao thông vận tải"),
        ("o", " từ 22 giờ đến"),
        ("B", "Nơi nhận: Như trên"),
        ("B", "; Lưu: VT."),
    ],
)

add(
    "news",
    "pt",
    """
ECONOMIA
Grupo brasileiro Sabor adquire rede portuguesa de padarias Pão Quente
Por Ana Beatriz Costa | São Paulo | 12/03/2026 09h40 · Atualizado há 2 horas

O grupo Sabor, com sede em Curitiba, comprou a rede portuguesa Pão Quente por 210 milhões de euros. A Pão Quente, fundada no Porto em 1987, pertence à família Carvalho e tem 140 lojas. O novo presidente será Rui Tavares, que trabalhou na Sonae durante uma década. Em vez de competir nos preços, o grupo quer expandir a marca no Brasil.
Leia também: Preço do trigo cai pela terceira semana
Compartilhe   Comentários (9)   Assine já
""",
    [
        ("B", "ECONOMIA"),
        ("N", "Grupo brasileiro Sabor"),
        ("r", " adquire rede portuguesa"),
        ("n", " Pão Quente\n"),
        ("n", "Por Ana Beatriz"),
        ("B", " · Atualizado há 2 horas"),
        ("r", ", com sede em"),
        ("n", " Curitiba,"),
        ("r", " comprou a rede"),
        ("n", " fundada no Porto"),
        ("r", " pertence à família"),
        ("R", " e tem 140 lojas"),
        ("r", " O novo presidente será"),
        ("N", " que trabalhou na Sonae"),
        ("R", " Em vez de competir"),
        ("n", " no Brasil."),
        ("B", "Leia também:"),
        ("B", "Compartilhe"),
        ("B", "   Assine já"),
    ],
)

add(
    "encyclopedia",
    "pt",
    """
O rio Douro é um rio da Península Ibérica que nasce na serra de Urbión, em Espanha, e desagua no oceano Atlântico, no Porto. Tem 897 km de extensão, dos quais 112 km constituem a fronteira entre Portugal e Espanha. A região demarcada do Douro, produtora do vinho do Porto, é Património Mundial da UNESCO desde 2001. O Tua e o Sabor são afluentes do Douro.
Ver também
Lista de rios de Portugal
Referências
↑ «Rio Douro». Agência Portuguesa do Ambiente. Arquivado do original em 4 de março de 2016. Consultado em 12 de maio de 2020.
""",
    [
        ("n", "O rio Douro é"),
        ("r", " é um rio da"),
        ("n", " Península Ibérica"),
        ("r", " que nasce na"),
        ("n", " serra de Urbión"),
        ("r", " e desagua no"),
        ("n", " oceano Atlântico,"),
        ("o", " 897 km de extensão"),
        ("R", " constituem a fronteira entre"),
        ("o", " região demarcada do"),
        ("R", ", produtora do vinho"),
        ("n", " vinho do Porto"),
        ("r", " são afluentes do"),
        ("B", "Ver também"),
        ("B", "Lista de rios de Portugal"),
        ("B", "Referências"),
        ("b", " Arquivado do original em"),
        ("b", " Consultado em 12 de maio"),
    ],
)

add(
    "job-ad",
    "pt",
    """
Vaga: Analista de Dados Pleno
Empresa: Nubank · Local: São Paulo, SP (remoto) · CLT

Responsabilidades
- Construir dashboards em Looker para o time de crédito
- Trabalhar em parceria com engenheiros de dados
Requisitos
- SQL avançado e Python (pandas)
Benefícios: vale-refeição, plano de saúde, Gympass.
Somos uma empresa que valoriza a diversidade. Todas as pessoas candidatas serão consideradas.
Candidatar-se   Salvar vaga   Compartilhar
""",
    [
        ("B", "Vaga:"),
        ("O", " Analista de Dados Pleno"),
        ("B", "Empresa:"),
        ("n", " Nubank · Local"),
        ("B", " · Local:"),
        ("n", " São Paulo, SP"),
        ("o", " (remoto) · CLT"),
        ("B", "Responsabilidades"),
        ("o", " Construir dashboards em"),
        ("n", " em Looker para"),
        ("R", " Trabalhar em parceria com"),
        ("B", "Requisitos"),
        ("N", " SQL avançado e Python"),
        ("B", "Benefícios:"),
        ("N", " Gympass."),
        ("b", "Somos uma empresa que valoriza a diversidade"),
        ("B", "Candidatar-se"),
        ("B", "   Salvar vaga"),
    ],
)

add(
    "code-r",
    "pt",
    """
# Carrega os dados do IBGE e calcula a renda média por estado
library(dplyr)
library(readr)

renda <- read_csv("dados/pnad_2025.csv", locale = locale(decimal_mark = ","))
# estados sem resposta ficam como NA em vez de zero
resumo <- renda %>%
  group_by(uf) %>%
  summarise(media = mean(renda_mensal, na.rm = TRUE)) %>%
  arrange(desc(media))
print(head(resumo, 5))
""",
    [
        ("c", "# Carrega"),
        ("n", " os dados do IBGE"),
        ("O", " calcula a renda média por"),
        ("c", "library(dplyr)"),
        ("c", 'renda <- read_csv("'),
        ("c", "locale(decimal_mark"),
        ("O", " estados sem resposta"),
        ("C", " NA em vez de zero"),
        ("c", " %>%\n  group_by(uf)"),
        ("c", "mean(renda_mensal, na.rm"),
        ("c", "arrange(desc(media))"),
        ("c", "print(head(resumo"),
    ],
)

add(
    "faq-page",
    "pt",
    """
Perguntas frequentes

Como faço para trocar um produto?
Acesse Minha conta > Meus pedidos e clique em "Solicitar troca". O prazo é de 7 dias após o recebimento.

Posso comprar em nome de outra pessoa?
Sim. Basta informar o endereço de entrega e o nome do destinatário.

Esta resposta foi útil?  Sim  Não
Ainda precisa de ajuda? Fale conosco
""",
    [
        ("B", "Perguntas frequentes"),
        ("o", "Como faço para trocar"),
        ("B", " Minha conta > Meus"),
        ("B", ' "Solicitar troca"'),
        ("o", " O prazo é de 7 dias"),
        ("R", " em nome de outra pessoa"),
        ("O", "Sim. Basta informar"),
        ("B", "Esta resposta foi útil"),
        ("B", "Ainda precisa de ajuda"),
        ("B", " Fale conosco"),
    ],
)

add(
    "blog",
    "pt",
    """
Publicado em 9 de fevereiro de 2026 por Joana · 4 comentários

Um fim de semana em Óbidos

Óbidos é uma vila medieval a uma hora de Lisboa, rodeada por muralhas do século XII. Ficámos numa casa perto da Porta da Vila. A ginjinha servida em copos de chocolate é típica da região. Aliás, a vila faz parte da rede de Cidades Criativas da UNESCO, graças ao festival literário.

Categorias: Portugal, Escapadinhas
Artigo anterior | Próximo artigo
Deixe um comentário
""",
    [
        ("B", "Publicado em 9 de"),
        ("B", " por Joana ·"),
        ("B", " 4 comentários"),
        ("O", "Um fim de semana"),
        ("n", " em Óbidos\n"),
        ("r", " é uma vila medieval"),
        ("n", " de Lisboa,"),
        ("R", " rodeada por muralhas"),
        ("n", " da Porta da Vila"),
        ("r", " é típica da região"),
        ("O", " Aliás, a vila"),
        ("r", " faz parte da rede"),
        ("N", " Cidades Criativas"),
        ("B", "Categorias:"),
        ("B", "Artigo anterior |"),
        ("B", "Deixe um comentário"),
    ],
)


if __name__ == "__main__":
    write(P, "b06")
