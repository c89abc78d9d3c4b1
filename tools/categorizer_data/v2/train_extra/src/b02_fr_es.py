"""Batch b02: French and Spanish passages, written for this set."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "news",
    "fr",
    """
ÉCONOMIE
Le lunetier lyonnais Optivia fusionne avec l'italien Lenti Bruni
Par Camille Rousseau — Publié le 12 mars 2026 à 08h15, mis à jour à 10h02

Le groupe Optivia, basé à Villeurbanne, a annoncé mardi avoir fusionné avec son concurrent Lenti Bruni, fondé à Padoue en 1948. Le nouvel ensemble sera dirigé par l'actuelle PDG d'Optivia, Hélène Marchal, qui a travaillé pour Essilor pendant quinze ans. Lenti Bruni appartient depuis 2019 au fonds Arcadia Capital.
« Plutôt que de subir la concurrence asiatique, nous choisissons de grandir », a-t-elle déclaré.
Lire aussi : Les opticiens face à la réforme du 100 % santé
Partager   Réagir (12)   Lire la suite
""",
    [
        ("B", "ÉCONOMIE"),
        ("n", " lyonnais Optivia"),
        ("R", " fusionne avec l'italien"),
        ("n", " Lenti Bruni\n"),
        ("n", "Par Camille Rousseau"),
        ("b", " Publié le 12 mars"),
        ("b", ", mis à jour à"),
        ("n", " basé à Villeurbanne"),
        ("R", " avoir fusionné avec son"),
        ("n", " fondé à Padoue"),
        ("r", " sera dirigé par"),
        ("N", " a travaillé pour Essilor"),
        ("r", " appartient depuis 2019 au"),
        ("n", " fonds Arcadia Capital"),
        ("O", "« Plutôt que de subir"),
        ("B", "Lire aussi :"),
        ("B", "Partager   Réagir"),
        ("B", "   Lire la suite"),
    ],
)

add(
    "real-estate-listing",
    "fr",
    """
Accueil > Vente > Bretagne > Quimper
Maison 5 pièces 112 m² — 289 000 €

Au calme, à deux pas du centre historique et de la cathédrale Saint-Corentin, belle maison en pierre rénovée. Séjour lumineux donnant sur un jardin clos de 600 m², cuisine aménagée, trois chambres dont une de plain-pied. Chauffage au gaz de ville. DPE : classe D.
Honoraires à la charge du vendeur. Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques.
Contacter l'agence   Imprimer   Signaler l'annonce
""",
    [
        ("B", "Accueil > Vente"),
        ("n", " > Quimper"),
        ("o", "Maison 5 pièces"),
        ("o", " 112 m²"),
        ("O", "Au calme, à"),
        ("N", " cathédrale Saint-Corentin"),
        ("o", " maison en pierre rénovée"),
        ("R", " donnant sur un jardin"),
        ("o", " trois chambres dont"),
        ("O", " DPE : classe D"),
        ("b", "Honoraires à la charge du vendeur"),
        ("b", " Les informations sur les risques"),
        ("n", " le site Géorisques"),
        ("B", "Contacter l'agence"),
        ("B", "   Imprimer"),
        ("B", " Signaler l'annonce"),
    ],
)

add(
    "job-ad",
    "fr",
    """
Offre d'emploi — Technicien(ne) de maintenance H/F
Entreprise : Verdalis SAS, filiale du groupe Saint-Gobain
Lieu : Rouen (76)  |  CDI  |  Salaire : 32-36 k€ brut/an

Missions
Rattaché(e) au responsable de production, vous assurez la maintenance préventive des lignes de conditionnement. Vous travaillez en lien avec le bureau d'études à Lyon.

Profil recherché
BTS MS ou équivalent, habilitation électrique souhaitée.

