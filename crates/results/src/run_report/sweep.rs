//! Sweeps: Elo against the one engine parameter that differs between players.
//!
//! From `run.json`: for every field of the engines' [`EngineRecord`], the largest group of
//! engines equal in every other field; a chart when the group covers all rated players (two
//! values or more) or has three values or more. Without two engine players (external or
//! built-in ones), names that differ only in one number (`seed-d2`, `seed-d4`) give the
//! sweep, `d` read as depth.

use crate::Rating;
use gomoku_config::run::{EngineRecord, PlayerKind};
use gomoku_report::{Sweep, SweepPoint, SweepX};
use gomoku_runner::RunInfo;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A parameter's value: what makes two values equal, and how the chart shows it.
#[derive(Clone, Debug, PartialEq)]
struct Setting {
    key: String,
    x: SweepX,
}

fn number(v: f64) -> Setting {
    Setting {
        key: v.to_string(),
        x: SweepX::Value(v),
    }
}

fn label(s: &str) -> Setting {
    Setting {
        key: s.to_string(),
        x: SweepX::Category(s.to_string()),
    }
}

fn switch(on: bool) -> Setting {
    label(if on { "on" } else { "off" })
}

/// The parameters of an engine by field name.
fn knobs(e: &EngineRecord) -> Vec<(&'static str, Setting)> {
    // Destructured, so that a new parameter cannot be left out of the sweeps unnoticed.
    let EngineRecord {
        table,
        depth,
        top_n,
        radius,
        tt_mib,
        tt,
        ordering,
        iterative_deepening,
        killers,
        history,
        vcf,
        vcf_depth,
        tie_break_margin,
        threads,
        features,
        vct,
    } = e;
    let gomoku_config::run::FeaturesSpec {
        aspiration,
        lmr,
        futility,
        threat_extension,
        eval_average,
        three_defence,
        exact_defence,
        singular_margin,
        singular_depth,
        singular_tt_depth,
        static_wins,
        quiescence,
        quiescence_delta,
        quiescence_plain_fours,
        lmr_scale,
        move_count,
        history_bound,
        node_futility,
        razoring,
        block_extension,
        counter_moves,
        fixed_time_start_share,
        frontier_width,
        alpha_reduction_bound,
        alpha_reduction_depth,
        root_width,
        root_reduction_from,
        order_opp_gain,
        order_class_heat,
    } = features;
    // Two tables are the same setting when their values are; the chart shows the name.
    let values: Vec<String> = table
        .patterns
        .iter()
        .map(|p| format!("{} {} {}", p.shape, p.own, p.opp))
        .collect();
    let table = Setting {
        key: format!("{}: {}", table.name, values.join(", ")),
        x: SweepX::Category(table.name.clone()),
    };
    vec![
        ("table", table),
        ("depth", number(f64::from(*depth))),
        (
            "top_n",
            top_n.map_or_else(|| label("all"), |n| number(n as f64)),
        ),
        ("radius", number(f64::from(*radius))),
        ("tt_mib", number(*tt_mib as f64)),
        ("tt", switch(*tt)),
        ("ordering", switch(*ordering)),
        ("iterative_deepening", switch(*iterative_deepening)),
        ("killers", switch(*killers)),
        ("history", switch(*history)),
        ("vcf", switch(*vcf)),
        ("vcf_depth", number(f64::from(*vcf_depth))),
        ("tie_break_margin", number(f64::from(*tie_break_margin))),
        ("threads", number(*threads as f64)),
        ("aspiration", number(f64::from(*aspiration))),
        ("lmr", switch(*lmr)),
        ("futility", number(f64::from(*futility))),
        ("threat_extension", switch(*threat_extension)),
        ("eval_average", switch(*eval_average)),
        ("three_defence", switch(*three_defence)),
        ("exact_defence", switch(*exact_defence)),
        ("singular_margin", number(f64::from(*singular_margin))),
        ("singular_depth", number(f64::from(*singular_depth))),
        ("singular_tt_depth", number(f64::from(*singular_tt_depth))),
        ("static_wins", switch(*static_wins)),
        ("quiescence", number(f64::from(*quiescence))),
        ("quiescence_delta", number(f64::from(*quiescence_delta))),
        (
            "quiescence_plain_fours",
            number(f64::from(*quiescence_plain_fours)),
        ),
        ("lmr_scale", number(f64::from(*lmr_scale))),
        ("move_count", number(f64::from(*move_count))),
        ("history_bound", number(f64::from(*history_bound))),
        ("block_extension", number(f64::from(*block_extension))),
        ("counter_moves", switch(*counter_moves)),
        ("node_futility", number(f64::from(*node_futility))),
        ("razoring", number(f64::from(*razoring))),
        (
            "fixed_time_start_share",
            number(f64::from(*fixed_time_start_share)),
        ),
        ("frontier_width", number(f64::from(*frontier_width))),
        (
            "alpha_reduction_bound",
            number(f64::from(*alpha_reduction_bound)),
        ),
        (
            "alpha_reduction_depth",
            number(f64::from(*alpha_reduction_depth)),
        ),
        ("root_width", number(f64::from(*root_width))),
        (
            "root_reduction_from",
            number(f64::from(*root_reduction_from)),
        ),
        ("order_opp_gain", number(f64::from(*order_opp_gain))),
        ("order_class_heat", number(f64::from(*order_class_heat))),
        ("vct", switch(vct.is_some())),
        (
            "vct_depth",
            vct.map_or_else(|| label("off"), |v| number(f64::from(v.depth))),
        ),
        (
            "vct_threat",
            vct.map_or_else(|| label("off"), |v| number(f64::from(v.threat))),
        ),
    ]
}

