//! Dong Wo (Achang, Yunnan), the whole game, from two seeds that differ:
//! `000_d0fe4d3b4074e7f5.txt` (Catalan) and `003_32ae25b09ce39cfe.txt` (Mancala World).
//! See `docs/rules/dong-wo.md`.
//!
//! The ten holes form one ring, counter-clockwise B1..B5 A1..A5 (ring index 0..9). A move is a
//! hole and a direction; then every lap that carries a muzi is one more decision of the mover
//! (where the muzi drops), so a turn is a [`Phase::Continue`] sequence: `B3>`, `@A2`, `@B4`.
//! Laps without a muzi involve no choice; runs of them are followed with the shared exact
//! cycle detection ([`cycle::run`]). The states at muzi laps and the drops between them form a
//! finite graph, searched to decide whether a move can still end (a state met again is a loop
//! the mover may leave by another drop, not the end of the move).
//!
//! Rounds follow each other until a player is reduced to a single hole; between them come the
//! transactions (won and bought holes, the muzi bought back, the fill, debts), and the owners
//! of won and bought holes act on them at any moment: `between.rs`.

use super::cycle::{self, Walk};
use super::{
    check_move_form, undecided, Event, EventSink, GameDef, MoveForm, MovePart, OptionDef, Phase,
    PositionHead, PresetDef, RuleDef, Rules, Settings, Violation,
};
use crate::notation::{
    push_action, push_transaction, AnchoredAction, BoardSize, Direction, Element, Few, GameKind,
    Hole, HoleAction, HoleState, Move, Muzi, MuziDrop, Pile, Position, Side, Sowing, Spanned,
    Transaction,
};
use std::fmt;

static MOVE_FORM: MoveForm = MoveForm {
    game: "Dong Wo",
    shape: "a hole and a direction (`B3>` counter-clockwise, `B3<` clockwise), with where the muzi drops in each lap that carries it (`@A2`), and owner actions after a given piece (`~12^A4`)",
    chained: false,
    direction: true,
    transfer: false,
    muzi_drops: true,
    extra_captures: false,
    owner_actions: true,
    stopped: true,
};

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
};

static RULES: &[RuleDef] = &[
    RuleDef {
        code: "dong-wo.board",
        summary: "a 2x5 board; each player owns the row on his side (B the bottom row); no stores: captures go to the capturer's winnings",
        source: "000 (Catalan): «El joc és jugat per dues persones en un tauler de 2×5.» 003 (Mancala World): \"The board has two rows, each one with five holes. A player owns the holes on his side of the board.\"",
    },
    RuleDef {
        code: "dong-wo.start",
        summary: "5 small stones in every hole but one end hole of each row, which holds that player's muzi alone; both muzi at the same end of the board, as 003 says (000 does not say; dong-wo.start.muzi-end says which end); 40 small stones and 2 muzi",
        source: "000: «un forat de l’extrem de cada fila conté una pedra més gran que la resta, anomenada laomuzi [...] mentre que els altres forats s’omplen amb cinc pedres més petites.» 003: \"Each hole contains five small stones at the outset, except for the holes at one end of the board, which contain one large stone called laomuzi\"",
    },
    RuleDef {
        code: "dong-wo.first",
        summary: "the First tag says who moves first (B when it is absent)",
        source: "000: «Per decidir qui comença primer, els dos jugadors es posen d’acord.»",
    },
    RuleDef {
        code: "dong-wo.sow.start",
        summary: "a move starts from any non-empty hole of the mover's sector (dong-wo.sector: his row's holes he has not lost, and the holes he owns in the other row)",
        source: "000: «En el seu torn cada jugador pot jugar des de qualsevol forat del seu costat del tauler» 003: \"On his turn a player picks up the contents of one of his holes\"",
    },
    RuleDef {
        code: "dong-wo.sow.direction",
        summary: "the mover sows one piece a hole, in the direction he chooses (`>` counter-clockwise, `<` clockwise), fixed for the whole turn; a lap of more than ten pieces goes round and sows the hole it was taken from like any other",
        source: "000: «direcció sembra: en ambdues direccions, horària i antihorària.» 003: \"distributes the stones, one by one, in either direction (clockwise or counterclockwise) into the following holes. After that the direction cannot be changed during the turn.\"",
    },
    RuleDef {
        code: "dong-wo.lap.relay",
        summary: "pussa-kanawa relay: after a lap's last piece, the contents of the next hole (not of the hole of the last piece) are sown in a new lap",
        source: "000: «el jugador agafa les llavors del forat següent on ha caigut aquesta darrera llavor (i no pas les llavors del mateix forat on ha caigut) i les distribueix una a una en una nova volta.» 003: \"When the last stone is sown, the contents of the next hole are distributed in another lap.\"",
    },
    RuleDef {
        code: "dong-wo.lap.end",
        summary: "the move ends when the hole after a lap's last piece is empty",
        source: "003: \"The turn ends when the last stone is put into a hole, which is followed by an empty one.\" 000: «si el forat següent al forat on ha caigut la darrera llavor d’una volta està buit»",
    },
    RuleDef {
        code: "dong-wo.capture",
        summary: "then the hole after that empty hole is captured if it is occupied (small stones and any muzi), into the mover's winnings; either row",
        source: "000: «si el forat següent al forat on ha caigut la darrera llavor d’una volta està buit, aleshores es captura el contingut del forat immediatament posterior a aquest. [...] Les captures es fan en ambdós costats del tauler.» 003: \"If, after the sowing has ended, the hole following the empty one is occupied, its contents are captured.\"",
    },
    RuleDef {
        code: "dong-wo.capture.chain",
        summary: "and while the captured hole is followed by an empty hole and then an occupied one, that one is captured too, round the ring in the direction of the move",
        source: "003: \"If the hole of which the contents were captured is followed first by an empty one and then by an occupied hole, its contents are also captured. This continues until the last hole is either followed by two empty holes or a non-empty hole.\" 000: «Si el forat següent a aquest forat on s’ha fet captura també està buit, aleshores el contingut del forat immediatament posterior és també capturat i així successivament.»",
    },
    RuleDef {
        code: "dong-wo.muzi.value",
        summary: "a muzi is worth 5 points in captures and scores (written `mA`/`mB` in holes and winnings)",
        source: "003: \"A muzi is worth 5 points.\" 000: «Les peces petites valen 1 punt. I les peces grans 5 punts.»",
    },
    RuleDef {
        code: "dong-wo.muzi.drop",
        summary: "the muzi is one piece of its lap, and the mover chooses the hole of the lap it drops in; the record names it (`B3>@A2`, `@A2'` for a lap's second visit); a drop may be left out only when it is the one legal drop",
        source: "000: «Per altra banda, els jugadors són lliures de sembrar-la en qualsevol forat de la sembra.»",
    },
    RuleDef {
        code: "dong-wo.muzi.other-hole",
        summary: "a muzi never drops into the hole holding the other muzi, except as a singleton (a lap of the muzi alone) in the second or a later lap, which captures (dong-wo.muzi.meeting)",
        source: "000: «No està permès sembrar una llavor muzi en un forat que contingui l’altra.» 003: \"Players are not permitted to sow one of the muzi into a hole containing the other one unless it is a singleton, which is moved in the second or a lter lap.\"",
    },
    RuleDef {
        code: "dong-wo.muzi.singleton",
        summary: "a muzi alone in its hole may not be played, in the first lap, toward the neighbouring hole that holds the other muzi",
        source: "000: «Si la llavor muzi és una llavor solitària [...] i un forat veí conté l’altra muzi, la llavor solitària muzi no es pot jugar en aquesta direcció.» 003: \"Moving a muzi-singleton in the first lap into a neighboring hole containing the other muzi is illegal.\"",
    },
    RuleDef {
        code: "dong-wo.tianzi",
        summary: "tianzi: at the end of every move, a player whose regular holes (his row's holes the opponent does not own) are all empty while the opponent has 2 or more points in his regular holes (a muzi counts 5) puts one small stone into each of his holes from his winnings, in the order of their numbers, whoever moves next; it comes before the round-end test",
        source: "000: «si al final d’un moviment tots els forats d’un dels jugadors estan buits i l’adversari té, almenys, 2 llavors restants en els seus forats (la llavor muzi val per 5), el jugador que té tots els forats buits ha de col·locar una llavor en cada un dels seus forats. Aquest jugador ha de fer això tant si és el seu torn de joc com si és el torn del seu oponent.» 003: \"If at the end of the of the turn a player's \\\"regular\\\" holes are empty [...] and his opponent has more than one stone in his holes (a muzi counts 5), he must put one stone into each of them from his winnings. He must do this no matter who is about to play next.\"",
    },
    RuleDef {
        code: "dong-wo.tianzi.borrow",
        summary: "a player whose winnings hold fewer than 5 small stones borrows the rest from the opponent's winnings; the debt is kept (the position's debts field); if both together hold fewer, the holes are filled in order as far as the stones go",
        source: "003: \"If a player has not enough stones, he must borrow them from his opponent.\" 000 (between rounds): «Si és necessari, un jugador demana prestades al seu adversari llavors del seu excedent per tal d’omplir els forats propis.»",
    },
    RuleDef {
        code: "dong-wo.turn",
        summary: "the players move in turn; a player with no legal move (no stone in his sector, and no tianzi to refill it) passes; when neither player can move the round ends as ping",
        source: "silent: neither source says what a player with no move does",
    },
    RuleDef {
        code: "dong-wo.round-end.capture-test",
        summary: "\"no more stones can be captured\" / «cap dels dos està en disposició de capturar» is decided by the rules, one move ahead: no legal move of either player (each as if he were to move, over every muzi drop) captures anything",
        source: "003: \"and no more stones can be captured\" 000: «cap dels dos està en disposició de capturar la llavor de l’oponent»",
    },
    RuleDef {
        code: "dong-wo.round-winner",
        summary: "at the round's end, a player with a stone in his regular holes while the opponent has none in his wins the round; otherwise the round is ping (even), a draw",
        source: "003: \"If one player has still a stone, while his opponent has nothing, he wins the round, otherwise the round is ping (even).\" 000: «en els casos 1 i 3 la ronda és diu ping (igualada); però en el cas 2, el jugador que té la darrera llavor en un dels seus forats és el guanyador»",
    },
    RuleDef {
        code: "dong-wo.sector",
        summary: "a player's sector is his row's holes the opponent does not own, and the holes he owns (won or bought) in the other row; he moves from any hole of it",
        source: "000: «Un forat capturat s’afegeix al sector del seu propietari. És a dir, està permès usar la llavor solitària que hi ha per iniciar un moviment, com si fos un forat de la fila pròpia.» 003: \"A player may start his move by sowing the singleton of a hole he captured.\"",
    },
    RuleDef {
        code: "dong-wo.owned",
        summary: "won and bought holes work like the other holes (their pieces are sown, relayed and captured); owner actions (`^A4`, `+A4`, `^^A4`) are for them only",
        source: "000: «els forats que han estat guanyats o comprats funcionen de la mateixa manera que abans de ser guanyats o comprats.» 003: \"The singletons in these holes move like those of any other holes and they can also be captured.\"",
    },
    RuleDef {
        code: "dong-wo.owned.muzi",
        summary: "a muzi dropped into a won or bought hole goes to the hole's owner's winnings; the owner himself may drop it there only when no other drop is left, in a later lap (a first lap with nothing else is no move)",
        source: "003: \"Any counter (stone or muzi), which is sown into the hole, is removed from the board and added to the player's winnings.\" \"The owner of a captured hole may not play a muzhi into it unless it is unavoidable in the second or a later lap of a move.\" 000: «Si l’adversari hi sembra una llavor muzi, és capturada. [...] Un jugador pot, però, fer una sembra encadenada d’una muzi en un forat capturat si l’acció és inevitable i aleshores la captura.»",
    },
    RuleDef {
        code: "dong-wo.owned.lift",
        summary: "`^A4`: the owner lifts a stone out of his won or bought hole into his winnings, at any moment (between moves, or within a move after a given piece: `~12^A4`)",
        source: "003: \"The owner of the hole may remove the singleton in this hole at any time (no matter who is playing).\" 000: «Cada vegada que una llavor és sembrada en un forat capturat per qualsevol dels jugadors, el propietari del forat pot retirar-la»",
    },
    RuleDef {
        code: "dong-wo.owned.put",
        summary: "`+A4`: the owner puts a stone from his winnings into his won or bought hole when it is empty, at any moment",
        source: "003: \"He is also permitted to place a stone into it, again at any time, after it has become empty.\" 000: «el propietari pot en qualsevol moment col·locar-hi una sola llavor»",
    },
    RuleDef {
        code: "dong-wo.owned.take-two",
        summary: "`^^A4` (dong-wo.owned.sown=stays): when a third stone has arrived in a won or bought hole (it holds three), the owner's opponent may take two out into his winnings, leaving one",
        source: "000: «Però si una tercera llavor hi es sembrada, l’adversari del propietari del forat té dret a retirar 2 llavors, deixant el forat amb una sola llavor.»",
    },
    RuleDef {
        code: "dong-wo.round.gather",
        summary: "when a round ends, the pieces left in regular holes go to the row's player (a muzi goes home to its owner); won and bought holes keep theirs",
        source: "silent: 003 \"After that the stone, which effected the capture of the opponent's hole, is placed in it.\" (mgn: the winner's stone goes to his winnings and the won hole gets one from them)",
    },
    RuleDef {
        code: "dong-wo.round.win",
        summary: "`win:A3`: the round's winner takes a hole of the loser's row that the loser still holds, not the muzi's end hole, and puts a single stone in it; it is the first transaction after the round (implied when only one hole qualifies)",
        source: "003: \"The winner of the round conquers a hole on the opponents side of the board. He may chose any hole except the endhole, which contains the muzi. After that the stone, which effected the capture of the opponent's hole, is placed in it.\" 000: «El guanyador pot triar el forat que vulgui excepte el forat de l’extrem que conté la llavor laomuzi. El guanyador col·loca una llavor solitària en aquest forat guanyat a l’adversari.»",
    },
    RuleDef {
        code: "dong-wo.between",
        summary: "transactions come between rounds, after a round's last move and before the next round's first: the winner's hole first, then the muzi bought back, purchases and the fill in the order dong-wo.buy.when gives; the compulsory steps with no choice may be left out",
        source: "000: «Al final d’una ronda, després de vendre la llavor laomuzi (val per 5) si és necessari, els jugadors omplen els seus forats [...] Aquestes sèries de compres es poden dur a terme entre rondes.»",
    },
    RuleDef {
        code: "dong-wo.muzi.buy-back",
        summary: "`muzi:A`: a player whose muzi is in the opponent's winnings buys it back for 5 before he fills his holes (what he cannot pay becomes a debt); it goes back to its end hole with the fill",
        source: "003: \"If a player lost his muzi, he must buy it back in exchange for 5 stones.\" 000: «després de vendre la llavor laomuzi (val per 5) si és necessari»",
    },
    RuleDef {
        code: "dong-wo.fill",
        summary: "`fill:A`, `fill:A2`: before a round each player fills each of his regular holes with 5 stones from his winnings, the end hole with his muzi; won and bought holes are not filled",
        source: "003: \"Before the players start the next round, they fill each hole (except those they have won or purchased - see below) with five stones from their winnings.\" 000: «els jugadors omplen els seus forats amb les llavors capturades (excepte els forats que han estat guanyats o comprats -veure més avall- per l’adversari)»",
    },
    RuleDef {
        code: "dong-wo.borrow",
        summary: "`borrow:A:3`: a player short for his muzi and his fill borrows from the opponent's surplus (beyond the opponent's own needs), and owes it (the debts field; what the two owe each other is set off); the fill borrows what is still lacking",
        source: "003: \"If a player is lacking stones, he must borrow them from his opponent.\" 000: «Si és necessari, un jugador demana prestades al seu adversari llavors del seu excedent per tal d’omplir els forats propis.»",
    },
    RuleDef {
        code: "dong-wo.repay",
        summary: "`repay:A:3`: a player pays back part or all of his debt between rounds, after the winner's hole (the sources do not say when debts are paid)",
        source: "silent: 000 «tenint en compte qualsevol deute acumulat» is the only other word on debts",
    },
    RuleDef {
        code: "dong-wo.buy",
        summary: "`buy:B2`, `buy:B2=3`: between rounds (dong-wo.buy.when) a player buys a hole of the opponent's row that the opponent holds, not the muzi's end hole, for 10 paid to him, and puts at least one stone in it (its stones go back to the seller); a sale cannot be refused",
        source: "003: \"Holes can also be bought. For each hole a player must pay 10 stones and, in addition, he must have at least one more stone for each hole he buys. [...] It is not permitted to refuse to sell.\" 000: «Com es compra un forat: es pot comprar per 10 llavors. [...] El comprador tria el forat a comprar (excepte el forat de l’extrem que conté la llavor laomuzi).»",
    },
    RuleDef {
        code: "dong-wo.buy.rebuy-first",
        summary: "while the opponent holds holes of a player's row, the player buys those back before he buys any hole of the opponent's row (winning a hole is not restricted)",
        source: "003: \"However, if there are holes captured (won or bought) by the opponent in the player's own row, these must be bought back first.\" 000: «Si l’adversari té forats (guanyats o comprats) en el propi costat del comprador, aquests han de ser recomprats abans de comprar forats en el costat de l’adversari.»",
    },
    RuleDef {
        code: "dong-wo.rebuy",
        summary: "`rebuy:A3`: a player buys back a hole of his row that the opponent holds, for 10 paid to him, and puts 5 stones in it (its stones go back to the opponent); a hole just won may be bought back by the round's loser at once, before anything else, for the same 15",
        source: "003: \"Again the player must pay 10 stones, but now he has to have a surplus of another 5 stones that must be placed into the hole.\" 000: «Per recomprar un forat, el jugador cal que disposi de les 10 llavors que val i, almenys, 5 llavors més per omplir el forat. [...] un forat que acaba de ser guanyat pot ser immediatament recomprat pel perdedor de la ronda, si té les 15 llavors necessàries»",
    },
    RuleDef {
        code: "dong-wo.next-round.first",
        summary: "the first player alternates from round to round",
        source: "000: «En les rondes posteriors alternen l’ordre per començar el primer torn de la partida.» (003 is silent)",
    },
    RuleDef {
        code: "dong-wo.game.end",
        summary: "the game ends when a player is reduced to a single regular hole (his row's holes the opponent does not own): the other wins",
        source: "003: \"The game comes to an end, if a player is reduced to a single hole. Then his opponent is declared winner.\" 000: «objectiu del joc: reduir a l’adversari a un sol forat regular.»",
    },
];

