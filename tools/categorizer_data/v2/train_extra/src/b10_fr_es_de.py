"""Batch b10: second round of French, Spanish and German passages (code, biographies, fiction, forms)."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "encyclopedia",
    "fr",
    """
Marie Curie, née Maria Salomea Skłodowska le 7 novembre 1867 à Varsovie et morte le 4 juillet 1934 à Passy, est une physicienne et chimiste polonaise naturalisée française. Elle est l'épouse de Pierre Curie et la mère d'Irène Joliot-Curie. Elle fut la première femme à recevoir le prix Nobel et reste à ce jour la seule personne récompensée dans deux domaines scientifiques distincts. Elle a dirigé l'Institut du radium, rattaché à l'université de Paris. Le curium, élément chimique de numéro atomique 96, a été nommé en son honneur.
""",
    [
        ("n", "Marie Curie, née"),
        ("n", ", née Maria"),
        ("n", " Salomea Skłodowska"),
        ("N", " à Varsovie et"),
        ("o", " et morte le 4 juillet"),
        ("r", " est une physicienne et"),
        ("O", " chimiste polonaise naturalisée"),
        ("r", " Elle est l'épouse de"),
        ("n", " Pierre Curie et"),
        ("r", " et la mère d'"),
        ("o", " la première femme à recevoir"),
        ("n", " prix Nobel et"),
        ("O", " reste à ce jour la seule"),
        ("R", " Elle a dirigé l'"),
        ("n", "Institut du radium"),
        ("r", ", rattaché à l'"),
        ("O", " Le curium, élément"),
        ("r", " a été nommé en son honneur"),
    ],
)

add(
    "code-javascript",
    "fr",
    """
// Vérifie que le formulaire d'inscription est complet avant l'envoi
const champsObligatoires = ["nom", "courriel", "motDePasse"];

form.addEventListener("submit", (e) => {
  const manquants = champsObligatoires.filter((c) => !form.elements[c].value.trim());
  if (manquants.length > 0) {
    e.preventDefault();
    // on affiche un seul message au lieu d'une alerte par champ
    afficherErreur(`Champs manquants : ${manquants.join(", ")}`);
  }
});
""",
    [
        ("c", "// Vérifie"),
        ("o", " que le formulaire d'inscription"),
        ("O", " est complet avant l'envoi"),
        ("c", "const champsObligatoires"),
        ("c", ' = ["nom",'),
        ("c", 'form.addEventListener("submit"'),
        ("c", " (e) => {"),
        ("c", ".filter((c) =>"),
        ("c", ".value.trim());"),
        ("c", "e.preventDefault();"),
        ("O", " on affiche un seul message"),
        ("R", " au lieu d'une alerte"),
        ("C", "`Champs manquants : ${"),
        ("c", '.join(", ")}`)'),
    ],
)

add(
    "fiction",
    "fr",
    """
Quand Lucien revint à Sète, la maison de sa tante était déjà vendue. Il resta longtemps devant la grille, la valise à la main, à regarder les volets bleus qu'elle repeignait chaque printemps. Un chat roux dormait sur le muret.
— Vous cherchez quelqu'un ? demanda une voisine.
— Non, dit-il. Je cherchais quelque chose.
Il redescendit vers le port par la rue Gambetta, où rien n'avait changé sauf lui.
""",
    [
        ("n", "Quand Lucien revint"),
        ("n", " à Sète, la"),
        ("R", " la maison de sa tante"),
        ("o", " était déjà vendue"),
        ("O", " la valise à la main"),
        ("o", " les volets bleus"),
        ("O", " chaque printemps"),
        ("O", " Un chat roux dormait"),
        ("O", " Vous cherchez quelqu'un"),
        ("o", " demanda une voisine"),
        ("O", " Je cherchais quelque chose"),
        ("n", " rue Gambetta, où"),
        ("O", " sauf lui."),
    ],
)

add(
    "error-log",
    "fr",
    """
2026-03-15 08:02:11 [INFO] Démarrage du service de facturation (version 3.4.1)
2026-03-15 08:02:12 [AVERTISSEMENT] Le paramètre « delai_relance » est absent, valeur par défaut utilisée : 7
2026-03-15 08:05:47 [ERREUR] Échec de l'envoi de la facture F-2026-0413 au client 8812 : délai d'attente dépassé
  à facturation.envoi.EnvoiSmtp.envoyer(EnvoiSmtp.java:118)
