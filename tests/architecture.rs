//! The layout's rules, checked on the sources: logic (storage, core and each feature's headless
//! part) never names view, ui, dev or a panel; the layers only look down (storage <- core <- view
//! <- ui <- dev, with the features' logic beside core); each feature (analysis, clipboard, clock,
//! draw offers, editor, hints, online play, pictures, puzzles, review, watch) is a folder with its
//! plugin, its own messages and its logic, and adds its own menu entries and notices; no module
//! imports itself through others; code is split by concern, never by count: no module of the
//! workspace pulls its parent in wholesale (`use super::*`, which let a type's methods spread over
//! seven files), outside tests; the server's cluster reaches the hub only through its seam; the
//! interface's colours are all named in one place, its theme (`src/ui/theme.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

const LAYERS: [&str; 5] = ["storage", "core", "view", "ui", "dev"];

/// Features that span layers: each a folder with its plugin and messages (`mod.rs`), its headless
/// logic, and its panel (what it draws over the scene).
const FEATURES: [&str; 11] = [
    "analysis",
    "clipboard",
    "clock",
    "draw",
    "editor",
    "hints",
    "online",
    "pictures",
    "puzzles",
    "review",
    "watch",
];

/// Every top-level module: the layers and the features.
fn tops() -> Vec<&'static str> {
    LAYERS.iter().chain(FEATURES.iter()).copied().collect()
}

/// Whether a file (a path under `src/`, with `/`) is a feature's interface: its panel (over the
/// ui), its pointer or its marks (over the view), wired by the feature's panel plugin in `lib.rs`.
fn is_interface(rel: &str) -> bool {
    rel.ends_with("/panel.rs")
        || rel.contains("/panel/")
        || rel.ends_with("/pointer.rs")
        || rel.ends_with("/marks.rs")
}

/// Whether a file (a path under `src/`, with `/`) is logic: storage, core, or a feature's file
/// other than its interface. Logic runs headless and never names view, ui, dev or a panel.
fn is_logic(rel: &str) -> bool {
    let top = rel.split('/').next().unwrap_or_default();
    top == "storage" || top == "core" || (FEATURES.contains(&top) && !is_interface(rel))
}

/// Each source file under `src/` (relative path with `/`) and the `crate::` paths it names, as
/// `top` or `top/module` (a module is named when the path goes on past it: `crate::clock::logic`).
fn named_paths() -> Vec<(String, BTreeSet<String>)> {
    let mut out = Vec::new();
    for file in sources(&src()) {
        let rel = file
            .strip_prefix(src())
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(&file).expect("readable");
        let mut named = BTreeSet::new();
        for (i, _) in text.match_indices("crate::") {
            let rest = &text[i + "crate::".len()..];
            let ident = |s: &str| -> String {
                s.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect()
            };
            let top = ident(rest);
            if !tops().contains(&top.as_str()) {
                continue;
            }
            let after = &rest[top.len()..];
            let module = after.strip_prefix("::").map(ident).unwrap_or_default();
            if !module.is_empty() && module.chars().all(|c| c.is_lowercase() || c == '_') {
                named.insert(format!("{top}/{module}"));
            } else {
                named.insert(top);
            }
        }
        out.push((rel, named));
    }
    out
}

#[test]
fn logic_never_names_view_ui_dev_or_a_panel() {
    let files = named_paths();
    assert!(files.len() > 40, "{} files", files.len());
    for (rel, named) in &files {
        if !is_logic(rel) {
            continue;
        }
        for n in named {
            let top = n.split('/').next().unwrap_or_default();
            assert!(
                !["view", "ui", "dev"].contains(&top) && !n.ends_with("/panel"),
                "src/{rel} is logic and names crate::{}: logic runs headless and never names \
                 view, ui, dev or a feature's panel",
                n.replace('/', "::")
            );
        }
    }
}

