//! The `sakk` command line.
//!
//! Every failure prints one line on standard error and exits with status 2
//! (bad arguments, bad FEN) or 1 (anything else).

mod commands;
mod output;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// sakk — chess: the server (default), the engine, rules, notation, PGN tools.
#[derive(Parser, Debug)]
#[command(name = "sakk", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// The options of `sakk serve`.
#[derive(clap::Args, Debug)]
struct ServeArgs {
    /// The address to listen on.
    #[arg(long, env = "SAKK_HOST", default_value = "127.0.0.1")]
    host: String,
    /// The port.
    #[arg(long, env = "SAKK_PORT", default_value_t = 8080)]
    port: u16,
    /// The database: `sqlite://FILE` or `postgres://USER:PASSWORD@HOST/DB` (default: sakk.db in --data-dir).
    #[arg(long, env = "SAKK_DATABASE_URL")]
    database: Option<String>,
    /// Where the embedded database lives.
    #[arg(long, env = "SAKK_DATA_DIR", default_value = "sakk-data")]
    data_dir: String,
    /// How clients reach the server, e.g. `https://chess.example.org` behind
    /// a reverse proxy: the base of the links the API returns (default:
    /// `http://` and the bound address).
    #[arg(long, env = "SAKK_PUBLIC_URL")]
    public_url: Option<String>,
    /// New games (and rematches) a minute from one address (0: no limit).
    #[arg(long, env = "SAKK_LIMIT_NEW_GAMES", default_value_t = 20)]
    limit_new_games: u32,
    /// Analyses a minute from one address (0: no limit).
    #[arg(long, env = "SAKK_LIMIT_ANALYSES", default_value_t = 10)]
    limit_analyses: u32,
    /// Moves and other actions a minute from one address (0: no limit).
    #[arg(long, env = "SAKK_LIMIT_ACTIONS", default_value_t = 600)]
    limit_actions: u32,
    /// New accounts a minute from one address (0: no limit).
    #[arg(long, env = "SAKK_LIMIT_SIGNUPS", default_value_t = 10)]
    limit_signups: u32,
    /// Login attempts a minute from one address (0: no limit).
    #[arg(long, env = "SAKK_LIMIT_LOGINS", default_value_t = 20)]
    limit_logins: u32,
    /// Login attempts a minute on one account, from anywhere (0: no limit).
    #[arg(long, env = "SAKK_LIMIT_LOGINS_PER_ACCOUNT", default_value_t = 10)]
    limit_logins_per_account: u32,
    /// The most connections open at once.
    #[arg(long, env = "SAKK_MAX_CONNECTIONS", default_value_t = 16_384)]
    max_connections: usize,
    /// The most game streams and sockets one client (an IPv4 address, an
    /// IPv6 /64) may have open at once.
    #[arg(long, env = "SAKK_MAX_WATCHERS", default_value_t = 100)]
    max_watchers: usize,
    /// A reverse proxy (address or network, such as 127.0.0.1 or
    /// 10.0.0.0/8; repeat or separate with commas) whose `Forwarded` or
    /// `X-Forwarded-For` header names the client: limits then count per
    /// client, not per proxy. Headers from other peers are ignored.
    #[arg(long, env = "SAKK_TRUSTED_PROXY", value_delimiter = ',')]
    trusted_proxy: Vec<String>,
    /// The header the trusted proxy names the client in: `x-forwarded-for`
    /// (nginx, Caddy) or `forwarded` (RFC 7239). Only that one is read.
    #[arg(long, env = "SAKK_PROXY_HEADER", default_value = "x-forwarded-for")]
    proxy_header: String,
    /// Seconds within which a request's headers must arrive (and after
    /// which an idle connection is closed).
    #[arg(long, env = "SAKK_HEADER_TIMEOUT", default_value_t = 30)]
    header_timeout: u64,
    /// Seconds within which a request's body must arrive whole.
    #[arg(long, env = "SAKK_BODY_TIMEOUT", default_value_t = 30)]
    body_timeout: u64,
    /// The longest the computer thinks on one move, in seconds.
    #[arg(long, env = "SAKK_MAX_THINK", default_value_t = 3.0)]
    max_think: f64,
    /// Join a cluster on this NATS bus, `nats://HOST:PORT` (needs a
    /// PostgreSQL --database shared by every node).
    #[arg(long, env = "SAKK_BUS_URL")]
    bus: Option<String>,
    /// This node's name in the cluster: letters, digits, '-', '_'
    /// (default: `node-` and random letters).
    #[arg(long, env = "SAKK_NODE")]
    node: Option<String>,
    /// Seconds a node's lease holds without renewal: a node that dies has
    /// its games taken over after this.
    #[arg(long, env = "SAKK_LEASE", default_value_t = 5.0)]
    lease: f64,
}

