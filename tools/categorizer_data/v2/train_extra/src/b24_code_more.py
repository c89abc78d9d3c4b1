"""Batch b24: more code and data formats (regex, GraphQL, protobuf, crontab, gettext, locale files, formulas, Markdown tables)."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "graphql",
    "en",
    """
# Fetch a customer's recent orders; `first` is capped at 50 by the server
query RecentOrders($id: ID!, $first: Int = 10) {
  customer(id: $id) {
    name
    orders(first: $first, orderBy: {field: CREATED_AT, direction: DESC}) {
      edges {
        node { id total { amount currencyCode } status }
      }
    }
  }
}
""",
    [
        ("c", "# Fetch"),
        ("o", " a customer's recent orders"),
        ("c", " `first` is"),
        ("O", " capped at 50 by the server"),
        ("c", "query RecentOrders("),
        ("c", "$id: ID!"),
        ("c", ", $first: Int = 10)"),
        ("c", "customer(id: $id) {"),
        ("c", "    name\n"),
        ("c", "orderBy: {field: CREATED_AT"),
        ("c", "direction: DESC}"),
        ("c", "node { id total"),
        ("c", " currencyCode }"),
    ],
)

add(
    "protobuf",
    "en",
    """
syntax = "proto3";
package harbour.stock.v1;

// A book held in stock at one branch. Each Book belongs to exactly one Branch.
message Book {
  string isbn = 1;          // 13 digits, no hyphens
  string title = 2;
  int32 copies = 3;
  google.protobuf.Timestamp updated_at = 4;
}

service Stock {
  rpc Reserve(ReserveRequest) returns (Reservation);
}
""",
    [
        ("c", 'syntax = "proto3";'),
        ("c", "package harbour.stock.v1;"),
        ("c", "// A book"),
        ("o", " held in stock at one branch"),
        ("C", " Each Book belongs to"),
        ("C", " belongs to exactly one Branch"),
        ("c", "message Book {"),
        ("c", "string isbn = 1;"),
        ("O", " 13 digits, no hyphens"),
        ("c", "int32 copies = 3;"),
        ("c", "google.protobuf.Timestamp"),
        ("c", "service Stock {"),
        ("c", "rpc Reserve(ReserveRequest)"),
        ("c", " returns (Reservation);"),
    ],
)

add(
    "crontab",
    "en",
    """
# m h  dom mon dow   command
# Nightly backup at 02:30; runs as the backup user, not root
30 2 * * *   /usr/local/bin/backup.sh >> /var/log/backup.log 2>&1
# Renew TLS certificates twice a day, as Let's Encrypt recommends
17 */12 * * *  certbot renew --quiet --deploy-hook "systemctl reload nginx"
# Clear the thumbnail cache every Sunday
0 4 * * 0    find /srv/media/thumbs -type f -mtime +7 -delete
""",
    [
        ("c", "# m h  dom mon dow"),
        ("c", "# Nightly"),
        ("O", " backup at 02:30"),
        ("O", " runs as the backup user"),
        ("c", "30 2 * * *"),
        ("c", "/usr/local/bin/backup.sh"),
        ("c", " >> /var/log/backup.log"),
        ("c", " 2>&1"),
        ("O", " Renew TLS certificates twice"),
        ("N", " as Let's Encrypt recommends"),
        ("c", "17 */12 * * *"),
        ("c", "certbot renew --quiet"),
        ("c", '"systemctl reload nginx"'),
        ("O", " Clear the thumbnail cache"),
        ("c", " -type f -mtime +7"),
    ],
)

add(
    "regex-docs",
    "en",
    """
Pattern: ^(?P<postcode>[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2})$
Matches a UK postcode such as SW1A 1AA or M1 1AE.
  ^            start of string
  (?P<...>)    named group, available as m.group("postcode")
  [A-Z]{1,2}   one or two capital letters (the area, e.g. SW for south-west London)
  \\d           one digit
  ?            the space between the two halves is optional
Note: this pattern does not check that the postcode actually exists; use the Royal Mail PAF for that.
""",
    [
        ("B", "Pattern:"),
        ("c", " ^(?P<postcode>"),
        ("c", "[A-Z]{1,2}\\d"),
        ("o", "Matches a UK postcode"),
        ("C", " such as SW1A 1AA"),
        ("c", "  ^            start"),
        ("o", " start of string"),
        ("c", "  (?P<...>)"),
        ("o", "    named group, available"),
        ("c", ' m.group("postcode")'),
        ("O", " one or two capital letters"),
        ("n", " south-west London)"),
        ("O", " the space between the two"),
        ("B", "Note:"),
        ("O", " this pattern does not check"),
        ("n", " Royal Mail PAF"),
    ],
)

add(
    "gettext-po",
    "fr",
    """
# Traduction française de Harbour Books.
# Copyright (C) 2026 Harbour Books Ltd
# Ce fichier est distribué sous la même licence que le paquet.
#
#: src/views/cart.py:42
msgid "Add to basket"
msgstr "Ajouter au panier"

