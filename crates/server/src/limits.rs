//! Limits per client (an IPv4 address or an IPv6 /64, see
//! [`crate::client`]): new games, analyses and game actions are
//! rate-limited (GCRA, by the `governor` crate); a client over its limit
//! gets 429 `rate_limited` with `Retry-After`.

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::client::ClientKey;
use crate::error::ApiError;

/// Requests a minute per client address for each kind (`None`: unlimited).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rates {
    /// New games (and rematches).
    pub new_games: Option<NonZeroU32>,
    /// After-game analyses (the engine's work, even when cached).
    pub analyses: Option<NonZeroU32>,
    /// Moves and other game actions, over HTTP and WebSocket.
    pub actions: Option<NonZeroU32>,
    /// New accounts.
    pub signups: Option<NonZeroU32>,
    /// Login attempts (and password checks) from one address.
    pub logins: Option<NonZeroU32>,
    /// Login attempts on one account, from anywhere.
    pub logins_per_account: Option<NonZeroU32>,
}

impl Default for Rates {
    /// What a public site would allow: 20 new games, 10 analyses and 600
    /// actions a minute (ten a second: a club behind one address, or a
    /// bot playing several bullet games); 10 new accounts and 20 login
    /// attempts a minute from an address (a club signing up together), 10
    /// login attempts a minute on one account (OWASP: throttle guesses
    /// against an account wherever they come from).
    fn default() -> Rates {
        Rates {
            new_games: NonZeroU32::new(20),
            analyses: NonZeroU32::new(10),
            actions: NonZeroU32::new(600),
            signups: NonZeroU32::new(10),
            logins: NonZeroU32::new(20),
            logins_per_account: NonZeroU32::new(10),
        }
    }
}

impl Rates {
    /// No limit at all (benchmarks, a server behind a limiting proxy).
    pub fn unlimited() -> Rates {
        Rates {
            new_games: None,
            analyses: None,
            actions: None,
            signups: None,
            logins: None,
            logins_per_account: None,
        }
    }
}

/// The kinds of limited requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A new game.
    NewGame,
    /// An analysis.
    Analysis,
    /// A game action.
    Action,
    /// A new account.
    Signup,
    /// A login attempt, or another check of a password.
    Login,
}

/// The limiters.
pub struct RateLimits {
    new_games: Option<DefaultKeyedRateLimiter<ClientKey>>,
    analyses: Option<DefaultKeyedRateLimiter<ClientKey>>,
    actions: Option<DefaultKeyedRateLimiter<ClientKey>>,
    signups: Option<DefaultKeyedRateLimiter<ClientKey>>,
    logins: Option<DefaultKeyedRateLimiter<ClientKey>>,
    logins_per_account: Option<DefaultKeyedRateLimiter<String>>,
}

fn limiter<K: Clone + Eq + std::hash::Hash>(
    per_minute: Option<NonZeroU32>,
) -> Option<DefaultKeyedRateLimiter<K>> {
    per_minute.map(|n| RateLimiter::keyed(Quota::per_minute(n)))
}

impl RateLimits {
    /// Limiters for these rates.
    pub fn new(rates: Rates) -> RateLimits {
        RateLimits {
            new_games: limiter(rates.new_games),
            analyses: limiter(rates.analyses),
            actions: limiter(rates.actions),
            signups: limiter(rates.signups),
            logins: limiter(rates.logins),
            logins_per_account: limiter(rates.logins_per_account),
        }
    }

    /// Counts one request of `kind` from `addr`.
    ///
    /// # Errors
    /// [`ApiError::RateLimited`] with the seconds to wait.
    pub fn check(&self, kind: Kind, addr: IpAddr) -> Result<(), ApiError> {
        let limiter = match kind {
            Kind::NewGame => &self.new_games,
            Kind::Analysis => &self.analyses,
            Kind::Action => &self.actions,
            Kind::Signup => &self.signups,
            Kind::Login => &self.logins,
        };
        check(limiter.as_ref(), &ClientKey::of(addr))
    }

    /// Counts one login attempt from `addr` on account `id`: both the
    /// address's and the account's limits.
    ///
    /// # Errors
    /// [`ApiError::RateLimited`] with the seconds to wait.
    pub fn check_login(&self, addr: IpAddr, id: &str) -> Result<(), ApiError> {
        self.check(Kind::Login, addr)?;
        check(self.logins_per_account.as_ref(), &id.to_string())
    }

    /// Forgets the addresses and accounts whose limits are back to full.
    pub fn forget_quiet(&self) {
        for l in [
            &self.new_games,
            &self.analyses,
            &self.actions,
            &self.signups,
            &self.logins,
        ]
        .into_iter()
        .flatten()
        {
            l.retain_recent();
            l.shrink_to_fit();
        }
        if let Some(l) = &self.logins_per_account {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}

/// Counts one request against `limiter` (none: unlimited) for `key`.
fn check<K: Clone + Eq + std::hash::Hash>(
    limiter: Option<&DefaultKeyedRateLimiter<K>>,
    key: &K,
) -> Result<(), ApiError> {
    let Some(limiter) = limiter else {
        return Ok(());
    };
    limiter.check_key(key).map_err(|not_until| {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        ApiError::RateLimited {
            retry_after: wait.as_secs() + 1,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_has_its_own_allowance() {
        let limits = RateLimits::new(Rates {
            new_games: NonZeroU32::new(3),
            ..Rates::unlimited()
        });
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        for _ in 0..3 {
            assert!(limits.check(Kind::NewGame, a).is_ok());
        }
        match limits.check(Kind::NewGame, a) {
            Err(ApiError::RateLimited { retry_after }) => assert!((1..=61).contains(&retry_after)),
            other => panic!("expected a refusal, got {other:?}"),
        }
        assert!(limits.check(Kind::NewGame, b).is_ok());
        // Unlimited kinds are never refused.
        for _ in 0..1000 {
            assert!(limits.check(Kind::Action, a).is_ok());
        }
    }
}