static OPTIONS: &[OptionDef] = &[
    OptionDef {
        code: "dong-wo.owned.sown",
        summary: "what happens to a stone sown into a won or bought hole",
        values: &[
            ("winnings", "it goes at once to the hole's owner's winnings (Mancala World)"),
            ("stays", "it stays; the owner may lift it (`^A4`), and when a third stone has arrived the opponent may take two out (`^^A4`) (Catalan)"),
        ],
        source: "003: \"Any counter (stone or muzi), which is sown into the hole, is removed from the board and added to the player's winnings.\" 000: «el propietari del forat pot retirar-la, i normalment ho fa. El propietari pot oblidar retirar una segona llavor sembrada en aquest forat. Però si una tercera llavor hi es sembrada, l’adversari del propietari del forat té dret a retirar 2 llavors»",
    },
    OptionDef {
        code: "dong-wo.buy.funds",
        summary: "what a buyer must have: the 10 and the stones to put in, from his winnings, or from his winnings less his debts",
        values: &[
            ("winnings", "his winnings (Mancala World)"),
            ("after-debts", "his winnings less his debts (Catalan)"),
        ],
        source: "003: \"For each hole a player must pay 10 stones and, in addition, he must have at least one more stone for each hole he buys.\" 000: «cal no només disposar de les 10 llavors necessàries per fer la compra (tenint en compte qualsevol deute acumulat) i almenys 1 llavor a més a més»",
    },
    OptionDef {
        code: "dong-wo.swap",
        summary: "whether two owned holes may be exchanged by agreement (`swap:A2:B4`), each player getting a hole of his row back",
        values: &[
            ("refused", "no swaps (Mancala World says nothing of them)"),
            ("by-agreement", "swaps by agreement (Catalan)"),
        ],
        source: "000: «Els jugadors poden, de mutu acord, intercanviar forats que posseeixen en el costat de l’adversari.» (003 is silent)",
    },
    OptionDef {
        code: "dong-wo.buy.when",
        summary: "when holes are bought and bought back between rounds: before the players fill their holes, or after",
        values: &[
            ("before-fill", "after the winner's hole and the muzi, before the fill: purchases are paid from the round's winnings (after the fill, the free stones are 4 per owned hole at most, and buying would hardly ever happen)"),
            ("after-fill", "after both players' fills, the order in which both pages tell them"),
        ],
        source: "003: \"Before the players start the next round, they fill each hole [...] Holes can also be bought.\" 000: «els jugadors omplen els seus forats [...] Com es compra un forat: es pot comprar per 10 llavors.» (neither says when purchases come)",
    },
    OptionDef {
        code: "dong-wo.game.length",
        summary: "whether a record is a whole game or one round",
        values: &[
            ("whole", "rounds follow each other until a player is reduced to a single hole"),
            ("one-round", "the record is one round: the round's winner wins, a ping round is a draw (for records of a single round)"),
        ],
        source: "003: \"The game comes to an end, if a player is reduced to a single hole.\" 000: «el joc es juga a rondes.»",
    },
    OptionDef {
        code: "dong-wo.start.muzi-end",
        summary: "which end of the board holds the two muzi at the start (both sources put them at one end; their diagrams are not in the seeds)",
        values: &[
            ("left", "B1 and A5, the board's left end as B sees it"),
            ("right", "B5 and A1, the right end"),
        ],
        source: "000: «un forat de l’extrem de cada fila conté una pedra més gran» 003: \"except for the holes at one end of the board\" (the diagrams \"Laomuzhuqi\" and \"Dong wo 1\" are not in the seeds)",
    },
    OptionDef {
        code: "dong-wo.muzi.meeting",
        summary: "which muzi leaves the board when a muzi singleton, in a later lap, drops into the hole of the other muzi; it goes to the mover's winnings",
        values: &[
            ("resident", "the muzi that was in the hole (the arriving one \"captures it\")"),
            ("opponents", "the muzi of the mover's opponent, whichever of the two it is (the mover captures)"),
        ],
        source: "003: \"A muzi that is sown into the hole containing the other muzi captures it.\" 000: «En aquest cas, una de les llavors muzi és capturada pel jugador que estava movent.»",
    },
    OptionDef {
        code: "dong-wo.round-end",
        summary: "the wording of the round-end test, checked at the end of every move (after tianzi); the two give the same verdict on every position, the unit tests check it",
        values: &[
            ("mancala-world", "the round ends when each player has fewer than two stones in his regular holes and no more stones can be captured"),
            ("catalan", "the round ends when (1) every hole is empty, (2) one player has a single stone and the other none, or (3) each has one stone and neither can capture the other's"),
        ],
        source: "003: \"The round ends if, at the end of the move, each player has less than two stones and no more stones can be captured.\" 000: «Una ronda acaba si al final d’un moviment: 1. tots els forats estan buits, 2. un jugador té una sola llavor i l’adversari no en té cap, 3. cada jugador té una sola llavor i cap dels dos està en disposició de capturar la llavor de l’oponent.»",
    },
    OptionDef {
        code: "dong-wo.round-end.muzi",
        summary: "what a muzi counts in the round-end test, which counts pieces (\"stones\", «una sola llavor») although a muzi is worth 5 points",
        values: &[
            ("one", "one stone, as the test's words (\"stones\", «llavor») say"),
            ("five", "five stones, as in tianzi: a muzi on the board keeps the round going"),
        ],
        source: "003: \"each player has less than two stones\" (beside tianzi's \"(a muzi counts 5)\") 000: «un jugador té una sola llavor» (beside tianzi's «(la llavor muzi val per 5)»)",
    },
    OptionDef {
        code: "dong-wo.endless",
        summary: "what happens to a move whose relay never ends (mgn finds exactly when a move comes back to an in-move state it was in, with no lap limit short of the lap budget of mgn.limit.laps)",
        values: &[
            ("illegal", "a hole, direction or muzi drop after which the move cannot end may not be played"),
            ("stop", "the mover stops after the lap where the move comes back to a state it was in and no choice of drops can end it any more, and the record says so (`B3>/17`); the stopped move captures nothing"),
        ],
        source: "silent: 003 \"When the last stone is sown, the contents of the next hole are distributed in another lap.\" (RULES-READING: Sowings that never end)",
    },
];

static PRESETS: &[PresetDef] = &[
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
        summary: "the Catalan page (000): the mover captures the opponent's muzi; its three round-end cases",
        settings: &[
            ("dong-wo.muzi.meeting", "opponents"),
            ("dong-wo.round-end", "catalan"),
            ("dong-wo.owned.sown", "stays"),
            ("dong-wo.buy.funds", "after-debts"),
            ("dong-wo.swap", "by-agreement"),
        ],
    },
];

const N: usize = 10;

/// The small stones of a game, on the board and in the winnings: no count of the board, the
/// winnings or a move exceeds it, which is what lets holes be `u8`.
const SMALL_STONES: u32 = 40;

/// Laps followed without cycle detection before a run of laps is suspected of never ending.
const PLAIN_LAPS: u64 = 64;

/// A muzi's place when it went, during the move under way, to the winnings of the owner of a
/// won or bought hole: `BANKED + owner index` (never a ring index).
const BANKED: u8 = 16;

/// The pieces on the board: small stones per ring hole, and where each muzi is (A's, B's),
/// with which holes are won or bought and what went to their owners during this move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Board {
    holes: [u8; N],
    muzi: [Option<u8>; 2],
    /// Bit `i`: ring hole `i` is owned (won or bought) by the player whose row it is not.
    owned: u16,
    /// Small stones sown into owned holes during the move under way, for each owner (A, B),
    /// on their way to his winnings (`dong-wo.owned.sown=winnings`).
    banked: [u8; 2],
}

impl Board {
    fn owner(&self, i: usize) -> Option<Side> {
        (self.owned >> i & 1 == 1).then(|| row_side(i).other())
    }

    /// The holes `side` may move from: his row's holes he has not lost, and the holes he owns
    /// in the other row.
    fn sector(&self, side: Side) -> u16 {
        row_mask(side) & !self.owned | row_mask(side.other()) & self.owned
    }

