"""Batch b21: interface text of sites and apps (login, 404, settings, video and app-store pages) in many languages."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "login-page",
    "en",
    """
Sign in to Fernwood
Email address
Password                                  Forgot password?
[ ] Keep me signed in
Sign in
or continue with   Google   Apple   Microsoft
New to Fernwood? Create an account
By signing in, you agree to our Terms of Use and acknowledge our Privacy Notice.
Help · Status · Cookie preferences · © 2026 Fernwood Analytics Ltd
""",
    [
        ("B", "Sign in to Fernwood"),
        ("B", "Email address"),
        ("B", "Password      "),
        ("B", "Forgot password?"),
        ("B", "[ ] Keep me signed in"),
        ("B", "Sign in\nor"),
        ("B", "or continue with"),
        ("B", "   Google   Apple"),
        ("B", "New to Fernwood?"),
        ("B", " Create an account"),
        ("b", "By signing in, you agree to our"),
        ("b", " Terms of Use and"),
        ("b", " acknowledge our Privacy Notice"),
        ("B", "Help · Status"),
        ("b", " © 2026 Fernwood Analytics Ltd"),
    ],
)

add(
    "error-page",
    "en",
    """
404 — Page not found
Sorry, we couldn't find the page you were looking for. It may have been moved, or the link you followed may be broken.
Go back home   Search the help centre   Report a broken link
Popular pages: Pricing · Docs · Careers · Blog
""",
    [
        ("c", "404 —"),
        ("B", " Page not found"),
        ("b", "Sorry, we couldn't find the page"),
        ("b", " It may have been moved"),
        ("b", " the link you followed may be broken"),
        ("B", "Go back home"),
        ("B", "   Search the help centre"),
        ("B", "   Report a broken link"),
        ("B", "Popular pages:"),
        ("B", " Pricing · Docs"),
        ("B", " · Careers · Blog"),
    ],
)

add(
    "video-page",
    "en",
    """
How the Humber Bridge was built | Engineering Stories
1.2M views · 3 years ago   👍 24K   Share   Save   Clip   ...
Engineering Stories  ·  482K subscribers   Subscribe
The Humber Bridge was the longest single-span suspension bridge in the world from 1981 until 1998, when it was overtaken by the Akashi Kaikyō Bridge in Japan.
Chapters: 0:00 Intro · 2:14 Foundations · 9:40 Spinning the cables
Show more
2,391 Comments   Sort by
Add a comment...
""",
    [
        ("O", "How the Humber"),
        ("n", " Humber Bridge was built"),
        ("B", " | Engineering Stories"),
        ("B", "1.2M views ·"),
        ("B", " 3 years ago"),
        ("B", "   Share   Save"),
        ("B", "   Clip   ..."),
        ("B", "  ·  482K subscribers"),
        ("B", "   Subscribe"),
        ("r", " was the longest single-span"),
        ("r", " suspension bridge in the world"),
        ("O", ", when it was overtaken by the"),
        ("n", " Akashi Kaikyō Bridge"),
        ("B", "Chapters:"),
        ("O", " 0:00 Intro"),
        ("O", " · 2:14 Foundations"),
        ("B", "Show more"),
        ("B", "2,391 Comments"),
        ("B", "   Sort by"),
        ("B", "Add a comment..."),
    ],
)

add(
    "app-store-listing",
    "fr",
    """
Météo Marine Pro
Éditeur : Bleu Large SAS
4,6 ★ · 12 k avis · 4+ · Gratuit · Achats intégrés
Obtenir

Nouveautés  Version 5.2
- Corrections de bugs et amélioration des performances.

Météo Marine Pro est l'application de référence des plaisanciers. Les prévisions proviennent de Météo-France et du modèle européen ECMWF, au lieu des modèles génériques.
Confidentialité de l'app : Données utilisées pour vous suivre — Localisation
Signaler un problème   Partager l'app
""",
    [
        ("n", "Météo Marine Pro"),
        ("B", "Éditeur :"),
        ("n", " Bleu Large SAS"),
        ("B", " · 12 k avis"),
        ("B", " · Achats intégrés"),
        ("B", "Obtenir"),
        ("B", "Nouveautés  Version"),
        ("b", "- Corrections de bugs et amélioration des performances"),
        ("r", " est l'application de référence des"),
        ("R", " Les prévisions proviennent de"),
        ("n", " Météo-France et"),
        ("n", " modèle européen ECMWF"),
        ("R", ", au lieu des modèles"),
        ("B", "Confidentialité de l'app :"),
        ("b", " Données utilisées pour vous suivre"),
        ("B", "Signaler un problème"),
        ("B", "   Partager l'app"),
    ],
)

add(
    "account-settings",
    "es",
    """