Conformément à la loi, cette offre s'adresse indifféremment aux femmes et aux hommes.
Postuler   Sauvegarder l'offre
""",
    [
        ("B", "Offre d'emploi —"),
        ("O", " Technicien(ne) de maintenance"),
        ("B", "Entreprise :"),
        ("n", " Verdalis SAS"),
        ("r", " filiale du groupe"),
        ("n", " groupe Saint-Gobain"),
        ("B", "Lieu :"),
        ("o", "  |  CDI  |"),
        ("B", "Missions\nRatt"),
        ("R", "Rattaché(e) au responsable"),
        ("o", " la maintenance préventive"),
        ("R", " en lien avec le bureau"),
        ("n", " à Lyon."),
        ("B", "Profil recherché"),
        ("O", "BTS MS ou"),
        ("b", "Conformément à la loi, cette offre"),
        ("B", "Postuler"),
        ("B", " Sauvegarder l'offre"),
    ],
)

add(
    "weather-report",
    "fr",
    """
Bulletin de Météo-France pour la Haute-Savoie
Mercredi 4 février : vigilance orange neige-verglas

Les chutes de neige reprennent en soirée au-dessus de 800 m, avec 20 à 30 cm attendus sur le massif du Mont-Blanc. Le vent de nord-ouest se renforce, rafales à 90 km/h en montagne. Risque d'avalanche fort (4/5).
Par rapport à hier, les températures baissent de 3 à 5 degrés.
Prévisions mises à jour toutes les 3 heures. Retrouvez-nous sur l'application.
""",
    [
        ("b", "Bulletin de"),
        ("n", " Météo-France pour"),
        ("n", " la Haute-Savoie"),
        ("O", "Mercredi 4 février"),
        ("O", " vigilance orange neige"),
        ("o", " reprennent en soirée"),
        ("o", " au-dessus de 800 m"),
        ("n", " massif du Mont-Blanc"),
        ("o", " rafales à 90 km/h"),
        ("O", " Risque d'avalanche fort"),
        ("R", "Par rapport à hier"),
        ("B", "Prévisions mises à jour"),
        ("B", " Retrouvez-nous sur l'application"),
    ],
)

add(
    "faq-page",
    "fr",
    """
Questions fréquentes

Comment annuler ma commande ?
Rendez-vous dans Mon compte > Mes commandes, puis cliquez sur « Annuler ». L'annulation est possible tant que le colis n'a pas été expédié.

Qui est le transporteur ?
Nos colis sont acheminés par Colissimo, une filiale de La Poste. Au lieu d'une livraison à domicile, vous pouvez choisir un point relais.

Cette réponse vous a-t-elle été utile ?  Oui  Non
Vous n'avez pas trouvé votre réponse ? Contactez-nous
""",
    [
        ("B", "Questions fréquentes"),
        ("o", "Comment annuler ma"),
        ("B", " Mon compte > Mes"),
        ("B", " « Annuler »"),
        ("o", " tant que le colis"),
        ("o", "Qui est le transporteur"),
        ("N", " acheminés par Colissimo"),
        ("N", " une filiale de La"),
        ("n", " La Poste."),
        ("R", " Au lieu d'une livraison"),
        ("o", " un point relais"),
        ("B", "Cette réponse vous a-t-elle"),
        ("B", " Contactez-nous"),
    ],
)

add(
    "obituary",
    "fr",
    """
Avis de décès
M. Jean-Pierre LEGRAND
nous a quittés le 28 janvier 2026 à Angers, dans sa 84e année.
De la part de : Marie-Thérèse, son épouse ; Pierre et Claire, ses enfants ; ses petits-enfants.
Ancien professeur au lycée David-d'Angers, il était membre de l'Académie d'Angers et président d'honneur du club de rugby.
La cérémonie religieuse sera célébrée le mardi 3 février à 14 h 30 en l'église Saint-Serge.
Ni fleurs ni couronnes. Cet avis tient lieu de faire-part.
Déposer une condoléance   Allumer une bougie
""",
    [
        ("B", "Avis de décès"),
        ("n", " Jean-Pierre LEGRAND"),
        ("O", "nous a quittés le"),
        ("n", " à Angers,"),
        ("O", " dans sa 84e année"),
        ("B", "De la part de :"),
        ("r", " son épouse ;"),
        ("r", " ses enfants ;"),
        ("n", " lycée David-d'Angers"),
        ("r", " était membre de l"),
        ("n", "'Académie d'Angers"),
        ("r", " et président d'honneur du"),
        ("n", " l'église Saint-Serge"),
        ("B", "Ni fleurs ni couronnes"),
        ("b", " Cet avis tient lieu de faire-part"),
        ("B", "Déposer une condoléance"),
    ],
)

add(
    "encyclopedia",
    "fr",
    """
