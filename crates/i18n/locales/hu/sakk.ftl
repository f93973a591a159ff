# A sakk szavai magyarul: egy katalógus a szervernek, a terminálnak és a
# parancssornak. Az üzenetek azonosítói a mag állandó kódjai, paraméterekkel.

## Színek és bábuk

side = { $side ->
    [white] Világos
   *[black] Sötét
}

## A szabályok: miért nem szabályos egy lépés vagy cselekvés

rule-no-piece = { $square_file ->
    [a] Az
    [e] Az
    [f] Az
   *[other] A
} { $square } mezőn nincs bábu.
rule-not-your-piece = { $square_file ->
    [a] Az
    [e] Az
    [f] Az
   *[other] A
} { $square } mezőn álló bábu nem a tiéd, nem léphetsz vele.
rule-cannot-move-that-way = { $role ->
    [pawn] A gyalog nem léphet így: egy mezőt lép előre (a kiinduló mezőjéről kettőt is), és átlósan előre üt.
    [knight] A huszár nem léphet így.
    [bishop] A futó nem léphet így.
    [rook] A bástya nem léphet így.
    [queen] A vezér nem léphet így.
   *[king] A király nem léphet így.
}
rule-own-piece-on-target = Saját bábut nem lehet leütni ({ $square_file ->
    [a] az
    [e] az
    [f] az
   *[other] a
} { $square } mezőn).
rule-path-blocked = Az utat elzárja { $square_file ->
    [a] az
    [e] az
    [f] az
   *[other] a
} { $square } mezőn álló bábu.
rule-king-in-check = E lépés után a királyod sakkban állna.
rule-pinned = A bábu kötésben van: ha ellépne, { $square_file ->
    [a] az
    [e] az
    [f] az
   *[other] a
} { $square } mezőn álló bábu sakkot adna a királyodnak.
rule-double-check = Kettős sakk: csak a király lépésével lehet elhárítani.
rule-castling-king-moved = Nem sáncolhatsz: a király már lépett.
rule-castling-rook-moved = Erre az oldalra nem sáncolhatsz: a bástya már lépett (vagy leütötték).
rule-castling-pieces-between = Nem sáncolhatsz: bábuk állnak a király és a bástya között.
rule-castling-in-check = Sakkból nem lehet sáncolni.
rule-castling-through-check = Nem sáncolhatsz: a király áthaladna { $square_file ->
    [a] az
    [e] az
    [f] az
   *[other] a
} { $square } mezőn, amelyet az ellenfél támad.
rule-castling-into-check = Nem sáncolhatsz: a király sakkba kerülne.
rule-en-passant-expired = Menet közbeni ütés már nem lehetséges: csak közvetlenül a gyalog kettős lépése után szabad.
rule-promotion-missing = A gyalog eléri az utolsó sort: válassz vezért, bástyát, futót vagy huszárt.
rule-promotion-not-allowed = Csak az utolsó sorra érő gyalog változhat át, és csak vezérré, bástyává, futóvá vagy huszárrá.
rule-game-over = A játszma már véget ért.
rule-touched-piece-must-move = Fogott bábu lép: megérintetted { $square_file ->
    [a] az
    [e] az
    [f] az
   *[other] a
} { $square } mezőn álló bábudat, ezért azzal kell lépned.
rule-touched-piece-must-be-captured = Fogott bábu lép: megérintetted az ellenfél { $square } mezőn álló bábuját, ezért le kell ütnöd.
rule-touched-must-castle = Fogott bábu lép: előbb a királyt, majd a bástyát érintetted, ezért sáncolnod kell.
rule-not-your-turn = Nem te következel.
rule-draw-offer-too-early = Döntetlenben csak azután lehet megegyezni, hogy mindkét játékos lépett.
rule-draw-offer-before-move = E verseny szabályai szerint a { $move }. lépés előtt nem lehet döntetlent ajánlani.
rule-no-draw-offer = Nincs megválaszolható döntetlenajánlat.
rule-draw-offer-with-move = Döntetlent a saját lépéseddel együtt ajánlhatsz: a következő lépéseddel ajánld fel.
rule-claim-refused = Az igény nem jogos: az állás { $repetitions } alkalommal fordult elő (három kell), és { $moves } lépés telt el ütés és gyaloglépés nélkül (ötven kell).{ $played ->
    [yes] { " " }A bejelentett lépés érvényes, és megtörtént.
   *[no] {""}
} Az igény döntetlenajánlatnak számít.{ $added_minutes ->
    [0] {""}
    [one] { " " }Az ellenfél { $added_minutes } perc többletidőt kap.
    [other] { " " }Az ellenfél { $added_minutes } perc többletidőt kap.
   *[none] {""}
}
rule-abort-too-late = Mindkét játékos lépett: a játszmát már nem lehet megszakítani.
rule-nothing-to-take-back = Nincs visszavehető lépés.
rule-touch-move-off = A fogott bábu szabálya ebben a játszmában nem érvényes.
rule-unreadable-move = Ez nem lépés: így írd, mint e4, Hf3, exd5, O-O, e8=V vagy g1f3.
rule-ambiguous-move = Több bábu is megteheti ezt a lépést: add meg azt is, melyik vonalról vagy sorról indul (pl. Hbd2).
rule-ambiguous-language = Ez a lépés nyelvenként mást jelent: { $first } ({ $first_lang ->
        [en] angolul
       *[hu] magyarul
        [de] németül
        [fr] franciául
        [fig] figurákkal
    } olvasva) vagy { $second } ({ $second_lang ->
        [en] angolul
       *[hu] magyarul
        [de] németül
        [fr] franciául
        [fig] figurákkal
    } olvasva). Add meg, milyen nyelven írtad, vagy írd UCI-jelöléssel.

## Hogyan ér véget a játszma

termination-checkmate = matt
termination-resignation = feladás
termination-timeout = lejárt az idő
termination-stalemate = patt
termination-insufficient-material = nincs mattadó erő
termination-dead-position = halott állás
termination-fivefold-repetition = ötszöri állásismétlés
termination-seventyfive-moves = 75 lépéses szabály
termination-threefold-repetition = háromszori állásismétlés
termination-fifty-moves = ötvenlépéses szabály
termination-agreement = megegyezés
termination-aborted = megszakítva

