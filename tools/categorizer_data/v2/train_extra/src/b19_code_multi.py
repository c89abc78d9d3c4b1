"""Batch b19: code, markup, configuration and data files with text in many languages."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "code-html-css",
    "fr",
    """
<!-- Pied de page commun à toutes les pages du site -->
<footer class="pied">
  <nav aria-label="Liens utiles">
    <a href="/mentions-legales">Mentions légales</a> ·
    <a href="/confidentialite">Politique de confidentialité</a> ·
    <a href="/contact">Nous contacter</a>
  </nav>
  <p>© 2026 Librairie du Port, Saint-Malo. Tous droits réservés.</p>
</footer>
<style>
  .pied { background: #1d3557; color: #f1faee; padding: 2rem 1rem; }
  /* le lien actif est souligné plutôt que mis en gras */
  .pied a[aria-current] { text-decoration: underline; }
</style>
""",
    [
        ("c", "<!-- Pied"),
        ("O", " de page commun à toutes"),
        ("c", '<footer class="pied">'),
        ("c", '<nav aria-label="'),
        ("C", '"Liens utiles">'),
        ("c", '<a href="/mentions-legales">'),
        ("B", ">Mentions légales</a>"),
        ("B", ">Politique de confidentialité<"),
        ("B", ">Nous contacter</a>"),
        ("b", "© 2026 Librairie du Port"),
        ("b", " Tous droits réservés"),
        ("c", ".pied { background:"),
        ("c", " #1d3557;"),
        ("O", " le lien actif est souligné"),
        ("R", " plutôt que mis en gras"),
        ("c", "[aria-current] {"),
        ("c", "text-decoration: underline;"),
    ],
)

add(
    "code-lua",
    "es",
    """
-- Módulo de misiones: cada misión pertenece a una región del mapa
local Misiones = {}

local REGIONES = { "Valle Gris", "Costa Rota", "Montes de Hierro" }

-- devuelve nil en lugar de lanzar un error si la misión no existe
function Misiones.buscar(id)
  for _, m in ipairs(Misiones.lista) do
    if m.id == id then return m end
  end
  return nil
end

function Misiones.completar(jugador, id)
  local m = Misiones.buscar(id)
  if not m then return false end
  jugador.oro = jugador.oro + m.recompensa
  print(("Misión completada: %s (+%d oro)"):format(m.nombre, m.recompensa))
  return true
end
""",
    [
        ("c", "-- Módulo"),
        ("o", " de misiones:"),
        ("R", " cada misión pertenece a"),
        ("c", "local Misiones = {}"),
        ("C", '{ "Valle Gris",'),
        ("C", ' "Montes de Hierro" }'),
        ("C", " devuelve nil en"),
        ("R", " en lugar de lanzar"),
        ("O", " si la misión no existe"),
        ("c", "function Misiones.buscar(id)"),
        ("c", "ipairs(Misiones.lista)"),
        ("c", "if m.id == id then"),
        ("c", "jugador.oro + m.recompensa"),
        ("C", '("Misión completada: %s'),
        ("c", "):format(m.nombre"),
    ],
)

add(
    "code-kotlin",
    "de",
    """
// Repository für Bestellungen; liest zuerst aus dem Cache statt aus der Datenbank
class BestellRepository(
    private val dao: BestellDao,
    private val cache: LruCache<Long, Bestellung>,
) {
    suspend fun finde(id: Long): Bestellung? =
        cache[id] ?: dao.finde(id)?.also { cache.put(id, it) }

    /** Wirft [IllegalStateException], wenn die Bestellung bereits versandt wurde. */
    suspend fun storniere(id: Long) {
        val b = finde(id) ?: return
        check(b.status != Status.VERSANDT) { "Bestellung $id wurde bereits versandt" }
        dao.aktualisiere(b.copy(status = Status.STORNIERT))
    }
}
""",
    [
        ("c", "// Repository"),
        ("O", " für Bestellungen;"),
        ("o", " liest zuerst aus dem Cache"),
        ("R", " statt aus der Datenbank"),
        ("c", "class BestellRepository("),
        ("c", "private val dao: BestellDao"),
        ("c", "LruCache<Long, Bestellung>"),
        ("c", "suspend fun finde(id: Long)"),
        ("c", " ?: dao.finde(id)"),
        ("c", "/** Wirft"),
        ("c", " [IllegalStateException],"),
        ("O", " wenn die Bestellung bereits"),
        ("c", "check(b.status != Status"),
        ("C", '"Bestellung $id wurde'),
        ("c", "b.copy(status = Status"),
    ],
)

add(
    "code-shell",
    "it",
    """
#!/bin/sh
# Aggiorna il sito statico e invalida la cache della CDN.
# Va eseguito dalla radice del repository, non dalla cartella docs/.
set -e
hugo --minify --baseURL "https://www.esempio.it/"
rsync -az --delete public/ deploy@web01.esempio.it:/var/www/sito/
# Cloudflare vuole l'ID della zona al posto del nome del dominio
curl -s -X POST "https://api.cloudflare.com/client/v4/zones/$ZONE_ID/purge_cache" \\
     -H "Authorization: Bearer $CF_TOKEN" --data '{"purge_everything":true}'
echo "Pubblicazione completata"
""",
    [
        ("c", "#!/bin/sh"),
        ("c", "# Aggiorna"),
        ("o", " il sito statico e invalida"),
        ("O", " Va eseguito dalla radice"),
        ("c", " docs/."),
        ("c", "set -e"),
        ("c", "hugo --minify --baseURL"),
        ("c", "rsync -az --delete public/"),
        ("c", " deploy@web01.esempio.it:"),
        ("C", "# Cloudflare vuole"),
        ("R", " al posto del nome del"),
        ("c", "curl -s -X POST"),
        ("c", "/zones/$ZONE_ID/purge_cache"),
        ("c", '-H "Authorization: Bearer'),
        ("c", '{"purge_everything":true}'),
        ("C", '"Pubblicazione completata"'),
    ],
)

add(
    "yaml-config",
    "nl",
    """
# Configuratie voor de nachtelijke export naar het datawarehouse
# Beheerd door team Data; niet handmatig aanpassen.
export:
  bron: postgres://export@db-prod.intern:5432/webshop
  doel: s3://dwh-landing/webshop/
  tabellen:
    - bestellingen
    - klanten      # persoonsgegevens worden gepseudonimiseerd in plaats van verwijderd
    - producten
  schema: "0 2 * * *"   # elke nacht om 02:00
  melding:
    bij_fout: "#data-alerts"
""",
    [
        ("c", "# Configuratie"),
        ("o", " voor de nachtelijke export"),
        ("O", " naar het datawarehouse"),
        ("B", "# Beheerd door team Data"),
        ("b", " niet handmatig aanpassen"),
        ("c", "export:\n  bron:"),
        ("c", " postgres://export@db-prod"),
        ("c", "doel: s3://dwh-landing"),
        ("c", "tabellen:\n    - bestellingen"),
        ("O", " persoonsgegevens worden gepseudonimiseerd"),
        ("R", " in plaats van verwijderd"),
        ("c", 'schema: "0 2 * * *"'),
        ("O", " elke nacht om 02:00"),
        ("c", 'bij_fout: "#data-alerts"'),
    ],
)

add(
    "code-javascript",
    "ru",
    """
/**
 * Форматирует сумму в рублях.
 * @param {number} копейки - сумма в копейках
 * @returns {string} строка вида «1 234,50 ₽»
 */
export function форматРубли(копейки) {
  // Intl вместо ручного форматирования: правильные пробелы и запятая
  return new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB" })
    .format(копейки / 100);
}
""",
    [
        ("c", "/**\n * Форматирует"),
        ("o", " сумму в рублях"),
        ("b", " * @param {number}"),
        ("c", " копейки -"),
        ("o", " сумма в копейках"),
        ("b", " * @returns {string}"),
        ("o", " строка вида"),
        ("c", "export function форматРубли("),
        ("C", "// Intl вместо"),
        ("R", " вместо ручного форматирования"),
        ("O", " правильные пробелы и запятая"),
        ("c", 'new Intl.NumberFormat("ru-RU"'),
        ("c", '{ style: "currency"'),
        ("c", ".format(копейки / 100)"),
    ],
)

add(
    "code-rust",
    "zh",
    """
/// 解析形如 "2026-03-15" 的日期字符串。
///
/// # 错误
///
/// 如果格式不正确，返回 `ParseError::Format`，而不是直接 panic。
pub fn 解析日期(s: &str) -> Result<NaiveDate, ParseError> {
    // 这里使用 chrono 而不是手写解析，因为闰年规则很容易写错
    NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| ParseError::Format(s.to_owned()))
}
""",
    [
        ("c", "/// 解析"),
        ("o", "形如"),
        ("c", ' "2026-03-15"'),
        ("o", "的日期字符串"),
        ("B", "/// # 错误"),
        ("O", "如果格式不正确"),
        ("c", " `ParseError::Format`"),
        ("R", "而不是直接"),
        ("c", "pub fn 解析日期("),
        ("c", "(s: &str) -> Result<"),
        ("N", "这里使用 chrono"),
        ("R", " 而不是手写解析"),
        ("O", "闰年规则很容易写错"),
        ("c", "NaiveDate::parse_from_str"),
        ("c", ".map_err(|_|"),
    ],
)

add(
    "code-sql",
    "ja",
    """
