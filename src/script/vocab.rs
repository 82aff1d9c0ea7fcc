//! The vocabulary table: every word of the language with its signature and summary.
//!
//! One table drives the parser (a function's entry says how its arguments are written and
//! what it builds), the in-app help and the check that the tree-sitter grammar knows every
//! word as the right kind.

use super::ast::HandFn;
use crate::cards::Suit;

/// What sort of word an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A statement such as `condition` or `predeal`.
    Statement,
    /// A function used in expressions, such as `hcp`.
    Function,
    /// An action of an `action` list, such as `printoneline`.
    Action,
    /// An operator such as `&&`.
    Operator,
    /// A reserved word such as `north` or `notrump`.
    Word(WordKind),
}

/// The kinds of reserved word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WordKind {
    /// `north`, `east`, `south`, `west` and `n`, `e`, `s`, `w`.
    Compass,
    /// `ns`, `ew` (and `NS`, `EW`).
    Side,
    /// `none`, `all`, `nv`, `vul`.
    Vulnerability,
    /// Suit and notrump words.
    Strain,
    /// Other keywords (`any`, `deal`).
    Other,
}

/// Whether dealbench runs a word yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Support {
    /// Parsed and evaluated.
    Full,
    /// Recognised, but reported as `unsupported: NAME` with the reason.
    Unsupported(&'static str),
}

/// The suit argument of a hand function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SuitArg {
    /// `name(compass)` only.
    None,
    /// `name(compass)` for the whole hand or `name(compass, suit)` for one suit.
    Optional,
    /// `name(compass, suit)`.
    Required,
    /// `name(compass)`, about the suit the name says.
    Fixed(Suit),
}

/// How a function's arguments are written, and what the call builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// A hand function of a seat, whole hand or one suit: `Expr::Hand`.
    Hand(HandFn, SuitArg),
    /// `shape(compass, pattern list)` or `shape{…}`: `Expr::Shape`.
    Shape,
    /// `hascard(compass, card)`: `Expr::HasCard`.
    HasCard,
    /// `tricks(compass, strain)`: `Expr::Tricks`.
    Tricks,
    /// `score(vulnerability, contract, tricks)`: `Expr::Score`.
    Score,
    /// `imps(expression)`: `Expr::Imps`.
    Imps,
    /// `par(side[, vulnerability])`: `Expr::Par` or `Expr::ParAt`.
    Par,
    /// `rnd(expression)`: `Expr::Rnd`.
    Rnd,
}

/// How a statistics action's arguments are written (the parser reads them by this shape into a
/// [`super::ast::StatCall`]; `run::stats` builds the statistic of the same name from it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatShape {
    /// `["label"] <expression>`.
    LabelExpr,
    /// `["label"] (<expression>, <low>, <high> [, <expression>, <low>, <high>])`.
    Ranges,
    /// `["label"] (<expression>, <low>, <high>, <size> [, …])`, decimals allowed.
    Buckets,
    /// `(NS | EW, contract, nv | vul)`.
    SideContract,
}

/// One word of the language.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The word as written in scripts.
    pub name: &'static str,
    /// What sort of word it is.
    pub kind: Kind,
    /// How it is called.
    pub signature: &'static str,
    /// One or two sentences on what it does.
    pub summary: &'static str,
    /// A complete example.
    pub example: &'static str,
    /// The entry this one is another spelling of.
    pub alias_of: Option<&'static str>,
    /// Whether it runs.
    pub support: Support,
    /// For a function that runs: its arguments and what it builds (an alias has its target's).
    pub call: Option<Call>,
    /// A statement that may also stand in an `action` list (`average`, `printes`, …).
    pub in_actions: bool,
    /// For a statistics action: how its arguments are written.
    pub stat: Option<StatShape>,
}

const fn e(
    name: &'static str,
    kind: Kind,
    signature: &'static str,
    summary: &'static str,
    example: &'static str,
    alias_of: Option<&'static str>,
) -> Entry {
    Entry {
        name,
        kind,
        signature,
        summary,
        example,
        alias_of,
        support: Support::Full,
        call: None,
        in_actions: false,
        stat: None,
    }
}

impl Entry {
    const fn calls(self, call: Call) -> Entry {
        Entry { call: Some(call), ..self }
    }

    const fn also_action(self) -> Entry {
        Entry { in_actions: true, ..self }
    }

    /// A statistics action whose arguments are written in this shape.
    const fn statistic(self, shape: StatShape) -> Entry {
        Entry { stat: Some(shape), ..self }
    }
}

const fn w(name: &'static str, kind: WordKind, summary: &'static str, example: &'static str) -> Entry {
    e(name, Kind::Word(kind), name, summary, example, None)
}

