# Source passages for the non-English categorizer eval items (items_xx.jsonl).
# Each entry: (language, genre, passage text, [(ngram, hard_flag[, occurrence_index]), ...])
# Passages were written fresh for this set. build_xx.py turns them into items.
PASSAGES = []

def add(lang, genre, text, spans):
    PASSAGES.append((lang, genre, text, spans))

# ---------------------------------------------------------------- fr
add("fr", "forum", """Re: Problème de démarrage Clio III diesel
Message par Gégé54 » mar. 12 mars 2024 18:42

TonyMeca a écrit :
Vérifie d'abord la batterie, puis le démarreur.

J'ai fait les deux, la batterie est neuve (achetée chez Norauto la semaine dernière). Le voyant clignote toujours quand je tourne la clé. Mon beau-frère, qui travaille pour Peugeot à Sochaux, pense que c'est l'antidémarrage. Quelqu'un a déjà eu ça ?
Merci d'avance !
Haut de page
Répondre avec citation · Signaler ce message""", [
    ("Message par", 0), (" mar. 12", 1), (" Norauto", 0), (" travaille pour", 0),
    (" Sochaux", 0), ("Haut de page", 1)])
add("fr", "recipe", """Tarte aux pommes de grand-mère
Préparation : 20 min · Cuisson : 35 min · Pour 6 personnes
Ingrédients
- 1 pâte brisée
- 5 pommes Golden
- 50 g de beurre
- 2 cuillères à soupe de sucre roux
Étapes
1. Préchauffez le four à 180 °C (th. 6).
2. Épluchez les pommes, coupez-les en fines lamelles et disposez-les en rosace sur la pâte.
3. Parsemez de noisettes de beurre et de sucre, puis enfournez.
Astuce : la Golden peut être remplacée par de la Reine des reinettes, une variété originaire de Normandie.
Imprimer la recette   Ajouter à mes favoris""", [
    (" 180 °C", 1), (" Reine des", 1), (" originaire de", 0), (" Normandie", 0),
    ("Imprimer la", 1)])
add("fr", "contract", """CONTRAT DE PRESTATION DE SERVICES
Entre les soussignés :
La société DUVAL INFORMATIQUE SAS, au capital de 50 000 euros, immatriculée au RCS de Lyon sous le numéro 812 345 678, dont le siège social est situé 14 rue de la République, 69002 Lyon, représentée par M. Julien Duval, en sa qualité de Président,
ci-après dénommée « le Prestataire »,
Et l'association Les Amis du Vieux Moulin, déclarée en préfecture de l'Ain,
ci-après dénommée « le Client ».
Article 3 – Durée
Le présent contrat est conclu pour une durée de douze (12) mois à compter de sa signature. Il pourra être renouvelé par tacite reconduction, sauf dénonciation par l'une des parties par lettre recommandée avec accusé de réception.""", [
    (" au RCS de", 0), ("ci-après", 1), (" Vieux Moulin", 1),
    (" douze (12)", 1), (" par tacite", 0)])
add("fr", "social-media", """@marine_vdb
Enfin arrivée à Marseille après 6h de TGV en retard 😤 Le Vieux-Port sous le soleil, ça rattrape tout. Merci @SNCF_Voyageurs pour les 3 heures de bonus... #grève #Marseille
12:47 · 3 avr. 2024 · 1 284 vues
Répondre   Retweeter   J'aime

@lulu_grenoble · En réponse à @marine_vdb
pareil la semaine dernière entre Lyon et Valence, on est restés bloqués 2h en pleine campagne mdr""", [
    (" @SNCF_Voyageurs", 0), (" #grève", 1), (" Vieux-Port", 0), (" 1 284 vues", 1),
    (" En réponse à", 0)])
add("fr", "scientific-abstract", """Résumé
Le Rhône, qui prend sa source dans le glacier du Rhône en Suisse, est l'un des principaux fleuves d'Europe occidentale. Cette étude évalue l'impact des épisodes de sécheresse de 2019 à 2022 sur les débits mesurés à la station de Beaucaire. Nous montrons que le débit moyen estival a diminué de 18 % par rapport à la période 1990-2010.
Mots-clés : hydrologie ; sécheresse ; Rhône ; changement climatique
Citer cet article : Martin, L., Garnier, P. et al. (2023). Revue des sciences de l'eau, 36(2), p. 145-162. DOI : 10.7202/1098765ar""", [
    (" prend sa source", 0), (" est l'un des", 0), (" de 18 %", 1), ("Mots-clés", 0),
    (" et al.", 0)])
add("fr", "news", """Lyon, le 14 février 2024 – Le laboratoire lyonnais Valmont Santé a annoncé mardi la fermeture de son site de Montrichard. L'entreprise, fondée en 1948 par les frères Émile et André Valmont, emploie aujourd'hui près de 3 000 salariés dans le monde. « C'est une décision difficile », a déclaré la direction dans un communiqué.
Lire aussi : Pharmacie : les ventes d'homéopathie en chute libre
Partager sur Facebook · Partager sur X
© Le Progrès de l'Ain – Tous droits réservés""", [
    (" Valmont Santé", 0), (" fondée en", 0), (" près de 3 000", 1), ("Lire aussi", 1),
    (" droits réservés", 1), (" Montrichard", 0)])
# ---------------------------------------------------------------- es
add("es", "qa", """¿Cuál es la diferencia entre "por qué", "porque" y "porqué"?
Preguntado hace 3 años · Visto 12k veces
Siempre me confundo al escribir mensajes en el trabajo. ¿Alguien me lo puede explicar con ejemplos?
Respuesta aceptada
"Por qué" se usa en preguntas: ¿Por qué no viniste? "Porque" introduce una causa: No vine porque llovía. "Porqué" es un sustantivo y equivale a "la razón": No entiendo el porqué de su enfado. Según la Real Academia Española, también existe "por que", pero es mucho menos frecuente.
Compartir · Mejorar esta respuesta · Seguir
respondida el 5 de mayo de 2021 por Lucía Fernández""", [
    ("Preguntado hace", 1), (" Visto 12k", 1), (" Según la", 0), (" Real Academia", 0),
    (" es un sustantivo", 0), (" por Lucía", 0)])
add("es", "sports-report", """El Betis remonta en La Cartuja y sueña con Europa
Sevilla, 18 de febrero. El Real Betis se impuso por 2-1 al Villarreal en un partido que empezó torcido para los de Pellegrini. Gerard Moreno abrió el marcador en el minuto 23, pero Isco, que se formó en la cantera del Valencia, empató antes del descanso. Ya en la segunda parte, un cabezazo de Willian José a la salida de un córner dio los tres puntos al equipo local.
Con esta victoria, el Betis es quinto con 41 puntos.""", [
    (" La Cartuja", 0), (" por 2-1", 1), (" se formó en", 0), (" Valencia", 0),
    (" minuto 23", 1)])
add("es", "court-judgment", """SENTENCIA Nº 214/2022
En Madrid, a 9 de junio de 2022.
Vistos por el Ilmo. Sr. D. Alfonso Ruiz Serrano, Magistrado-Juez del Juzgado de lo Social nº 7 de Madrid, los presentes autos sobre despido, seguidos a instancia de Dª. Marta Gil Ortega contra la empresa LOGÍSTICA PENÍNSULA S.L.
ANTECEDENTES DE HECHO
PRIMERO.- La actora ha venido prestando servicios para la demandada desde el 1 de marzo de 2015, con la categoría profesional de administrativa.
FALLO
Que estimando la demanda interpuesta, debo declarar y declaro improcedente el despido.""", [
    ("Vistos por", 1), (" Juzgado de lo", 0), (" a instancia de", 0), (" servicios para", 0),
    (" debo declarar y", 1)])
add("es", "travel-guide", """Qué ver en Cuenca en un día
Cuenca, capital de la provincia del mismo nombre, se asienta sobre una hoz formada por los ríos Júcar y Huécar. Sus famosas Casas Colgadas, que hoy albergan el Museo de Arte Abstracto Español, son el símbolo de la ciudad. Cruza el puente de San Pablo al atardecer: las vistas son espectaculares.
Cómo llegar: el AVE desde Madrid tarda menos de una hora.
Horario del museo: de martes a domingo, de 11:00 a 14:00.
Guardar en mi viaje · Ver mapa""", [
    (" capital de la", 0), (" Casas Colgadas", 1), (" albergan el", 0), (" San Pablo", 0),
    (" de 11:00", 1)])
add("es", "newsletter-email", """Hola, Carmen:
Ya están aquí las novedades de otoño en Librería La Buena Letra. Este mes te recomendamos la nueva novela de Rosa Montero y un taller de escritura creativa los jueves por la tarde.
Usa el código OTONO15 para obtener un 15 % de descuento en tu próxima compra online en www.labuenaletra.es.
¡Nos vemos en la tienda!
El equipo de La Buena Letra
Has recibido este correo porque estás suscrito a nuestro boletín. Si no deseas recibir más correos, puedes darte de baja aquí.
Política de privacidad | Aviso legal""", [
    (" Buena Letra", 1), (" OTONO15", 1), (" www.labuenaletra", 0), (" darte de baja", 1),
    ("Política de", 0)])