impl ServeArgs {
    /// The server's configuration.
    fn config(self) -> Result<sakk_server::Config, Failure> {
        use std::num::NonZeroU32;
        if !(self.max_think.is_finite() && (0.01..=600.0).contains(&self.max_think)) {
            return Err(Failure::usage(
                "--max-think must be between 0.01 and 600 seconds",
            ));
        }
        if !(self.lease.is_finite() && (1.0..=600.0).contains(&self.lease)) {
            return Err(Failure::usage("--lease must be between 1 and 600 seconds"));
        }
        if self.node.is_some() && self.bus.is_none() {
            return Err(Failure::usage(
                "--node names a cluster node: give --bus too",
            ));
        }
        Ok(sakk_server::Config {
            host: self.host,
            port: self.port,
            database: self.database,
            data_dir: self.data_dir.into(),
            public_url: self.public_url,
            rates: sakk_server::Rates {
                new_games: NonZeroU32::new(self.limit_new_games),
                analyses: NonZeroU32::new(self.limit_analyses),
                actions: NonZeroU32::new(self.limit_actions),
                signups: NonZeroU32::new(self.limit_signups),
                logins: NonZeroU32::new(self.limit_logins),
                logins_per_account: NonZeroU32::new(self.limit_logins_per_account),
            },
            max_connections: self.max_connections,
            max_watchers: self.max_watchers.max(1),
            trusted_proxies: sakk_server::client::TrustedProxies::parse(&self.trusted_proxy)
                .map_err(|e| Failure::usage(format!("--trusted-proxy: {e}")))?
                .with_header(match self.proxy_header.to_ascii_lowercase().as_str() {
                    "x-forwarded-for" => sakk_server::client::ProxyHeader::XForwardedFor,
                    "forwarded" => sakk_server::client::ProxyHeader::Forwarded,
                    _ => {
                        return Err(Failure::usage(
                            "--proxy-header must be x-forwarded-for or forwarded",
                        ))
                    }
                }),
            header_read_timeout: std::time::Duration::from_secs(self.header_timeout.max(1)),
            body_read_timeout: std::time::Duration::from_secs(self.body_timeout.max(1)),
            max_think: std::time::Duration::from_secs_f64(self.max_think),
            min_clock: sakk_server::state::MIN_CLOCK,
            bus: self.bus,
            node: self.node,
            lease: std::time::Duration::from_secs_f64(self.lease),
        })
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the server (the default): games in the browser and over the API.
    Serve(Box<ServeArgs>),
    /// Play the computer's moves for a cluster of servers: take them from
    /// the NATS bus (any number of workers, on any machines).
    Worker {
        /// The bus, `nats://HOST:PORT`.
        #[arg(long, env = "SAKK_BUS_URL")]
        bus: String,
        /// Moves searched at once (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// The worker's name in the servers' logs.
        #[arg(long, default_value = "sakk-worker")]
        name: String,
    },
    /// Whether each side can still checkmate by some series of legal moves
    /// (FIDE 6.9, 5.2.2): prints `WB` (both can), `W-` (only White), `-B`
    /// (only Black), `--` (neither: a dead position), `?` for a side the
    /// quick search leaves undecided. Without --fen, reads one position a
    /// line from standard input (a FEN, or a classification and a FEN as in
    /// the Chess Unwinnability Analyzer's test files) and prints one line
    /// each.
    Unwinnable {
        /// The position (FEN, or `startpos`).
        #[arg(long)]
        fen: Option<String>,
        /// The quick search (a few thousand positions; never wrong, may be
        /// undecided) instead of the full one.
        #[arg(long)]
        quick: bool,
    },
    /// Count the leaf nodes of the legal move tree (move generator test).
    Perft {
        #[command(flatten)]
        start: commands::Start,
        /// First print `<uci>: <count>` for each legal move.
        #[arg(long)]
        divide: bool,
        /// How many plies deep.
        depth: u32,
    },
    /// Play moves (UCI, or SAN in the language of --lang) and print the
    /// position as JSON.
    Replay {
        #[command(flatten)]
        start: commands::Start,
        /// One JSON object per line: the start, then one after every move.
        #[arg(long)]
        each: bool,
        /// The piece letters of SAN moves; only that language is read.
        /// Without it every language is tried, and a move two languages read
        /// differently (B: bishop in English, rook in Hungarian) is refused.
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
        /// The moves; read from standard input when none are given.
        moves: Vec<String>,
    },
    /// Play against the computer in the terminal: type moves in SAN (the
    /// letters of --lang) or UCI; `undo`, `claim`, `resign`, `board`,
    /// `quit`.
    Play {
        /// The computer's level, 1 (beginner) to 8 (full strength).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=8))]
        level: u8,
        /// Your colour.
        #[arg(long, value_enum, default_value_t = ColorArg::White)]
        color: ColorArg,
        /// The language of the texts and of the piece letters (moves are
        /// read in it: in Hungarian B is the rook, F the bishop).
        #[arg(long, value_enum, default_value_t = LangArg::En)]
        lang: LangArg,
        #[command(flatten)]
        start: commands::Start,
    },
    /// Read PGN files: check them, or write them back in export format.
    Pgn {
        #[command(subcommand)]
        action: PgnAction,
    },
    /// Search a fixed set of positions to a fixed depth and print the node
    /// count (a search change that claims "no functional change" must keep it).
    Bench {
        /// Search depth.
        #[arg(long, default_value_t = 9)]
        depth: i32,
    },
    /// Run the engine under the UCI protocol (for Arena, cutechess,
    /// lichess-bot and other chess programs).
    Uci {
        /// Also list the search's parameters as options (for a tuner:
        /// `tune spsa`).
        #[arg(long)]
        tune: bool,
    },
    /// Analyse a position with the engine: score and best lines in SAN.
    Analyse {
        #[command(flatten)]
        start: commands::Start,
        /// Moves played from it (UCI or SAN), space-separated.
        #[arg(long)]
        moves: Option<String>,
        /// Search this deep (1 to 64).
        #[arg(long, conflicts_with = "movetime", value_parser = clap::value_parser!(i32).range(1..=64))]
        depth: Option<i32>,
        /// Search this many milliseconds (default 2000 without --depth).
        #[arg(long)]
        movetime: Option<u64>,
        /// How many best lines (1 to 64).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        multipv: u16,
        /// Piece letters of --moves and of the lines (English lines when
        /// absent, and --moves read in every language, ambiguity refused).
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Play UCI engines against each other (like cutechess-cli).
    Match {
        /// An engine: `cmd=PROGRAM [arg=A …] [name=N] [option.NAME=VALUE …]`;
        /// give it twice, the engine under test first.
        #[arg(long, num_args = 1, required = true)]
        engine: Vec<String>,
        /// Games to play (each opening twice, colours swapped).
        #[arg(long, default_value_t = 2)]
        games: u32,
        /// Time control in seconds, PGN style: `10+0.1`, `40/60`.
        #[arg(long)]
        tc: Option<String>,
        /// A fixed depth per move instead of a clock.
        #[arg(long)]
        depth: Option<u32>,
        /// A fixed node count per move instead of a clock.
        #[arg(long)]
        nodes: Option<u64>,
        /// Openings: an EPD or PGN file.
        #[arg(long)]
        book: Option<String>,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        concurrency: usize,
        /// Write the games to this PGN file.
        #[arg(long)]
        pgn: Option<String>,
        /// Sequential test, e.g. `elo0=0 elo1=10 alpha=0.05 beta=0.05`.
        #[arg(long)]
        sprt: Option<String>,
        /// Play every game to its end (no adjudication).
        #[arg(long)]
        no_adjudicate: bool,
    },
    /// Tune the evaluation (Texel's method: make labelled positions from
    /// self-play, then fit the weights to them) or the search's parameters
    /// (SPSA).
    Tune {
        #[command(subcommand)]
        action: TuneAction,
    },
    /// The NNUE evaluation: train a network from packed self-play
    /// positions, evaluate a position with one.
    Nnue {
        #[command(subcommand)]
        action: NnueAction,
    },
    /// Swiss tournaments by the FIDE Dutch system, from a TRF.
    Swiss {
        #[command(subcommand)]
        action: SwissAction,
    },
    /// Tournaments: round robin tables, Tournament Report Files (TRF).
    Tournament {
        #[command(subcommand)]
        action: TournamentAction,
    },
    /// Accounts on the server's database: make one, close one.
    User {
        #[command(subcommand)]
        action: UserAction,
    },
    /// Personal API tokens on the server's database.
    Token {
        #[command(subcommand)]
        action: TokenAction,
    },
    /// List the legal moves, one per line.
    Moves {
        #[command(flatten)]
        start: commands::Start,
        /// How to write the moves: uci (the default), or san (the default
        /// with --lang).
        #[arg(long, value_enum)]
        notation: Option<Notation>,
        /// Piece letters for SAN (implies --notation san): en (K Q R B N),
        /// hu (K V B F H), de (K D T L S), fr (R D T F C), fig (figurines).
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
}

/// The server's database, found as `sakk serve` finds it.
#[derive(clap::Args, Debug)]
struct DatabaseArgs {
    /// The database: `sqlite://FILE` or `postgres://USER:PASSWORD@HOST/DB` (default: sakk.db in --data-dir).
    #[arg(long, env = "SAKK_DATABASE_URL")]
    database: Option<String>,
    /// Where the embedded database lives.
    #[arg(long, env = "SAKK_DATA_DIR", default_value = "sakk-data")]
    data_dir: String,
}

impl DatabaseArgs {
    fn database(self) -> commands::accounts::Database {
        commands::accounts::Database {
            url: self.database,
            data_dir: self.data_dir,
        }
    }
}

/// What to do with accounts.
#[derive(Subcommand, Debug)]
enum UserAction {
    /// Make an account (lichess's rules for the name); its password is the
    /// first line of standard input.
    Add {
        /// The username.
        name: String,
        #[command(flatten)]
        db: DatabaseArgs,
    },
    /// Close an account: it can no longer log in, its sessions and tokens
    /// end; its games stay and its name is not given to anyone else.
    Close {
        /// The username.
        name: String,
        #[command(flatten)]
        db: DatabaseArgs,
    },
}

/// What to do with personal API tokens.
#[derive(Subcommand, Debug)]
enum TokenAction {
    /// Make a personal API token for an account and print it (this once:
    /// the database keeps only its hash).
    Add {
        /// The username.
        name: String,
        /// What it may do (one or more after --scope, or comma-separated): board:play,
        /// bot:play, challenge:read, challenge:write, tournament:write,
        /// preference:read.
        #[arg(long = "scope", required = true, value_delimiter = ',', num_args = 1..)]
        scopes: Vec<String>,
        /// What it is for, as the account's token list shows it.
        #[arg(long, default_value = "made on the command line")]
        description: String,
        #[command(flatten)]
        db: DatabaseArgs,
    },
}

/// What to do with a PGN file.
#[derive(Subcommand, Debug)]
enum PgnAction {
    /// Check every game; one line per problem, then `games: N, errors: M`.
    Check {
        /// Threads checking at once (default: one per core; standard input
        /// is checked on one).
        #[arg(long)]
        threads: Option<usize>,
        /// Also question a decisive result with the full dead-position
        /// proof (FIDE 5.2.2, 6.9) where the final position passes the
        /// screen: milliseconds to seconds for such a game (without it,
        /// only material and a wall of blocked pawns are asked).
        #[arg(long)]
        prove_dead: bool,
        /// The PGN file (`-` for standard input; not a directory).
        file: String,
    },
    /// Write the games back in PGN export format.
    Export {
        /// Piece letters: en (standard export) or hu (for display).
        #[arg(long, value_enum, default_value_t = LangArg::En)]
        lang: LangArg,
        /// The PGN file (`-` for standard input).
        file: String,
    },
}

/// What to do for a Swiss tournament.
#[derive(Subcommand, Debug)]
enum SwissAction {
    /// Pair the next round of the tournament in a TRF by the FIDE Dutch
    /// system. Prints the number of lines that follow, then `WHITE BLACK` a
    /// board by starting rank, the bye as `RANK 0` (as JaVaFo and
    /// bbpPairings do). Exit 1 when no legal pairing exists, 3 when the
    /// file is malformed (or --baku lacks the planned rounds), 4 when the
    /// tournament is too large to pair.
    Pair {
        /// The TRF file.
        file: String,
        /// The text of the rules: 2026 (in force from 1 February 2026), 2017
        /// (until then), or auto: the one in force when the tournament began
        /// (its 042 start date; 2026 without one).
        #[arg(long, value_parser = ["auto", "2026", "2017"], default_value = "auto")]
        rules: String,
        /// Baku acceleration (C.04.5.1), unless the file gives its own
        /// virtual points (XXA lines); needs the planned rounds (XXR).
        #[arg(long)]
        baku: bool,
        /// The language of the message when no pairing exists (en, hu).
        #[arg(long, value_parser = ["en", "hu"])]
        lang: Option<String>,
    },
    /// Print the standings of the tournament in a TRF: place, starting
    /// rank, name, points and the tie-breaks (FIDE Tie-Break Regulations).
    Standings {
        /// The TRF file.
        file: String,
        /// The tie-breaks in order, by their FIDE codes: BH, BH-C1, BH-C2,
        /// BH-M1, BH-M2, SB, DE, WIN, WON, BPG, BWG, PS, ARO, TPR.
        #[arg(long, value_delimiter = ',', default_value = "BH-C1,BH,SB,DE,WIN")]
        tiebreaks: Vec<String>,
        /// The text of the Tie-Break Regulations: 2026 (in force from 1
        /// March 2026), 2024 (from 1 August 2024), or auto: the one in force
        /// when the tournament began (its 042 start date; 2026 without one).
        #[arg(long, value_parser = ["auto", "2026", "2024"], default_value = "auto")]
        tiebreak_rules: String,
        /// The language of the column heads (en, hu); without it, short
        /// English heads for scripts (place, rank, name, pts).
        #[arg(long, value_parser = ["en", "hu"])]
        lang: Option<String>,
    },
}

/// What to do for a tournament.
#[derive(Subcommand, Debug)]
enum TournamentAction {
    /// Print the round robin pairings of N players by FIDE's Berger tables:
    /// `Round R`, then `WHITE BLACK` a board (the bye as `RANK 0`).
    Berger {
        /// The number of players (2 to 100).
        #[arg(value_parser = clap::value_parser!(u16).range(2..=100))]
        players: u16,
        /// A double round robin (colours reversed in the second cycle).
        #[arg(long)]
        double: bool,
    },
    /// Read a Tournament Report File (TRF-16) and check it: exit 3 with the
    /// line named when it is malformed.
    Check {
        /// The TRF file.
        file: String,
    },
    /// Estimate the FIDE rating changes of a tournament in a TRF: each
    /// player's rated games, expected score, performance and change.
    Ratings {
        /// The TRF file.
        file: String,
        /// K for every player (40, 20 or 10); without it, 10 from 2400 and
        /// 20 below (the file does not say who is new or under 18).
        #[arg(long, value_parser = ["40", "20", "10"])]
        k: Option<String>,
    },
}

/// What `sakk nnue` does.
#[derive(Subcommand, Debug)]
enum NnueAction {
    /// Train a network `(768×KING_BUCKETS → HIDDEN)×2 → 1×BUCKETS` (SCReLU,
    /// AdamW) on packed positions; writes OUT/epoch-N.nnue after each epoch
    /// and OUT/net.nnue.
    Train {
        /// Packed position files (`tune datagen --format packed`).
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<String>,
        /// The directory for the networks.
        #[arg(long)]
        out: String,
        /// Neurons per perspective (default: the starting net's, else 128;
        /// more than the starting net's widens it, its evaluation kept).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=4096))]
        hidden: Option<u16>,
        /// Output buckets by the number of men on the board, 1 to 8
        /// (default: the starting net's, else 1; a starting net of one
        /// bucket has it copied into each, its evaluation kept).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
        buckets: Option<u8>,
        /// Sets of input weights by where each side's king stands: 1, or 8
        /// (its pair of files by whether it is on its first rank; default:
        /// the starting net's, else 1; a starting net of one set has it
        /// copied into each, its evaluation kept).
        #[arg(long, value_parser = king_buckets)]
        king_buckets: Option<sakk_engine::nnue::features::KingBuckets>,
        /// Start from this network's weights instead of random ones
        /// (fine-tuning): a `.nnue` file, or `builtin` for the engine's own.
        #[arg(long)]
        init: Option<String>,
        /// Passes over the data.
        #[arg(long, default_value_t = 10)]
        epochs: usize,
        /// Positions a step.
        #[arg(long, default_value_t = 16_384, value_parser = clap::value_parser!(u32).range(1..))]
        batch: u32,
        /// The starting learning rate.
        #[arg(long, default_value_t = 0.001)]
        lr: f32,
        /// The learning rate is multiplied by 0.3 every this many epochs.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
        drop_every: u32,
        /// The share of the game's result in the target (0 to 1; the rest is
        /// the search's score).
        #[arg(long, default_value_t = 0.3)]
        result_weight: f32,
        /// One block of 1,024 positions in this many is held out to measure
        /// the loss.
        #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(2..))]
        hold_out: u32,
        /// Threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Seed of the initial weights and the shuffles.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print a network's evaluation of a position (centipawns for the side
    /// to move).
    Eval {
        /// The network file.
        #[arg(long)]
        net: String,
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
    },
}

/// The steps of tuning.
#[derive(Subcommand, Debug)]
enum TuneAction {
    /// Play self-play games and append their quiet positions, each with the
    /// game's result, to a file: `FEN;1.0|0.5|0.0` lines for `tune fit`,
    /// or 32-byte records with the search's score for the NNUE trainer
    /// (`--format packed`; a run stopped and started again appends, with
    /// games of their own).
    Datagen {
        /// Openings: an EPD or PGN file.
        #[arg(long)]
        book: String,
        /// The file to append to.
        #[arg(long)]
        out: String,
        /// Games to play.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Nodes a move.
        #[arg(long, default_value_t = 6000)]
        nodes: u64,
        /// Threads (games played at once).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Random plies after the opening, at most.
        #[arg(long, default_value_t = 4)]
        random_plies: usize,
        /// Seed of the random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How positions are written.
        #[arg(long, value_enum, default_value_t = DataFormat::Text)]
        format: DataFormat,
        /// The evaluation to play with: `builtin` (the built-in network,
        /// the engine's default), `hce` (the hand-made evaluation), or a
        /// network file (`nnue train`'s `net.nnue`).
        #[arg(long, default_value = "builtin")]
        net: String,
    },
    /// Fit every evaluation weight to labelled positions and write the
    /// weights as Rust source (crates/engine/src/eval/weights.rs).
    Fit {
        /// Labelled positions (`FEN;RESULT` lines).
        #[arg(long)]
        data: String,
        /// Where to write the weights.
        #[arg(long)]
        out: String,
        /// Gradient steps.
        #[arg(long, default_value_t = 1500)]
        epochs: usize,
        /// Step size in centipawns (decays to a tenth).
        #[arg(long, default_value_t = 1.0)]
        rate: f64,
        /// Weight of the penalty on moving away from the current weights.
        #[arg(long, default_value_t = 0.0)]
        l2: f64,
    },
    /// Tune the search's parameters by SPSA: pairs of games between the
    /// engine with every parameter moved up and the engine with every
    /// parameter moved down; each iteration's values are appended to the
    /// state file, and a run started again with the same file goes on
    /// where it stopped.
    Spsa(commands::tune::SpsaArgs),
}

/// How `tune datagen` writes positions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum DataFormat {
    /// `FEN;RESULT` lines (for `tune fit`).
    Text,
    /// 32 bytes a position with its score (marlinformat's layout; for NNUE
    /// training).
    Packed,
}

/// Move notation for output.
#[derive(Copy, Clone, Debug, ValueEnum)]
enum Notation {
    /// Long algebraic as in UCI: e2e4, e7e8q.
    Uci,
    /// Standard algebraic: e4, Nf3, exd5, O-O, e8=Q+.
    San,
}

/// Piece-letter language.
#[derive(Copy, Clone, Debug, ValueEnum)]
enum LangArg {
    /// English: K Q R B N.
    En,
    /// Hungarian: K V B F H.
    Hu,
    /// German: K D T L S.
    De,
    /// French: R D T F C.
    Fr,
    /// Figurines: ♔ ♕ ♖ ♗ ♘.
    Fig,
}

/// A side to play, as `sakk play` takes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ColorArg {
    /// White moves first.
    White,
    /// Black.
    Black,
}

impl From<LangArg> for sakk::Lang {
    fn from(l: LangArg) -> sakk::Lang {
        match l {
            LangArg::En => sakk::Lang::English,
            LangArg::Hu => sakk::Lang::Hungarian,
            LangArg::De => sakk::Lang::German,
            LangArg::Fr => sakk::Lang::French,
            LangArg::Fig => sakk::Lang::Figurine,
        }
    }
}

/// A failure with the exit status it maps to.
pub struct Failure {
    /// 2 for usage errors (bad arguments, bad FEN), 1 otherwise.
    pub status: u8,
    /// One line saying what is wrong.
    pub message: String,
    /// Print the message as it is, without the `error: ` prefix (for JSON).
    pub raw: bool,
    /// Print nothing: the output's reader has gone (a closed pipe).
    pub quiet: bool,
}

impl Failure {
    /// A usage error (exit status 2).
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            status: 2,
            message: message.into(),
            raw: false,
            quiet: false,
        }
    }