#[test]
fn layers_only_look_down() {
    // What each layer may name (features: the logic of any feature; panels are named by no one
    // but their own feature's plugin wiring in lib.rs).
    // The core names no feature (the clock's time limits reach it through a core resource);
    // features add their own menu entries, side buttons, texts, notices and marks, so neither
    // the view nor the ui names any feature.
    let allowed: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("storage", &[][..]),
        ("core", &["storage"][..]),
        ("view", &["core", "storage"][..]),
        ("ui", &["core", "storage", "view"][..]),
        (
            "dev",
            &[
                "core",
                "storage",
                "view",
                "ui",
                "analysis",
                "clipboard",
                "clock",
                "draw",
                "editor",
                "hints",
                "online",
                "pictures",
                "puzzles",
                "review",
                "watch",
            ][..],
        ),
    ]);
    for (rel, named) in named_paths() {
        let from = rel.split('/').next().unwrap_or_default();
        let Some(may) = allowed.get(from) else {
            continue;
        };
        for n in &named {
            let to = n.split('/').next().unwrap_or_default();
            if to == from {
                continue;
            }
            assert!(
                may.contains(&to),
                "src/{rel} names crate::{to}: {from} may name only {may:?}"
            );
        }
    }
}

#[test]
fn each_feature_is_a_folder_with_its_plugin_messages_and_headless_logic() {
    for feature in FEATURES {
        let dir = src().join(feature);
        let module = std::fs::read_to_string(dir.join("mod.rs"))
            .unwrap_or_else(|e| panic!("src/{feature}/mod.rs: {e}"));
        assert!(
            module.contains("pub(crate) fn plugin(app: &mut App)"),
            "src/{feature}/mod.rs has no plugin"
        );
        assert!(
            module.contains("#[derive(Message"),
            "src/{feature}/mod.rs declares no message of its own"
        );
        assert!(dir.join("logic.rs").is_file(), "src/{feature}/logic.rs");
        // The game's command enum carries none of the features' requests.
        let commands =
            std::fs::read_to_string(src().join("core/commands.rs")).expect("core/commands.rs");
        assert!(
            !commands.contains(&format!("crate::{feature}::")),
            "core/commands.rs handles {feature}"
        );
    }
}

/// Every Rust file of the workspace: the game's `src`, `tests`, `examples` and `benches`, and
/// every crate's.
fn workspace_sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs: Vec<PathBuf> = ["src", "tests", "examples", "benches"]
        .iter()
        .map(|d| root.join(d))
        .collect();
    for krate in std::fs::read_dir(root.join("crates")).expect("crates/") {
        let krate = krate.expect("an entry").path();
        for d in ["src", "tests", "examples", "benches"] {
            dirs.push(krate.join(d));
        }
    }
    (dirs.iter().filter(|d| d.is_dir()).flat_map(|d| sources(d)))
        .map(|file| {
            let name = (file.strip_prefix(root).expect("under the workspace"))
                .to_string_lossy()
                .replace('\\', "/");
            (name, std::fs::read_to_string(&file).expect("readable"))
        })
        .collect()
}

/// Whether a file holds tests only: a test target's, or a module of tests.
fn is_tests(name: &str) -> bool {
    let file = name.rsplit('/').next().unwrap_or(name);
    name.starts_with("tests/")
        || name.contains("/tests/")
        || file == "tests.rs"
        || file.ends_with("_tests.rs")
}

/// Split by concern, never by count (CONVENTIONS): a module names what it takes from its
/// parent. `use super::*` at the top of a file is how a type's methods were spread over files
/// to keep each under a line count; a test module may still take everything it tests.
#[test]
fn no_module_pulls_its_parent_in_wholesale_outside_tests() {
    let files = workspace_sources();
    assert!(files.len() > 250, "only {} files looked at", files.len());
    let spread: Vec<&str> = (files.iter())
        .filter(|(name, _)| !is_tests(name))
        .filter(|(_, text)| text.lines().any(|l| l.trim_end() == "use super::*;"))
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(
        spread.is_empty(),
        "these take their parent wholesale: {spread:?}"
    );
}