add("es", "encyclopedia", """Gabriel García Márquez (Aracataca, 6 de marzo de 1927-Ciudad de México, 17 de abril de 2014) fue un escritor y periodista colombiano. Es conocido como uno de los máximos exponentes del realismo mágico y es el autor de Cien años de soledad. En 1982 recibió el Premio Nobel de Literatura.
Estuvo casado con Mercedes Barcha, con quien tuvo dos hijos.
Véase también
Referencias
[editar datos en Wikidata]""", [
    (" fue un escritor", 0), (" Cien años de", 1), ("Estuvo casado con", 0), (" Mercedes Barcha", 0),
    ("Véase también", 0), (" 6 de marzo", 1)])
# ---------------------------------------------------------------- nl
add("nl", "chat-log", """[09:14] Sanne: goedemorgen! wie neemt vandaag de standup?
[09:15] Joost: ik kan wel, maar ik moet om half 11 weg naar de tandarts
[09:15] Sanne: prima 👍 zet je de notulen dan in Confluence?
[09:17] Pieter: kleine update: de build op Jenkins faalt weer sinds de merge van gisteren
[09:18] Joost: welke branch? feature/betaal-flow?
[09:18] Pieter: ja die, log staat in #ci-meldingen
[09:20] Sanne: oké, dan kijk ik er na de lunch even naar""", [
    (" half 11", 1), (" Confluence", 0), (" feature/betaal", 0), (" #ci-meldingen", 1),
    (" na de lunch", 0), ("[09:17] Pieter", 1)])
add("nl", "thesis-front-matter", """Rijksuniversiteit Groningen
Faculteit Ruimtelijke Wetenschappen

De invloed van windparken op de huizenprijzen in Noord-Nederland

Masterscriptie
ingediend ter verkrijging van de graad van Master of Science in Economic Geography

door
Femke de Vries
studentnummer: S3456789

Begeleider: dr. H. J. Bakker
Tweede lezer: prof. dr. M. Jansen
Datum: 14 juli 2023""", [
    (" Ruimtelijke", 0), (" Noord-Nederland", 0), ("ingediend ter", 1), (" Master of Science", 1),
    ("Begeleider:", 0)])
add("nl", "recipe", """Stamppot boerenkool met rookworst
Bereidingstijd: 40 minuten | 4 personen
Ingrediënten
1 kg kruimige aardappelen
500 g boerenkool, gesneden
1 rookworst (bijvoorbeeld van HEMA)
scheutje melk en een klontje boter
Bereiding
Schil de aardappelen en kook ze samen met de boerenkool in ongeveer 20 minuten gaar. Verwarm intussen de rookworst volgens de aanwijzingen op de verpakking. Giet af en stamp alles fijn met melk en boter.
Tip van Oma Riet: serveer met een kuiltje jus.
Bewaar dit recept  Deel via WhatsApp""", [
    (" van HEMA", 0), (" ongeveer 20", 1), (" stamp alles", 0), (" Oma Riet", 1),
    ("Bewaar dit", 1)])
add("nl", "forum", """Onderwerp: Warmtepomp of hybride? Ervaringen gezocht
Geplaatst door Henk_uit_Zwolle op 2 februari 2024 om 21:03

Citaat van EnergieKees:
Een hybride is in een jaren-30-woning vaak de betere keuze.

Dat denk ik ook. Onze woning is gebouwd in 1934 en heeft nog enkel glas in de achterkamer. De installateur van Feenstra adviseerde eerst na te isoleren. Volgens Milieu Centraal scheelt spouwmuurisolatie al snel honderden euro's per jaar.
Reageren   Citeer   Meld
Laatst bewerkt door Henk_uit_Zwolle; 2 februari 2024 om 21:10.""", [
    ("Geplaatst door", 0), ("Citaat van", 1), (" is gebouwd in", 0), (" Volgens Milieu", 0),
    ("Laatst bewerkt", 1)])
add("nl", "code-java", """/**
 * Berekent de totale prijs van een bestelling inclusief btw.
 *
 * @param regels de orderregels van de klant
 * @return totaalbedrag in euro's
 */
public BigDecimal berekenTotaal(List<OrderRegel> regels) {
    BigDecimal totaal = BigDecimal.ZERO;
    for (OrderRegel r : regels) {
        // korting geldt alleen voor leden van de klantenclub
        totaal = totaal.add(r.getPrijs().multiply(BTW_FACTOR));
    }
    return totaal.setScale(2, RoundingMode.HALF_UP);
}""", [
    (" de totale prijs", 0), (" @param regels", 1), (" leden van de", 0), (" totaal.add", 0),
    (" in euro's", 1)])
add("nl", "government-notice", """Gemeente Utrecht – Bekendmaking
Aanvraag omgevingsvergunning
Burgemeester en wethouders van Utrecht maken bekend dat zij op 3 april 2024 een aanvraag omgevingsvergunning hebben ontvangen voor het plaatsen van een dakkapel op het perceel Oudegracht 212.
Deze aanvraag ligt niet ter inzage. U kunt nog geen bezwaar maken.
Meer informatie? Bel 14 030 of kijk op www.utrecht.nl/vergunningen.
Deze pagina is gepubliceerd op officielebekendmakingen.nl.""", [
    ("Burgemeester en", 1), (" Oudegracht 212", 0), (" niet ter inzage", 1),
    (" Bel 14 030", 1), (" www.utrecht.nl", 0), (" maken bekend dat", 0)])
# ---------------------------------------------------------------- de
add("de", "social-media", """Stadtwerke München @SWM_Muenchen
⚠️ Störung auf der U3/U6: Wegen eines Polizeieinsatzes am Odeonsplatz fahren die Züge derzeit nur zwischen Fürstenried West und Implerstraße. Bitte nutzt die Ersatzbusse. Infos unter swm.de/stoerung #MVG #München
14:02 · 21. Nov. 2023

Antworten
@bayernbua: und wieder zu spät in die Arbeit 🙄 danke für nix""", [
    ("⚠️ Störung auf", 1), (" Odeonsplatz", 0), (" Fürstenried West", 1), (" swm.de/stoerung", 0),
    (" 21. Nov.", 1), (" danke für nix", 0)])
add("de", "court-judgment", """BUNDESGERICHTSHOF
IM NAMEN DES VOLKES
URTEIL
VIII ZR 123/22
Verkündet am: 15. März 2023
in dem Rechtsstreit
der Wohnungsbaugesellschaft Rheinblick GmbH, vertreten durch den Geschäftsführer,
Klägerin und Revisionsklägerin,
gegen
Herrn Stefan Krüger, wohnhaft in Düsseldorf,
Beklagter und Revisionsbeklagter,
hat der VIII. Zivilsenat des Bundesgerichtshofs auf die mündliche Verhandlung vom 1. Februar 2023 für Recht erkannt:
Die Revision der Klägerin wird zurückgewiesen.""", [
    ("IM NAMEN DES", 1), (" Rheinblick GmbH", 0), (" vertreten durch", 0), (" wohnhaft in", 0),
    (" für Recht erkannt", 1)])
add("de", "travel-guide", """Sehenswürdigkeiten in Bamberg
Die Altstadt von Bamberg gehört seit 1993 zum UNESCO-Welterbe. Das Alte Rathaus steht mitten in der Regnitz auf einer künstlichen Insel – ein Fotomotiv, das man nicht verpassen sollte. Probieren Sie unbedingt das Rauchbier im Schlenkerla, einer der ältesten Gaststätten der Stadt.
Anreise: Mit dem ICE von Nürnberg in etwa 40 Minuten.
Öffnungszeiten Dom: Mo–Sa 9–18 Uhr
Merkzettel  Route planen""", [
    (" gehört seit", 0), (" Alte Rathaus", 1), (" mitten in der", 0), (" Schlenkerla", 0),
    (" Mo–Sa 9–18", 1)])
add("de", "newsletter-email", """Hallo Herr Becker,
vielen Dank für Ihre Bestellung bei Gartenwelt Hoffmann! Ihre Sendung mit der Nummer 00340434161234567890 wurde heute an DHL übergeben und sollte in 2–3 Werktagen bei Ihnen sein.
Mit freundlichen Grüßen
Ihr Team von Gartenwelt Hoffmann
--
Gartenwelt Hoffmann GmbH · Lindenstraße 8 · 34117 Kassel
Geschäftsführer: Peter Hoffmann · Amtsgericht Kassel HRB 12345
Sie erhalten diese E-Mail, weil Sie sich für unseren Newsletter angemeldet haben. Abmelden""", [
    (" Gartenwelt Hoffmann", 0), (" an DHL", 0), ("Mit freundlichen", 0), (" Amtsgericht Kassel", 1),
    (" weil Sie sich", 1)])
add("de", "sports-report", """Bundesliga, 24. Spieltag: Freiburg schlägt Gladbach
Der SC Freiburg hat am Samstag mit 3:1 gegen Borussia Mönchengladbach gewonnen. Vincenzo Grifo, der seit 2019 wieder für die Breisgauer spielt, traf per Freistoß zum 1:0. Nach der Pause glich Gladbach durch Kleindienst aus, doch Höler und Doan sorgten in der Schlussphase für den Sieg.
Trainer Julian Schuster zeigte sich nach dem Spiel zufrieden: "Die Jungs haben bis zum Schluss gekämpft."
Alle Spiele des Spieltags im Liveticker""", [
    (" mit 3:1", 1), (" Borussia Mön", 1), (" für die Breisgauer", 1), (" spielt, traf", 0),
    ("Alle Spiele des", 1)])