    /// `side`'s regular holes: his row's holes the opponent does not own.
    fn regular(&self, side: Side) -> u16 {
        row_mask(side) & !self.owned
    }

    #[inline]
    fn muzi_at(&self, i: usize) -> Option<Side> {
        let here = Some(i as u8);
        if self.muzi[0] == here {
            Some(Side::A)
        } else if self.muzi[1] == here {
            Some(Side::B)
        } else {
            None
        }
    }

    #[inline]
    fn is_empty(&self, i: usize) -> bool {
        self.holes[i] == 0 && self.muzi_at(i).is_none()
    }

    #[inline]
    fn pile(&self, i: usize) -> Pile {
        // As `muzi_at` finds it: A's muzi, else B's (two muzi never share a hole).
        let a = self.muzi[0] == Some(i as u8);
        Pile {
            seeds: self.holes[i] as u32,
            muzi: Muzi {
                a,
                b: !a && self.muzi[1] == Some(i as u8),
            },
        }
    }

    #[inline]
    fn hole_state(&self, i: usize) -> HoleState {
        HoleState {
            pile: self.pile(i),
            owner: self.owner(i),
            out_of_play: false,
        }
    }

    fn clear(&mut self, i: usize) {
        self.holes[i] = 0;
        for m in &mut self.muzi {
            if *m == Some(i as u8) {
                *m = None;
            }
        }
    }

    /// Pieces in `side`'s regular holes, a muzi counting `muzi`: what the round-end test and
    /// tianzi look at (won and bought holes are «forats capturats», not «forats»).
    fn count(&self, side: Side, muzi: u32) -> u32 {
        self.count_in(self.regular(side), muzi)
    }

    fn count_in(&self, mask: u16, muzi: u32) -> u32 {
        let seeds: u32 = holes_of(mask).map(|i| self.holes[i] as u32).sum();
        seeds + (self.muzi_mask() & mask).count_ones() * muzi
    }

    /// The ring holes holding a muzi, as bits (two muzi in one hole make one bit).
    fn muzi_mask(&self) -> u16 {
        self.muzi
            .iter()
            .flatten()
            .filter(|&&at| (at as usize) < N)
            .fold(0, |mask, &at| mask | 1 << at)
    }

    /// The ring holes holding a piece, as bits.
    fn occupied(&self) -> u16 {
        // Asked several times after every move: the ten counts are tested eight at a time,
        // each nonzero byte setting its top bit, and the top bits gathered by a multiply.
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let nonzero = |bytes: u64| (((bytes & LOW7) + LOW7) | bytes) & !LOW7;
        let gather = |tops: u64| ((tops >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
        let mut first = [0u8; 8];
        first.copy_from_slice(&self.holes[..8]);
        let low = gather(nonzero(u64::from_le_bytes(first)));
        let high = u16::from(self.holes[8] != 0) << 8 | u16::from(self.holes[9] != 0) << 9;
        low | high | self.muzi_mask()
    }
}

/// Ring indices of a side's row, in his numbering order.
fn row(side: Side) -> std::ops::Range<usize> {
    match side {
        Side::B => 0..5,
        Side::A => 5..10,
    }
}

fn row_mask(side: Side) -> u16 {
    match side {
        Side::B => 0x1f,
        Side::A => 0x3e0,
    }
}

fn row_side(i: usize) -> Side {
    if i < 5 {
        Side::B
    } else {
        Side::A
    }
}

/// The ring indices of a set of holes, in ring order (B1..B5 A1..A5).
fn holes_of(mask: u16) -> impl Iterator<Item = usize> {
    let mut bits = mask & ((1 << N) - 1);
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

fn ring_hole(i: usize) -> Hole {
    // Every event names a hole: a table rather than a branch for each.
    const RING: [Hole; N] = {
        let mut ring = [Hole {
            side: Side::B,
            number: 0,
        }; N];
        let mut i = 0;
        while i < N {
            ring[i] = if i < 5 {
                Hole {
                    side: Side::B,
                    number: i as u32 + 1,
                }
            } else {
                Hole {
                    side: Side::A,
                    number: i as u32 - 4,
                }
            };
            i += 1;
        }
        ring
    };
    RING[i]
}

fn ring_index(hole: Hole) -> Option<usize> {
    if !(1..=5).contains(&hole.number) {
        return None;
    }
    Some(match hole.side {
        Side::B => hole.number as usize - 1,
        Side::A => hole.number as usize + 4,
    })
}

fn step(i: usize, ccw: bool, k: usize) -> usize {
    let k = k % N;
    match ccw {
        true if i + k >= N => i + k - N,
        true => i + k,
        false if i >= k => i - k,
        false => i + N - k,
    }
}

/// The hole after ring hole `i` that way: `step(i, ccw, 1)`, for the loops that sow.
#[inline]
fn next_hole(i: usize, ccw: bool) -> usize {
    match ccw {
        true if i + 1 == N => 0,
        true => i + 1,
        false if i == 0 => N - 1,
        false => i - 1,
    }
}

/// A state inside a move: the board and the hole the next lap takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Snap {
    board: Board,
    next: u8,
}

/// A turn in progress, waiting for a muzi drop or for the mover's stop.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InMove {
    mover: Side,
    ccw: bool,
    /// Laps played so far.
    lap: u32,
    /// The hole the next lap takes (it holds a muzi while a drop is awaited).
    next: u8,
    /// The in-move states met at muzi laps so far.
    seen: Vec<Snap>,
    /// Set when the move never ends and the mover must stop (dong-wo.endless=stop).
    stop: Option<u32>,
    /// Pieces sown so far in this move (for owner actions anchored at a piece).
    sown: u32,
    /// Owner actions are written inside this move.
    acted: bool,
}

/// `side` owes `stones` more to the opponent; what the opponent owes him is set off first.
/// Debts have no bound in the rules, and a `Start` position may write any up to `u32::MAX`: a
/// debt beyond it, which no position could write, is refused under `rule` (the rule that
/// lends), never wrapped round to a small one. Nothing changes when it is refused.
fn owe(debts: &mut [u32; 2], side: Side, stones: u32, rule: &'static str) -> Result<(), Violation> {
    let off = stones.min(debts[side.other().index()]);
    let before = debts[side.index()];
    let Some(after) = before.checked_add(stones - off) else {
        return Err(Violation::new(
            rule,
            format!(
                "{side} owes {before} and would owe {} more: mgn counts a debt up to {}, the largest number MGN writes",
                stones - off,
                u32::MAX
            ),
        ));
    };
    debts[side.other().index()] -= off;
    debts[side.index()] = after;
    Ok(())
}

fn set_muzi(pile: &mut Pile, m: Side) {
    match m {
        Side::A => pile.muzi.a = true,
        Side::B => pile.muzi.b = true,
    }
}

/// Between two rounds: from the end of a round to the first move of the next, while
/// transactions are open.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Between {
    /// The round's winner, until he has taken his hole.
    winner: Option<Side>,
    /// The `round N` marker has been passed.
    begun: bool,
    /// Regular holes that need no fill any more (filled, or bought back with their 5).
    filled: u16,
    /// A fill has been made: under `dong-wo.buy.when=before-fill` purchases are over.
    fill_made: bool,
    /// The hole the round's winner has just taken, which its loser may buy back at once.
    just_won: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DongWoState {
    board: Board,
    winnings: [Pile; 2],
    debts: [u32; 2],
    to_move: Side,
    turn: Option<InMove>,
    /// `Some(winner)` once the game is over.
    over: Option<Option<Side>>,
    round: u32,
    /// Who moved first in this round (later rounds alternate).
    first: Side,
    between: Option<Between>,
    /// Owner actions written in the move about to be played (`~12^A4`), by piece.
    pending: Vec<(u32, HoleAction)>,
    /// The side to move has no legal move (kept, since finding out plays moves ahead).
    stuck: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DongWoDecision {
    Sow {
        hole: Hole,
        direction: Direction,
    },
    Drop {
        drop: MuziDrop,
    },
    Stop {
        lap: u32,
    },
    Pass,
    /// A transaction between rounds.
    Deal {
        deal: Transaction,
    },
    /// An owner action: between moves, or (`step`) after that many pieces of the move.
    Act {
        action: HoleAction,
        step: Option<u32>,
    },
}

impl fmt::Display for DongWoDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DongWoDecision::Sow { hole, direction } => write!(f, "{hole}{}", direction.symbol()),
            DongWoDecision::Drop { drop } => {
                write!(f, "@{}", drop.hole)?;
                for _ in 1..drop.visit {
                    write!(f, "'")?;
                }
                Ok(())
            }
            DongWoDecision::Stop { lap } => write!(f, "/{lap}"),
            DongWoDecision::Pass => write!(f, "pass"),
            DongWoDecision::Deal { deal } => {
                let mut text = String::new();
                push_transaction(&mut text, deal);
                f.write_str(&text)
            }
            DongWoDecision::Act { action, step } => {
                let mut text = String::new();
                if let Some(step) = step {
                    text = format!("~{step}");
                }
                push_action(&mut text, action);
                f.write_str(&text)
            }
        }
    }
}

/// How a run of laps without a muzi turns out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RunEnd {
    /// The hole after the last lap is empty: the move ends.
    Ends,
    /// The next lap carries a muzi: a node of the move, where the mover chooses a drop.
    Muzi,
    /// The laps cycle: the state after lap `mu + lambda` of the run repeats that after `mu`.
    Endless { mu: u64, lambda: u64 },
    /// Not decided within the laps the run was given (`mgn.limit.laps`).
    Undecided,
}

/// The laps a look-ahead may still follow (`mgn.limit.laps`): each run of plain laps and each
/// muzi lap it plays is taken from it, and a run not decided within what is left empties it.
/// It bounds a search's time, whatever the number of states it meets.
#[derive(Clone, Copy, Debug)]
struct Meter {
    left: u64,
}

impl Meter {
    /// Take one lap; false when none is left.
    fn take_lap(&mut self) -> bool {
        let some = self.left > 0;
        self.left = self.left.saturating_sub(1);
        some
    }
}

/// Whether some choice of drops ends a move (as a goal asks), as a look-ahead within the lap
/// budget finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    Yes,
    No,
    /// No end found, and some way on not followed to its end within the budget.
    Undecided,
}

impl Reach {
    fn from(yes: bool) -> Reach {
        if yes {
            Reach::Yes
        } else {
            Reach::No
        }
    }
}

/// The nodes a search has met: most searches meet a handful, which a short list holds more
/// cheaply than a hash set; the rare large one moves to a set.
#[derive(Default)]
struct Visited {
    few: Vec<(Snap, bool, Goal)>,
    many: std::collections::HashSet<(Snap, bool, Goal)>,
}

impl Visited {
    /// Whether `node` is new (and now met).
    fn insert(&mut self, node: (Snap, bool, Goal)) -> bool {
        if !self.many.is_empty() {
            return self.many.insert(node);
        }
        if self.few.contains(&node) {
            return false;
        }
        self.few.push(node);
        if self.few.len() > 64 {
            self.many.extend(self.few.drain(..));
        }
        true
    }
}

/// The offsets in a lap where its muzi may drop, as bits (a lap has at most 41 pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Offsets(u64);

impl Offsets {
    fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn contains(self, k: usize) -> bool {
        k < 64 && self.0 >> k & 1 == 1
    }

    fn iter(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                k
            })
        })
    }
}

/// Why a move may not start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    NotSector,
    Empty,
    Singleton,
    OwnedMuzi,
    Endless,
    /// Whether the move can end was not decided within the lap budget: it may be legal.
    Undecided,
}

/// Where a move goes from an in-move state, the laps without a muzi followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Onward {
    /// The move ends; `captures` when its capture chain takes something.
    Ends { captures: bool },
    /// A muzi lap comes, from this state.
    Node(Snap),
    /// Laps without a muzi cycle forever: no drop can change them.
    Endless,
    /// The laps were not decided within the look-ahead's budget.
    Undecided,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Goal {
    Finish,
    Capture,
}
/// Dong Wo's rules under one set of options.
#[derive(Clone, Debug)]
pub struct DongWo {
    muzi_left: bool,
    meeting_opponents: bool,
    catalan_end: bool,
    muzi_count: u32,
    endless_stop: bool,
    /// `dong-wo.owned.sown=winnings`: a stone sown into an owned hole goes to its owner.
    owned_banks: bool,
    buy_after_debts: bool,
    swaps: bool,
    buy_before_fill: bool,
    one_round: bool,
    /// The lap budget of one move (`mgn.limit.laps`).
    max_laps: u64,
}

impl DongWo {
    pub fn new(board: BoardSize, settings: &Settings) -> Result<DongWo, Violation> {
        if board.rows != 2 || board.columns != 5 {
            return Err(Violation::new(
                "dong-wo.board",
                format!("Dong Wo is played on 2x5, not {board}"),
            ));
        }
        Ok(DongWo {
            muzi_left: settings.get("dong-wo.start.muzi-end") == "left",
            meeting_opponents: settings.get("dong-wo.muzi.meeting") == "opponents",
            catalan_end: settings.get("dong-wo.round-end") == "catalan",
            muzi_count: if settings.get("dong-wo.round-end.muzi") == "five" {
                5
            } else {
                1
            },
            endless_stop: settings.get("dong-wo.endless") == "stop",
            owned_banks: settings.get("dong-wo.owned.sown") == "winnings",
            buy_after_debts: settings.get("dong-wo.buy.funds") == "after-debts",
            swaps: settings.get("dong-wo.swap") == "by-agreement",
            buy_before_fill: settings.get("dong-wo.buy.when") == "before-fill",
            one_round: settings.get("dong-wo.game.length") == "one-round",
            max_laps: settings.max_laps(),
        })
    }

