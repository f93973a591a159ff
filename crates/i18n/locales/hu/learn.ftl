# A szabálytanító leckéi magyarul (állások és feladatok: lessons.json).
# Leckénként: -title, -text (a szabály), -task (a feladat), -done (miért sikerült),
# és -option-N a kérdések válaszaihoz.

learn-king-title = A király
learn-king-text = A király bármely irányba egy mezőt lép: vonalon, soron vagy átlón. Ugyanígy üt: az ellenfél bábujának mezőjére lép. Soha nem léphet olyan mezőre, amelyet az ellenfél támad.
learn-king-task = Üsd le a sötét gyalogot a királyoddal!
learn-king-done = A király átlósan egyet lépett, és ütött. Két magányos király nem tud mattot adni egymásnak, így a játszma véget ért: döntetlen.

learn-rook-title = A bástya
learn-rook-text = A bástya vonalon vagy soron akárhány mezőt léphet, de nem ugorhat át bábut: ami az útjában áll, megállítja. Úgy üt, hogy az ellenfél bábujának mezőjére lép.
learn-rook-task = Üsd le a sötét huszárt a bástyáddal!
learn-rook-done = Egyenesen fel az a-vonalon. Próbáld ki a Bh1-et is: a saját királyod elzárja az utat.

learn-bishop-title = A futó
learn-bishop-text = A futó átlósan akárhány mezőt léphet, ugrás nélkül. A futó az egész játszmában azon a színű mezőkön marad, amilyenen indult.
learn-bishop-task = Üsd le a sötét bástyát a futóddal!
learn-bishop-done = A hosszú átlón. Ez sötétmezős futó: világos mezőre sohasem léphet.

learn-queen-title = A vezér
learn-queen-text = A vezér úgy lép, mint a bástya és a futó együtt: vonalon, soron vagy átlón akárhány mezőt, ugrás nélkül. Ő a legerősebb bábu.
learn-queen-task = Üsd le a sötét bástyát a vezéreddel!
learn-queen-done = Hosszú átlós lépés. A vezér azonban nem ugrik, mint a huszár: d1–e3 nem vezérlépés.

learn-knight-title = A huszár
learn-knight-text = A huszár L alakban lép: két mezőt vonalon vagy soron, majd egyet oldalra. Ő az egyetlen bábu, amely átugorhat másokat; azon a mezőn üt, ahová érkezik.
learn-knight-task = Ugord át a gyalogjaidat, és üsd le a sötét gyalogot!
learn-knight-done = A huszár átugrotta a második sor gyalogjait. A d2-re nem léphet: ott a saját gyalogod áll.

learn-pawn-title = A gyalog
learn-pawn-text = A gyalog egyenesen előre lép egy mezőt (a kiinduló mezőjéről kettőt is), de átlósan előre üt egy mezőt. Ha bármilyen bábu áll előtte, egyenesen nem léphet tovább.
learn-pawn-task = Az e4-es gyalogod elakadt. Üsd le helyette a d5-ös gyalogot!
learn-pawn-done = A gyalog átlósan üt — ő az egyetlen bábu, amely másképp üt, mint ahogy lép.

learn-castling-title = A sáncolás
learn-castling-text = Sáncoláskor a király két mezőt lép a bástya felé, a bástya pedig átugorja, és a király által átlépett mezőre kerül. Csak akkor szabad, ha (1) a király még nem lépett, (2) az a bástya sem lépett, (3) nincs bábu közöttük, (4) a király nem áll sakkban, és (5) a király nem halad át és nem érkezik olyan mezőre, amelyet az ellenfél támad.
learn-castling-task = Próbálj hosszan sáncolni (húzd a királyt a c1-re) — a szabály nem engedi. Melyik feltétel nem teljesül?
learn-castling-option-1 = A király már lépett.
learn-castling-option-2 = Az a1-es bástya már lépett.
learn-castling-option-3 = Bábu áll a király és a bástya között.
learn-castling-option-4 = A király sakkban áll.
learn-castling-option-5 = A király olyan mezőn haladna át, amelyet az ellenfél támad.
learn-castling-done = Így van: a g4-es futó támadja a d1-et, amelyen a király áthaladna. Röviden itt még lehet sáncolni.

