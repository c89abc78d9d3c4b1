"""Batch b03: German and Dutch passages, written for this set."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "encyclopedia",
    "de",
    """
Der Bodensee ist ein See im Alpenvorland, der zwischen Deutschland, Österreich und der Schweiz liegt. Er besteht aus drei Gewässerteilen: dem Obersee, dem Untersee und dem Seerhein, der die beiden verbindet. Der Rhein fließt bei Bregenz in den See und verlässt ihn bei Stein am Rhein. Die Insel Mainau gehört zur Stadt Konstanz und ist bekannt für ihre Gärten. Sie befindet sich im Besitz der Lennart-Bernadotte-Stiftung.

Siehe auch
Liste der Seen in Baden-Württemberg
Einzelnachweise
↑ Internationale Gewässerschutzkommission für den Bodensee. Archiviert vom Original am 4. März 2016; abgerufen am 12. Mai 2020.
""",
    [
        ("n", "Der Bodensee ist"),
        ("r", " ist ein See im"),
        ("R", " der zwischen"),
        ("R", " Er besteht aus drei"),
        ("o", " Gewässerteilen:"),
        ("r", ", der die beiden verbindet"),
        ("n", " Der Rhein fließt"),
        ("r", " fließt bei"),
        ("n", " bei Stein am Rhein"),
        ("R", " gehört zur Stadt"),
        ("n", " Konstanz und"),
        ("r", " ist bekannt für ihre"),
        ("R", " befindet sich im Besitz der"),
        ("B", "Siehe auch"),
        ("B", "Liste der Seen in"),
        ("B", "Einzelnachweise"),
        ("b", " Archiviert vom Original am"),
        ("b", "; abgerufen am 12. Mai"),
    ],
)

add(
    "news",
    "de",
    """
WIRTSCHAFT
Maschinenbauer Krohne & Lutz wird von japanischem Konzern übernommen
Von Jana Feldmann | 11.03.2026, 14:22 Uhr | Lesezeit: 3 Min.

Der Augsburger Maschinenbauer Krohne & Lutz wird vom japanischen Konzern Tsubaki Heavy Industries übernommen. Der Kaufpreis liegt nach Angaben beider Unternehmen bei rund 1,2 Milliarden Euro. Das Familienunternehmen beschäftigt 4.100 Mitarbeiter und liefert vor allem an die Autoindustrie. Betriebsratschef Uwe Kramer kritisierte, die Belegschaft sei erst am Morgen informiert worden. Anstatt eines Stellenabbaus wolle man in Augsburg investieren, heißt es.

Mehr zum Thema
Artikel teilen   Kommentare (37)   Jetzt abonnieren
""",
    [
        ("B", "WIRTSCHAFT"),
        ("n", "Maschinenbauer Krohne & Lutz"),
        ("R", " wird von japanischem"),
        ("O", " Konzern übernommen"),
        ("n", "Von Jana Feldmann"),
        ("b", " | Lesezeit: 3 Min."),
        ("O", " Augsburger Maschinenbauer"),
        ("R", " wird vom japanischen Konzern"),
        ("n", " Tsubaki Heavy Industries"),
        ("R", " nach Angaben beider"),
        ("o", " rund 1,2 Milliarden Euro"),
        ("R", " liefert vor allem an die"),
        ("o", " Autoindustrie."),
        ("N", "Betriebsratschef Uwe"),
        ("n", " Uwe Kramer kritisierte"),
        ("R", " Anstatt eines Stellenabbaus"),
        ("B", "Mehr zum Thema"),
        ("B", "Artikel teilen"),
        ("B", "   Kommentare (37)"),
        ("B", "   Jetzt abonnieren"),
    ],
)

add(
    "job-ad",
    "de",
    """
Stellenangebot: Sachbearbeiter (m/w/d) Personalwesen
Stadtwerke Bielefeld GmbH · Bielefeld · Vollzeit · unbefristet