Configuración de la cuenta
Perfil   Seguridad   Notificaciones   Facturación
Nombre visible: Lucía B.
Idioma: Español (España)      Cambiar
Autenticación en dos pasos: desactivada   Activar
Sesiones activas: 3 dispositivos   Cerrar todas las sesiones
Eliminar cuenta
Esta acción es permanente y no se puede deshacer.
Guardar cambios   Cancelar
""",
    [
        ("B", "Configuración de la cuenta"),
        ("B", "Perfil   Seguridad"),
        ("B", "   Notificaciones   Facturación"),
        ("B", "Nombre visible:"),
        ("n", " Lucía B."),
        ("B", "Idioma:"),
        ("N", " Español (España)"),
        ("B", "      Cambiar"),
        ("B", "Autenticación en dos pasos:"),
        ("B", " desactivada   Activar"),
        ("B", "Sesiones activas:"),
        ("B", "   Cerrar todas las sesiones"),
        ("B", "Eliminar cuenta"),
        ("b", "Esta acción es permanente y no se puede deshacer"),
        ("B", "Guardar cambios"),
        ("B", "   Cancelar"),
    ],
)

add(
    "login-page",
    "de",
    """
Anmelden bei Mein Stadtwerk
E-Mail-Adresse oder Kundennummer
Passwort                      Passwort vergessen?
[ ] Angemeldet bleiben
Anmelden
Noch kein Konto? Jetzt registrieren
Mit der Anmeldung akzeptieren Sie unsere Nutzungsbedingungen und die Datenschutzerklärung.
Impressum · Barrierefreiheit · Cookie-Einstellungen
""",
    [
        ("B", "Anmelden bei Mein"),
        ("n", " Mein Stadtwerk"),
        ("B", "E-Mail-Adresse oder Kundennummer"),
        ("B", "Passwort     "),
        ("B", "Passwort vergessen?"),
        ("B", "[ ] Angemeldet bleiben"),
        ("B", "Anmelden\nNoch"),
        ("B", "Noch kein Konto?"),
        ("B", " Jetzt registrieren"),
        ("b", "Mit der Anmeldung akzeptieren Sie"),
        ("b", " unsere Nutzungsbedingungen"),
        ("b", " und die Datenschutzerklärung"),
        ("B", "Impressum ·"),
        ("B", " Barrierefreiheit ·"),
        ("B", " Cookie-Einstellungen"),
    ],
)

add(
    "video-page",
    "nl",
    """
Zo werd de Afsluitdijk gebouwd | Historisch Archief
845.000 weergaven · 2 jaar geleden   Vind ik leuk   Delen   Opslaan
Historisch Archief · 120.000 abonnees   Abonneren
De Afsluitdijk verbindt Noord-Holland met Friesland en scheidt de Waddenzee van het IJsselmeer. Het ontwerp was gebaseerd op de plannen van Cornelis Lely.
Meer weergeven
1.204 reacties   Sorteren op
Voeg een reactie toe...
""",
    [
        ("O", "Zo werd de"),
        ("n", " Afsluitdijk gebouwd"),
        ("B", " | Historisch Archief"),
        ("B", "845.000 weergaven ·"),
        ("B", " 2 jaar geleden"),
        ("B", "   Vind ik leuk"),
        ("B", "   Delen   Opslaan"),
        ("B", " · 120.000 abonnees"),
        ("B", "   Abonneren"),
        ("n", " verbindt Noord"),
        ("n", "-Holland met Friesland"),
        ("r", " en scheidt de"),
        ("n", " Waddenzee van het"),
        ("r", " was gebaseerd op de plannen van"),
        ("n", " Cornelis Lely"),
        ("B", "Meer weergeven"),
        ("B", "1.204 reacties"),
        ("B", "Voeg een reactie toe..."),
    ],
)

add(
    "account-settings",
    "it",
    """