-- 月別の売上を店舗ごとに集計する（返品は除外）
SELECT
    s.店舗名,
    DATE_TRUNC('month', o.注文日) AS 月,
    SUM(o.金額) AS 売上
FROM 注文 o
JOIN 店舗 s ON s.店舗ID = o.店舗ID
WHERE o.区分 <> '返品'
GROUP BY s.店舗名, 月
-- 大阪店は2025年4月に開店したため、それ以前は0ではなくNULLになる
ORDER BY 月, 売上 DESC;
""",
    [
        ("c", "-- 月別"),
        ("o", "の売上を店舗ごとに"),
        ("O", "集計する（返品は除外）"),
        ("c", "    s.店舗名,"),
        ("c", "DATE_TRUNC('month'"),
        ("c", " AS 月,"),
        ("c", "SUM(o.金額) AS"),
        ("c", "JOIN 店舗 s ON"),
        ("c", " <> '返品'"),
        ("c", "GROUP BY s.店舗名"),
        ("C", "-- 大阪店は"),
        ("o", "2025年4月に開店した"),
        ("C", "0ではなくNULL"),
        ("c", "ORDER BY 月, 売上 DESC;"),
    ],
)

add(
    "code-php",
    "tr",
    """
<?php
// Sipariş onay e-postasını gönderir; müşteri adına değil, mağaza adına gönderilir
final class SiparisOnay
{
    public function __construct(private Mailer $mailer, private string $magazaAdi) {}

