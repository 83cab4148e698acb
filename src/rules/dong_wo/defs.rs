//! Dong Wo's declarations: its board, rules, options and presets, each rule and option with the
//! seed sentences it rests on (docs/rules/dong-wo.md), and the options decoded for one record.

use crate::notation::{BoardSize, GameKind};
use crate::rules::options::{rule_option, rule_table, RuleOption};
use crate::rules::{Drawing, GameDef, MoveForm, OptionDef, PositionForm, PresetDef, Settings};

/// Dong Wo's declarations: its boards, rules, options and presets, as `mgn rules` lists
/// them and as a record's header is checked against them.
pub static DEF: GameDef = GameDef {
    kind: GameKind::DongWo,
    boards: &[BoardSize {
        rows: 2,
        columns: 5,
    }],
    default_board: BoardSize {
        rows: 2,
        columns: 5,
    },
    rules: RULES,
    options: OPTIONS,
    presets: PRESETS,
    muzi_points: MUZI_POINTS,
    drawing: Drawing::TwoRows,
};

rule_table! {
    pub static RULES;
    BOARD = "dong-wo.board" {
        summary: "a 2x5 board; each player owns the row on his side (B the bottom row); no stores: captures go to the capturer's winnings",
        source: "000 (Catalan): «El joc és jugat per dues persones en un tauler de 2×5.» 003 (Mancala World): \"The board has two rows, each one with five holes. A player owns the holes on his side of the board.\"",
    }
    START = "dong-wo.start" {
        summary: "5 small stones in every hole but one end hole of each row, which holds that player's muzi alone; both muzi at the same end of the board, as 003 says (000 does not say; dong-wo.start.muzi-end says which end); 40 small stones and 2 muzi",
        source: "000: «un forat de l’extrem de cada fila conté una pedra més gran que la resta, anomenada laomuzi [...] mentre que els altres forats s’omplen amb cinc pedres més petites.» 003: \"Each hole contains five small stones at the outset, except for the holes at one end of the board, which contain one large stone called laomuzi\"",
    }
    FIRST = "dong-wo.first" {
        summary: "the First tag says who moves first (B when it is absent)",
        source: "000: «Per decidir qui comença primer, els dos jugadors es posen d’acord.»",
    }
    SOW_START = "dong-wo.sow.start" {
        summary: "a move starts from any non-empty hole of the mover's sector (dong-wo.sector: his row's holes he has not lost, and the holes he owns in the other row)",
        source: "000: «En el seu torn cada jugador pot jugar des de qualsevol forat del seu costat del tauler» 003: \"On his turn a player picks up the contents of one of his holes\"",
    }
    SOW_DIRECTION = "dong-wo.sow.direction" {
        summary: "the mover sows one piece a hole, in the direction he chooses (`>` counter-clockwise, `<` clockwise), fixed for the whole turn; a lap of more than ten pieces goes round and sows the hole it was taken from like any other",
        source: "000: «direcció sembra: en ambdues direccions, horària i antihorària.» 003: \"distributes the stones, one by one, in either direction (clockwise or counterclockwise) into the following holes. After that the direction cannot be changed during the turn.\"",
    }
    LAP_RELAY = "dong-wo.lap.relay" {
        summary: "pussa-kanawa relay: after a lap's last piece, the contents of the next hole (not of the hole of the last piece) are sown in a new lap",
        source: "000: «el jugador agafa les llavors del forat següent on ha caigut aquesta darrera llavor (i no pas les llavors del mateix forat on ha caigut) i les distribueix una a una en una nova volta.» 003: \"When the last stone is sown, the contents of the next hole are distributed in another lap.\"",
    }
    LAP_END = "dong-wo.lap.end" {
        summary: "the move ends when the hole after a lap's last piece is empty",
        source: "003: \"The turn ends when the last stone is put into a hole, which is followed by an empty one.\" 000: «si el forat següent al forat on ha caigut la darrera llavor d’una volta està buit»",
    }
    CAPTURE = "dong-wo.capture" {
        summary: "then the hole after that empty hole is captured if it is occupied (small stones and any muzi), into the mover's winnings; either row",
        source: "000: «si el forat següent al forat on ha caigut la darrera llavor d’una volta està buit, aleshores es captura el contingut del forat immediatament posterior a aquest. [...] Les captures es fan en ambdós costats del tauler.» 003: \"If, after the sowing has ended, the hole following the empty one is occupied, its contents are captured.\"",
    }
    CAPTURE_CHAIN = "dong-wo.capture.chain" {
        summary: "and while the captured hole is followed by an empty hole and then an occupied one, that one is captured too, round the ring in the direction of the move",
        source: "003: \"If the hole of which the contents were captured is followed first by an empty one and then by an occupied hole, its contents are also captured. This continues until the last hole is either followed by two empty holes or a non-empty hole.\" 000: «Si el forat següent a aquest forat on s’ha fet captura també està buit, aleshores el contingut del forat immediatament posterior és també capturat i així successivament.»",
    }
    MUZI_VALUE = "dong-wo.muzi.value" {
        summary: "a muzi is worth 5 points in captures and scores (written `mA`/`mB` in holes and winnings)",
        source: "003: \"A muzi is worth 5 points.\" 000: «Les peces petites valen 1 punt. I les peces grans 5 punts.»",
    }
    MUZI_DROP = "dong-wo.muzi.drop" {
        summary: "the muzi is one piece of its lap, and the mover chooses the hole of the lap it drops in; the record names it (`B3>@A2`, `@A2'` for a lap's second visit); a drop may be left out only when it is the one legal drop",
        source: "000: «Per altra banda, els jugadors són lliures de sembrar-la en qualsevol forat de la sembra.»",
    }
    MUZI_OTHER_HOLE = "dong-wo.muzi.other-hole" {
        summary: "a muzi never drops into the hole holding the other muzi, except as a singleton (a lap of the muzi alone) in the second or a later lap, which captures (dong-wo.muzi.meeting)",
        source: "000: «No està permès sembrar una llavor muzi en un forat que contingui l’altra.» 003: \"Players are not permitted to sow one of the muzi into a hole containing the other one unless it is a singleton, which is moved in the second or a lter lap.\"",
    }
    MUZI_SINGLETON = "dong-wo.muzi.singleton" {
        summary: "a muzi alone in its hole may not be played, in the first lap, toward the neighbouring hole that holds the other muzi",
        source: "000: «Si la llavor muzi és una llavor solitària [...] i un forat veí conté l’altra muzi, la llavor solitària muzi no es pot jugar en aquesta direcció.» 003: \"Moving a muzi-singleton in the first lap into a neighboring hole containing the other muzi is illegal.\"",
    }
    TIANZI = "dong-wo.tianzi" {
        summary: "tianzi: at the end of every move, a player whose regular holes (his row's holes the opponent does not own) are all empty while the opponent has 2 or more points in his regular holes (a muzi counts 5) puts one small stone into each of his holes from his winnings, in the order of their numbers, whoever moves next; it comes before the round-end test (dong-wo.tianzi.count and dong-wo.tianzi.holes may take the whole sector instead of the regular holes)",
        source: "000: «si al final d’un moviment tots els forats d’un dels jugadors estan buits i l’adversari té, almenys, 2 llavors restants en els seus forats (la llavor muzi val per 5), el jugador que té tots els forats buits ha de col·locar una llavor en cada un dels seus forats. Aquest jugador ha de fer això tant si és el seu torn de joc com si és el torn del seu oponent.» 003: \"If at the end of the of the turn a player's \\\"regular\\\" holes are empty [...] and his opponent has more than one stone in his holes (a muzi counts 5), he must put one stone into each of them from his winnings. He must do this no matter who is about to play next.\"",
    }
    TIANZI_BORROW = "dong-wo.tianzi.borrow" {
        summary: "a player whose winnings hold fewer than 5 small stones borrows the rest from the opponent's winnings; the debt is kept (the position's debts field); if both together hold fewer, the holes are filled in order as far as the stones go",
        source: "003: \"If a player has not enough stones, he must borrow them from his opponent.\" 000 (between rounds): «Si és necessari, un jugador demana prestades al seu adversari llavors del seu excedent per tal d’omplir els forats propis.»",
    }
    TURN = "dong-wo.turn" {
        summary: "the players move in turn; a player with no legal move (no stone in his sector, and no tianzi to refill it) passes; when neither player can move the round ends as ping",
        source: "silent: neither source says what a player with no move does",
    }
    ROUND_END_CAPTURE_TEST = "dong-wo.round-end.capture-test" {
        summary: "\"no more stones can be captured\" / «cap dels dos està en disposició de capturar» is decided by the rules, one move ahead: no legal move of either player (each as if he were to move, over every muzi drop) captures anything",
        source: "003: \"and no more stones can be captured\" 000: «cap dels dos està en disposició de capturar la llavor de l’oponent»",
    }
    ROUND_WINNER = "dong-wo.round-winner" {
        summary: "at the round's end, a player with a stone in his regular holes while the opponent has none in his wins the round; otherwise the round is ping (even), a draw (dong-wo.round-end.holes may count the whole sector instead of the regular holes, here and in the round-end test)",
        source: "003: \"If one player has still a stone, while his opponent has nothing, he wins the round, otherwise the round is ping (even).\" 000: «en els casos 1 i 3 la ronda és diu ping (igualada); però en el cas 2, el jugador que té la darrera llavor en un dels seus forats és el guanyador»",
    }
    SECTOR = "dong-wo.sector" {
        summary: "a player's sector is his row's holes the opponent does not own, and the holes he owns (won or bought) in the other row; he moves from any hole of it",
        source: "000: «Un forat capturat s’afegeix al sector del seu propietari. És a dir, està permès usar la llavor solitària que hi ha per iniciar un moviment, com si fos un forat de la fila pròpia.» 003: \"A player may start his move by sowing the singleton of a hole he captured.\"",
    }
    OWNED = "dong-wo.owned" {
        summary: "won and bought holes work like the other holes (their pieces are sown, relayed and captured); owner actions (`^A4`, `+A4`, `^^A4`) are for them only",
        source: "000: «els forats que han estat guanyats o comprats funcionen de la mateixa manera que abans de ser guanyats o comprats.» 003: \"The singletons in these holes move like those of any other holes and they can also be captured.\"",
    }
    OWNED_MUZI = "dong-wo.owned.muzi" {
        summary: "a muzi dropped into a won or bought hole goes to the hole's owner's winnings; the owner himself may drop it there only when no other drop is left, in a later lap (a first lap with nothing else is no move)",
        source: "003: \"Any counter (stone or muzi), which is sown into the hole, is removed from the board and added to the player's winnings.\" \"The owner of a captured hole may not play a muzhi into it unless it is unavoidable in the second or a later lap of a move.\" 000: «Si l’adversari hi sembra una llavor muzi, és capturada. [...] Un jugador pot, però, fer una sembra encadenada d’una muzi en un forat capturat si l’acció és inevitable i aleshores la captura.»",
    }
    OWNED_LIFT = "dong-wo.owned.lift" {
        summary: "`^A4`: the owner lifts a stone out of his won or bought hole into his winnings, at any moment (between moves, or within a move after a given piece: `~12^A4`)",
        source: "003: \"The owner of the hole may remove the singleton in this hole at any time (no matter who is playing).\" 000: «Cada vegada que una llavor és sembrada en un forat capturat per qualsevol dels jugadors, el propietari del forat pot retirar-la»",
    }
    OWNED_PUT = "dong-wo.owned.put" {
        summary: "`+A4`: the owner puts a stone from his winnings into his won or bought hole when it is empty, at any moment",
        source: "003: \"He is also permitted to place a stone into it, again at any time, after it has become empty.\" 000: «el propietari pot en qualsevol moment col·locar-hi una sola llavor»",
    }
    OWNED_TAKE_TWO = "dong-wo.owned.take-two" {
        summary: "`^^A4` (dong-wo.owned.sown=stays): when a third stone has arrived in a won or bought hole (it holds three), the owner's opponent may take two out into his winnings, leaving one",
        source: "000: «Però si una tercera llavor hi es sembrada, l’adversari del propietari del forat té dret a retirar 2 llavors, deixant el forat amb una sola llavor.»",
    }
    ROUND_GATHER = "dong-wo.round.gather" {
        summary: "when a round ends, the pieces left in regular holes go to the row's player (a muzi goes home to its owner, unless dong-wo.round.muzi-left=sector-owner); won and bought holes keep theirs (unless dong-wo.round.owned-holes=gather)",
        source: "silent: 003 \"After that the stone, which effected the capture of the opponent's hole, is placed in it.\" (mgn: the winner's stone goes to his winnings and the won hole gets one from them)",
    }
    ROUND_WIN = "dong-wo.round.win" {
        summary: "`win:A3`: the round's winner takes a hole of the loser's row that the loser still holds, not the muzi's end hole, and puts a single stone in it; it is the first transaction after the round (implied when only one hole qualifies)",
        source: "003: \"The winner of the round conquers a hole on the opponents side of the board. He may chose any hole except the endhole, which contains the muzi. After that the stone, which effected the capture of the opponent's hole, is placed in it.\" 000: «El guanyador pot triar el forat que vulgui excepte el forat de l’extrem que conté la llavor laomuzi. El guanyador col·loca una llavor solitària en aquest forat guanyat a l’adversari.»",
    }
    BETWEEN = "dong-wo.between" {
        summary: "transactions come between rounds, after a round's last move and before the next round's first: the winner's hole first, then the muzi bought back, purchases and the fill in the order dong-wo.buy.when gives; the compulsory steps with no choice may be left out",
        source: "000: «Al final d’una ronda, després de vendre la llavor laomuzi (val per 5) si és necessari, els jugadors omplen els seus forats [...] Aquestes sèries de compres es poden dur a terme entre rondes.»",
    }
    MUZI_BUY_BACK = "dong-wo.muzi.buy-back" {
        summary: "`muzi:A`: a player whose muzi is in the opponent's winnings buys it back for 5 before he fills his holes (what he cannot pay becomes a debt); it goes back to its end hole with the fill",
        source: "003: \"If a player lost his muzi, he must buy it back in exchange for 5 stones.\" 000: «després de vendre la llavor laomuzi (val per 5) si és necessari»",
    }
    FILL = "dong-wo.fill" {
        summary: "`fill:A`, `fill:A2`: before a round each player fills each of his regular holes with 5 stones from his winnings, the end hole with his muzi; won and bought holes are not filled (dong-wo.owned.top-up: whether an empty one gets one stone)",
        source: "003: \"Before the players start the next round, they fill each hole (except those they have won or purchased - see below) with five stones from their winnings.\" 000: «els jugadors omplen els seus forats amb les llavors capturades (excepte els forats que han estat guanyats o comprats -veure més avall- per l’adversari)»",
    }
    BORROW = "dong-wo.borrow" {
        summary: "`borrow:A:3`: a player short for his muzi and his fill borrows from the opponent's surplus (beyond the opponent's own needs), and owes it (the debts field; what the two owe each other is set off); the fill borrows what is still lacking",
        source: "003: \"If a player is lacking stones, he must borrow them from his opponent.\" 000: «Si és necessari, un jugador demana prestades al seu adversari llavors del seu excedent per tal d’omplir els forats propis.»",
    }
    REPAY = "dong-wo.repay" {
        summary: "`repay:A:3`: a player pays back part or all of his debt between rounds, after the winner's hole (the sources do not say when debts are paid)",
        source: "silent: 000 «tenint en compte qualsevol deute acumulat» is the only other word on debts",
    }
    BUY = "dong-wo.buy" {
        summary: "`buy:B2`, `buy:B2=3`: between rounds (dong-wo.buy.when) a player buys a hole of the opponent's row that the opponent holds, not the muzi's end hole, for 10 paid to him, and puts at least one stone in it (its stones go back to the seller); a sale cannot be refused",
        source: "003: \"Holes can also be bought. For each hole a player must pay 10 stones and, in addition, he must have at least one more stone for each hole he buys. [...] It is not permitted to refuse to sell.\" 000: «Com es compra un forat: es pot comprar per 10 llavors. [...] El comprador tria el forat a comprar (excepte el forat de l’extrem que conté la llavor laomuzi).»",
    }
    BUY_REBUY_FIRST = "dong-wo.buy.rebuy-first" {
        summary: "while the opponent holds holes of a player's row, the player buys those back before he buys any hole of the opponent's row (winning a hole is not restricted)",
        source: "003: \"However, if there are holes captured (won or bought) by the opponent in the player's own row, these must be bought back first.\" 000: «Si l’adversari té forats (guanyats o comprats) en el propi costat del comprador, aquests han de ser recomprats abans de comprar forats en el costat de l’adversari.»",
    }
    REBUY = "dong-wo.rebuy" {
        summary: "`rebuy:A3`: a player buys back a hole of his row that the opponent holds, for 10 paid to him, and puts 5 stones in it (its stones go back to the opponent); a hole just won may be bought back by the round's loser at once, before anything else (the muzi first under dong-wo.rebuy.order=muzi-first), for the same 15",
        source: "003: \"Again the player must pay 10 stones, but now he has to have a surplus of another 5 stones that must be placed into the hole.\" 000: «Per recomprar un forat, el jugador cal que disposi de les 10 llavors que val i, almenys, 5 llavors més per omplir el forat. [...] un forat que acaba de ser guanyat pot ser immediatament recomprat pel perdedor de la ronda, si té les 15 llavors necessàries»",
    }
    NEXT_ROUND_FIRST = "dong-wo.next-round.first" {
        summary: "the first player alternates from round to round",
        source: "000: «En les rondes posteriors alternen l’ordre per començar el primer torn de la partida.» (003 is silent)",
    }
    GAME_END = "dong-wo.game.end" {
        summary: "the game ends when a player is reduced to a single regular hole (his row's holes the opponent does not own): the other wins",
        source: "003: \"The game comes to an end, if a player is reduced to a single hole. Then his opponent is declared winner.\" 000: «objectiu del joc: reduir a l’adversari a un sol forat regular.»",
    }
}