La Loire est le plus long fleuve coulant entièrement en France, avec une longueur de 1 006 km. Elle prend sa source au mont Gerbier-de-Jonc, en Ardèche, et se jette dans l'océan Atlantique à Saint-Nazaire. Son bassin versant couvre plus d'un cinquième du territoire. La vallée de la Loire entre Sully-sur-Loire et Chalonnes est inscrite au patrimoine mondial de l'UNESCO.

Notes et références
↑ « La Loire », sur Sandre (consulté le 2 mars 2024).
Voir aussi
Articles connexes : Liste des cours d'eau de France
""",
    [
        ("n", "La Loire est"),
        ("r", " est le plus long fleuve"),
        ("n", " en France,"),
        ("o", " 1 006 km"),
        ("R", " prend sa source au"),
        ("n", " mont Gerbier-de-Jonc"),
        ("r", " se jette dans l"),
        ("n", "'océan Atlantique"),
        ("R", " couvre plus d'un"),
        ("n", " Sully-sur-Loire"),
        ("r", " est inscrite au"),
        ("B", "Notes et références"),
        ("b", " (consulté le 2 mars"),
        ("B", "Voir aussi"),
        ("B", "Articles connexes :"),
    ],
)

add(
    "user-manual",
    "fr",
    """
3. Mise en service
ATTENTION : lisez attentivement les consignes de sécurité avant la première utilisation.
1. Branchez l'adaptateur secteur sur la prise DC IN située à l'arrière de l'appareil.
2. Maintenez le bouton POWER enfoncé pendant 3 secondes. Le voyant passe du rouge au vert.
3. Appairez l'enceinte avec votre téléphone : menu Réglages > Bluetooth > « SonaBox 2 ».
Remarque : la SonaBox 2 est compatible avec les appareils Android 8.0 et ultérieurs.
Ce symbole signifie que le produit ne doit pas être jeté avec les ordures ménagères.
""",
    [
        ("O", "3. Mise en service"),
        ("b", "ATTENTION : lisez attentivement"),
        ("b", " les consignes de sécurité"),
        ("o", " Branchez l'adaptateur secteur"),
        ("O", " la prise DC IN"),
        ("O", " le bouton POWER"),
        ("o", " passe du rouge au vert"),
        ("R", " Appairez l'enceinte avec"),
        ("B", " menu Réglages >"),
        ("N", " « SonaBox 2 »"),
        ("R", " est compatible avec les"),
        ("n", " Android 8.0"),
        ("b", "Ce symbole signifie que le produit"),
    ],
)

add(
    "config-file",
    "fr",
    """
# Configuration du serveur de sauvegarde
# Ne pas modifier à la main : ce fichier est généré par Ansible.
[serveur]
hote = "sauvegarde.mairie-vannes.local"
port = 8443
# la copie distante est hébergée chez OVH, à Roubaix
[distant]
url = "s3://archives-vannes/nuit"
conserver_jours = 90
""",
    [
        ("c", "# Configuration"),
        ("o", " du serveur de sauvegarde"),
        ("b", "# Ne pas modifier à la main"),
        ("N", " par Ansible."),
        ("c", "[serveur]\nhote"),
        ("c", ' = "sauvegarde.mairie'),
        ("c", "port = 8443"),
        ("O", " la copie distante est"),
        ("N", " hébergée chez OVH"),
        ("n", " à Roubaix"),
        ("c", 'url = "s3://'),
        ("c", "conserver_jours ="),
    ],
)

add(
    "code-python",
    "fr",
    """
