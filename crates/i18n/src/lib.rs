//! # sakk-i18n — sakk's words, one catalogue per language
//!
//! The core speaks in stable codes with parameters (a refusal's
//! [`code`](sakk::Refusal::code) and [`args`](sakk::Refusal::args), a
//! [`Termination`](sakk::Termination)'s code); this crate turns them into
//! words from a [Fluent](https://projectfluent.org) catalogue,
//! `locales/<language>/`: `sakk.ftl` (the server, the terminal, the
//! pages) and `learn.ftl` (the rules guide's lessons), embedded in the
//! binary and read by the browser too. Adding a language
//! is adding its catalogue (and its [`Locale`]); a test fails on any message
//! one catalogue has and another lacks.
//!
//! ```
//! use sakk_i18n::{rule_error, Locale};
//! let e = sakk::GameError::Move(sakk::Refusal::Pinned(sakk::Square::E1));
//! assert_eq!(
//!     rule_error(Locale::Hungarian, &e),
//!     "A bábu kötésben van: ha ellépne, az e1 mezőn álló bábu sakkot adna a királyodnak."
//! );
//! ```

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language with a catalogue.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Locale {
    /// English.
    English,
    /// Hungarian.
    Hungarian,
}

impl Locale {
    /// Every language with a catalogue.
    pub const ALL: [Locale; 2] = [Locale::English, Locale::Hungarian];

    /// The language tag (`en`, `hu`).
    pub const fn tag(self) -> &'static str {
        match self {
            Locale::English => "en",
            Locale::Hungarian => "hu",
        }
    }

    /// The locale of a tag (`en`, `hu`, `hu-HU`, …).
    pub fn parse(tag: &str) -> Option<Locale> {
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        Locale::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(primary))
    }

    /// The best of our languages for an HTTP `Accept-Language` value
    /// (`hu-HU,hu;q=0.9,en;q=0.8`): the supported tag of the highest
    /// quality, the earlier on a tie; `None` when none is supported
    /// (a `*` alone says nothing about which).
    ///
    /// ```
    /// use sakk_i18n::Locale;
    /// assert_eq!(Locale::negotiate("hu-HU,hu;q=0.9,en;q=0.8"), Some(Locale::Hungarian));
    /// assert_eq!(Locale::negotiate("de, en;q=0.5, hu;q=0.7"), Some(Locale::Hungarian));
    /// assert_eq!(Locale::negotiate("hu;q=0, en"), Some(Locale::English));
    /// assert_eq!(Locale::negotiate("fr-FR"), None);
    /// ```
    pub fn negotiate(accept_language: &str) -> Option<Locale> {
        let mut best: Option<(Locale, f32)> = None;
        for item in accept_language.split(',') {
            let mut parts = item.split(';');
            let Some(locale) = Locale::parse(parts.next().unwrap_or("").trim()) else {
                continue;
            };
            let quality = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
                .filter(|q| q.is_finite() && *q > 0.0);
            if let Some(q) = quality {
                if best.is_none_or(|(_, b)| q > b) {
                    best = Some((locale, q));
                }
            }
        }
        best.map(|(l, _)| l)
    }

    /// The catalogue's files: the words of the server, the terminal and
    /// the pages (`sakk.ftl`), and of the rules guide's lessons
    /// (`learn.ftl`).
    fn sources(self) -> [&'static str; 2] {
        match self {
            Locale::English => [
                include_str!("../locales/en/sakk.ftl"),
                include_str!("../locales/en/learn.ftl"),
            ],
            Locale::Hungarian => [
                include_str!("../locales/hu/sakk.ftl"),
                include_str!("../locales/hu/learn.ftl"),
            ],
        }
    }
}

/// The catalogues, parsed once.
pub struct Catalogue {
    bundles: Vec<(Locale, FluentBundle<FluentResource>)>,
    problems: Vec<String>,
}