add("de", "product-page", """Kaffeevollautomat CremaPro 3000 – Edelstahl
★★★★☆ 4,3 (812 Bewertungen)
299,99 €
inkl. MwSt., zzgl. Versandkosten
Lieferung bis Donnerstag, 14. März
Produktbeschreibung
Der CremaPro 3000 ist ein kompakter Vollautomat mit integriertem Milchaufschäumer. Hergestellt in Italien, entwickelt in Hamburg.
In den Warenkorb
Weitere Artikel von Kaffeehaus Nord ansehen""", [
    (" CremaPro 3000", 0), ("inkl. MwSt", 1), (" zzgl. Versandkosten", 0), (" ist ein kompakter", 0),
    (" Hergestellt in", 0), ("In den Warenkorb", 1)])
# ---------------------------------------------------------------- it
add("it", "recipe", """Pasta alla Norma
Tempo di preparazione: 15 minuti · Cottura: 30 minuti · Dosi per 4 persone
Ingredienti: 320 g di maccheroni, 2 melanzane, 400 g di pomodori pelati, ricotta salata, basilico, olio extravergine d'oliva.
Procedimento
Tagliate le melanzane a cubetti e friggetele in abbondante olio. In una padella fate soffriggere uno spicchio d'aglio, aggiungete i pelati e cuocete per 15 minuti. Scolate la pasta al dente e conditela con il sugo, le melanzane e una grattugiata di ricotta salata.
Questo piatto è dedicato a Vincenzo Bellini, il compositore catanese autore della Norma.
Stampa ricetta · Salva""", [
    (" alla Norma", 1), (" 320 g di", 1), (" al dente", 0), (" dedicato a", 0),
    (" autore della", 0), ("Stampa ricetta", 1)])
add("it", "contract", """CONTRATTO DI LOCAZIONE AD USO ABITATIVO
(ai sensi dell'art. 2, comma 3, della Legge 9 dicembre 1998, n. 431)
Il sig. Marco Bianchi, nato a Torino il 12/04/1970, di seguito denominato "locatore",
concede in locazione
alla sig.ra Giulia Russo, nata a Bari il 03/09/1992, di seguito denominata "conduttore",
l'unità immobiliare sita in Via Garibaldi 45, 10122 Torino.
Art. 1 – Il contratto è stipulato per la durata di anni tre, a decorrere dal 1° ottobre 2023.""", [
    ("ai sensi dell", 1), (" nato a Torino", 0), (" di seguito", 1), (" sita in", 0),
    (" a decorrere dal", 1)])
add("it", "subtitles", """12
00:01:14,200 --> 00:01:16,900
Commissario, c'è una telefonata per lei.

13
00:01:17,100 --> 00:01:19,500
Chi è? Se è il questore, digli che non ci sono.

14
00:01:19,800 --> 00:01:23,000
È sua sorella, da Vigàta.
Dice che è urgente.

15
00:01:23,400 --> 00:01:25,100
Va bene, passamela.

16
00:01:25,600 --> 00:01:28,300
Salvo, sono io. Scusa se ti disturbo in ufficio.""", [
    ("00:01:17", 0), (" il questore", 0), (" da Vigàta", 0), ("Va bene", 1),
    ("Commissario", 1)])
add("it", "forum", """Re: Consigli per un viaggio in Sardegna ad agosto
Messaggio di Fede_87 » 22/06/2024, 10:31

Mauri ha scritto:
Evita la Costa Smeralda se non vuoi spendere un patrimonio.

Confermo. Noi siamo stati a Cala Gonone, che fa parte del comune di Dorgali, e ci siamo trovati benissimo. Traghetto con Tirrenia da Civitavecchia a Olbia, circa 8 ore.
Ciao a tutti!
Torna in cima
Rispondi citando · Segnala""", [
    (" Costa Smeralda", 0), (" fa parte del", 0), (" Tirrenia", 0), (" circa 8 ore", 1),
    ("Torna in cima", 1)])
add("it", "scientific-abstract", """Riassunto
L'Etna, situato sulla costa orientale della Sicilia, è il vulcano attivo più alto d'Europa. In questo lavoro analizziamo le emissioni di SO2 registrate dalla rete FLAME dell'Istituto Nazionale di Geofisica e Vulcanologia tra il 2015 e il 2021. I risultati indicano un aumento medio del 12% nei periodi di attività parossistica.
Parole chiave: vulcanologia; degassamento; Etna
Come citare: Russo G., Ferrara L. et al. (2022). Annals of Geophysics, 65(3), pp. 1-18.""", [
    (" situato sulla", 0), (" è il vulcano", 0), (" rete FLAME", 1), (" del 12%", 1),
    ("Come citare", 0)])
add("it", "blog", """Il mio weekend a Matera
Pubblicato il 3 maggio 2024 da Chiara | 5 commenti
Matera, famosa per i Sassi, è stata Capitale europea della cultura nel 2019. Siamo arrivati venerdì sera e abbiamo dormito in una casa-grotta nel Sasso Caveoso: un'esperienza unica! Il giorno dopo abbiamo visitato la chiesa rupestre di Santa Maria de Idris.
Continua a leggere →
Tag: #Basilicata #viaggi""", [
    ("Pubblicato il", 1), (" famosa per i", 0), (" Sassi", 1), (" Capitale europea", 0),
    ("Continua a leggere", 0), (" #Basilicata", 0)])
# ---------------------------------------------------------------- pt
add("pt", "chat-log", """[14:02] Ana Paula: gente, a reunião de amanhã foi remarcada pra 15h
[14:03] Rodrigo: blz. vai ser no Teams ou presencial?
[14:03] Ana Paula: presencial, na sala Ipê do 4º andar
[14:05] Thiago: eu tô em Campinas amanhã, entro pelo link
[14:05] Ana Paula: ok, mando o convite no Outlook
[14:07] Rodrigo: alguém sabe se o Marcelo ainda trabalha na Embraer?
[14:08] Thiago: saiu ano passado, agora tá na Natura""", [
    (" pra 15h", 1), (" no Teams", 0), (" sala Ipê", 1), (" trabalha na", 0),
    (" tá na", 1), (" entro pelo link", 0)])
add("pt", "qa", """Como tirar a segunda via do RG em São Paulo?
Perguntada há 2 anos · Vista 8 mil vezes
Perdi meu documento e preciso para uma viagem.
Melhor resposta
Você precisa agendar o atendimento pelo site do Poupatempo ou pelo aplicativo SP Serviços. A segunda via custa cerca de R$ 50,00 e fica pronta em até 10 dias úteis. Leve certidão de nascimento ou de casamento e comprovante de residência.
Responder · Denunciar
Fonte(s): experiência própria""", [
    ("Perguntada há", 1), (" Poupatempo", 0), (" R$ 50,00", 1), (" SP Serviços", 0),
    ("Fonte(s):", 0)])
add("pt", "sports-report", """Benfica vence o Sporting no dérbi e isola-se na liderança
Lisboa – O Benfica derrotou o Sporting por 2-1, este domingo, no Estádio da Luz. Rafa Silva inaugurou o marcador aos 12 minutos e Di María, que regressou ao clube em 2023 depois de passar pela Juventus, ampliou na segunda parte. Gyökeres ainda reduziu de penálti.
Com este resultado, as águias somam 58 pontos.""", [
    (" Estádio da Luz", 0), (" aos 12 minutos", 1), (" regressou ao", 0), (" passar pela", 0),
    (" as águias", 1)])
add("pt", "thesis-front-matter", """UNIVERSIDADE FEDERAL DE MINAS GERAIS
Escola de Engenharia
Programa de Pós-Graduação em Engenharia Civil

Lucas Oliveira Pereira

AVALIAÇÃO DO DESEMPENHO DE CONCRETOS COM AGREGADOS RECICLADOS

Dissertação apresentada ao Programa de Pós-Graduação em Engenharia Civil da Universidade Federal de Minas Gerais, como requisito parcial para obtenção do título de Mestre em Engenharia Civil.
Orientadora: Profa. Dra. Helena Costa

Belo Horizonte
2022""", [
    (" Minas Gerais", 0), ("Dissertação apresent", 1), (" requisito parcial", 1), ("Orientadora:", 0),
    ("Belo Horizonte", 0)])
add("pt", "code-typescript", """// Calcula o frete com base no CEP de destino
export async function calcularFrete(cep: string, pesoKg: number): Promise<number> {
  if (!/^\\d{5}-?\\d{3}$/.test(cep)) {
    throw new Error("CEP inválido");
  }
  // a tabela vem da API dos Correios
  const tabela = await buscarTabela(cep);
  return tabela.base + pesoKg * tabela.porKg;
}""", [
    (" o frete com", 0), ("cep: string", 0), ("(\"CEP inv", 1), (" API dos Correios", 0),
    (" pesoKg *", 0)])
add("pt", "news", """Brasília, 10 de abril de 2024 – O governo federal anunciou nesta quarta-feira a ampliação do programa Mais Médicos para 5 mil novas vagas. Segundo o Ministério da Saúde, a prioridade será para municípios da Amazônia Legal. Brasília, que é a capital do Brasil desde 1960, sediou o lançamento.
Leia também: Vacinação contra a dengue é ampliada
Compartilhe:  Facebook  WhatsApp
© 2024 Agência Notícias. Todos os direitos reservados.""", [
    (" Mais Médicos", 1), (" 5 mil novas", 1), (" Segundo o", 0), (" é a capital do", 0),
    ("Leia também", 0), (" direitos reservados", 0)])
