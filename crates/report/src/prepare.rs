//! From input statistics to chart specs: ordering, filtering of unusable
//! values, binning, chart sizes, titles and axis descriptions.

use crate::ReportError;
use crate::chart::{
    ChartData, ELO_DESC, Estimate, HistogramBin, Series, Spec, SpeedRow, SweepPlotPoint,
};
use crate::input::{
    EngineSpeed, HeadToHead, OpeningScore, SprtDecision, SprtTrace, StandingRow, Sweep, SweepX,
    TuningHistory,
};
use crate::layout::{PATTERN_PANEL_HEIGHT, h2h_size, pattern_grid};
use crate::text::{fmt_num, slug};

/// Default chart size in pixels.
pub(crate) const WIDTH: u32 = 900;
/// Default chart height in pixels.
pub(crate) const HEIGHT: u32 = 500;
/// Most openings drawn in the first-mover chart (half highest, half lowest).
pub(crate) const MAX_OPENING_BARS: usize = 60;

/// `value` of `label` with the interval `value ± err` (none when `err` is not finite).
fn estimate(label: String, value: f64, err: f64) -> Estimate {
    let (low, high) = if err.is_finite() {
        (Some(value - err.abs()), Some(value + err.abs()))
    } else {
        (None, None)
    };
    Estimate {
        label,
        value,
        low,
        high,
    }
}

/// Height for a chart with `rows` horizontal bars/rows.
fn rows_height(rows: usize) -> u32 {
    let h = 130 + 26 * rows as u32;
    h.clamp(HEIGHT, 2000)
}

/// Pool Elo per engine. Engines with a non-finite Elo are left out.
pub(crate) fn elo(standings: &[StandingRow]) -> Option<Spec> {
    let points: Vec<Estimate> = standings
        .iter()
        .filter(|r| r.elo.is_finite())
        .map(|r| estimate(r.engine.clone(), r.elo, r.elo_error95))
        .collect();
    if points.is_empty() {
        return None;
    }
    Some(Spec {
        id: "elo".into(),
        title: "Pool Elo per engine (95% interval)".into(),
        size: (WIDTH, rows_height(points.len())),
        x_desc: ELO_DESC.into(),
        y_desc: "engine (best first)".into(),
        data: ChartData::Elo { points },
    })
}

/// Title of the head-to-head heat map.
const H2H_TITLE: &str = "Head-to-head score (row player vs column player)";

/// Head-to-head heat map, its canvas sized to the grid and the names; errors when the
/// matrices are not square.
pub(crate) fn head_to_head(h2h: &HeadToHead) -> Result<Option<Spec>, ReportError> {
    let n = h2h.names.len();
    if n == 0 {
        return Ok(None);
    }
    if h2h.scores.len() != n || h2h.scores.iter().any(|r| r.len() != n) {
        return Err(ReportError::InvalidInput(format!(
            "head-to-head scores must be {n}×{n} (one row and column per name)"
        )));
    }
    if h2h.games.len() != n || h2h.games.iter().any(|r| r.len() != n) {
        return Err(ReportError::InvalidInput(format!(
            "head-to-head games must be {n}×{n} (one row and column per name)"
        )));
    }
    let scores: Vec<Vec<Option<f64>>> = h2h
        .scores
        .iter()
        .map(|r| r.iter().map(|c| c.filter(|v| v.is_finite())).collect())
        .collect();
    if scores.iter().flatten().all(Option::is_none) {
        return Ok(None);
    }
    let (width, height) = h2h_size(&h2h.names, H2H_TITLE);
    Ok(Some(Spec {
        id: "head-to-head".into(),
        title: H2H_TITLE.into(),
        size: (width, height),
        x_desc: "opponent (column)".into(),
        y_desc: "player (row)".into(),
        data: ChartData::HeadToHead {
            names: h2h.names.clone(),
            scores,
            games: h2h.games.clone(),
        },
    }))
}