Ihre Aufgaben
• Sie sind zuständig für die Entgeltabrechnung von rund 400 Beschäftigten.
• Sie arbeiten eng mit der Buchhaltung zusammen.
Ihr Profil
• Abgeschlossene Ausbildung als Personalfachkaufmann/-frau
Wir bieten: Bezahlung nach TV-V, 30 Tage Urlaub, Jobrad.
Schwerbehinderte Bewerberinnen und Bewerber werden bei gleicher Eignung bevorzugt berücksichtigt.
Jetzt bewerben   Merken   Drucken
""",
    [
        ("B", "Stellenangebot:"),
        ("O", " Sachbearbeiter (m/w/d)"),
        ("n", "Stadtwerke Bielefeld GmbH"),
        ("o", " · Vollzeit ·"),
        ("B", "Ihre Aufgaben"),
        ("R", " sind zuständig für die"),
        ("o", " Entgeltabrechnung von rund"),
        ("R", " arbeiten eng mit der"),
        ("B", "Ihr Profil"),
        ("O", " Abgeschlossene Ausbildung als"),
        ("B", "Wir bieten:"),
        ("N", " nach TV-V,"),
        ("O", " Jobrad."),
        ("b", "Schwerbehinderte Bewerberinnen und Bewerber"),
        ("b", " bei gleicher Eignung bevorzugt"),
        ("B", "Jetzt bewerben"),
        ("B", "   Merken"),
        ("B", "   Drucken"),
    ],
)

add(
    "code-shell",
    "de",
    """
#!/usr/bin/env bash
# Sichert die Datenbank jede Nacht und löscht Sicherungen, die älter als 30 Tage sind.
set -euo pipefail

ZIEL="/srv/sicherung/$(date +%F)"
mkdir -p "$ZIEL"
# pg_dump läuft als Benutzer postgres, nicht als root
sudo -u postgres pg_dump -Fc kundendb > "$ZIEL/kundendb.dump"
find /srv/sicherung -maxdepth 1 -type d -mtime +30 -exec rm -rf {} +
echo "Sicherung abgeschlossen: $ZIEL"
""",
    [
        ("c", "#!/usr/bin/env bash"),
        ("c", "# Sichert"),
        ("o", " die Datenbank jede Nacht"),
        ("O", " die älter als 30 Tage"),
        ("c", "set -euo pipefail"),
        ("c", 'ZIEL="/srv/'),
        ("c", "$(date +%F)"),
        ("c", 'mkdir -p "$ZIEL"'),
        ("O", " läuft als Benutzer"),
        ("O", ", nicht als root"),
        ("c", " -Fc kundendb"),
        ("c", " -mtime +30"),
        ("C", '"Sicherung abgeschlossen:'),
        ("c", ' $ZIEL"'),
    ],
)

add(
    "user-manual",
    "de",
    """
Bedienungsanleitung Waschtrockner WT 8400
Sicherheitshinweise
WARNUNG: Gerät nur an eine ordnungsgemäß installierte Schutzkontakt-Steckdose anschließen.
Kinder ab 8 Jahren dürfen das Gerät nur unter Aufsicht benutzen.
Programm wählen
1. Drehen Sie den Programmwähler auf „Baumwolle 60°“.
2. Drücken Sie Start/Pause. Die Restzeit erscheint im Display.
Hinweis: Das Programm „Eco 40-60“ ist für normal verschmutzte Baumwollwäsche geeignet.
Technische Änderungen vorbehalten. Seite 12 von 64
""",
    [
        ("B", "Bedienungsanleitung"),
        ("N", " Waschtrockner WT 8400"),
        ("B", "Sicherheitshinweise"),
        ("b", "WARNUNG: Gerät nur an"),
        ("b", " ordnungsgemäß installierte"),
        ("b", "Kinder ab 8 Jahren dürfen"),
        ("O", "Programm wählen"),
        ("o", " den Programmwähler auf"),
        ("O", " „Baumwolle 60°“"),
        ("O", " Drücken Sie Start/Pause"),
        ("o", " Die Restzeit erscheint"),
        ("R", " ist für normal verschmutzte"),
        ("B", "Technische Änderungen vorbehalten"),
        ("B", " Seite 12 von 64"),
    ],
)

add(
    "government-notice",
    "de",
    """
Amtsblatt der Stadt Freiburg im Breisgau
Öffentliche Bekanntmachung