rule_option! {
    pub enum OwnedSown = "dong-wo.owned.sown" {
        summary: "what happens to a stone sown into a won or bought hole",
        source: "003: \"Any counter (stone or muzi), which is sown into the hole, is removed from the board and added to the player's winnings.\" 000: «el propietari del forat pot retirar-la, i normalment ho fa. El propietari pot oblidar retirar una segona llavor sembrada en aquest forat. Però si una tercera llavor hi es sembrada, l’adversari del propietari del forat té dret a retirar 2 llavors»",
        Winnings = "winnings": "it goes at once to the hole's owner's winnings (Mancala World)",
        Stays = "stays": "it stays; the owner may lift it (`^A4`), and when a third stone has arrived the opponent may take two out (`^^A4`) (Catalan)",
    }
}

rule_option! {
    pub enum OwnedTopUp = "dong-wo.owned.top-up" {
        summary: "what becomes of a won or bought hole between rounds: it stays as it is, or its owner's fill tops it up to one stone when it is empty",
        source: "000: «Normalment, el propietari d’un forat capturat hi col·loca una sola llavor.» «Si és necessari, un jugador demana prestades al seu adversari llavors del seu excedent per tal d’omplir els forats propis.» 003: \"Captured holes function similar to acquired stores. Usually they contain singletons.\"",
        AsTheyAre = "as-they-are": "the fill leaves won and bought holes as they are; their owner may put a stone into an empty one from his winnings (`+A4`)",
        OneStone = "one-stone": "the owner's fill puts one stone into each of his won or bought holes that is empty, borrowing it from the opponent's surplus when his winnings have none",
    }
}

