"""Passages in twelve other languages of round v3 (relation phrases, ordinary prose and their look-alikes), written for this set."""

P = []


def add(genre, lang, text, items):
    P.append({"genre": genre, "lang": lang, "text": text, "items": items})


add("encyclopedia", "fr", """
La Sévrine est une rivière qui prend sa source dans le Morvan et se jette dans l'Yonne. Son bassin fait partie d'un parc naturel. Le village de Brèves, situé sur sa rive gauche, appartient à la commune voisine depuis 1972. On y trouve un moulin du XVIIIe siècle, aujourd'hui transformé en gîte. Au fond, la vallée a peu changé.
""", [
    ("r", " est une rivière"), ("o", " qui prend sa"), ("r", " se jette dans"), ("r", " fait partie d'un"),
    ("o", " parc naturel"), ("r", " situé sur sa"), ("o", " rive gauche"), ("r", " appartient à la"),
    ("o", " commune voisine"), ("o", " depuis 1972"), ("o", " On y trouve un"), ("o", " moulin du"),
    ("O", " aujourd'hui transformé"), ("O", " Au fond, la"), ("o", " a peu changé"),
])

add("news", "fr", """
L'entreprise lyonnaise a fusionné avec un concurrent plus petit au lieu de lever des fonds. Son nouveau directeur, qui est le fils du fondateur, a déclaré que l'usine resterait ouverte. Selon les syndicats, la situation est pourtant moins claire. Les salariés seront fixés en mars.
""", [
    ("r", " a fusionné avec"), ("o", " un concurrent plus"), ("r", " au lieu de"), ("o", " lever des fonds"),
    ("o", " Son nouveau directeur"), ("r", " est le fils du"), ("o", " a déclaré que"), ("o", " resterait ouverte"),
    ("R", "Selon les syndicats"), ("O", " est pourtant moins"), ("o", " fixés en mars"),
])

add("blog", "fr", """
Bon, je l'avoue : je n'ai jamais réussi une mayonnaise du premier coup. Ma grand-mère, elle, la faisait à la fourchette en deux minutes. D'ailleurs, elle disait toujours que le secret, c'est la patience. Hier soir, troisième essai, et enfin une vraie réussite !
""", [
    ("o", "Bon, je l'avoue"), ("o", " jamais réussi une"), ("o", " du premier coup"), ("r", " Ma grand-mère"),
    ("o", " à la fourchette"), ("o", " en deux minutes"), ("O", " D'ailleurs, elle"), ("o", " disait toujours que"),
    ("o", " c'est la patience"), ("o", " Hier soir, troisième"), ("o", " une vraie réussite"),
])

add("encyclopedia", "es", """
El Cerro Blanco es una montaña situada en la cordillera de la Costa y forma parte de una reserva nacional. Fue conocido durante siglos como un lugar sagrado. Su cumbre pertenece a dos municipios. El refugio, construido por el club alpino en 1954, consta de dos salas y una cocina.
""", [
    ("r", " es una montaña"), ("r", " situada en la"), ("r", " forma parte de"), ("o", " una reserva nacional"),
    ("r", " Fue conocido durante"), ("O", " durante siglos"), ("o", " un lugar sagrado"), ("r", " Su cumbre pertenece a"),
    ("o", " dos municipios"), ("r", " construido por el"), ("o", " en 1954"), ("r", " consta de dos"),
    ("o", " salas y una cocina"),
])

add("news", "es", """
El delantero, que juega en el equipo filial, ha firmado con un club portugués por tres temporadas. Es hijo de un antiguo portero y creció a dos calles del estadio. Por cierto, la directiva no ha confirmado el precio del traspaso. Anoche marcó dos goles en la victoria por 3-1.
""", [
    ("r", " que juega en el"), ("o", " el equipo filial"), ("r", " ha firmado con"), ("o", " por tres temporadas"),
    ("r", " Es hijo de un"), ("o", " un antiguo portero"), ("o", " creció a dos calles"), ("O", " Por cierto, la"),
    ("o", " no ha confirmado"), ("o", " el precio del traspaso"), ("o", " marcó dos goles"), ("o", " por 3-1"),
])

