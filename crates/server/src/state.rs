//! What every request shares: storage, the games in memory, the bus, the
//! cluster node (if any), the engine pool, the limits, the server's clock,
//! and the shutdown signal.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::analysis::Analyses;
use crate::bus::Bus;
use crate::client::{TrustedProxies, Watchers};
use crate::cpu::CpuPool;
use crate::engine_pool::EnginePool;
use crate::error::ApiError;
use crate::events::Events;
use crate::games::{Games, Retention};
use crate::limits::{RateLimits, Rates};
use crate::node::{Node, Settings};
use crate::store::Store;

/// The most streams and sockets one client has open at once, by default.
pub const MAX_WATCHERS: usize = 100;

/// The shortest starting time a new game's clock may have by default (a
/// game must be playable: `{"increment": 2}` alone would lose on time at
/// once, `limit 0.001` too).
pub const MIN_CLOCK: Duration = Duration::from_secs(15);

/// How the server's shared state is set up.
#[derive(Clone)]
pub struct Options {
    /// How clients reach the server (`https://sakk.example.org`): the base
    /// of the links the API returns.
    pub public_url: String,
    /// The longest the computer thinks on one move, whatever its clock.
    pub max_think: Duration,
    /// The shortest starting time a new game's clock may have.
    pub min_clock: Duration,
    /// Engine jobs at once (default: one per core).
    pub engine_threads: Option<usize>,
    /// Analyses that may wait for the engine (the computer's moves: sixteen
    /// times as many).
    pub engine_queue: usize,
    /// How long unused games stay in memory.
    pub retention: Retention,
    /// Requests allowed per client address.
    pub rates: Rates,
    /// How often a quiet WebSocket is pinged.
    pub ping_every: Duration,
    /// How long a WebSocket client may stay silent (no message, no pong)
    /// before it is closed.
    pub silent_for: Duration,
    /// How long a request's body may take to arrive, whole.
    pub body_timeout: Duration,
    /// The most streams and sockets one client may have open at once.
    pub max_watchers: usize,
    /// The proxies whose forwarding headers name the client.
    pub trusted_proxies: TrustedProxies,
    /// The pool of CPU-heavy requests (pairings, rules trials): jobs at once
    /// and waiting (default: one less than the cores, at least one).
    pub cpu: Option<(usize, usize)>,
    /// Where committed changes are announced (in this process, or on NATS).
    pub bus: Arc<Bus>,
    /// The node, in a cluster.
    pub cluster: Option<Settings>,
    /// How long the computer's move may wait for a `sakk worker` before the
    /// node's own pool plays it, beyond its thinking time.
    pub worker_grace: Duration,
}

impl Options {
    /// The defaults, with links based on `public_url`.
    pub fn new(public_url: String) -> Options {
        Options {
            public_url,
            max_think: Duration::from_secs(3),
            min_clock: MIN_CLOCK,
            engine_threads: None,
            engine_queue: 64,
            retention: Retention::default(),
            rates: Rates::default(),
            ping_every: Duration::from_secs(20),
            silent_for: Duration::from_secs(60),
            body_timeout: Duration::from_secs(30),
            max_watchers: MAX_WATCHERS,
            trusted_proxies: TrustedProxies::none(),
            cpu: None,
            bus: Arc::new(Bus::local()),
            cluster: None,
            worker_grace: Duration::from_secs(1),
        }
    }
}

/// Everything the handlers share.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    games: Games,
    pool: Arc<EnginePool>,
    cpu: CpuPool,
    analyses: Arc<Analyses>,
    live_evals: crate::live_eval::LiveEvals,
    limits: RateLimits,
    epoch: Instant,
    public_url: String,
    max_think: Duration,
    min_clock: Duration,
    ping_every: Duration,
    silent_for: Duration,
    body_timeout: Duration,
    watchers: Watchers,
    trusted_proxies: TrustedProxies,
    bus: Arc<Bus>,
    node: Option<Arc<Node>>,
    worker_grace: Duration,
    shutdown: watch::Sender<bool>,
    tournament_locks: crate::tournament_locks::Locks,
    events: Events,
    inbox: crate::inbox::Inbox,
    lobby: crate::lobby_feed::LobbyFeed,
}

impl AppState {
    /// The state over a store, with default options; `public_url` is how
    /// clients reach the server.
    pub fn new(store: Store, public_url: String) -> AppState {
        AppState::with_options(store, Options::new(public_url))
    }