rule_option! {
    pub enum BuyFunds = "dong-wo.buy.funds" {
        summary: "what a buyer must have: the 10 and the stones to put in, from his winnings, or from his winnings less his debts",
        source: "003: \"For each hole a player must pay 10 stones and, in addition, he must have at least one more stone for each hole he buys.\" 000: «cal no només disposar de les 10 llavors necessàries per fer la compra (tenint en compte qualsevol deute acumulat) i almenys 1 llavor a més a més»",
        Winnings = "winnings": "his winnings (Mancala World)",
        AfterDebts = "after-debts": "his winnings less his debts (Catalan)",
    }
}

rule_option! {
    pub enum Swaps = "dong-wo.swap" {
        summary: "whether two owned holes may be exchanged by agreement (`swap:A2:B4`), each player getting a hole of his row back",
        source: "000: «Els jugadors poden, de mutu acord, intercanviar forats que posseeixen en el costat de l’adversari.» (003 is silent)",
        Refused = "refused": "no swaps (Mancala World says nothing of them)",
        ByAgreement = "by-agreement": "swaps by agreement (Catalan)",
    }
}

rule_option! {
    pub enum SwapFill = "dong-wo.swap.fill" {
        summary: "how the two holes a swap gives back (`swap:A2:B4`, dong-wo.swap=by-agreement) are filled: by the ordinary fill, or at once with 5 each",
        source: "000: «Els jugadors poden, de mutu acord, intercanviar forats que posseeixen en el costat de l’adversari.» «els jugadors omplen els seus forats amb les llavors capturades (excepte els forats que han estat guanyats o comprats -veure més avall- per l’adversari)» (nothing gives a swap a cost of its own)",
        WithTheFill = "with-the-fill": "each is a regular hole again and waits for its row's player's fill (dong-wo.fill: 5 stones from his winnings, borrowing from the opponent's surplus what he lacks); the swap itself costs nothing",
        AtOnce = "at-once": "each row's player puts 5 stones into his hole at the swap, borrowing what he lacks from the opponent's surplus then: the swap costs each player 5 at once, before any purchase that follows",
    }
}