learn-en-passant-title = Menet közbeni ütés (en passant)
learn-en-passant-text = Ha egy gyalog kiinduló mezőjéről kettőt lépve az ellenfél gyalogja mellé érkezik, az ellenfél gyalogja úgy ütheti le, mintha csak egyet lépett volna — de csak közvetlenül, a következő lépésben. Ez a menet közbeni ütés (en passant).
learn-en-passant-task = Sötét az imént lépett d7–d5-öt. Üsd le menet közben az e5-ös gyalogoddal!
learn-en-passant-done = A gyalogod a d6-ra került, a d5-ös gyalog lekerült a tábláról. Egy lépés múlva már nem lehetne.

learn-promotion-title = A gyalogátváltozás
learn-promotion-text = Az utolsó sorra érő gyalogot azonnal saját színű vezérre, bástyára, futóra vagy huszárra kell cserélni, a játékos választása szerint — akkor is, ha ilyen bábuja még a táblán van.
learn-promotion-task = Lépj a gyaloggal az a8-ra, és válaszd ki az új bábut!
learn-promotion-done = Átváltozott. Többnyire vezér lesz belőle; néha jobb a huszár vagy a bástya, például hogy ne legyen patt.

learn-check-title = Sakk, felfedett és kettős sakk
learn-check-text = Ha az ellenfél bábuja támadja a királyt, a király sakkban áll, és a sakkot azonnal el kell hárítani: a király ellép, a támadót leütik, vagy közé lépnek. Felfedett sakkot az a bábu ad, amelynek vonalát egy másik bábu lépése nyitja meg; kettős sakkban két bábu támadja a királyt, és csak a király lépése segít.
learn-check-task = Adj kettős sakkot: lépj úgy a huszárral, hogy ő is sakkot adjon, és megnyissa a bástya vonalát!
learn-check-done = A huszár és a bástya egyszerre ad sakkot: a sötét királynak lépnie kell.

learn-checkmate-title = A matt
learn-checkmate-text = A matt olyan sakk, amely elől a király nem menekülhet. Azonnal véget vet a játszmának: aki mattot ad, nyer. Klasszikus mattkép: a király az alapsoron a saját gyalogjai mögé zárva.
learn-checkmate-task = Adj mattot egy lépésben!
learn-checkmate-done = Alapsori matt: az f7, g7 és h7 gyalogjai nem hagynak mezőt a királynak.

learn-stalemate-title = A patt
learn-stalemate-text = Ha a soron következő játékosnak nincs szabályos lépése, és nem áll sakkban, a játszma azonnal döntetlenül végződik: ez a patt. Az erősebb félnek vigyáznia kell, hogy az ellenfélnek maradjon lépése.
learn-stalemate-task = Keresd meg azt a vezérlépést, amely pattot ad — igazi játszmában ezt kell elkerülni!
learn-stalemate-done = Sötét nem áll sakkban, de lépni sem tud: patt, döntetlen. A Vc8 matt lett volna.

learn-repetition-title = Háromszori állásismétlés
learn-repetition-text = Ha ugyanaz az állás harmadszor fordul elő — ugyanaz a játékos következik, és ugyanazok a lépések lehetségesek —, a soron következő játékos döntetlent igényelhet. Ötödszörre igény nélkül is döntetlen.
learn-repetition-task = A huszárok már kétszer táncoltak. Lépd meg sötét lépését, amely harmadszor hozza létre az állást, majd igényeld a döntetlent!
learn-repetition-done = Jogos igény: a kiinduló állás harmadszor állt a táblán.

learn-fifty-moves-title = Az ötvenlépéses szabály
learn-fifty-moves-text = Ha mindkét játékos ötven lépést tett egymás után ütés és gyaloglépés nélkül, a soron következő játékos döntetlent igényelhet. Hetvenöt ilyen lépés után igény nélkül is döntetlen.
learn-fifty-moves-task = Az utolsó 99 féllépésben nem volt ütés és gyaloglépés. Tégy még egy csendes lépést, majd igényeld a döntetlent!
learn-fifty-moves-done = Az ötvenedik lépéspár is megvan: az igény jogos.