const fn x(name: &'static str, kind: Kind, signature: &'static str, why: &'static str) -> Entry {
    Entry {
        name,
        kind,
        signature,
        summary: why,
        example: "",
        alias_of: None,
        support: Support::Unsupported(why),
        call: None,
        in_actions: false,
        stat: None,
    }
}

/// Looks a word up by name.
pub fn lookup(name: &str) -> Option<&'static Entry> {
    VOCAB.iter().find(|en| en.name == name)
}

/// The entry a name finally stands for, following `alias_of`.
pub fn resolve(name: &str) -> Option<&'static Entry> {
    let entry = lookup(name)?;
    match entry.alias_of {
        Some(target) => resolve(target),
        None => Some(entry),
    }
}

/// True when `name(` is a call: the name is a function of the language.
pub fn is_function(name: &str) -> bool {
    VOCAB.iter().any(|en| en.name == name && en.kind == Kind::Function)
}

/// A function's arguments and what it builds, if it is one that runs.
pub fn call_of(name: &str) -> Option<Call> {
    resolve(name).filter(|en| en.kind == Kind::Function).and_then(|en| en.call)
}

/// The name of the function (not an alias) that computes `f` for a hand: for a length, the
/// suit's own word (`spades`); else the function whatever its suit argument (`hcp`).
pub fn hand_function_name(f: HandFn, suit: Option<Suit>) -> Option<&'static str> {
    let wanted = |call: Call| match call {
        Call::Hand(HandFn::Length, SuitArg::Fixed(s)) => f == HandFn::Length && suit == Some(s),
        Call::Hand(g, _) => g == f && f != HandFn::Length,
        _ => false,
    };
    let canonical = |en: &&Entry| en.alias_of.is_none() && en.kind == Kind::Function;
    VOCAB.iter().filter(canonical).find(|en| en.call.is_some_and(wanted)).map(|en| en.name)
}

/// How the statistics action `name` writes its arguments, if it is one.
pub fn stat_shape(name: &str) -> Option<(&'static str, StatShape)> {
    lookup(name).and_then(|en| Some((en.name, en.stat?)))
}

/// True when `name` starts an action of an `action` list.
pub fn is_action(name: &str) -> bool {
    VOCAB.iter().any(|en| en.name == name && (en.kind == Kind::Action || en.in_actions))
}

/// The suit a suit word names (`spades`, `heart`, …).
pub fn suit_of(word: &str) -> Option<Suit> {
    match call_of(word)? {
        Call::Hand(HandFn::Length, SuitArg::Fixed(suit)) => Some(suit),
        _ => None,
    }
}

/// The function name nearest to `name` (for "did you mean" hints), if any is close.
pub fn nearest(name: &str) -> Option<&'static str> {
    nearest_of(name, Kind::Function)
}

/// The word of this kind nearest to `name` (`conditon` gives the statement `condition`).
pub fn nearest_of(name: &str, kind: Kind) -> Option<&'static str> {
    let best = VOCAB
        .iter()
        .filter(|en| en.kind == kind)
        .map(|en| {
            let unsupported = en.support != Support::Full;
            (edit_distance(&name.to_ascii_lowercase(), en.name), unsupported, en.name)
        })
        .min()?;
    (best.0 <= 2.max(name.len() / 3)).then_some(best.2)
}

