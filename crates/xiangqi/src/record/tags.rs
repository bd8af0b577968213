//! A record's tags (PGN's name-value pairs) and its rulebook, kept in the `Rules` tag.

use super::*;

impl GameRecord {
    /// The tags, in order.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of tag `name`, if set.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Removes tag `name`; its value, if it was there.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        let at = self.tags.iter().position(|(k, _)| k == name)?;
        let value = self.tags.remove(at).1;
        if name == RULES_TAG {
            self.rejudge();
        }
        Some(value)
    }

    /// Sets tag `name` (replacing an earlier value, keeping its place).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
        if name == RULES_TAG {
            self.rejudge();
        }
    }

    /// Sets many tags as [`GameRecord::set_tag`] would one by one (a later value of a name
    /// replaces an earlier one in its place), in time linear in their number: the readers give
    /// every tag of a file here.
    pub(crate) fn set_tags<'a>(&mut self, tags: impl IntoIterator<Item = (&'a str, &'a str)>) {
        let mut index: std::collections::HashMap<String, usize> = self
            .tags
            .iter()
            .enumerate()
            .map(|(i, (k, _))| (k.clone(), i))
            .collect();
        let mut rules = false;
        for (name, value) in tags {
            rules |= name == RULES_TAG;
            match index.get(name) {
                Some(&at) => value.clone_into(&mut self.tags[at].1),
                None => {
                    index.insert(name.to_owned(), self.tags.len());
                    self.tags.push((name.to_owned(), value.to_owned()));
                }
            }
        }
        if rules {
            self.rejudge();
        }
    }

    /// The rulebook that judges this game: the [`RULES_TAG`] tag (`League` or `Asian`, also in
    /// Chinese), the league rules when it is absent or not understood.
    #[must_use]
    pub fn rulebook(&self) -> Rulebook {
        self.tag(RULES_TAG)
            .and_then(|v| v.parse().ok())
            .unwrap_or_default()
    }

    /// Judges the game by `rulebook` from now on, and again from its start (a repetition may
    /// end it earlier under the Asian rules); stored in the [`RULES_TAG`] tag.
    pub fn set_rulebook(&mut self, rulebook: Rulebook) {
        self.set_tag(RULES_TAG, rulebook.name());
    }

    /// Every outcome judged again (after the rulebook changed).
    pub(super) fn rejudge(&mut self) {
        self.outcomes = (0..self.positions.len()).map(|i| self.judge(i)).collect();
    }
}