    /// One lap without a muzi from `s.next`; `s.next` becomes the hole after its last stone.
    /// `hook` sees the board after the pick-up and after every piece (owner actions).
    fn plain_lap<S: EventSink, H: PieceHook>(
        &self,
        s: &mut Snap,
        ccw: bool,
        lap: u32,
        sink: &mut S,
        hook: &mut H,
    ) -> Result<usize, Violation> {
        let from = s.next as usize;
        let n = s.board.holes[from] as usize;
        sink.event(Event::PickUp {
            hole: ring_hole(from),
            pile: s.board.pile(from),
            lap,
        });
        s.board.holes[from] = 0;
        hook.after(self, &mut s.board, false, sink)?;
        let mut at = from;
        for _ in 0..n {
            at = next_hole(at, ccw);
            self.sow_stone(&mut s.board, at, sink);
            hook.after(self, &mut s.board, true, sink)?;
        }
        s.next = next_hole(at, ccw) as u8;
        Ok(at)
    }

    /// Follow laps without a muzi from `s` (whose next hole is occupied) until the move ends,
    /// a muzi lap comes, or the laps are found to cycle, within `budget` laps. `s` is left
    /// after the run (unchanged for an endless or undecided one); returns the run's end and
    /// its laps (`mu + lambda` for an endless one, `budget` for an undecided one).
    fn run(&self, s: &mut Snap, ccw: bool, budget: u64) -> (RunEnd, u64) {
        if s.board.muzi_at(s.next as usize).is_some() {
            return (RunEnd::Muzi, 0);
        }
        // Most runs end within a few laps: follow them plainly first. Only a long one goes to
        // the cycle detection, from the start again, so that where it repeats counts from there.
        let mut plain = *s;
        for laps in 1..=PLAIN_LAPS.min(budget) {
            let _ = self.plain_lap(&mut plain, ccw, 0, &mut (), &mut ());
            let next = plain.next as usize;
            if plain.board.is_empty(next) || plain.board.muzi_at(next).is_some() {
                let end = if plain.board.is_empty(next) {
                    RunEnd::Ends
                } else {
                    RunEnd::Muzi
                };
                *s = plain;
                return (end, laps);
            }
        }
        let walk = cycle::run(s, budget, |s| {
            let _ = self.plain_lap(s, ccw, 0, &mut (), &mut ());
            let next = s.next as usize;
            !s.board.is_empty(next) && s.board.muzi_at(next).is_none()
        });
        match walk {
            Walk::Ends { laps } => {
                let end = if s.board.is_empty(s.next as usize) {
                    RunEnd::Ends
                } else {
                    RunEnd::Muzi
                };
                (end, laps)
            }
            Walk::Endless { mu, lambda } => (RunEnd::Endless { mu, lambda }, mu + lambda),
            Walk::Undecided => (RunEnd::Undecided, budget),
        }
    }

    /// Where the move goes from `s` (the board, and the hole the next lap takes), following
    /// at most the laps `meter` has left.
    fn onward(&self, mut s: Snap, ccw: bool, meter: &mut Meter) -> Onward {
        if !s.board.is_empty(s.next as usize) {
            let (end, laps) = self.run(&mut s, ccw, meter.left);
            meter.left -= laps.min(meter.left);
            match end {
                RunEnd::Ends => {}
                RunEnd::Muzi => return Onward::Node(s),
                RunEnd::Endless { .. } => return Onward::Endless,
                RunEnd::Undecided => {
                    meter.left = 0;
                    return Onward::Undecided;
                }
            }
        }
        // The chain takes something exactly when the hole after the empty one is occupied.
        Onward::Ends {
            captures: !s.board.is_empty(step(s.next as usize, ccw, 1)),
        }
    }

    /// One small stone sown into ring hole `at`; under `dong-wo.owned.sown=winnings` a stone
    /// sown into a won or bought hole goes on to its owner's winnings.
    #[inline]
    fn sow_stone<S: EventSink>(&self, board: &mut Board, at: usize, sink: &mut S) {
        sink.event(Event::Sow {
            hole: ring_hole(at),
        });
        match board.owner(at) {
            Some(owner) if self.owned_banks => {
                board.banked[owner.index()] += 1;
                sink.event(Event::Capture {
                    hole: ring_hole(at),
                    pile: Pile {
                        seeds: 1,
                        muzi: Muzi::NONE,
                    },
                    by: owner,
                    rule: "dong-wo.owned.sown",
                });
            }
            _ => board.holes[at] += 1,
        }
    }

    /// The lap positions where the muzi of the lap starting at `t.next` may drop, as offsets
    /// (0 = the first hole after the one taken). Empty when no drop is legal.
    fn drop_offsets(&self, board: &Board, t: &InMove) -> Offsets {
        let from = t.next as usize;
        let Some(m) = board.muzi_at(from) else {
            return Offsets(0);
        };
        let pieces = board.holes[from] as usize + 1;
        let other = board.muzi[m.other().index()].map(|o| o as usize);
        let mut offsets = 0u64;
        let mut own = 0u64;
        let mut at = from;
        for k in 0..pieces {
            at = next_hole(at, t.ccw);
            if Some(at) != other || (pieces == 1 && t.lap > 0) {
                offsets |= 1 << k;
                if board.owned != 0 && board.owner(at) == Some(t.mover) {
                    own |= 1 << k;
                }
            }
        }
        // dong-wo.owned.muzi: the mover drops a muzi into a hole he owns only when nothing
        // else is left, in a later lap.
        if own != 0 {
            if offsets == own {
                if t.lap == 0 {
                    offsets = 0;
                }
            } else {
                offsets &= !own;
            }
        }
        Offsets(offsets)
    }

    fn offset_of(&self, t: &InMove, pieces: usize, drop: MuziDrop) -> Option<usize> {
        let at = ring_index(drop.hole)?;
        (0..pieces).find(|&k| {
            step(t.next as usize, t.ccw, k + 1) == at && (k / N) as u32 + 1 == drop.visit
        })
    }

    fn drop_at(&self, t: &InMove, k: usize) -> MuziDrop {
        MuziDrop {
            hole: ring_hole(step(t.next as usize, t.ccw, k + 1)),
            visit: (k / N) as u32 + 1,
        }
    }

    /// Play the muzi lap from `t.next` with the muzi at offset `k`; `t.next` becomes the hole
    /// after its last piece. Returns the muzi a meeting captured, if any (already off the
    /// board; the caller puts it in the mover's winnings).
    fn muzi_lap<S: EventSink, H: PieceHook>(
        &self,
        board: &mut Board,
        t: &mut InMove,
        k: usize,
        sink: &mut S,
        hook: &mut H,
    ) -> Result<Option<Side>, Violation> {
        let from = t.next as usize;
        let m = board.muzi_at(from).expect("a muzi lap");
        let pieces = board.holes[from] as usize + 1;
        t.lap += 1;
        sink.event(Event::PickUp {
            hole: ring_hole(from),
            pile: board.pile(from),
            lap: t.lap,
        });
        board.holes[from] = 0;
        board.muzi[m.index()] = None;
        hook.after(self, board, false, sink)?;
        let mut captured = None;
        let mut at = from;
        for j in 0..pieces {
            at = next_hole(at, t.ccw);
            if j == k && board.owner(at).is_some() {
                let owner = board.owner(at).expect("owned");
                board.muzi[m.index()] = Some(BANKED + owner.index() as u8);
                sink.event(Event::SowMuzi {
                    hole: ring_hole(at),
                    muzi: m,
                });
                sink.event(Event::Capture {
                    hole: ring_hole(at),
                    pile: Pile {
                        seeds: 0,
                        muzi: Muzi::of(m),
                    },
                    by: owner,
                    rule: "dong-wo.owned.muzi",
                });
            } else if j == k {
                let resident = board.muzi_at(at);
                board.muzi[m.index()] = Some(at as u8);
                sink.event(Event::SowMuzi {
                    hole: ring_hole(at),
                    muzi: m,
                });
                if let Some(resident) = resident {
                    let taken = if self.meeting_opponents {
                        t.mover.other()
                    } else {
                        resident
                    };
                    board.muzi[taken.index()] = None;
                    board.muzi[taken.other().index()] = Some(at as u8);
                    sink.event(Event::Capture {
                        hole: ring_hole(at),
                        pile: Pile {
                            seeds: 0,
                            muzi: Muzi::of(taken),
                        },
                        by: t.mover,
                        rule: "dong-wo.muzi.meeting",
                    });
                    captured = Some(taken);
                }
            } else {
                self.sow_stone(board, at, sink);
            }
            hook.after(self, board, true, sink)?;
        }
        t.next = next_hole(at, t.ccw) as u8;
        Ok(captured)
    }

    /// A copy of the turn `t` at `node`, without its record of states, for look-ahead.
    fn probe(t: &InMove, node: &Snap, first: bool) -> InMove {
        InMove {
            mover: t.mover,
            ccw: t.ccw,
            lap: if first { 0 } else { t.lap.max(1) },
            next: node.next,
            seen: Vec::new(),
            stop: None,
            sown: 0,
            acted: false,
        }
    }

    /// Whether the muzi lap from `t.next` ends the move wherever its muzi drops, seen from the
    /// board without playing it: a lap of at most nine pieces leaves the hole after its last
    /// piece as it was (or, with nine, that is the emptied start), and a drop only decides
    /// which of the lap's own holes gets the muzi.
    fn muzi_lap_ends(board: &Board, t: &InMove) -> bool {
        let from = t.next as usize;
        Self::lap_ends(board, from, board.holes[from] as usize + 1, t.ccw)
    }

    /// Whether a lap of `pieces` from ring hole `from` leaves the hole after its last piece
    /// empty, seen from the board: below ten pieces that hole is not one the lap sows, and
    /// with nine it is the emptied start.
    fn lap_ends(board: &Board, from: usize, pieces: usize, ccw: bool) -> bool {
        let after = step(from, ccw, pieces + 1);
        pieces < N && (after == from || board.is_empty(after))
    }

    /// The muzi lap of `node` played with its muzi at offset `k` (`t` is the turn there):
    /// whether a meeting captured a muzi on the way, and where the move goes next.
    fn after_drop(&self, node: &Snap, t: &InMove, k: usize, meter: &mut Meter) -> (bool, Onward) {
        if !meter.take_lap() {
            return (false, Onward::Undecided);
        }
        let mut board = node.board;
        let mut t = Self::probe(t, node, t.lap == 0);
        let met = matches!(
            self.muzi_lap(&mut board, &mut t, k, &mut (), &mut ()),
            Ok(Some(_))
        );
        (
            met,
            self.onward(
                Snap {
                    board,
                    next: t.next,
                },
                t.ccw,
                meter,
            ),
        )
    }

    /// Whether, going on as `onward` says, some choice of drops ends the move meeting `goal`
    /// (an end at all, or an end with a capture on the way), never passing through a state of
    /// `avoid`. `first` when `onward` is a node before the move's first lap.
    ///
    /// The laps between two muzi laps are forced, so the move's muzi-lap states (nodes) and its
    /// drops (edges) form a finite graph, and this is a depth-first search of it. Coming back
    /// to a node is a loop, not the end of the search: a different drop there may still end
    /// the move (a 168-lap move found by a second review does just that).
    ///
    /// The search follows at most the laps `meter` holds, in all: past them, a way on not
    /// followed to its end makes the answer [`Reach::Undecided`] unless an end is found.
    fn leads_to_end(
        &self,
        onward: Onward,
        t: &InMove,
        (first, goal): (bool, Goal),
        avoid: &[Snap],
        meter: &mut Meter,
    ) -> Reach {
        let start = match onward {
            Onward::Ends { captures } => return Reach::from(goal == Goal::Finish || captures),
            Onward::Endless => return Reach::No,
            Onward::Undecided => return Reach::Undecided,
            Onward::Node(node) if avoid.contains(&node) => return Reach::No,
            Onward::Node(node) => node,
        };
        let mut undecided = false;
        // Most searches end at the first node: one of its drops ends the move at once.
        let probe = Self::probe(t, &start, first);
        let offsets = self.drop_offsets(&start.board, &probe);
        if goal == Goal::Finish && !offsets.is_empty() && Self::muzi_lap_ends(&start.board, &probe)
        {
            return if meter.left > 0 {
                Reach::Yes
            } else {
                Reach::Undecided
            };
        }
        for k in offsets.iter() {
            match self.after_drop(&start, &probe, k, meter) {
                (met, Onward::Ends { captures }) if goal == Goal::Finish || captures || met => {
                    return Reach::Yes
                }
                (_, Onward::Undecided) => undecided = true,
                _ => {}
            }
        }
        let mut stack = vec![(start, first, goal)];
        let mut visited = Visited::default();
        while let Some((node, first, goal)) = stack.pop() {
            if !visited.insert((node, first, goal)) {
                continue;
            }
            let probe = Self::probe(t, &node, first);
            for k in self.drop_offsets(&node.board, &probe).iter() {
                let (met, onward) = self.after_drop(&node, &probe, k, meter);
                let goal = match goal {
                    // A meeting is a capture; under `stop` even a move that then never ends
                    // keeps it.
                    Goal::Capture if met && self.endless_stop => return Reach::Yes,
                    Goal::Capture if met => Goal::Finish,
                    goal => goal,
                };
                match onward {
                    Onward::Ends { captures } if goal == Goal::Finish || captures => {
                        return Reach::Yes
                    }
                    Onward::Node(next) if !avoid.contains(&next) => stack.push((next, false, goal)),
                    Onward::Undecided => undecided = true,
                    _ => {}
                }
            }
        }
        if undecided {
            Reach::Undecided
        } else {
            Reach::No
        }
    }

