//! `sakk tournament berger N [--double]`, `sakk tournament check FILE`,
//! `sakk tournament ratings FILE [--k K]`, `sakk swiss pair FILE
//! [--rules 2026|2017] [--baku]` and `sakk swiss standings FILE
//! [--tiebreaks …]`.

use crate::output::say;
use std::io::Write;

use sakk_tournament::berger::{self, Cycles};
use sakk_tournament::rating::{self, KFactor};
use sakk_tournament::tiebreak::{self, TieBreak};
use sakk_tournament::{dutch, trf, Points};

use crate::Failure;

/// Prints the round robin of `players` by the Berger tables: for each
/// round a `Round R` line, then one board a line, `WHITE BLACK` by
/// starting rank (the bye as `RANK 0`, as JaVaFo and bbpPairings write it).
pub fn berger_tables(players: u16, double: bool) -> Result<(), Failure> {
    if players < 2 {
        return Err(Failure::usage("a round robin needs at least 2 players"));
    }
    let cycles = if double {
        Cycles::Double
    } else {
        Cycles::Single
    };
    let mut out = std::io::stdout().lock();
    for (i, round) in berger::rounds(players, cycles).iter().enumerate() {
        let mut text = format!("Round {}\n", i + 1);
        for p in round {
            text.push_str(&format!("{} {}\n", p.white, p.black.unwrap_or(0)));
        }
        out.write_all(text.as_bytes()).map_err(Failure::from)?;
    }
    Ok(())
}

/// Pairs the next round by the Dutch system and prints it as JaVaFo and
/// bbpPairings do: the number of lines that follow, then `WHITE BLACK` a
/// line (the bye as `RANK 0`). Exit 1 when no legal pairing exists.
/// The catalogue's locale of a `--lang` value.
fn locale(lang: &str) -> sakk_i18n::Locale {
    if lang == "hu" {
        sakk_i18n::Locale::Hungarian
    } else {
        sakk_i18n::Locale::English
    }
}

/// Pairs the next round; with `lang`, the refusal in that language's words.
pub fn swiss_pair(path: &str, rules: &str, baku: bool, lang: Option<&str>) -> Result<(), Failure> {
    let t = read_trf(path)?;
    let edition = match rules {
        "2017" => dutch::Edition::Fide2017,
        "2026" => dutch::Edition::Current,
        _ => dutch::Edition::for_tournament(&t),
    };
    let pairs = dutch::pair_with(&t, dutch::Options { edition, baku }).map_err(|e| Failure {
        // As bbpPairings: 1 no valid pairing, 3 an invalid request, 4 too
        // large to handle.
        status: match e {
            dutch::PairingError::RoundsUnknown => 3,
            dutch::PairingError::TooLarge => 4,
            _ => 1,
        },
        message: match lang {
            Some(l) => {
                let e = sakk_tournament::event::EventError::Pairing(e);
                let words = sakk_i18n::tr(locale(l), &sakk_i18n::id("error", e.code()), &e.args());
                format!("{path}: {words}")
            }
            None => format!("{path}: {e}"),
        },
        raw: false,
        quiet: false,
    })?;
    let mut text = format!("{}\n", pairs.len());
    for p in &pairs {
        text.push_str(&format!("{} {}\n", p.white, p.black.unwrap_or(0)));
    }
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(Failure::from)
}

/// Prints the standings with tie-breaks: `place rank name points` and one
/// column a tie-break, headed by its FIDE code.
pub fn standings(
    path: &str,
    codes: &[String],
    rules: &str,
    lang: Option<&str>,
) -> Result<(), Failure> {
    let t = read_trf(path)?;
    let rules = match rules {
        "2024" => tiebreak::Rules::Fide2024,
        "2026" => tiebreak::Rules::Fide2026,
        _ => tiebreak::Rules::for_tournament(&t),
    };
    let tiebreaks = codes
        .iter()
        .map(|c| c.parse::<TieBreak>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::usage(e.to_string()))?;
    let heads = match lang {
        Some(l) => [
            "web-tour-place",
            "web-tour-rank",
            "web-tour-player-name",
            "web-tour-points",
        ]
        .map(|id| sakk_i18n::tr(locale(l), id, &[]).to_lowercase()),
        None => ["place", "rank", "name", "pts"].map(str::to_string),
    };
    let mut text = format!(
        "{:>5} {:>4}  {:<32} {:>5}",
        heads[0], heads[1], heads[2], heads[3]
    );
    for tb in &tiebreaks {
        text.push_str(&format!(" {:>7}", tb.code()));
    }
    text.push('\n');
    for row in tiebreak::standings_by(&t, &tiebreaks, false, rules) {
        let name = t.player(row.rank).map_or("", |p| p.name.as_str());
        text.push_str(&format!(
            "{:>5} {:>4}  {:<32} {:>5}",
            row.place,
            row.rank,
            name,
            Points(row.score).to_string()
        ));
        for (tb, v) in tiebreaks.iter().zip(&row.values) {
            text.push_str(&format!(" {:>7}", tb.format(*v)));
        }
        text.push('\n');
    }
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(Failure::from)
}

/// Reads a TRF (exit 3 with the line named when it is malformed).
fn read_trf(path: &str) -> Result<sakk_tournament::Tournament, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("cannot read {path}: {e}")))?;
    trf::read(&text).map_err(|e| Failure {
        status: 3,
        message: format!("{path}: {e}"),
        raw: false,
        quiet: false,
    })
}

/// Prints each player's rated games, expected score, performance and
/// estimated rating change (FIDE Rating Regulations), one player a line.
pub fn ratings(path: &str, k: Option<&str>) -> Result<(), Failure> {
    let t = read_trf(path)?;
    let fixed = match k {
        Some("40") => Some(KFactor::K40),
        Some("20") => Some(KFactor::K20),
        Some("10") => Some(KFactor::K10),
        _ => None,
    };
    // The file says nothing of a player's rated games or age: each is
    // taken as established (30 games) and adult.
    let report = rating::report(&t, |p| {
        fixed.unwrap_or_else(|| KFactor::of(p.rating.unwrap_or(0), 30, false, false))
    });
    let mut text = format!(
        "{:>4}  {:<32} {:>6} {:>5} {:>5} {:>6} {:>6} {:>7}\n",
        "rank", "name", "rating", "score", "rated", "exp", "perf", "change"
    );
    for (p, r) in t.players.iter().zip(&report) {
        text.push_str(&format!(
            "{:>4}  {:<32} {:>6} {:>5} {:>5} {:>6} {:>6} {:>7}\n",
            p.rank,
            p.name,
            p.rating.map_or("-".to_string(), |r| r.to_string()),
            Points(t.score(p.rank)).to_string(),
            r.games.len(),
            format!("{}.{:02}", r.expected / 100, r.expected % 100),
            r.performance.map_or("-".to_string(), |v| v.to_string()),
            r.change.map_or("-".to_string(), rating::tenths),
        ));
    }
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(Failure::from)
}

/// Reads a TRF and says what it holds, or the line that is wrong (exit 3,
/// the pairing programs' code for a malformed file).
pub fn check(path: &str) -> Result<(), Failure> {
    let t = read_trf(path)?;
    let planned = t
        .rounds_planned()
        .map(|r| format!(", rounds planned: {r}"))
        .unwrap_or_default();
    say!(
        "{}: players: {}, rounds played: {}{planned}",
        if t.name.is_empty() { path } else { &t.name },
        t.players.len(),
        t.rounds_recorded()
    );
    Ok(())
}