Bebauungsplan „Wiehre-Bahnhof Süd“, Plan-Nr. 5-112
Der Gemeinderat der Stadt Freiburg hat am 24.02.2026 gemäß § 2 Abs. 1 BauGB beschlossen, den oben genannten Bebauungsplan aufzustellen. Das Plangebiet grenzt im Norden an die Türkenlouisstraße. Die Unterlagen können während der Dienststunden im Technischen Rathaus eingesehen werden.
Freiburg, den 02.03.2026
Der Oberbürgermeister
""",
    [
        ("n", "Amtsblatt der Stadt Freiburg"),
        ("B", "Öffentliche Bekanntmachung"),
        ("n", "Bebauungsplan „Wiehre"),
        ("B", " Plan-Nr. 5-112"),
        ("O", "Der Gemeinderat der"),
        ("b", " gemäß § 2 Abs. 1 BauGB"),
        ("o", " den oben genannten"),
        ("R", " grenzt im Norden an die"),
        ("n", " Türkenlouisstraße."),
        ("b", " können während der Dienststunden"),
        ("n", " im Technischen Rathaus"),
        ("b", "Freiburg, den 02.03.2026"),
        ("O", "Der Oberbürgermeister"),
    ],
)

add(
    "config-file",
    "de",
    """
# nginx-Konfiguration für shop.beispiel.de
# Automatisch erzeugt – Änderungen werden beim nächsten Deployment überschrieben!
server {
    listen 443 ssl;
    server_name shop.beispiel.de;
    # Bilder liegen auf dem CDN, nicht auf diesem Server
    location /bilder/ {
        return 301 https://cdn.beispiel.de$request_uri;
    }
    client_max_body_size 20m;
}
""",
    [
        ("c", "# nginx-Konfiguration"),
        ("B", "# Automatisch erzeugt"),
        ("b", " Änderungen werden beim nächsten Deployment"),
        ("c", "server {\n    listen"),
        ("c", " 443 ssl;"),
        ("c", "server_name shop"),
        ("O", " Bilder liegen auf dem"),
        ("o", " nicht auf diesem Server"),
        ("c", "location /bilder/"),
        ("c", "return 301 https"),
        ("c", "$request_uri;"),
        ("c", "client_max_body_size"),
    ],
)

add(
    "blog",
    "de",
    """
Veröffentlicht am 7. Februar 2026 von Katrin · 5 Kommentare

Warum wir wieder Brot selbst backen

Seit unsere Bäckerei an der Ecke geschlossen hat, backen wir am Wochenende selbst. Das Rezept stammt von meiner Oma, die in Thüringen aufgewachsen ist. Im Gegensatz zu gekauftem Brot hält es sich fast eine Woche. Übrigens: Roggenmehl Type 1150 funktioniert besser als Vollkorn.

Kategorien: Alltag, Küche | Schlagwörter: Brot, Sauerteig
« Vorheriger Beitrag   Nächster Beitrag »
Schreibe einen Kommentar
""",
    [
        ("B", "Veröffentlicht am 7. Februar"),
        ("B", " von Katrin ·"),
        ("B", " 5 Kommentare"),
        ("O", "Warum wir wieder"),
        ("o", " an der Ecke geschlossen"),
        ("R", " stammt von meiner Oma"),
        ("n", " in Thüringen aufgewachsen"),
        ("R", "Im Gegensatz zu gekauftem"),
        ("o", " fast eine Woche"),
        ("O", " Übrigens: Roggenmehl"),
        ("O", " Type 1150"),
        ("R", " besser als Vollkorn"),
        ("B", "Kategorien:"),
        ("B", " | Schlagwörter:"),
        ("B", "« Vorheriger Beitrag"),
        ("B", "Schreibe einen Kommentar"),
    ],
)

add(
    "mailing-list",
    "de",
    """
Von: Stefan Kühn <s.kuehn@lug-ka.de>
An: liste@lug-ka.de
Betreff: Re: [LUG-KA] Treffen im März verschoben?
Datum: Di, 3. Mär 2026 21:14

Hallo zusammen,

> Findet das Treffen am 12. trotzdem im Z10 statt?

ja, wir treffen uns wie immer im Z10, der Raum gehört zum Studentenwerk. Statt des Vortrags über Btrfs machen wir einen Install-Abend.