def calculer_tva(montant_ht: float, taux: float = 0.20) -> float:
    \"\"\"Renvoie le montant TTC à partir du montant hors taxes.

    Paramètres
    ----------
    montant_ht : float
        Le montant hors taxes, en euros.
    \"\"\"
    # le taux réduit de 5,5 % s'applique aux produits alimentaires
    if taux not in TAUX_VALIDES:
        raise ValueError(f"taux inconnu : {taux}")
    return round(montant_ht * (1 + taux), 2)
""",
    [
        ("c", "def calculer_tva"),
        ("c", "(montant_ht: float"),
        ("c", " -> float:"),
        ("o", "Renvoie le montant TTC"),
        ("B", "Paramètres\n    ---"),
        ("c", "    montant_ht : float"),
        ("o", " Le montant hors taxes"),
        ("O", " le taux réduit de"),
        ("R", " s'applique aux produits"),
        ("c", " not in TAUX_VALIDES"),
        ("C", '"taux inconnu : {'),
        ("c", " round(montant_ht"),
    ],
)

add(
    "press-release",
    "fr",
    """
COMMUNIQUÉ DE PRESSE
Paris, le 5 février 2026

La Fondation Lumen s'associe à l'Institut Pasteur pour financer la recherche sur les maladies tropicales négligées

La Fondation Lumen, reconnue d'utilité publique, versera 4 millions d'euros sur cinq ans. Le programme sera piloté par le Dr Awa Diallo, chercheuse à l'Institut Pasteur de Dakar, membre du réseau international des Instituts Pasteur.

À propos de la Fondation Lumen
Créée en 2004 par l'industriel Marc Delorme, la Fondation soutient la recherche médicale.
Contact presse : presse@fondation-lumen.org
""",
    [
        ("B", "COMMUNIQUÉ DE PRESSE"),
        ("n", "Paris, le 5"),
        ("n", "La Fondation Lumen s"),
        ("N", "'associe à l'Institut"),
        ("n", "Institut Pasteur pour"),
        ("o", " maladies tropicales négligées"),
        ("B", " reconnue d'utilité publique"),
        ("r", " sera piloté par le"),
        ("n", " Dr Awa Diallo"),
        ("r", " chercheuse à l'Institut"),
        ("r", " membre du réseau"),
        ("B", "À propos de la Fondation"),
        ("r", "Créée en 2004 par"),
        ("n", " Marc Delorme"),
        ("B", "Contact presse :"),
    ],
)

add(
    "cookie-banner",
    "fr",
    """
Nous respectons votre vie privée
Avec votre accord, nos partenaires et nous utilisons des cookies ou technologies similaires pour stocker et accéder à des informations personnelles comme votre visite sur ce site. Vous pouvez retirer votre consentement à tout moment en cliquant sur « Paramétrer les cookies » en bas de page.
Tout accepter   Continuer sans accepter   Personnaliser
""",
    [
        ("B", "Nous respectons votre vie privée"),
        ("b", "Avec votre accord, nos partenaires"),
        ("b", " utilisons des cookies ou"),
        ("b", " stocker et accéder à"),
        ("b", " retirer votre consentement"),
        ("B", " « Paramétrer les cookies »"),
        ("B", "Tout accepter"),
        ("B", "   Continuer sans accepter"),
        ("B", "   Personnaliser"),
    ],
)

add(
    "podcast-transcript",
    "fr",
    """
[00:12:40] LÉA : Et donc, vous êtes née à Marseille, mais vous avez grandi au Québec ?
[00:12:45] NADIA : Oui, mon père travaillait pour Hydro-Québec, on a déménagé quand j'avais six ans. Du coup, je parle avec cet accent bizarre, entre les deux.
[00:12:58] LÉA : (rires) C'est vrai qu'on l'entend ! Petit rappel : cet épisode est soutenu par nos auditeurs sur Patreon. Abonnez-vous pour ne rien manquer.
[00:13:09] NADIA : En fait, c'est là-bas que j'ai découvert la bande dessinée, grâce à ma tante.
""",
    [
        ("c", "[00:12:40]"),
        ("N", " LÉA :"),
        ("n", " née à Marseille"),
        ("n", " au Québec ?"),
        ("N", " travaillait pour Hydro"),
        ("n", "-Québec,"),
        ("O", " Du coup, je"),
        ("o", " cet accent bizarre"),
        ("o", " (rires)"),
        ("B", " Petit rappel : cet épisode"),
        ("n", " sur Patreon."),
        ("B", " Abonnez-vous pour ne rien manquer"),
        ("O", " En fait, c'est"),
        ("R", " grâce à ma tante"),
    ],
)

add(
    "museum-label",
    "fr",
    """
