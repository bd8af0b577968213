//! The layout's rules, checked on the sources: the layers only look down (storage <- core <- view,
//! ui, dev), no two top-level modules import each other, and no source file is longer than 400
//! lines.

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

/// The top-level modules each top-level module names (`crate::x` paths).
fn imports() -> BTreeMap<&'static str, BTreeSet<&'static str>> {
    let mut map = BTreeMap::new();
    for from in LAYERS {
        let mut named = BTreeSet::new();
        for file in sources(&src().join(from)) {
            let text = std::fs::read_to_string(&file).expect("readable");
            for to in LAYERS {
                if to != from && text.contains(&format!("crate::{to}::")) {
                    named.insert(to);
                }
            }
        }
        map.insert(from, named);
    }
    map
}

#[test]
fn layers_only_look_down() {
    let imports = imports();
    // What each layer may name.
    let allowed: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("storage", &[][..]),
        ("core", &["storage"][..]),
        ("view", &["core", "storage"][..]),
        ("ui", &["core", "storage", "view"][..]),
        ("dev", &["core", "storage", "view", "ui"][..]),
    ]);
    for (from, named) in &imports {
        for to in named {
            assert!(
                allowed[from].contains(to),
                "src/{from} names crate::{to}: core and storage never name view, ui or dev"
            );
        }
    }
    // No two layers name each other.
    for (from, named) in &imports {
        for to in named {
            assert!(
                !imports[to].contains(from),
                "{from} and {to} import each other"
            );
        }
    }
}

#[test]
fn no_source_file_is_over_400_lines() {
    for file in sources(&src()) {
        let lines = std::fs::read_to_string(&file)
            .expect("readable")
            .lines()
            .count();
        let name = file
            .strip_prefix(src())
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        assert!(lines <= 400, "src/{name} has {lines} lines");
    }
}

/// The modules (`layer/module`) each module names through `crate::layer::module` paths.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for layer in LAYERS {
        for file in sources(&src().join(layer)) {
            let stem = file
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            let me = format!("{layer}/{stem}");
            let text = std::fs::read_to_string(&file).expect("readable");
            let mut named = BTreeSet::new();
            for (i, _) in text.match_indices("crate::") {
                let rest = &text[i + "crate::".len()..];
                let mut parts = rest.split("::");
                let (Some(l), Some(m)) = (parts.next(), parts.next()) else {
                    continue;
                };
                let m: String = m
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if LAYERS.contains(&l)
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