    /// Why `side` may not start a move from ring hole `index` that way, without words: move
    /// lists ask this for every hole after every move.
    fn start_refusal(&self, board: &Board, side: Side, index: usize, ccw: bool) -> Option<Refusal> {
        if board.sector(side) >> index & 1 == 0 {
            return Some(Refusal::NotSector);
        }
        if board.is_empty(index) {
            return Some(Refusal::Empty);
        }
        if let Some(m) = board.muzi_at(index) {
            let next = step(index, ccw, 1);
            if board.holes[index] == 0 && board.muzi[m.other().index()] == Some(next as u8) {
                return Some(Refusal::Singleton);
            }
            if board.owned != 0
                && self
                    .drop_offsets(board, &self.start_turn(side, index, ccw))
                    .is_empty()
            {
                return Some(Refusal::OwnedMuzi);
            }
        }
        None
    }

    /// `start_refusal`, and under `dong-wo.endless=illegal` a move no choice of drops ends.
    fn sow_refusal(&self, board: &Board, side: Side, index: usize, ccw: bool) -> Option<Refusal> {
        if let Some(refusal) = self.start_refusal(board, side, index, ccw) {
            return Some(refusal);
        }
        if self.endless_stop {
            return None;
        }
        match self.move_can_end(board, side, index, ccw, Goal::Finish) {
            Reach::Yes => None,
            Reach::No => Some(Refusal::Endless),
            Reach::Undecided => Some(Refusal::Undecided),
        }
    }

    /// Whether the move of `side` from ring hole `index` that way, whose start is allowed, can
    /// end meeting `goal` by some choice of drops, looking ahead at most the lap budget.
    fn move_can_end(
        &self,
        board: &Board,
        side: Side,
        index: usize,
        ccw: bool,
        goal: Goal,
    ) -> Reach {
        if let Some(captures) = self.first_lap_ends(board, index, ccw) {
            return Reach::from(goal == Goal::Finish || captures);
        }
        let t = self.start_turn(side, index, ccw);
        let mut meter = Meter {
            left: self.max_laps,
        };
        let onward = self.onward(
            Snap {
                board: *board,
                next: t.next,
            },
            ccw,
            &mut meter,
        );
        let first = board.muzi_at(index).is_some();
        self.leads_to_end(onward, &t, (first, goal), &[], &mut meter)
    }

    /// The refusal of `what` (a move, a drop) whose way on was not decided within the budget.
    fn undecided_move(&self, what: impl fmt::Display, lap: u32) -> Violation {
        undecided(
            what,
            format_args!(
                "from lap {lap} on, its relay neither ended nor came back to a state it was in, or the look-ahead for a drop that ends it found none, within {} laps",
                self.max_laps
            ),
            self.max_laps,
        )
    }

    /// Whether a move from ring hole `index` ends with its first lap, seen from the board
    /// without playing it: `Some(captures)` if so. Most moves do, and every move list and
    /// every "has he a move" asks this, so it is answered in a few steps when it can be:
    /// a lap of at most nine stones without a muzi leaves the hole after its last stone as it
    /// was (or, with nine, that is the emptied start). `None` when the lap must be played.
    fn first_lap_ends(&self, board: &Board, index: usize, ccw: bool) -> Option<bool> {
        let n = board.holes[index] as usize;
        if n == 0 || board.muzi_at(index).is_some() || !Self::lap_ends(board, index, n, ccw) {
            return None;
        }
        // The chain's first hole: untouched by the lap below nine stones, except the emptied
        // start after eight; after nine, the first hole sown, which keeps its stone unless
        // the stone goes on to the hole's owner.
        let first = step(index, ccw, n + 2);
        let captures = match n {
            8 => false,
            9 => !(board.is_empty(first) && self.owned_banks && board.owner(first).is_some()),
            _ => !board.is_empty(first),
        };
        Some(captures)
    }

    /// A refusal in words.
    fn refusal_violation(
        &self,
        board: &Board,
        side: Side,
        hole: Hole,
        ccw: bool,
        refusal: Refusal,
    ) -> Violation {
        let (rule, message) = match refusal {
            Refusal::NotSector => {
                let why = match ring_index(hole).and_then(|i| board.owner(i)) {
                    Some(owner) => format!("{hole} is won or bought by {owner}"),
                    None if hole.side == side => format!("{hole} is not in play"),
                    None => format!("{hole} is in {}'s row and {side} does not own it", hole.side),
                };
                ("dong-wo.sector", format!("{why}: {side} moves from his own row's holes and the holes he owns in the other row"))
            }
            Refusal::Empty => ("dong-wo.sow.start", format!("{hole} is empty")),
            Refusal::Singleton => {
                let index = ring_index(hole).expect("a ring hole");
                let m = board.muzi_at(index).expect("a muzi");
                (
                    "dong-wo.muzi.singleton",
                    format!(
                        "{hole} holds {m}'s muzi alone and the next hole that way, {}, holds the other muzi: a muzi singleton may not be played toward it in the first lap",
                        ring_hole(step(index, ccw, 1))
                    ),
                )
            }
            Refusal::OwnedMuzi => (
                "dong-wo.owned.muzi",
                format!("the first lap from {hole} could drop the muzi only into a hole {side} owns, which he may not do"),
            ),
            Refusal::Endless => (
                "dong-wo.endless",
                format!("{hole}{} never ends: whatever the muzi drops, the relay keeps coming back to states it was in and would go round forever; such a move is not allowed", if ccw { '>' } else { '<' }),
            ),
            Refusal::Undecided => {
                return self.undecided_move(
                    format_args!("whether {hole}{} can end", if ccw { '>' } else { '<' }),
                    0,
                )
            }
        };
        Violation::new(rule, message)
    }

    /// Where `side` may start a move from `hole`: its ring index, or why not.
    fn check_start(
        &self,
        board: &Board,
        side: Side,
        hole: Hole,
        ccw: bool,
    ) -> Result<usize, Violation> {
        let index = ring_index(hole)
            .ok_or_else(|| self.refusal_violation(board, side, hole, ccw, Refusal::NotSector))?;
        match self.start_refusal(board, side, index, ccw) {
            None => Ok(index),
            Some(refusal) => Err(self.refusal_violation(board, side, hole, ccw, refusal)),
        }
    }

    fn start_turn(&self, side: Side, index: usize, ccw: bool) -> InMove {
        InMove {
            mover: side,
            ccw,
            lap: 0,
            next: index as u8,
            seen: Vec::new(),
            stop: None,
            sown: 0,
            acted: false,
        }
    }

    /// Whether `side` has a legal move: [`Reach::Undecided`] when he has none decided but a
    /// move whose end was not decided within the lap budget, which may be legal.
    fn has_move(&self, board: &Board, side: Side) -> Reach {
        let candidates = board.sector(side) & board.occupied();
        // A hole without a muzi may always start a move, and most positions have one whose
        // first lap ends it, which is seen without playing it: only the rest are played ahead.
        let plain = candidates & !board.muzi_mask();
        if plain != 0
            && (self.endless_stop
                || holes_of(plain).any(|i| {
                    [true, false]
                        .into_iter()
                        .any(|ccw| self.first_lap_ends(board, i, ccw).is_some())
                }))
        {
            return Reach::Yes;
        }
        let mut undecided = false;
        for i in holes_of(candidates) {
            for ccw in [true, false] {
                match self.sow_refusal(board, side, i, ccw) {
                    None => return Reach::Yes,
                    Some(Refusal::Undecided) => undecided = true,
                    Some(_) => {}
                }
            }
        }
        if undecided {
            Reach::Undecided
        } else {
            Reach::No
        }
    }

    /// Whether some legal move of either player, each as if he were to move, captures.
    fn capture_possible(&self, board: &Board) -> Reach {
        let mut undecided = false;
        for side in [Side::A, Side::B] {
            for i in holes_of(board.sector(side)) {
                for ccw in [true, false] {
                    // A move that can end with a capture can end: the endless test is implied.
                    if self.start_refusal(board, side, i, ccw).is_none() {
                        match self.move_can_end(board, side, i, ccw, Goal::Capture) {
                            Reach::Yes => return Reach::Yes,
                            Reach::Undecided => undecided = true,
                            Reach::No => {}
                        }
                    }
                }
            }
        }
        if undecided {
            Reach::Undecided
        } else {
            Reach::No
        }
    }

    /// Whether no capture is possible any more, for the round-end test; refused under
    /// `mgn.limit.laps` when some move's capture was not decided within the budget.
    fn no_capture_possible(&self, board: &Board) -> Result<bool, Violation> {
        match self.capture_possible(board) {
            Reach::Yes => Ok(false),
            Reach::No => Ok(true),
            Reach::Undecided => Err(undecided(
                "the round-end test after this move (can a capture still be made?)",
                format_args!(
                    "no move of either player was found to capture, and the look-ahead of some move did not end within {} laps",
                    self.max_laps
                ),
                self.max_laps,
            )),
        }
    }

    /// The round-end test: `Some(winner)` when the round is over.
    fn round_end(&self, board: &Board) -> Result<Option<(Option<Side>, &'static str)>, Violation> {
        // Every wording ends a round only when each player has at most one piece left in his
        // regular holes: two occupied holes rule that out at a glance, after nearly every move.
        let occupied = board.occupied();
        if [Side::A, Side::B]
            .into_iter()
            .any(|side| (board.regular(side) & occupied).count_ones() > 1)
        {
            return Ok(None);
        }
        let a = board.count(Side::A, self.muzi_count);
        let b = board.count(Side::B, self.muzi_count);
        let winner = match (a, b) {
            (1, 0) => Some(Side::A),
            (0, 1) => Some(Side::B),
            _ => None,
        };
        Ok(if self.catalan_end {
            match (a, b) {
                (0, 0) => Some((None, "dong-wo.round-end")),
                (1, 0) | (0, 1) => Some((winner, "dong-wo.round-end")),
                (1, 1) if self.no_capture_possible(board)? => {
                    Some((None, "dong-wo.round-end.capture-test"))
                }
                _ => None,
            }
        } else if a < 2 && b < 2 && self.no_capture_possible(board)? {
            Some((winner, "dong-wo.round-end"))
        } else {
            None
        })
    }

    /// Tianzi for `side`, if it applies: one stone from his winnings into each of his empty
    /// regular holes, borrowing from the opponent when short.
    fn tianzi<S: EventSink>(
        &self,
        state: &mut DongWoState,
        side: Side,
        sink: &mut S,
    ) -> Result<(), Violation> {
        let board = &state.board;
        let holes = board.regular(side);
        if holes & board.occupied() != 0 || board.count_in(board.regular(side.other()), 5) < 2 {
            return Ok(());
        }
        let need = holes.count_ones();
        let own = state.winnings[side.index()].seeds.min(need);
        let borrow = (need - own).min(state.winnings[side.other().index()].seeds);
        Self::lend(state, side, borrow, "dong-wo.tianzi.borrow", sink)?;
        for i in holes_of(holes).take((own + borrow) as usize) {
            state.winnings[side.index()].seeds -= 1;
            state.board.holes[i] += 1;
            sink.event(Event::Refill {
                hole: ring_hole(i),
                seeds: 1,
            });
        }
        Ok(())
    }

    /// What went to the owners of won or bought holes during the move goes into their
    /// winnings.
    fn settle(state: &mut DongWoState) {
        let board = &mut state.board;
        for side in [Side::A, Side::B] {
            state.winnings[side.index()].seeds += board.banked[side.index()] as u32;
            board.banked[side.index()] = 0;
            if let Some(at) = board.muzi[side.index()].filter(|&at| at >= BANKED) {
                let owner = if at == BANKED { Side::A } else { Side::B };
                set_muzi(&mut state.winnings[owner.index()], side);
                board.muzi[side.index()] = None;
            }
        }
    }