Salle 7 — Peinture française du XIXe siècle
Berthe Morisot (Bourges, 1841 – Paris, 1895)
Le Berceau, 1872
Huile sur toile
Morisot représente ici sa sœur Edma veillant sur sa fille Blanche. Le tableau fut présenté à la première exposition impressionniste de 1874, aux côtés d'œuvres de Monet et de Degas.
Acquis en 1930. Musée d'Orsay.
Merci de ne pas photographier avec flash.
""",
    [
        ("B", "Salle 7 —"),
        ("O", " Peinture française du"),
        ("n", "Berthe Morisot (B"),
        ("n", "Le Berceau,"),
        ("O", "Huile sur toile"),
        ("N", " sa sœur Edma"),
        ("o", " veillant sur"),
        ("N", " sa fille Blanche"),
        ("o", " la première exposition impressionniste"),
        ("R", " aux côtés d'œuvres de"),
        ("n", " de Monet et"),
        ("B", "Acquis en 1930"),
        ("n", " Musée d'Orsay"),
        ("B", "Merci de ne pas photographier"),
    ],
)

add(
    "news",
    "es",
    """
ECONOMÍA
La cadena de supermercados Frescor fue adquirida por el grupo francés Carrefour
Por Lucía Benítez | Madrid | 14 mar 2026 - 09:41 CET

La operación, valorada en 850 millones de euros, fue aprobada el jueves por la Comisión Nacional de los Mercados y la Competencia. Frescor, con sede en Valencia, cuenta con 312 tiendas en el Levante. Su fundador, Vicente Soler, seguirá como asesor del consejo.
«En lugar de competir, preferimos sumar», explicó Soler.
Te puede interesar: Las ventas minoristas suben un 3%
Compartir en Facebook   Comentar   Leer más
""",
    [
        ("B", "ECONOMÍA"),
        ("n", " supermercados Frescor"),
        ("R", " fue adquirida por el"),
        ("N", " grupo francés Carrefour"),
        ("n", "Por Lucía Benítez"),
        ("o", " 14 mar 2026"),
        ("o", " valorada en 850 millones"),
        ("R", " fue aprobada el jueves por"),
        ("n", " Comisión Nacional de los Mercados"),
        ("n", " con sede en Valencia"),
        ("R", " cuenta con 312"),
        ("n", " en el Levante"),
        ("r", " Su fundador,"),
        ("n", " Vicente Soler,"),
        ("R", "«En lugar de competir"),
        ("B", "Te puede interesar:"),
        ("B", "Compartir en Facebook"),
        ("B", "   Leer más"),
    ],
)

add(
    "real-estate-listing",
    "es",
    """
Inicio > Alquiler > Andalucía > Málaga > Centro
Piso en alquiler en calle Granada, 95 m², 1.250 €/mes

Luminoso piso de tres dormitorios junto a la plaza de la Merced, a cinco minutos del Museo Picasso. Reformado en 2023, con aire acondicionado y ascensor. Ideal para familias. Se exigen dos meses de fianza.
Referencia: MLG-2231-AC
Anunciante profesional: Inmobiliaria Costa Sol
Contactar   Guardar   Compartir   Denunciar anuncio
""",
    [
        ("B", "Inicio > Alquiler"),
        ("n", " > Málaga >"),
        ("O", "Piso en alquiler en"),
        ("n", " calle Granada,"),
        ("o", " 1.250 €/mes"),
        ("o", " tres dormitorios"),
        ("R", " junto a la"),
        ("n", " plaza de la Merced"),
        ("n", " Museo Picasso."),
        ("O", " Reformado en 2023"),
        ("o", " Ideal para familias"),
        ("B", "Referencia:"),
        ("B", "Anunciante profesional:"),
        ("n", " Inmobiliaria Costa Sol"),
        ("B", "Contactar   Guardar"),
        ("B", "   Denunciar anuncio"),
    ],
)

add(
    "job-ad",
    "es",
    """