Impostazioni account
Profilo · Sicurezza · Privacy · Pagamenti
Email: g.ferrari@esempio.it   Modifica
Verifica in due passaggi: attiva
Dispositivi collegati: iPhone di Giulia, MacBook Air
Scarica i tuoi dati
Disattiva temporaneamente l'account
Le modifiche potrebbero richiedere fino a 24 ore per essere applicate.
Salva   Annulla
""",
    [
        ("B", "Impostazioni account"),
        ("B", "Profilo · Sicurezza"),
        ("B", " · Privacy · Pagamenti"),
        ("B", "Email:"),
        ("c", " g.ferrari@esempio.it"),
        ("B", "   Modifica"),
        ("B", "Verifica in due passaggi:"),
        ("B", "Dispositivi collegati:"),
        ("N", " iPhone di Giulia"),
        ("N", " MacBook Air"),
        ("B", "Scarica i tuoi dati"),
        ("B", "Disattiva temporaneamente l'account"),
        ("b", "Le modifiche potrebbero richiedere fino a 24 ore"),
        ("B", "Salva   Annulla"),
    ],
)

add(
    "app-store-listing",
    "pt",
    """
Feira Fácil – Compras no Mercado
Desenvolvedor: Feira Fácil Tecnologia Ltda.
4,7 ★ (38 mil avaliações) · Livre · Grátis · Contém anúncios
Instalar

Sobre este app
O Feira Fácil conecta produtores rurais de São Paulo com consumidores da capital. As entregas são feitas por parceiros locais em vez de grandes transportadoras.
Segurança dos dados: Os desenvolvedores podem mostrar aqui informações sobre como o app coleta e usa seus dados.
Sinalizar como impróprio
""",
    [
        ("n", "Feira Fácil – Compras"),
        ("B", "Desenvolvedor:"),
        ("n", " Feira Fácil Tecnologia"),
        ("B", " (38 mil avaliações)"),
        ("B", " · Contém anúncios"),
        ("B", "Instalar"),
        ("B", "Sobre este app"),
        ("N", "O Feira Fácil conecta"),
        ("r", " conecta produtores rurais"),
        ("n", " de São Paulo com"),
        ("R", " com consumidores da capital"),
        ("O", " são feitas por parceiros"),
        ("R", " em vez de grandes"),
        ("B", "Segurança dos dados:"),
        ("b", " Os desenvolvedores podem mostrar aqui informações"),
        ("B", "Sinalizar como impróprio"),
    ],
)

add(
    "error-page",
    "ru",
    """
Ошибка 404
Страница не найдена
Возможно, она была удалена или вы перешли по неверной ссылке.
Вернуться на главную   Написать в поддержку
Популярные разделы: Каталог · Доставка и оплата · Контакты
© 2026 ООО «Книжный дом». Все права защищены.
""",
    [
        ("B", "Ошибка 404"),
        ("B", "Страница не найдена"),
        ("b", "Возможно, она была удалена"),
        ("b", " или вы перешли по неверной ссылке"),
        ("B", "Вернуться на главную"),
        ("B", "   Написать в поддержку"),
        ("B", "Популярные разделы:"),
        ("B", " Каталог · Доставка"),
        ("B", " · Контакты"),
        ("b", "© 2026 ООО «Книжный дом»"),
        ("b", " Все права защищены"),
    ],
)

add(
    "video-page",
    "ja",
    """
明石海峡大橋はこうして造られた｜土木の記録
再生回数 85万回・2年前   高評価   共有   保存
土木の記録 チャンネル登録者数 32万人   登録
明石海峡大橋は神戸市と淡路島を結ぶ吊り橋で、1998年の開通時には世界最長だった。設計は本州四国連絡橋公団が担当した。
もっと見る
コメント 1,204件   並べ替え
コメントを追加...
""",
    [
        ("n", "明石海峡大橋は"),
        ("O", "こうして造られた"),
        ("B", "｜土木の記録"),
        ("B", "再生回数 85万回"),
        ("B", "・2年前"),
        ("B", "   高評価   共有"),
        ("B", "   保存"),
        ("B", "チャンネル登録者数"),
        ("B", "   登録"),
        ("n", "神戸市と淡路島"),
        ("r", "を結ぶ吊り橋で"),
        ("r", "世界最長だった"),
        ("r", "設計は"),
        ("n", "本州四国連絡橋公団"),
        ("R", "が担当した"),
        ("B", "もっと見る"),
        ("B", "コメント 1,204件"),
        ("B", "コメントを追加..."),
    ],
)

add(
    "app-store-listing",
    "ko",
    """