rule_option! {
    pub enum BuyWhen = "dong-wo.buy.when" {
        summary: "when holes are bought and bought back between rounds: before the players fill their holes, or after",
        source: "003: \"Before the players start the next round, they fill each hole [...] Holes can also be bought.\" 000: «els jugadors omplen els seus forats [...] Com es compra un forat: es pot comprar per 10 llavors.» (neither says when purchases come)",
        BeforeFill = "before-fill": "after the winner's hole and the muzi, before the fill: purchases are paid from the round's winnings (after the fill, the free stones are 4 per owned hole at most, and buying would hardly ever happen)",
        AfterFill = "after-fill": "after both players' fills, the order in which both pages tell them",
    }
}

rule_option! {
    pub enum RoundMuziLeft = "dong-wo.round.muzi-left" {
        summary: "where a muzi still on the board when a round ends goes (possible under dong-wo.round-end.muzi=one): home to its owner, or with the hole's pieces to the player whose sector the hole is in, from whom its owner buys it back",
        source: "silent: 003 \"If a player lost his muzi, he must buy it back in exchange for 5 stones.\" 000: «Al final d’una ronda, després de vendre la llavor laomuzi (val per 5) si és necessari, els jugadors omplen els seus forats»",
        Home = "home": "to its owner's winnings, whichever hole it is in: it was never captured",
        SectorOwner = "sector-owner": "with the hole's pieces, to the player whose sector the hole is in (his row's regular holes, or a hole he owns); a muzi in the opponent's sector is then bought back for 5, as a captured one",
    }
}