    /// Any failure with exit status 1.
    pub fn other(message: impl Into<String>) -> Failure {
        Failure {
            status: 1,
            message: message.into(),
            raw: false,
            quiet: false,
        }
    }

    /// The same failure, printed without the `error: ` prefix.
    pub fn raw(self) -> Failure {
        Failure { raw: true, ..self }
    }
}

/// The instruction-set extensions this binary was built to use that the
/// CPU it runs on lacks (a binary built with `-C target-cpu=native` and
/// copied to an older machine), by name.
fn missing_cpu_features() -> Vec<&'static str> {
    #[allow(unused_mut)]
    let mut missing = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        macro_rules! check {
            ($($name:tt),*) => {
                $(
                    if cfg!(target_feature = $name) && !std::arch::is_x86_feature_detected!($name) {
                        missing.push($name);
                    }
                )*
            };
        }
        check!("popcnt", "sse4.2", "bmi1", "bmi2", "avx2", "fma", "avx512f", "avx512bw");
    }
    missing
}

/// The allocator of the whole program (see the dependency's note in
/// `Cargo.toml`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // A clear word instead of an illegal-instruction crash.
    let missing = missing_cpu_features();
    if !missing.is_empty() {
        eprintln!(
            "error: this sakk binary was built for a CPU with {} and this CPU lacks them; \
             build it here (cargo build --release) or use a portable build",
            missing.join(", ")
        );
        return ExitCode::from(1);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            // One line: clap's message up to its first blank line, joined.
            let rendered = e.render().to_string();
            let line: Vec<&str> = rendered
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            eprintln!("{}", line.join(" "));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Some(Command::Perft {
            start,
            divide,
            depth,
        }) => commands::perft::run(&start, depth, divide),
        Some(Command::Replay {
            start,
            each,
            lang,
            moves,
        }) => commands::replay::run(&start, each, lang.map(Into::into), &moves),
        Some(Command::Play {
            level,
            color,
            lang,
            start,
        }) => commands::play::run(
            &start,
            level,
            if color == ColorArg::White {
                sakk::Color::White
            } else {
                sakk::Color::Black
            },
            lang.into(),
        ),
        Some(Command::Pgn { action }) => match action {
            PgnAction::Check {
                file,
                threads,
                prove_dead,
            } => commands::pgn::check(&file, threads, prove_dead),
            PgnAction::Export { lang, file } => commands::pgn::export(&file, lang.into()),
        },
        Some(Command::Match {
            engine,
            games,
            tc,
            depth,
            nodes,
            book,
            concurrency,
            pgn,
            sprt,
            no_adjudicate,
        }) => commands::engine::run_match(commands::engine::MatchArgs {
            engines: engine,
            games,
            tc,
            depth,
            nodes,
            book,
            concurrency,
            pgn,
            sprt,
            adjudicate: !no_adjudicate,
        }),
        Some(Command::Bench { depth }) => {
            commands::engine::bench(depth);
            Ok(())
        }
        Some(Command::Uci { tune }) => {
            commands::engine::uci(tune);
            Ok(())
        }
        Some(Command::Analyse {
            start,
            moves,
            depth,
            movetime,
            multipv,
            lang,
        }) => commands::engine::analyse(
            &start,
            moves.as_deref(),
            depth,
            movetime,
            usize::from(multipv),
            lang.map(Into::into),
        ),
        Some(Command::Nnue { action }) => match action {
            NnueAction::Train {
                data,
                out,
                hidden,
                buckets,
                king_buckets,
                init,
                epochs,
                batch,
                lr,
                drop_every,
                result_weight,
                hold_out,
                threads,
                seed,
            } => commands::nnue::train(commands::nnue::TrainArgs {
                data,
                out,
                hidden: hidden.map(usize::from),
                buckets: buckets.map(usize::from),
                kings: king_buckets,
                init,
                hold_out: hold_out as usize,
                settings: sakk_engine::nnue::train::Settings {
                    epochs,
                    batch: batch as usize,
                    lr,
                    drop_every: drop_every as usize,
                    result_weight: result_weight.clamp(0.0, 1.0),
                    threads: threads
                        .unwrap_or_else(|| {
                            std::thread::available_parallelism().map_or(1, usize::from)
                        })
                        .max(1),
                    seed,
                    ..sakk_engine::nnue::train::Settings::default()
                },
            }),
            NnueAction::Eval { net, fen } => commands::nnue::eval(&net, fen.as_deref()),
        },
        Some(Command::Tune { action }) => match action {
            TuneAction::Datagen {
                book,
                out,
                games,
                nodes,
                threads,
                random_plies,
                seed,
                format,
                net,
            } => commands::tune::datagen(commands::tune::DatagenArgs {
                book,
                out,
                net,
                config: sakk_engine::tune::datagen::Config {
                    games,
                    nodes,
                    threads,
                    random_plies,
                    seed,
                    format: match format {
                        DataFormat::Text => sakk_engine::tune::datagen::Format::Text,
                        DataFormat::Packed => sakk_engine::tune::datagen::Format::Packed,
                    },
                    net: None,
                },
            }),
            TuneAction::Fit {
                data,
                out,
                epochs,
                rate,
                l2,
            } => commands::tune::run_fit(
                &data,
                &out,
                sakk_engine::tune::fit::Settings { epochs, rate, l2 },
            ),
            TuneAction::Spsa(args) => commands::tune::spsa(args),
        },
        Some(Command::Moves {
            start,
            notation,
            lang,
        }) => match (notation, lang) {
            (Some(Notation::Uci), Some(_)) => Err(Failure::usage(
                "--lang sets the letters of SAN: use it with --notation san, or leave it out",
            )),
            (notation, lang) => commands::moves::run(
                &start,
                matches!(notation, Some(Notation::San)) || lang.is_some(),
                lang.map_or(sakk::Lang::English, Into::into),
            ),
        },
        Some(Command::Unwinnable { fen, quick }) => {
            commands::unwinnable::run(fen.as_deref(), quick)
        }
        Some(Command::Swiss { action }) => match action {
            SwissAction::Pair {
                file,
                rules,
                baku,
                lang,
            } => commands::tournament::swiss_pair(&file, &rules, baku, lang.as_deref()),
            SwissAction::Standings {
                file,
                tiebreaks,
                tiebreak_rules,
                lang,
            } => {
                commands::tournament::standings(&file, &tiebreaks, &tiebreak_rules, lang.as_deref())
            }
        },
        Some(Command::Tournament { action }) => match action {
            TournamentAction::Berger { players, double } => {
                commands::tournament::berger_tables(players, double)
            }
            TournamentAction::Check { file } => commands::tournament::check(&file),
            TournamentAction::Ratings { file, k } => {
                commands::tournament::ratings(&file, k.as_deref())
            }
        },
        Some(Command::User { action }) => match action {
            UserAction::Add { name, db } => commands::accounts::user_add(&name, &db.database()),
            UserAction::Close { name, db } => commands::accounts::user_close(&name, &db.database()),
        },
        Some(Command::Token { action }) => match action {
            TokenAction::Add {
                name,
                scopes,
                description,
                db,
            } => commands::accounts::token_add(&name, &scopes, &description, &db.database()),
        },
        Some(Command::Serve(args)) => args.config().and_then(commands::serve::run),
        Some(Command::Worker { bus, threads, name }) => {
            commands::serve::worker(&bus, threads, &name)
        }
        // No subcommand: exactly `sakk serve`, with clap's defaults and
        // SAKK_* variables (an invalid one is reported, not ignored).
        None => match Cli::try_parse_from(["sakk", "serve"]).map(|c| c.command) {
            Ok(Some(Command::Serve(args))) => args.config().and_then(commands::serve::run),
            Ok(_) => Err(Failure::usage("cannot start the server")),
            Err(e) => Err(Failure::usage(
                e.render()
                    .to_string()
                    .lines()
                    .next()
                    .unwrap_or("bad environment")
                    .trim_start_matches("error: ")
                    .to_string(),
            )),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            if failure.quiet {
                // Standard output's reader has gone: nothing to say.
            } else if failure.raw {
                eprintln!("{}", failure.message);
            } else {
                eprintln!("error: {}", failure.message);
            }
            ExitCode::from(failure.status)
        }
    }
}

/// `--king-buckets`: a layout by its number of buckets (1 or 8).
fn king_buckets(text: &str) -> Result<sakk_engine::nnue::features::KingBuckets, String> {
    text.parse::<u32>()
        .ok()
        .and_then(sakk_engine::nnue::features::KingBuckets::from_id)
        .ok_or_else(|| format!("{text}: must be 1 or 8"))
}