당근 - 동네 중고거래
개발자: 당근마켓
4.8 ★ (리뷰 120만) · 만 12세 이상 · 무료
설치

앱 정보
당근은 이웃과 중고 물품을 사고파는 지역 기반 서비스입니다. 택배 대신 직접 만나 거래하는 방식을 권장합니다.
데이터 보안: 개발자가 앱의 데이터 수집 및 사용 방식에 관한 정보를 여기에 표시할 수 있습니다.
부적절한 앱으로 신고
""",
    [
        ("n", "당근 - 동네"),
        ("O", " 동네 중고거래"),
        ("B", "개발자:"),
        ("n", " 당근마켓"),
        ("B", " (리뷰 120만)"),
        ("B", " · 만 12세 이상"),
        ("B", "설치\n"),
        ("B", "앱 정보"),
        ("n", "당근은 이웃"),
        ("O", "이웃과 중고 물품을"),
        ("r", " 지역 기반 서비스입니다"),
        ("R", " 택배 대신 직접"),
        ("B", "데이터 보안:"),
        ("b", " 개발자가 앱의 데이터 수집"),
        ("B", "부적절한 앱으로 신고"),
    ],
)

add(
    "login-page",
    "zh",
    """
登录 淘宝网
手机号/会员名/邮箱
密码                       忘记密码？
[ ] 7天内免登录
登 录
其他登录方式：支付宝  微博
还没有账号？免费注册
登录即表示您同意《淘宝平台服务协议》和《隐私权政策》
关于我们 | 联系客服 | 网站地图 | © 2026 Taobao.com 版权所有
""",
    [
        ("B", "登录 淘宝网"),
        ("B", "手机号/会员名/邮箱"),
        ("B", "忘记密码？"),
        ("B", "[ ] 7天内免登录"),
        ("B", "登 录"),
        ("B", "其他登录方式："),
        ("B", "支付宝  微博"),
        ("B", "还没有账号？"),
        ("B", "免费注册"),
        ("b", "登录即表示您同意"),
        ("b", "《淘宝平台服务协议》"),
        ("b", "和《隐私权政策》"),
        ("B", "关于我们 | 联系客服"),
        ("b", "© 2026 Taobao.com 版权所有"),
    ],
)

add(
    "account-settings",
    "tr",
    """
Hesap Ayarları
Profil · Güvenlik · Bildirimler · Ödeme Yöntemleri
Ad Soyad: Elif Yıldız   Düzenle
İki adımlı doğrulama: Kapalı   Etkinleştir
Kayıtlı adresler: Ev (Kadıköy), İş (Levent)
Hesabımı dondur   Hesabımı sil
Bu işlem geri alınamaz.
Kaydet   Vazgeç
""",
    [
        ("B", "Hesap Ayarları"),
        ("B", "Profil · Güvenlik"),
        ("B", " · Ödeme Yöntemleri"),
        ("B", "Ad Soyad:"),
        ("n", " Elif Yıldız"),
        ("B", "   Düzenle"),
        ("B", "İki adımlı doğrulama:"),
        ("B", "   Etkinleştir"),
        ("B", "Kayıtlı adresler:"),
        ("n", " Ev (Kadıköy)"),
        ("n", " İş (Levent)"),
        ("B", "Hesabımı dondur"),
        ("b", "Bu işlem geri alınamaz"),
        ("B", "Kaydet   Vazgeç"),
    ],
)

add(
    "error-page",
    "ar",
    """
خطأ 404
الصفحة غير موجودة
عذراً، لم نتمكن من العثور على الصفحة التي تبحث عنها. ربما تم نقلها أو حذفها.
العودة إلى الصفحة الرئيسية   اتصل بنا
روابط مفيدة: الأسئلة الشائعة · سياسة الإرجاع · تتبع الطلب
جميع الحقوق محفوظة © 2026 متجر الوادي
""",
    [
        ("B", "خطأ 404"),
        ("B", "الصفحة غير موجودة"),
        ("b", "عذراً، لم نتمكن من العثور"),
        ("b", " ربما تم نقلها أو حذفها"),
        ("B", "العودة إلى الصفحة الرئيسية"),
        ("B", "   اتصل بنا"),
        ("B", "روابط مفيدة:"),
        ("B", " الأسئلة الشائعة ·"),
        ("B", " سياسة الإرجاع"),
        ("b", "جميع الحقوق محفوظة"),
        ("b", " © 2026 متجر الوادي"),
    ],
)

add(
    "video-page",
    "hi",
    """