#: src/views/cart.py:57
#, python-format
msgid "%(count)d item in your basket"
msgid_plural "%(count)d items in your basket"
msgstr[0] "%(count)d article dans votre panier"
msgstr[1] "%(count)d articles dans votre panier"
""",
    [
        ("c", "# Traduction"),
        ("o", " française de"),
        ("b", "# Copyright (C) 2026"),
        ("b", " Harbour Books Ltd"),
        ("b", "# Ce fichier est distribué sous la même licence"),
        ("c", "#: src/views/cart.py:42"),
        ("c", 'msgid "Add'),
        ("C", ' "Add to basket"'),
        ("c", 'msgstr "Ajouter'),
        ("C", ' au panier"'),
        ("c", "#, python-format"),
        ("C", '"%(count)d item in'),
        ("c", "msgid_plural"),
        ("C", ' article dans votre panier"'),
    ],
)

add(
    "locale-json",
    "de",
    """
{
  "nav": {
    "home": "Startseite",
    "account": "Mein Konto",
    "signIn": "Anmelden",
    "signOut": "Abmelden"
  },
  "cart": {
    "add": "In den Warenkorb",
    "empty": "Ihr Warenkorb ist leer.",
    "checkout": "Zur Kasse"
  },
  "footer": {
    "imprint": "Impressum",
    "privacy": "Datenschutz"
  }
}
""",
    [
        ("c", '{\n  "nav": {'),
        ("c", '"home":'),
        ("C", ' "Startseite",'),
        ("c", '"account":'),
        ("C", ' "Mein Konto",'),
        ("C", ' "Anmelden",'),
        ("c", '"cart": {'),
        ("C", ' "In den Warenkorb"'),
        ("C", ' "Ihr Warenkorb ist leer."'),
        ("C", ' "Zur Kasse"'),
        ("c", '"footer": {'),
        ("C", ' "Impressum",'),
        ("C", ' "Datenschutz"'),
    ],
)

add(
    "ios-strings",
    "ja",
    """
/* ログイン画面 */
"login.title" = "ログイン";
"login.email.placeholder" = "メールアドレス";
"login.password.forgot" = "パスワードをお忘れですか？";
/* エラーメッセージ（サーバーから返される代わりに端末側で表示） */
"error.network" = "ネットワークに接続できません。";
"error.unknown" = "不明なエラーが発生しました";
""",
    [
        ("c", "/* ログイン"),
        ("O", "ログイン画面"),
        ("c", '"login.title" ='),
        ("C", ' "ログイン";'),
        ("c", '"login.email.placeholder"'),
        ("C", ' "メールアドレス";'),
        ("C", ' "パスワードをお忘れですか？"'),
        ("c", "/* エラー"),
        ("O", "エラーメッセージ"),
        ("R", "返される代わりに"),
        ("o", "端末側で表示"),
        ("c", '"error.network" ='),
        ("C", '"ネットワークに接続できません。"'),
    ],
)

add(
    "spreadsheet-formulas",
    "es",
    """
Hoja «Presupuesto 2026»
A1: Concepto        B1: Enero       C1: Febrero     D1: Total
A2: Alquiler        B2: 950         C2: 950         D2: =SUMA(B2:C2)
A3: Luz             B3: 72,40       C3: 68,15       D3: =SUMA(B3:C3)
A4: Total           B4: =SUMA(B2:B3)                D4: =SI(D2+D3>2000;"Revisar";"OK")
Nota: las celdas en amarillo se rellenan a mano, en vez de con fórmulas.
""",
    [
        ("B", "Hoja «Presupuesto 2026»"),
        ("c", "A1: Concepto"),
        ("c", "        B1: Enero"),
        ("c", "D1: Total"),
        ("C", "A2: Alquiler"),
        ("c", " D2: =SUMA(B2:C2)"),
        ("c", "B3: 72,40"),
        ("c", "=SUMA(B2:B3)"),
        ("c", "=SI(D2+D3>2000;"),
        ("C", '"Revisar";"OK")'),
        ("B", "Nota:"),
        ("O", " las celdas en amarillo"),
        ("R", " en vez de con fórmulas"),
    ],
)

add(
    "markdown-table",
    "zh",
    """
## 接口列表

| 方法 | 路径 | 说明 |
| --- | --- | --- |
| `GET` | `/api/v1/orders` | 获取订单列表，默认按创建时间倒序 |
| `POST` | `/api/v1/orders` | 创建订单，需要登录 |
| `DELETE` | `/api/v1/orders/{id}` | 取消订单（已发货的订单不能取消） |