rule_option! {
    pub enum RoundOwnedHoles = "dong-wo.round.owned-holes" {
        summary: "what becomes of the stones in won and bought holes when a round ends: they stay for the next round, or go to the hole's owner with the rest of the board",
        source: "003: \"Before the players start the next round, they fill each hole (except those they have won or purchased - see below) with five stones from their winnings.\" \"Captured holes function similar to acquired stores.\" 000: «els jugadors omplen els seus forats amb les llavors capturades (excepte els forats que han estat guanyats o comprats -veure més avall- per l’adversari)» (neither says whether the owned holes are emptied)",
        Keep = "keep": "they stay in place: an owned hole starts the next round holding what it held",
        Gather = "gather": "they are gathered with the rest, into the hole's owner's winnings: owned holes start the next round empty, then dong-wo.owned.top-up applies",
    }
}

rule_option! {
    pub enum RebuyOrder = "dong-wo.rebuy.order" {
        summary: "when the round's loser may buy back the hole just won (`rebuy:B3` right after `win:B3`): before his lost muzi is bought back, or only after it",
        source: "000: «un forat que acaba de ser guanyat pot ser immediatament recomprat pel perdedor de la ronda, si té les 15 llavors necessàries per fer la transacció.» «Al final d’una ronda, després de vendre la llavor laomuzi (val per 5) si és necessari, els jugadors omplen els seus forats» 003: \"If a player lost his muzi, he must buy it back in exchange for 5 stones.\"",
        HoleFirst = "hole-first": "at once, right after the `win:`, before the muzi are bought back («immediatament»): with 19 stones he buys back both, the hole for 15 and then the muzi, owing what he lacks for it",
        MuziFirst = "muzi-first": "after the muzi are bought back, as a purchase is (still before the fill): with 19 stones, 14 are left after the muzi, and he cannot buy the hole back",
    }
}

