"""Batch b11: second round of Dutch, Italian, Portuguese and Polish passages."""

from common import write

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add(
    "encyclopedia",
    "nl",
    """
Aletta Jacobs (Sappemeer, 9 februari 1854 – Baarn, 10 augustus 1929) was een Nederlandse arts en feministe. Zij was de eerste vrouw die aan een Nederlandse universiteit werd toegelaten, en promoveerde in 1879 aan de Rijksuniversiteit Groningen. Jacobs was getrouwd met Carel Victor Gerritsen, een Amsterdams gemeenteraadslid. Ze was medeoprichter van de Vereeniging voor Vrouwenkiesrecht en werd later voorzitter van de Internationale Vrouwenbond. Het Aletta Jacobs Instituut in Amsterdam is naar haar vernoemd.
""",
    [
        ("n", "Aletta Jacobs (S"),
        ("n", " Baarn, 10"),
        ("r", " was een Nederlandse"),
        ("O", " Nederlandse arts en feministe"),
        ("r", " Zij was de eerste vrouw die"),
        ("r", " werd toegelaten"),
        ("r", " en promoveerde in 1879 aan"),
        ("n", " Rijksuniversiteit Groningen"),
        ("r", " was getrouwd met"),
        ("n", " Carel Victor"),
        ("O", " een Amsterdams gemeenteraadslid"),
        ("r", " Ze was medeoprichter van"),
        ("n", " Vereeniging voor Vrouwen"),
        ("r", " en werd later voorzitter van"),
        ("n", "Het Aletta Jacobs"),
        ("r", " is naar haar vernoemd"),
    ],
)

add(
    "code-python",
    "nl",
    """
def bereken_huurtoeslag(inkomen: float, huur: float) -> float:
    \"\"\"Schat de huurtoeslag per maand.

    Let op: dit is een benadering; de Belastingdienst gebruikt de officiële tabellen.
    \"\"\"
    if huur > MAX_HUUR:  # boven de liberalisatiegrens geen toeslag
        return 0.0
    eigen_bijdrage = max(BASISHUUR, inkomen * 0.0185)
    return round(max(0.0, huur - eigen_bijdrage) * 0.65, 2)
""",
    [
        ("c", "def bereken_huurtoeslag"),
        ("c", "(inkomen: float, huur"),
        ("o", "Schat de huurtoeslag per"),
        ("O", " Let op: dit is"),
        ("n", " de Belastingdienst gebruikt"),
        ("O", " de officiële tabellen"),
        ("c", "if huur > MAX_HUUR:"),
        ("c", "  # boven"),
        ("O", " boven de liberalisatiegrens"),
        ("c", " max(BASISHUUR"),
        ("c", " inkomen * 0.0185)"),
        ("c", " * 0.65, 2)"),
    ],
)

add(
    "fiction",
    "nl",
    """
Het was de winter dat oom Kees zijn boerderij in Drenthe verkocht. Mijn moeder zei dat het geen zin had om te huilen, en huilde zelf de hele terugweg in de auto. Op de achterbank telde ik de windmolens langs de A28, drieëntwintig, vierentwintig, tot ik in slaap viel.
Thuis in Zwolle rook het naar soep. Niemand zei iets over de boerderij, alsof die nooit had bestaan.
""",
    [
        ("O", "Het was de winter"),
        ("n", " oom Kees zijn"),
        ("O", " zijn boerderij in"),
        ("n", " in Drenthe verkocht"),
        ("R", " Mijn moeder"),
        ("O", " geen zin had om te huilen"),
        ("o", " de hele terugweg"),
        ("O", " Op de achterbank telde"),
        ("n", " langs de A28"),
        ("O", " drieëntwintig, vierentwintig"),
        ("n", "Thuis in Zwolle rook"),
        ("O", " alsof die nooit had bestaan"),
    ],
)

add(
    "changelog",
    "nl",
    """
## [3.2.0] - 2026-03-01
### Toegevoegd
- Ondersteuning voor iDEAL 2.0 bij het afrekenen (#301)
- Nieuwe optie `--dry-run` voor de exportopdracht

### Gewijzigd
- Bedragen worden nu afgerond volgens de regels van de Belastingdienst in plaats van naar boven.

### Verwijderd
- De verouderde functie `exporteer_xml()`; gebruik `exporteer()` met `formaat="xml"`.
""",
    [
        ("b", "## [3.2.0]"),
        ("b", "### Toegevoegd"),
        ("o", "- Ondersteuning voor"),
        ("N", " iDEAL 2.0 bij"),
        ("c", " (#301)"),
        ("c", " `--dry-run` voor"),
        ("b", "### Gewijzigd"),
        ("O", " Bedragen worden nu afgerond"),
        ("N", " regels van de Belastingdienst"),
        ("R", " in plaats van naar boven"),
        ("b", "### Verwijderd"),
        ("O", "- De verouderde functie"),
        ("c", " `exporteer_xml()`;"),
        ("c", ' `formaat="xml"`'),
    ],
)