    public function gonder(Siparis $siparis): void
    {
        $konu = sprintf('%s - Siparişiniz alındı (#%d)', $this->magazaAdi, $siparis->id);
        // iptal edilen siparişler için e-posta gönderilmez
        if ($siparis->durum === Durum::IPTAL) {
            return;
        }
        $this->mailer->send($siparis->musteri->eposta, $konu, $this->govde($siparis));
    }
}
""",
    [
        ("c", "<?php\n//"),
        ("o", " Sipariş onay e-postasını"),
        ("R", " müşteri adına değil"),
        ("R", ", mağaza adına gönderilir"),
        ("c", "final class SiparisOnay"),
        ("c", "private Mailer $mailer"),
        ("c", "public function gonder("),
        ("c", "$konu = sprintf("),
        ("C", "'%s - Siparişiniz alındı"),
        ("O", " iptal edilen siparişler için"),
        ("c", "$siparis->durum === Durum::IPTAL"),
        ("c", "$this->mailer->send("),
    ],
)

add(
    "csv-export",
    "es",
    """
id;nombre;ciudad;provincia;fecha_alta;socio_de
1;"Pérez Gómez, Lucía";Jaén;Jaén;2024-05-12;Club Atlético Jaén
2;"Ruiz, Andrés";Écija;Sevilla;2025-01-30;
3;"Navarro Sanz, Elena";Teruel;Teruel;2023-11-02;Peña Ciclista Mudéjar
""",
    [
        ("c", "id;nombre;ciudad"),
        ("c", ";provincia;fecha_alta"),
        ("C", ";socio_de"),
        ("C", '1;"Pérez Gómez, Lucía"'),
        ("C", ";Jaén;Jaén;"),
        ("c", ";2024-05-12;"),
        ("C", ";Club Atlético Jaén"),
        ("C", '2;"Ruiz, Andrés"'),
        ("C", ";Écija;Sevilla"),
        ("C", ";Peña Ciclista Mudéjar"),
    ],
)

add(
    "code-python",
    "ko",
    """