कैसे बना बांद्रा-वर्ली सी लिंक | इंजीनियरिंग की कहानियाँ
12 लाख बार देखा गया · 3 साल पहले   पसंद करें   शेयर करें   सेव करें
इंजीनियरिंग की कहानियाँ · 4.8 लाख सब्सक्राइबर   सब्सक्राइब करें
बांद्रा-वर्ली सी लिंक मुंबई में बांद्रा को वर्ली से जोड़ने वाला एक केबल-स्टे पुल है। इसका निर्माण हिंदुस्तान कंस्ट्रक्शन कंपनी ने किया था।
और देखें
2,391 टिप्पणियाँ   इसके अनुसार क्रम से लगाएँ
एक टिप्पणी जोड़ें...
""",
    [
        ("O", "कैसे बना"),
        ("n", " बांद्रा-वर्ली सी लिंक"),
        ("B", " | इंजीनियरिंग की कहानियाँ"),
        ("B", "12 लाख बार देखा गया"),
        ("B", " · 3 साल पहले"),
        ("B", "   पसंद करें"),
        ("B", "   शेयर करें"),
        ("B", " · 4.8 लाख सब्सक्राइबर"),
        ("B", "   सब्सक्राइब करें"),
        ("n", " मुंबई में बांद्रा"),
        ("R", " से जोड़ने वाला एक"),
        ("r", " केबल-स्टे पुल है"),
        ("r", "इसका निर्माण"),
        ("n", " हिंदुस्तान कंस्ट्रक्शन कंपनी"),
        ("R", " ने किया था"),
        ("B", "और देखें"),
        ("B", "2,391 टिप्पणियाँ"),
        ("B", "एक टिप्पणी जोड़ें..."),
    ],
)

add(
    "account-settings",
    "vi",
    """
Cài đặt tài khoản
Hồ sơ · Bảo mật · Thông báo · Thanh toán
Tên hiển thị: Thu Hà   Chỉnh sửa
Xác thực hai bước: Đang tắt   Bật ngay
Thiết bị đã đăng nhập: Samsung Galaxy A56, Chrome trên Windows
Xóa tài khoản
Thao tác này không thể hoàn tác.
Lưu thay đổi   Hủy
""",
    [
        ("B", "Cài đặt tài khoản"),
        ("B", "Hồ sơ · Bảo mật"),
        ("B", " · Thông báo · Thanh toán"),
        ("B", "Tên hiển thị:"),
        ("n", " Thu Hà   "),
        ("B", "   Chỉnh sửa"),
        ("B", "Xác thực hai bước:"),
        ("B", "   Bật ngay"),
        ("B", "Thiết bị đã đăng nhập:"),
        ("N", " Samsung Galaxy A56,"),
        ("N", " Chrome trên Windows"),
        ("B", "Xóa tài khoản"),
        ("b", "Thao tác này không thể hoàn tác"),
        ("B", "Lưu thay đổi   Hủy"),
    ],
)

add(
    "login-page",
    "pl",
    """
Zaloguj się do Allegro
Login lub e-mail
Hasło                         Nie pamiętasz hasła?
[ ] Nie wylogowuj mnie
Zaloguj się
Nie masz konta? Załóż konto
Logując się, akceptujesz Regulamin oraz Politykę prywatności.
Pomoc · Mapa strony · Ustawienia plików cookie
""",
    [
        ("B", "Zaloguj się do"),
        ("n", " do Allegro"),
        ("B", "Login lub e-mail"),
        ("B", "Hasło      "),
        ("B", "Nie pamiętasz hasła?"),
        ("B", "[ ] Nie wylogowuj mnie"),
        ("B", "Zaloguj się\nNie"),
        ("B", "Nie masz konta?"),
        ("B", " Załóż konto"),
        ("b", "Logując się, akceptujesz"),
        ("b", " Regulamin oraz"),
        ("b", " Politykę prywatności"),
        ("B", "Pomoc · Mapa strony"),
        ("B", " · Ustawienia plików cookie"),
    ],
)


if __name__ == "__main__":
    write(P, "b21")