add(
    "user-manual",
    "nl",
    """
Gebruiksaanwijzing – Koffiezetapparaat KZ-12
Veiligheidsvoorschriften
LET OP: Dompel het apparaat nooit onder in water. Houd kinderen uit de buurt van het hete plaatje.
Ontkalken
1. Vul het reservoir met 1 liter water en 2 eetlepels citroenzuur.
2. Zet het apparaat aan en laat de helft doorlopen. Wacht 15 minuten.
Het apparaat is geschikt voor gemalen koffie, niet voor capsules.
Garantie: 2 jaar op fabricagefouten. Bewaar de kassabon.
""",
    [
        ("B", "Gebruiksaanwijzing –"),
        ("N", " Koffiezetapparaat KZ-12"),
        ("B", "Veiligheidsvoorschriften"),
        ("b", "LET OP: Dompel het"),
        ("b", " Houd kinderen uit de buurt"),
        ("O", "Ontkalken\n"),
        ("o", " Vul het reservoir met"),
        ("o", " 2 eetlepels citroenzuur"),
        ("O", " laat de helft doorlopen"),
        ("r", " is geschikt voor gemalen"),
        ("R", ", niet voor capsules"),
        ("B", "Garantie: 2 jaar"),
        ("B", " Bewaar de kassabon"),
    ],
)

add(
    "encyclopedia",
    "it",
    """
Rita Levi-Montalcini (Torino, 22 aprile 1909 – Roma, 30 dicembre 2012) è stata una neurologa e senatrice a vita italiana. Figlia di Adamo Levi, ingegnere, e della pittrice Adele Montalcini, era la sorella gemella della pittrice Paola Levi-Montalcini. Nel 1986 ricevette il premio Nobel per la medicina insieme a Stanley Cohen per la scoperta del fattore di crescita nervoso. Fu membro della Pontificia accademia delle scienze e fondatrice dell'European Brain Research Institute.
""",
    [
        ("n", "Rita Levi-Montalcini"),
        ("n", " (Torino, 22"),
        ("r", " è stata una neurologa"),
        ("O", " e senatrice a vita"),
        ("n", "Figlia di Adamo"),
        ("O", ", ingegnere, e"),
        ("r", " e della pittrice"),
        ("r", " era la sorella gemella della"),
        ("R", " ricevette il premio"),
        ("N", " Nobel per la medicina"),
        ("N", " insieme a Stanley"),
        ("o", " per la scoperta del"),
        ("r", " Fu membro della"),
        ("n", " Pontificia accademia"),
        ("r", " e fondatrice dell'"),
        ("n", "European Brain Research"),
    ],
)

add(
    "code-javascript",
    "it",
    """
// Calcola il codice di controllo dell'IBAN italiano (mod 97)
function verificaIban(iban) {
  const pulito = iban.replace(/\\s+/g, "").toUpperCase();
  // le prime quattro cifre vanno spostate in fondo, al posto dell'inizio
  const riordinato = pulito.slice(4) + pulito.slice(0, 4);
  const numerico = riordinato.replace(/[A-Z]/g, (c) => c.charCodeAt(0) - 55);
  return BigInt(numerico) % 97n === 1n;
}
""",
    [
        ("c", "// Calcola"),
        ("o", " il codice di controllo"),
        ("O", " dell'IBAN italiano"),
        ("c", "function verificaIban("),
        ("c", "iban.replace(/\\s+/g"),
        ("c", ".toUpperCase();"),
        ("O", " le prime quattro cifre"),
        ("R", " al posto dell'inizio"),
        ("c", "pulito.slice(4) +"),
        ("c", "(/[A-Z]/g, (c)"),
        ("c", "c.charCodeAt(0) - 55"),
        ("c", "BigInt(numerico) % 97n"),
    ],
)

add(
    "game-dialogue",
    "it",
    """
OSTESSA: Benvenuto alla Locanda del Corvo, viandante. Vieni da Valmora, vero? Si vede dagli stivali.
> [Chiedi] Cerco il fabbro. Mi hanno detto che è il fratello del capitano.
> [Compra] Una stanza per la notte (10 monete)
> [Esci]
OSTESSA: Il fabbro lavora per la Gilda del Ferro, giù al porto. Ma stanotte il porto è chiuso per ordine del Duca.
Missione aggiornata: La lama spezzata
[Invio] Continua
""",
    [
        ("B", "OSTESSA:"),
        ("n", " Locanda del Corvo"),
        ("O", ", viandante."),
        ("n", " da Valmora, vero"),
        ("O", " Si vede dagli stivali"),
        ("B", "> [Chiedi]"),
        ("O", " Cerco il fabbro"),
        ("r", " è il fratello del capitano"),
        ("B", "> [Compra]"),
        ("o", " (10 monete)"),
        ("r", " lavora per la"),
        ("n", " Gilda del Ferro"),
        ("o", " giù al porto"),
        ("R", " per ordine del"),
        ("n", " del Duca."),
        ("B", "Missione aggiornata:"),
        ("n", " La lama spezzata"),
        ("B", "[Invio] Continua"),
    ],
)