add("diary", "es", """
Martes. Llovió todo el día. Fui al mercado y compré medio kilo de tomates, más caros que la semana pasada. Por la tarde llamé a mi hermana, que ahora vive en el norte y trabaja como enfermera. Me acosté temprano.
""", [
    ("o", "Martes. Llovió"), ("o", " todo el día"), ("o", " Fui al mercado"), ("o", " medio kilo de tomates"),
    ("O", " más caros que"), ("o", " la semana pasada"), ("r", " a mi hermana"), ("r", " ahora vive en el"),
    ("r", " trabaja como enfermera"), ("o", " Me acosté temprano"),
])

add("encyclopedia", "de", """
Die Ellbach ist ein Nebenfluss der Murg und mündet bei Forbach in diese. Das Tal gehört zum Landkreis Rastatt. Die Burgruine auf dem Bergsporn wurde im 13. Jahrhundert von den Grafen von Eberstein errichtet und gilt als eines der ältesten Bauwerke der Gegend. Übrigens ist der Wanderweg im Winter gesperrt.
""", [
    ("r", " ist ein Nebenfluss der"), ("r", " und mündet bei"), ("o", " in diese"), ("r", " Das Tal gehört zum"),
    ("o", " Die Burgruine auf"), ("o", " dem Bergsporn"), ("o", " im 13. Jahrhundert"), ("o", " wurde im"),
    ("r", " und gilt als"), ("o", " der ältesten Bauwerke"), ("O", " Übrigens ist der"), ("o", " im Winter gesperrt"),
])

add("news", "de", """
Der Autozulieferer hat mit einem kleineren Wettbewerber fusioniert, statt eine Kapitalerhöhung zu wagen. Der neue Chef, der zuvor für einen Konzern in Stuttgart tätig war, will alle Standorte erhalten. Ob das gelingt, ist noch nicht klar. Die Aktie stieg am Dienstag um vier Prozent.
""", [
    ("o", "Der Autozulieferer"), ("R", " hat mit einem"), ("r", " fusioniert, statt"), ("o", " eine Kapitalerhöhung"),
    ("O", " Der neue Chef"), ("r", " zuvor für einen"), ("o", " Konzern in"), ("r", " tätig war"),
    ("o", " alle Standorte erhalten"), ("O", " ist noch nicht klar"), ("o", " am Dienstag um"), ("o", " vier Prozent"),
])

add("government-notice", "de", """
Die Brücke über den Mühlbach gehört dem Landkreis und wird in dessen Auftrag saniert. Der Fußweg zwischen Kirche und Schule ist deshalb bis voraussichtlich April gesperrt. Eine Umleitung ist ausgeschildert. Wir bitten um Verständnis.
""", [
    ("r", " gehört dem Landkreis"), ("r", " in dessen Auftrag"), ("o", " wird in"), ("o", " Der Fußweg zwischen"),
    ("o", " Kirche und Schule"), ("o", " bis voraussichtlich April"), ("o", " Eine Umleitung ist"), ("B", " Wir bitten um Verständnis"),
])

add("encyclopedia", "ru", """
Сомовка — река в Воронежской области, левый приток Дона. Длина реки составляет 42 км. Деревня на её берегу была основана в XVII веке и входит в состав сельского поселения. Местный храм считается одним из старейших в районе. Кстати, летом там проходит ярмарка.
""", [
    ("r", " — река в"), ("r", " левый приток"), ("o", " Длина реки"), ("r", " составляет 42"),
    ("o", " на её берегу"), ("r", " была основана в"), ("o", " XVII веке"), ("r", " входит в состав"),
    ("o", " сельского поселения"), ("r", " считается одним из"), ("o", " старейших в районе"), ("O", " Кстати, летом"),
    ("o", " проходит ярмарка"),
])

add("news", "ru", """
Компания объединилась с небольшим конкурентом вместо того, чтобы привлекать кредиты. Новым директором стал сын основателя, который раньше работал в банке. По словам аналитиков, сделка оказалась дешевле ожидаемого. Акции выросли на 3%.
""", [
    ("r", " объединилась с"), ("o", " небольшим конкурентом"), ("r", " вместо того"), ("o", " привлекать кредиты"),
    ("r", " стал сын"), ("r", " сын основателя"), ("r", " работал в банке"), ("R", "По словам аналитиков"),
    ("O", " оказалась дешевле"), ("o", " выросли на 3%"),
])