impl Catalogue {
    fn load() -> Catalogue {
        let mut bundles = Vec::new();
        let mut problems = Vec::new();
        for locale in Locale::ALL {
            let lang: unic_langid::LanguageIdentifier = locale.tag().parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![lang]);
            // Plain text: no Unicode isolation marks around parameters (the
            // words go into JSON and terminals).
            bundle.set_use_isolating(false);
            for source in locale.sources() {
                let resource = match FluentResource::try_new(source.to_string()) {
                    Ok(r) => r,
                    Err((r, errors)) => {
                        problems.extend(errors.iter().map(|e| format!("{}: {e:?}", locale.tag())));
                        r
                    }
                };
                // A message twice (in either file) is a problem too.
                if let Err(errors) = bundle.add_resource(resource) {
                    problems.extend(errors.iter().map(|e| format!("{}: {e:?}", locale.tag())));
                }
            }
            bundles.push((locale, bundle));
        }
        Catalogue { bundles, problems }
    }

    fn bundle(&self, locale: Locale) -> Option<&FluentBundle<FluentResource>> {
        self.bundles
            .iter()
            .find(|(l, _)| *l == locale)
            .map(|(_, b)| b)
    }

    /// The message `id` in `locale`, filled with `args` (numbers given as
    /// text are passed as numbers, for plural rules). A missing message
    /// gives its id (and fails the catalogue tests).
    pub fn text(&self, locale: Locale, id: &str, args: &[(&str, String)]) -> String {
        let Some(bundle) = self.bundle(locale) else {
            return id.to_string();
        };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value.parse::<i64>() {
                Ok(n) => fluent_args.set(*name, FluentValue::from(n)),
                Err(_) => fluent_args.set(*name, FluentValue::from(value.as_str())),
            }
        }
        // A square's file letter as a parameter of its own (`square_file`),
        // for languages whose words before a square depend on how its name
        // is spoken (Hungarian: "az e4", "a d4").
        if let Some((_, square)) = args.iter().find(|(name, _)| *name == "square") {
            if let Some(file) = square.get(..1) {
                fluent_args.set("square_file", FluentValue::from(file));
            }
        }
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    }

    /// Whether `locale`'s catalogue has the message `id`.
    pub fn has(&self, locale: Locale, id: &str) -> bool {
        self.bundle(locale).is_some_and(|b| b.has_message(id))
    }

    /// The ids of `locale`'s messages.
    pub fn ids(&self, locale: Locale) -> Vec<String> {
        let mut ids = Vec::new();
        for source in locale.sources() {
            let resource = match fluent_syntax::parser::parse(source) {
                Ok(r) => r,
                Err((r, _)) => r,
            };
            ids.extend(resource.body.iter().filter_map(|e| match e {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                _ => None,
            }));
        }
        ids
    }

    /// What went wrong reading the catalogues (empty when all is well).
    pub fn problems(&self) -> &[String] {
        &self.problems
    }
}

/// The catalogues.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(Catalogue::load)
}

/// The message `id` in `locale` with `args`.
pub fn tr(locale: Locale, id: &str, args: &[(&str, String)]) -> String {
    catalogue().text(locale, id, args)
}

/// The message id of a stable code under a prefix: `rule` and
/// `castling_in_check` give `rule-castling-in-check`.
pub fn id(prefix: &str, code: &str) -> String {
    format!("{prefix}-{}", code.replace('_', "-"))
}

/// Why the rules refuse a move or an action, in words.
pub fn rule_error(locale: Locale, e: &sakk::GameError) -> String {
    tr(locale, &id("rule", e.code()), &e.args())
}

/// Why a move's text is refused (unreadable, ambiguous, illegal), in words.
pub fn move_error(locale: Locale, e: &sakk::MoveInputError) -> String {
    tr(locale, &id("rule", e.code()), &e.args())
}

/// Why a FEN does not read, in words.
pub fn fen_error(locale: Locale, e: &sakk::FenError) -> String {
    tr(locale, &id("fen", e.code()), &e.args())
}

/// What stops a game of a PGN file from being read, in words: the
/// problem's own message (`pgn-<code>`), with the move's refusal or the
/// FEN's reason as its `why`.
pub fn pgn_problem(locale: Locale, p: &sakk::pgn::PgnProblem) -> String {
    use sakk::pgn::PgnProblem;
    let mut args = p.args();
    match p {
        PgnProblem::Move { error, .. } => args.push(("why", move_error(locale, error))),
        PgnProblem::BadFen(e) => args.push(("why", fen_error(locale, e))),
        _ => {}
    }
    tr(locale, &p.code().replace('_', "-"), &args)
}

/// A PGN file's error in words: which game, which line, what.
pub fn pgn_error(locale: Locale, e: &sakk::pgn::PgnError) -> String {
    tr(
        locale,
        "error-bad-pgn",
        &[
            ("game", e.game.to_string()),
            ("line", e.line.to_string()),
            ("why", pgn_problem(locale, &e.problem)),
        ],
    )
}