# ---------------------------------------------------------------- pl
add("pl", "forum", """Re: Jaki laptop do 4000 zł do programowania?
Post autor: kuba_z_krakowa » pt 8 mar 2024, 20:15

piotrek91 pisze:
Bierz ThinkPada, nie pożałujesz.

Popieram. Mam T14 od dwóch lat, kupiony w x-komie, i działa bez zarzutu. Klawiatura to bajka. Jedyny minus to matryca, trochę ciemna.
Pozdrawiam
Góra
Odpowiedz z cytatem · Zgłoś post""", [
    ("Post autor:", 1), (" pt 8 mar", 1), (" ThinkPada", 0), (" w x-komie", 1),
    (" bez zarzutu", 0), ("Odpowiedz z cytatem", 0)])
add("pl", "recipe", """Pierogi ruskie
Czas przygotowania: 90 min · Liczba porcji: 6
Składniki:
- 500 g mąki pszennej
- 1 szklanka ciepłej wody
- 600 g ziemniaków
- 300 g twarogu półtłustego
- 2 cebule
Przygotowanie:
Ugotuj ziemniaki i przeciśnij przez praskę. Cebulę zeszklij na maśle i wymieszaj z twarogiem oraz ziemniakami. Dopraw solą i pieprzem. Z mąki i wody zagnieć elastyczne ciasto, rozwałkuj i wycinaj krążki szklanką.
Przepis pochodzi z książki „Kuchnia polska” wydawnictwa Watra.
Drukuj przepis · Dodaj do ulubionych""", [
    (" 600 g", 1), (" na maśle", 0), (" pochodzi z", 0), ("Kuchnia polska", 1),
    ("Drukuj przepis", 1)])
add("pl", "court-judgment", """WYROK
W IMIENIU RZECZYPOSPOLITEJ POLSKIEJ
Dnia 14 listopada 2022 r.
Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie, I Wydział Cywilny,
w składzie: Przewodniczący: SSR Anna Kowalczyk
po rozpoznaniu w dniu 31 października 2022 r. w Warszawie na rozprawie
sprawy z powództwa Jana Nowaka
przeciwko Bankowi Polska Kasa Opieki S.A. z siedzibą w Warszawie
o zapłatę
orzeka:
zasądza od pozwanego na rzecz powoda kwotę 12 450 zł wraz z odsetkami ustawowymi.""", [
    ("W IMIENIU", 1), (" Warszawy-Mokotowa", 0), (" z siedzibą w", 0), (" z powództwa", 1),
    (" 12 450 zł", 1)])
add("pl", "social-media", """Ola Wiśniewska
2 godz. · 🌍
Wczoraj byłam na koncercie Dawida Podsiadły na Stadionie Narodowym 😍 ponad 60 tysięcy ludzi i wszyscy śpiewali „Małomiasteczkowy”. Nigdy tego nie zapomnę!
#koncert #Warszawa #podsiadło
👍 Lubię to!  💬 Komentarz  ↪ Udostępnij
Zobacz więcej komentarzy

Kasia Nowak
Zazdroszczę! Ja byłam na jego koncercie w Gdańsku w zeszłym roku, też było magicznie ❤️
1 godz. · Lubię to! · Odpowiedz""", [
    (" Dawida Podsiadły", 0), (" Stadionie Narodowym", 0), (" ponad 60 tysięcy", 1), ("#koncert", 0),
    ("Zobacz więcej", 0)])
add("pl", "travel-guide", """Zakopane – co warto zobaczyć?
Zakopane, położone u podnóża Tatr, nazywane jest zimową stolicą Polski. Spacer Krupówkami to obowiązkowy punkt programu, ale warto też wjechać kolejką na Kasprowy Wierch (1987 m n.p.m.). Morskie Oko, największe jezioro w Tatrach, leży na terenie Tatrzańskiego Parku Narodowego.
Bilety wstępu do parku: 10 zł (ulgowy 5 zł), do kupienia online na bilety.tpn.pl.
Zapisz na liście · Pokaż na mapie""", [
    (" położone u", 0), (" stolicą Polski", 1), (" bilety.tpn.pl", 0), (" leży na terenie", 0),
    (" (1987 m", 1)])
add("pl", "encyclopedia", """Maria Skłodowska-Curie (ur. 7 listopada 1867 w Warszawie, zm. 4 lipca 1934 w Passy) – polska i francuska uczona, fizyczka i chemiczka. Była żoną Pierre’a Curie. Dwukrotna laureatka Nagrody Nobla, jako pierwsza kobieta została profesorem Sorbony.
Przypisy
Bibliografia
Edytuj kod źródłowy
Kategorie: Polscy fizycy | Laureaci Nagrody Nobla w dziedzinie chemii | Ludzie urodzeni w Warszawie""", [
    (" (ur. 7", 1), (" w Warszawie", 0), (" Była żoną", 0), (" laureatka Nagrody", 0),
    ("Przypisy", 0), ("Edytuj kod", 1)])
# ---------------------------------------------------------------- tr
add("tr", "qa", """Yurt dışına çıkış harcı ne kadar, nereden ödenir?
Soruldu 1 yıl önce · 4.512 görüntülenme
Ağustosta Yunanistan'a gideceğim, harcı havalimanında mı ödemem gerekiyor?
En iyi cevap
Harcı vergi dairesinden, anlaşmalı bankalardan ya da e-Devlet üzerinden ödeyebilirsin. 2024 için tutar 500 TL. Pasaportunu gösterdiğinde sistemde görünüyor, makbuz almana gerek yok.
Faydalı mı?  Evet · Hayır
Yanıtla""", [
    ("Soruldu 1", 1), (" Yunanistan'a", 0), (" e-Devlet", 0), (" 500 TL", 1),
    (" ya da", 0), ("Faydalı mı", 1)])
add("tr", "contract", """KİRA SÖZLEŞMESİ
Kiraya Veren: Mehmet Yılmaz (T.C. Kimlik No: 12345678901)
Kiracı: Ayşe Demir
Kiralanan Taşınmazın Adresi: Moda Caddesi No: 18 D: 4, Kadıköy / İstanbul
Madde 1 – İşbu sözleşme 01.09.2023 tarihinden itibaren bir (1) yıl süreyle geçerlidir.
Madde 2 – Aylık kira bedeli 15.000 TL olup her ayın ilk beş günü içinde kiraya verenin Ziraat Bankası'ndaki hesabına yatırılacaktır.
İşbu sözleşme iki nüsha olarak düzenlenmiş ve taraflarca okunarak imzalanmıştır.""", [
    ("İşbu sözleşme", 1), (" Moda Caddesi", 1), (" tarihinden itibaren", 0), (" Ziraat Bankası", 0),
    (" 15.000 TL", 1)])
add("tr", "sports-report", """Galatasaray deplasmanda 3 puanı 3 golle aldı
Süper Lig'in 20. haftasında Galatasaray, Trabzonspor'u Papara Park'ta 3-1 yendi. Maçın ilk golünü 17. dakikada Icardi attı. Geçen sezon Napoli'den kiralık olarak gelen ve ardından bonservisiyle alınan Osimhen farkı ikiye çıkardı. Okan Buruk maç sonunda oyuncularını tebrik etti.
Sarı-kırmızılılar bu sonuçla puanını 55'e yükseltti.""", [
    (" Papara Park", 0), (" 17. dakikada", 1), (" Napoli'den", 0), (" kiralık olarak", 0),
    ("Sarı-kırmızılılar", 1)])
add("tr", "newsletter-email", """Merhaba Elif Hanım,
Kitapyurdu'ndan yaptığınız 784512 numaralı siparişiniz kargoya verilmiştir. Siparişinizi Aras Kargo takip numarası 1234567890 ile izleyebilirsiniz.
Sipariş detayları: https://www.kitapyurdu.com/hesabim/siparisler
Bizi tercih ettiğiniz için teşekkür ederiz.
Saygılarımızla,
Müşteri Hizmetleri
Bu e-posta otomatik olarak gönderilmiştir, lütfen yanıtlamayınız.
Abonelikten çıkmak için tıklayın | Gizlilik Politikası""", [
    ("Kitapyurdu'ndan", 0), ("kitapyurdu.com/hes", 0), ("Saygılarımızla", 0), (" otomatik olarak", 1),
    (" Gizlilik Politikası", 0)])
add("tr", "subtitles", """47
00:03:12,500 --> 00:03:15,200
Baba, Ankara'dan haber var mı?

48
00:03:15,600 --> 00:03:18,900
Yok kızım. Amcan yarın sabah gelecekmiş.

49
00:03:19,300 --> 00:03:21,000
Peki ya Kemal?
Hâlâ Almanya'da mı?

50
00:03:21,400 --> 00:03:23,800
Orada bir fabrikada çalışıyor.

51
00:03:24,200 --> 00:03:27,000
Her ay bize mektup yazıyor, merak etme.""", [
    ("00:03:15,600", 1), (" Ankara'dan", 0), (" yarın sabah", 0), (" Almanya'da", 0),
    (" fabrikada çalışıyor", 1)])