fn unit(knob: &str) -> Option<String> {
    let unit = match knob {
        "depth" => "plies",
        "vcf_depth" => "fours",
        "top_n" => "moves per node",
        "radius" => "points",
        "tt_mib" => "MiB",
        _ => return None,
    };
    Some(unit.into())
}

/// A sweep of `(setting, elo, error95)` points: numbers in order on a numeric axis, or, when
/// any setting is a label, numbers first in numeric order and then labels as they come.
fn make_sweep(knob: &str, mut points: Vec<(SweepX, f64, f64)>) -> Sweep {
    let numeric = points.iter().all(|p| matches!(p.0, SweepX::Value(_)));
    let num = |x: &SweepX| match x {
        SweepX::Value(v) => Some(*v),
        SweepX::Category(_) => None,
    };
    points.sort_by(|a, b| match (num(&a.0), num(&b.0)) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    });
    Sweep {
        knob: knob.to_string(),
        unit: if numeric { unit(knob) } else { None },
        points: points
            .into_iter()
            .map(|(x, elo, elo_error95)| SweepPoint {
                x: match x {
                    SweepX::Value(v) if !numeric => SweepX::Category(format!("{v}")),
                    x => x,
                },
                elo,
                elo_error95,
            })
            .collect(),
    }
}

/// The sweeps of a rated run: from the engines' parameters in `run.json`, else from names.
pub(crate) fn sweeps(info: Option<&RunInfo>, r: &Rating) -> Vec<Sweep> {
    let elo: BTreeMap<&str, (f64, f64)> = r
        .table
        .rows
        .iter()
        .map(|row| (row.name.as_str(), (row.elo, row.error95)))
        .collect();
    let engines: Vec<(&str, Vec<(&str, Setting)>)> = info
        .map(|i| i.config.players.as_slice())
        .unwrap_or_default()
        .iter()
        .filter_map(|p| match &p.spec {
            PlayerKind::Engine(e) if elo.contains_key(p.name.as_str()) => {
                Some((p.name.as_str(), knobs(e)))
            }
            _ => None,
        })
        .collect();
    if engines.len() < 2 {
        return name_sweep(&r.results.names)
            .map(|(knob, values)| {
                let points = values
                    .into_iter()
                    .map(|(name, v)| {
                        let (e, err) = elo[name.as_str()];
                        (SweepX::Value(v), e, err)
                    })
                    .collect();
                make_sweep(&knob, points)
            })
            .into_iter()
            .collect();
    }
    let mut out = Vec::new();
    for (k, (knob, _)) in engines[0].1.iter().enumerate() {
        // Engines grouped by every other parameter; the group with most values of this one.
        let mut groups: BTreeMap<Vec<&str>, Vec<usize>> = BTreeMap::new();
        for (i, (_, settings)) in engines.iter().enumerate() {
            let others = settings.iter().enumerate().filter(|&(j, _)| j != k);
            let key = others.map(|(_, (_, s))| s.key.as_str()).collect();
            groups.entry(key).or_default().push(i);
        }
        let distinct = |group: &[usize]| {
            let mut keys: Vec<&str> = group
                .iter()
                .map(|&i| engines[i].1[k].1.key.as_str())
                .collect();
            keys.sort_unstable();
            keys.dedup();
            keys.len()
        };
        let Some(group) = groups.values().max_by_key(|g| distinct(g)) else {
            continue;
        };
        let mut seen: Vec<&str> = Vec::new();
        let mut points = Vec::new();
        for &i in group {
            let (name, settings) = &engines[i];
            let setting = &settings[k].1;
            if !seen.contains(&setting.key.as_str()) {
                seen.push(&setting.key);
                let (e, err) = elo[name];
                points.push((setting.x.clone(), e, err));
            }
        }
        let whole = group.len() == engines.len() && engines.len() == r.table.rows.len();
        if points.len() >= 3 || (whole && points.len() >= 2) {
            out.push(make_sweep(knob, points));
        }
    }
    out
}