2026-03-15 08:05:47 [INFO] Nouvelle tentative dans 60 s (1/5)
""",
    [
        ("c", "2026-03-15 08:02:11 [INFO]"),
        ("C", " Démarrage du service de"),
        ("c", " (version 3.4.1)"),
        ("c", " [AVERTISSEMENT]"),
        ("C", " Le paramètre « delai_relance »"),
        ("C", " valeur par défaut utilisée"),
        ("c", " [ERREUR]"),
        ("C", " Échec de l'envoi de la"),
        ("c", " F-2026-0413"),
        ("C", " délai d'attente dépassé"),
        ("c", "  à facturation.envoi"),
        ("c", "(EnvoiSmtp.java:118)"),
        ("C", " Nouvelle tentative dans 60 s"),
    ],
)

add(
    "tax-form",
    "fr",
    """
DÉCLARATION DES REVENUS 2025 — formulaire n° 2042
Direction générale des Finances publiques
Cadre 1 — État civil
Nom de naissance : ______  Prénom(s) : ______
Date et lieu de naissance : ______
Cadre 2 — Situation du foyer fiscal au 1er janvier 2025
[ ] Marié(e)  [ ] Pacsé(e)  [ ] Célibataire  [ ] Divorcé(e)
Salaires, gains de rémunération ........ 1AJ
Si vous avez des enfants à charge, remplissez la rubrique C.
Cerfa n° 10330*30
""",
    [
        ("B", "DÉCLARATION DES REVENUS"),
        ("B", " — formulaire n° 2042"),
        ("n", "Direction générale des Finances"),
        ("B", "Cadre 1 — État civil"),
        ("B", "Nom de naissance :"),
        ("B", "  Prénom(s) :"),
        ("B", "Date et lieu de naissance"),
        ("B", "Cadre 2 — Situation"),
        ("B", "[ ] Marié(e)"),
        ("O", "Salaires, gains de rémunération"),
        ("O", " ........ 1AJ"),
        ("O", " des enfants à charge"),
        ("B", "Cerfa n° 10330*30"),
    ],
)

add(
    "song-lyrics",
    "fr",
    """
[Couplet 1]
J'ai grandi près de la Garonne
entre les quais et les platanes,
mon père vendait des journaux
que personne ne lisait plus.

[Refrain]
Et Bordeaux dort sous la pluie,
moi je rentre à pied, sans parapluie.

Paroles : Élise Marchand / Musique : Hugo Vidal
""",
    [
        ("B", "[Couplet 1]"),
        ("R", "J'ai grandi près de la"),
        ("n", " la Garonne\n"),
        ("o", "entre les quais et les"),
        ("R", "mon père vendait"),
        ("o", " des journaux\n"),
        ("O", "que personne ne lisait plus"),
        ("B", "[Refrain]"),
        ("n", "Et Bordeaux dort"),
        ("o", " sous la pluie,"),
        ("O", " sans parapluie"),
        ("B", "Paroles :"),
        ("B", " / Musique :"),
    ],
)

add(
    "code-python",
    "es",
    """
def validar_nif(nif: str) -> bool:
    \"\"\"Comprueba la letra de control de un NIF español.

    Args:
        nif: cadena de 9 caracteres, p. ej. "12345678Z".

    Returns:
        True si la letra coincide con el número.
    \"\"\"
    letras = "TRWAGMYFPDXBNJZSQVHLCKE"
    # los NIE empiezan por X, Y o Z en lugar de un dígito
    numero = nif[:8].replace("X", "0").replace("Y", "1").replace("Z", "2")
    return nif[8].upper() == letras[int(numero) % 23]
""",
    [
        ("c", "def validar_nif("),
        ("c", "(nif: str) -> bool:"),
        ("o", "Comprueba la letra de control"),
        ("O", " de un NIF español"),
        ("B", "    Args:"),
        ("c", "        nif:"),
        ("o", " cadena de 9 caracteres"),
        ("c", ' "12345678Z".'),
        ("B", "    Returns:"),
        ("c", "        True si"),
        ("R", " coincide con el número"),
        ("c", 'letras = "TRWAG'),
        ("O", " los NIE empiezan por"),
        ("R", " en lugar de un dígito"),
        ("c", 'nif[:8].replace("X"'),
        ("c", " % 23]"),
    ],
)

add(
    "encyclopedia",
    "es",
    """
