//! The browser build of the game (`tools/web.sh`) served at `/` from its folder (`--web DIR`):
//! the same address then plays online, so a link to the server is a link to the game.
//!
//! tower-http's `ServeDir` does the files: MIME types by extension (`application/wasm` for the
//! module), the precompressed `.br` and `.gz` beside each file chosen by the request's
//! `Accept-Encoding`, `Last-Modified` and ranges. The caching is this module's: a file whose name
//! carries the build's content hash (`chuhan-<hash>.js`, `chuhan-<hash>_bg.wasm`) never changes,
//! so a browser keeps it a year; everything else (`index.html`, which names the hashed files, and
//! the assets) is asked again each time (`no-cache`, answered 304 while unchanged), so a new build
//! replaces the old at the next load.

use std::path::Path;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::services::ServeDir;

/// `Cache-Control` of a file whose name carries its content's hash.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of everything else: kept, but checked at each use.
pub const REVALIDATE: &str = "no-cache";

/// The router serving the folder's files for any path no other route takes.
pub fn routes(dir: &Path) -> Router {
    let files = ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(true);
    Router::new()
        .fallback_service(files)
        .layer(axum::middleware::from_fn(cache_control))
}

async fn cache_control(request: Request, next: Next) -> Response {
    let hashed = is_hashed(request.uri().path());
    let mut response = next.run(request).await;
    if response.status().is_success() || response.status() == 304 {
        let value = if hashed { IMMUTABLE } else { REVALIDATE };
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    response
}

/// Whether a path's file name carries a content hash: `-` and 16 hexadecimal digits before its
/// first `.` or `_` after them (`chuhan-0123456789abcdef.js`, `chuhan-0123456789abcdef_bg.wasm`).
#[must_use]
pub fn is_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let Some((_, rest)) = name.rsplit_once('-') else {
        return false;
    };
    let hash: String = rest.chars().take_while(char::is_ascii_hexdigit).collect();
    hash.len() == 16 && matches!(rest[16..].chars().next(), Some('.' | '_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_are_told_from_plain_ones() {
        assert!(is_hashed("/chuhan-0123456789abcdef.js"));
        assert!(is_hashed("/chuhan-0123456789abcdef_bg.wasm"));
        assert!(!is_hashed("/index.html"));
        assert!(!is_hashed("/"));
        assert!(!is_hashed("/assets/fonts/noto-sans-sc.otf"));
        assert!(!is_hashed("/chuhan-0123456789abcde.js"));
        assert!(!is_hashed("/chuhan-0123456789abcdefg.js"));
        assert!(!is_hashed("/sounds/move-0123456789abcdef"));
    }
}