rule_option! {
    pub enum GameLength = "dong-wo.game.length" {
        summary: "whether a record is a whole game or one round",
        source: "003: \"The game comes to an end, if a player is reduced to a single hole.\" 000: «el joc es juga a rondes.»",
        Whole = "whole": "rounds follow each other until a player is reduced to a single hole",
        OneRound = "one-round": "the record is one round: the round's winner wins, a ping round is a draw (for records of a single round)",
    }
}

rule_option! {
    pub enum StartMuziEnd = "dong-wo.start.muzi-end" {
        summary: "which end of the board holds the two muzi at the start (both sources put them at one end; their diagrams are not in the seeds)",
        source: "000: «un forat de l’extrem de cada fila conté una pedra més gran» 003: \"except for the holes at one end of the board\" (the diagrams \"Laomuzhuqi\" and \"Dong wo 1\" are not in the seeds)",
        Left = "left": "B1 and A5, the board's left end as B sees it",
        Right = "right": "B5 and A1, the right end",
    }
}

rule_option! {
    pub enum MuziMeeting = "dong-wo.muzi.meeting" {
        summary: "which muzi leaves the board when a muzi singleton, in a later lap, drops into the hole of the other muzi; it goes to the mover's winnings",
        source: "003: \"A muzi that is sown into the hole containing the other muzi captures it.\" 000: «En aquest cas, una de les llavors muzi és capturada pel jugador que estava movent.»",
        Resident = "resident": "the muzi that was in the hole (the arriving one \"captures it\")",
        Opponents = "opponents": "the muzi of the mover's opponent, whichever of the two it is (the mover captures)",
        MoverChooses = "mover-chooses": "the one of the two the mover chooses («una de les llavors muzi», one of them, is captured by the mover), written after the drop: `@B3xmA` takes A's muzi, `@B3xmB` B's; perft and random play count the two as two decisions",
    }
}

rule_option! {
    pub enum RoundEnd = "dong-wo.round-end" {
        summary: "the wording of the round-end test, checked at the end of every move (after tianzi); the two give the same verdict unless a won or bought hole holds stones, whose moves only mancala-world's capture test looks at",
        source: "003: \"The round ends if, at the end of the move, each player has less than two stones and no more stones can be captured.\" 000: «Una ronda acaba si al final d’un moviment: 1. tots els forats estan buits, 2. un jugador té una sola llavor i l’adversari no en té cap, 3. cada jugador té una sola llavor i cap dels dos està en disposició de capturar la llavor de l’oponent.»",
        MancalaWorld = "mancala-world": "the round ends when each player has fewer than two stones in his regular holes and no more stones can be captured",
        Catalan = "catalan": "the round ends when (1) every hole is empty, (2) one player has a single stone and the other none, or (3) each has one stone and neither can capture the other's",
    }
}

rule_option! {
    pub enum RoundEndMuzi = "dong-wo.round-end.muzi" {
        summary: "what a muzi counts in the round-end test, which counts pieces (\"stones\", «una sola llavor») although a muzi is worth 5 points",
        source: "003: \"each player has less than two stones\" (beside tianzi's \"(a muzi counts 5)\") 000: «un jugador té una sola llavor» (beside tianzi's «(la llavor muzi val per 5)»)",
        One = "one": "one stone, as the test's words (\"stones\", «llavor») say",
        Five = "five": "five stones, as in tianzi: a muzi on the board keeps the round going",
    }
}