Gabriel García Márquez (Aracataca, 6 de marzo de 1927 - Ciudad de México, 17 de abril de 2014) fue un escritor y periodista colombiano. Es considerado uno de los autores más importantes del siglo XX y fue galardonado con el Premio Nobel de Literatura en 1982. Estuvo casado con Mercedes Barcha, con quien tuvo dos hijos. Su novela más conocida, Cien años de soledad, se desarrolla en el pueblo ficticio de Macondo, inspirado en su localidad natal. Fue amigo de Fidel Castro y miembro fundador de la Fundación Nuevo Periodismo Iberoamericano.
""",
    [
        ("n", "Gabriel García Márquez"),
        ("n", " (Aracataca, 6"),
        ("o", " 6 de marzo de 1927"),
        ("r", " fue un escritor y"),
        ("O", " periodista colombiano"),
        ("r", " Es considerado uno de"),
        ("O", " del siglo XX"),
        ("r", " y fue galardonado con el"),
        ("n", " Premio Nobel de Literatura"),
        ("r", " Estuvo casado con"),
        ("r", ", con quien tuvo dos hijos"),
        ("n", " Cien años de soledad"),
        ("r", ", se desarrolla en el"),
        ("o", " pueblo ficticio de"),
        ("r", ", inspirado en su"),
        ("r", " Fue amigo de"),
        ("r", " y miembro fundador de la"),
    ],
)

add(
    "fiction",
    "es",
    """
Llovía sobre Valparaíso cuando Inés bajó del trolebús. Subió los ciento doce escalones del cerro Alegre contando en voz baja, como hacía de niña con su abuelo. La casa seguía pintada de amarillo, aunque la pintura se caía a pedazos.
—¿Usted es la nieta de don Aurelio? —preguntó un muchacho desde la ventana de enfrente.
—La misma —dijo ella, y buscó la llave debajo de la maceta, donde siempre había estado.
""",
    [
        ("n", "Llovía sobre Valparaíso"),
        ("n", " cuando Inés bajó"),
        ("o", " del trolebús"),
        ("O", " los ciento doce escalones"),
        ("n", " cerro Alegre contando"),
        ("o", " en voz baja"),
        ("R", " con su abuelo"),
        ("o", " seguía pintada de amarillo"),
        ("O", " se caía a pedazos"),
        ("r", " es la nieta de"),
        ("n", " don Aurelio"),
        ("O", "—La misma —dijo"),
        ("o", " debajo de la maceta"),
    ],
)

add(
    "banking-statement",
    "es",
    """
BANCO DEL NORTE, S.A.               Extracto de cuenta
Titular: [oculto]                   IBAN: ES76 **** **** **** 4821
Periodo: 01/02/2026 - 28/02/2026    Página 1 de 2

Fecha     Concepto                              Importe      Saldo
03/02     RECIBO IBERDROLA CLIENTES             -58,40    1.204,55
05/02     COMPRA TARJ. MERCADONA ALICANTE       -63,27    1.141,28
10/02     TRANSFERENCIA DE GARCIA LOPEZ ANA     +250,00   1.391,28
Entidad adherida al Fondo de Garantía de Depósitos.
""",
    [
        ("N", "BANCO DEL NORTE, S.A."),
        ("B", "Extracto de cuenta"),
        ("B", "Titular: [oculto]"),
        ("B", "IBAN: ES76"),
        ("B", "Página 1 de 2"),
        ("B", "Fecha     Concepto"),
        ("N", "RECIBO IBERDROLA"),
        ("N", " IBERDROLA CLIENTES"),
        ("O", "COMPRA TARJ."),
        ("N", " MERCADONA ALICANTE"),
        ("N", "TRANSFERENCIA DE GARCIA"),
        ("o", "   -63,27"),
        ("b", "Entidad adherida al Fondo de Garantía"),
    ],
)

add(
    "horoscope",
    "es",
    """
