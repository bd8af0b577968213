//! In a browser: records to and from the player's own files, as a page may reach them. A record
//! saved in the page's storage is also handed to the browser as a download ([`offer`]), so that
//! it lands in the player's downloads folder like any file; a file the player picks
//! ([`choose`], the browser's own file dialog) is read by the browser, kept in the page's records
//! folder under its own name and then opened as any record there ([`chosen`]). The page never
//! sees a path on the player's disk, only what the player hands it.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlInputElement, Url};

use crate::storage::files;

/// The page's file input (made once, never shown).
const INPUT_ID: &str = "chuhan-open-file";
/// What the file dialog offers first: the formats the game reads.
const ACCEPT: &str = ".pgn,.xqf,.ron,.txt,.dhtml,.htm,.html,.fen,.cbl,.cbr,.ubb";
/// The largest file taken: the page's storage holds a few megabytes in all.
const MOST_BYTES: f64 = 2.0 * 1024.0 * 1024.0;

thread_local! {
    /// The folder a picked file is kept in.
    static INTO: RefCell<PathBuf> = const { RefCell::new(PathBuf::new()) };
    /// Files picked and kept (or why not), not yet opened.
    static CHOSEN: RefCell<Vec<Result<PathBuf, String>>> = const { RefCell::new(Vec::new()) };
}

fn js(e: wasm_bindgen::JsValue) -> String {
    e.as_string().unwrap_or_else(|| format!("{e:?}"))
}

/// Hands the file at `path` in the page's storage to the browser as a download under its name.
pub fn offer(path: &Path) -> Result<(), String> {
    let bytes = files::read_at_most(path, u64::MAX).map_err(|e| e.to_string())?;
    offer_bytes(path, &bytes)
}

/// Hands `bytes` to the browser as a download named as the file at `path` would be.
pub fn offer_bytes(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let name = path.file_name().map_or_else(
        || "chuhan.pgn".to_owned(),
        |n| n.to_string_lossy().into_owned(),
    );
    let window = web_sys::window().ok_or("the page has no window")?;
    let document = window.document().ok_or("the page has no document")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = BlobPropertyBag::new();
    options.set_type("application/octet-stream");
    let blob = Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(js)?;
    let url = Url::create_object_url_with_blob(&blob).map_err(js)?;
    let link: HtmlAnchorElement = document
        .create_element("a")
        .map_err(js)?
        .dyn_into()
        .map_err(|_| "not a link".to_owned())?;
    link.set_href(&url);
    link.set_download(&name);
    link.click();
    // The browser has taken the file when the click is handled; the address goes a minute later.
    let revoke = Closure::once_into_js(move || {
        let _ = Url::revoke_object_url(&url);
    });
    window
        .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000)
        .map_err(js)?;
    Ok(())
}

/// Opens the browser's file dialog; the file picked is kept in `into` and comes back from
/// [`chosen`]. (Browsers open it only soon after a click or a tap, which is when this is asked.)
pub fn choose(into: PathBuf) -> Result<(), String> {
    INTO.with(|d| *d.borrow_mut() = into);
    let input = input()?;
    input.set_value("");
    input.click();
    Ok(())
}

/// The files picked since the last call: each kept in the page's records (its path) or why not.
#[must_use]
pub fn chosen() -> Vec<Result<PathBuf, String>> {
    CHOSEN.with(|c| std::mem::take(&mut *c.borrow_mut()))
}

fn input() -> Result<HtmlInputElement, String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("the page has no document")?;
    if let Some(found) = document.get_element_by_id(INPUT_ID) {
        return found.dyn_into().map_err(|_| "not a file input".to_owned());
    }
    let input: HtmlInputElement = document
        .create_element("input")
        .map_err(js)?
        .dyn_into()
        .map_err(|_| "not an input".to_owned())?;
    input.set_type("file");
    input.set_id(INPUT_ID);
    input.set_accept(ACCEPT);
    input.set_attribute("style", "display: none").map_err(js)?;
    let picked = Closure::<dyn FnMut()>::new(picked);
    input.set_onchange(Some(picked.as_ref().unchecked_ref()));
    // The input lives as long as the page, and so does what it calls.
    picked.forget();
    document
        .body()
        .ok_or("the page has no body")?
        .append_child(&input)
        .map_err(js)?;
    Ok(input)
}

/// The dialog closed with files picked: each is read by the browser, then kept.
fn picked() {
    let Ok(input) = input() else { return };
    let Some(list) = input.files() else { return };
    for i in 0..list.length() {
        let Some(file) = list.get(i) else { continue };
        let name = file.name();
        if file.size() > MOST_BYTES {
            CHOSEN.with(|c| {
                c.borrow_mut().push(Err(format!(
                    "{name}: {:.1} MB, {}",
                    file.size() / 1e6,
                    crate::storage::words::TOO_BIG_FOR_THE_PAGE
                )));
            });
            continue;
        }
        wasm_bindgen_futures::spawn_local(async move {
            let read = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await;
            let kept = match read {
                Ok(buffer) => keep(&name, &js_sys::Uint8Array::new(&buffer).to_vec()),
                Err(e) => Err(format!("{name}: {}", js(e))),
            };
            CHOSEN.with(|c| c.borrow_mut().push(kept));
        });
    }
}

/// Keeps a picked file in the records folder under its own name (another beside one there).
fn keep(name: &str, bytes: &[u8]) -> Result<PathBuf, String> {
    let dir = INTO.with(|d| d.borrow().clone());
    let (stem, extension) = files::name_parts(name);
    let stem = files::free_stem(&dir, &stem, &[extension.as_str()]);
    let path = dir.join(if extension.is_empty() {
        stem
    } else {
        format!("{stem}.{extension}")
    });
    files::write_atomic(&path, bytes).map_err(|e| format!("{name}: {e}"))?;
    Ok(path)
}
