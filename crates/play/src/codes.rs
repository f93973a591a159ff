//! The stable codes of the refusals the server decides itself (of a game
//! here in `sakk-play`, and of its API: requests, clocks, tournaments'
//! requests): each is the `error` of the API's error body and names the
//! catalogues' `error-<code>` message. The rules' codes come from `sakk`
//! and a tournament's own from `sakk-tournament`.

/// Defines [`ErrorCode`] with each variant's wire text, and the list of
/// them all.
macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $text:literal,)*) => {
        /// A refusal of the server's own.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)*
        }

        impl ErrorCode {
            /// Every code.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The code as the wire carries it (`snake_case`).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $text,)*
                }
            }
        }
    };
}

codes! {
    /// A malformed request (its parser's words in `detail`).
    BadRequest = "bad_request",
    /// A malformed query string.
    BadQuery = "bad_query",
    /// An address part that is not UTF-8 text.
    BadPath = "bad_path",
    /// A page size out of range.
    BadLimit = "bad_limit",
    /// Not a page cursor.
    BadCursor = "bad_cursor",
    /// Not a game status.
    BadStatus = "bad_status",
    /// Not an opponent kind.
    BadOpponent = "bad_opponent",
    /// Not a colour choice.
    BadColor = "bad_color",
    /// Not a computer level.
    BadLevel = "bad_level",
    /// A Chess960 start position's number out of range, or given for a
    /// standard game or with a FEN.
    BadChess960 = "bad_chess960",
    /// Not a language of move text.
    BadLang = "bad_lang",
    /// Not a square.
    BadSquare = "bad_square",
    /// Not `yes` or `no`.
    BadAnswer = "bad_answer",
    /// A field that does not apply to the game's opponent.
    FieldNotForOpponent = "field_not_for_opponent",
    /// A start position where the game is already over.
    PositionOver = "position_over",
    /// A clock given as a preset and as fields.
    ClockPresetWithFields = "clock_preset_with_fields",
    /// No such clock preset.
    ClockUnknownPreset = "clock_unknown_preset",
    /// A clock given as a control and as fields.
    ClockControlWithFields = "clock_control_with_fields",
    /// Not a time control in PGN form.
    ClockBadControl = "clock_bad_control",
    /// Days a move (correspondence) other than 1, 2, 3, 5, 7, 10 or 14.
    ClockBadDays = "clock_bad_days",
    /// A clock shorter than the server allows.
    ClockTooShort = "clock_too_short",
    /// A clock's time out of range.
    ClockOutOfRange = "clock_out_of_range",
    /// A delay without its kind.
    ClockDelayKindMissing = "clock_delay_kind_missing",
    /// A delay kind without a delay.
    ClockDelayKindWithoutDelay = "clock_delay_kind_without_delay",
    /// A rules trial of too many moves.
    TooManyMoves = "too_many_moves",
    /// A rules trial whose earlier move is not legal.
    BadTrialMove = "bad_trial_move",
    /// An analysis of more moves than a request may hold.
    AnalysisTooLong = "analysis_too_long",
    /// A move of an analysis that is not legal where it is played.
    BadAnalysisMove = "bad_analysis_move",
    /// A PGN tag name other than letters, digits and `_`.
    BadAnalysisTag = "bad_analysis_tag",
    /// Variations nested deeper than PGN's writer follows.
    VariationsTooDeep = "variations_too_deep",
    /// A PGN game that does not read (which game, which line, why).
    BadPgn = "bad_pgn",
    /// An import of more games than one request reads.
    TooManyGames = "too_many_games",
    /// An import without a game.
    NoPgnGame = "no_pgn_game",
    /// No imported game of this id.
    NoImport = "no_import",
    /// A takeback answer with no request standing.
    NoTakebackRequest = "no_takeback_request",
    /// Possible only after the game.
    GameNotOver = "game_not_over",
    /// A tournament's game has no rematch.
    TournamentGame = "tournament_game",
    /// A tournament's game is not aborted: its pairing stands.
    TournamentNoAbort = "tournament_no_abort",
    /// Not the seat token of a player of the game.
    BadToken = "bad_token",
    /// Not the player's turn.
    NotYourTurn = "not_your_turn",
    /// A double round robin asked of a Swiss.
    DoubleNotForSwiss = "double_not_for_swiss",
    /// A Swiss without its number of rounds.
    RoundsMissing = "rounds_missing",
    /// A number of rounds given to a round robin.
    RoundsNotForRoundRobin = "rounds_not_for_round_robin",
    /// Not a tie-break.
    BadTiebreak = "bad_tiebreak",
    /// Not a time control.
    BadTimeControl = "bad_time_control",
    /// A TRF that cannot be read (its line and what is wrong).
    BadTrf = "bad_trf",
    /// A round whose games have begun cannot be unpaired.
    RoundGamesBegun = "round_games_begun",
    /// No join token.
    MissingJoinToken = "missing_join_token",
    /// Not the organiser's token.
    BadOrganiserToken = "bad_organiser_token",
    /// Not the join link's token.
    BadJoinToken = "bad_join_token",
    /// Not a player's link.
    BadPlayerToken = "bad_player_token",
    /// An account entered in the tournament already.
    AlreadyEntered = "already_entered",
    /// A rated tournament over the board (no games on the server to rate).
    RatedNotOnline = "rated_not_online",
    /// A username not 2 to 20 characters long.
    UsernameLength = "username_length",
    /// A username with characters other than letters, digits, `_` and `-`,
    /// or two of `_` and `-` in a row.
    UsernameChars = "username_chars",
    /// A username that does not begin with a letter.
    UsernamePrefix = "username_prefix",
    /// A username that does not end with a letter or a digit.
    UsernameSuffix = "username_suffix",
    /// A username no one may take.
    UsernameReserved = "username_reserved",
    /// A username someone has (in any case).
    UsernameTaken = "username_taken",
    /// A password shorter than allowed.
    PasswordTooShort = "password_too_short",
    /// A password longer than allowed.
    PasswordTooLong = "password_too_long",
    /// A wrong name or password (or a closed account).
    BadCredentials = "bad_credentials",
    /// Needs an account: no session and no personal token.
    NotLoggedIn = "not_logged_in",
    /// Not a personal API token of an open account.
    BadApiToken = "bad_api_token",
    /// A change asked with the session cookie from another site.
    CrossSite = "cross_site",
    /// The token lacks the scope the action needs.
    MissingScope = "missing_scope",
    /// A token without scopes, or with one that does not exist.
    BadScope = "bad_scope",
    /// A token's description empty, too long or with control characters.
    TokenDescription = "token_description",
    /// No such account.
    NoSuchUser = "no_such_user",
    /// The account has no such token.
    NoSuchToken = "no_such_token",
    /// Only a browser session may do this, not a token.
    SessionOnly = "session_only",
    /// No open challenge of that id for the reader.
    NoSuchChallenge = "no_such_challenge",
    /// A challenge to oneself.
    ChallengeYourself = "challenge_yourself",
    /// A variant the server does not play.
    VariantUnavailable = "variant_unavailable",
    /// Days a move (correspondence) in the lobby, which takes clocks only.
    CorrespondenceUnavailable = "correspondence_unavailable",
    /// A rated game from a set-up position.
    RatedFromPosition = "rated_from_position",
    /// A rated game without a clock.
    RatedWithoutClock = "rated_without_clock",
    /// A chat line empty, longer than 140 characters, or with control
    /// characters; or a room that is not `player` or `spectator`.
    ChatText = "chat_text",
    /// Not a game of the reader's.
    NotYourGame = "not_your_game",
    /// An account that has played, or is a bot already, cannot become one.
    BotUpgradeRefused = "bot_upgrade_refused",
    /// The Bot API is for BOT accounts.
    NotABot = "not_a_bot",
    /// A BOT account plays through the Bot API, not the Board API.
    BotOnBoard = "bot_on_board",
    /// A BOT account plays challenges only, not in the lobby.
    BotInLobby = "bot_in_lobby",
    /// A seek without a clock of whole seconds (`time` in minutes and
    /// `increment` in seconds).
    SeekClock = "seek_clock",
    /// A rated seek with a colour chosen (rated seeks play either).
    RatedSeekColor = "rated_seek_color",
    /// A rating range not of the form `1500-1800` within 400–4000.
    BadRatingRange = "bad_rating_range",
    /// Too many seeks open at once.
    TooManySeeks = "too_many_seeks",
    /// No such seek in the lobby (accepted by another, or withdrawn).
    NoSuchSeek = "no_such_seek",
    /// One's own seek.
    OwnSeek = "own_seek",
    /// The reader's rating is outside the range the seek asks for.
    OutsideRatingRange = "outside_rating_range",
    /// No such pool.
    NoSuchPool = "no_such_pool",
    /// An open challenge kept for two other accounts.
    NotInvited = "not_invited",
    /// An open challenge's `users`: not two distinct accounts.
    BadUsers = "bad_users",
    /// An open challenge's `expiresAt`: past, or too far ahead.
    BadExpiry = "bad_expiry",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_its_own_and_has_its_words_in_every_catalogue() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "{code:?} twice");
            let id = sakk_i18n::id("error", code.as_str());
            for locale in [sakk_i18n::Locale::English, sakk_i18n::Locale::Hungarian] {
                assert!(
                    sakk_i18n::catalogue().has(locale, &id),
                    "{id} missing in {}",
                    locale.tag()
                );
            }
        }
    }
}