Tauro (20 abril - 20 mayo)
Amor: Venus en tu signo te vuelve irresistible esta semana, pero cuidado con prometer más de lo que puedes cumplir.
Trabajo: Un compañero de Géminis podría proponerte un proyecto. Mejor escuchar en lugar de responder de inmediato.
Salud: Descansa más; la Luna llena del jueves te dejará sin energía.
Número de la suerte: 14. Color: verde.
Ver horóscopo de mañana  |  Horóscopo chino
""",
    [
        ("N", "Tauro (20 abril"),
        ("O", " 20 mayo)"),
        ("B", "Amor:"),
        ("N", " Venus en tu signo"),
        ("O", " te vuelve irresistible"),
        ("O", " prometer más de lo que"),
        ("B", "Trabajo:"),
        ("N", " compañero de Géminis"),
        ("R", " en lugar de responder"),
        ("B", "Salud:"),
        ("N", " la Luna llena del"),
        ("O", "Número de la suerte:"),
        ("O", " Color: verde"),
        ("B", "Ver horóscopo de mañana"),
        ("B", "  Horóscopo chino"),
    ],
)

add(
    "code-sql",
    "es",
    """
-- Ventas por provincia en el primer trimestre, excluyendo devoluciones
SELECT p.nombre AS provincia,
       SUM(v.importe) AS total
FROM ventas v
INNER JOIN tiendas t ON t.id = v.tienda_id
INNER JOIN provincias p ON p.id = t.provincia_id
WHERE v.fecha BETWEEN '2026-01-01' AND '2026-03-31'
  AND v.tipo <> 'DEVOLUCION'   -- las devoluciones se cuentan aparte, en vez de restar
GROUP BY p.nombre
ORDER BY total DESC;
""",
    [
        ("c", "-- Ventas"),
        ("o", " por provincia en el primer"),
        ("O", " excluyendo devoluciones"),
        ("c", "SELECT p.nombre AS"),
        ("c", "SUM(v.importe) AS total"),
        ("c", "INNER JOIN tiendas t"),
        ("c", " ON t.id = v.tienda_id"),
        ("c", " BETWEEN '2026-01-01'"),
        ("c", " <> 'DEVOLUCION'"),
        ("O", " las devoluciones se cuentan"),
        ("R", ", en vez de restar"),
        ("c", "ORDER BY total DESC;"),
    ],
)

add(
    "encyclopedia",
    "de",
    """
Hedy Lamarr (* 9. November 1914 in Wien als Hedwig Eva Maria Kiesler; † 19. Januar 2000 in Casselberry, Florida) war eine österreichisch-amerikanische Schauspielerin und Erfinderin. Sie war die Tochter eines Bankdirektors und wurde durch den Film Ekstase bekannt. In erster Ehe war sie mit dem Waffenfabrikanten Fritz Mandl verheiratet. Gemeinsam mit dem Komponisten George Antheil entwickelte sie ein Frequenzsprungverfahren, das als Vorläufer von Bluetooth und WLAN gilt. Der 9. November wird ihr zu Ehren als Tag der Erfinder begangen.
""",
    [
        ("n", "Hedy Lamarr (*"),
        ("n", " in Wien als"),
        ("n", " als Hedwig"),
        ("n", " Eva Maria Kiesler"),
        ("r", " war eine österreichisch"),
        ("O", "-amerikanische Schauspielerin"),
        ("r", " Sie war die Tochter eines"),
        ("o", " Bankdirektors und"),
        ("r", " wurde durch den Film"),
        ("n", " Ekstase bekannt"),
        ("r", " war sie mit dem"),
        ("n", " Fritz Mandl verheiratet"),
        ("R", "Gemeinsam mit dem Komponisten"),
        ("o", " entwickelte sie ein Frequenz"),
        ("r", ", das als Vorläufer von"),
        ("n", " Bluetooth und WLAN"),
        ("R", " gilt."),
        ("n", " Tag der Erfinder"),
    ],
)

add(
    "code-rust",
    "de",
    """
