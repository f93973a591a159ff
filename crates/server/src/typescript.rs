//! The front-end's TypeScript types, generated from the Rust types that
//! go over the wire (`sakk-play`'s wire types and the server's own): a
//! test keeps `web/src/types.ts` current, and writes it with
//! `SAKK_WRITE_TYPES=1`.

use sakk_play::wire;

use crate::challenges::wire as cw;

/// The TypeScript of every type the front-end reads, in one file.
fn typescript() -> String {
    use ts_rs::TS;
    let cfg = ts_rs::Config::default();
    let decls = [
        wire::ending::SQUARE_NAME_TS.to_string(),
        wire::PgnResult::decl(&cfg),
        wire::TerminationCode::decl(&cfg),
        wire::FactCode::decl(&cfg),
        wire::Side::decl(&cfg),
        wire::Opponent::decl(&cfg),
        wire::GameStatus::decl(&cfg),
        wire::DelayKind::decl(&cfg),
        wire::ClockPeriod::decl(&cfg),
        wire::ClockInUse::decl(&cfg),
        wire::NextControlView::decl(&cfg),
        wire::RejectedClaim::decl(&cfg),
        wire::OpeningInfo::decl(&cfg),
        wire::MoveMarks::decl(&cfg),
        wire::Phase::decl(&cfg),
        wire::NamedMate::decl(&cfg),
        sakk_play::live::ClockSpec::decl(&cfg),
        wire::Variant::decl(&cfg),
        sakk_play::live::RulesSpec::decl(&cfg),
        wire::GameState::decl(&cfg),
        wire::ChatRoom::decl(&cfg),
        wire::ChatLine::decl(&cfg),
        wire::Event::decl(&cfg),
        wire::ErrorBody::decl(&cfg),
        wire::Seats::<String>::decl(&cfg),
        wire::Links::decl(&cfg),
        wire::Created::decl(&cfg),
        wire::Summary::decl(&cfg),
        wire::SummaryEvent::decl(&cfg),
        wire::GameList::decl(&cfg),
        wire::SeatReply::decl(&cfg),
        wire::RematchReply::decl(&cfg),
        crate::routes::NewGameRequest::decl(&cfg),
        crate::analysis::Analysed::decl(&cfg),
        crate::analysis::Analysis::decl(&cfg),
        crate::routes::rules::TrialAction::decl(&cfg),
        crate::routes::rules::Trial::decl(&cfg),
        crate::routes::rules::TrialResult::decl(&cfg),
        crate::routes::answers::TrialAnswer::decl(&cfg),
        crate::routes::answers::Answers::decl(&cfg),
        crate::routes::answers::LessonAnswers::decl(&cfg),
        crate::routes::rules::ControlRead::decl(&cfg),
        crate::analysis_board::StartSpec::decl(&cfg),
        crate::analysis_board::LineRequest::decl(&cfg),
        crate::analysis_board::BoardNode::decl(&cfg),
        crate::analysis_board::BoardPly::decl(&cfg),
        crate::analysis_board::LineRead::decl(&cfg),
        crate::analysis_board::TreeMove::decl(&cfg),
        crate::analysis_board::TreeLine::decl(&cfg),
        crate::analysis_board::TagPair::decl(&cfg),
        crate::analysis_board::TreeRequest::decl(&cfg),
        crate::imports::ImportRequest::decl(&cfg),
        crate::imports::ImportedSummary::decl(&cfg),
        crate::imports::MessageRef::decl(&cfg),
        crate::imports::ImportProblem::decl(&cfg),
        crate::imports::ImportResult::decl(&cfg),
        crate::imports::ImportedMove::decl(&cfg),
        crate::imports::ImportedLine::decl(&cfg),
        crate::imports::ImportedGame::decl(&cfg),
        crate::live_eval::EvalLine::decl(&cfg),
        crate::live_eval::EvalFrame::decl(&cfg),
        crate::tournament::wire::SystemKind::decl(&cfg),
        crate::tournament::wire::NewTournament::decl(&cfg),
        crate::tournament::wire::TournamentCreated::decl(&cfg),
        crate::tournament::wire::ResultCode::decl(&cfg),
        crate::tournament::wire::ByeCode::decl(&cfg),
        crate::tournament::wire::TournamentAction::decl(&cfg),
        crate::tournament::wire::RequestedByeView::decl(&cfg),
        crate::tournament::wire::PlayerView::decl(&cfg),
        crate::tournament::wire::BoardView::decl(&cfg),
        crate::tournament::wire::ByeView::decl(&cfg),
        crate::tournament::wire::Chess960Start::decl(&cfg),
        crate::tournament::wire::RoundView::decl(&cfg),
        crate::tournament::wire::StandingView::decl(&cfg),
        crate::tournament::wire::CrossCell::decl(&cfg),
        crate::tournament::wire::NextStep::decl(&cfg),
        crate::tournament::wire::DetailsView::decl(&cfg),
        crate::tournament::wire::RoundStartView::decl(&cfg),
        crate::tournament::wire::GameInTournament::decl(&cfg),
        crate::tournament::wire::Entered::decl(&cfg),
        crate::tournament::wire::TournamentView::decl(&cfg),
        crate::tournament::wire::TournamentChanged::decl(&cfg),
        crate::tournament::wire::JoinRequest::decl(&cfg),
        crate::tournament::wire::Joined::decl(&cfg),
        crate::tournament::wire::Me::decl(&cfg),
        crate::tournament::wire::PlayerLink::decl(&cfg),
        crate::tournament::wire::TournamentLinks::decl(&cfg),
        crate::accounts::Scope::decl(&cfg),
        crate::accounts::wire::PerfView::decl(&cfg),
        crate::accounts::wire::Account::decl(&cfg),
        crate::accounts::wire::Credentials::decl(&cfg),
        crate::accounts::wire::PasswordChange::decl(&cfg),
        crate::accounts::wire::CloseAccount::decl(&cfg),
        crate::accounts::wire::NewToken::decl(&cfg),
        crate::accounts::wire::TokenView::decl(&cfg),
        crate::accounts::wire::TokenCreated::decl(&cfg),
        crate::accounts::wire::Count::decl(&cfg),
        crate::accounts::wire::RatingHistory::decl(&cfg),
        crate::accounts::wire::GamePlayer::decl(&cfg),
        crate::accounts::wire::GamePlayers::decl(&cfg),
        crate::accounts::wire::UserStatus::decl(&cfg),
        crate::accounts::wire::Found::decl(&cfg),
        crate::lobby_feed::SeekColor::decl(&cfg),
        crate::lobby::wire::NewSeek::decl(&cfg),
        crate::lobby_feed::SeekView::decl(&cfg),
        crate::lobby_feed::PoolView::decl(&cfg),
        crate::lobby_feed::LobbyEvent::decl(&cfg),
        crate::lobby_feed::LobbyGame::decl(&cfg),
        speed_ts(),
        cw::ChallengeStatus::decl(&cfg),
        cw::LightUser::decl(&cfg),
        cw::Variant::decl(&cfg),
        cw::TimeControl::decl(&cfg),
        cw::PerfName::decl(&cfg),
        cw::NewChallenge::decl(&cfg),
        cw::Challenge::decl(&cfg),
        cw::Challenges::decl(&cfg),
        cw::NewOpenChallenge::decl(&cfg),
        cw::Open::decl(&cfg),
        cw::OpenChallenge::decl(&cfg),
        cw::AnyChallenge::decl(&cfg),
        cw::Compat::decl(&cfg),
        cw::StatusObject::decl(&cfg),
        cw::Opponent::decl(&cfg),
        cw::GameEvent::decl(&cfg),
        cw::NowPlaying::decl(&cfg),
        cw::AccountEvent::decl(&cfg),
        cw::AiGame::decl(&cfg),
        crate::chat::Say::decl(&cfg),
        crate::chat::ChatView::decl(&cfg),
    ];
    let mut out = String::from(
        "// Generated from the wire types (sakk-play's wire module, the server's answers) by\n\
         // `SAKK_WRITE_TYPES=1 cargo test -p sakk-server typescript`: do not edit.\n",
    );
    for d in decls {
        out.push_str("\nexport ");
        out.push_str(&d);
        out.push('\n');
    }
    out.push_str(&piece_letters());
    out.push_str(&decline_reasons());
    out
}