/// `seed-d2`, `seed-d4`, `seed-d6` -> ("depth", [2, 4, 6]).
pub(crate) fn name_sweep(names: &[String]) -> Option<(String, Vec<(String, f64)>)> {
    if names.len() < 2 {
        return None;
    }
    let chars: Vec<Vec<char>> = names.iter().map(|n| n.chars().collect()).collect();
    let shortest = chars.iter().map(Vec::len).min()?;
    let mut pre = (0..shortest)
        .take_while(|&i| chars.iter().all(|c| c[i] == chars[0][i]))
        .count();
    // A shared leading digit belongs to the number (`d12`, `d14`).
    while pre > 0 && chars[0][pre - 1].is_ascii_digit() {
        pre -= 1;
    }
    let mut suf = (0..shortest - pre)
        .take_while(|&i| {
            chars
                .iter()
                .all(|c| c[c.len() - 1 - i] == chars[0][chars[0].len() - 1 - i])
        })
        .count();
    while suf > 0 && chars[0][chars[0].len() - suf].is_ascii_digit() {
        suf -= 1;
    }
    let mut values = Vec::new();
    for (n, c) in names.iter().zip(&chars) {
        let mid: String = c[pre..c.len() - suf].iter().collect();
        if mid.is_empty() || !mid.chars().all(|ch| ch.is_ascii_digit()) {
            return None;
        }
        values.push((n.clone(), mid.parse::<f64>().ok()?));
    }
    let prefix: String = chars[0][..pre].iter().collect();
    let letters: String = prefix
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let knob = match letters.as_str() {
        "d" | "depth" => "depth".to_string(),
        "top" | "n" => "top_n".to_string(),
        "" => "value".to_string(),
        other => other.to_string(),
    };
    Some((knob, values))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_config::run::{EngineRecord, PatternFile, TableValues};

    fn spec() -> EngineRecord {
        EngineRecord {
            table: TableValues {
                name: "seed".into(),
                patterns: vec![PatternFile {
                    shape: "11111".into(),
                    own: 100,
                    opp: 100,
                }],
                classes: Vec::new(),
                threats: Vec::new(),
                order: Vec::new(),
            },
            depth: 2,
            top_n: Some(10),
            radius: 2,
            tt_mib: 16,
            tt: true,
            ordering: true,
            iterative_deepening: true,
            killers: true,
            history: true,
            vcf: true,
            vcf_depth: 8,
            tie_break_margin: 0,
            threads: 1,
            features: Default::default(),
            vct: None,
        }
    }

    fn setting_of<'a>(knobs: &'a [(&str, Setting)], knob: &str) -> &'a Setting {
        &knobs.iter().find(|(k, _)| *k == knob).unwrap().1
    }

    #[test]
    fn settings_are_numbers_labels_and_table_names() {
        let mut e = spec();
        e.top_n = None;
        e.vcf = false;
        let k = knobs(&e);
        assert_eq!(setting_of(&k, "depth").x, SweepX::Value(2.0));
        assert_eq!(setting_of(&k, "top_n").x, SweepX::Category("all".into()));
        assert_eq!(setting_of(&k, "vcf").x, SweepX::Category("off".into()));
        assert_eq!(setting_of(&k, "table").x, SweepX::Category("seed".into()));
        // Same name, other values: another setting.
        let mut other = spec();
        other.table.patterns[0].own = 90;
        assert_ne!(
            setting_of(&knobs(&other), "table").key,
            setting_of(&k, "table").key
        );
    }

    #[test]
    fn labels_follow_numbers_in_a_mixed_sweep() {
        let s = make_sweep(
            "top_n",
            vec![
                (SweepX::Category("all".into()), 5.0, 1.0),
                (SweepX::Value(20.0), 3.0, 1.0),
                (SweepX::Value(5.0), -8.0, 1.0),
            ],
        );
        let xs: Vec<SweepX> = s.points.into_iter().map(|p| p.x).collect();
        let cat = |s: &str| SweepX::Category(s.into());
        assert_eq!(xs, [cat("5"), cat("20"), cat("all")]);
        assert_eq!(s.unit, None);
        let d = make_sweep(
            "depth",
            vec![
                (SweepX::Value(4.0), 0.0, 1.0),
                (SweepX::Value(2.0), 0.0, 1.0),
            ],
        );
        assert_eq!(d.points[0].x, SweepX::Value(2.0));
        assert_eq!(d.unit.as_deref(), Some("plies"));
    }

    #[test]
    fn names_differing_in_one_number_make_a_sweep() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (knob, values) = name_sweep(&names(&["seed-d12", "seed-d14", "seed-d2"])).unwrap();
        assert_eq!(knob, "depth");
        assert_eq!(
            values.iter().map(|v| v.1).collect::<Vec<_>>(),
            [12.0, 14.0, 2.0]
        );
        assert!(name_sweep(&names(&["alpha", "beta"])).is_none());
        assert!(name_sweep(&names(&["a-d2", "b-d4"])).is_none());
    }
}