add("fiction", "ru", """
Она долго стояла у окна. За стеклом шёл мокрый снег. В конце концов, думала она, всё это не имело значения: ни письмо, ни деньги, ни ссора с братом. Брат всегда был упрямым человеком. Она взяла чашку и поднялась наверх.
""", [
    ("o", " долго стояла"), ("o", " у окна"), ("o", " шёл мокрый снег"), ("O", " В конце концов"),
    ("o", " ни письмо"), ("o", " ни деньги"), ("r", " ссора с братом"), ("r", " всегда был упрямым"),
    ("o", " взяла чашку"), ("o", " поднялась наверх"),
])

add("encyclopedia", "zh", """
青石河是长江的一条支流，发源于大巴山，流入汉江。流域面积约三千平方公里，属于亚热带气候。河畔的古镇始建于明代，以竹编工艺闻名。顺便说一下，每年秋天这里都会举办庙会。
""", [
    ("r", "的一条支流"), ("r", "发源于"), ("r", "流入"), ("o", "流域面积"),
    ("o", "约三千"), ("r", "属于亚"), ("o", "热带气候"), ("r", "始建于"),
    ("o", "明代"), ("r", "以竹编"), ("r", "闻名"), ("O", "顺便说一下"),
    ("o", "每年秋天"), ("o", "举办庙会"),
])

add("news", "zh", """
该公司宣布与一家规模较小的竞争对手合并，而不是发行新股。新任总经理是创始人的儿子，此前曾在一家银行工作。分析人士认为，这笔交易比预期便宜。公司股价周二上涨了百分之四。
""", [
    ("o", "该公司宣布"), ("r", "与一家"), ("r", "合并"), ("r", "而不是"),
    ("o", "发行新股"), ("r", "是创始人"), ("r", "的儿子"), ("r", "曾在一家"),
    ("O", "比预期便宜"), ("o", "周二上涨"), ("o", "百分之四"),
])

add("diary", "zh", """
星期三，阴。早上去菜市场买了两斤西红柿，比上周贵了一点。下午给我姐姐打电话，她现在住在广州，在一家医院当护士。晚上看了半本小说，十一点睡觉。
""", [
    ("o", "星期三"), ("o", "早上去"), ("o", "菜市场"), ("o", "两斤西红柿"),
    ("O", "比上周贵"), ("r", "我姐姐"), ("r", "现在住在"), ("r", "当护士"),
    ("o", "看了半本"), ("o", "十一点睡觉"),
])

add("encyclopedia", "ja", """
白沢川は信濃川の支流で、長野県北部を流れる。流域は三つの町に属し、上流には古い温泉地がある。河口付近の集落は江戸時代に開かれ、和紙の産地として知られている。ちなみに、毎年八月には花火大会が行われる。
""", [
    ("r", "の支流で"), ("r", "を流れる"), ("o", "流域は"), ("r", "に属し"),
    ("o", "上流には"), ("o", "古い温泉地"), ("o", "河口付近"), ("o", "江戸時代に"),
    ("r", "の産地として"), ("r", "知られている"), ("O", "ちなみに"), ("o", "毎年八月"),
    ("o", "花火大会"),
])

add("news", "ja", """
同社は、新株を発行する代わりに、小規模な競合企業と合併すると発表した。新社長は創業者の息子で、以前は銀行に勤めていた。アナリストによると、買収額は予想よりも安かったという。株価は火曜日に4％上昇した。
""", [
    ("o", "同社は"), ("o", "新株を発行"), ("r", "する代わりに"), ("r", "と合併する"),
    ("o", "新社長は"), ("r", "創業者の息子"), ("r", "銀行に勤めて"), ("R", "によると"),
    ("O", "予想よりも安"), ("o", "火曜日に"), ("o", "4％上昇"),
])

add("encyclopedia", "ko", """
청천강은 금강의 지류로, 충청북도 북부를 흐른다. 강 유역은 세 개의 군에 속하며, 상류에는 오래된 사찰이 있다. 하류의 마을은 조선 시대에 형성되었고 한지 생산지로 알려져 있다. 그나저나 매년 가을에는 축제가 열린다.
""", [
    ("r", "의 지류로"), ("r", "를 흐른다"), ("o", "강 유역은"), ("r", "에 속하며"),
    ("o", "상류에는"), ("o", "오래된 사찰"), ("o", "하류의 마을"), ("o", "시대에 형성"),
    ("r", "생산지로 알려져"), ("O", "그나저나"), ("o", "매년 가을에는"), ("o", "축제가 열린다"),
])