add(
    "encyclopedia",
    "pt",
    """
Clarice Lispector (Chechelnik, 10 de dezembro de 1920 – Rio de Janeiro, 9 de dezembro de 1977) foi uma escritora e jornalista brasileira nascida na Ucrânia. Era filha de Pinkhas e Mania Lispector, judeus que emigraram para o Brasil quando ela tinha um ano. Casou-se com o diplomata Maury Gurgel Valente, com quem viveu em Nápoles, Berna e Washington. O seu romance A Hora da Estrela foi adaptado ao cinema por Suzana Amaral em 1985.
""",
    [
        ("n", "Clarice Lispector (Che"),
        ("o", " 10 de dezembro de 1920"),
        ("r", " foi uma escritora e"),
        ("O", " jornalista brasileira nascida"),
        ("n", " na Ucrânia."),
        ("r", " Era filha de"),
        ("n", " Pinkhas e Mania"),
        ("R", " que emigraram para o"),
        ("r", " Casou-se com o"),
        ("N", " diplomata Maury"),
        ("r", ", com quem viveu em"),
        ("n", " Nápoles, Berna"),
        ("n", " A Hora da Estrela"),
        ("r", " foi adaptado ao cinema por"),
        ("n", " Suzana Amaral em"),
    ],
)

add(
    "code-go",
    "pt",
    """
// Pacote frete calcula o custo de envio pelos Correios.
package frete

// ErrCepInvalido é devolvido quando o CEP não tem oito dígitos.
var ErrCepInvalido = errors.New("CEP inválido")

// Calcular devolve o preço em centavos; usa a tabela PAC em vez da SEDEX
// quando o prazo permite.
func Calcular(cep string, pesoGramas int) (int, error) {
	if len(cep) != 8 {
		return 0, ErrCepInvalido
	}
	return tabelaPAC[cep[:1]] + pesoGramas/100*35, nil
}
""",
    [
        ("c", "// Pacote frete"),
        ("o", " calcula o custo de envio"),
        ("n", " pelos Correios."),
        ("c", "package frete"),
        ("c", "// ErrCepInvalido é"),
        ("O", " é devolvido quando o CEP"),
        ("c", ' errors.New("CEP'),
        ("C", '"CEP inválido")'),
        ("c", "// Calcular devolve"),
        ("N", " a tabela PAC em vez"),
        ("R", " em vez da"),
        ("c", "func Calcular(cep string"),
        ("c", " (int, error) {"),
        ("c", "if len(cep) != 8"),
        ("c", "tabelaPAC[cep[:1]]"),
    ],
)

add(
    "real-estate-listing",
    "pt",
    """
Início > Comprar > Lisboa > Alfama
Apartamento T2 para venda, Rua de São Miguel — 420 000 €
Área útil 68 m² · 3.º andar sem elevador · Certificado energético D

Apartamento renovado no coração de Alfama, com vista para o rio Tejo. Fica a cinco minutos a pé do Museu do Fado e perto da Sé de Lisboa. Ideal para habitação própria ou alojamento local.
Referência: ALF-2203
Mediador: Lisboa Prime Imóveis, AMI 12345
Contactar   Guardar   Partilhar
""",
    [
        ("B", "Início > Comprar"),
        ("n", " > Alfama\n"),
        ("O", "Apartamento T2 para venda"),
        ("n", " Rua de São Miguel"),
        ("O", " · Certificado energético D"),
        ("o", " renovado no coração de"),
        ("r", ", com vista para o"),
        ("n", " rio Tejo."),
        ("R", " Fica a cinco minutos a pé do"),
        ("n", " Museu do Fado"),
        ("r", " e perto da"),
        ("n", " Sé de Lisboa"),
        ("B", "Referência:"),
        ("B", "Mediador:"),
        ("B", ", AMI 12345"),
        ("B", "Contactar   Guardar"),
    ],
)