    /// Everything after a move: tianzi, the round-end test, the next player. Refused only
    /// when a stone lent would take a debt past `u32::MAX`; the caller then undoes the move.
    fn end_of_move<S: EventSink>(
        &self,
        state: &mut DongWoState,
        mover: Side,
        sink: &mut S,
    ) -> Result<(), Violation> {
        Self::settle(state);
        state.turn = None;
        // Tianzi needs a player's regular holes all empty, which one's tianzi does not change
        // for the other: one look at the board tells which of them to try.
        let occupied = state.board.occupied();
        for side in [mover.other(), mover] {
            if state.board.regular(side) & occupied == 0 {
                self.tianzi(state, side, sink)?;
            }
        }
        state.to_move = mover.other();
        // Between rounds the side to move is never stuck: the next round's board is new.
        state.stuck = false;
        // A player whose moves were not decided within the lap budget is not stuck: a pass
        // written for him is refused under `mgn.limit.laps`.
        let ended = self.round_end(&state.board)?.or_else(|| {
            state.stuck = self.has_move(&state.board, state.to_move) == Reach::No;
            (state.stuck && self.has_move(&state.board, mover) == Reach::No)
                .then_some((None, "dong-wo.turn"))
        });
        sink.event(Event::TurnEnd {
            next: state.to_move,
        });
        if let Some((winner, rule)) = ended {
            sink.event(Event::RoundEnd {
                round: state.round,
                winner,
                rule,
            });
            if self.one_round {
                state.over = Some(winner);
                sink.event(Event::GameEnd {
                    winner,
                    rule: "dong-wo.game.length",
                });
                return Ok(());
            }
            self.gather(state, sink);
            // The side to move shown between rounds is the next round's first player.
            state.to_move = state.first.other();
            state.between = Some(Between {
                winner,
                begun: false,
                filled: 0,
                fill_made: false,
                just_won: None,
            });
            if let Some(winner) = winner {
                let holes: Vec<usize> = self.winnable(&state.board, winner).collect();
                match holes[..] {
                    // The loser has no hole left to give but his muzi's: nothing changes hands.
                    [] => state.between.as_mut().expect("just set").winner = None,
                    // No choice: the winner takes it now (and may end the game with it).
                    [only] => {
                        let mut events = Vec::new();
                        self.take_hole(state, winner, only, &mut events)?;
                        for event in events {
                            sink.event(event);
                        }
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// dong-wo.round.gather: at the end of a round the pieces left in regular holes go to
    /// their row's player (a muzi home to its owner); owned holes keep theirs.
    fn gather<S: EventSink>(&self, state: &mut DongWoState, sink: &mut S) {
        for side in [Side::A, Side::B] {
            for i in holes_of(state.board.regular(side)) {
                let pile = state.board.pile(i);
                if pile.seeds == 0 && pile.muzi == Muzi::NONE {
                    continue;
                }
                state.board.clear(i);
                state.winnings[side.index()].seeds += pile.seeds;
                if pile.seeds > 0 {
                    sink.event(Event::Gather {
                        hole: ring_hole(i),
                        seeds: pile.seeds,
                        by: side,
                        rule: "dong-wo.round.gather",
                    });
                }
                for m in [Side::A, Side::B] {
                    if pile.muzi.has(m) {
                        set_muzi(&mut state.winnings[m.index()], m);
                        sink.event(Event::Capture {
                            hole: ring_hole(i),
                            pile: Pile {
                                seeds: 0,
                                muzi: Muzi::of(m),
                            },
                            by: m,
                            rule: "dong-wo.round.gather",
                        });
                    }
                }
            }
        }
    }

    /// The holes of the loser's row the round's `winner` may take: regular, not the muzi's
    /// end hole.
    fn winnable(&self, board: &Board, winner: Side) -> impl Iterator<Item = usize> {
        let end = self.end_hole(winner.other());
        holes_of(board.regular(winner.other())).filter(move |&i| i != end)
    }

    /// The end hole where `side`'s muzi starts each round.
    fn end_hole(&self, side: Side) -> usize {
        match (side, self.muzi_left) {
            (Side::A, true) => 9,
            (Side::B, true) => 0,
            (Side::A, false) => 5,
            (Side::B, false) => 4,
        }
    }

    /// The move ended with `t.next` empty: the capture chain, then the end of the move.
    fn finish<S: EventSink>(
        &self,
        state: &mut DongWoState,
        t: &InMove,
        sink: &mut S,
    ) -> Result<(), Violation> {
        if let Some((step, action)) = state.pending.first() {
            return Err(Violation::new(
                "dong-wo.owned",
                format!(
                    "~{step}{}{}: the move sows {} pieces, and the action comes after its end",
                    action.kind.sigil(),
                    action.hole,
                    t.sown
                ),
            ));
        }
        // The capture chain: the hole after the empty one, and on while each captured hole is
        // followed by an empty hole and then an occupied one.
        let mut empty = t.next as usize;
        for n in 0.. {
            let c = step(empty, t.ccw, 1);
            if state.board.is_empty(c) {
                break;
            }
            let pile = state.board.pile(c);
            state.board.clear(c);
            let w = &mut state.winnings[t.mover.index()];
            w.seeds += pile.seeds;
            w.muzi.a |= pile.muzi.a;
            w.muzi.b |= pile.muzi.b;
            sink.event(Event::Capture {
                hole: ring_hole(c),
                pile,
                by: t.mover,
                rule: if n == 0 {
                    "dong-wo.capture"
                } else {
                    "dong-wo.capture.chain"
                },
            });
            empty = step(c, t.ccw, 1);
            if !state.board.is_empty(empty) {
                break;
            }
        }
        self.end_of_move(state, t.mover, sink)
    }

    /// Go on with the turn `t` from the board of `state` after a lap (or at the start): the
    /// runs of laps without a muzi, up to the move's end, a muzi lap, or an endless stop.
    /// `last_lap` is the lap just played, whose end this reports.
    ///
    /// Under `dong-wo.endless=illegal` a move (or a drop) is refused when no choice of drops
    /// ends it. Nothing has checked that beforehand: the laps are played as they are checked,
    /// and `never_ends` is the refusal if the relay goes round for good or reaches a muzi lap
    /// from which no drop ends the move. The caller undoes the laps then. `what` is the
    /// decision played (the move, or the drop), for a refusal under `mgn.limit.laps`.
    fn proceed<S: EventSink>(
        &self,
        state: &mut DongWoState,
        mut t: InMove,
        mut last_lap: Option<usize>,
        (what, never_ends): (DongWoDecision, impl FnOnce() -> Violation),
        sink: &mut S,
    ) -> Result<(), Violation> {
        let undecided = |lap: u32| {
            let what = match what {
                DongWoDecision::Drop { .. } => format!("the move after {what}"),
                _ => what.to_string(),
            };
            self.undecided_move(what, lap)
        };
        let lap_end = |sink: &mut S, lap: u32, last: usize, rule: &'static str| {
            sink.event(Event::LapEnd {
                hole: ring_hole(last),
                lap,
                rule,
            })
        };
        // Laps played at once with their events: while owner actions wait for their piece
        // (they apply within the lap), and under `illegal`, where a run that goes on long is
        // tested for a cycle once. Otherwise (under `stop`, or after owner actions) a run may
        // never end, and is first followed with the detection, which also says where it stops.
        let mut laps_unchecked = 0;
        // Where this run of plain laps starts: a run tested for a cycle is followed from there,
        // so that the budget counts the move's laps exactly.
        let run_start = (
            Snap {
                board: state.board,
                next: t.next,
            },
            t.lap,
        );
        loop {
            let anchored = !state.pending.is_empty();
            if !anchored && (self.endless_stop || t.acted) {
                break;
            }
            let next = t.next as usize;
            if state.board.is_empty(next) || state.board.muzi_at(next).is_some() {
                break;
            }
            if u64::from(t.lap) >= self.max_laps {
                // Owner actions waiting for a piece the budget's laps do not reach.
                return Err(undecided(t.lap));
            }
            if !anchored {
                laps_unchecked += 1;
                if laps_unchecked == PLAIN_LAPS {
                    let (mut ahead, from) = run_start;
                    let budget = self.max_laps - u64::from(from);
                    match self.run(&mut ahead, t.ccw, budget).0 {
                        RunEnd::Endless { .. } => return Err(never_ends()),
                        RunEnd::Undecided => return Err(undecided(from)),
                        RunEnd::Ends | RunEnd::Muzi => {}
                    }
                }
            }
            if let Some(last) = last_lap {
                lap_end(sink, t.lap, last, "dong-wo.lap.relay");
            }
            t.lap += 1;
            let mut s = Snap {
                board: state.board,
                next: t.next,
            };
            let last = if anchored {
                let mut anchors = Anchors {
                    pending: &mut state.pending,
                    winnings: &mut state.winnings,
                    sown: &mut t.sown,
                };
                self.plain_lap(&mut s, t.ccw, t.lap, sink, &mut anchors)?
            } else {
                self.plain_lap(&mut s, t.ccw, t.lap, sink, &mut ())?
            };
            last_lap = Some(last);
            state.board = s.board;
            t.next = s.next;
        }
        if state.board.is_empty(t.next as usize) {
            if let Some(last) = last_lap {
                lap_end(sink, t.lap, last, "dong-wo.lap.end");
            }
            return self.finish(state, &t, sink);
        }
        let mut s = Snap {
            board: state.board,
            next: t.next,
        };
        let left = self.max_laps.saturating_sub(u64::from(t.lap));
        let (end, laps) = self.run(&mut s, t.ccw, left);
        if end == RunEnd::Undecided {
            return Err(undecided(t.lap));
        }
        // What the look-aheads below may follow: the move's laps left after the run.
        let meter = Meter { left: left - laps };
        let can_end = |t: &InMove| {
            let mut meter = meter;
            self.leads_to_end(Onward::Node(s), t, (false, Goal::Finish), &[], &mut meter)
        };
        let undecided_here = |t: &InMove| undecided(t.lap + laps as u32);
        if !self.endless_stop && !t.acted && end == RunEnd::Muzi {
            match can_end(&t) {
                Reach::Yes => {}
                Reach::No => return Err(never_ends()),
                Reach::Undecided => return Err(undecided_here(&t)),
            }
        }
        if !self.endless_stop && t.acted && state.pending.is_empty() {
            // Owner actions changed the move's course, which the look-ahead of its start and
            // of its drops did not foresee: whether it can still end is judged now.
            let dead = match end {
                RunEnd::Endless { .. } => true,
                RunEnd::Muzi => match can_end(&t) {
                    Reach::Yes => false,
                    Reach::No => true,
                    Reach::Undecided => return Err(undecided_here(&t)),
                },
                RunEnd::Ends | RunEnd::Undecided => false,
            };
            if dead {
                return Err(Violation::new(
                    "dong-wo.endless",
                    format!("after lap {} the move never ends, whatever the muzi drops; such a move is not allowed", t.lap),
                ));
            }
        }
        // Under `stop`, a move that comes back to a muzi-lap state from which no choice of
        // drops ends it has gone round for good: the mover stops there.
        let stops = match end {
            RunEnd::Ends | RunEnd::Undecided => false,
            RunEnd::Endless { .. } => true,
            RunEnd::Muzi if t.seen.contains(&s) => match can_end(&t) {
                Reach::Yes => false,
                Reach::No => true,
                Reach::Undecided => return Err(undecided_here(&t)),
            },
            RunEnd::Muzi => false,
        };
        let final_rule = match end {
            RunEnd::Ends => "dong-wo.lap.end",
            _ if stops => "dong-wo.endless",
            _ => "dong-wo.lap.relay",
        };
        if let Some(last) = last_lap {
            let rule = if laps == 0 {
                final_rule
            } else {
                "dong-wo.lap.relay"
            };
            lap_end(sink, t.lap, last, rule);
        }
        let run_from = t.lap;
        if sink.keeps_events() {
            // Play the run again, with its events.
            let mut s = Snap {
                board: state.board,
                next: t.next,
            };
            for n in 0..laps {
                t.lap += 1;
                let last = self.plain_lap(&mut s, t.ccw, t.lap, sink, &mut ())?;
                let rule = if n + 1 == laps {
                    final_rule
                } else {
                    "dong-wo.lap.relay"
                };
                lap_end(sink, t.lap, last, rule);
            }
            state.board = s.board;
            t.next = s.next;
        } else {
            // Nothing reads the laps: the run's end is known, and an endless run stops where
            // it was after its first mu laps.
            if let RunEnd::Endless { mu, .. } = end {
                for _ in 0..mu {
                    self.plain_lap(&mut s, t.ccw, 0, sink, &mut ())?;
                }
            }
            t.lap += laps as u32;
            state.board = s.board;
            t.next = s.next;
        }
        if let RunEnd::Endless { mu, lambda } = end {
            // Laps are within the budget, a u32.
            sink.event(Event::Cycle {
                mu: run_from + mu as u32,
                lambda: lambda as u32,
                times: 1,
                stop: t.lap,
                rule: "dong-wo.endless",
            });
        }
        if end == RunEnd::Ends {
            return self.finish(state, &t, sink);
        }
        if stops {
            // Only reached under dong-wo.endless=stop: under `illegal` every drop played
            // could still end the move.
            t.stop = Some(t.lap);
        } else if !t.seen.contains(&s) {
            t.seen.push(s);
        }
        Self::settle(state);
        state.turn = Some(t);
        Ok(())
    }

    /// The drops listed at a muzi lap: under `illegal` those after which the move can still
    /// end; under `stop` every legal drop. Either way a drop that only loops back to a state
    /// this move was in and could leave another way is left out, so that perft and random play
    /// count each move once (a loop is legal in a record, just never needed).
    fn decisions_in_turn(&self, state: &DongWoState, t: &InMove, out: &mut Vec<DongWoDecision>) {
        if let Some(lap) = t.stop {
            out.push(DongWoDecision::Stop { lap });
            return;
        }
        let node = Snap {
            board: state.board,
            next: t.next,
        };
        // A drop whose way on is not decided within the lap budget is listed: it may be legal,
        // and `apply` refuses it under `mgn.limit.laps`.
        let left = self.max_laps.saturating_sub(u64::from(t.lap));
        for k in self.drop_offsets(&state.board, t).iter() {
            let mut meter = Meter { left };
            let (_, onward) = self.after_drop(&node, t, k, &mut meter);
            let mut can_end = |avoid: &[Snap]| {
                self.leads_to_end(onward, t, (false, Goal::Finish), avoid, &mut meter)
            };
            let listed = match onward {
                Onward::Ends { .. } | Onward::Undecided => true,
                Onward::Endless => self.endless_stop,
                Onward::Node(next) if t.seen.contains(&next) => {
                    self.endless_stop && can_end(&[]) != Reach::Yes
                }
                Onward::Node(_) => self.endless_stop || can_end(&t.seen) != Reach::No,
            };
            if listed {
                out.push(DongWoDecision::Drop {
                    drop: self.drop_at(t, k),
                });
            }
        }
    }
}
fn direction(ccw: bool) -> Direction {
    if ccw {
        Direction::CounterClockwise
    } else {
        Direction::Clockwise
    }
}

impl Rules for DongWo {
    type State = DongWoState;
    type Decision = DongWoDecision;

    fn def(&self) -> &'static GameDef {
        &DEF
    }

    fn start(&self, first: Side) -> DongWoState {
        let (a, b) = if self.muzi_left { (9, 0) } else { (5, 4) };
        let mut holes = [5u8; N];
        holes[a] = 0;
        holes[b] = 0;
        DongWoState {
            board: Board {
                holes,
                muzi: [Some(a as u8), Some(b as u8)],
                owned: 0,
                banked: [0; 2],
            },
            winnings: [Pile::default(); 2],
            debts: [0, 0],
            to_move: first,
            turn: None,
            over: None,
            round: 1,
            first,
            between: None,
            pending: Vec::new(),
            stuck: false,
        }
    }

    fn state_from_position(&self, position: &Position) -> Result<DongWoState, Violation> {
        let shape = |m: String| Violation::new("mgn.position.shape", m);
        let mut board = Board {
            holes: [0; N],
            muzi: [None, None],
            owned: 0,
            banked: [0; 2],
        };
        let mut seen = [0u32; 2];
        // Summed in u64: two winnings of 2^31 would wrap a u32 total round to 40.
        let mut smalls = 0u64;
        for side in [Side::A, Side::B] {
            let holes = &position.holes[side.index()];
            if holes.len() != 5 {
                return Err(shape(format!(
                    "Dong Wo rows have 5 holes; {side}'s has {}",
                    holes.len()
                )));
            }
            for (n, h) in holes.iter().enumerate() {
                let i = ring_index(Hole::new(side, n as u32 + 1)).expect("1..5");
                if h.out_of_play {
                    return Err(shape(format!(
                        "{side}{}: Dong Wo has no holes out of play; a lost hole is owned by the other player (`@{}`)",
                        n + 1,
                        side.other()
                    )));
                }
                match h.owner {
                    Some(owner) if owner == side => {
                        return Err(shape(format!(
                        "{side}{}: a hole of {side}'s row is his unless {} owns it; write no owner",
                        n + 1,
                        side.other()
                    )))
                    }
                    Some(_) if i == self.end_hole(side) => {
                        return Err(shape(format!(
                            "{side}{}: the muzi's end hole is never won or bought",
                            n + 1
                        )))
                    }
                    Some(_) => board.owned |= 1 << i,
                    None => {}
                }
                if h.pile.muzi.count() > 1 {
                    return Err(shape(format!(
                        "{side}{}: the two muzi never share a hole",
                        n + 1
                    )));
                }
                if h.pile.seeds > SMALL_STONES {
                    return Err(shape(format!(
                        "{side}{} holds {} small stones; the game has {SMALL_STONES}",
                        n + 1,
                        h.pile.seeds
                    )));
                }
                board.holes[i] = h.pile.seeds as u8;
                smalls += u64::from(h.pile.seeds);
                for m in [Side::A, Side::B] {
                    if h.pile.muzi.has(m) {
                        board.muzi[m.index()] = Some(i as u8);
                        seen[m.index()] += 1;
                    }
                }
            }
        }
        for pile in position.stores {
            smalls += u64::from(pile.seeds);
            for m in [Side::A, Side::B] {
                seen[m.index()] += pile.muzi.has(m) as u32;
            }
        }
        if smalls != u64::from(SMALL_STONES) || seen != [1, 1] {
            return Err(shape(format!(
                "a Dong Wo position holds {SMALL_STONES} small stones and each muzi once (holes and winnings); this one has {smalls} small stones, A's muzi {} times and B's {}",
                seen[0], seen[1]
            )));
        }
        let mut winnings = position.stores;
        for w in &mut winnings {
            w.muzi = Muzi {
                a: w.muzi.a,
                b: w.muzi.b,
            };
        }
        Ok(DongWoState {
            board,
            winnings,
            debts: position.debts,
            to_move: position.to_move,
            turn: None,
            over: None,
            round: position.round,
            first: position.to_move,
            between: None,
            pending: Vec::new(),
            stuck: self.has_move(&board, position.to_move) == Reach::No,
        })
    }

    fn row_states<'a>(
        &'a self,
        state: &'a DongWoState,
        side: Side,
    ) -> impl ExactSizeIterator<Item = HoleState> + 'a {
        row(side).map(|i| state.board.hole_state(i))
    }

    fn position_head(&self, state: &DongWoState) -> PositionHead {
        PositionHead {
            stores: state.winnings,
            to_move: state.to_move,
            round: state.round,
            debts: state.debts,
        }
    }

    fn phase(&self, state: &DongWoState) -> Phase {
        if let Some(winner) = state.over {
            return Phase::Over { winner };
        }
        if let Some(between) = &state.between {
            // The transactions and the fill come before the round's first move.
            return if between.begun {
                Phase::ToMove(state.to_move)
            } else {
                Phase::RoundOver { round: state.round }
            };
        }
        if state.turn.is_none() && !state.pending.is_empty() {
            return Phase::Continue {
                side: state.to_move,
                rule: "dong-wo.owned",
            };
        }
        if let Some(t) = &state.turn {
            return Phase::Continue {
                side: t.mover,
                rule: if t.stop.is_some() {
                    "dong-wo.endless"
                } else {
                    "dong-wo.muzi.drop"
                },
            };
        }
        if state.stuck {
            return Phase::MustPass {
                side: state.to_move,
                rule: "dong-wo.turn",
            };
        }
        Phase::ToMove(state.to_move)
    }

    fn round(&self, state: &DongWoState) -> u32 {
        state.round
    }

    fn decisions(&self, state: &DongWoState, out: &mut Vec<DongWoDecision>) {
        out.clear();
        if state.over.is_some() {
            return;
        }
        if let Some(t) = &state.turn {
            self.decisions_in_turn(state, t, out);
            return;
        }
        let ready;
        let mut board = &state.board;
        if state.between.is_some() {
            let Some(completed) = self.deals(state, out) else {
                return;
            };
            ready = completed;
            if out.iter().any(|d| {
                matches!(
                    d,
                    DongWoDecision::Deal {
                        deal: Transaction::Win { .. }
                    }
                )
            }) || ready.over.is_some()
            {
                return;
            }
            board = &ready.board;
        }
        let side = state.to_move;
        let moves = out.len();
        for i in holes_of(board.sector(side)) {
            for ccw in [true, false] {
                // A move whose end was not decided within the lap budget is listed: it may be
                // legal, and `apply` refuses it under `mgn.limit.laps`.
                if let None | Some(Refusal::Undecided) = self.sow_refusal(board, side, i, ccw) {
                    out.push(DongWoDecision::Sow {
                        hole: ring_hole(i),
                        direction: direction(ccw),
                    });
                }
            }
        }
        if out.len() == moves {
            out.push(DongWoDecision::Pass);
        }
    }

    fn alternatives(&self, state: &DongWoState) -> Vec<String> {
        let mut decisions = Vec::new();
        self.decisions(state, &mut decisions);
        let in_play = state.turn.is_none() && state.between.is_none();
        decisions
            .iter()
            .map(|d| match *d {
                // A move listed because whether it can end was not decided within the budget.
                DongWoDecision::Sow { hole, direction }
                    if in_play
                        && ring_index(hole).is_some_and(|i| {
                            let ccw = direction == Direction::CounterClockwise;
                            self.sow_refusal(&state.board, state.to_move, i, ccw)
                                == Some(Refusal::Undecided)
                        }) =>
                {
                    format!("{d} (not decided within {} laps)", self.max_laps)
                }
                _ => d.to_string(),
            })
            .collect()
    }

    fn apply<S: EventSink>(
        &self,
        state: &mut DongWoState,
        decision: &DongWoDecision,
        sink: &mut S,
    ) -> Result<(), Violation> {
        if state.over.is_some() {
            return Err(Violation::new("mgn.game.over", "the game is over"));
        }
        // Transactions, owner actions, the first move after a round's transactions, and a
        // move with owner actions inside work on a copy, so that a refusal half-way changes
        // nothing.
        let between_move = state.between.is_some()
            && matches!(decision, DongWoDecision::Sow { .. } | DongWoDecision::Pass);
        let anchored = !state.pending.is_empty()
            && matches!(
                decision,
                DongWoDecision::Sow { .. } | DongWoDecision::Drop { .. }
            );
        if between_move
            || anchored
            || matches!(
                decision,
                DongWoDecision::Deal { .. } | DongWoDecision::Act { step: None, .. }
            )
        {
            let mut next = state.clone();
            // The events go straight to the sink, and are withdrawn if the decision is
            // refused: a move's events may be many (a stopped endless move).
            let mark = sink.mark();
            let played = self.apply_on_copy(&mut next, decision, sink);
            if played.is_err() {
                sink.withdraw(mark);
                return played;
            }
            *state = next;
            return Ok(());
        }
        self.play(state, decision, sink)
    }

    fn implied(
        &self,
        state: &DongWoState,
        written: Option<&DongWoDecision>,
    ) -> Option<DongWoDecision> {
        let t = state.turn.as_ref()?;
        if t.stop.is_some() {
            return None;
        }
        // A written drop into a hole of this lap is this lap's drop, legal or not; one that is
        // not in this lap belongs to a later lap, and this lap's forced drop was left out.
        if let Some(DongWoDecision::Drop { drop }) = written {
            let pieces = state.board.holes[t.next as usize] as usize + 1;
            if self.offset_of(t, pieces, *drop).is_some() {
                return None;
            }
        }
        let offsets = self.drop_offsets(&state.board, t);
        match offsets.0.count_ones() {
            1 => Some(DongWoDecision::Drop {
                drop: self.drop_at(t, offsets.0.trailing_zeros() as usize),
            }),
            _ => None,
        }
    }

    fn decisions_from_move_into(
        &self,
        written: &Move,
        out: &mut Vec<(DongWoDecision, MovePart)>,
    ) -> Result<(), Violation> {
        check_move_form(written, &MOVE_FORM)?;
        out.clear();
        let sowing = &written.sowings[0];
        let direction = sowing
            .direction
            .expect("the move form requires a direction");
        // Owner actions inside the move are queued first; each applies at its piece.
        out.extend(written.actions.iter().enumerate().map(|(i, a)| {
            (
                DongWoDecision::Act {
                    action: a.value.action,
                    step: Some(a.value.step),
                },
                MovePart::Action(i),
            )
        }));
        out.push((
            DongWoDecision::Sow {
                hole: sowing.hole.value,
                direction,
            },
            MovePart::Sowing(0),
        ));
        out.extend(sowing.muzi_drops.iter().enumerate().map(|(i, drop)| {
            (
                DongWoDecision::Drop { drop: drop.value },
                MovePart::MuziDrop(i),
            )
        }));
        if let Some(lap) = written.stopped_after_lap {
            out.push((DongWoDecision::Stop { lap }, MovePart::Whole));
        }
        Ok(())
    }

    fn begin_round<S: EventSink>(
        &self,
        state: &mut DongWoState,
        sink: &mut S,
    ) -> Result<(), Violation> {
        match &mut state.between {
            Some(between) if !between.begun => between.begun = true,
            _ => {
                return Err(Violation::new(
                    "mgn.round.marker",
                    format!("round {} is not over", state.round),
                ))
            }
        }
        state.round += 1;
        // dong-wo.next-round.first: «En les rondes posteriors alternen l'ordre».
        state.first = state.first.other();
        state.to_move = state.first;
        sink.event(Event::RoundStart {
            round: state.round,
            first: state.first,
        });
        Ok(())
    }

    fn decision_from_action(&self, action: &HoleAction) -> Result<DongWoDecision, Violation> {
        Ok(DongWoDecision::Act {
            action: *action,
            step: None,
        })
    }

    fn decision_from_transaction(&self, deal: &Transaction) -> Result<DongWoDecision, Violation> {
        Ok(DongWoDecision::Deal { deal: *deal })
    }

    fn pass_decision(&self) -> Option<DongWoDecision> {
        Some(DongWoDecision::Pass)
    }

    fn move_from_decisions(&self, turn: &[DongWoDecision]) -> Element {
        let spanned = |hole: Hole| Spanned::new(hole, Default::default());
        let anchored: Vec<_> = turn
            .iter()
            .map_while(|d| match *d {
                DongWoDecision::Act {
                    action,
                    step: Some(step),
                } => Some(Spanned::new(
                    AnchoredAction { step, action },
                    Default::default(),
                )),
                _ => None,
            })
            .collect();
        let turn = &turn[anchored.len()..];
        let (hole, direction) = match turn.first() {
            Some(&DongWoDecision::Sow { hole, direction }) => (hole, direction),
            Some(&DongWoDecision::Deal { deal }) => {
                return Element::Transaction(Spanned::new(deal, Default::default()))
            }
            Some(&DongWoDecision::Act { action, .. }) => {
                return Element::Action(Spanned::new(action, Default::default()))
            }
            _ => return Element::Pass(Spanned::new((), Default::default())),
        };
        let mut drops = Vec::new();
        let mut stop = None;
        for d in &turn[1..] {
            match *d {
                DongWoDecision::Drop { drop } => drops.push(Spanned::new(drop, Default::default())),
                DongWoDecision::Stop { lap } => stop = Some(lap),
                _ => {}
            }
        }
        Element::Move(Spanned::new(
            Move {
                sowings: Sowing {
                    hole: spanned(hole),
                    direction: Some(direction),
                    transfer_to: None,
                    muzi_drops: drops.into(),
                }
                .into(),
                extra_captures: Few::new(),
                actions: anchored.into(),
                stopped_after_lap: stop,
            },
            Default::default(),
        ))
    }
}

impl DongWo {
    /// A transaction, an owner action between moves, the first move after a round's
    /// transactions, or a move with owner actions inside, played on `next`, a copy of the
    /// state that the caller keeps only if it is not refused.
    fn apply_on_copy<S: EventSink>(
        &self,
        next: &mut DongWoState,
        decision: &DongWoDecision,
        sink: &mut S,
    ) -> Result<(), Violation> {
        // Transactions and owner actions report a few events, kept until they are done; a
        // move reports its own as it goes.
        let mut events = Vec::new();
        let report = |events: Vec<Event>, sink: &mut S| {
            for event in events {
                sink.event(event);
            }
        };
        match decision {
            DongWoDecision::Deal { deal } => {
                self.transact(next, deal, &mut events)?;
                report(events, sink);
            }
            DongWoDecision::Act { action, .. } => {
                if next.turn.is_some() {
                    return Err(Violation::new(
                        "dong-wo.owned",
                        "an owner action in the middle of a move is written in the move, after the piece it follows (`~12^A4`)",
                    ));
                }
                self.act(next, action, &mut events)?;
                report(events, sink);
                next.stuck = self.has_move(&next.board, next.to_move) == Reach::No;
            }
            _ => {
                if let Some(Between { begun: false, .. }) = next.between {
                    return Err(Violation::new(
                        "mgn.round.marker",
                        format!(
                            "round {} is over: `round {}` starts the next",
                            next.round,
                            next.round + 1
                        ),
                    ));
                }
                self.close_between(next, &mut events)?;
                report(events, sink);
                if next.over.is_none() {
                    self.play(next, decision, sink)?;
                }
            }
        }
        Ok(())
    }