outcome-aborted = A játszma megszakítva
outcome-won = { side } nyert — { $how }
outcome-draw = Döntetlen — { $how }
outcome-timeout-draw = { $side ->
    [white] Világos ideje lejárt, de sötét nem tud mattot adni: döntetlen
    [black] Sötét ideje lejárt, de világos nem tud mattot adni: döntetlen
   *[other] Lejárt az idő, de az ellenfél nem tud mattot adni: döntetlen
}
outcome-resignation-draw = Feladás, de az ellenfél nem tud mattot adni: döntetlen

## A szerver válaszai

error-bad-token = Ehhez a játszma egyik játékosának kulcsa kell (Authorization: Bearer …).
error-not-your-turn = Nem te következel.
error-not-found = Nincs ilyen játszma.
error-game-over = A játszma már véget ért.
error-request-timeout = A kérés túl lassan érkezett: a törzsének a szerver által megengedett időn belül meg kell érkeznie.
error-too-many-watchers = Erről a címről túl sok játszmát figyelnek egyszerre; zárj be néhány lapot vagy folyamot, és próbáld újra.
error-server-busy = A szerver most más nagy munkákkal van elfoglalva; próbáld újra egy kicsit később.
# The installed app (its web app manifest).
app-description = Sakk a szabályok szerint: játssz a hálózaton vagy táblán, sakkórával; tanuld meg a szabályokat, rendezz versenyt.
page-no-front-end = Ez a szerver a böngészős felülete nélkül készült: a fordításkor nem volt Node.js és npm. Az API működik; a lapokhoz telepítsd a Node.js 20+ és az npm csomagot, és fordítsd újra.
error-too-large = A kérés törzse túl nagy.
error-storage-unavailable = A változást nem sikerült menteni, ezért semmi sem változott. Próbáld újra egy kicsit később.
error-rate-limited = Túl sok kérés; próbáld újra { $seconds } másodperc múlva.
error-engine-busy = A gép most foglalt; próbáld újra egy kicsit később.
error-shutting-down = A szerver újraindul; próbáld újra egy kicsit később.
error-not-owner = Ez a játszma épp átkerült egy másik szerverre; próbáld újra.
error-bus-unavailable = A szerverek most nem érik el egymást; próbáld újra egy kicsit később.
error-node-unavailable = Ez a szerver elvesztette a kapcsolatot az adatbázissal, ezért most nem kezel játszmát; próbáld újra egy kicsit később.
error-owner-unavailable = A játszmát kezelő szerver nem válaszol; másodperceken belül egy másik veszi át. Próbáld újra egy kicsit később.
error-internal = Hiba történt a szerveren; semmi sem változott.
error-bad-request = Hibás kérés: a kérés törzse nem a várt JSON.
error-bad-query = Hibás paraméter a cím lekérdezési részében.
error-bad-path = A cím érvénytelen: UTF-8 szöveg kell.
error-bad-limit = Egy oldalon 1–100 játszma kérhető.
error-no-route = Nincs ilyen cím az API-ban: { $path }
error-method-not-allowed = Ezen a címen a(z) { $method } kérés nem használható.
error-uri-too-long = A cím túl hosszú (legfeljebb { $max } bájt lehet).
error-websocket-upgrade = Ez a cím WebSocket-kapcsolatot vár (Upgrade: websocket).
error-missing-token = Ehhez a játszma egyik játékosának kulcsa kell: Authorization: Bearer <kulcs>.
error-no-takeback-request = Nincs megválaszolható visszalépési kérés.
error-field-not-for-opponent = { $field ->
    [level] Szintet csak gép elleni játszmához lehet megadni.
   *[color] Egy eszközön játszott játszmában nincs választható szín: az eszköz mindkét féllel játszik.
}
error-position-over = Ez az állás már véget ért ({ $termination ->
    [checkmate] matt
    [stalemate] patt
    [insufficient_material] egyik fél sem tud mattot adni
    [dead_position] egyik fél sem tud mattot adni
    [fivefold_repetition] ötszörös ismétlés
    [seventyfive_moves] 75 lépéses szabály
   *[other] döntetlen
}): nincs mit játszani belőle.
error-clock-preset-with-fields = Az órát vagy előre beállított formában, vagy idővel, növekménnyel és késleltetéssel add meg, ne mindkét módon.
error-clock-unknown-preset = Nincs „{ $detail }” nevű óra-beállítás.
error-clock-control-with-fields = Az óra vagy előre beállított, vagy egy időbeosztás, vagy idő növekménnyel vagy késleltetéssel: az időbeosztás mellé más mező nem adható.
error-clock-bad-control = Ez nem időbeosztás. Begépelve perc + lépésenkénti másodperc (15+10, 40/90+30, 40/90+30:30+30); PGN-formában másodperc (40/5400+30:1800+30, 300+3, *180).
error-clock-bad-days = Egy lépésre 1, 2, 3, 5, 7, 10 vagy 14 nap adható.
error-clock-too-short = Az órának legalább { $seconds } másodperc kezdőidő kell.
error-clock-out-of-range = Az óra idői 0 és 86 400 másodperc (egy nap) között lehetnek.
error-clock-delay-kind-missing = A késleltetésnek meg kell adni a fajtáját: Bronstein vagy egyszerű (delay_kind: bronstein vagy simple).
error-clock-delay-kind-without-delay = Késleltetés nélkül adtad meg a késleltetés fajtáját.
error-bad-opponent = Az ellenfél: local, friend vagy computer.
error-bad-color = A szín: white, black vagy random.
error-bad-level = A szint 1 és 8 között lehet.
error-bad-chess960 = A chess960 egy Chess960-kezdőállás száma, 0 és 959 között, FEN nélküli Chess960-játszmához.
error-bad-lang = A lang értéke en, hu, de vagy fr lehet.
error-bad-square = Nem mező (pl. e4).
error-too-many-moves = Egy próba legfeljebb 300 lépést játszik vissza.
error-bad-trial-move = A próba előtti lépések egyike szabálytalan.
error-analysis-too-long = Egy elemzés legfeljebb 3000 lépésből állhat, a változatokkal együtt.
error-bad-analysis-move = A(z) { $detail } lépés ebben az állásban szabálytalan.
error-bad-analysis-tag = Egy PGN-címke neve betűkből, számjegyekből és _ jelekből áll: { $detail }
error-variations-too-deep = A változatok legfeljebb 24 szint mélyen ágyazhatók egymásba.
pgn-unsupported-variant = A(z) „{ $variant }” változatot itt nem játsszák: a sakk a hagyományos sakkot és a Chess960-at olvassa.
pgn-bad-fen = A FEN-címke nem olvasható: { $why }
pgn-bad-move = { $move }: { $why }
pgn-piece-drop = A(z) { $move } lépés bábut tesz le (crazyhouse, bughouse): ez nem a hagyományos sakk lépése.
pgn-null-move-in-check = A(z) { $move } üres lépés, pedig a soron lévő fél sakkban áll.
pgn-variation-without-move = Egy változat előtt nincs lépés, amelyet helyettesíthetne.
pgn-variations-too-deep = A változatok legfeljebb { $depth } szint mélyen ágyazhatók egymásba.
error-bad-pgn = { $game }. játszma, { $line }. sor: { $why }
error-too-many-games = Egy importálás legfeljebb { $max } játszmát olvas be.
error-no-pgn-game = Ebben a PGN-ben nincs játszma.
error-no-import = Nincs ilyen azonosítójú importált játszma.
error-bad-answer = Válasz: yes vagy no.
error-bad-status = Az állapot: created, started vagy ended.
error-bad-cursor = Hibás lapozási jel.
error-game-not-over = Ez csak a játszma után lehetséges.
error-tournament-no-abort = Versenyjátszmát nem lehet megszakítani: a párosítás érvényes (a szervező visszavonhatja a fordulót).
error-tournament-game = Versenyjátszmának nincs visszavágója: a következő fordulót a verseny párosítja.