/// Elo against a knob. `used_ids` keeps the file names unique.
pub(crate) fn sweep(sweep: &Sweep, used_ids: &mut Vec<String>) -> Option<Spec> {
    let categorical = sweep
        .points
        .iter()
        .any(|p| matches!(p.x, SweepX::Category(_)));
    let mut points: Vec<SweepPlotPoint> = sweep
        .points
        .iter()
        .filter(|p| p.elo.is_finite())
        .filter(|p| match &p.x {
            SweepX::Value(v) => v.is_finite(),
            SweepX::Category(_) => true,
        })
        .map(|p| {
            let (x, label) = match &p.x {
                SweepX::Value(v) => (*v, fmt_num(*v)),
                SweepX::Category(c) => (0.0, c.clone()),
            };
            SweepPlotPoint {
                x,
                label: label.clone(),
                elo: estimate(label, p.elo, p.elo_error95),
            }
        })
        .collect();
    if points.is_empty() {
        return None;
    }
    if categorical {
        for (i, p) in points.iter_mut().enumerate() {
            p.x = i as f64;
        }
    } else {
        points.sort_by(|a, b| a.x.total_cmp(&b.x));
    }
    let base = format!("sweep-{}", slug(&sweep.knob));
    let mut id = base.clone();
    let mut k = 2;
    while used_ids.contains(&id) {
        id = format!("{base}-{k}");
        k += 1;
    }
    used_ids.push(id.clone());
    let knob = if sweep.knob.trim().is_empty() {
        "knob".to_string()
    } else {
        sweep.knob.clone()
    };
    let x_desc = match (&sweep.unit, categorical) {
        (Some(u), false) if !u.trim().is_empty() => format!("{knob} ({u})"),
        (_, true) => format!("{knob} (category)"),
        _ => knob.clone(),
    };
    Some(Spec {
        id,
        title: format!("Elo against {knob}"),
        size: (WIDTH, HEIGHT),
        x_desc,
        y_desc: ELO_DESC.into(),
        data: ChartData::Sweep {
            knob: sweep.knob.clone(),
            categorical,
            points,
        },
    })
}

/// SPRT trace with its bounds.
pub(crate) fn sprt(trace: &SprtTrace) -> Option<Spec> {
    let points: Vec<(u64, f64)> = trace
        .points
        .iter()
        .copied()
        .filter(|(_, llr)| llr.is_finite())
        .collect();
    if points.is_empty() || !trace.lower.is_finite() || !trace.upper.is_finite() {
        return None;
    }
    let decision = match trace.decision {
        SprtDecision::AcceptH0 => "H0 accepted",
        SprtDecision::AcceptH1 => "H1 accepted",
        SprtDecision::Inconclusive => "inconclusive",
    };
    let what = if trace.label.trim().is_empty() {
        String::new()
    } else {
        format!(" {}", trace.label)
    };
    let unit = if trace.unit.is_empty() {
        "Elo"
    } else {
        trace.unit.as_str()
    };
    Some(Spec {
        id: "sprt".into(),
        title: format!(
            "SPRT{what}: H0 {unit} {} vs H1 {unit} {}, {decision}",
            fmt_num(trace.elo0),
            fmt_num(trace.elo1)
        ),
        size: (WIDTH, HEIGHT),
        x_desc: "games".into(),
        y_desc: "log-likelihood ratio (LLR, nats)".into(),
        data: ChartData::Sprt {
            points,
            lower: trace.lower,
            upper: trace.upper,
        },
    })
}

/// Tuning loss and Elo estimate per iteration.
pub(crate) fn tuning_progress(t: &TuningHistory) -> Option<Spec> {
    let loss: Vec<(u32, f64)> = t
        .steps
        .iter()
        .filter_map(|s| s.loss.filter(|l| l.is_finite()).map(|l| (s.iteration, l)))
        .collect();
    let elo: Vec<Estimate> = t
        .steps
        .iter()
        .filter_map(|s| {
            let v = s.elo.filter(|e| e.is_finite())?;
            Some(estimate(
                s.iteration.to_string(),
                v,
                s.elo_error95.unwrap_or(f64::NAN),
            ))
        })
        .collect();
    if loss.is_empty() && elo.is_empty() {
        return None;
    }
    let loss_name = if t.loss_name.trim().is_empty() {
        "loss".to_string()
    } else {
        t.loss_name.clone()
    };
    let title = match (loss.is_empty(), elo.is_empty()) {
        (false, false) => "Tuning: loss and Elo estimate per iteration",
        (false, true) => "Tuning: loss per iteration",
        _ => "Tuning: Elo estimate per iteration",
    };
    let both = !loss.is_empty() && !elo.is_empty();
    Some(Spec {
        id: "tuning".into(),
        title: title.into(),
        size: (WIDTH, if both { 700 } else { HEIGHT }),
        x_desc: "iteration".into(),
        y_desc: format!("{loss_name} (dimensionless)"),
        data: ChartData::TuningProgress { loss, elo },
    })
}