/// The server's cluster carries messages between instances and keeps the leases; what the
/// messages do to the hub is the hub's own (`Hub::on_peer`). So `cluster/` names the hub's type
/// and its seam (`hub::others`) and nothing else of it: not its maps, its connections or its
/// directory of games.
#[test]
fn the_cluster_reaches_the_hub_through_its_seam() {
    let files = workspace_sources();
    let cluster: Vec<&(String, String)> = (files.iter())
        .filter(|(name, _)| name.starts_with("crates/chuhan-server/src/cluster/"))
        .collect();
    assert!(cluster.len() >= 3, "the cluster's files: {}", cluster.len());
    for (name, text) in cluster {
        for (i, _) in text.match_indices("hub::") {
            let path: String = text[i + "hub::".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '{')
                .collect();
            assert!(
                path == "Hub" || path.starts_with("others"),
                "{name} names hub::{path}: only the Hub and its seam hub::others"
            );
        }
    }
}

/// The modules (`top/module`) each module names through `crate::top::module` paths.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for layer in tops() {
        for file in sources(&src().join(layer)) {
            let stem = file
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            let me = format!("{layer}/{stem}");
            let text = std::fs::read_to_string(&file).expect("readable");
            let mut named = BTreeSet::new();
            // `crate::top::module` anywhere; `super::module` from a module directly in its top
            // folder (its `super` is the top: `core/engine_task` naming `super::engine_worker`).
            let direct = file.parent() == Some(&src().join(layer)) && stem != "mod";
            let paths = text
                .match_indices("crate::")
                .map(|(i, _)| (i + "crate::".len(), None));
            let supers = text
                .match_indices("super::")
                .filter(|_| direct)
                .map(|(i, _)| (i + "super::".len(), Some(layer)));
            for (at, top) in paths.chain(supers) {
                let rest = &text[at..];
                let mut parts = rest.split("::");
                let (Some(l), Some(m)) = (top.or_else(|| parts.next()), parts.next()) else {
                    continue;
                };
                let m: String = m
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if tops().contains(&l)
                    && !m.is_empty()
                    && m.chars().all(|c| c.is_lowercase() || c == '_')
                {
                    let other = format!("{l}/{m}");
                    if other != me {
                        named.insert(other);
                    }
                }
            }
            graph.insert(me, named);
        }
    }
    graph
}

#[test]
fn no_module_imports_itself_through_others() {
    let graph = module_graph();
    assert!(graph.len() > 20, "{} modules", graph.len());
    // Depth-first search for a cycle, reporting its path.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if done.contains(node) {
            return;
        }
        if let Some(i) = path.iter().position(|p| p == node) {
            panic!("an import circle: {} -> {node}", path[i..].join(" -> "));
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, path, done);
        }
        path.pop();
        done.insert(node.to_owned());
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        visit(node, &graph, &mut Vec::new(), &mut done);
    }
}

/// Every font, sound and texture under `assets/` is built into the binary (a copied or installed
/// program has no `assets/` beside it), and no source loads an asset by a bare path that the
/// default asset source would look for on disk.
#[test]
fn every_asset_the_game_loads_is_built_in() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let listed: BTreeSet<String> = chuhan::view::assets::FILES
        .iter()
        .map(|(name, _)| (*name).to_owned())
        .collect();
    let mut on_disk = BTreeSet::new();
    for folder in ["fonts", "sounds", "textures"] {
        for entry in std::fs::read_dir(root.join(folder)).expect("an assets folder") {
            let path = entry.expect("an entry").path();
            if path
                .extension()
                .is_some_and(|e| e == "otf" || e == "wav" || e == "png")
            {
                let name = path.file_name().expect("a name").to_string_lossy();
                on_disk.insert(format!("{folder}/{name}"));
            }
        }
    }
    let missing: Vec<_> = on_disk.difference(&listed).collect();
    assert!(missing.is_empty(), "not built in: {missing:?}");
    for (name, bytes) in chuhan::view::assets::FILES {
        let file = std::fs::read(root.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(file.len(), bytes.len(), "{name}");
    }
    for file in sources(&src()) {
        let text = std::fs::read_to_string(&file).expect("readable");
        if let Some(i) = text.find(".load(\"") {
            let line = text[..i].lines().count();
            panic!(
                "{}:{line} loads a bare path; use view::assets::path",
                file.display()
            );
        }
        assert!(
            !text.contains(".load(format!(\""),
            "{}: loads a bare path",
            file.display()
        );
    }
}