rule_option! {
    pub enum EndlessMove = "dong-wo.endless" {
        summary: "what happens to a move whose relay never ends (mgn finds exactly when a move comes back to an in-move state it was in, with no lap limit short of the lap budget of mgn.limit.laps)",
        source: "silent: 003 \"When the last stone is sown, the contents of the next hole are distributed in another lap.\" (RULES-READING: Sowings that never end)",
        Illegal = "illegal": "a hole, direction or muzi drop after which the move cannot end may not be played",
        Stop = "stop": "the mover stops after the lap where the move comes back to a state it was in and no choice of drops can end it any more, and the record says so (`B3>/17`); the stopped move captures nothing",
        StopAnyLap = "stop-any-lap": "once no choice of drops can end the move, the mover may stop after any lap of it, from the first such lap through the lap where `stop` stops it, and the record says so (`B3>/5`); the stopped move captures nothing (another implementation's reading)",
        StopAnyLapFirstDrops = "stop-any-lap-first-drops": "as `stop-any-lap`, but the move is called endless, and the mover may stop, once its continuation with the first legal drop at each muzi lap comes back to a state it was in, even if other drops could end it; a move back at a muzi-lap state it was in stops there (another implementation's test)",
    }
}

rule_option! {
    pub enum TianziCount = "dong-wo.tianzi.count" {
        summary: "which of the opponent's holes tianzi counts for his two points (a muzi 5): his regular holes, or his whole sector (regular holes and the holes he owns in the other row)",
        source: "003: \"and his opponent has more than one stone in his holes (a muzi counts 5)\" 000: «i l’adversari té, almenys, 2 llavors restants en els seus forats (la llavor muzi val per 5)» «Cal distingir “forats regulars” o simplement “forats” de “forats capturats”.»",
        Regular = "regular": "his regular holes: 000 calls the regular holes plain «forats», the word of its test",
        Sector = "sector": "his whole sector: a stone in a hole he owns in the other row counts too (another implementation's reading)",
    }
}

rule_option! {
    pub enum TianziHoles = "dong-wo.tianzi.holes" {
        summary: "which holes of a player tianzi finds all empty and fills with a stone each: his regular holes, or his whole sector (regular holes and the holes he owns in the other row)",
        source: "003: \"If at the end of the of the turn a player's \\\"regular\\\" holes are empty (these are the holes in his row, which weren't bought by his opponent) [...] he must put one stone into each of them from his winnings.\" 000: «tots els forats d’un dels jugadors estan buits [...] ha de col·locar una llavor en cada un dels seus forats.»",
        Regular = "regular": "his regular holes, as 003 says and defines them",
        Sector = "sector": "his whole sector: a stone in a hole he owns spares him the tianzi, and each empty hole he owns gets a stone too, after his regular holes (another implementation's reading)",
    }
}

rule_option! {
    pub enum RoundEndHoles = "dong-wo.round-end.holes" {
        summary: "where the round-end test and the round's winner count each player's stones: in his regular holes, or in his whole sector (regular holes and the holes he owns in the other row)",
        source: "003: \"each player has less than two stones\" \"If one player has still a stone, while his opponent has nothing, he wins the round\" 000: «2. un jugador té una sola llavor i l’adversari no en té cap» «el jugador que té la darrera llavor en un dels seus forats és el guanyador»",
        Regular = "regular": "his regular holes: 000's winner has the stone «en un dels seus forats», and its plain «forats» are the regular holes",
        Sector = "sector": "his whole sector: a stone in a hole he owns in the other row is his too (another implementation's reading)",
    }
}

/// Dong Wo's options, the points its sources leave open, in the order `mgn rules` lists them.
pub static OPTIONS: &[OptionDef] = &[
    OwnedSown::DEF,
    OwnedTopUp::DEF,
    BuyFunds::DEF,
    Swaps::DEF,
    SwapFill::DEF,
    BuyWhen::DEF,
    RoundMuziLeft::DEF,
    RoundOwnedHoles::DEF,
    RebuyOrder::DEF,
    GameLength::DEF,
    StartMuziEnd::DEF,
    MuziMeeting::DEF,
    RoundEnd::DEF,
    RoundEndMuzi::DEF,
    EndlessMove::DEF,
    TianziCount::DEF,
    TianziHoles::DEF,
    RoundEndHoles::DEF,
];

/// Dong Wo's presets: the option values of one source or one variant, named for a `Preset`
/// tag.
pub static PRESETS: &[PresetDef] = &[
    PresetDef {
        name: "mancala-world",
        summary: "the Mancala World page (003): the arriving muzi captures the one in the hole; its round-end wording",
        settings: &[
            ("dong-wo.muzi.meeting", "resident"),
            ("dong-wo.round-end", "mancala-world"),
            ("dong-wo.owned.sown", "winnings"),
            ("dong-wo.buy.funds", "winnings"),
            ("dong-wo.swap", "refused"),
        ],
    },
    PresetDef {
        name: "catalan",
        summary: "the Catalan page (000): the mover captures the muzi he chooses at a meeting; its three round-end cases",
        settings: &[
            ("dong-wo.muzi.meeting", "mover-chooses"),
            ("dong-wo.round-end", "catalan"),
            ("dong-wo.owned.sown", "stays"),
            ("dong-wo.buy.funds", "after-debts"),
            ("dong-wo.swap", "by-agreement"),
        ],
    },
];