    /// One decision of a turn (or an owner action queued for the move to come).
    fn play<S: EventSink>(
        &self,
        state: &mut DongWoState,
        decision: &DongWoDecision,
        sink: &mut S,
    ) -> Result<(), Violation> {
        match (*decision, state.turn.clone()) {
            (DongWoDecision::Sow { hole, direction }, None) => {
                let ccw = direction == Direction::CounterClockwise;
                let side = state.to_move;
                let index = self.check_start(&state.board, side, hole, ccw)?;
                // Owner actions inside the move change its course: whether it ends is judged
                // as it is played (in `proceed`).
                let t = InMove {
                    acted: !state.pending.is_empty(),
                    ..self.start_turn(side, index, ccw)
                };
                let board = state.board;
                let never_ends =
                    move || self.refusal_violation(&board, side, hole, ccw, Refusal::Endless);
                if state.board.muzi_at(index).is_some() {
                    if !self.endless_stop && !t.acted {
                        match self.move_can_end(&state.board, side, index, ccw, Goal::Finish) {
                            Reach::Yes => {}
                            Reach::No => return Err(never_ends()),
                            Reach::Undecided => {
                                let what = DongWoDecision::Sow { hole, direction };
                                return Err(self.undecided_move(format_args!("{what}"), 0));
                            }
                        }
                    }
                    // The first lap's state is not kept: a later lap back at it allows more
                    // drops (a singleton meeting), so it is another node.
                    state.turn = Some(t);
                    return Ok(());
                }
                self.played_or_undone(state, sink, |state, sink| {
                    let what = DongWoDecision::Sow { hole, direction };
                    self.proceed(state, t, None, (what, never_ends), sink)
                })
            }
            (DongWoDecision::Drop { drop }, Some(t)) if t.stop.is_none() => {
                let from = t.next as usize;
                let pieces = state.board.holes[from] as usize + 1;
                let lap = t.lap + 1;
                if u64::from(lap) > self.max_laps {
                    let what = DongWoDecision::Drop { drop };
                    return Err(self.undecided_move(format_args!("the move at {what}"), t.lap));
                }
                let k = self.offset_of(&t, pieces, drop).ok_or_else(|| {
                    Violation::new(
                        "dong-wo.muzi.drop",
                        format!(
                            "lap {lap} takes {} from {} and sows {} to {}: {drop_text} is not one of its holes",
                            pieces,
                            ring_hole(from),
                            ring_hole(step(from, t.ccw, 1)),
                            ring_hole(step(from, t.ccw, pieces)),
                            drop_text = DongWoDecision::Drop { drop },
                        ),
                    )
                })?;
                if !self.drop_offsets(&state.board, &t).contains(k) {
                    let at = step(from, t.ccw, k + 1);
                    return Err(if state.board.owner(at) == Some(t.mover) {
                        Violation::new(
                            "dong-wo.owned.muzi",
                            format!(
                                "{} is {}'s own won or bought hole: he drops a muzi there only when no other drop is left, in a later lap",
                                drop.hole, t.mover
                            ),
                        )
                    } else {
                        Violation::new(
                            "dong-wo.muzi.other-hole",
                            format!(
                                "{} holds the other muzi: a muzi drops there only as a singleton in a later lap",
                                drop.hole
                            ),
                        )
                    });
                }
                let never_ends = || {
                    Violation::new(
                        "dong-wo.endless",
                        format!("after {} the move never ends: whatever the muzi drops from there, the relay keeps coming back to states it was in; such a move is not allowed", DongWoDecision::Drop { drop }),
                    )
                };
                // A move without owner actions is checked as it is played (in `proceed`).
                if !self.endless_stop && t.acted && state.pending.is_empty() {
                    let node = Snap {
                        board: state.board,
                        next: t.next,
                    };
                    let mut meter = Meter {
                        left: self.max_laps - u64::from(t.lap),
                    };
                    let (_, onward) = self.after_drop(&node, &t, k, &mut meter);
                    match self.leads_to_end(onward, &t, (false, Goal::Finish), &[], &mut meter) {
                        Reach::Yes => {}
                        Reach::No => return Err(never_ends()),
                        Reach::Undecided => {
                            let what = DongWoDecision::Drop { drop };
                            return Err(self.undecided_move(format_args!("{what}"), t.lap));
                        }
                    }
                }
                self.played_or_undone(state, sink, |state, sink| {
                    let what = DongWoDecision::Drop { drop };
                    self.drop_and_proceed(state, t, k, (what, never_ends), sink)
                })
            }
            (DongWoDecision::Stop { lap }, Some(t)) => match t.stop {
                Some(stop) if stop == lap => self.played_or_undone(state, sink, |state, sink| {
                    self.end_of_move(state, t.mover, sink)
                }),
                Some(stop) => Err(Violation::new(
                    "dong-wo.endless",
                    format!("the move comes back to a state it was in after lap {stop}: it stops there, /{stop}, not after lap {lap}"),
                )),
                None => Err(Violation::new(
                    "dong-wo.endless",
                    format!("/{lap} stops only a move that never ends, and this one goes on with a muzi drop"),
                )),
            },
            (DongWoDecision::Pass, None) => {
                if !state.pending.is_empty() {
                    return Err(Violation::new(
                        "dong-wo.owned",
                        "owner actions written for a move wait for its pieces: a pass sows none",
                    ));
                }
                match self.has_move(&state.board, state.to_move) {
                    Reach::No => {}
                    Reach::Yes => {
                        return Err(Violation::new(
                            "dong-wo.turn",
                            format!("{} has a move and may not pass", state.to_move),
                        ))
                    }
                    Reach::Undecided => {
                        return Err(undecided(
                            format_args!("whether {} has a legal move", state.to_move),
                            format_args!(
                                "none of his moves was found to end, and the look-ahead of some did not end within {} laps",
                                self.max_laps
                            ),
                            self.max_laps,
                        ))
                    }
                }
                sink.event(Event::Pass {
                    side: state.to_move,
                    rule: "dong-wo.turn",
                });
                state.to_move = state.to_move.other();
                state.stuck = self.has_move(&state.board, state.to_move) == Reach::No;
                sink.event(Event::TurnEnd {
                    next: state.to_move,
                });
                Ok(())
            }
            (DongWoDecision::Stop { lap }, None) => Err(Violation::new(
                "dong-wo.endless",
                format!("/{lap} stops only a move that never ends"),
            )),
            (_, Some(t)) if t.stop.is_some() => Err(Violation::new(
                "dong-wo.endless",
                format!(
                    "the move never ends: the mover stops after lap {}, written /{}",
                    t.stop.unwrap_or(0),
                    t.stop.unwrap_or(0)
                ),
            )),
            (_, Some(t)) => Err(Violation::new(
                "dong-wo.muzi.drop",
                format!(
                    "lap {} carries a muzi: the move goes on with where it drops (@hole)",
                    t.lap + 1
                ),
            )),
            (DongWoDecision::Act { action, step: Some(step) }, None) => {
                if state.pending.last().is_some_and(|&(last, _)| last > step) {
                    return Err(Violation::new(
                        "dong-wo.owned",
                        format!("~{step}{}{}: the owner actions of a move are written in the order of their pieces", action.kind.sigil(), action.hole),
                    ));
                }
                state.pending.push((step, action));
                Ok(())
            }
            (DongWoDecision::Act { .. }, _) => Err(Violation::new(
                "dong-wo.owned",
                "an owner action in the middle of a move is written in the move, after the piece it follows (`~12^A4`)",
            )),
            (DongWoDecision::Deal { .. }, _) => Err(Violation::new(
                "dong-wo.between",
                "a transaction comes between rounds, not within a move",
            )),
            (DongWoDecision::Drop { .. }, None) => Err(Violation::new(
                "dong-wo.muzi.drop",
                "no lap of this move is waiting for a muzi drop",
            )),
        }
    }
    /// The muzi lap of the turn `t` with its muzi at offset `k`, then on (`proceed`).
    fn drop_and_proceed<S: EventSink>(
        &self,
        state: &mut DongWoState,
        mut t: InMove,
        k: usize,
        refusals: (DongWoDecision, impl FnOnce() -> Violation),
        sink: &mut S,
    ) -> Result<(), Violation> {
        let from = t.next as usize;
        let pieces = state.board.holes[from] as usize + 1;
        let mut board = state.board;
        let met = if state.pending.is_empty() {
            self.muzi_lap(&mut board, &mut t, k, sink, &mut ())?
        } else {
            let mut sown = t.sown;
            let mut anchors = Anchors {
                pending: &mut state.pending,
                winnings: &mut state.winnings,
                sown: &mut sown,
            };
            let met = self.muzi_lap(&mut board, &mut t, k, sink, &mut anchors)?;
            t.sown = sown;
            met
        };
        if let Some(taken) = met {
            set_muzi(&mut state.winnings[t.mover.index()], taken);
        }
        state.board = board;
        let last = step(from, t.ccw, pieces);
        self.proceed(state, t, Some(last), refusals, sink)
    }