## Fiókok: nevek, jelszavak, bejelentkezések és tokenek.
error-username-length = A felhasználónév 2–20 karakterből áll.
error-username-chars = A felhasználónévben csak betű (a–z, A–Z), számjegy, aláhúzás és kötőjel lehet, és két aláhúzás vagy kötőjel nem állhat egymás után.
error-username-prefix = A felhasználónévnek betűvel kell kezdődnie.
error-username-suffix = A felhasználónévnek betűre vagy számjegyre kell végződnie.
error-username-reserved = Ez a felhasználónév foglalt; válassz másikat.
error-username-taken = Ez a felhasználónév már foglalt (a kis- és nagybetű nem számít); válassz másikat.
error-password-too-short = A jelszó legalább 8 karakter legyen.
error-password-too-long = A jelszó legfeljebb 256 karakter lehet.
error-bad-credentials = Hibás felhasználónév vagy jelszó.
error-not-logged-in = Ehhez fiók kell: jelentkezz be, vagy küldj személyes API-tokent (Authorization: Bearer …).
error-bad-api-token = Ez nem érvényes személyes API-token (lehet, hogy visszavonták, vagy a fiókját megszüntették).
error-cross-site = Ez a módosítás egy másik webhelyről érkezett a bejelentkezési sütiddel, ezért elutasítottuk.
error-missing-scope = Ez a token ezt nem teheti meg: ehhez a(z) { $scope } jogosultság kell.
error-bad-scope = Válassz legalább egy dolgot, amit a token megtehet.
error-token-description = Írd le 1–100 karakterben, mire való a token (sortörés nélkül).
error-no-such-user = Nincs ilyen játékos.
error-no-such-token = Nincs ilyen tokened.
error-session-only = Ez csak a böngészőben, bejelentkezve tehető meg, tokennel nem.
error-no-such-challenge = Nincs neked szóló nyitott kihívás ezzel az azonosítóval (lehet, hogy már megválaszolták, visszavonták vagy lejárt).
error-challenge-yourself = Saját magadat nem hívhatod ki.
error-variant-unavailable = Ez a szerver csak hagyományos sakkot játszik.
error-correspondence-unavailable = A várószobában csak órával játszott játszmák vannak: napokban mért lépésidőhöz (levelező játszma) hívj ki egy játékost (days).
error-rated-from-position = Felállított állásból induló játszma nem lehet értékelt.
error-rated-without-clock = Óra nélküli játszma nem lehet értékelt.
error-chat-text = Egy csevegősor 1–140 karakter, sortörés nélkül, a „player” vagy a „spectator” szobában.
error-not-your-game = Ez nem a te játszmád.
error-bot-upgrade-refused = Csak olyan fiók lehet BOT-fiók, amely még nem játszott (és csak egyszer).
error-not-a-bot = A Bot API a BOT-fiókoké: előbb alakítsd át a fiókot (POST /api/bot/account/upgrade).
error-bot-on-board = BOT-fiók a Bot API-n (/api/bot/…) játszik, nem a Board API-n.
error-bot-in-lobby = BOT-fiók csak kihívásokra játszik, a lobbiban nem.
error-seek-clock = A játékajánlathoz óra kell: az idő percben (egész másodpercre, például 0.5 vagy 3) és a növekmény másodpercben.
error-rated-seek-color = Értékelt játékajánlatnál a szín sorsolt: válaszd a véletlent.
error-bad-rating-range = Az értékszám-tartomány alakja 1500-1800, 400 és 4000 között.
error-too-many-seeks = Egyszerre ennyi nyitott játékajánlatod lehet; várd meg, hogy valaki elfogadjon egyet, vagy vonj vissza egyet.
error-no-such-seek = Ez a játékajánlat már nincs a lobbiban: más fogadta el, vagy a játékosa visszavonta.
error-own-seek = A saját játékajánlatodat nem fogadhatod el.
error-outside-rating-range = Az értékszámod kívül esik azon a tartományon, amelyet ez a játékajánlat kér.
error-no-such-pool = Nincs { $pool } gyorspárosítás.
error-not-invited = Ezt a nyílt kihívást két másik játékosnak tartják fenn.
error-bad-users = Két különböző játékost adj meg, vesszővel elválasztva.
error-bad-expiry = A kihívásnak a jövőben, két héten belül kell lejárnia.