/// Every character the game's sources may show (outside comments) is in the game's font: a
/// character it lacks is drawn as an empty box.
#[test]
fn every_character_shown_is_in_the_font() {
    use ab_glyph::Font;
    let bytes = std::fs::read(src().join("../assets/fonts/chuhan-sans.otf")).expect("the font");
    let font = ab_glyph::FontRef::try_from_slice(&bytes).expect("a font");
    let mut missing = BTreeSet::new();
    for file in sources(&src()) {
        let text = std::fs::read_to_string(&file).expect("readable");
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for c in line.chars().filter(|c| !c.is_ascii() && !c.is_whitespace()) {
                if font.glyph_id(c).0 == 0 {
                    missing.insert(format!("{c:?} in {}", file.display()));
                }
            }
        }
    }
    // Every printable ASCII character: names, addresses and chat may hold any (a caret `_`, a
    // password's `*` and a name's `_` once showed as empty boxes).
    for c in (0x20u8..0x7f)
        .map(char::from)
        .filter(|c| !c.is_whitespace())
    {
        if font.glyph_id(c).0 == 0 {
            missing.insert(format!("{c:?} (ASCII)"));
        }
    }
    assert!(missing.is_empty(), "not in the font: {missing:?}");
}

/// The interface's files: the ui layer and each feature's panel.
fn interface_files() -> Vec<(String, String)> {
    let root = src();
    sources(&root)
        .into_iter()
        .filter_map(|path| {
            let rel = path
                .strip_prefix(&root)
                .expect("under src")
                .to_string_lossy()
                .replace('\\', "/");
            let is_ui = rel.starts_with("ui/");
            let is_panel = rel.ends_with("/panel.rs") || rel.contains("/panel/");
            (is_ui || is_panel).then(|| {
                let text = std::fs::read_to_string(&path).expect("readable");
                (rel, text)
            })
        })
        .collect()
}

/// A colour written out in code: a constructor with numbers, or a named constant.
fn colour_literals(text: &str) -> Vec<(usize, String)> {
    const WRITTEN: [&str; 12] = [
        "Color::srgb",
        "Color::rgb",
        "Color::hs",
        "Color::linear",
        "Color::ok",
        "Color::la",
        "Color::lch",
        "Color::xyz",
        "Color::WHITE",
        "Color::BLACK",
        "Color::NONE",
        "Srgba::",
    ];
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for w in WRITTEN
            .iter()
            .chain(&["LinearRgba::", "Hsla::", "Oklaba::", "css::"])
        {
            if code.contains(w) {
                found.push((i + 1, line.trim().to_owned()));
                break;
            }
        }
    }
    found
}

#[test]
fn the_interface_s_colours_are_named_only_in_its_theme() {
    let files = interface_files();
    assert!(
        files.iter().any(|(rel, _)| rel == "ui/theme.rs")
            && files.iter().any(|(rel, _)| rel == "online/panel/lobby.rs")
            && files.iter().any(|(rel, _)| rel == "review/panel.rs"),
        "the interface's files are found"
    );
    let mut bad = Vec::new();
    for (rel, text) in &files {
        if rel == "ui/theme.rs" {
            // The theme writes them; the check must see it does.
            assert!(
                colour_literals(text).len() > 20,
                "the theme names the palette"
            );
            continue;
        }
        for (line, code) in colour_literals(text) {
            bad.push(format!("src/{rel}:{line}: {code}"));
        }
    }
    assert!(
        bad.is_empty(),
        "colours written outside the theme (name them in src/ui/theme.rs):\n{}",
        bad.join("\n")
    );
}