add("news", "ko", """
이 회사는 신주를 발행하는 대신 소규모 경쟁사와 합병한다고 밝혔다. 새 대표는 창업자의 아들로, 이전에 은행에서 근무했다. 업계에 따르면 인수 가격은 예상보다 낮았다. 주가는 화요일에 4% 올랐다.
""", [
    ("o", "이 회사는"), ("r", "하는 대신"), ("r", "와 합병한다"), ("o", "새 대표는"),
    ("r", "창업자의 아들"), ("r", "은행에서 근무"), ("R", "에 따르면"), ("O", "예상보다 낮았다"),
    ("o", "화요일에 4%"), ("o", "올랐다"),
])

add("encyclopedia", "ar", """
نهر الزرقاء هو رافد من روافد نهر الأردن، وينبع من المرتفعات الشرقية. تقع على ضفافه عدة قرى زراعية، ويعد من أهم مصادر المياه في المنطقة. بني الجسر القديم في القرن التاسع عشر. على فكرة، يزداد منسوب المياه في الشتاء.
""", [
    ("r", " هو رافد من"), ("r", " روافد"), ("r", " وينبع من"), ("r", " تقع على"),
    ("o", " عدة قرى زراعية"), ("r", " ويعد من أهم"), ("o", " مصادر المياه"), ("o", " بني الجسر القديم"),
    ("o", " القرن التاسع عشر"), ("O", " على فكرة"), ("o", " يزداد منسوب المياه"), ("o", " في الشتاء"),
])

add("news", "ar", """
أعلنت الشركة اندماجها مع منافس أصغر بدلا من طرح أسهم جديدة. والمدير الجديد هو ابن المؤسس، وكان يعمل سابقا في أحد البنوك. ووفقا للمحللين، كانت الصفقة أرخص من المتوقع. وارتفع السهم بنسبة 4 في المئة يوم الثلاثاء.
""", [
    ("o", "أعلنت الشركة"), ("r", " اندماجها مع"), ("o", " منافس أصغر"), ("r", " بدلا من"),
    ("o", " طرح أسهم جديدة"), ("r", " هو ابن"), ("r", " ابن المؤسس"), ("r", " يعمل سابقا في"),
    ("R", " ووفقا للمحللين"), ("O", " أرخص من المتوقع"), ("o", " بنسبة 4 في المئة"),
])

add("encyclopedia", "hi", """
सोनभद्रा नदी गंगा की एक सहायक नदी है और विंध्य पहाड़ियों से निकलती है। इसका बेसिन तीन जिलों में फैला हुआ है। नदी के किनारे बसा गाँव अपनी हस्तकला के लिए जाना जाता है। वैसे, हर साल यहाँ एक बड़ा मेला लगता है।
""", [
    ("r", " की एक सहायक नदी"), ("r", " से निकलती है"), ("o", " इसका बेसिन"), ("o", " तीन जिलों में"),
    ("r", " में फैला हुआ है"), ("o", " नदी के किनारे"), ("o", " अपनी हस्तकला"), ("r", " के लिए जाना जाता"),
    ("O", " वैसे, हर साल"), ("o", " एक बड़ा मेला"), ("o", " मेला लगता है"),
])

add("news", "hi", """
कंपनी ने नए शेयर जारी करने के बजाय एक छोटी प्रतिस्पर्धी कंपनी के साथ विलय की घोषणा की। नए प्रबंध निदेशक संस्थापक के बेटे हैं और पहले एक बैंक में काम करते थे। विश्लेषकों के अनुसार, सौदा उम्मीद से सस्ता रहा। मंगलवार को शेयर 4 प्रतिशत चढ़ा।
""", [
    ("o", " नए शेयर जारी"), ("r", " करने के बजाय"), ("r", " के साथ विलय"), ("o", " की घोषणा की"),
    ("r", " संस्थापक के बेटे"), ("r", " बैंक में काम करते"), ("R", " के अनुसार"), ("O", " उम्मीद से सस्ता"),
    ("o", " मंगलवार को शेयर"), ("o", " 4 प्रतिशत चढ़ा"),
])

