//! The analysis board's requests, nothing stored: `POST
//! /api/analysis/moves` (a line read by the rules library), `POST
//! /api/analysis/pgn` (a tree written as PGN), both by
//! [`crate::analysis_board`], and `GET /api/analysis/eval` (the engine's
//! lines live, NDJSON, one line per completed depth, in the bounded engine
//! pool).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::{Body, Q};
use crate::analysis_board::{read_line, tree_pgn, LineRequest, StartSpec, TreeRequest};
use crate::client::{ClientAddr, ClientKey};
use crate::engine_pool::Priority;
use crate::error::ApiError;
use crate::live_eval::{evaluate, EvalFrame, StopOnDrop, LIVE_LIMIT};
use crate::state::AppState;
use crate::wire::Variant;

/// `POST /api/analysis/moves`.
pub(crate) async fn moves(
    State(state): State<AppState>,
    Body(request): Body<LineRequest>,
) -> Result<Response, ApiError> {
    let read = state.cpu().run(move || read_line(&request)).await??;
    Ok(axum::Json(read).into_response())
}

/// `POST /api/analysis/pgn`: the tree as a PGN file.
pub(crate) async fn pgn(
    State(state): State<AppState>,
    Body(request): Body<TreeRequest>,
) -> Result<Response, ApiError> {
    let text = state.cpu().run(move || tree_pgn(&request)).await??;
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        text,
    )
        .into_response())
}

/// `GET /api/analysis/eval`'s query (its fields in the open: a query
/// string reads no number through `flatten`).
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct EvalQuery {
    /// As [`StartSpec::fen`].
    #[serde(default)]
    fen: Option<String>,
    /// As [`StartSpec::variant`].
    #[serde(default)]
    variant: Option<Variant>,
    /// Lines to show, 1 to 5.
    #[serde(default = "one")]
    lines: usize,
}

fn one() -> usize {
    1
}

/// `GET /api/analysis/eval?fen=…&lines=N`: the engine's lines, one NDJSON
/// [`EvalFrame`] per completed depth, the last with `done`; the search
/// stops when the client goes away. Answered once the search has begun,
/// so that a full engine queue is a 503 `engine_busy`, not an empty
/// stream.
pub(crate) async fn eval(
    State(state): State<AppState>,
    axum::Extension(ClientAddr(addr)): axum::Extension<ClientAddr>,
    Q(query): Q<EvalQuery>,
) -> Result<Response, ApiError> {
    let start = StartSpec {
        fen: query.fen,
        variant: query.variant,
    };
    let pos = start.position()?;
    let lines = query.lines.clamp(1, crate::live_eval::MAX_LINES);
    let stop = state.live_evals().start(ClientKey::of(addr));
    let guard = StopOnDrop(stop.clone());
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Result<EvalFrame, ApiError>>();
    let pool = std::sync::Arc::clone(state.pool());
    tokio::spawn(async move {
        let frames = tx.clone();
        let run = pool
            .run(Priority::Live, stop, move |stop| {
                evaluate(&pos, lines, LIVE_LIMIT, stop, &mut |f| {
                    let _ = frames.send(Ok(f));
                });
            })
            .await;
        if let Err(e) = run {
            let _ = tx.send(Err(e));
        }
    });
    // The first frame, or why there is none (the guard stops the search
    // if the client leaves meanwhile). One stopped before it began (the
    // same client's third) ends at once, with no line.
    let first = match rx.recv().await {
        Some(Ok(frame)) => frame,
        Some(Err(_)) | None if guard.0.is_stopped() && !state.is_shutting_down() => {
            EvalFrame::stopped()
        }
        Some(Err(e)) => return Err(e),
        None => return Err(ApiError::ShuttingDown),
    };
    let first = futures_util::stream::once(async move { first });
    let rest = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        match rx.recv().await? {
            Ok(frame) => Some((frame, (rx, guard))),
            Err(_) => None,
        }
    });
    let body = futures_util::StreamExt::map(futures_util::StreamExt::chain(first, rest), |frame| {
        let mut line = serde_json::to_string(&frame).unwrap_or_default();
        line.push('\n');
        Ok::<_, std::convert::Infallible>(line)
    });
    Ok((
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        axum::body::Body::from_stream(body),
    )
        .into_response())
}
