//! The game's words in every language, from Fluent files (`assets/i18n/<code>/chuhan.ftl`, built
//! into the game; the list of languages is [`Language`]'s). A message missing from a language
//! is said in English; one missing from English is said as its id (and a test fails on it).
//!
//! Words are asked for by id: [`text`] for a fixed text, [`Msg`] (made with [`msg!`]) for one
//! with arguments or one kept to be said later, in whatever language is chosen by then (a
//! notice, a status line). Plurals, numbers and names go through Fluent's arguments.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

pub use crate::core::choices::Language;

/// A value given to a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A text said as it is (a name, a move, a file's path).
    Text(String),
    /// A number: plural forms choose by it.
    Number(i64),
    /// Another message, said in the same language (a side, a level).
    Msg(Box<Msg>),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_owned())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_args!(i32, i64, u8, u16, u32, u64, usize);

/// A message and its arguments, to be said in any language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    /// Its id in the Fluent files.
    pub id: &'static str,
    /// Its arguments, by name.
    pub args: Vec<(&'static str, Arg)>,
}

impl Msg {
    /// The message `id` with no arguments.
    #[must_use]
    pub const fn new(id: &'static str) -> Msg {
        Msg {
            id,
            args: Vec::new(),
        }
    }

    /// With the argument `name` set to `value`.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// The message in `lang`.
    #[must_use]
    pub fn in_(&self, lang: Language) -> String {
        if self.args.is_empty() {
            return text(lang, self.id).to_owned();
        }
        let mut args = FluentArgs::new();
        for (name, value) in &self.args {
            let v = match value {
                Arg::Text(s) => FluentValue::from(s.as_str()),
                Arg::Number(n) => FluentValue::from(*n),
                Arg::Msg(m) => FluentValue::from(m.in_(lang)),
            };
            args.set(*name, v);
        }
        format(lang, self.id, Some(&args))
    }
}

/// A [`Msg`]: `msg!("notice-saved", path = p)`.
#[macro_export]
macro_rules! msg {
    ($id:literal) => {
        $crate::core::i18n::Msg::new($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::core::i18n::Msg::new($id)$(.with(stringify!($name), $value))+
    };
}

/// The text `id` in `lang`, with no arguments (kept, so each is made once).
#[must_use]
pub fn text(lang: Language, id: &str) -> &'static str {
    static MADE: OnceLock<Mutex<HashMap<(Language, String), &'static str>>> = OnceLock::new();
    let made = MADE.get_or_init(Default::default);
    let mut made = made
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(&t) = made.get(&(lang, id.to_owned())) {
        return t;
    }
    // Each (language, id) is made once: a few hundred short texts for the whole run.
    let t: &'static str = Box::leak(format(lang, id, None).into_boxed_str());
    made.insert((lang, id.to_owned()), t);
    t
}

fn format(lang: Language, id: &str, args: Option<&FluentArgs>) -> String {
    say(&[bundle(lang), bundle(Language::English)], id, args)
}

/// `id` from the first of `bundles` that has it; the id itself when none has.
fn say(bundles: &[&Bundle], id: &str, args: Option<&FluentArgs>) -> String {
    for bundle in bundles {
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let out = bundle.format_pattern(pattern, args, &mut errors);
            return out.into_owned();
        }
    }
    id.to_owned()
}

type Bundle = FluentBundle<FluentResource>;

fn bundle(lang: Language) -> &'static Bundle {
    static BUNDLES: OnceLock<Vec<(Language, Bundle)>> = OnceLock::new();
    let bundles =
        BUNDLES.get_or_init(|| Language::ALL.iter().map(|&l| (l, make_bundle(l))).collect());
    bundles
        .iter()
        .find(|(l, _)| *l == lang)
        .map(|(_, b)| b)
        .unwrap_or(&bundles[0].1)
}

fn make_bundle(lang: Language) -> Bundle {
    bundle_of(lang, lang.fluent())
}

fn bundle_of(lang: Language, source: &str) -> Bundle {
    let id: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // The placeables are not wrapped in Unicode isolation marks: the font has no glyph for them.
    bundle.set_use_isolating(false);
    let resource = match FluentResource::try_new(source.to_owned()) {
        Ok(r) => r,
        // The tests check that every file parses; a broken one keeps what it could read.
        Err((r, _)) => r,
    };
    let _ = bundle.add_resource(resource);
    bundle
}

/// The ids of every message in `lang`'s file.
#[must_use]
pub fn ids(lang: Language) -> Vec<String> {
    let resource = match FluentResource::try_new(lang.fluent().to_owned()) {
        Ok(r) | Err((r, _)) => r,
    };
    resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
#[path = "i18n_tests.rs"]
mod tests;