add(
    "podcast-transcript",
    "pt",
    """
[00:21:05] RITA: E o teu avô era de onde, afinal?
[00:21:08] MIGUEL: Era de Trás-os-Montes, de uma aldeia perto de Bragança. Trabalhou para a CP a vida toda, como maquinista.
[00:21:15] RITA: Que máximo. Já agora, para quem nos ouve: este episódio tem o apoio da Fundação Gulbenkian. Sigam-nos nas redes sociais!
[00:21:24] MIGUEL: Enfim, ele nunca quis sair de lá, ao contrário dos irmãos.
""",
    [
        ("c", "[00:21:05]"),
        ("n", " RITA:"),
        ("R", " o teu avô era de"),
        ("o", " afinal?"),
        ("n", "Era de Trás-os-Montes"),
        ("R", " de uma aldeia perto de"),
        ("N", " Trabalhou para a CP"),
        ("O", " como maquinista"),
        ("O", " Que máximo"),
        ("B", " Já agora, para quem nos ouve"),
        ("B", " este episódio tem o apoio da"),
        ("B", " Sigam-nos nas redes sociais"),
        ("O", " Enfim, ele nunca"),
        ("R", " ao contrário dos irmãos"),
    ],
)

add(
    "encyclopedia",
    "pl",
    """
Wisława Szymborska (ur. 2 lipca 1923 w Prowencie, zm. 1 lutego 2012 w Krakowie) – polska poetka, eseistka i tłumaczka. W 1996 roku otrzymała Nagrodę Nobla w dziedzinie literatury. Była związana z Krakowem, gdzie studiowała na Uniwersytecie Jagiellońskim. Jej pierwszym mężem był poeta Adam Włodek. W latach 1953–1981 była członkinią redakcji „Życia Literackiego”. Jej sekretarzem był Michał Rusinek, obecnie prezes Fundacji Wisławy Szymborskiej.
""",
    [
        ("n", "Wisława Szymborska (ur."),
        ("o", " 2 lipca 1923"),
        ("n", " w Prowencie, zm."),
        ("r", " – polska poetka"),
        ("o", ", eseistka i tłumaczka"),
        ("R", " W 1996 roku otrzymała"),
        ("n", " Nagrodę Nobla w"),
        ("r", " Była związana z"),
        ("r", ", gdzie studiowała na"),
        ("n", " Uniwersytecie Jagiellońskim"),
        ("r", " Jej pierwszym mężem był"),
        ("n", " poeta Adam Włodek"),
        ("r", " była członkinią redakcji"),
        ("r", " Jej sekretarzem był"),
        ("r", ", obecnie prezes"),
        ("n", " Fundacji Wisławy"),
    ],
)

add(
    "code-php",
    "pl",
    """
<?php
// Wysyła przypomnienie o płatności; klient należy do jednego oddziału
function wyslijPrzypomnienie(Klient $klient, Faktura $faktura): bool
{
    if ($faktura->czyOplacona()) {
        return false; // opłacone faktury pomijamy zamiast zgłaszać błąd
    }
    $tresc = sprintf('Faktura %s jest nieopłacona od %d dni.', $faktura->numer, $faktura->dniZaleglosci());
    return mail($klient->email, 'Przypomnienie o płatności', $tresc);
}
""",
    [
        ("c", "<?php\n//"),
        ("o", " Wysyła przypomnienie o"),
        ("R", " klient należy do jednego"),
        ("c", "function wyslijPrzypomnienie("),
        ("c", "(Klient $klient"),
        ("c", "$faktura->czyOplacona()"),
        ("c", "return false;"),
        ("O", " opłacone faktury pomijamy"),
        ("R", " zamiast zgłaszać błąd"),
        ("c", "$tresc = sprintf("),
        ("C", "'Faktura %s jest"),
        ("c", " $faktura->numer"),
        ("C", "'Przypomnienie o płatności'"),
    ],
)

add(
    "poetry",
    "pl",
    """
Kuchnia mojej babki

Na parapecie stały słoiki z wiśniami,
w radiu ktoś czytał wiadomości z Warszawy,
a babka, córka kowala spod Sandomierza,
mówiła do mnie jak do dorosłego.

Dziś w tej kuchni mieszka ktoś obcy.
Tylko okno jest to samo.

(z tomu „Sień”, Wydawnictwo Znak, 2018)
""",
    [
        ("R", "Kuchnia mojej babki"),
        ("o", "Na parapecie stały"),
        ("o", " słoiki z wiśniami"),
        ("O", "w radiu ktoś czytał"),
        ("n", " z Warszawy,"),
        ("r", " córka kowala"),
        ("n", " spod Sandomierza"),
        ("O", " jak do dorosłego"),
        ("O", "Dziś w tej kuchni"),
        ("O", " mieszka ktoś obcy"),
        ("O", "Tylko okno jest"),
        ("n", " „Sień”,"),
        ("b", " Wydawnictwo Znak, 2018"),
    ],
)


if __name__ == "__main__":
    write(P, "b11")
