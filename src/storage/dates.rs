//! The local date and time for file names and PGN tags, in the player's time zone.

/// Today's date as `YYYY-MM-DD` and the time as `HHMMSS`, in the player's time zone (`TZ`, or
/// the system's), for file names and PGN tags.
#[must_use]
pub fn now_stamp() -> (String, String) {
    stamp(&jiff::Zoned::now())
}

/// The date and time of `at` as [`now_stamp`] writes them.
#[must_use]
pub fn stamp(at: &jiff::Zoned) -> (String, String) {
    (
        at.strftime("%Y-%m-%d").to_string(),
        at.strftime("%H%M%S").to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_players_local_dates() {
        // 07:30 in Beijing on 22 November is 23:30 UTC on the 21st: the player's date is the 22nd.
        let utc: jiff::Timestamp = "2026-11-21T23:30:00Z".parse().expect("a time");
        let beijing = utc.in_tz("Asia/Shanghai").expect("a zone");
        assert_eq!(stamp(&beijing), ("2026-11-22".into(), "073000".into()));
        let utc_date = utc.in_tz("UTC").expect("a zone");
        assert_eq!(stamp(&utc_date), ("2026-11-21".into(), "233000".into()));
        // West of Greenwich, the day before.
        let la = "2026-11-22T05:00:00Z"
            .parse::<jiff::Timestamp>()
            .expect("a time")
            .in_tz("America/Los_Angeles")
            .expect("a zone");
        assert_eq!(stamp(&la).0, "2026-11-21");
    }
}