## Versenyek: amiért a rendező műveletét a szerver elutasítja.
error-no-such-tournament = Nincs ilyen verseny.
error-missing-organiser-token = Ehhez a verseny rendezőjének kulcsa kell: Authorization: Bearer <kulcs>.
error-bad-organiser-token = Ez nem a verseny rendezőjének kulcsa.
error-missing-join-token = Ehhez a verseny nevezési linkje kell (a kulcsa: a password mezőben vagy Authorization: Bearer <kulcs>; fiókkal nevezve a password mezőben).
error-bad-join-token = Ez nem ennek a versenynek a nevezési linkje.
error-bad-player-token = Ez nem a verseny egyik játékosának linkje.
error-already-entered = Ez a fiók már nevezett erre a versenyre.
error-rated-not-online = Csak online verseny lehet értékelt: a játszmái a szerveren folynak.
error-name-empty = Meg kell adni a nevet.
error-name-too-long = A név legfeljebb { $max } karakter lehet.
error-name-invalid = A név nem tartalmazhat sortörést, tabulátort vagy más vezérlőkaraktert.
error-rating-out-of-range = Az értékszám 0 és 3500 közötti lehet.
error-rounds-out-of-range = Egy svájci rendszerű verseny 1–{ $max } fordulós lehet.
error-too-many-players = Egy versenyen legfeljebb { $max } játékos indulhat.
error-no-such-player = Nincs { $player }. számú játékos ezen a versenyen.
error-no-such-round = Ezen a versenyen nincs { $round }. forduló.
error-no-such-board = A { $round }. fordulóban nincs { $board }. tábla.
error-tournament-started = A körmérkőzés elkezdődött: az 1. forduló párosítása után a mezőny nem változhat.
error-tournament-finished = A verseny mind a(z) { $rounds } fordulóját párosították már.
error-federation-invalid = A szövetséget három nagybetűvel kell írni, ahogy a FIDE írja (HUN, GER, ENG).
error-date-invalid = Ez nem létező dátum.
error-time-invalid = Az időpontot órával és perccel kell írni (15:00).
error-end-before-start = A verseny nem érhet véget, mielőtt elkezdődik.
error-too-many-deputies = Legfeljebb { $max } helyettes versenybíró adható meg.
error-too-many-round-dates = Csak { $rounds } fordulónak lehet dátumot adni.
error-round-date-century = A fordulók dátuma 2000 és 2099 közé eshet: a TRF két számjeggyel írja az évet.
error-round-incomplete = A(z) { $round }. fordulóban még { $missing } táblán nincs eredmény: előbb az eredményeket kell beírni, aztán jöhet a következő forduló párosítása.
error-nothing-to-unpair = Még nincs párosított forduló.
error-round-has-results = A(z) { $round }. fordulóban már vannak eredmények: törölni kell őket, mielőtt a párosítást visszavonná.
error-round-games-begun = A forduló egyik játszmája már folyik: a párosítás nem vonható vissza.
error-later-round-paired = Egy későbbi fordulót már párosítottak: a(z) { $round }. forduló eredménye javítható, de nem törölhető.
error-round-paired = A(z) { $round }. fordulót már párosították: szabadnap csak egy későbbi fordulóra kérhető.
error-not-swiss = Szabadnapot svájci rendszerű versenyen lehet kérni; körmérkőzésen mindenki minden fordulóban játszik.
error-same-player = Két különböző játékost kell választani.
error-not-round-robin = Sorsolással a körmérkőzés sorszámait lehet kijelölni; svájci rendszerű versenyen a játékosok sorrendje értékszám szerinti.
error-already-withdrawn = Ez a játékos már visszalépett.
error-not-withdrawn = Ez a játékos nem lépett vissza.
error-no-such-bye = Arra a fordulóra nem kértek szabadnapot.
error-full-bye-requested = A fájl egész pontos szabadnapot kér a még nem párosított { $round }. fordulóra, de játszma nélküli egész pont csak a párosítás szabadnapjáért jár. Töröld a fájlból, vagy kérj helyette fél pontos szabadnapot (240 H).
error-no-legal-pairing = Nincs a FIDE abszolút feltételeinek megfelelő párosítás: akik már játszottak egymással, nem játszhatnak újra, és aki már kapott szabadnapot vagy játék nélküli győzelmet, nem kaphat újra szabadnapot.
error-too-few-players = Egy forduló párosításához legalább két játékos kell.
error-pairing-too-large = Túl sok a játékos és a pontcsoport a párosításhoz.
error-rounds-unknown = A gyorsításhoz meg kell adni a fordulók számát.
error-double-not-for-swiss = Svájci rendszerű verseny nem lehet kétfordulós; az a körmérkőzésé.
error-rounds-missing = Meg kell adni a svájci rendszerű verseny fordulóinak számát.
error-rounds-not-for-round-robin = A körmérkőzés fordulóinak száma a játékosok számából adódik: nem kell megadni.
error-bad-tiebreak = Ez nem holtverseny-eldöntési szempont: { $detail }
error-bad-time-control = Ez nem PGN-formájú időbeosztás (például 5400+30): { $detail }
error-bad-trf = A versenyfájl (TRF) { $line }. sora hibás: { $detail }

## A játszma a terminálban (`sakk play`)

play-your-move = Lépésed
play-computer-plays = A sakk lépése
play-illegal = Szabálytalan
play-help = Írj be egy lépést (Hf3, e4, g1f3, O-O), vagy: vissza, igény, feladom, tábla, kilép.
play-taken-back = Visszavéve.
play-nothing-to-take-back = Nincs mit visszavenni.
play-no-claim = Most nem igényelhető döntetlen.
play-quit = A játszma befejezetlen maradt.
play-you-play = Színed: { $side ->
    [white] világos
   *[black] sötét
}

## A böngésző (web/src/i18n.ts olvassa: web-<kulcs>)