/// The parts of a written move Dong Wo uses; every other part is refused as for every game.
pub static MOVE_FORM: MoveForm = MoveForm {
    game: "Dong Wo",
    shape: "a hole and a direction (`B3>` counter-clockwise, `B3<` clockwise), with where the muzi drops in each lap that carries it (`@A2`), and owner actions after a given piece (`~12^A4`)",
    direction: true,
    muzi_drops: true,
    owner_actions: true,
    stopped: true,
    ..MoveForm::ONE_HOLE
};

/// What a Dong Wo position may hold: 40 small stones and each muzi once, in holes and winnings;
/// holes won or bought by the other player, and debts; never a hole out of play (a lost hole is
/// owned). A hole is a byte, bounded by the small stones. Which hole is never owned (the
/// muzi's end hole) depends on an option: `state_from_position` checks it.
pub static POSITION_FORM: PositionForm = PositionForm {
    game: "Dong Wo",
    stones: "small stones",
    muzi: true,
    owned_holes: true,
    out_of_play: false,
    debts: true,
    hole_bound: true,
    row_words: "Dong Wo rows have {row} holes; {side}'s has {holes}",
    marker_hint: "; a lost hole is owned by the other player (`@{other}`)",
    total_words: "a Dong Wo position holds {expected} small stones and each muzi once (holes and winnings); this one has {total} small stones, A's muzi {muzi_a} times and B's {muzi_b}",
};

/// The small stones of a game, on the board and in the winnings: no count of the board, the
/// winnings or a move exceeds it, which is what lets holes be `u8`.
pub const SMALL_STONES: u32 = 40;

/// A muzi is worth 5 points (`dong-wo.muzi.value`): in tianzi's count, and in the round-end
/// test's under `dong-wo.round-end.muzi=five`.
pub const MUZI_POINTS: u32 = 5;

/// The record's rule options, decoded once when the rules are made.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// `dong-wo.owned.sown`: what happens to a stone sown into a won or bought hole.
    pub owned_sown: OwnedSown,
    /// `dong-wo.owned.top-up`: what becomes of a won or bought hole between rounds.
    pub owned_top_up: OwnedTopUp,
    /// `dong-wo.buy.funds`: what a buyer must have: from his winnings, or those less his debts.
    pub buy_funds: BuyFunds,
    /// `dong-wo.swap`: whether two owned holes may be exchanged by agreement.
    pub swaps: Swaps,
    /// `dong-wo.swap.fill`: how the two holes a swap gives back are filled.
    pub swap_fill: SwapFill,
    /// `dong-wo.buy.when`: when holes are bought and bought back between rounds.
    pub buy_when: BuyWhen,
    /// `dong-wo.round.muzi-left`: where a muzi still on the board when a round ends goes.
    pub round_muzi_left: RoundMuziLeft,
    /// `dong-wo.round.owned-holes`: whether the stones in owned holes stay when a round ends.
    pub round_owned_holes: RoundOwnedHoles,
    /// `dong-wo.rebuy.order`: when the round's loser may buy back the hole just won.
    pub rebuy_order: RebuyOrder,
    /// `dong-wo.game.length`: whether a record is a whole game or one round.
    pub game_length: GameLength,
    /// `dong-wo.start.muzi-end`: which end of the board holds the two muzi at the start.
    pub muzi_end: StartMuziEnd,
    /// `dong-wo.muzi.meeting`: which muzi leaves the board when the two meet in a later lap.
    pub meeting: MuziMeeting,
    /// `dong-wo.round-end`: the wording of the round-end test, checked at the end of every move.
    pub round_end: RoundEnd,
    /// `dong-wo.round-end.muzi`: what a muzi counts in the round-end test, which counts pieces.
    pub round_end_muzi: RoundEndMuzi,
    /// `dong-wo.endless`: what happens to a move whose relay never ends.
    pub endless: EndlessMove,
    /// `dong-wo.tianzi.count`: which of the opponent's holes tianzi counts for his two points.
    pub tianzi_count: TianziCount,
    /// `dong-wo.tianzi.holes`: which of a player's holes tianzi finds empty and fills.
    pub tianzi_holes: TianziHoles,
    /// `dong-wo.round-end.holes`: where the round-end test counts each player's stones.
    pub round_end_holes: RoundEndHoles,
}

impl Config {
    /// Every option's value in `settings`, which must be Dong Wo's.
    pub fn new(settings: &Settings) -> Config {
        Config {
            owned_sown: settings.value(),
            owned_top_up: settings.value(),
            buy_funds: settings.value(),
            swaps: settings.value(),
            swap_fill: settings.value(),
            buy_when: settings.value(),
            round_muzi_left: settings.value(),
            round_owned_holes: settings.value(),
            rebuy_order: settings.value(),
            game_length: settings.value(),
            muzi_end: settings.value(),
            meeting: settings.value(),
            round_end: settings.value(),
            round_end_muzi: settings.value(),
            endless: settings.value(),
            tianzi_count: settings.value(),
            tianzi_holes: settings.value(),
            round_end_holes: settings.value(),
        }
    }
}
