//! What the players' pages read: an account's rating history at lichess's
//! path (`GET /api/user/{name}/rating-history`), and a game's players with
//! their ratings and changes (`GET /api/games/{id}/players`).

use axum::extract::State;
use axum::Json;

use super::P;
use crate::accounts::{self, wire};
use crate::challenges::wire::perf_name;
use crate::error::ApiError;
use crate::state::AppState;

/// The civil date (year, month 1–12, day) of a day count since
/// 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `GET /api/user/{name}/rating-history`: each category's ratings, one
/// point a day (the day's last), as lichess gives them; every category is
/// listed, the ones not played with no points.
pub(crate) async fn rating_history(
    State(state): State<AppState>,
    P(name): P<String>,
) -> Result<Json<Vec<wire::RatingHistory>>, ApiError> {
    let user = state
        .store()
        .user(&accounts::name::id_of(&name))
        .await?
        .ok_or_else(accounts::no_such_user)?;
    let history = state.store().rating_history(&user.id).await?;
    let out = sakk_rating::Speed::ALL
        .into_iter()
        .map(|speed| {
            let mut points: Vec<[i64; 4]> = Vec::new();
            for (_, at, rating) in history.iter().filter(|(s, _, _)| *s == speed) {
                let (y, m, d) = civil(at.div_euclid(86_400_000));
                let point = [y, m - 1, d, i64::from(sakk_rating::int_rating(*rating))];
                match points.last_mut() {
                    Some(last) if last[..3] == point[..3] => *last = point,
                    _ => points.push(point),
                }
            }
            wire::RatingHistory {
                name: perf_name(speed).to_string(),
                points,
            }
        })
        .collect();
    Ok(Json(out))
}

/// `GET /api/games/{id}/players`: the sides accounts play, with their
/// ratings as the game began and, once rated, the changes.
pub(crate) async fn game_players(
    State(state): State<AppState>,
    P(id): P<String>,
) -> Result<Json<wire::GamePlayers>, ApiError> {
    let (row, _) = state.store().load(&id).await?.ok_or(ApiError::NotFound)?;
    let (white, black, diffs) = super::export::players(&state, &row).await?;
    let player = |named: Option<(String, String, Option<String>)>,
                  rating: Option<i64>,
                  diff: Option<i64>| {
        named.map(|(id, name, title)| wire::GamePlayer {
            id,
            name,
            title,
            rating,
            diff,
        })
    };
    Ok(Json(wire::GamePlayers {
        white: player(white, row.white_rating, diffs.map(|d| d.0)),
        black: player(black, row.black_rating, diffs.map(|d| d.1)),
        rated: row.rated,
    }))
}

#[cfg(test)]
mod tests {
    use super::civil;

    #[test]
    fn days_become_civil_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(59), (1970, 3, 1));
        assert_eq!(civil(11_016), (2000, 2, 29));
        assert_eq!(civil(20_790), (2026, 12, 3));
        assert_eq!(civil(-1), (1969, 12, 31));
    }
}