    /// `play_on(state, sink)`, which plays as it checks: if it is refused half-way, what a
    /// move changes (the board, the winnings, the turn, and from the end of the move on the
    /// debts, the side to move and the round's end) is put back and its events withdrawn, so
    /// that a refused decision changes nothing.
    fn played_or_undone<S: EventSink>(
        &self,
        state: &mut DongWoState,
        sink: &mut S,
        play_on: impl FnOnce(&mut DongWoState, &mut S) -> Result<(), Violation>,
    ) -> Result<(), Violation> {
        // A move is played in a round of a game not over (transactions close `between`
        // first): those two are put back to none.
        debug_assert!(state.over.is_none() && state.between.is_none());
        let (board, winnings, turn) = (state.board, state.winnings, state.turn.take());
        let (debts, to_move, stuck) = (state.debts, state.to_move, state.stuck);
        let mark = sink.mark();
        let played = play_on(state, sink);
        if played.is_err() {
            state.board = board;
            state.winnings = winnings;
            state.turn = turn;
            state.debts = debts;
            state.to_move = to_move;
            state.stuck = stuck;
            state.over = None;
            state.between = None;
            sink.withdraw(mark);
        }
        played
    }
}

mod between;
use between::{Anchors, PieceHook};
#[cfg(test)]
mod tests;