/// Most panels of the pattern chart; past it, the patterns that moved most are drawn.
pub(crate) const MAX_PATTERN_PANELS: usize = 48;

/// Tuned pattern scores per iteration, as small multiples: one panel per pattern showing
/// its change from its start value, each on its own scale. Past [`MAX_PATTERN_PANELS`]
/// the patterns that moved most (relative to their start) are drawn, in their order.
pub(crate) fn tuning_patterns(t: &TuningHistory) -> Option<Spec> {
    let series: Vec<Series> = t
        .patterns
        .iter()
        .map(|p| Series {
            name: p.name.clone(),
            points: p
                .scores
                .iter()
                .enumerate()
                .filter(|(_, v)| v.is_finite())
                .map(|(k, v)| {
                    let it = t.steps.get(k).map_or(k as u32, |s| s.iteration);
                    (it, *v)
                })
                .collect(),
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    if series.is_empty() {
        return None;
    }
    let total = series.len();
    let series = if total > MAX_PATTERN_PANELS {
        // How far a pattern moved: its largest change over its start's size (at least 1).
        let moved = |s: &Series| {
            let start = s.points[0].1;
            let most = s
                .points
                .iter()
                .map(|p| (p.1 - start).abs())
                .fold(0.0, f64::max);
            most / start.abs().max(1.0)
        };
        let mut by: Vec<(usize, f64)> = series.iter().map(moved).enumerate().collect();
        by.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut keep: Vec<usize> = by[..MAX_PATTERN_PANELS].iter().map(|p| p.0).collect();
        keep.sort_unstable();
        keep.into_iter().map(|i| series[i].clone()).collect()
    } else {
        series
    };
    let (cols, rows) = pattern_grid(series.len());
    let (what, unit) = if t.parameters {
        (
            "tuned parameter",
            "value − start value (each panel its own scale)",
        )
    } else {
        (
            "pattern score",
            "score − start value (evaluation units; each panel its own scale)",
        )
    };
    let title = if series.len() < total {
        format!(
            "Tuning: change of each {what} from its start ({} of {total} that moved most)",
            series.len()
        )
    } else {
        format!("Tuning: change of each {what} from its start")
    };
    Some(Spec {
        id: "tuning-patterns".into(),
        title,
        size: (
            WIDTH.max(cols as u32 * 200),
            90 + rows as u32 * PATTERN_PANEL_HEIGHT,
        ),
        x_desc: "iteration".into(),
        y_desc: unit.into(),
        data: ChartData::TuningPatterns { series, total },
    })
}

/// Bin width (1, 2, 5, 10, 20, ...) giving at most about 40 bins.
fn bin_width(span: u32) -> u32 {
    let mut base = 1u32;
    loop {
        for m in [1u32, 2, 5] {
            let w = base.saturating_mul(m);
            if span / w <= 40 {
                return w;
            }
        }
        base = base.saturating_mul(10);
    }
}

fn median_of(sorted: &[u32]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        f64::from(sorted[n / 2])
    } else {
        (f64::from(sorted[n / 2 - 1]) + f64::from(sorted[n / 2])) / 2.0
    }
}

/// Histogram of game lengths; with `draws` (the drawn games' lengths among `lengths`) each
/// bin is split into decisive games and draws.
pub(crate) fn game_lengths(lengths: &[u32], draws: Option<&[u32]>) -> Option<Spec> {
    if lengths.is_empty() {
        return None;
    }
    let min = *lengths.iter().min()?;
    let max = *lengths.iter().max()?;
    let w = bin_width(max - min + 1);
    let start = min / w * w;
    let nbins = (max - start) / w + 1;
    let mut bins: Vec<HistogramBin> = (0..nbins)
        .map(|k| HistogramBin {
            low: start + k * w,
            high: start + (k + 1) * w,
            count: 0,
            draws: 0,
        })
        .collect();
    for &l in lengths {
        bins[((l - start) / w) as usize].count += 1;
    }
    // A draw's length outside the range of all games is not one of them: left out.
    for &l in draws.unwrap_or_default() {
        if let Some(b) = l
            .checked_sub(start)
            .and_then(|d| bins.get_mut((d / w) as usize))
        {
            b.draws = (b.draws + 1).min(b.count);
        }
    }
    let mut sorted = lengths.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    let median = median_of(&sorted);
    let drawn: u32 = bins.iter().map(|b| b.draws).sum();
    let title = match draws {
        Some(_) => format!(
            "Game length ({n} games: {} decisive, {drawn} drawn)",
            n as u32 - drawn
        ),
        None => format!("Game length ({n} games)"),
    };
    Some(Spec {
        id: "game-lengths".into(),
        title,
        size: (WIDTH, HEIGHT),
        x_desc: "game length (stones on the board at the end, opening included)".into(),
        y_desc: "games".into(),
        data: ChartData::GameLengths {
            bins,
            median,
            split: draws.is_some(),
        },
    })
}

/// First-mover score per opening, sorted highest first.
pub(crate) fn first_mover(openings: &[OpeningScore]) -> Option<Spec> {
    let mut bars: Vec<OpeningScore> = openings
        .iter()
        .filter(|o| o.score.is_finite())
        .cloned()
        .collect();
    if bars.is_empty() {
        return None;
    }
    let total = bars.len();
    bars.sort_by(|a, b| b.score.total_cmp(&a.score));
    if bars.len() > MAX_OPENING_BARS {
        let half = MAX_OPENING_BARS / 2;
        let tail = bars.split_off(bars.len() - half);
        bars.truncate(half);
        bars.extend(tail);
    }
    let title = if bars.len() < total {
        format!(
            "First-mover score per opening ({} highest and {} lowest of {total})",
            MAX_OPENING_BARS / 2,
            MAX_OPENING_BARS / 2
        )
    } else {
        "First-mover score per opening".to_string()
    };
    Some(Spec {
        id: "first-mover".into(),
        title,
        size: (WIDTH, rows_height(bars.len())),
        x_desc: "first mover's score (fraction of points; bars from 0.5, whiskers: 95% interval)"
            .into(),
        y_desc: "opening (games)".into(),
        data: ChartData::FirstMover { bars, total },
    })
}

/// Quartiles (25 %, 75 %) of finite samples, linear interpolation.
pub(crate) fn iqr(samples: &[f64]) -> Option<(f64, f64)> {
    let mut v: Vec<f64> = samples.iter().copied().filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let q = |p: f64| {
        let pos = p * (v.len() - 1) as f64;
        let lo = pos.floor() as usize;
        let hi = pos.ceil() as usize;
        v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
    };
    Some((q(0.25), q(0.75)))
}

/// Median of finite samples.
pub(crate) fn median(samples: &[f64]) -> Option<f64> {
    let mut v: Vec<f64> = samples.iter().copied().filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        0.5 * (v[m - 1] + v[m])
    })
}

/// Engine speed: median nodes/s and median depth per move, each with its interquartile
/// range (the mean depth when there are no depth samples).
pub(crate) fn speed(engines: &[EngineSpeed]) -> Option<Spec> {
    let rows: Vec<SpeedRow> = engines
        .iter()
        .filter(|e| e.nodes_per_sec_median.is_finite() && e.mean_depth.is_finite())
        .map(|e| SpeedRow {
            engine: e.engine.clone(),
            nodes_per_sec: e.nodes_per_sec_median,
            nps_iqr: iqr(&e.nps_samples),
            depth: median(&e.depth_samples).unwrap_or(e.mean_depth),
            depth_iqr: iqr(&e.depth_samples),
        })
        .collect();
    if rows.is_empty() {
        return None;
    }
    Some(Spec {
        id: "speed".into(),
        title: "Engine speed per move: median (dot), interquartile range (bar)".into(),
        size: (WIDTH, rows_height(rows.len())),
        x_desc: "nodes per second".into(),
        y_desc: "depth reached (plies)".into(),
        data: ChartData::Speed { rows },
    })
}