> 注意：所有接口都需要在请求头中携带 `Authorization: Bearer <token>`，而不是放在 URL 参数里。
""",
    [
        ("b", "## 接口列表"),
        ("B", "| 方法 | 路径 |"),
        ("c", "| --- | --- |"),
        ("c", "| `GET` |"),
        ("c", " `/api/v1/orders` |"),
        ("o", " 获取订单列表"),
        ("O", "默认按创建时间倒序"),
        ("c", "| `POST` |"),
        ("o", "创建订单，需要登录"),
        ("c", " `/api/v1/orders/{id}`"),
        ("O", "已发货的订单不能取消"),
        ("O", "> 注意：所有接口"),
        ("c", " `Authorization: Bearer <token>`"),
        ("R", "而不是放在"),
        ("O", " URL 参数里"),
    ],
)

add(
    "nginx-config",
    "ru",
    """
# Конфигурация для shop.example.ru
# Статика отдаётся напрямую, а не через приложение
server {
    listen 443 ssl http2;
    server_name shop.example.ru;
    ssl_certificate /etc/letsencrypt/live/shop.example.ru/fullchain.pem;

    location /static/ {
        alias /srv/shop/static/;
        expires 30d;
    }
    location / {
        proxy_pass http://127.0.0.1:8000;   # gunicorn
    }
}
""",
    [
        ("c", "# Конфигурация"),
        ("o", " для shop.example.ru"),
        ("O", " Статика отдаётся напрямую"),
        ("R", ", а не через приложение"),
        ("c", "listen 443 ssl http2;"),
        ("c", "server_name shop.example.ru;"),
        ("c", "ssl_certificate /etc/letsencrypt"),
        ("c", "location /static/ {"),
        ("c", "alias /srv/shop/static/;"),
        ("c", "expires 30d;"),
        ("c", "proxy_pass http://127.0.0.1:8000;"),
        ("C", "   # gunicorn"),
    ],
)

add(
    "dockerfile",
    "tr",
    """
# Uygulama imajı: önce bağımlılıklar, sonra kaynak kod kopyalanır
FROM node:20-alpine AS derleme
WORKDIR /uygulama
COPY package*.json ./
RUN npm ci --omit=dev
COPY . .
# root yerine node kullanıcısıyla çalıştır
USER node
EXPOSE 3000
CMD ["node", "sunucu.js"]
""",
    [
        ("c", "# Uygulama"),
        ("o", " imajı: önce bağımlılıklar"),
        ("O", " sonra kaynak kod kopyalanır"),
        ("c", "FROM node:20-alpine"),
        ("c", " AS derleme"),
        ("c", "WORKDIR /uygulama"),
        ("c", "COPY package*.json ./"),
        ("c", "RUN npm ci --omit=dev"),
        ("C", "# root yerine"),
        ("C", " yerine node kullanıcısıyla"),
        ("c", "USER node"),
        ("c", "EXPOSE 3000"),
        ("c", 'CMD ["node", "sunucu.js"]'),
    ],
)

add(
    "jupyter-output",
    "ko",
    """
In [5]: df.groupby("지역")["매출"].sum().sort_values(ascending=False).head(3)
Out[5]:
지역
서울    1,284,500
경기      932,100
부산      411,700
Name: 매출, dtype: int64

서울의 매출이 경기보다 약 38% 많지만, 인구 대비로 보면 차이가 크지 않다.
""",
    [
        ("c", "In [5]:"),
        ("c", ' df.groupby("지역")'),
        ("c", '["매출"].sum()'),
        ("c", ".sort_values(ascending=False)"),
        ("c", "Out[5]:"),
        ("C", "서울    1,284,500"),
        ("C", "경기      932,100"),
        ("c", "Name: 매출, dtype"),
        ("n", "서울의 매출이"),
        ("n", " 경기보다 약"),
        ("o", " 38% 많지만"),
        ("R", " 인구 대비로 보면"),
        ("o", " 차이가 크지 않다"),
    ],
)

add(
    "code-python",
    "pl",
    """
import re

KOD_POCZTOWY = re.compile(r"^\\d{2}-\\d{3}$")

def popraw_kod(kod: str) -> str:
    \"\"\"Zamienia '00123' na '00-123'; inne formaty zwraca bez zmian.\"\"\"
    kod = kod.strip()
    # poczta akceptuje kod bez myślnika, ale baza wymaga formatu z myślnikiem
    if re.fullmatch(r"\\d{5}", kod):
        return f"{kod[:2]}-{kod[2:]}"
    return kod
""",
    [
        ("c", "import re"),
        ("c", "KOD_POCZTOWY = re.compile("),
        ("c", 'r"^\\d{2}-\\d{3}$")'),
        ("c", "def popraw_kod("),
        ("C", "Zamienia '00123' na"),
        ("C", " '00-123';"),
        ("O", " inne formaty zwraca bez"),
        ("c", "kod = kod.strip()"),
        ("O", " poczta akceptuje kod"),
        ("O", " ale baza wymaga formatu"),
        ("c", 're.fullmatch(r"'),
        ("c", 'f"{kod[:2]}-{kod[2:]}"'),
    ],
)


if __name__ == "__main__":
    write(P, "b24")