add("tr", "news", """İSTANBUL (AA) – Türk Hava Yolları, 2023 yılında 83 milyon yolcu taşıyarak rekor kırdı. 1933 yılında kurulan şirket, Star Alliance'ın üyesi olarak 130'dan fazla ülkeye uçuyor. Şirket ayrıca bölgesel taşıyıcı AnadoluJet'in Ajet adıyla yeni bir markaya dönüştürüldüğünü açıkladı.
Devamını oku
Etiketler: THY, havacılık
© Tüm hakları saklıdır.""", [
    (" Türk Hava Yolları", 0), (" 83 milyon", 1), (" üyesi olarak", 0), (" adıyla", 1),
    ("Devamını oku", 0), (" Tüm hakları", 0)])
# ---------------------------------------------------------------- vi
add("vi", "recipe", """Cách nấu phở bò Hà Nội chuẩn vị
Thời gian: 4 giờ · Khẩu phần: 6 người
Nguyên liệu:
- 1,5 kg xương ống bò
- 500 g thịt bò thăn
- 1 củ gừng, 2 củ hành tây
- quế, hồi, thảo quả
Cách làm:
Bước 1: Rửa sạch xương, chần qua nước sôi rồi hầm trong khoảng 3 tiếng.
Bước 2: Nướng gừng và hành cho thơm, cho vào nồi nước dùng.
Món phở này bắt nguồn từ vùng Nam Định rồi mới phổ biến ra Hà Nội.
Lưu công thức · Chia sẻ""", [
    (" phở bò", 0), (" 1,5 kg", 1), ("Bước 2", 1), (" bắt nguồn từ", 0),
    (" Nam Định", 0), ("Lưu công thức", 1)])
add("vi", "forum", """Re: Hỏi kinh nghiệm mua xe máy điện VinFast
Gửi bởi minhtuan_hn » 12/04/2024 21:37

Trích dẫn từ bạn hoanglong88:
Pin thuê hay pin mua thì lợi hơn bác?

Mình chọn mua pin luôn cho lành. Đi làm từ Cầu Giấy sang Long Biên mỗi ngày khoảng 30 km, sạc một lần đi được 3 ngày. Showroom ở Phạm Văn Đồng tư vấn khá nhiệt tình.
Trả lời · Báo cáo vi phạm""", [
    ("Gửi bởi", 1), ("Trích dẫn từ", 1), (" VinFast", 0), (" Cầu Giấy", 0),
    (" khoảng 30 km", 1)])
add("vi", "scientific-abstract", """Tóm tắt
Đồng bằng sông Cửu Long là vùng sản xuất lúa gạo lớn nhất Việt Nam, đóng góp khoảng 50% sản lượng lúa cả nước. Nghiên cứu này đánh giá mức độ xâm nhập mặn tại tỉnh Bến Tre trong giai đoạn 2016–2020 dựa trên số liệu của Đài Khí tượng Thủy văn khu vực Nam Bộ. Kết quả cho thấy độ mặn tăng trung bình 2,3‰ mỗi năm.
Từ khóa: xâm nhập mặn, biến đổi khí hậu, Bến Tre
Trích dẫn: Nguyễn V. A., Trần T. B. (2021). Tạp chí Khoa học Đại học Cần Thơ, 57(4), tr. 33–42.""", [
    (" sông Cửu Long", 0), (" là vùng", 0), (" khoảng 50%", 1), ("Từ khóa", 0),
    (" tr. 33", 1)])
add("vi", "chat-log", """[20:01] Thu Hà: mai mấy giờ đi Đà Lạt mọi người?
[20:02] Quang: 6h sáng nha, xe Phương Trang đón ở bến Miền Đông
[20:02] Thu Hà: ok, nhớ mang áo ấm, trên đó lạnh lắm
[20:04] Bảo Anh: mình đặt homestay ở đường Trần Hưng Đạo rồi nhé, gần chợ đêm
[20:05] Quang: tuyệt vời 👍
[20:06] Thu Hà: ai chuyển khoản tiền cọc thì gửi bill vào nhóm nha
[20:07] Quang: mình tạo nhóm chia tiền rồi, vào đây: https://splitwise.com/join/aB3xK9""", [
    (" 6h sáng", 1), (" Phương Trang", 0), (" Miền Đông", 0), (" gần chợ đêm", 0),
    (" https://splitwise", 0)])
add("vi", "travel-guide", """Kinh nghiệm du lịch Huế 3 ngày 2 đêm
Huế từng là kinh đô của triều Nguyễn từ năm 1802 đến 1945. Đại Nội, nằm ở bờ bắc sông Hương, là quần thể di tích được UNESCO công nhận là Di sản Văn hóa Thế giới năm 1993. Đừng bỏ lỡ chùa Thiên Mụ và các lăng tẩm vua Nguyễn.
Giá vé vào Đại Nội: 200.000 đồng/người lớn.
Xem thêm: Top 10 quán bún bò ngon nhất Huế""", [
    (" là kinh đô của", 0), (" nằm ở bờ", 0), (" 200.000 đồng", 1),
    ("Xem thêm", 0), (" Thiên Mụ", 1)])
add("vi", "product-page", """Nồi cơm điện Sunhouse SHD8665 1.8L
⭐ 4.8 | Đã bán 2,3k
Giá: 899.000₫ (Giảm 25%)
Miễn phí vận chuyển cho đơn từ 300k
Thương hiệu: Sunhouse | Xuất xứ: Việt Nam
Mô tả sản phẩm
Nồi cơm điện Sunhouse là sản phẩm của Công ty CP Tập đoàn Sunhouse, được sản xuất tại nhà máy ở Hà Nội. Lòng nồi phủ chống dính 5 lớp.
Thêm vào giỏ hàng   Mua ngay""", [
    (" SHD8665", 0), ("Đã bán 2,3k", 1), (" là sản phẩm của", 0), (" sản xuất tại", 0),
    ("Thêm vào giỏ", 1), (" Xuất xứ:", 1)])
# ---------------------------------------------------------------- ru
add("ru", "newsletter-email", """Здравствуйте, Алексей!
Благодарим за заказ в интернет-магазине «Книжный дом». Ваш заказ № 458213 передан в службу доставки СДЭК и будет доставлен в пункт выдачи по адресу: г. Казань, ул. Баумана, д. 17.
Срок хранения заказа — 7 дней.
С уважением,
команда «Книжного дома»
Вы получили это письмо, потому что подписаны на нашу рассылку. Отписаться от рассылки
© 2024 ООО «Книжный дом». Все права защищены.""", [
    ("Книжный дом", 1), (" СДЭК", 0), (" ул. Баумана", 0), (" 7 дней", 1),
    ("С уважением", 0), (" Все права", 0)])
add("ru", "court-judgment", """РЕШЕНИЕ
ИМЕНЕМ РОССИЙСКОЙ ФЕДЕРАЦИИ
г. Новосибирск 12 сентября 2022 года
Центральный районный суд г. Новосибирска в составе председательствующего судьи Морозовой Е. В., при секретаре Ивановой А. С., рассмотрев в открытом судебном заседании гражданское дело по иску Петрова Игоря Николаевича к ООО «СибСтройИнвест» о взыскании неустойки,
УСТАНОВИЛ:
Истец обратился в суд с иском к ответчику, указав, что является собственником квартиры в доме, построенном ответчиком.""", [
    ("ИМЕНЕМ", 1), (" в открытом судебном", 1), (" по иску", 0), ("СибСтройИнвест", 0),
    (" является собственником", 0)])
add("ru", "qa", """Почему Байкал не замерзает до конца декабря?
Задан 2 года назад · Просмотров: 3 471
Лучший ответ
Байкал — самое глубокое озеро в мире, его глубина достигает 1642 метров. Огромная масса воды долго отдаёт тепло, поэтому лёд встаёт только в январе. Кроме того, в озеро впадает более 300 рек, а вытекает только одна — Ангара.
Ответить · Пожаловаться
Источник: Лимнологический институт СО РАН""", [
    ("Задан 2", 1), (" самое глубокое", 0), (" 1642 метров", 1), (" впадает более", 0),
    (" Ангара", 0)])
add("ru", "social-media", """Мария Соколова
вчера в 19:24
Наконец-то добрались до Эрмитажа! 😍 Четыре часа ходили и видели, наверное, десятую часть. Кто будет в Питере — обязательно берите билет онлайн, очередь на Дворцовой площади огромная.
#Эрмитаж #СанктПетербург #музей
Нравится 128   Комментарии 14   Поделиться
Показать ещё комментарии""", [
    ("вчера в 19:24", 1), (" до Эрмитажа", 0), (" в Питере", 0), (" #СанктПетербург", 0),
    ("Показать ещё", 1)])
add("ru", "code-cpp", """// Класс для чтения показаний датчика температуры
class TemperatureSensor {
public:
    explicit TemperatureSensor(int pin) : pin_(pin) {}

    // Возвращает температуру в градусах Цельсия
    float read() const {
        int raw = analogRead(pin_);
        return raw * 0.48828125f;  // 5 В / 1024 * 100
    }
private:
    int pin_;
};""", [
    (" для чтения", 0), (" explicit Temperature", 0), (" в градусах", 0), (" Цельсия", 1),
    (" analogRead(pin", 0)])
add("ru", "legal-code", """Статья 1. Основные понятия
1. Москва является столицей Российской Федерации в соответствии с Конституцией Российской Федерации.
2. Органы государственной власти города Москвы осуществляют свои полномочия в пределах, установленных федеральным законом.
Статья 2. Вступление в силу
Настоящий Закон вступает в силу со дня его официального опубликования.
Президент Российской Федерации""", [
    (" является столицей", 0), (" Российской Федерации", 0), (" в соответствии с", 1), ("Настоящий Закон", 1),
    (" вступает в силу", 1), ("Статья 2.", 0)])