Oferta de empleo: Enfermero/a para unidad de cuidados intensivos
Empresa: Hospital Quirón Zaragoza · Jornada completa · Contrato indefinido

Descripción
Buscamos profesional de enfermería para incorporarse a la UCI. Dependerás de la supervisora de planta y colaborarás con el equipo de anestesia.

Requisitos
- Grado en Enfermería y colegiación vigente
- Se valorará experiencia en pacientes críticos

Inscribirse en esta oferta   Ver más ofertas de esta empresa
Política de privacidad | Aviso legal
""",
    [
        ("B", "Oferta de empleo:"),
        ("o", " unidad de cuidados intensivos"),
        ("B", "Empresa:"),
        ("n", " Hospital Quirón Zaragoza"),
        ("o", " Jornada completa"),
        ("B", "Descripción\nBuscamos"),
        ("o", " profesional de enfermería"),
        ("O", " a la UCI."),
        ("R", " Dependerás de la supervisora"),
        ("R", " colaborarás con el equipo"),
        ("B", "Requisitos\n"),
        ("O", " Grado en Enfermería"),
        ("B", "Inscribirse en esta oferta"),
        ("B", " Ver más ofertas de"),
        ("b", "Política de privacidad |"),
        ("b", " Aviso legal"),
    ],
)

add(
    "weather-report",
    "es",
    """
Predicción de la AEMET para Asturias — sábado 21
Cielos nubosos con lluvias débiles en el litoral, más frecuentes en la cordillera Cantábrica. Cota de nieve en torno a 1.400 metros. Temperaturas en descenso ligero. Viento del noroeste moderado en el litoral, con intervalos de fuerte en cabo Peñas.
Aviso amarillo por oleaje: olas de 4 a 5 metros.
Fuente: Agencia Estatal de Meteorología. Actualizado a las 11:00.
""",
    [
        ("B", "Predicción de la"),
        ("n", " AEMET para"),
        ("n", " Asturias —"),
        ("O", " sábado 21"),
        ("o", " lluvias débiles en el litoral"),
        ("n", " cordillera Cantábrica"),
        ("O", " Cota de nieve"),
        ("o", " en torno a 1.400"),
        ("o", " Viento del noroeste"),
        ("n", " cabo Peñas"),
        ("O", "Aviso amarillo por oleaje"),
        ("B", "Fuente:"),
        ("n", " Agencia Estatal de Meteorología"),
        ("B", " Actualizado a las 11:00"),
    ],
)

add(
    "encyclopedia",
    "es",
    """
El lago Titicaca es un lago ubicado en los Andes centrales, en la meseta del Collao, a una altitud de 3812 m. Es compartido por Perú y Bolivia y es el lago navegable más alto del mundo. En él desemboca el río Ramis, y su único emisario es el río Desaguadero. La isla del Sol, la más grande, forma parte del territorio boliviano.

Véase también
Anexo:Lagos de América del Sur
Referencias
↑ «Lago Titicaca». Autoridad Binacional del Lago Titicaca. Archivado desde el original el 3 de abril de 2015. Consultado el 10 de mayo de 2020.
""",
    [
        ("n", "El lago Titicaca"),
        ("r", " es un lago ubicado en"),
        ("n", " los Andes centrales"),
        ("n", " meseta del Collao"),
        ("o", " una altitud de 3812"),
        ("N", " Es compartido por Perú"),
        ("r", " y es el lago"),
        ("R", " En él desemboca el"),
        ("n", " río Ramis"),
        ("r", " su único emisario es"),
        ("n", "La isla del Sol"),
        ("r", " forma parte del territorio"),
        ("B", "Véase también"),
        ("B", "Anexo:Lagos"),
        ("b", " Archivado desde el original"),
        ("b", " Consultado el 10 de mayo"),
    ],
)

add(
    "faq-page",
    "es",
    """
