"""Batch b07: Italian and Polish passages, written for this set."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "news",
    "it",
    """
ECONOMIA
La torinese Vetreria Alpina si fonde con la francese Verrerie du Nord
di Giulia Ferrari | 12 marzo 2026, ore 09:50 | Tempo di lettura: 2 minuti

La Vetreria Alpina, con sede a Chivasso, si è fusa con il gruppo francese Verrerie du Nord. Il nuovo gruppo sarà guidato da Marco Bellini, già dirigente di Saint-Gobain. La Vetreria, fondata nel 1921, appartiene dal 2015 al fondo Eridano Capital. Anziché competere sui prezzi, le due aziende puntano sul vetro riciclato.
Leggi anche: Energia, le bollette scendono del 5%
Condividi   Commenta   Continua a leggere
Riproduzione riservata © Copyright ANSA
""",
    [
        ("B", "ECONOMIA"),
        ("N", "La torinese Vetreria"),
        ("n", " Vetreria Alpina si"),
        ("r", " si fonde con la francese"),
        ("n", " Verrerie du Nord\n"),
        ("n", "di Giulia Ferrari"),
        ("B", " | Tempo di lettura:"),
        ("r", ", con sede a"),
        ("n", " Chivasso,"),
        ("r", " si è fusa con il"),
        ("r", " sarà guidato da"),
        ("n", " Marco Bellini,"),
        ("N", " già dirigente di Saint"),
        ("r", ", fondata nel 1921"),
        ("r", ", appartiene dal 2015 al"),
        ("n", " Eridano Capital."),
        ("R", " Anziché competere sui"),
        ("B", "Leggi anche:"),
        ("B", "Condividi   Commenta"),
        ("B", "   Continua a leggere"),
        ("b", "Riproduzione riservata"),
        ("b", " © Copyright ANSA"),
    ],
)

add(
    "encyclopedia",
    "it",
    """
