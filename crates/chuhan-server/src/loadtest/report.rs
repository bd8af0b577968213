//! The load program's report: percentiles, and the server's CPU and memory from `/proc`.

use std::time::Duration;

use super::Report;

pub(super) fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub(super) fn print_report(r: &Report, took: Duration, cpu: Option<f64>, rss: Option<u64>) {
    let mut l = r.latencies.clone();
    l.sort_unstable();
    let ms = |us: u64| us as f64 / 1000.0;
    println!("games started      {}", r.games_started);
    println!("pairs that failed  {}", r.failed_pairs);
    println!(
        "moves acknowledged {} ({:.1}/s over {:.1} s)",
        r.moves,
        r.moves as f64 / took.as_secs_f64(),
        took.as_secs_f64()
    );
    println!(
        "relay latency      p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} moves)",
        ms(percentile(&l, 0.50)),
        ms(percentile(&l, 0.99)),
        ms(l.last().copied().unwrap_or(0)),
        l.len()
    );
    println!("lost moves         {}", r.lost);
    println!(
        "relayed by a view  {} (the owner died between the acknowledgement and the relay)",
        r.by_view
    );
    println!("doubled moves      {}", r.doubled);
    println!("unacknowledged     {}", r.unacknowledged);
    println!("server errors      {}", r.errors);
    println!(
        "games resumed      {} (after their connections died; the slowest took {} ms; {} moves since)",
        r.resumed, r.resume_ms_max, r.moves_after_resume
    );
    if let Some(cpu) = cpu {
        println!("server CPU         {:.0}% of one core", cpu * 100.0);
    }
    if let Some(kb) = rss {
        println!("server memory      {:.1} MB resident", kb as f64 / 1024.0);
    }
}

/// A process's user + system CPU time, in clock ticks.
pub(super) fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

/// A process's resident memory, in kB.
pub(super) fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}