learn-insufficient-material-title = Nincs mattadó erő
learn-insufficient-material-text = Ha egyik félnek sincs elég bábuja a matthoz — király király ellen, király és futó vagy király és huszár király ellen, vagy csupa azonos színű mezőn álló futó —, a játszma azonnal döntetlen.
learn-insufficient-material-task = Üsd le sötét utolsó gyalogját!
learn-insufficient-material-done = Király és futó magányos király ellen nem tud mattot adni: azonnal döntetlen.

learn-dead-position-title = Halott állás
learn-dead-position-text = Ha egyik játékos sem adhat mattot semmilyen szabályos lépéssorral, az állás halott, és a játszma azonnal döntetlen — akár sok bábuval a táblán is, például ha az összezárt gyalogok falán a királyok nem juthatnak át.
learn-dead-position-task = Zárd be az utolsó rést a gyalogfalon!
learn-dead-position-done = Minden gyalog elakadt, és egyik király sem juthat át: senki sem adhat többé mattot, az állás halott.

learn-agreement-title = Döntetlen megegyezéssel
learn-agreement-text = A játékosok megegyezhetnek döntetlenben. Az ajánlatot a saját lépése után, az óra megnyomása előtt teszi meg a játékos; az ellenfél szóval vagy lépésével elfogadja vagy elutasítja. Egyes versenyeken egy adott lépés (például a 30.) előtt nem lehet ajánlani.
learn-agreement-task = Mikor kell döntetlent ajánlani?
learn-agreement-option-1 = Amíg az ellenfél a lépésén gondolkodik.
learn-agreement-option-2 = A saját lépésem után, az órám megnyomása előtt.
learn-agreement-option-3 = Bármikor, akár a játszma kezdete előtt is.
learn-agreement-done = Így van: a lépéseddel együtt ajánlj, aztán nyomd meg az órát. Ha az ellenfél gondolkodása közben ajánlasz, zavarod őt.

learn-touch-move-title = Fogott bábu lép
learn-touch-move-text = Aki szándékosan megérinti a saját bábuját, annak azzal kell lépnie, ha léphet; aki az ellenfél bábuját érinti meg, annak le kell ütnie, ha leütheti. Ha csak igazítani akarsz egy bábut, előbb mondd: „igazítok” („j'adoube”).
learn-touch-move-task = Megérintetted a g1-es huszárt. Próbáld meg lépni az e4-et — aztán tedd azt a lépést, amelyet a szabály megkövetel!
learn-touch-move-done = A megérintett huszár lépett, ahogy a szabály kívánja.

learn-clock-title = Az óra és a zászló
learn-clock-text = Aki nem teljesíti az előírt lépésszámot, mire lejár az ideje, elveszíti a játszmát — kivéve, ha az ellenfele semmilyen szabályos lépéssorral nem tudna mattot adni: akkor döntetlen.
learn-clock-task = Itt sötét ideje jár le. Nyomd meg „A zászló leesik” gombot, nézd meg, mit dönt a szabály, és válaszolj: mi az eredmény?
learn-clock-option-1 = Világos nyer: sötétnek lejárt az ideje.
learn-clock-option-2 = Döntetlen: világosnak csak királya van, nem tud mattot adni.
learn-clock-option-3 = Sötét nyer: neki vezére van.
learn-clock-done = Döntetlen: magányos király soha nem adhat mattot, így sötét lejárt ideje nem jelent vereséget.

learn-notation-title = Lépésjelölés magyar betűkkel
learn-notation-text = A lépést a bábu betűje és a célmező adja; a gyaloglépésnek nincs betűje. Magyarul a betűk: K (király), V (vezér), B (bástya), F (futó) és H (huszár); angolul K, Q, R, B, N. Az ütést x jelzi (Hxe5), a sakkot +, a mattot #; a sáncolás O-O és O-O-O.
learn-notation-task = Írd be magyar jelöléssel azt a lépést, amely a g1-es huszárt az f3-ra viszi!
learn-notation-done = Hf3 — angolul ugyanez a lépés Nf3.
learn-other-letters = { $text }: ez a lépés más betűkkel. Írd magyar betűkkel (király K, vezér V, bástya B, futó F, huszár H).
learn-offline = Nincs kapcsolat: az útmutató a szerverrel ellenőrzi a lépéseket. A leckék és a kérdéseik így is működnek; a lépések, ha újra van hálózat.