Gruß, Stefan
--
Liste abbestellen: https://lists.lug-ka.de/mailman/listinfo/liste
""",
    [
        ("B", "Von:"),
        ("n", " Stefan Kühn <"),
        ("c", "s.kuehn@lug-ka.de>"),
        ("B", "Betreff: Re:"),
        ("N", " [LUG-KA] Treffen"),
        ("B", "Datum: Di"),
        ("O", "Hallo zusammen,"),
        ("O", "> Findet das Treffen"),
        ("n", " im Z10 statt"),
        ("N", " gehört zum Studentenwerk"),
        ("R", " Statt des Vortrags über"),
        ("n", " über Btrfs machen"),
        ("O", " einen Install-Abend"),
        ("B", "Gruß, Stefan"),
        ("B", "Liste abbestellen:"),
    ],
)

add(
    "clinical-note",
    "de",
    """
ARZTBRIEF
Klinik für Innere Medizin, Universitätsklinikum Würzburg
Patient: [anonymisiert], geb. [anonymisiert]
Diagnosen: Ambulant erworbene Pneumonie rechts basal; Diabetes mellitus Typ 2
Anamnese: Seit 4 Tagen Fieber bis 39,2 °C und produktiver Husten. Die Patientin ist die Tochter eines bekannten COPD-Patienten unserer Ambulanz.
Therapie: Ampicillin/Sulbactam i.v. für 5 Tage, anschließend orale Umstellung.
Mit freundlichen kollegialen Grüßen
Dr. med. A. Weinreich, Oberärztin
""",
    [
        ("B", "ARZTBRIEF"),
        ("n", "Klinik für Innere Medizin"),
        ("n", " Universitätsklinikum Würzburg"),
        ("B", "Patient: [anonym"),
        ("B", "Diagnosen:"),
        ("O", " Ambulant erworbene Pneumonie"),
        ("O", " Diabetes mellitus Typ 2"),
        ("B", "Anamnese:"),
        ("o", " Fieber bis 39,2 °C"),
        ("R", " ist die Tochter eines"),
        ("O", " unserer Ambulanz"),
        ("O", " Ampicillin/Sulbactam i.v."),
        ("b", "Mit freundlichen kollegialen Grüßen"),
        ("n", "Dr. med. A. Weinreich"),
    ],
)

add(
    "code-python",
    "de",
    """
class Rechnung:
    \"\"\"Eine Rechnung besteht aus Positionen und gehört zu genau einem Kunden.\"\"\"

    def __init__(self, kunde, positionen=None):
        self.kunde = kunde
        self.positionen = positionen or []

    def summe(self) -> Decimal:
        # Rundung erst am Ende, sonst weicht der Betrag von der Buchhaltung ab
        return sum((p.preis * p.menge for p in self.positionen), Decimal("0")).quantize(CENT)
""",
    [
        ("c", "class Rechnung:"),
        ("c", '    """Eine'),
        ("R", " besteht aus Positionen"),
        ("R", " und gehört zu genau"),
        ("o", " einem Kunden."),
        ("c", "def __init__(self, kunde"),
        ("c", " positionen or []"),
        ("c", " -> Decimal:"),
        ("O", " Rundung erst am Ende"),
        ("o", " weicht der Betrag"),
        ("c", "(p.preis * p"),
        ("c", ' Decimal("0"))'),
        ("c", ".quantize(CENT)"),
    ],
)

add(
    "references",
    "de",
    """
Literaturverzeichnis

Assmann, Jan (1992): Das kulturelle Gedächtnis. Schrift, Erinnerung und politische Identität in frühen Hochkulturen. München: C. H. Beck.
Halbwachs, Maurice (1985 [1925]): Das Gedächtnis und seine sozialen Bedingungen. Übers. v. Lutz Geldsetzer. Frankfurt a. M.: Suhrkamp.
Erll, Astrid (2017): Kollektives Gedächtnis und Erinnerungskulturen. 3. Aufl. Stuttgart: Metzler, S. 45–67.
Ebd., S. 52.
""",
    [
        ("B", "Literaturverzeichnis"),
        ("b", "Assmann, Jan (1992)"),
        ("b", " Das kulturelle Gedächtnis"),
        ("b", " München: C. H."),
        ("b", " Übers. v."),
        ("b", " Frankfurt a. M.:"),
        ("b", " 3. Aufl."),
        ("b", " S. 45–67"),
        ("B", "Ebd., S. 52"),
    ],
)