Preguntas frecuentes sobre tu suscripción

¿Puedo pausar mi suscripción?
Sí. Desde Mi cuenta > Suscripción puedes pausarla hasta tres meses sin coste.

¿Qué pasa si cambio de domicilio?
Actualiza la dirección antes del día 20 y el siguiente envío llegará a la nueva. Si no, lo recibirá la persona que viva en la antigua en tu nombre.

¿Te ha resultado útil esta respuesta?  Sí / No
¿No encuentras lo que buscas? Escríbenos por el chat.
""",
    [
        ("B", "Preguntas frecuentes sobre"),
        ("o", "¿Puedo pausar mi"),
        ("O", "Sí. Desde Mi"),
        ("B", " Mi cuenta > Suscripción"),
        ("o", " hasta tres meses sin coste"),
        ("o", "¿Qué pasa si cambio"),
        ("o", " antes del día 20"),
        ("R", " en tu nombre"),
        ("B", "¿Te ha resultado útil"),
        ("B", "¿No encuentras lo que buscas"),
        ("B", " Escríbenos por el chat"),
    ],
)

add(
    "government-notice",
    "es",
    """
BOLETÍN OFICIAL DE LA PROVINCIA DE SEGOVIA
AYUNTAMIENTO DE CUÉLLAR
Anuncio de exposición pública

Aprobado inicialmente por el Pleno en sesión de 26 de febrero de 2026 el Presupuesto General para el ejercicio 2026, se expone al público durante quince días hábiles, de conformidad con el artículo 169 del Real Decreto Legislativo 2/2004. Los interesados podrán examinarlo y presentar reclamaciones ante el Pleno.
En Cuéllar, a 2 de marzo de 2026. El Alcalde, Carlos Fraile Maroto.
""",
    [
        ("n", "BOLETÍN OFICIAL DE LA PROVINCIA"),
        ("n", "AYUNTAMIENTO DE CUÉLLAR"),
        ("B", "Anuncio de exposición pública"),
        ("o", "Aprobado inicialmente por"),
        ("O", " el Pleno en sesión"),
        ("O", " el Presupuesto General para"),
        ("b", " se expone al público durante"),
        ("b", " de conformidad con el artículo"),
        ("n", " Real Decreto Legislativo"),
        ("b", " Los interesados podrán examinarlo"),
        ("n", "En Cuéllar, a"),
        ("O", " El Alcalde,"),
        ("n", " Carlos Fraile Maroto"),
    ],
)

add(
    "menu",
    "es",
    """
CASA PACO · Taberna desde 1952
Calle de la Cava Baja, 9 · Madrid

ENTRANTES
Croquetas caseras de jamón ibérico (6 uds) ............ 9,50
Pimientos de Padrón ..................................... 7,00
PRINCIPALES
Cochinillo asado al estilo de Segovia ................ 24,00
Merluza a la gallega ................................... 19,50

IVA incluido. Consulte a nuestro personal sobre alérgenos. No se admiten reservas para menos de 4 personas.
""",
    [
        ("n", "CASA PACO ·"),
        ("O", " Taberna desde 1952"),
        ("n", "\nCalle de la Cava Baja"),
        ("B", "ENTRANTES"),
        ("o", "Croquetas caseras de"),
        ("O", " jamón ibérico"),
        ("N", "Pimientos de Padrón"),
        ("B", "PRINCIPALES"),
        ("N", " al estilo de Segovia"),
        ("O", "Merluza a la gallega"),
        ("B", "IVA incluido"),
        ("b", " Consulte a nuestro personal sobre alérgenos"),
        ("O", " No se admiten reservas"),
    ],
)

add(
    "code-javascript",
    "es",
    """