web-app-name = sakk
web-nav-play = Játék
web-nav-clock = Sakkóra
web-nav-history = Játszmák
web-nav-analysis = Elemzőtábla
web-an-opening = Megnyitás
web-an-moves = Lépések
web-an-no-moves = Még nincs lépés: lépj egyet a táblán.
web-an-comment = Megjegyzés a lépéshez
web-an-glyphs = Mennyire jó a lépés
web-an-promote = Változat előléptetése
web-an-main-line = Legyen ez a főváltozat
web-an-delete = Törlés innentől
web-an-fen = FEN
web-an-copy-pgn = PGN másolása
web-an-download-pgn = PGN letöltése
web-an-engine = Gép
web-an-lines = Változatok
web-an-depth = Mélység
web-an-eval-bar = Értékelés
web-im-title = PGN importálása
web-im-paste = Egy vagy több játszma PGN-ben
web-im-file = Vagy egy PGN-fájl
web-im-submit = Importálás
web-im-importing = Importálás…
web-im-imported = Importált játszmák
web-im-problems = Nem importált játszmák
web-im-open = Megnyitás az elemzőtáblán
web-im-event = Verseny
web-ed-title = Táblaszerkesztő
web-ed-turn = Ki lép
web-ed-castling = Sáncolási jogok
web-ed-en-passant = Menet közbeni ütés mezője
web-ed-none = nincs
web-ed-start = Kiinduló állás
web-ed-clear = Üres tábla
web-ed-pointer = Bábuk mozgatása
web-ed-trash = Bábuk levétele
web-ed-legal = Szabályos állás.
web-ed-analyse = Elemzés
web-ed-computer = Játék a gép ellen
web-ed-friend = Játék baráttal
web-language = Nyelv
web-theme = Téma
web-theme-light = Világos
web-theme-dark = Sötét
web-theme-auto = Automatikus
web-new-game = Új játszma
web-opponent = Ellenfél
web-opp-local = Ezen az eszközön
web-opp-local-hint = Ketten egy képernyő előtt
web-opp-friend = Baráttal
web-opp-friend-hint = Link küldésével
web-opp-computer = A számítógép ellen
web-opp-computer-hint = 1–8. szint
web-level = Szint
web-level-names-1 = Kezdő
web-level-names-2 = Újonc
web-level-names-3 = Hobbi
web-level-names-4 = Klubjátékos
web-level-names-5 = Erős klubjátékos
web-level-names-6 = Szakértő
web-level-names-7 = Mester
web-level-names-8 = Teljes erő
web-color = Színed
web-white = Világos
web-black = Sötét
web-random = Véletlen
web-time-control = Időbeosztás
web-no-clock = Óra nélkül
web-custom = Egyéni
web-bullet = Bullet
web-blitz = Villám
web-rapid = Rapid
web-classical = Klasszikus
web-minutes = Perc
web-increment = Növekmény (mp)
web-delay = Késleltetés (mp)
web-delay-kind = Késleltetés fajtája
web-delay-bronstein = Bronstein
web-delay-simple = Egyszerű (amerikai)
web-control-pgn = Vagy írd be az időbeosztást, percben + lépésenkénti másodpercben: 15+10, a 40/90+30, periódusok 40/90+30:30+30, késleltetés 5+0d3 (egyszerű) vagy 5+0b3 (Bronstein); homokóra másodpercben: *180
web-tc-minutes = { $shown } perc
web-tc-seconds = { $shown } másodperc
web-tc-moves-in = { $moves } lépés { $time } alatt
web-tc-game = { $time } a játszmára
web-tc-rest = { $time } a játszma hátralevő részére
web-tc-then = majd
web-tc-repeating = utána { $moves } lépésenként újra ugyanennyi
web-tc-increment = lépésenként +{ $seconds } mp
web-tc-delay-simple = lépésenként { $seconds } mp késleltetés
web-tc-delay-bronstein = lépésenként { $seconds } mp Bronstein-késleltetés
web-tc-hourglass = homokóra, { $time }
web-tc-unlimited = óra nélkül
web-tc-days = lépésenként { $n } nap
web-tc-days-short = { $n } nap
web-clock-days = { $days } nap { $hours } óra
web-corr-deadline = Lépj eddig: { $time }
web-correspondence = Levelező
web-chal-days = Nap lépésenként
web-chal-with-clock = Órával
web-playing-title = Folyamatban lévő játszmáid
web-playing-your-turn = Te lépsz
web-playing-waiting = Az ellenfél lépésére vársz
web-tc-other = Egyéb
web-tc-next = { $moves } lépés az időellenőrzésig, utána +{ $time }
web-sandclock = Homokóra
web-rules = Szabályok
web-touch-move = Fogott bábu lép (a megérintett bábuval lépni kell)
web-no-early-draw = Nincs döntetlenajánlat a 30. lépés előtt
web-variant = Változat
web-variant-standard = Hagyományos
web-variant-chess960 = Chess960
web-variant-chess960-hint = a gyalogok mögötti tisztek összekeverve; sáncolás: a király a saját bástyájára lép
web-chess960-number = Kezdőállás (0–959, üresen: véletlenszerű)
web-start = Játszma indítása
web-creating = Létrehozás…
web-send-link = Küldd el ezt a linket a barátodnak (ő játszik:
web-your-link = A saját linked (őrizd meg, ez a helyed)
web-spectator-link = Link a nézőknek
web-copy = Másolás
web-copied = Másolva
web-go-to-game = Tovább a játszmához
web-waiting-opponent = Várakozás az ellenfél első lépésére
web-your-turn = Te lépsz
web-white-to-move = Világos lép
web-black-to-move = Sötét lép
web-computer-thinking = A számítógép gondolkodik…
web-spectating = Nézőként követed a játszmát
web-flip = Tábla megfordítása
web-offer-draw = Döntetlent ajánlok
web-draw-offered = Döntetlenajánlat elküldve — a következő lépéseddel együtt
web-draw-offer-with-move = A következő lépésed döntetlent ajánl
web-accept-draw = Elfogadom a döntetlent
web-decline-draw = Elutasítom
web-opponent-offers-draw = Az ellenfeled döntetlent ajánl
web-claim-draw = Döntetlent igénylek
web-claim-threefold = Döntetlen igénylése: háromszori ismétlés
web-claim-fifty = Döntetlen igénylése: 50 lépéses szabály
web-claim-with-move = Igénylés lépéssel: írd be a lépést, majd igényeld
web-claim-with-this-move = Döntetlen igénylése ezzel a lépéssel
web-resign = Feladom
web-resign-confirm = Biztosan feladod?
web-yes = Igen
web-no = Nem
web-abort = Megszakítás
web-takeback = Visszalépést kérek
web-takeback-offered = Az ellenfeled visszalépést kér
web-accept = Elfogadom
web-decline = Elutasítom
web-rematch = Visszavágó
web-rematch-offered = Kész a visszavágó
web-join-rematch = Csatlakozás a visszavágóhoz
web-moves = Lépések
web-move-input = Írd be a lépést (pl. Hf3, Nf3 vagy g1f3)
web-move-input-label = Lépés
web-play = Lépek
web-refused = Szabálytalan lépés
web-promote-to = Átváltozás
web-queen = Vezér
web-rook = Bástya
web-bishop = Futó
web-knight = Huszár
web-material = Anyag
web-opening = Megnyitás
web-result = Eredmény
web-ongoing = Folyamatban
web-sound = Hang
web-mute = Némítás
web-unmute = Hang be
web-download-pgn = PGN letöltése
web-copy-fen = FEN másolása
web-analyse = Elemzés a géppel
web-analysing = A gép elemzi a játszmát…
web-analysis = Elemzés
web-best-line = Legjobb folytatás
web-blunder = Durva hiba
web-mistake = Hiba
web-inaccuracy = Pontatlanság
web-eval-graph = A játszma értékelése
web-connection-lost = Megszakadt a kapcsolat — újracsatlakozás…
web-reconnected = Újra kapcsolódva
web-not-found = Nincs ilyen játszma.
web-touched = Megérintett bábu — ezzel kell lépni
web-clock-title = Sakkóra
web-clock-hint = Lépés után koppints a saját oldaladra. Tedd a telefont laposan a két játékos közé.
web-pause = Szünet
web-resume = Folytatás
web-reset = Új beállítás
web-start-clock = Indítás
web-move-count = Lépések
web-flagged = Lejárt az idő
web-history-title = Játszmák
web-history-empty = Még nincs játszma.
web-history-mine = Játszmáim (ebben a böngészőben)
web-history-others = A szerver többi játszmája
web-date = Dátum
web-players = Játékosok
web-status = Állapot
web-reason = Ok
web-open = Megnyitás
web-status-created = Nem kezdődött el
web-status-started = Folyamatban
web-status-ended = Befejeződött
web-computer-level = Számítógép, szint
web-you = Te
web-first = Első lépés
web-declared-move = A döntetlenigénnyel bejelentett lépés (a lépésjegyzéken)
web-class-open = nyílt megnyitás (1.e4 e5)
web-class-semi-open = félig nyílt megnyitás (1.e4, más válasz)
web-class-closed = zárt megnyitás
web-phase-opening = megnyitás
web-phase-middlegame = középjáték
web-phase-endgame = végjáték
web-phase = Játékszakasz
web-network-error = A szerver nem érhető el.
web-fact-checkmate = matt
web-fact-stalemate = patt
web-fact-double-check = kettős sakk
web-fact-discovered-check = felfedett sakk
web-fact-check = sakk
web-fact-royal-fork = sakk-sekk (sakk és a vezér támadva)
web-fact-family-fork = családi villa (sakk és több nehéztiszt támadva)
web-fact-fork = villás sakk (sakk és bástya támadva)
web-fact-double-attack = kettős támadás (egyszerre két vagy több bábu támadva)
web-fact-capture = ütés
web-fact-en-passant = en passant ütés
web-fact-castling = sáncolás
web-fact-promotion = gyalogátváltozás
web-named-fools-mate = bolondmatt
web-named-scholars-mate = susztermatt
web-named-smothered-mate = fojtott matt
web-named-back-rank-mate = alapsori matt
web-prev = Előző lépés
web-next = Következő lépés
web-last = Utolsó lépés
web-error = Hiba
web-white-wins = Világos nyert
web-black-wins = Sötét nyert
web-draw = Döntetlen
web-low-time = Kevés az idő
web-period-moves = Lépések az első szakaszban (0: egy szakasz)
web-period-then = Utána még ennyi perc
web-cancel = Mégse
web-king = király
web-pawn = gyalog
web-empty-square = üres
web-board-keys = Sakktábla. A nyilakkal mezőről mezőre lépsz; az Enter vagy a szóköz felveszi és leteszi a bábut; az Esc elengedi.
web-selected = felvéve
web-nav-learn = Szabályok
web-learn-title = Tanuld meg a szabályokat
web-learn-intro = A játék minden szabályához egy rövid lecke. Olvasd el a szabályt, aztán próbáld ki a táblán: ugyanazok a szabályok bírálják a lépéseidet, mint igazi játszmában, és a szabálytalan lépésnél megtudod, melyik szabály tiltja.
web-learn-lessons = Leckék
web-learn-progress = { $total } leckéből { $done } kész
web-learn-task = Feladat
web-learn-reset = Újrakezdés
web-learn-next = Következő lecke
web-learn-done = A lecke kész!
web-learn-wrong = Nem egészen — olvasd el újra a szabályt, és próbáld újra!
web-learn-flag = A zászló leesik
web-learn-claim = Döntetlen igénylése
web-learn-played = Lépés
web-learn-type-move = A lépésed jelöléssel
web-learn-check = Ellenőrzés

## Olvashatatlan állás (FEN)

fen-empty = A FEN üres.
fen-field-count = A FEN 4–6, szóközzel elválasztott mezőből áll (tábla, lépésre következő fél, sáncolás, en passant, lépésszámláló, lépésszám); ebben { $count } van.
fen-rank-count = A FEN táblája 8, „/” jellel elválasztott sorból áll; ebben { $count } van.
fen-rank-length = A FEN táblájának { $rank }. sora nem pontosan 8 mezőt ír le.
fen-invalid-piece = A „{ $char }” nem bábu betűje (PNBRQK, pnbrqk) és nem 1–8 közötti számjegy.
fen-invalid-turn = A lépésre következő fél „w” (világos) vagy „b” (sötét) lehet.
fen-invalid-castling = A sáncolási jog „-” vagy a KQkq betűk közül való lehet.
fen-invalid-en-passant = Az en passant mező „-” vagy egy mező (pl. e3) lehet.
fen-invalid-halfmoves = A lépésszámláló 0 vagy nagyobb egész szám lehet.
fen-invalid-fullmoves = A lépésszám 1 vagy nagyobb egész szám lehet.
fen-missing-king = { $side ->
    [white] Világosnak
   *[black] Sötétnek
} nincs királya.
fen-too-many-kings = { $side ->
    [white] Világosnak
   *[black] Sötétnek
} egynél több királya van.
fen-pawn-on-back-rank = Gyalog a(z) { $square } mezőn: gyalog nem állhat az első vagy az utolsó soron.
fen-too-much-material = { $side ->
    [white] Világosnak
   *[black] Sötétnek
} több bábuja van, mint amennyi egy játszmában lehet.
fen-opposite-check = A nem lépésre következő fél sakkban áll.
fen-invalid-castling-right = Sáncolási jog a(z) { $square } bástyával, de a király és ez a bástya nincs a helyén.
fen-impossible-en-passant = A(z) { $square } en passant mező lehetetlen: egyetlen gyalog sem léphetett most át rajta.

# Tournaments (the browser's pages).
web-nav-tournaments = Versenyek
web-nav-account = Fiók
web-acc-title = A fiókod
web-acc-intro = Jelentkezz be, vagy regisztrálj egy név és egy jelszó megadásával. E-mail nem kell; linkkel játszani fiók nélkül is lehet.
web-acc-log-in = Belépés
web-acc-sign-up = Regisztráció
web-acc-username = Felhasználónév
web-acc-password = Jelszó
web-acc-signed-in-as = Bejelentkezve:
web-acc-log-out = Kilépés
web-acc-my-games = Játszmáim és profilom
web-acc-tokens = Személyes API-tokenek
web-acc-tokens-intro = A tokennel egy program – bot, berserk, lichess-bot – a fiókod nevében cselekedhet, a bejelölt jogosultságokon belül. Csak egyszer látod.
web-acc-token-description = Mire való
web-acc-token-scopes = Mit tehet
web-acc-token-create = Token készítése
web-acc-token-shown-once = Másold ki most: többször nem jelenik meg.
web-acc-token-revoke = Visszavonás
web-acc-token-none = Még nincs tokened.
web-acc-change-password = Jelszóváltoztatás
web-acc-current-password = Mostani jelszó
web-acc-new-password = Új jelszó
web-acc-password-changed = A jelszó megváltozott; a többi bejelentkezésed véget ért.
web-acc-close = A fiók megszüntetése
web-acc-close-warning = Megszüntetett fiókkal nem lehet többé belépni; a játszmái megmaradnak, a nevét más nem kaphatja meg.
web-acc-rating = értékelt játszmák:
web-acc-ultra-bullet = UltraBullet
web-acc-correspondence = Levelező
web-lobby = Lobbi
web-lobby-quick = Gyorspárosítás
web-lobby-seeks = Nyitott játékok
web-lobby-no-seeks = Most senki sem keres játszmát: hozz létre egyet, vagy várj egy gyorspárosításban.
web-lobby-searching = Ellenfél keresése…
web-lobby-cancel = Mégse
web-lobby-create = Játszma létrehozása
web-lobby-accept = Játék
web-lobby-log-in = Jelentkezz be vagy regisztrálj, hogy a lobbiban játszhass
web-lobby-rating = Értékszám
web-lobby-player = Játékos
web-lobby-mode = Mód
web-lobby-rated = Értékelt
web-lobby-casual = Barátságos
web-lobby-rating-range = Értékszám-tartomány
web-prof-ratings = Értékszámok
web-prof-rated-games = { $count } értékelt játszma
web-prof-member-since = Tag ekkortól:
web-prof-games = Játszmák
web-prof-wins = Nyert
web-prof-draws = Döntetlen
web-prof-losses = Vesztett
web-prof-playing = Most játszik
web-prof-rating-chart = Értékszám alakulása
web-prof-no-rated-games = Még nincs értékelt játszmája.
web-prof-download = A játszmák letöltése (PGN)
web-prof-closed = Ez a fiók meg van szüntetve.
web-prof-recent = Legutóbbi játszmák
web-prof-no-games = Még nincs játszmája.
web-prof-category = Kategória
web-prof-all-categories = Minden kategória
web-prof-both-colours = Mindkét szín
web-prof-rated-and-casual = Értékelt és barátságos
web-prof-vs = Ellenfél (név)
web-prof-playing-now = Éppen játszik
web-chat-title = Csevegés
web-chat-players = Csevegés az ellenfeleddel
web-chat-spectators = A nézők csevegése
web-chat-say = Írj valamit…
web-chat-send = Küldés
web-chat-log-in = Jelentkezz be a csevegéshez
web-players-title = Játékosok
web-players-search = Keresés név szerint
web-players-none = Nincs ilyen nevű játékos.
web-players-online = Elérhető
web-players-find = Játékos keresése
web-chal-challenge = Kihívás egy játszmára
web-chal-send = Kihívás elküldése
web-chal-from = { $name } kihív téged
web-chal-to = Várakozás { $name } válaszára…
web-chal-accept = Elfogadom
web-chal-decline = Elutasítom
web-chal-reason = Indok
web-chal-cancel = Kihívás visszavonása
web-chal-declined = { $name } elutasította: { $reason }
web-chal-canceled = A kihívást visszavonták.
web-chal-expired = A kihívás lejárt.
web-chal-accepted = A játszma elkezdődött.
web-chal-open = Nyílt kihívás
web-chal-open-hint = Az első két játékos, aki megnyitja ezt a linket és csatlakozik, egymás ellen játszik.
web-chal-join = Csatlakozom
web-chal-join-white = Csatlakozom világossal
web-chal-join-black = Csatlakozom sötéttel
web-chal-waiting-second = Csatlakoztál. Várakozás a második játékosra…
web-chal-log-in = Jelentkezz be a játékhoz
web-chal-reserved = Fenntartva: { $white } (világos) és { $black } (sötét).
web-chal-link-any = Link bárkinek
web-chal-link-white = Link a világosnak
web-chal-link-black = Link a sötétnek
web-chal-view = Megnyitás
web-chal-new = Új kihívás
decline-generic = Most nem fogadok el kihívásokat.
decline-later = Most nem alkalmas, kérlek, hívj ki később.
decline-too-fast = Ez a játékidő túl gyors nekem, kérlek, hívj ki lassabb játszmára.
decline-too-slow = Ez a játékidő túl lassú nekem, kérlek, hívj ki gyorsabb játszmára.
decline-time-control = Ezzel a játékidővel nem fogadok el kihívást.
decline-rated = Kérlek, inkább értékelt játszmára hívj ki.
decline-casual = Kérlek, inkább barátságos játszmára hívj ki.
decline-standard = Most nem fogadok el változatokra szóló kihívást.
decline-variant = Most nem szeretném ezt a változatot játszani.
decline-no-bot = Botoktól nem fogadok el kihívást.
decline-only-bot = Csak botoktól fogadok el kihívást.
web-lobby-waiting = { $count } vár
web-tour-title = Versenyek
web-tour-intro = Klubverseny rendezése: svájci rendszer a FIDE holland szabályai szerint vagy körmérkőzés, párosítás egy kattintással, sorrend a FIDE holtverseny-eldöntési szempontjaival, nyomtatható lapok.
web-tour-new = Új verseny
web-tour-name = Név
web-tour-system = Rendszer
web-tour-swiss = Svájci (FIDE holland)
web-tour-round-robin = Körmérkőzés
web-tour-rounds = Fordulók
web-tour-double = Kétfordulós körmérkőzés
web-tour-time-control = Időbeosztás (perc + lépésenkénti másodperc: 90+30, 40/90+30)
web-tour-no-delay = A verseny órája késleltetést nem ismer (a PGN nem tudja leírni): hagyd el a d-t vagy b-t.
web-tour-no-draw-before = Döntetlenajánlat legkorábban ennyiedik lépésnél
web-tour-create = Verseny létrehozása
web-tour-mine = Az általad rendezett versenyek
web-tour-none = Még nincs.
web-tour-organiser-link = Rendezői link (őrizd meg: csak ezzel lehet a versenyt módosítani)
web-tour-public-link = Nyilvános link (párosítás és sorrend)
web-tour-players = Játékosok
web-tour-add-player = Játékos felvétele
web-tour-player-name = Név
web-tour-rating = Értékszám
web-tour-player-title = Cím
web-tour-federation = Szöv.
web-tour-club = Klub
web-tour-add = Felvétel
web-tour-withdraw = Visszaléptetés
web-tour-reinstate = Visszavétel
web-tour-withdrawn = visszalépett
web-tour-round = Forduló
web-qr-code = QR-kód
web-tour-grid = Körtábla (az eredmény a sor és az oszlop metszetében)
web-tour-by-round = Fordulónként
web-tour-round-n = { $round }. forduló
web-tour-round-board = { $round }. forduló, { $board }. tábla
web-tour-details = A verseny adatai
web-tour-city = Helyszín (település)
web-tour-start = Első nap
web-tour-end = Utolsó nap
web-tour-arbiter = Főbíró
web-tour-deputies = Főbíró-helyettesek (soronként egy)
web-tour-deputies-short = Helyettesek
web-tour-schedule = A fordulók napja és kezdése
web-tour-round-date = Nap
web-tour-round-time = Kezdés
web-tour-save-details = Adatok mentése
web-tour-details-saved = Az adatok elmentve.
web-tour-details-hint = Bekerülnek a TRF-be (az értékszám-jelentéshez) és minden játszma PGN-jébe.
web-tour-family-name = Vezetéknév
web-tour-given-name = Utónév
web-tour-no-round-yet = Még nincs párosított forduló.
web-tour-title-field = FIDE-cím (GM, IM, FM…)
web-tour-federation-field = Szövetség (HUN, AUT…)
web-tour-board = Tábla
web-tour-pair-round = { $round }. forduló párosítása
web-tour-unpair-round = Párosítás visszavonása
web-tour-draw-lots = Sorszámok kisorsolása
web-tour-forbidden = Nem kerülhetnek össze
web-tour-forbid-pair = Ne kerüljenek össze
web-tour-allow-pair = Engedélyezés
web-tour-lots-drawn = sorsolt sorszámok
web-tour-pairings = Párosítás
web-tour-standings = Sorrend
web-tour-crosstable = Táblázat
web-tour-place = Hely
web-tour-rank = Ssz.
web-tour-points = Pont
web-tour-bye = Szabadnap
web-tour-bye-pairing = szabadnap (1 pont)
web-tour-bye-half = félpontos szabadnap
web-tour-bye-zero = nullapontos szabadnap
web-tour-bye-absent = nem játszik
web-tour-result = Eredmény
web-tour-download-trf = TRF letöltése
web-tour-download-pgn = PGN letöltése
web-tour-print = Nyomtatás
web-tour-finished = A verseny véget ért.
web-tour-next-add-players = Vegyél fel legalább két játékost.
web-tour-next-results = Írd be a forduló eredményeit.
web-tour-request-bye = Szabadnap a következő fordulóban
web-tour-bye-none = nincs
web-tour-open = Megnyitás
web-tour-not-found = Nincs ilyen verseny.
web-tour-online = Online: minden párosításból játszma lesz ezen a szerveren, az eredménye magától bekerül
web-tour-online-mode = online
web-tour-chess960 = Chess960: minden forduló egy neki kisorsolt kezdőállásból indul, minden táblán ugyanabból
web-tour-rated = Értékelt: két fiókkal nevezett játékos játszmája módosítja az értékszámukat ezen a szerveren (csak online)
web-tour-rated-mode = értékelt
web-tour-join-as-account = A fiókommal nevezek
web-tour-round-start960 = Chess960 { $number }. kezdőállás: { $rank }
web-tour-rules2017 = párosítás a 2017-es holland szabályok szerint
web-tour-tiebreak-rules2024 = holtverseny-eldöntés a 2024-es szabályzat szerint
web-tour-you-are = Játékosként:
web-tour-your-game = Játszd a játszmádat
web-tour-your-bye = Ebben a fordulóban nincs játszmád.
web-tour-join = Nevezés a versenyre
web-tour-join-button = Nevezek
web-tour-join-link = Nevezési link (akinél megvan, nevezhet)
web-tour-player-links = A játékosok linkjei (mindegyik a játékos oldala és helye a játszmáiban)
web-tour-watch = Nézem
web-tour-back = Vissza a versenyhez
web-tour-performance = Telj.
web-tour-rating-change = Ért. ±
web-tour-bye-full = egész pontos szabadnap
web-tour-import = Vagy máshol elkezdett verseny folytatása (Swiss-Manager, Vega…): a TRF-fájlja