add(
    "news",
    "nl",
    """
BINNENLAND
Arnhems energiebedrijf Volta gaat samen met Belgische branchegenoot
Door Sanne de Vries | 10 maart 2026, 16:05 | Leestijd 2 minuten

Het Arnhemse energiebedrijf Volta fuseert met het Belgische Lumeo. Het nieuwe bedrijf krijgt zijn hoofdkantoor in Antwerpen en wordt geleid door Lumeo-topman Pieter Claes. Volta werd in 2009 opgericht door twee studenten van de Universiteit Twente. In plaats van concurrentie op prijs willen de bedrijven samen investeren in warmtenetten.

Lees ook: Energieprijzen dalen voor het eerst in twee jaar
Deel dit artikel   Reageer   Meer nieuws
""",
    [
        ("B", "BINNENLAND"),
        ("n", "Arnhems energiebedrijf Volta"),
        ("R", " gaat samen met Belgische"),
        ("n", "Door Sanne de Vries"),
        ("o", " 10 maart 2026"),
        ("B", " | Leestijd 2 minuten"),
        ("r", " fuseert met het"),
        ("N", " Belgische Lumeo."),
        ("r", " krijgt zijn hoofdkantoor in"),
        ("r", " wordt geleid door"),
        ("n", " Pieter Claes."),
        ("r", " werd in 2009 opgericht door"),
        ("n", " Universiteit Twente"),
        ("R", " In plaats van concurrentie"),
        ("o", " investeren in warmtenetten"),
        ("B", "Lees ook:"),
        ("B", "Deel dit artikel"),
        ("B", "   Reageer"),
    ],
)

add(
    "real-estate-listing",
    "nl",
    """
Home > Koop > Utrecht > Amersfoort
Vrijstaande woning, Dorpsstraat 14, 3811 BK Amersfoort — € 675.000 k.k.

Karakteristieke jaren-30 woning op loopafstand van het station en de Koppelpoort. De woning ligt aan een rustige singel en beschikt over een diepe achtertuin op het zuiden. Energielabel C.
Bezichtiging op afspraak. Deze informatie is door ons met de nodige zorgvuldigheid samengesteld; wij aanvaarden geen aansprakelijkheid voor onvolledigheid.
Makelaar: Van Dam Makelaardij, lid NVM
Bewaren   Delen   Plan bezichtiging
""",
    [
        ("B", "Home > Koop"),
        ("n", " > Amersfoort"),
        ("O", "Vrijstaande woning,"),
        ("n", " Dorpsstraat 14"),
        ("o", " € 675.000 k.k."),
        ("O", "Karakteristieke jaren-30"),
        ("R", " op loopafstand van het"),
        ("n", " de Koppelpoort"),
        ("R", " ligt aan een rustige"),
        ("R", " beschikt over een diepe"),
        ("O", " Energielabel C"),
        ("B", "Bezichtiging op afspraak"),
        ("b", " met de nodige zorgvuldigheid samengesteld"),
        ("b", " wij aanvaarden geen aansprakelijkheid"),
        ("B", "Makelaar:"),
        ("n", " Van Dam Makelaardij"),
        ("B", "Bewaren   Delen"),
        ("B", "   Plan bezichtiging"),
    ],
)

add(
    "encyclopedia",
    "nl",
    """
De Waddenzee is een binnenzee tussen de Nederlandse, Duitse en Deense Waddeneilanden en het vasteland. Het gebied is onderdeel van het grootste aaneengesloten getijdengebied ter wereld en staat sinds 2009 op de Werelderfgoedlijst van UNESCO. De zee wordt gescheiden van de Noordzee door een keten van eilanden, waarvan Texel het grootste is. Ameland behoort tot de provincie Friesland.

Zie ook
Lijst van Waddeneilanden
Bronnen, noten en/of referenties
""",
    [
        ("n", "De Waddenzee is"),
        ("r", " is een binnenzee tussen"),
        ("o", " en het vasteland"),
        ("r", " is onderdeel van het"),
        ("o", " getijdengebied ter wereld"),
        ("R", " staat sinds 2009 op de"),
        ("n", " Werelderfgoedlijst van UNESCO"),
        ("r", " wordt gescheiden van de"),
        ("r", " een keten van eilanden"),
        ("n", " waarvan Texel het"),
        ("r", " behoort tot de provincie"),
        ("n", " provincie Friesland"),
        ("B", "Zie ook"),
        ("B", "Lijst van Waddeneilanden"),
        ("B", "Bronnen, noten en/of referenties"),
    ],
)