Il lago di Garda, detto anche Benaco, è il più grande lago italiano, con una superficie di 370 km². Si trova tra la Lombardia, il Veneto e il Trentino-Alto Adige. Il suo principale immissario è il fiume Sarca, mentre l'emissario è il Mincio, che confluisce nel Po presso Governolo. Sulla sponda meridionale sorge Sirmione, nota per le Grotte di Catullo.
Voci correlate
Laghi d'Italia
Note
^ «Lago di Garda», in Enciclopedia Treccani. URL consultato il 12 maggio 2020 (archiviato dall'url originale il 4 marzo 2016).
""",
    [
        ("n", "Il lago di Garda,"),
        ("r", " detto anche"),
        ("n", " Benaco, è"),
        ("r", " è il più grande lago"),
        ("O", " lago italiano,"),
        ("o", " 370 km²"),
        ("r", " Si trova tra la"),
        ("r", " Il suo principale immissario è"),
        ("n", " fiume Sarca,"),
        ("r", " mentre l'emissario è"),
        ("r", ", che confluisce nel"),
        ("n", " presso Governolo"),
        ("n", " sorge Sirmione"),
        ("r", ", nota per le"),
        ("n", " Grotte di Catullo"),
        ("B", "Voci correlate"),
        ("B", "Laghi d'Italia"),
        ("B", "Note\n"),
        ("b", " URL consultato il 12"),
        ("b", " (archiviato dall'url originale"),
    ],
)

add(
    "job-ad",
    "it",
    """
Offerta di lavoro: Addetto/a alla contabilità
Azienda: Lavazza S.p.A. · Sede: Torino · Tempo pieno, indeterminato

Mansioni
- Registrazione fatture attive e passive
- Collaborazione con lo studio del commercialista per le dichiarazioni annuali
Requisiti
- Diploma di ragioneria o laurea in Economia
- Ottima conoscenza di SAP
La ricerca è rivolta a candidati di entrambi i sessi (L. 903/77 e L. 125/91).
Candidati ora   Salva   Segnala annuncio
""",
    [
        ("B", "Offerta di lavoro:"),
        ("O", " Addetto/a alla contabilità"),
        ("B", "Azienda:"),
        ("n", " Lavazza S.p.A."),
        ("B", " · Sede:"),
        ("n", " Torino · Tempo"),
        ("o", " Tempo pieno, indeterminato"),
        ("B", "Mansioni\n"),
        ("o", " Registrazione fatture attive"),
        ("R", " Collaborazione con lo studio"),
        ("B", "Requisiti\n"),
        ("O", " Diploma di ragioneria"),
        ("O", " laurea in Economia"),
        ("N", " conoscenza di SAP"),
        ("b", "La ricerca è rivolta a candidati di entrambi i sessi"),
        ("B", " (L. 903/77"),
        ("B", "Candidati ora"),
        ("B", "   Segnala annuncio"),
    ],
)

add(
    "code-lua",
    "it",
    """
-- Configurazione della barra di stato per Neovim
local M = {}

-- mostra il ramo git al posto del nome del file quando la finestra è stretta
function M.sezione_sinistra()
  local ramo = vim.b.gitsigns_head or ""
  if vim.api.nvim_win_get_width(0) < 80 then
    return " " .. ramo
  end
  return vim.fn.expand("%:t") .. " [" .. ramo .. "]"
end

return M
""",
    [
        ("c", "-- Configurazione"),
        ("o", " della barra di stato"),
        ("N", " per Neovim"),
        ("c", "local M = {}"),
        ("c", "-- mostra"),
        ("o", " il ramo git"),
        ("R", " al posto del nome del"),
        ("c", "function M.sezione"),
        ("c", " vim.b.gitsigns_head or"),
        ("c", " vim.api.nvim_win"),
        ("c", " < 80 then"),
        ("c", " .. ramo\n"),
        ("c", 'vim.fn.expand("%:t")'),
        ("c", "return M"),
    ],
)

add(
    "real-estate-listing",
    "it",
    """
Home > Vendita > Toscana > Lucca
Appartamento in vendita, via Fillungo — € 385.000
Trilocale · 95 m² · 2° piano senza ascensore · Classe energetica F

Luminoso appartamento nel cuore del centro storico, a pochi passi dalla Torre Guinigi. L'immobile si affaccia su una corte interna e dispone di una cantina. Ideale anche come investimento per affitti brevi.
Rif. annuncio: LU-0772
Agenzia: Immobiliare Le Mura
Le informazioni sono fornite dall'inserzionista e non costituiscono vincolo contrattuale.
Contatta l'agenzia   Salva   Condividi
""",
    [
        ("B", "Home > Vendita"),
        ("n", " > Lucca\n"),
        ("O", "Appartamento in vendita,"),
        ("n", " via Fillungo"),
        ("O", "Trilocale · 95"),
        ("O", " · Classe energetica F"),
        ("o", " nel cuore del centro storico"),
        ("R", " a pochi passi dalla"),
        ("n", " Torre Guinigi"),
        ("R", " si affaccia su una"),
        ("R", " e dispone di una"),
        ("o", " investimento per affitti brevi"),
        ("B", "Rif. annuncio:"),
        ("B", "Agenzia:"),
        ("n", " Immobiliare Le Mura"),
        ("b", "Le informazioni sono fornite dall'inserzionista"),
        ("B", "Contatta l'agenzia"),
    ],
)

add(
    "poetry",
    "it",
    """
Ritorno a Camogli

Ho lasciato il paese come si lascia
una stanza accesa, la porta socchiusa,
e il mare di Liguria dietro i vetri
a fare il conto delle barche in rada.

Mia madre stendeva le lenzuola al vento,
figlia di pescatori, moglie di nessuno.

(da «Sale e ardesia», Einaudi, 2019)
Riprodotto per gentile concessione dell'editore.
""",
    [
        ("n", "Ritorno a Camogli"),
        ("o", "Ho lasciato il paese"),
        ("O", " come si lascia"),
        ("o", "una stanza accesa"),
        ("n", " mare di Liguria"),
        ("o", " il conto delle barche"),
        ("O", " in rada."),
        ("R", "Mia madre"),
        ("R", "figlia di pescatori"),
        ("R", " moglie di nessuno"),
        ("n", "«Sale e ardesia»"),
        ("b", " Einaudi, 2019)"),
        ("b", "Riprodotto per gentile concessione"),
    ],
)

add(
    "clinical-note",
    "it",
    """
LETTERA DI DIMISSIONE
U.O. Ortopedia e Traumatologia — Ospedale San Raffaele, Milano
Paziente: [omissis]   Data ricovero: 02/03/2026   Data dimissione: 07/03/2026

Diagnosi: frattura pertrocanterica femore sinistro.
Anamnesi: paziente di 79 anni, vedova, vive con la figlia. Ipertensione arteriosa in terapia.
Intervento: osteosintesi con chiodo endomidollare (04/03).
Terapia alla dimissione: enoxaparina 4000 UI s.c. per 30 giorni.
Il medico dimettente: Dott.ssa L. Conti
""",
    [
        ("B", "LETTERA DI DIMISSIONE"),
        ("N", "U.O. Ortopedia e"),
        ("n", " Ospedale San Raffaele"),
        ("B", "Paziente: [omissis]"),
        ("B", "   Data ricovero:"),
        ("B", "Diagnosi:"),
        ("o", " frattura pertrocanterica femore"),
        ("B", "Anamnesi:"),
        ("R", " vive con la figlia"),
        ("O", " Ipertensione arteriosa in"),
        ("o", " con chiodo endomidollare"),
        ("O", " 4000 UI s.c."),
        ("B", "Il medico dimettente:"),
        ("n", " Dott.ssa L. Conti"),
    ],
)

add(
    "changelog",
    "it",
    """
## [1.8.0] - 2026-02-20
### Aggiunto
- Esportazione in formato `.ods` oltre a `.xlsx` (#88)
- Supporto per le fatture elettroniche dell'Agenzia delle Entrate

### Modificato
- Le date ora seguono il formato italiano invece di quello ISO.

### Corretto
- Errore di arrotondamento nell'IVA al 22% (grazie a @paolo-r)
""",
    [
        ("b", "## [1.8.0]"),
        ("b", "### Aggiunto"),
        ("o", "- Esportazione in formato"),
        ("c", " `.ods` oltre"),
        ("C", " oltre a `.xlsx`"),
        ("c", " (#88)"),
        ("n", " dell'Agenzia delle Entrate"),
        ("b", "### Modificato"),
        ("O", " ora seguono il formato italiano"),
        ("R", " invece di quello"),
        ("b", "### Corretto"),
        ("o", " Errore di arrotondamento"),
        ("o", " nell'IVA al 22%"),
        ("C", " @paolo-r)"),
    ],
)

add(
    "news",
    "pl",
    """
GOSPODARKA
Poznański Solvera przejmuje czeską spółkę Energon
Autor: Tomasz Nowak | 12.03.2026, 10:15 | Aktualizacja: 11:40

Spółka Solvera z siedzibą w Poznaniu przejęła czeskiego producenta falowników Energon za 95 mln euro. Energon został założony w Brnie w 1999 roku i należy do funduszu Morava Invest. Prezesem połączonej firmy zostanie Katarzyna Wiśniewska, która wcześniej pracowała w ABB. Zamiast walczyć ceną, firmy chcą wspólnie wejść na rynek niemiecki.
Czytaj także: Ceny prądu spadną w drugim kwartale
Udostępnij   Skomentuj   Czytaj dalej
""",
    [
        ("B", "GOSPODARKA"),
        ("N", "Poznański Solvera"),
        ("R", " przejmuje czeską spółkę"),
        ("n", " Energon\n"),
        ("B", "Autor:"),
        ("n", " Tomasz Nowak"),
        ("B", " | Aktualizacja:"),
        ("n", "Spółka Solvera z"),
        ("r", " z siedzibą w"),
        ("n", " w Poznaniu"),
        ("R", " przejęła czeskiego producenta"),
        ("r", " został założony w"),
        ("n", " w Brnie w"),
        ("r", " i należy do funduszu"),
        ("n", " Morava Invest"),
        ("r", "Prezesem połączonej firmy"),
        ("R", " która wcześniej pracowała w"),
        ("R", " Zamiast walczyć ceną"),
        ("O", " rynek niemiecki"),
        ("B", "Czytaj także:"),
        ("B", "Udostępnij"),
        ("B", "   Czytaj dalej"),
    ],
)

add(
    "encyclopedia",
    "pl",
    """
Wisła – najdłuższa rzeka w Polsce, o długości 1047 km. Jej źródła znajdują się na stokach Baraniej Góry w Beskidzie Śląskim, a uchodzi do Morza Bałtyckiego w Zatoce Gdańskiej. Największym dopływem Wisły jest Bug, który łączy się z nią poprzez Narew. Nad Wisłą leżą m.in. Kraków, Warszawa i Toruń. Dorzecze Wisły obejmuje ponad połowę powierzchni kraju.
Zobacz też
Rzeki w Polsce
Przypisy
↑ Wisła, [w:] Encyklopedia PWN [online] [dostęp 2020-05-12]. Zarchiwizowane z adresu 2016-03-04.
""",
    [
        ("n", "Wisła – najdłuższa"),
        ("r", " – najdłuższa rzeka w"),
        ("o", " o długości 1047 km"),
        ("r", "Jej źródła znajdują się na"),
        ("n", " Baraniej Góry"),
        ("r", " a uchodzi do"),
        ("n", " Morza Bałtyckiego"),
        ("r", "Największym dopływem"),
        ("r", " który łączy się z nią"),
        ("r", " poprzez"),
        ("n", "Nad Wisłą leżą"),
        ("N", " m.in. Kraków"),
        ("r", " obejmuje ponad połowę"),
        ("B", "Zobacz też"),
        ("B", "Rzeki w Polsce"),
        ("B", "Przypisy"),
        ("b", ", [w:] Encyklopedia"),
        ("b", " [dostęp 2020-05-12]"),
        ("b", " Zarchiwizowane z adresu"),
    ],
)

add(
    "job-ad",
    "pl",
    """
Oferta pracy: Specjalista ds. logistyki (k/m)
Pracodawca: InPost S.A. · Kraków · Umowa o pracę, pełny etat

Twój zakres obowiązków
• planowanie tras kurierskich we współpracy z działem IT
• raportowanie do kierownika regionu
Nasze wymagania
• min. 2 lata doświadczenia, znajomość Excela
Prosimy o zawarcie w CV klauzuli: „Wyrażam zgodę na przetwarzanie moich danych osobowych dla potrzeb niezbędnych do realizacji procesu rekrutacji”.
Aplikuj   Zapisz   Zgłoś naruszenie
""",
    [
        ("B", "Oferta pracy:"),
        ("O", " Specjalista ds. logistyki"),
        ("B", "Pracodawca:"),
        ("n", " InPost S.A."),
        ("n", " · Kraków ·"),
        ("o", " Umowa o pracę, pełny etat"),
        ("B", "Twój zakres obowiązków"),
        ("o", " planowanie tras kurierskich"),
        ("R", " we współpracy z działem"),
        ("R", " raportowanie do kierownika"),
        ("B", "Nasze wymagania"),
        ("N", " znajomość Excela"),
        ("b", "Prosimy o zawarcie w CV klauzuli"),
        ("b", " „Wyrażam zgodę na przetwarzanie"),
        ("b", " moich danych osobowych"),
        ("B", "Aplikuj   Zapisz"),
        ("B", "   Zgłoś naruszenie"),
    ],
)

add(
    "code-rust",
    "pl",
    """
/// Zwraca sumę kontrolną pliku.
///
/// # Błędy
///
/// Zwraca `io::Error`, jeśli pliku nie da się otworzyć.
pub fn suma_kontrolna(sciezka: &Path) -> io::Result<u32> {
    let dane = fs::read(sciezka)?;
    // używamy CRC32 zamiast SHA-256, bo liczy się szybkość, nie bezpieczeństwo
    Ok(crc32fast::hash(&dane))
}
""",
    [
        ("c", "/// Zwraca"),
        ("o", " sumę kontrolną pliku"),
        ("B", "/// # Błędy"),
        ("c", " `io::Error`,"),
        ("O", ", jeśli pliku nie"),
        ("c", "pub fn suma_kontrolna"),
        ("c", "(sciezka: &Path)"),
        ("c", " -> io::Result<u32>"),
        ("c", " fs::read(sciezka)?;"),
        ("O", " używamy CRC32"),
        ("R", " zamiast SHA-256"),
        ("o", " bo liczy się szybkość"),
        ("c", "Ok(crc32fast::hash(&dane))"),
    ],
)

add(
    "government-notice",
    "pl",
    """
OBWIESZCZENIE
Prezydenta Miasta Gdańska
z dnia 4 marca 2026 r.

Na podstawie art. 39 ustawy z dnia 3 października 2008 r. o udostępnianiu informacji o środowisku zawiadamiam o przystąpieniu do sporządzenia miejscowego planu zagospodarowania przestrzennego obszaru Orunia Górna. Teren graniczy od wschodu z ulicą Małomiejską. Wnioski można składać w terminie 21 dni od dnia ogłoszenia.
Prezydent Miasta Gdańska
/-/ podpis nieczytelny
""",
    [
        ("B", "OBWIESZCZENIE"),
        ("n", "Prezydenta Miasta Gdańska"),
        ("o", "z dnia 4 marca 2026"),
        ("b", "Na podstawie art. 39"),
        ("b", " ustawy z dnia 3 października"),
        ("O", " miejscowego planu zagospodarowania"),
        ("n", " obszaru Orunia Górna"),
        ("R", " graniczy od wschodu z"),
        ("n", " ulicą Małomiejską"),
        ("b", " Wnioski można składać w terminie"),
        ("b", " od dnia ogłoszenia"),
        ("B", "/-/ podpis nieczytelny"),
    ],
)

add(
    "blog",
    "pl",
    """
Opublikowano 11 stycznia 2026 przez Magda · 6 komentarzy

Zimowy weekend w Zakopanem bez tłumów

Zamiast Krupówek wybraliśmy spacer doliną Kościeliską. Schronisko na Hali Ornak należy do PTTK i serwuje najlepszą szarlotkę w Tatrach. Swoją drogą, warto mieć raczki na butach – szlak był oblodzony.

Tagi: Tatry, góry zimą
Poprzedni wpis   Następny wpis
Dodaj komentarz
""",
    [
        ("B", "Opublikowano 11 stycznia"),
        ("B", " przez Magda ·"),
        ("B", " 6 komentarzy"),
        ("O", "Zimowy weekend w"),
        ("n", " w Zakopanem bez"),
        ("N", "Zamiast Krupówek"),
        ("n", " doliną Kościeliską"),
        ("n", " na Hali Ornak"),
        ("N", " należy do PTTK"),
        ("o", " najlepszą szarlotkę"),
        ("O", " Swoją drogą, warto"),
        ("o", " raczki na butach"),
        ("B", "Tagi:"),
        ("B", "Poprzedni wpis"),
        ("B", "Dodaj komentarz"),
    ],
)

add(
    "config-file",
    "pl",
    """
# docker-compose.yml dla środowiska deweloperskiego
# UWAGA: nie używać na produkcji
services:
  baza:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: haslo123   # tylko lokalnie, zamiast prawdziwych sekretów
  api:
    build: ./api
    depends_on:
      - baza
    ports:
      - "8080:8080"
""",
    [
        ("c", "# docker-compose.yml"),
        ("o", " dla środowiska deweloperskiego"),
        ("O", " UWAGA: nie używać"),
        ("c", "services:\n  baza:"),
        ("c", "image: postgres:16"),
        ("c", "environment:\n"),
        ("c", "POSTGRES_PASSWORD: haslo"),
        ("o", " tylko lokalnie,"),
        ("R", " zamiast prawdziwych sekretów"),
        ("c", "build: ./api"),
        ("c", "depends_on:"),
        ("c", '"8080:8080"'),
    ],
)

add(
    "fiction",
    "pl",
    """
Pociąg do Lublina spóźniał się już godzinę. Ewa siedziała na walizce i liczyła gołębie pod dachem dworca. Jej ojciec, emerytowany kolejarz, zawsze mówił, że spóźnienie to tylko inny rozkład jazdy.
– Pani też do Lublina? – zapytał starszy mężczyzna w kapeluszu.
– Do Chełma – odpowiedziała. – Do siostry.
Mężczyzna pokiwał głową, jakby to wszystko wyjaśniało.
""",
    [
        ("n", "Pociąg do Lublina"),
        ("o", " spóźniał się już godzinę"),
        ("n", " Ewa siedziała"),
        ("o", " liczyła gołębie pod"),
        ("R", " Jej ojciec,"),
        ("O", " to tylko inny rozkład jazdy"),
        ("n", " do Lublina? –"),
        ("o", " starszy mężczyzna w kapeluszu"),
        ("n", " Do Chełma"),
        ("O", " Do siostry."),
        ("O", " pokiwał głową, jakby"),
    ],
)


if __name__ == "__main__":
    write(P, "b07")
