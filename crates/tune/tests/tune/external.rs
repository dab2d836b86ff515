//! Tuning an external engine: SPSA moves a scripted Gomocup engine's argument and `INFO`
//! option towards its best values, and a tuning file's placeholders are checked at their line.

use super::runs::book_dir;
use gomoku_testdata::ScratchDir;
use gomoku_tune::{RunOptions, run};
use std::path::PathBuf;

const ENGINE: &str = env!("CARGO_BIN_EXE_gomoku-scripted-engine");

/// A tuning file of the scripted engine (best at skill 70, noise 0.2) started at skill 40 and
/// noise 0.6, with `params` replaced by `params` when given.
/// Gives the folder (removed when dropped) and the file's path.
fn external_tuning(tag: &str, params: Option<&str>, args: &str) -> (ScratchDir, PathBuf) {
    let dir = book_dir(tag);
    let params = params.unwrap_or(
        r#"[
        (name: "skill", start: Some(40), min: Some(0), max: Some(100), c_end: Some(10), r_end: Some(0.05)),
        (name: "noise", start: Some(0.6), min: Some(0), max: Some(1), c_end: Some(0.1), r_end: Some(0.05), decimals: 3),
    ]"#,
    );
    let text = format!(
        r#"Tune(
    name: "scripted-tuned",
    external: Some(External(
        name: "scripted",
        command: "{ENGINE}",
        args: {args},
        move_time_ms: 10000,
        options: [("noise", "{{noise}}")],
    )),
    tuning_openings: (file: "book.txt", range: (0, 7)),
    holdout_openings: (file: "book.txt", range: (7, 10)),
    seed: 3,
    output: "out",
    move_cap: Some(120),
    method: Spsa((iterations: 10, pairs: 4)),
    confirmation: (pairs: 2),
    params: {params},
)"#
    );
    let path = dir.join("tune.ron");
    std::fs::write(&path, &text).unwrap();
    (dir, path)
}

#[test]
fn spsa_moves_an_external_engines_argument_and_option_the_right_way() {
    let (_dir, path) = external_tuning("external-spsa", None, r#"["--skill={skill}"]"#);
    let cfg = gomoku_config::tune::load_tune(&path).unwrap();
    let opts = RunOptions {
        command: "gomoku-arena tune tune.ron".into(),
        threads: 2,
        ..RunOptions::default()
    };
    let out = run(&cfg, &opts).unwrap();
    assert!(out.finished);
    let last = &out.history.last().unwrap().scores;
    let value = |name: &str| last.iter().find(|(n, _)| n == name).unwrap().1;
    let (skill, noise) = (value("skill"), value("noise"));
    assert!(
        skill > 55.0,
        "skill {skill} did not rise from 40 towards 70"
    );
    assert!(
        noise < 0.4,
        "noise {noise} did not fall from 0.6 towards 0.2"
    );
    // The confirmation played the tuned values against the start's, which it beat.
    let c = out.confirmation.expect("a confirmation");
    assert_eq!(c.players, ["scripted-tuned", "scripted"]);
    assert!(c.matches[0].score > 0.5, "{c}");
    // The tuned values as the lines of the engine's entry; no table of ours.
    let dir = cfg.output;
    let options = std::fs::read_to_string(dir.join("tuned-options.ron")).unwrap();
    let skill = format!("args: [\"--skill={}\"],\n", skill.round());
    assert!(options.contains(&skill), "{options}");
    assert!(options.contains("options: [(\"noise\",\"0."), "{options}");
    assert!(!dir.join("tuned.ron").exists());
    // The running Elo estimate rose with the values, and the report charts both.
    let elo = out.history.last().unwrap().elo.unwrap();
    assert!(elo > 0.0, "{elo}");
    for chart in ["tuning", "tuning-patterns"] {
        let svg = dir.join("report").join(format!("{chart}.svg"));
        assert!(svg.exists(), "{}", svg.display());
    }
}

#[test]
fn an_external_engines_placeholders_are_checked_at_their_line() {
    let refused = |params: Option<&str>, args: &str, needle: &str, line: usize| {
        let (_dir, path) = external_tuning("external-refused", params, args);
        let e = gomoku_config::tune::load_tune(&path)
            .unwrap_err()
            .to_string();
        assert!(e.contains(needle), "{e}");
        assert!(e.contains(&format!("tune.ron:{line}:")), "{e}");
    };
    let both = r#"[(name: "skill", start: Some(40), min: Some(0), max: Some(100)), (name: "noise", start: Some(0.6), min: Some(0), max: Some(1), decimals: 2)]"#;
    // A placeholder that is no parameter, at its argument's line.
    refused(
        Some(both),
        r#"["--skill={skill}", "--lmr={lmr}"]"#,
        "{lmr} is no parameter",
        6,
    );
    // A parameter used nowhere, at its name.
    refused(
        Some(both),
        r#"["--skill=40"]"#,
        "'skill' is used nowhere",
        17,
    );
    // An external engine's parameter has no engine file to take its bounds from.
    let unbounded = r#"[(name: "skill", start: Some(40)), (name: "noise", start: Some(0.6), min: Some(0), max: Some(1))]"#;
    refused(
        Some(unbounded),
        r#"["--skill={skill}"]"#,
        "skill: an external engine's parameter needs its min",
        17,
    );
}