add(
    "faq-page",
    "nl",
    """
Veelgestelde vragen

Hoe lang duurt de levering?
Bestellingen die op werkdagen vóór 22:00 uur zijn geplaatst, worden de volgende dag bezorgd door PostNL.

Kan ik namens een bedrijf bestellen?
Ja. Kies bij het afrekenen voor 'Zakelijk bestellen' en vul uw KvK-nummer in.

Was dit antwoord nuttig?  Ja  Nee
Staat uw vraag er niet tussen? Neem contact op met onze klantenservice.
""",
    [
        ("B", "Veelgestelde vragen"),
        ("o", "Hoe lang duurt de"),
        ("o", " vóór 22:00 uur"),
        ("N", " bezorgd door PostNL"),
        ("R", "Kan ik namens een"),
        ("O", "Ja. Kies bij"),
        ("B", " 'Zakelijk bestellen'"),
        ("O", " uw KvK-nummer"),
        ("B", "Was dit antwoord nuttig"),
        ("B", "Staat uw vraag er niet tussen"),
        ("B", " Neem contact op met onze"),
    ],
)

add(
    "code-go",
    "nl",
    """
// Package voorraad houdt de voorraad per magazijn bij.
package voorraad

import (
	"errors"
	"sync"
)

// ErrOnbekend wordt teruggegeven als het artikel niet bij dit magazijn hoort.
var ErrOnbekend = errors.New("onbekend artikel")

func (m *Magazijn) Neem(sku string, n int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.stock[sku]; !ok {
		return ErrOnbekend
	}
	m.stock[sku] -= n
	return nil
}
""",
    [
        ("c", "// Package voorraad"),
        ("o", " houdt de voorraad per"),
        ("c", "package voorraad"),
        ("c", '\t"errors"'),
        ("c", "// ErrOnbekend"),
        ("O", " wordt teruggegeven als het"),
        ("R", " niet bij dit magazijn hoort"),
        ("c", ' errors.New("'),
        ("C", '"onbekend artikel")'),
        ("c", "func (m *Magazijn)"),
        ("c", "defer m.mu.Unlock()"),
        ("c", " := m.stock[sku]"),
        ("c", "\treturn nil"),
    ],
)

add(
    "weather-report",
    "nl",
    """
Weerbericht KNMI, zaterdag 7 maart, 11:30
Vandaag wisselend bewolkt met af en toe een bui, vooral in het noorden. Middagtemperatuur rond 9 graden. Matige zuidwestenwind, aan de Waddenkust vrij krachtig.
Zondag: vanuit het zuiden meer zon en droger. In vergelijking met vandaag iets zachter.
Code geel voor windstoten in Groningen en Friesland.
Bron: KNMI. Volgende update om 17:30.
""",
    [
        ("n", "Weerbericht KNMI,"),
        ("O", " zaterdag 7 maart"),
        ("O", "Vandaag wisselend bewolkt"),
        ("o", " af en toe een bui"),
        ("o", " rond 9 graden"),
        ("n", " aan de Waddenkust"),
        ("O", "Zondag: vanuit"),
        ("R", " In vergelijking met vandaag"),
        ("O", "Code geel voor"),
        ("n", " in Groningen en"),
        ("B", "Bron: KNMI"),
        ("B", " Volgende update om"),
    ],
)

add(
    "obituary",
    "nl",
    """
Heden is op 81-jarige leeftijd van ons heengegaan onze lieve moeder, schoonmoeder en oma
Johanna (Jo) Bakker-Visser
weduwe van Hendrik Bakker
Zwolle, 1 maart 2026
Correspondentieadres: Kerkstraat 22, 8011 AB Zwolle
Jo was jarenlang vrijwilliger bij de Voedselbank en lid van het Christelijk Gemengd Koor Zwolle.
De uitvaart vindt plaats in besloten kring. In plaats van bloemen een gift aan KWF Kankerbestrijding.
Condoleren   Herinnering delen
""",
    [
        ("B", "Heden is op 81-jarige"),
        ("O", " van ons heengegaan"),
        ("r", " onze lieve moeder,"),
        ("R", " schoonmoeder en oma"),
        ("n", "Johanna (Jo) Bakker"),
        ("N", "weduwe van Hendrik"),
        ("B", "Correspondentieadres:"),
        ("R", " was jarenlang vrijwilliger bij de"),
        ("n", " Voedselbank en"),
        ("r", " en lid van het"),
        ("n", " Christelijk Gemengd Koor"),
        ("B", " vindt plaats in besloten kring"),
        ("R", " In plaats van bloemen"),
        ("n", " KWF Kankerbestrijding"),
        ("B", "Condoleren"),
    ],
)