/// Edit distance counting a swap of two neighbours as one edit.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// Every word of the language.
pub static VOCAB: &[Entry] = &[
    e(
        "condition",
        Kind::Statement,
        "condition <expression>",
        "Keep a deal when the expression is anything other than zero.",
        "condition hcp(north) >= 15 && shape(north, any 5332)",
        None,
    ),
    e("produce", Kind::Statement, "produce <number>", "Stop once this many deals have matched.", "produce 25", None),
    e(
        "generate",
        Kind::Statement,
        "generate <number>",
        "Stop after dealing this many hands, however few matched.",
        "generate 100000",
        None,
    ),
    e(
        "action",
        Kind::Statement,
        "action <action>, <action>, ...",
        "What to do with each matching deal: a print format, and any averages or frequencies to accumulate.",
        "action printoneline, average \"hcp\" hcp(north)",
        None,
    ),
    e(
        "printes",
        Kind::Statement,
        "printes(<expression> | \"string\" | \\n, ...)",
        "Print a line of your own for each matching deal, from expressions and literal text.",
        "printes(\"N=\", hcp(north), \\n)",
        None,
    ).also_action(),
    e(
        "print",
        Kind::Statement,
        "print(<compass>, ...)",
        "Lay out one seat's hands at the end of the run, four boards to a page.",
        "print(north)",
        None,
    ).also_action(),
    e(
        "average",
        Kind::Statement,
        "average [\"label\"] <expression>",
        "Report the mean of the expression over the deals that matched.",
        "average \"north hcp\" hcp(north)",
        None,
    ).also_action().statistic(StatShape::LabelExpr),
    e(
        "frequency",
        Kind::Statement,
        "frequency [\"label\"] (<expression>, <low>, <high> [, <expression>, <low>, <high>])",
        "Report a histogram of the expression over the deals that matched, counting from low to high inclusive. A second expression and range makes it a two-dimensional table instead.",
        "frequency \"north hcp\" (hcp(north), 10, 20)",
        None,
    ).also_action().statistic(StatShape::Ranges),
    e(
        "pointcount",
        Kind::Statement,
        "pointcount <number> <number> ...",
        "Re-scale the high card points. Values run from the ace downwards, and ranks not reached score nothing.",
        "pointcount 6 4 2 1",
        None,
    ),
    e(
        "altcount",
        Kind::Statement,
        "altcount <row> <number> <number> ...",
        "Re-scale one of the other counts, the same way `pointcount` re-scales the high card points.",
        "altcount 2 1 1 1",
        None,
    ),
    e(
        "dealer",
        Kind::Statement,
        "dealer <compass>",
        "Records who dealt. Affects the output only, never which deals are produced.",
        "dealer south",
        None,
    ),
    e(
        "vulnerable",
        Kind::Statement,
        "vulnerable none | ns | ew | all",
        "Records the vulnerability. Affects the output only, never which deals are produced.",
        "vulnerable ns",
        None,
    ),
    e(
        "title",
        Kind::Statement,
        "title \"<text>\"",
        "Names the run, filling the `[Event]` tag of PBN output. `-T` wins when both are given.",
        "title \"Weak two openings\"",
        None,
    ),
    e(
        "seed",
        Kind::Statement,
        "seed <number>",
        "Fixes the random seed, so the run reproduces. `-s` wins when both are given.",
        "seed 42",
        None,
    ),
    e(
        "opener",
        Kind::Statement,
        "opener <compass>",
        "DealerV2_4: the seat that opens, for its `opc` evaluation. Recorded; `opc` itself is not supported.",
        "opener west",
        None,
    ),
    e(
        "startboard",
        Kind::Statement,
        "startboard <number>",
        "DealerV2_4: the board number of the first produced deal, for printall, printpbn (with its dealer and vulnerability rotation) and print(). Affects the output only.",
        "startboard 9",
        None,
    ),
    e(
        "predeal",
        Kind::Statement,
        "predeal <compass> <holding>, <holding>, ... [<compass> <holding>, ...]",
        "Places cards in a hand before shuffling; the rest of the deal is dealt around them. A holding is a suit letter followed by its ranks, using T for the ten. One statement may name several seats: the holdings of a seat are separated by commas and the seats are not.",
        "predeal north SAKQ,HT98 south SJ32",
        None,
    ),
    e(
        "csvrpt",
        Kind::Statement,
        "csvrpt(<term>, <term>, ...)",
        "Writes one comma-separated row per matching deal. A term is an expression, a quoted string, a compass for that hand, `ns` or `ew` for a partnership's two hands, the word `deal` for all four, or `trix(...)` for double-dummy tricks.",
        "csvrpt(deal, hcp(north), \"north\")",
        None,
    ).also_action(),
    e(
        "printrpt",
        Kind::Statement,
        "printrpt(<term>, <term>, ...)",
        "Writes one comma-separated row per matching deal to the screen. The terms are `csvrpt`'s: an expression, a quoted string, a compass for that hand, `ns` or `ew` for a partnership's two hands, the word `deal` for all four, or `trix(...)`.",
        "printrpt(\"deal \", deal, hcp(south))",
        None,
    ).also_action(),
    e(
        "hcp",
        Kind::Function,
        "hcp(compass) · hcp(compass, suit)",
        "High card points on the 4-3-2-1 scale: ace 4, king 3, queen 2, jack 1. With a suit, only that suit's cards are counted.",
        "hcp(north) >= 12 && hcp(north, spades) >= 4",
        None,
    ).calls(Call::Hand(HandFn::Row(0), SuitArg::Optional)),
    e(
        "controls",
        Kind::Function,
        "controls(compass) · controls(compass, suit)",
        "Controls: each ace counts 2 and each king 1.",
        "controls(north) >= 5",
        None,
    ).calls(Call::Hand(HandFn::Row(1), SuitArg::Optional)),
    e(
        "losers",
        Kind::Function,
        "losers(compass) · losers(compass, suit)",
        "Losing trick count: a void is 0; a singleton is 0 holding the ace and 1 otherwise; a doubleton is 0 holding A-K, 1 holding the ace or the king and 2 otherwise; three cards or more is 3 minus the number of A, K and Q held.",
        "losers(south) <= 6",
        None,
    ).calls(Call::Hand(HandFn::Losers, SuitArg::Optional)),
    e(
        "quality",
        Kind::Function,
        "quality(compass, suit)",
        "Quality of one suit, by the algorithm published in The Bridge World, October 1982, multiplied by 100 — so 450 means 4.50.",
        "quality(north, spades) >= 400",
        None,
    ).calls(Call::Hand(HandFn::Quality, SuitArg::Required)),
    e(
        "cccc",
        Kind::Function,
        "cccc(compass)",
        "Whole-hand evaluation by the algorithm published in The Bridge World, October 1982, multiplied by 100 — a minimum opening bid is around 1200.",
        "cccc(north) >= 1200",
        None,
    ).calls(Call::Hand(HandFn::Cccc, SuitArg::None)),
    e(
        "ltc",
        Kind::Function,
        "ltc(compass) · ltc(compass, suit)",
        "DealerV2_4's modern losing trick count, in hundredths: per suit, by its top three cards, AKQ 0, AKJ or AQJ or a singleton king 0.5, AKx or AQx or KQx 1, AJT or KJT 1.5, Axx or Kxx or QJx 2, Qxx 2.5, anything weaker 3 (shorter suits by what they hold). So `6.5` (650) is six and a half losers.",
        "ltc(north) <= 7.5",
        None,
    ).calls(Call::Hand(HandFn::Ltc, SuitArg::Optional)),
    e(
        "hcps",
        Kind::Function,
        "hcps(compass) · hcps(compass, suit)",
        "Plural spelling of `hcp`.",
        "hcps(north) >= 12",
        Some("hcp"),
    ),
    e(
        "control",
        Kind::Function,
        "control(compass) · control(compass, suit)",
        "Singular spelling of `controls`.",
        "control(north) >= 5",
        Some("controls"),
    ),
    e(
        "loser",
        Kind::Function,
        "loser(compass) · loser(compass, suit)",
        "Singular spelling of `losers`.",
        "loser(south) <= 6",
        Some("losers"),
    ),
    e(
        "spades",
        Kind::Function,
        "spades(compass)",
        "Number of spades held.",
        "spades(north) + spades(south) >= 8",
        None,
    ).calls(Call::Hand(HandFn::Length, SuitArg::Fixed(Suit::Spades))),
    e(
        "hearts",
        Kind::Function,
        "hearts(compass)",
        "Number of hearts held.",
        "hearts(north) + hearts(south) >= 8",
        None,
    ).calls(Call::Hand(HandFn::Length, SuitArg::Fixed(Suit::Hearts))),
    e("diamonds", Kind::Function, "diamonds(compass)", "Number of diamonds held.", "diamonds(west) >= 6", None).calls(Call::Hand(HandFn::Length, SuitArg::Fixed(Suit::Diamonds))),
    e("clubs", Kind::Function, "clubs(compass)", "Number of clubs held.", "clubs(east) <= 2", None).calls(Call::Hand(HandFn::Length, SuitArg::Fixed(Suit::Clubs))),
    e("spade", Kind::Function, "spade(compass)", "Singular spelling of `spades`.", "spade(north) >= 5", Some("spades")),
    e("heart", Kind::Function, "heart(compass)", "Singular spelling of `hearts`.", "heart(north) >= 5", Some("hearts")),
    e(
        "diamond",
        Kind::Function,
        "diamond(compass)",
        "Singular spelling of `diamonds`.",
        "diamond(north) >= 5",
        Some("diamonds"),
    ),
    e("club", Kind::Function, "club(compass)", "Singular spelling of `clubs`.", "club(north) >= 5", Some("clubs")),
    e(
        "shape",
        Kind::Function,
        "shape(compass, pattern)",
        "True when the hand matches the pattern. Four digits are lengths in spades, hearts, diamonds, clubs order; `x` matches any length; `any` allows the suits in any order; `+` adds a pattern and `-` excludes one.",
        "shape(north, any 4333 + any 4432 + any 5332)",
        None,
    ).calls(Call::Shape),
    e(
        "hascard",
        Kind::Function,
        "hascard(compass, card)",
        "True when the hand holds exactly that card, written rank then suit — `TC` is the ten of clubs.",
        "hascard(east, TC) && hascard(east, AS)",
        None,
    ).calls(Call::HasCard),
    e("tens", Kind::Function, "tens(compass) · tens(compass, suit)", "Number of tens held.", "tens(north) >= 2", None).calls(Call::Hand(HandFn::Row(2), SuitArg::Optional)),
    e(
        "jacks",
        Kind::Function,
        "jacks(compass) · jacks(compass, suit)",
        "Number of jacks held.",
        "jacks(north) >= 2",
        None,
    ).calls(Call::Hand(HandFn::Row(3), SuitArg::Optional)),
    e(
        "queens",
        Kind::Function,
        "queens(compass) · queens(compass, suit)",
        "Number of queens held.",
        "queens(north) >= 2",
        None,
    ).calls(Call::Hand(HandFn::Row(4), SuitArg::Optional)),
    e(
        "kings",
        Kind::Function,
        "kings(compass) · kings(compass, suit)",
        "Number of kings held.",
        "kings(north) >= 2",
        None,
    ).calls(Call::Hand(HandFn::Row(5), SuitArg::Optional)),
    e("aces", Kind::Function, "aces(compass) · aces(compass, suit)", "Number of aces held.", "aces(north) >= 2", None).calls(Call::Hand(HandFn::Row(6), SuitArg::Optional)),
    e(
        "top2",
        Kind::Function,
        "top2(compass) · top2(compass, suit)",
        "Number of the top two honours held: ace, king.",
        "top2(north, spades) == 2",
        None,
    ).calls(Call::Hand(HandFn::Row(7), SuitArg::Optional)),
    e(
        "top3",
        Kind::Function,
        "top3(compass) · top3(compass, suit)",
        "Number of the top three honours held: ace, king, queen.",
        "top3(north, hearts) >= 2",
        None,
    ).calls(Call::Hand(HandFn::Row(8), SuitArg::Optional)),
    e(
        "top4",
        Kind::Function,
        "top4(compass) · top4(compass, suit)",
        "Number of the top four honours held: ace, king, queen, jack.",
        "top4(north, hearts) >= 3",
        None,
    ).calls(Call::Hand(HandFn::Row(9), SuitArg::Optional)),
    e(
        "top5",
        Kind::Function,
        "top5(compass) · top5(compass, suit)",
        "Number of the top five honours held: ace, king, queen, jack, ten.",
        "top5(east, spades) >= 3",
        None,
    ).calls(Call::Hand(HandFn::Row(10), SuitArg::Optional)),
    e(
        "c13",
        Kind::Function,
        "c13(compass) · c13(compass, suit)",
        "C13 points: ace 6, king 4, queen 2, jack 1.",
        "c13(north) >= 18",
        None,
    ).calls(Call::Hand(HandFn::Row(11), SuitArg::Optional)),
    e(
        "ten",
        Kind::Function,
        "ten(compass) · ten(compass, suit)",
        "Singular spelling of `tens`.",
        "ten(north) >= 2",
        Some("tens"),
    ),
    e(
        "jack",
        Kind::Function,
        "jack(compass) · jack(compass, suit)",
        "Singular spelling of `jacks`.",
        "jack(north) >= 2",
        Some("jacks"),
    ),
    e(
        "queen",
        Kind::Function,
        "queen(compass) · queen(compass, suit)",
        "Singular spelling of `queens`.",
        "queen(north) >= 2",
        Some("queens"),
    ),
    e(
        "king",
        Kind::Function,
        "king(compass) · king(compass, suit)",
        "Singular spelling of `kings`.",
        "king(north) >= 2",
        Some("kings"),
    ),
    e(
        "ace",
        Kind::Function,
        "ace(compass) · ace(compass, suit)",
        "Singular spelling of `aces`.",
        "ace(north) >= 2",
        Some("aces"),
    ),
    e(
        "pt0",
        Kind::Function,
        "pt0(compass) · pt0(compass, suit)",
        "Another spelling of `tens`.",
        "pt0(north) >= 2",
        Some("tens"),
    ),
    e(
        "pt1",
        Kind::Function,
        "pt1(compass) · pt1(compass, suit)",
        "Another spelling of `jacks`.",
        "pt1(north) >= 2",
        Some("jacks"),
    ),
    e(
        "pt2",
        Kind::Function,
        "pt2(compass) · pt2(compass, suit)",
        "Another spelling of `queens`.",
        "pt2(north) >= 2",
        Some("queens"),
    ),
    e(
        "pt3",
        Kind::Function,
        "pt3(compass) · pt3(compass, suit)",
        "Another spelling of `kings`.",
        "pt3(north) >= 2",
        Some("kings"),
    ),
    e(
        "pt4",
        Kind::Function,
        "pt4(compass) · pt4(compass, suit)",
        "Another spelling of `aces`.",
        "pt4(north) >= 2",
        Some("aces"),
    ),
    e(
        "pt5",
        Kind::Function,
        "pt5(compass) · pt5(compass, suit)",
        "Another spelling of `top2`.",
        "pt5(north, spades) == 2",
        Some("top2"),
    ),
    e(
        "pt6",
        Kind::Function,
        "pt6(compass) · pt6(compass, suit)",
        "Another spelling of `top3`.",
        "pt6(north, spades) >= 2",
        Some("top3"),
    ),
    e(
        "pt7",
        Kind::Function,
        "pt7(compass) · pt7(compass, suit)",
        "Another spelling of `top4`.",
        "pt7(north, spades) >= 3",
        Some("top4"),
    ),
    e(
        "pt8",
        Kind::Function,
        "pt8(compass) · pt8(compass, suit)",
        "Another spelling of `top5`.",
        "pt8(north, spades) >= 3",
        Some("top5"),
    ),
    e(
        "pt9",
        Kind::Function,
        "pt9(compass) · pt9(compass, suit)",
        "Another spelling of `c13`.",
        "pt9(north) >= 18",
        Some("c13"),
    ),
    e(
        "tricks",
        Kind::Function,
        "tricks(compass, strain)",
        "Tricks that compass takes as declarer in that strain with every hand seen — the double-dummy result. Strain is a suit name, or a number: 0 clubs, 1 diamonds, 2 hearts, 3 spades, 4 notrump.",
        "tricks(south, spades) >= 10",
        None,
    ).calls(Call::Tricks),
    e(
        "score",
        Kind::Function,
        "score(vulnerable, contract, tricks)",
        "Declarer's score for a contract played at that vulnerability and making that many tricks. `vulnerable` is the word `nv` or `vul`; `contract` is a word such as `x3N`; `tricks` is 0 to 13.",
        "score(nv, x3N, 9) == 400",
        None,
    ).calls(Call::Score),
    e(
        "imps",
        Kind::Function,
        "imps(scoredifference)",
        "Converts a difference between two scores into IMPs, by the standard table.",
        "imps(score(nv, x4S, 10) - score(nv, x3N, 9)) >= 1",
        None,
    ).calls(Call::Imps),
    e(
        "par",
        Kind::Function,
        "par(side)",
        "The par score to that side: what the deal is worth with both sides bidding and defending perfectly. `side` is `ns` or `ew`, or a compass for the side that seat is on.",
        "par(ns) >= 400",
        None,
    ).calls(Call::Par),
    e(
        "rnd",
        Kind::Function,
        "rnd(bound)",
        "A random whole number from zero up to, but not including, the bound.",
        "rnd(10) == 3",
        None,
    ).calls(Call::Rnd),
    e(
        "dds",
        Kind::Function,
        "dds(compass, strain)",
        "DealerV2_4's spelling of `tricks`.",
        "dds(south, notrump) >= 9",
        Some("tricks"),
    ),
    e(
        "trick",
        Kind::Function,
        "trick(compass, strain)",
        "Singular spelling of `tricks`.",
        "trick(south, spades) >= 10",
        Some("tricks"),
    ),
    e(
        "imp",
        Kind::Function,
        "imp(scoredifference)",
        "Singular spelling of `imps`.",
        "imp(score(nv, x4S, 10) - score(nv, x3N, 9)) >= 1",
        Some("imps"),
    ),
    e("!", Kind::Operator, "! a", "True when its operand is zero, and false otherwise.", "not hcp(north) >= 12", None),
    e(
        "not",
        Kind::Operator,
        "not a",
        "True when its operand is zero, and false otherwise.",
        "not hcp(north) >= 12",
        None,
    ),
    e("*", Kind::Operator, "a * b", "Multiplication.", "hcp(north) * 2 >= 30", None),
    e(
        "/",
        Kind::Operator,
        "a / b",
        "Division. Whole numbers throughout, so the remainder is discarded.",
        "hcp(north) / 2 >= 6",
        None,
    ),
    e("%", Kind::Operator, "a % b", "Remainder after division.", "hcp(north) % 2 == 0", None),
    e("+", Kind::Operator, "a + b", "Addition.", "hcp(north) + hcp(south) >= 25", None),
    e(
        "-",
        Kind::Operator,
        "a - b",
        "Subtraction, and negation when written in front of a single value.",
        "hcp(north) - hcp(south) >= 5",
        None,
    ),
    e("<", Kind::Operator, "a < b", "Less than.", "hcp(east) < 10", None),
    e("<=", Kind::Operator, "a <= b", "Less than or equal to.", "losers(north) <= 6", None),
    e(">", Kind::Operator, "a > b", "Greater than.", "hcp(north) > 15", None),
    e(">=", Kind::Operator, "a >= b", "Greater than or equal to.", "hcp(north) >= 15", None),
    e(
        "==",
        Kind::Operator,
        "a == b",
        "Equal to. Note the two signs: a single `=` assigns a variable instead.",
        "spades(north) == 5",
        None,
    ),
    e("!=", Kind::Operator, "a != b", "Not equal to.", "spades(north) != 4", None),
    e(
        "&&",
        Kind::Operator,
        "a && b",
        "True when both sides are true. The right side is skipped when the left is false.",
        "hcp(north) >= 12 && spades(north) >= 5",
        None,
    ),
    e(
        "and",
        Kind::Operator,
        "a and b",
        "True when both sides are true. The right side is skipped when the left is false.",
        "hcp(north) >= 12 && spades(north) >= 5",
        None,
    ),
    e(
        "||",
        Kind::Operator,
        "a || b",
        "True when either side is true. The right side is skipped when the left is true.",
        "spades(north) >= 5 || hearts(north) >= 5",
        None,
    ),
    e(
        "or",
        Kind::Operator,
        "a or b",
        "True when either side is true. The right side is skipped when the left is true.",
        "spades(north) >= 5 || hearts(north) >= 5",
        None,
    ),
    e(
        "?",
        Kind::Operator,
        "a ? b : c",
        "First half of the three-way choice `test ? when_true : when_false`.",
        "(hcp(north) >= 12 ? spades(north) : hearts(north)) >= 5",
        None,
    ),
    e(
        ":",
        Kind::Operator,
        "a ? b : c",
        "Second half of the three-way choice `test ? when_true : when_false`.",
        "(hcp(north) >= 12 ? spades(north) : hearts(north)) >= 5",
        None,
    ),
    e(
        "=",
        Kind::Operator,
        "name = expression",
        "Gives a name to an expression. This is a statement, not something that can appear inside a larger expression.",
        "fit = spades(north) + spades(south)",
        None,
    ),
    e(
        "printall",
        Kind::Action,
        "printall",
        "All four hands, laid out around the compass. This is what happens with no action given.",
        "action printall",
        None,
    ),
    e("printew", Kind::Action, "printew", "East and West only, West on the left.", "action printew", None),
    e("printns", Kind::Action, "printns", "North and South only, South on the left.", "action printns", None),
    e(
        "printside",
        Kind::Action,
        "printside",
        "One partnership's two hands: `printside(ns)` or `printside(ew)`.",
        "action printside(ew)",
        None,
    ),
    e(
        "printpbn",
        Kind::Action,
        "printpbn",
        "PBN, the record format other bridge programs read.",
        "action printpbn",
        None,
    ),
    e("printcompact", Kind::Action, "printcompact", "Four lines per deal.", "action printcompact", None),
    e("printoneline", Kind::Action, "printoneline", "One line per deal.", "action printoneline", None),
    e(
        "bktfreq",
        Kind::Action,
        "bktfreq [\"label\"] (<expression>, <low>, <high>, <size> [, <expression>, <low>, <high>, <size>])",
        "DealerV2_4's frequency table in buckets of `size` from `low` to `high` (decimals allowed: `0.50` is 50), with Low and High buckets, percentages and a total; a second expression and axis makes it a two-dimensional table.",
        "action bktfreq \"KnR\" (cccc(north), 5.00, 22.00, 0.50)",
        None,
    ).statistic(StatShape::Buckets),
    e(
        "export",
        Kind::Action,
        "export(NS | EW | compass)",
        "DealerV2_4: prints the hands in the form the `-N`/`-E`/`-S`/`-W` switches take, such as `-E SQT,HK765,DAQT74,C97  -W SA7,HAQ43,DK832,CQJT `, one line per deal.",
        "action export(EW)",
        None,
    ),
    w("north", WordKind::Compass, "The North seat.", "hcp(north) >= 12"),
    w("east", WordKind::Compass, "The East seat.", "hcp(east) >= 12"),
    w("south", WordKind::Compass, "The South seat.", "hcp(south) >= 12"),
    w("west", WordKind::Compass, "The West seat.", "hcp(west) >= 12"),
    w("n", WordKind::Compass, "North, unless a variable of that name is defined.", "hcp(n) >= 12"),
    w("e", WordKind::Compass, "East, unless a variable of that name is defined.", "hcp(e) >= 12"),
    w("s", WordKind::Compass, "South, unless a variable of that name is defined.", "hcp(s) >= 12"),
    w("w", WordKind::Compass, "West, unless a variable of that name is defined.", "hcp(w) >= 12"),
    w("ns", WordKind::Side, "North-South (also `NS`).", "vulnerable ns"),
    w("ew", WordKind::Side, "East-West (also `EW`).", "vulnerable ew"),
    w("NS", WordKind::Side, "North-South.", "vulnerable NS"),
    w("EW", WordKind::Side, "East-West.", "vulnerable EW"),
    w("none", WordKind::Vulnerability, "Nobody vulnerable.", "vulnerable none"),
    w("all", WordKind::Vulnerability, "Both sides vulnerable.", "vulnerable all"),
    w("nv", WordKind::Vulnerability, "Not vulnerable, for `score`.", "score(nv, x3N, 9) == 400"),
    w("vul", WordKind::Vulnerability, "Vulnerable, for `score`.", "score(vul, x3N, 9) == 600"),
    w("notrump", WordKind::Strain, "Notrump, for `tricks` (the number 4).", "tricks(south, notrump) >= 9"),
    w("notrumps", WordKind::Strain, "Notrump, for `tricks` (the number 4).", "tricks(south, notrumps) >= 9"),
    w("any", WordKind::Other, "In a shape pattern: the suits in any order.", "shape(north, any 4333)"),
    w("deal", WordKind::Other, "In csvrpt/printrpt: all four hands.", "action printrpt(deal)"),
    e(
        "evalcontract",
        Kind::Action,
        "evalcontract(NS | EW, contract, nv | vul)",
        "DealerV2_4: plays the contract double dummy on every matching deal (South declares for NS, West for EW) and reports at the end the average result, how often it made and failed, and the games and slams it missed. Needs the double-dummy solver.",
        "action evalcontract(NS, z4S, vul)",
        None,
    ).statistic(StatShape::SideContract),
    e(
        "trix",
        Kind::Function,
        "trix(compass | deal)",
        "DealerV2_4, in a `csvrpt` or `printrpt` list only: the double-dummy tricks that hand (or each hand of the deal) takes as declarer in the five strains.",
        "action printrpt(trix(south))",
        None,
    ),
    e(
        "parcontract",
        Kind::Function,
        "parcontract · parcontract(none | ns | ew | both)",
        "DealerV2_4, in a `csvrpt` or `printrpt` list only: the par contracts as text, such as `'4C-EW'`.",
        "action printrpt(parcontract(ns))",
        None,
    ),
    w(
        "both",
        WordKind::Vulnerability,
        "DealerV2_4: both sides vulnerable, in `par(side, vulnerability)` and `parcontract(vulnerability)`.",
        "par(ns, both) >= 400",
    ),
    x(
        "usereval",
        Kind::Function,
        "usereval(tag, compass, index)",
        "a DealerV2_4 extension that calls DealerV2_4's user-evaluation server program",
    ),
    x(
        "opc",
        Kind::Function,
        "opc(compass, strain)",
        "a DealerV2_4 extension that runs DealerV2_4's external `dop` program",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_functions_are_named_by_their_own_words() {
        let rows: Vec<_> = (0..12).map(|r| hand_function_name(HandFn::Row(r), None)).collect();
        let want =
            ["hcp", "controls", "tens", "jacks", "queens", "kings", "aces", "top2", "top3", "top4", "top5", "c13"];
        assert_eq!(rows, want.map(Some));
        let suits: Vec<_> = Suit::ALL.into_iter().map(|s| hand_function_name(HandFn::Length, Some(s))).collect();
        assert_eq!(suits, ["clubs", "diamonds", "hearts", "spades"].map(Some));
        let other = [HandFn::Losers, HandFn::Quality, HandFn::Cccc, HandFn::Ltc].map(|f| hand_function_name(f, None));
        assert_eq!(other, ["losers", "quality", "cccc", "ltc"].map(Some));
    }

    #[test]
    fn names_are_unique_and_aliases_resolve() {
        for (i, a) in VOCAB.iter().enumerate() {
            let dup = VOCAB[i + 1..].iter().any(|b| b.name == a.name && b.kind == a.kind);
            assert!(!dup, "duplicate entry {}", a.name);
            if let Some(target) = a.alias_of {
                assert!(lookup(target).is_some(), "{} aliases unknown {target}", a.name);
            }
        }
    }

    #[test]
    fn every_function_says_how_it_is_called_once() {
        let report_terms = ["trix", "parcontract"];
        for en in VOCAB.iter().filter(|en| en.kind == Kind::Function) {
            if en.alias_of.is_some() {
                assert!(en.call.is_none(), "{}: an alias is called as its target", en.name);
                assert_eq!(call_of(en.name), resolve(en.name).and_then(|t| t.call), "{}", en.name);
                continue;
            }
            let runs = en.support == Support::Full && !report_terms.contains(&en.name);
            assert_eq!(en.call.is_some(), runs, "{}", en.name);
        }
        assert_eq!(call_of("pt9"), Some(Call::Hand(HandFn::Row(11), SuitArg::Optional)));
        assert_eq!((suit_of("heart"), suit_of("clubs"), suit_of("hcp")), (Some(Suit::Hearts), Some(Suit::Clubs), None));
    }

    #[test]
    fn actions_are_the_action_entries_and_six_statements() {
        let statements: Vec<&str> = VOCAB.iter().filter(|en| en.in_actions).map(|en| en.name).collect();
        assert_eq!(statements, ["printes", "print", "average", "frequency", "csvrpt", "printrpt"]);
        assert!(statements.iter().all(|n| is_action(n)) && is_action("printoneline") && !is_action("hcp"));
    }

    #[test]
    fn nearest_suggests_close_names() {
        assert_eq!(nearest("hpc"), Some("hcp"));
        assert_eq!(nearest("shpe"), Some("shape"));
        assert!(matches!(nearest("spads"), Some("spade" | "spades")));
        assert_eq!(nearest("zzzzzzzzzz"), None);
    }
}