/// Liest die Konfiguration aus einer TOML-Datei.
///
/// # Fehler
///
/// Gibt einen Fehler zurück, wenn die Datei fehlt oder ungültig ist.
pub fn lade_konfiguration(pfad: &Path) -> Result<Konfig, KonfigFehler> {
    let text = std::fs::read_to_string(pfad).map_err(KonfigFehler::Lesen)?;
    // unbekannte Schlüssel werden ignoriert statt abgelehnt
    toml::from_str(&text).map_err(KonfigFehler::Format)
}
""",
    [
        ("c", "/// Liest"),
        ("O", " die Konfiguration aus einer"),
        ("N", " TOML-Datei."),
        ("B", "/// # Fehler"),
        ("o", " Gibt einen Fehler zurück"),
        ("O", ", wenn die Datei fehlt"),
        ("c", "pub fn lade_konfiguration"),
        ("c", "(pfad: &Path)"),
        ("c", " -> Result<Konfig"),
        ("c", "std::fs::read_to_string"),
        ("c", ".map_err(KonfigFehler::Lesen)?"),
        ("O", " unbekannte Schlüssel werden"),
        ("R", " ignoriert statt abgelehnt"),
        ("c", "toml::from_str(&text)"),
    ],
)

add(
    "fiction",
    "de",
    """
Als Henrik nach Lübeck zurückkam, hatte man den Bahnhof umgebaut. Er erkannte nur noch die Uhr über dem Ausgang. Seine Schwester wartete nicht, wie versprochen, am Taxistand, sondern im Café gegenüber, mit dem Rücken zur Tür.
„Du bist zu spät“, sagte Greta, ohne aufzusehen.
„Der Zug hatte in Hamburg eine Stunde Verspätung.“
„Das sagst du jedes Mal.“
""",
    [
        ("n", "Als Henrik nach"),
        ("n", " nach Lübeck zurück"),
        ("o", " hatte man den Bahnhof umgebaut"),
        ("O", " nur noch die Uhr über"),
        ("R", " Seine Schwester wartete"),
        ("O", " wie versprochen, am"),
        ("O", " im Café gegenüber"),
        ("O", " mit dem Rücken zur Tür"),
        ("O", "„Du bist zu spät“"),
        ("n", " sagte Greta,"),
        ("n", " in Hamburg eine"),
        ("O", "„Das sagst du jedes Mal"),
    ],
)

add(
    "spreadsheet",
    "de",
    """
Tabelle1 | Tabelle2 | Übersicht

     A                B              C            D
1    Mitarbeiter      Abteilung      Urlaubstage  Resturlaub
2    Jürgen Albers    Vertrieb       30           12
3    Sevgi Demir      Buchhaltung    28           5
4    Lukas Brandt     Lager          30           =C4-18
5    Summe                                        =SUMME(D2:D4)
Zuletzt geändert von mkoch am 02.03.2026
""",
    [
        ("B", "Tabelle1 | Tabelle2"),
        ("B", " | Übersicht"),
        ("B", "     A                B"),
        ("B", "    Mitarbeiter      Abteilung"),
        ("n", "    Jürgen Albers"),
        ("O", "    Vertrieb       30"),
        ("n", "    Sevgi Demir"),
        ("O", "    Buchhaltung"),
        ("o", "    28           5"),
        ("n", "    Lukas Brandt"),
        ("c", " =C4-18"),
        ("c", " =SUMME(D2:D4)"),
        ("B", "Zuletzt geändert von"),
        ("B", " am 02.03.2026"),
    ],
)

add(
    "commit-messages",
    "de",
    """
commit 9a1f3c2e7b4d5a6f8e9c0b1a2d3e4f5a6b7c8d9e
Author: Lena Vogt <lena.vogt@stadtwerke-ulm.de>
Date:   Do Mär 12 17:03:44 2026 +0100

    Zählerstände: Import aus CSV statt aus Excel

    Das Excel-Format der Ableser hat sich geändert, die Spalte "Zähler-Nr."
    heißt jetzt "Zaehlernummer". CSV ist stabiler und wird vom Abrechnungssystem
    direkt erzeugt.

    Refs: #412
""",
    [
        ("c", "commit 9a1f3c2e"),
        ("b", "Author:"),
        ("n", " Lena Vogt"),
        ("c", " <lena.vogt@"),
        ("b", "Date:   Do"),
        ("o", "Zählerstände: Import"),
        ("R", " aus CSV statt aus"),
        ("N", " statt aus Excel"),
        ("O", " Das Excel-Format der"),
        ("c", ' "Zähler-Nr."'),
        ("c", ' "Zaehlernummer"'),
        ("O", " CSV ist stabiler"),
        ("O", " wird vom Abrechnungssystem"),
        ("B", "Refs: #412"),
    ],
)


if __name__ == "__main__":
    write(P, "b10")