add(
    "product-page",
    "nl",
    """
Home > Fietsen > E-bikes > Stadsfietsen
Gazelle Ultimate C380 HMB — damesfiets, 500 Wh
★★★★½ (214 reviews)
€ 3.299,00 incl. btw
Op voorraad · Vandaag besteld, morgen in huis

Productomschrijving
De Ultimate C380 is uitgerust met een Bosch Performance-middenmotor en is geschikt voor dagelijks woon-werkverkeer. Het frame is gemaakt van aluminium.
In winkelwagen   Vergelijk   Op verlanglijst
Klanten kochten ook
""",
    [
        ("B", "Home > Fietsen"),
        ("O", " > Stadsfietsen"),
        ("n", "Gazelle Ultimate C380"),
        ("o", " damesfiets, 500 Wh"),
        ("B", " (214 reviews)"),
        ("B", " incl. btw"),
        ("B", "Op voorraad ·"),
        ("B", " Vandaag besteld, morgen in huis"),
        ("B", "Productomschrijving"),
        ("r", " is uitgerust met een"),
        ("n", " Bosch Performance-midd"),
        ("r", " is geschikt voor dagelijks"),
        ("r", " is gemaakt van aluminium"),
        ("B", "In winkelwagen"),
        ("B", "   Vergelijk"),
        ("B", "Klanten kochten ook"),
    ],
)

add(
    "podcast-transcript",
    "nl",
    """
[00:05:10] JOOST: Jij bent opgegroeid in Maastricht, toch? Hoe kwam je dan in de Amsterdamse muziekscene terecht?
[00:05:16] FEMKE: Eigenlijk via mijn oom. Hij speelde bij het Concertgebouworkest en nam me mee naar repetities.
[00:05:24] JOOST: Mooi. Even tussendoor: deze aflevering wordt mogelijk gemaakt door Blendle. Probeer het een maand gratis via de link in de shownotes.
[00:05:33] FEMKE: Hoe dan ook, ik wist toen al dat ik geen klassiek wilde spelen.
""",
    [
        ("c", "[00:05:10]"),
        ("n", " JOOST:"),
        ("n", " opgegroeid in Maastricht"),
        ("O", " toch? Hoe kwam"),
        ("O", " Amsterdamse muziekscene"),
        ("O", " Eigenlijk via mijn oom"),
        ("R", " Hij speelde bij het"),
        ("n", " Concertgebouworkest en"),
        ("B", " Even tussendoor:"),
        ("b", " deze aflevering wordt mogelijk gemaakt door"),
        ("B", " via de link in de shownotes"),
        ("O", " Hoe dan ook, ik"),
        ("o", " geen klassiek wilde"),
    ],
)

add(
    "code-sql",
    "nl",
    """
-- Klanten die in 2025 meer dan drie keer bestelden, per provincie
SELECT k.provincie, COUNT(DISTINCT k.id) AS vaste_klanten
FROM klanten k
JOIN bestellingen b ON b.klant_id = k.id
WHERE b.besteld_op >= DATE '2025-01-01'
GROUP BY k.provincie
HAVING COUNT(b.id) > 3
-- let op: Zeeland ontbreekt omdat die regio via een andere webwinkel liep
ORDER BY vaste_klanten DESC;
""",
    [
        ("c", "-- Klanten"),
        ("o", " die in 2025 meer dan"),
        ("c", "SELECT k.provincie"),
        ("c", " COUNT(DISTINCT k.id)"),
        ("c", "FROM klanten k"),
        ("c", "JOIN bestellingen b ON"),
        ("c", " DATE '2025-01-01'"),
        ("c", "HAVING COUNT(b"),
        ("c", "-- let op"),
        ("n", " Zeeland ontbreekt"),
        ("O", " via een andere webwinkel"),
        ("c", " DESC;"),
    ],
)


if __name__ == "__main__":
    write(P, "b03")