/// How a game ends, in a word or two (`checkmate`, `matt`).
pub fn termination(locale: Locale, t: sakk::Termination) -> String {
    tr(locale, &id("termination", t.code()), &[])
}

/// The result in words, e.g. "Black won — checkmate", "Döntetlen — patt";
/// `ended_by` is the side whose resignation or flag ended it.
pub fn outcome(locale: Locale, o: &sakk::Outcome, ended_by: Option<sakk::Color>) -> String {
    use sakk::{GameResult, Termination};
    let side = |c: sakk::Color| if c.is_white() { "white" } else { "black" }.to_string();
    match (o.result, o.termination) {
        (None, _) => tr(locale, "outcome-aborted", &[]),
        (Some(GameResult::Draw), Termination::Timeout) => tr(
            locale,
            "outcome-timeout-draw",
            &[("side", ended_by.map_or("other".to_string(), side))],
        ),
        (Some(GameResult::Draw), Termination::Resignation) => {
            tr(locale, "outcome-resignation-draw", &[])
        }
        (Some(r), t) => {
            let how = termination(locale, t);
            match r.winner() {
                Some(w) => tr(locale, "outcome-won", &[("side", side(w)), ("how", how)]),
                None => tr(locale, "outcome-draw", &[("how", how)]),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sakk::{Color, GameError, GameResult, Outcome, Refusal, Role, Square, Termination};

    #[test]
    fn the_catalogues_read_cleanly_and_have_the_same_messages() {
        let c = catalogue();
        assert!(c.problems().is_empty(), "{:?}", c.problems());
        let en = c.ids(Locale::English);
        assert!(en.len() >= 70, "{}", en.len());
        for locale in Locale::ALL {
            let ids = c.ids(locale);
            for id in &en {
                assert!(ids.contains(id), "{} lacks {id}", locale.tag());
            }
            for id in &ids {
                assert!(
                    en.contains(id),
                    "{} has {id}, English does not",
                    locale.tag()
                );
            }
        }
    }

    /// Every code the rules can give has its message in every language.
    #[test]
    fn every_refusal_and_termination_has_its_words() {
        let sq = Square::E4;
        let refusals = [
            Refusal::NoPiece(sq),
            Refusal::NotYourPiece(sq),
            Refusal::CannotMoveThatWay(Role::Knight),
            Refusal::CannotMoveThatWay(Role::Pawn),
            Refusal::OwnPieceOnTarget(sq),
            Refusal::PathBlocked(sq),
            Refusal::KingInCheck,
            Refusal::Pinned(sq),
            Refusal::DoubleCheck,
            Refusal::CastlingKingMoved,
            Refusal::CastlingRookMoved,
            Refusal::CastlingPiecesBetween,
            Refusal::CastlingInCheck,
            Refusal::CastlingThroughCheck(sq),
            Refusal::CastlingIntoCheck,
            Refusal::EnPassantExpired,
            Refusal::PromotionMissing,
            Refusal::PromotionNotAllowed,
            Refusal::GameOver,
            Refusal::TouchedPieceMustMove(sq),
            Refusal::TouchedPieceMustBeCaptured(sq),
            Refusal::TouchedMustCastle,
        ];
        let mut errors: Vec<GameError> = refusals.into_iter().map(GameError::Move).collect();
        errors.extend([
            GameError::GameOver,
            GameError::NotYourTurn,
            GameError::DrawOfferTooEarly,
            GameError::DrawOfferBeforeMove(30),
            GameError::NoDrawOffer,
            GameError::ClaimRefused(sakk::ClaimRefusal {
                repetitions: 2,
                halfmoves: 40,
                move_played: true,
            }),
            GameError::AbortTooLate,
            GameError::NothingToTakeBack,
            GameError::TouchMoveOff,
        ]);
        for locale in Locale::ALL {
            for e in &errors {
                let id = id("rule", e.code());
                assert!(catalogue().has(locale, &id), "{}: {id}", locale.tag());
                let text = rule_error(locale, e);
                assert!(!text.contains('{') && !text.starts_with("rule-"), "{text}");
                for (_, value) in e.args() {
                    if value.len() == 2 {
                        assert!(text.contains(&value), "{id}: {text} lacks {value}");
                    }
                }
            }
            for code in ["unreadable_move", "ambiguous_move"] {
                assert!(catalogue().has(locale, &id("rule", code)), "{code}");
            }
            let two = sakk::Position::new();
            let (e4, d4) = (
                two.read_move("e4", sakk::Lang::English),
                two.read_move("d4", sakk::Lang::English),
            );
            if let (Ok(e4), Ok(d4)) = (e4, d4) {
                let e = sakk::MoveInputError::AmbiguousLanguage {
                    first: (sakk::Lang::English, e4),
                    second: (sakk::Lang::Hungarian, d4),
                };
                let text = tr(locale, &id("rule", e.code()), &e.args());
                assert!(text.contains("e2e4") && text.contains("d2d4"), "{text}");
                let names = if locale == Locale::Hungarian {
                    ["angolul", "magyarul"]
                } else {
                    ["English", "Hungarian"]
                };
                assert!(names.iter().all(|n| text.contains(n)), "{text}");
            }
            for t in Termination::ALL {
                assert!(catalogue().has(locale, &id("termination", t.code())), "{t}");
            }
        }
    }

    #[test]
    fn hungarian_squares_take_the_article_their_spoken_name_needs() {
        let blocked = |sq: &str| {
            tr(
                Locale::Hungarian,
                "rule-path-blocked",
                &[("square", sq.to_string())],
            )
        };
        assert_eq!(blocked("d1"), "Az utat elzárja a d1 mezőn álló bábu.");
        assert_eq!(blocked("e1"), "Az utat elzárja az e1 mezőn álló bábu.");
        assert_eq!(blocked("f7"), "Az utat elzárja az f7 mezőn álló bábu.");
        assert_eq!(blocked("a8"), "Az utat elzárja az a8 mezőn álló bábu.");
        let empty = |sq: &str| {
            tr(
                Locale::Hungarian,
                "rule-no-piece",
                &[("square", sq.to_string())],
            )
        };
        assert_eq!(empty("h3"), "A h3 mezőn nincs bábu.");
        assert_eq!(empty("e3"), "Az e3 mezőn nincs bábu.");
    }

    #[test]
    fn words_as_the_documents_use_them() {
        use Locale::{English as En, Hungarian as Hu};
        let mate = Outcome::new(GameResult::BlackWins, Termination::Checkmate);
        assert_eq!(outcome(Hu, &mate, None), "Sötét nyert — matt");
        assert_eq!(outcome(En, &mate, None), "Black won — checkmate");
        let patt = Outcome::draw(Termination::Stalemate);
        assert_eq!(outcome(Hu, &patt, None), "Döntetlen — patt");
        let flag = Outcome::draw(Termination::Timeout);
        assert_eq!(
            outcome(En, &flag, Some(Color::White)),
            "White's time ran out, but Black cannot checkmate: draw"
        );
        assert_eq!(
            outcome(Hu, &flag, Some(Color::Black)),
            "Sötét ideje lejárt, de világos nem tud mattot adni: döntetlen"
        );
        let knight = GameError::Move(Refusal::CannotMoveThatWay(Role::Knight));
        assert_eq!(rule_error(En, &knight), "A knight cannot move that way.");
        assert_eq!(rule_error(Hu, &knight), "A huszár nem léphet így.");
        let claim = GameError::ClaimRefused(sakk::ClaimRefusal {
            repetitions: 1,
            halfmoves: 2,
            move_played: false,
        });
        assert_eq!(
            rule_error(En, &claim),
            "The claim is not correct: the position has occurred once (three are needed) and 1 \
             move has been made without a capture or pawn move (fifty are needed). The claim \
             stands as a draw offer."
        );
        let played = GameError::ClaimRefused(sakk::ClaimRefusal {
            repetitions: 2,
            halfmoves: 20,
            move_played: true,
        });
        let mut args = played.args();
        args.push(("added_minutes", "2".to_string()));
        let text = tr(En, "rule-claim-refused", &args);
        assert!(
            text.contains("2 times (three")
                && text.contains("10 moves have")
                && text.ends_with(
                    "needed). The declared move stands and has been played. The claim stands \
                     as a draw offer. The opponent gets 2 more minutes."
                ),
            "{text}"
        );
        let text = tr(Hu, "rule-claim-refused", &args);
        assert!(
            text.ends_with("Az ellenfél 2 perc többletidőt kap."),
            "{text}"
        );
        assert_eq!(
            tr(Hu, "play-you-play", &[("side", "white".to_string())]),
            "Színed: világos"
        );
        assert_eq!(Locale::parse("hu-HU"), Some(Hu));
        assert_eq!(Locale::parse("de"), None);
    }
}