import requests

def 날씨_조회(도시: str) -> dict:
    \"\"\"기상청 API에서 현재 날씨를 가져온다.

    Args:
        도시: 도시 이름 (예: "부산")
    \"\"\"
    # API 키는 코드에 넣지 말고 환경 변수에서 읽는다
    응답 = requests.get(BASE_URL, params={"city": 도시, "key": os.environ["KMA_KEY"]}, timeout=5)
    응답.raise_for_status()
    return 응답.json()["response"]["body"]
""",
    [
        ("c", "import requests"),
        ("c", "def 날씨_조회("),
        ("c", "(도시: str) -> dict:"),
        ("n", "기상청 API에서"),
        ("o", " 현재 날씨를 가져온다"),
        ("B", "    Args:"),
        ("c", "        도시:"),
        ("o", " 도시 이름 (예:"),
        ("C", ' "부산")'),
        ("O", " API 키는 코드에"),
        ("R", " 넣지 말고 환경 변수에서"),
        ("c", " requests.get(BASE_URL"),
        ("c", 'os.environ["KMA_KEY"]'),
        ("c", "응답.raise_for_status()"),
    ],
)

add(
    "error-log",
    "de",
    """
Mär 15 03:14:07 srv-web01 systemd[1]: Starting Nächtliche Sicherung...
Mär 15 03:14:08 srv-web01 backup.sh[21877]: Verbindung zu sicherung.intern:22 wird hergestellt
Mär 15 03:14:38 srv-web01 backup.sh[21877]: FEHLER: Zeitüberschreitung beim Verbindungsaufbau
Mär 15 03:14:38 srv-web01 systemd[1]: backup.service: Main process exited, code=exited, status=1/FAILURE
Mär 15 03:14:38 srv-web01 systemd[1]: backup.service: Failed with result 'exit-code'.
""",
    [
        ("c", "Mär 15 03:14:07 srv-web01"),
        ("c", " systemd[1]:"),
        ("C", " Starting Nächtliche Sicherung"),
        ("c", " backup.sh[21877]:"),
        ("C", " Verbindung zu sicherung"),
        ("C", " wird hergestellt"),
        ("C", " FEHLER: Zeitüberschreitung"),
        ("C", " beim Verbindungsaufbau"),
        ("c", " backup.service:"),
        ("C", " Main process exited"),
        ("c", " status=1/FAILURE"),
        ("C", " Failed with result 'exit-code'"),
    ],
)


if __name__ == "__main__":
    write(P, "b19")