    /// The state over a store.
    pub fn with_options(store: Store, options: Options) -> AppState {
        let threads = options.engine_threads.unwrap_or_else(crate::cpu::cores);
        let pool = EnginePool::new(threads, options.engine_queue);
        AppState {
            inner: Arc::new(Inner {
                store,
                games: Games::new(options.retention),
                pool: Arc::new(pool),
                cpu: match options.cpu {
                    Some((size, waiting)) => CpuPool::new(size, waiting),
                    None => CpuPool::for_machine(),
                },
                analyses: Arc::new(Analyses::new(256)),
                live_evals: crate::live_eval::LiveEvals::new(),
                limits: RateLimits::new(options.rates),
                epoch: Instant::now(),
                public_url: options.public_url.trim_end_matches('/').to_string(),
                max_think: options.max_think,
                min_clock: options.min_clock,
                ping_every: options.ping_every,
                silent_for: options.silent_for,
                body_timeout: options.body_timeout,
                watchers: Watchers::new(options.max_watchers),
                trusted_proxies: options.trusted_proxies,
                inbox: crate::inbox::Inbox::new(options.bus.client().cloned()),
                lobby: crate::lobby_feed::LobbyFeed::new(options.bus.client().cloned()),
                bus: options.bus,
                node: options.cluster.map(|s| Arc::new(Node::new(s))),
                worker_grace: options.worker_grace,
                shutdown: watch::channel(false).0,
                tournament_locks: crate::tournament_locks::Locks::default(),
                events: Events::default(),
            }),
        }
    }

    /// The locks that put one node's actions on a tournament in a row.
    pub fn tournament_locks(&self) -> &crate::tournament_locks::Locks {
        &self.inner.tournament_locks
    }

    /// What the command path tells the services above it.
    pub fn events(&self) -> &Events {
        &self.inner.events
    }

    /// Each account's event stream.
    pub fn inbox(&self) -> &crate::inbox::Inbox {
        &self.inner.inbox
    }

    /// The lobby's stream on this node.
    pub fn lobby(&self) -> &crate::lobby_feed::LobbyFeed {
        &self.inner.lobby
    }

    /// The server's monotonic time.
    pub fn now(&self) -> Duration {
        self.inner.epoch.elapsed()
    }

    /// The storage.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The games in memory.
    pub fn games(&self) -> &Games {
        &self.inner.games
    }

    /// The bus.
    pub fn bus(&self) -> &Arc<Bus> {
        &self.inner.bus
    }

    /// This node, in a cluster.
    pub fn node(&self) -> Option<&Arc<Node>> {
        self.inner.node.as_ref()
    }

    /// How long the computer's move waits for a worker beyond its
    /// thinking time.
    pub fn worker_grace(&self) -> Duration {
        self.inner.worker_grace
    }

    /// The engine pool.
    pub fn pool(&self) -> &Arc<EnginePool> {
        &self.inner.pool
    }

    /// The pool of CPU-heavy requests.
    pub fn cpu(&self) -> &CpuPool {
        &self.inner.cpu
    }

    /// The analysis board's live evaluations, by client.
    pub fn live_evals(&self) -> &crate::live_eval::LiveEvals {
        &self.inner.live_evals
    }

    /// The analyses.
    pub fn analyses(&self) -> &Arc<Analyses> {
        &self.inner.analyses
    }

    /// The rate limits.
    pub fn limits(&self) -> &RateLimits {
        &self.inner.limits
    }

    /// The base of the links the API returns.
    pub fn public_url(&self) -> &str {
        &self.inner.public_url
    }

    /// The longest the computer thinks on one move.
    pub fn max_think(&self) -> Duration {
        self.inner.max_think
    }

    /// The shortest starting time a new game's clock may have.
    pub fn min_clock(&self) -> Duration {
        self.inner.min_clock
    }

    /// How often a quiet WebSocket is pinged, and how long its client may
    /// stay silent before it is closed.
    pub fn socket_timing(&self) -> (Duration, Duration) {
        (self.inner.ping_every, self.inner.silent_for)
    }

    /// How long a request's body may take to arrive, whole.
    pub fn body_timeout(&self) -> Duration {
        self.inner.body_timeout
    }

    /// The streams and sockets open, per client.
    pub fn watchers(&self) -> &Watchers {
        &self.inner.watchers
    }

    /// The proxies whose forwarding headers name the client.
    pub fn trusted_proxies(&self) -> &TrustedProxies {
        &self.inner.trusted_proxies
    }

    /// A new game id.
    ///
    /// # Errors
    /// The random source failed.
    pub fn new_game_id(&self) -> Result<String, ApiError> {
        crate::security::random_string(8)
    }

    /// Whether the server is shutting down.
    pub fn is_shutting_down(&self) -> bool {
        *self.inner.shutdown.borrow()
    }

    /// A receiver that sees the shutdown.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.inner.shutdown.subscribe()
    }

    /// Begins the shutdown: streams and sockets end, the engine stops (its
    /// jobs within `within`), new requests for games are refused.
    pub async fn shut_down(&self, within: Duration) {
        self.inner.shutdown.send_replace(true);
        if !self.inner.pool.close(within).await {
            tracing::warn!("engine jobs still running at shutdown");
        }
    }

    /// Runs forever: drops unused games from memory every `every`, and
    /// forgets rate-limit entries of addresses gone quiet.
    pub async fn housekeeping(self, every: Duration) {
        let mut shutdown = self.shutdown_signal();
        loop {
            tokio::select! {
                () = tokio::time::sleep(every) => {}
                _ = shutdown.changed() => return,
            }
            let bus = &self.inner.bus;
            let dropped = self.inner.games.sweep(|id| bus.watchers(id) > 0).await;
            bus.sweep();
            if dropped > 0 {
                tracing::debug!(dropped, "games left memory");
            }
            self.inner.limits.forget_quiet();
            self.inner.inbox.forget_closed();
        }
    }
}