/// lichess's decline reasons, as the server takes them.
fn decline_reasons() -> String {
    let keys: Vec<String> = cw::DECLINE_REASONS
        .iter()
        .map(|k| format!("'{k}'"))
        .collect();
    format!(
        "\n/** lichess's reasons to decline a challenge (challenges::wire::DECLINE_REASONS). */\nexport const DECLINE_REASONS = [{}] as const;\n",
        keys.join(", ")
    )
}

/// The rating categories' keys (`sakk_rating::Speed::key`).
fn speed_ts() -> String {
    let keys: Vec<String> = sakk_rating::Speed::ALL
        .into_iter()
        .map(|s| format!("\"{}\"", s.key()))
        .collect();
    format!("type Speed = {};", keys.join(" | "))
}

/// The piece letters of the UI's languages, as the rules library has them
/// (`sakk::Lang::letter`), keyed by the English letter: the front-end
/// writes SAN in the reader's letters with them.
fn piece_letters() -> String {
    use sakk::{Lang, Role};
    let roles = [
        ('K', Role::King),
        ('Q', Role::Queen),
        ('R', Role::Rook),
        ('B', Role::Bishop),
        ('N', Role::Knight),
    ];
    let mut out = String::from(
        "\n/** The piece letters of each UI language, keyed by the English letter (sakk::Lang::letter). */\nexport const PIECE_LETTERS = {",
    );
    for (i, lang) in [Lang::English, Lang::Hungarian].into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&format!(" {}: {{", lang.code()));
        for (j, (english, role)) in roles.iter().enumerate() {
            let letter = lang.letter(*role).unwrap_or(*english);
            let sep = if j > 0 { "," } else { "" };
            out.push_str(&format!("{sep} {english}: \"{letter}\""));
        }
        out.push_str(" }");
    }
    out.push_str(" } as const;\n");
    out
}

/// `web/src/types.ts` is what the Rust types say; with
/// `SAKK_WRITE_TYPES=1` the test writes it instead.
#[test]
fn the_front_ends_typescript_types_are_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/types.ts");
    let fresh = typescript();
    if std::env::var_os("SAKK_WRITE_TYPES").is_some() {
        assert!(
            std::fs::write(&path, &fresh).is_ok(),
            "cannot write {}",
            path.display()
        );
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == fresh,
        "web/src/types.ts is out of date: run SAKK_WRITE_TYPES=1 cargo test -p sakk-server typescript"
    );
}