# ---------------------------------------------------------------- zh
add("zh", "subtitles", """231
00:15:02,300 --> 00:15:04,800
你真的要去上海吗？

232
00:15:05,100 --> 00:15:08,200
公司把我调到浦东的分部，
下个月就得走。

233
00:15:08,600 --> 00:15:10,900
那你妈怎么办？她一个人在成都。

234
00:15:11,200 --> 00:15:13,000
我会每个周末给她打电话的。

235
00:15:13,400 --> 00:15:16,100
你放心吧，我都跟楼下的张阿姨说好了，

236
00:15:16,300 --> 00:15:19,000
她有什么事会先帮忙照看一下。

237
00:15:19,500 --> 00:15:22,400
浦东离虹桥机场远不远？我想过去看你。

238
00:15:22,800 --> 00:15:25,000
坐地铁2号线就到了，很方便。""", [
    ("去上海", 0), ("到浦东", 0), ("的分部", 0), ("在成都", 0),
    ("每个周末", 1), ("00:15:08", 0)])
add("zh", "contract", """房屋租赁合同
出租方（甲方）：王建国  身份证号：110105196803121234
承租方（乙方）：李晓梅
第一条 甲方将位于北京市朝阳区建国路88号的房屋出租给乙方使用。
第二条 租赁期限自2023年3月1日起至2024年2月29日止，共计十二个月。
第三条 月租金为人民币6500元，乙方应于每月5日前支付。
本合同一式两份，甲乙双方各执一份，自双方签字之日起生效。
第四条 乙方应按期缴纳水、电、燃气及物业管理费用。未经甲方书面同意，乙方不得将房屋转租给第三方。
第五条 租赁期满后，乙方如需续租，应提前三十日书面通知甲方。
第六条 本合同未尽事宜，由双方协商解决；协商不成的，可向房屋所在地人民法院提起诉讼。
甲方（签字）：          乙方（签字）：
签订日期：2023年2月20日""", [
    ("位于北", 0), ("朝阳区", 0), ("自2023", 1), ("一式两份", 1),
    ("人民币", 1)])
add("zh", "social-media", """#成都美食# 终于打卡了春熙路那家排队两小时的火锅🔥 毛肚和鸭肠绝了！人均150左右，性价比还可以。
📍 成都·锦江区
2024-05-18 20:36 来自 iPhone客户端
转发 32 ｜ 评论 58 ｜ 赞 421
查看更多评论 >

@吃货小王：那家是不是在太古里旁边？上次去排了三个小时😭
@蓉城阿杰 回复 @吃货小王：对，就在IFS对面，建议工作日下午四点前去，基本不用等。
@今天也要减肥：看饿了，下周就去！
展开全部 96 条回复
相关推荐：成都必吃的10家火锅店｜春熙路周边停车攻略
@麻辣小龙虾：毛肚七上八下才是灵魂！锅底点的微辣还是中辣？下次想带外地朋友去试试。""", [
    ("#成都美食#", 0), ("春熙路", 0), ("人均150", 1), ("来自 iPhone", 1),
    ("查看更多", 0)])
add("zh", "qa", """长江的源头在哪里？
浏览 12,304 次 · 发布于 2021-07-15
最佳答案
长江发源于青海省唐古拉山脉主峰各拉丹冬雪山的西南侧，全长约6300公里，是中国第一长河，也是世界第三长河。它流经青海、西藏、四川、云南、重庆、湖北、湖南、江西、安徽、江苏和上海，最终注入东海。
有用 (86)  ｜  举报
来源：百度百科

其他回答 (3)
江源地区一般指沱沱河、当曲和楚玛尔河一带，其中沱沱河通常被视为长江的正源。不过也有学者认为当曲更长，应作为正源，这个问题学术界至今仍有争议。
回答者：地理爱好者2019 ｜ 2021-07-16
相关问题：黄河的源头在哪里？ 澜沧江流经哪些国家？ 三峡大坝位于哪个省？""", [
    ("发源于", 0), ("各拉丹冬", 0), ("约6300", 1), ("是中国", 0),
    ("注入东", 1)])
add("zh", "thesis-front-matter", """学校代码：10384
分类号：TP391
密  级：公开
学  号：23320201154321

厦门大学
硕 士 学 位 论 文

基于深度学习的闽南语语音识别研究

刘雨桐
指导教师：陈志明 教授
专业名称：计算机技术
答辩日期：2023年5月

A Study on Minnan Speech Recognition Based on Deep Learning

厦门大学学位论文原创性声明
本人呈交的学位论文是本人在导师指导下，独立完成的研究成果。本人在论文写作中参考其他个人或集体已经发表的研究成果，均在文中以适当方式明确标明，并符合法律规范和《厦门大学研究生学术活动规范（试行）》。
声明人（签名）：
年　　月　　日""", [
    ("学校代码", 0), ("TP391", 1), ("厦门大学", 0), ("闽南语", 1),
    ("指导教师", 0)])
add("zh", "news", """新华社北京3月5日电  第十四届全国人民代表大会第二次会议5日上午在人民大会堂开幕。来自全国各地的近三千名代表出席会议。北京是中华人民共和国的首都，也是全国的政治和文化中心。
国务院总理在会上作政府工作报告，回顾了过去一年的工作，并提出今年国内生产总值增长预期目标为5%左右。报告指出，要大力推进现代化产业体系建设，加快发展新质生产力。会议期间，代表们将审议政府工作报告、全国人大常委会工作报告等文件。
相关新闻：
· 图解2024年政府工作报告
· 两会现场：代表委员热议科技创新
分享到：微信 微博 QQ空间
（记者 王磊 刘洋）
【我要纠错】 责任编辑：张伟
责任编辑：张伟
【纠错】 阅读全文
版权所有 新华网""", [
    ("新华社", 1), ("人民大会堂", 0), ("近三千", 1), ("的首都", 0),
    ("阅读全文", 0), ("版权所有", 0)])
# ---------------------------------------------------------------- ja
add("ja", "recipe", """基本の肉じゃが
調理時間：30分　人数：4人分
【材料】
牛こま切れ肉　200g
じゃがいも　3個
玉ねぎ　1個
しょうゆ　大さじ3
みりん　大さじ2
【作り方】
1. じゃがいもは皮をむいて一口大に切り、水にさらす。
2. 鍋に油を熱し、牛肉を炒める。色が変わったら野菜を加える。
ポイント：北海道産の男爵いもを使うとほくほくに仕上がります。
このレシピを保存する　印刷する

つくれぽ（128件）
ゆうママ：甘さ控えめで家族に好評でした！次は豚肉でも作ってみます。
たけし：煮込んだあと一度冷ますと、味がしみて美味しいです。
関連レシピ：簡単！豚汁の作り方／基本のかぼちゃの煮物
このレシピへのコメントをもっと見る""", [
    ("大さじ3", 1), ("一口大", 0), ("北海道", 0), ("男爵いも", 1),
    ("を保存する", 1), ("色が変わ", 0)])
add("ja", "sports-report", """大谷翔平、2試合連続の本塁打　ドジャースは逆転勝ち
【ロサンゼルス＝共同】米大リーグ、ドジャースの大谷翔平選手は12日、本拠地でのジャイアンツ戦に「1番・指名打者」で先発出場し、5回に2試合連続となる25号2ランを放った。エンゼルスから移籍して1年目の今季、チームは地区首位を守っている。
試合は6－4でドジャースが勝利した。
大谷は試合後、「チームが勝てたことが一番。打った瞬間は手応えがあった」と振り返った。ロバーツ監督も「ショウヘイは特別な存在だ」と称賛した。ドジャースは13日から敵地でパドレスとの3連戦に臨む。
関連記事：山本由伸、7回無失点で8勝目
（2024年7月13日 10時42分配信）
この記事をシェアする""", [
    ("大谷翔平", 0), ("ジャイアン", 0), ("25号2ラン", 1), ("から移籍", 0),
    ("6－4", 1)])
add("ja", "newsletter-email", """山田 太郎 様
いつも「ナチュラル雑貨店 こもれび」をご利用いただき、誠にありがとうございます。
ご注文いただいた商品を本日発送いたしました。ヤマト運輸のお問い合わせ番号は 4567-8901-2345 です。
【ご注文内容】
注文番号：KM-20240611-0087
商品名：手織りコットンのランチョンマット（2枚組）
数量：1
お支払い方法：クレジットカード
今後ともよろしくお願い申し上げます。
※本メールは送信専用アドレスから配信しています。
配信停止はこちら
────────────
株式会社こもれび　〒604-8005 京都府京都市中京区
TEL：075-123-4567（平日10:00〜17:00）
https://komorebi-zakka.jp
Copyright © Komorebi Co., Ltd. All Rights Reserved.""", [
    ("誠にありがと", 0), ("こもれび", 1), ("ヤマト運輸", 0), ("送信専用", 1),
    ("配信停止", 0)])