add("encyclopedia", "pt", """
O rio Corvo é um afluente do Tejo e nasce na serra da Estrela. A sua bacia pertence a três concelhos. A aldeia de Moinhos, situada na margem direita, é conhecida pelos seus queijos. Aliás, a feira anual realiza-se em setembro.
""", [
    ("r", " é um afluente do"), ("r", " e nasce na"), ("r", " bacia pertence a"), ("o", " três concelhos"),
    ("r", " situada na margem"), ("o", " margem direita"), ("r", " é conhecida pelos"), ("o", " seus queijos"),
    ("O", " Aliás, a feira"), ("o", " realiza-se em setembro"),
])

add("news", "pt", """
A empresa fundiu-se com um concorrente menor em vez de emitir novas ações. O novo presidente, filho do fundador, trabalhou antes num banco. Segundo os analistas, o negócio foi mais barato do que o esperado. As ações subiram 4% na terça-feira.
""", [
    ("r", " fundiu-se com um"), ("o", " concorrente menor"), ("r", " em vez de"), ("o", " emitir novas ações"),
    ("r", " filho do fundador"), ("r", " trabalhou antes num"), ("R", "Segundo os analistas"), ("O", " mais barato do que"),
    ("o", " subiram 4% na"), ("o", " terça-feira"),
])

add("encyclopedia", "tr", """
Akçay, Kızılırmak'ın bir koludur ve Yıldız Dağları'ndan doğar. Havzası üç ilçeye bağlıdır. Irmağın kıyısındaki köy, el dokuması halılarıyla tanınır. Bu arada, her yıl sonbaharda bir panayır kurulur.
""", [
    ("r", " bir koludur"), ("r", "'ndan doğar"), ("o", " Havzası üç"), ("r", " ilçeye bağlıdır"),
    ("o", " Irmağın kıyısındaki"), ("o", " el dokuması"), ("r", " halılarıyla tanınır"), ("O", " Bu arada, her"),
    ("o", " sonbaharda bir"), ("o", " panayır kurulur"),
])

add("news", "tr", """
Şirket, yeni hisse ihraç etmek yerine daha küçük bir rakibiyle birleşti. Yeni genel müdür, kurucunun oğlu ve daha önce bir bankada çalışıyordu. Analistlere göre anlaşma beklenenden ucuz oldu. Hisseler salı günü yüzde 4 yükseldi.
""", [
    ("r", " etmek yerine"), ("r", " rakibiyle birleşti"), ("o", " daha küçük bir"), ("r", " kurucunun oğlu"),
    ("r", " bir bankada çalışıyordu"), ("R", " Analistlere göre"), ("O", " beklenenden ucuz"), ("o", " salı günü yüzde"),
    ("o", " 4 yükseldi"),
])

add("encyclopedia", "it", """
Il torrente Sorba è un affluente del Sesia e nasce ai piedi del Monte Rosa. Il suo bacino appartiene a due comuni. Il borgo, situato sulla sponda sinistra, è noto per i suoi formaggi. Tra l'altro, la sagra si tiene ogni anno in agosto.
""", [
    ("r", " è un affluente del"), ("r", " e nasce ai"), ("r", " bacino appartiene a"), ("o", " due comuni"),
    ("r", " situato sulla sponda"), ("o", " sponda sinistra"), ("r", " è noto per i"), ("o", " suoi formaggi"),
    ("O", " Tra l'altro, la"), ("o", " ogni anno in agosto"),
])

add("news", "it", """
L'azienda si è fusa con un concorrente più piccolo invece di emettere nuove azioni. Il nuovo amministratore delegato è figlio del fondatore e in passato lavorava in una banca. Secondo gli analisti, l'operazione è costata meno del previsto. Il titolo è salito del 4%.
""", [
    ("r", " si è fusa con"), ("o", " concorrente più piccolo"), ("r", " invece di emettere"), ("r", " è figlio del"),
    ("r", " figlio del fondatore"), ("r", " lavorava in una"), ("R", "Secondo gli analisti"), ("O", " costata meno del"),
    ("o", " salito del 4%"),
])