// Calcula el precio final aplicando el descuento del cupón
export function precioFinal(carrito, cupon) {
  const subtotal = carrito.reduce((suma, p) => suma + p.precio * p.cantidad, 0);
  // si el cupón ha caducado, se ignora en vez de lanzar un error
  if (!cupon || cupon.caduca < Date.now()) return subtotal;
  return Math.max(0, subtotal - cupon.importe);
}
console.log(`Total: ${precioFinal(items, null)} €`);
""",
    [
        ("c", "// Calcula"),
        ("o", " el precio final aplicando"),
        ("c", "export function precio"),
        ("c", "(carrito, cupon) {"),
        ("c", " carrito.reduce((suma"),
        ("c", " p.precio * p"),
        ("O", " si el cupón ha caducado"),
        ("R", " en vez de lanzar un"),
        ("c", " cupon.caduca < Date"),
        ("c", " Math.max(0,"),
        ("c", "console.log(`Total:"),
        ("c", " ${precioFinal("),
    ],
)

add(
    "tax-form",
    "es",
    """
Modelo 100. Impuesto sobre la Renta de las Personas Físicas. Ejercicio 2025
Agencia Tributaria
Datos identificativos
NIF del declarante: ______   Apellidos y nombre: ______
Estado civil (a 31-12-2025):  [ ] Soltero  [ ] Casado  [ ] Viudo
Rendimientos del trabajo
Retribuciones dinerarias (incluidas las prestaciones de planes de pensiones) .... 0003
Página 1 de 14
""",
    [
        ("N", "Modelo 100."),
        ("n", " Impuesto sobre la Renta de"),
        ("o", " Ejercicio 2025"),
        ("n", "Agencia Tributaria"),
        ("B", "Datos identificativos"),
        ("B", "NIF del declarante:"),
        ("B", "   Apellidos y nombre:"),
        ("B", "Estado civil (a"),
        ("B", "  [ ] Soltero"),
        ("B", "Rendimientos del trabajo"),
        ("O", "Retribuciones dinerarias (incl"),
        ("B", "Página 1 de 14"),
    ],
)

add(
    "song-lyrics",
    "es",
    """
[Estribillo]
Y me fui de Rosario con la luna en la espalda,
con tu nombre en el bolsillo y una guitarra prestada,
no me esperes en la estación, que el tren ya no para,
soy del río Paraná, de la orilla olvidada.

Letra y música: Tomás Ferreyra
© 2019 Discos Colibrí. Todos los derechos reservados.
""",
    [
        ("B", "[Estribillo]"),
        ("n", " de Rosario con"),
        ("o", " la luna en la espalda"),
        ("o", "con tu nombre en el"),
        ("o", " una guitarra prestada"),
        ("O", "no me esperes en la"),
        ("O", " el tren ya no para"),
        ("R", "soy del"),
        ("n", " río Paraná,"),
        ("B", "Letra y música:"),
        ("B", " Tomás Ferreyra"),
        ("b", "© 2019 Discos Colibrí"),
        ("b", " Todos los derechos reservados"),
    ],
)

add(
    "blog",
    "es",
    """
Publicado el 3 de enero de 2026 por Marta · 8 comentarios

Tres días en Oaxaca sin coche

La ciudad se recorre bien a pie. Nos alojamos cerca del templo de Santo Domingo, que alberga un museo de culturas oaxaqueñas. Para ir a Monte Albán tomamos un autobús que sale del hotel Rivera en lugar de contratar un tour. Por cierto, conviene llevar agua: no hay sombra.

Etiquetas: México, viajes lentos
Entrada anterior | Entrada siguiente
Deja un comentario
""",
    [
        ("B", "Publicado el 3 de"),
        ("B", " por Marta ·"),
        ("B", " 8 comentarios"),
        ("O", "Tres días en"),
        ("n", " en Oaxaca sin"),
        ("o", " se recorre bien a pie"),
        ("n", " templo de Santo Domingo"),
        ("R", " que alberga un museo"),
        ("O", " culturas oaxaqueñas"),
        ("n", " ir a Monte Albán"),
        ("N", " hotel Rivera"),
        ("R", " en lugar de contratar"),
        ("O", " Por cierto, conviene"),
        ("B", "Etiquetas:"),
        ("B", "Entrada anterior |"),
        ("B", "Deja un comentario"),
    ],
)


if __name__ == "__main__":
    write(P, "b02")