add("ja", "travel-guide", """金沢観光モデルコース（1日）
金沢は石川県の県庁所在地で、「加賀百万石」の城下町として知られています。日本三名園の一つである兼六園は、金沢城公園の隣に位置しています。昼食は近江町市場で海鮮丼を楽しみましょう。
アクセス：JR金沢駅からバスで約15分
営業時間：7:00〜18:00（10月16日〜2月末日は8:00〜17:00）
＜モデルコース＞
9:00 金沢駅 → 9:30 近江町市場 → 11:00 兼六園 → 13:00 ひがし茶屋街 → 15:00 金沢21世紀美術館
ひがし茶屋街では、金箔を一枚まるごと使った「金箔ソフトクリーム」が人気です。
※掲載情報は2024年4月時点のものです。
続きを読む""", [
    ("の県庁所在地", 0), ("として知られ", 0), ("の隣に位置", 0),
    ("約15分", 1), ("続きを読む", 0)])
add("ja", "code-ruby", """# ユーザーの年齢を計算するメソッド
# 誕生日がまだ来ていない場合は1を引く
def calc_age(birthday, today = Date.today)
  age = today.year - birthday.year
  age -= 1 if today < birthday.next_year(age)
  age
end

puts "年齢: #{calc_age(Date.new(1990, 4, 1))}歳"

# 年齢に応じて料金区分を返す
def fare_category(age)
  case age
  when 0..5   then :free      # 未就学児は無料
  when 6..11  then :child
  when 65..   then :senior
  else :adult
  end
end
""", [
    ("年齢を計算", 0), ("def calc_age", 0), ("Date.today", 0), ("\"年齢:", 1),
    ("まだ来て", 1)])
add("ja", "encyclopedia", """東京大学（とうきょうだいがく）は、東京都文京区本郷に本部を置く日本の国立大学である。1877年に設置された。略称は東大。
1877年に東京開成学校と東京医学校が統合されて設立され、第二次世界大戦前は東京帝国大学と称した。本郷、駒場、柏の3つの主要キャンパスを持つ。
歴代の卒業生には、川端康成や安部公房などの作家がいる。
脚注
関連項目
外部リンク
このページの最終更新日時は 2024年3月2日 (土) 10:15 です。
カテゴリ: 東京大学 | 日本の国立大学 | 文京区の学校
このページは、クリエイティブ・コモンズ 表示-継承ライセンスのもとで利用できます。追加の条件が適用される場合があります。""", [
    ("文京区", 0), ("に本部を置く", 0), ("略称は", 0), ("川端康成", 0),
    ("外部リンク", 1), ("最終更新", 1)])
# ---------------------------------------------------------------- ko
add("ko", "forum", """[자유게시판] 제주도 3박 4일 렌터카 없이 가능할까요?
작성자: 여행가고싶다 | 2024.03.11 22:14 | 조회 1,284

└ 제주토박이님의 글을 인용:
버스 노선이 꽤 잘 되어 있어요.

저도 작년에 뚜벅이로 다녀왔는데 성산일출봉이랑 우도는 버스로 충분했어요. 다만 한라산 갈 때는 새벽 첫차 타야 해요.

└ 귤좋아님의 댓글
저는 201번 버스 타고 동쪽 해안도로 따라 갔는데 바다 보면서 가서 좋았어요. 카카오맵으로 버스 도착 시간 확인하면 편해요!
2024.03.12 09:05
└ 여행가고싶다님의 댓글
오 좋은 정보 감사합니다! 카카오맵 깔아갈게요 ㅎㅎ
답글 | 신고
▲ 맨 위로""", [
    ("작성자:", 0), (" 조회 1,284", 1), ("의 글을 인용", 0), (" 성산일출봉", 0),
    (" 뚜벅이로", 1), ("맨 위로", 1)])
add("ko", "recipe", """백종원 김치찌개 황금레시피
조리시간 30분 | 2인분
재료
신김치 1/4포기, 돼지고기 앞다리살 200g, 두부 반 모, 대파 1대, 고춧가루 1큰술
만드는 법
1. 냄비에 돼지고기를 넣고 중불에서 볶는다.
2. 김치를 넣고 함께 5분간 더 볶은 뒤 물 500ml를 붓는다.
3. 끓어오르면 두부와 대파를 넣고 10분간 끓인다.
Tip. 김치가 덜 익었다면 설탕을 약간 넣어 주세요.

★★★★★ 4.9 (후기 2,814개)
자취생: 진짜 쉽고 맛있어요. 참치캔 넣어도 괜찮네요!
요리초보: 김치 국물 한 국자 더 넣으니까 훨씬 깊은 맛이 나요.
레시피 저장하기  공유하기""", [
    ("백종원", 0), (" 1큰술", 1), (" 중불에서", 0), (" 500ml", 1),
    ("레시피 저장", 1)])
add("ko", "newsletter-email", """안녕하세요, 김민지 고객님.
교보문고를 이용해 주셔서 감사합니다.
주문하신 상품이 CJ대한통운을 통해 발송되었습니다. 운송장 번호: 6543-2109-8765
배송 조회는 마이페이지(https://www.kyobobook.co.kr/mypage)에서 확인하실 수 있습니다.

[주문 정보]
주문번호: 20240611-0045821
상품명: 『불편한 편의점』 외 2권
결제금액: 38,700원

문의사항은 고객센터(1544-1900)로 연락 주시기 바랍니다.
본 메일은 발신 전용이므로 회신되지 않습니다.
수신을 원하지 않으시면 여기를 눌러 수신 거부하세요.
ⓒ KYOBO BOOK CENTRE. All rights reserved.""", [
    ("교보문고", 0), (" CJ대한통운", 0), ("마이페이지", 1), (" 발신 전용", 1),
    ("kyobobook.co", 0)])
add("ko", "sports-report", """손흥민 시즌 10호골…토트넘, 애스턴 빌라에 2-0 완승
토트넘 홋스퍼의 주장 손흥민이 17일(한국시간) 영국 런던 토트넘 홋스퍼 스타디움에서 열린 2023-2024 프리미어리그 경기에서 후반 20분 추가골을 터뜨렸다. 2015년 레버쿠젠에서 이적한 손흥민은 이로써 9시즌 연속 두 자릿수 득점을 기록했다.
손흥민은 경기 후 인터뷰에서 "팀원들이 모두 한마음으로 뛰어 준 덕분"이라며 "남은 경기도 최선을 다하겠다"고 말했다. 토트넘은 이날 승리로 리그 4위 자리를 지켰다.
/런던=연합뉴스 김철수 특파원
<저작권자(c) 연합뉴스, 무단 전재-재배포, AI 학습 및 활용 금지>
더보기""", [
    (" 애스턴 빌라", 0), ("의 주장", 0), (" 후반 20분", 1), ("에서 이적한", 0),
    ("더보기", 0)])
add("ko", "chat-log", """[오후 3:12] 지훈: 내일 회식 장소 정해졌어?
[오후 3:13] 수연: 강남역 11번 출구 앞 고깃집 ㅋㅋ
[오후 3:13] 지훈: 또 거기야? 😂
[오후 3:15] 민호: 부장님이 거기 사장님이랑 친구라서 어쩔 수 없음
[오후 3:16] 수연: 7시까지 오면 돼요~ 늦으면 카톡 주세요
[오후 3:17] 지훈: 넵 알겠습니다
[오후 3:18] 수연: 위치 여기요 https://naver.me/5xQk2Lb9
[오후 3:20] 민호: 근데 2차는 노래방 가는 거 맞죠?
[오후 3:21] 수연: ㅋㅋㅋ 그건 부장님 기분에 달렸어요
[오후 3:22] 지훈: 저는 1차만 하고 빠질게요. 모레 부산 출장이라서요
[오후 3:23] 민호: 부럽다… 해운대 가면 사진 보내줘요""", [
    ("[오후 3:13]", 1), (" 강남역", 0), (" 11번 출구", 1), ("이랑 친구", 0),
    ("naver.me/5x", 0)])
add("ko", "product-page", """삼성전자 비스포크 AI 콤보 세탁건조기 25kg
★ 4.7 (리뷰 3,210)
판매가 2,890,000원
무료배송 · 내일(목) 도착 보장
제조사: 삼성전자 | 원산지: 대한민국
상품 설명
세탁부터 건조까지 한 번에 끝내는 올인원 제품으로, 스마트싱스 앱과 연동됩니다.

주요 특징
· 세탁 25kg / 건조 15kg 대용량
· AI 맞춤 코스로 옷감에 따라 자동 세탁
· 에너지소비효율 1등급
고객 리뷰 (3,210)
소음이 생각보다 적고 건조까지 한 번에 돼서 너무 편해요. - dream***
장바구니 담기   바로 구매
※ 설치 환경에 따라 추가 비용이 발생할 수 있습니다.""", [
    ("삼성전자", 0), (" 비스포크", 1), ("원산지:", 1), (" 스마트싱스", 0),
    ("과 연동됩", 0), ("장바구니 담기", 0)])
# ---------------------------------------------------------------- ar
add("ar", "qa", """ما هي عاصمة أستراليا؟ ولماذا ليست سيدني؟
سُئل منذ 3 سنوات · شوهد 9,870 مرة
أفضل إجابة
عاصمة أستراليا هي كانبيرا وليست سيدني كما يظن كثيرون. اختيرت كانبيرا عام 1908 كحل وسط بين أكبر مدينتين، سيدني وملبورن، وتقع في إقليم العاصمة الأسترالية.
مفيد (42) · إبلاغ
المصدر: الموسوعة البريطانية
إجابة أخرى: صحيح، وقبل ذلك كانت ملبورن مقراً مؤقتاً للبرلمان حتى عام 1927.""", [
    (" عاصمة أستراليا", 0), ("سُئل منذ", 1), (" كانبيرا", 0), (" وتقع في", 0),
    (" عام 1908", 1), ("المصدر:", 0)])
add("ar", "travel-guide", """دليل السياحة في مراكش
تُعرف مراكش بـ"المدينة الحمراء" نسبةً إلى لون أسوارها، وهي من أشهر المدن السياحية في المغرب. تقع ساحة جامع الفنا في قلب المدينة القديمة، وقد أدرجتها اليونسكو ضمن التراث الثقافي غير المادي للبشرية.
أوقات الزيارة: من 9 صباحاً حتى 6 مساءً
سعر التذكرة: 70 درهماً
نصيحة: زوروا حدائق ماجوريل في الصباح الباكر لتجنب الزحام.
اقرأ المزيد""", [
    ("المدينة الحمراء", 1), (" نسبةً إلى", 0), (" جامع الفنا", 0), (" في قلب", 0),
    ("اقرأ المزيد", 0)])
add("ar", "social-media", """أحمد الشمري @ahmad_shammari
الحمد لله وصلنا الرياض بالسلامة بعد رحلة طويلة من جدة 🚗 الطريق كان زحمة بسبب إجازة العيد. كل عام وأنتم بخير 🌙
#عيد_الفطر #الرياض
٩:١٥ م · ١٠ أبريل ٢٠٢٤
رد   إعادة نشر   إعجاب

سارة العتيبي @sara_ot · رداً على @ahmad_shammari
الحمدلله على السلامة 🤍 وعساكم من عواده

فهد @fahad_q8
طريق جدة الرياض في العيد دايم زحمة، المرة الجاية جرب القطار 😅""", [
    (" الرياض", 0), (" من جدة", 0), ("#عيد_الفطر", 0), ("كل عام وأنتم", 1),
    ("٩:١٥ م", 1)])
add("ar", "scientific-abstract", """الملخص
يُعد نهر النيل أطول أنهار العالم، إذ يبلغ طوله نحو 6650 كيلومتراً. تهدف هذه الدراسة إلى تقييم أثر سد النهضة الإثيوبي على منسوب المياه في بحيرة ناصر خلال الفترة 2020–2023. أظهرت النتائج انخفاضاً بنسبة 7% في متوسط التدفق السنوي.
الكلمات المفتاحية: نهر النيل، الموارد المائية، السدود
للاستشهاد: محمد، ع.، وآخرون (2024). مجلة جامعة القاهرة للعلوم، 12(1)، ص 45-60.""", [
    ("يُعد نهر", 0), (" أطول أنهار", 0), (" سد النهضة", 0), (" بنسبة 7%", 1),
    ("الكلمات المفتاحية", 1)])
add("ar", "newsletter-email", """عزيزي العميل خالد،
شكراً لتسوقك من متجر نون. تم شحن طلبك رقم 7845123 وسيصل خلال 3-5 أيام عمل.
يمكنك تتبع الشحنة عبر الرابط: www.noon.com/track
إذا كانت لديك أي استفسارات، لا تتردد في التواصل معنا عبر مركز المساعدة.
مع أطيب التحيات،
فريق خدمة العملاء
هذه رسالة آلية، يرجى عدم الرد عليها.
لإلغاء الاشتراك اضغط هنا | سياسة الخصوصية""", [
    (" متجر نون", 1), (" 3-5 أيام", 1), (" www.noon.com", 0), ("مع أطيب", 0),
    ("سياسة الخصوصية", 0)])
add("ar", "news", """القاهرة (رويترز) – أعلنت وزارة السياحة والآثار المصرية، الثلاثاء، افتتاح المتحف المصري الكبير بالقرب من أهرامات الجيزة. ويضم المتحف أكثر من 100 ألف قطعة أثرية، من بينها المجموعة الكاملة للملك توت عنخ آمون. والقاهرة هي عاصمة مصر وأكبر مدنها.
اقرأ أيضاً: ارتفاع أعداد السياح في الربع الأول
جميع الحقوق محفوظة © 2024""", [
    ("(رويترز)", 1), (" بالقرب من", 0), (" توت عنخ", 0), (" هي عاصمة", 0),
    (" 100 ألف", 1), ("جميع الحقوق", 0)])
# ---------------------------------------------------------------- hi
add("hi", "recipe", """पनीर बटर मसाला रेसिपी
तैयारी का समय: 15 मिनट | पकाने का समय: 25 मिनट | 4 लोगों के लिए
सामग्री
250 ग्राम पनीर, 3 टमाटर, 2 प्याज़, 2 बड़े चम्मच मक्खन, 1 छोटा चम्मच गरम मसाला, कसूरी मेथी
विधि
1. कड़ाही में मक्खन गरम करें और प्याज़ को सुनहरा होने तक भूनें।
2. टमाटर की प्यूरी डालकर 10 मिनट तक पकाएँ।
यह व्यंजन मूल रूप से दिल्ली के मोती महल रेस्टोरेंट से जुड़ा माना जाता है।
रेसिपी सेव करें | शेयर करें""", [
    ("250 ग्राम", 1), (" गरम मसाला", 0), (" मोती महल", 1), (" से जुड़ा", 0),
    ("रेसिपी सेव", 1), (" दिल्ली के", 0)])
add("hi", "sports-report", """विराट कोहली का शतक, भारत ने ऑस्ट्रेलिया को 6 विकेट से हराया
मुंबई, 19 नवंबर। वानखेड़े स्टेडियम में खेले गए मुकाबले में भारत ने ऑस्ट्रेलिया को 6 विकेट से हरा दिया। रॉयल चैलेंजर्स बेंगलुरु के लिए खेलने वाले विराट कोहली ने 103 रन की नाबाद पारी खेली। कप्तान रोहित शर्मा ने जीत का श्रेय गेंदबाज़ों को दिया।
और पढ़ें""", [
    (" वानखेड़े", 0), (" के लिए खेलने", 0), (" 103 रन", 1), (" नाबाद", 1),
    ("और पढ़ें", 0)])
add("hi", "social-media", """प्रिया शर्मा
2 घंटे पहले · 🌏
आज पहली बार जयपुर का हवा महल देखा 😍 गुलाबी शहर सच में कमाल का है! अगली बार आमेर किला ज़रूर जाऊँगी।
#जयपुर #राजस्थान #travel
👍 पसंद करें   💬 टिप्पणी   ↪ शेयर करें
राहुल वर्मा: वाह! आमेर किले का लाइट एंड साउंड शो ज़रूर देखना 👌
नेहा गुप्ता: कितने दिन की ट्रिप है? हम भी अगले महीने जा रहे हैं।
और टिप्पणियाँ देखें""", [
    ("2 घंटे पहले", 1), (" हवा महल", 1), (" गुलाबी शहर", 1), ("#राजस्थान", 0),
    ("पसंद करें", 0)])
add("hi", "qa", """गंगा नदी का उद्गम कहाँ से होता है?
पूछा गया 1 साल पहले · 2,341 बार देखा गया
सबसे अच्छा जवाब
गंगा नदी उत्तराखंड में गंगोत्री हिमनद के गोमुख से निकलती है। यह भारत की सबसे पवित्र नदी मानी जाती है और लगभग 2,525 किलोमीटर बहने के बाद बंगाल की खाड़ी में मिल जाती है।
उपयोगी (18) · रिपोर्ट करें
अन्य उत्तर: भागीरथी और अलकनंदा नदियाँ देवप्रयाग में मिलकर गंगा कहलाती हैं।""", [
    ("पूछा गया", 0), (" गंगोत्री", 0), (" से निकलती", 0), (" 2,525", 1),
    (" की खाड़ी", 0)])
add("hi", "subtitles", """58
00:04:21,000 --> 00:04:23,500
माँ, मैं कल सुबह दिल्ली जा रहा हूँ।

59
00:04:23,900 --> 00:04:26,700
इतनी जल्दी? तुम्हारे पापा को पता है?

60
00:04:27,100 --> 00:04:29,800
हाँ, मैंने उन्हें कल रात बता दिया था।

61
00:04:30,200 --> 00:04:33,000
ठीक है, खाना बाँध दूँगी। ट्रेन कितने बजे की है?

62
00:04:33,400 --> 00:04:35,600
सुबह छह बजे, नई दिल्ली स्टेशन से।""", [
    ("00:04:23,900", 0), (" दिल्ली जा", 0), (" कल सुबह", 1), ("इतनी जल्दी", 0),
    (" बता दिया", 0)])
add("hi", "government-notice", """भारत सरकार
गृह मंत्रालय
सार्वजनिक सूचना
सर्वसाधारण को सूचित किया जाता है कि 26 जनवरी 2025 को गणतंत्र दिवस समारोह के कारण नई दिल्ली में कर्तव्य पथ के आसपास यातायात प्रतिबंधित रहेगा। नई दिल्ली भारत की राजधानी है।
आम जनता से अनुरोध है कि वे मेट्रो सेवाओं का उपयोग करें तथा यातायात पुलिस के निर्देशों का पालन करें।
अधिक जानकारी के लिए www.mha.gov.in देखें।
© सर्वाधिकार सुरक्षित""", [
    ("सर्वसाधारण को", 1), (" कर्तव्य पथ", 0), (" की राजधानी", 0), (" www.mha.gov", 0),
    ("26 जनवरी", 1), ("सर्वाधिकार", 0)])
