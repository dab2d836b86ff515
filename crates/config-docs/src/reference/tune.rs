//! The tuning section.

use super::hosts::{BOOK, host, tune_file, tune_host, tune_method_host};
use crate::{Entry, Item, Kind, Section};
use gomoku_config::limits::{
    MAX_DEPTH, MAX_ELO, MAX_ITERATIONS, MAX_NAME_LEN, MAX_PAIRS, MAX_TEXEL_GAMES, NUMERIC_FIELDS,
};
use gomoku_config::tune_params::MAX_DECIMALS;
use gomoku_engine::MAX_PATTERN_SCORE;

pub(super) fn tune() -> Section {
    let root =
        Item::new(
            "Tune",
            "tuning",
            "tune-file",
            "`Tune(...)`: the file",
            host(Kind::Tune, "Tune(@@)"),
        )
        .intro(
            "Every game is played on a 15 × 15 freestyle board. A score is named `own SHAPE` or \
         `opp SHAPE` (or `own CLASS`, such as `own four-three`, or `threat OWN/OPP`, such as \
         `threat three/none`), as in the start table.",
        )
        .entries(vec![
        Entry::field("name", "The run's name, and the tuned table's.")
            .limit(format!("at most {MAX_NAME_LEN} characters, one line"))
            .ex("name: \"my-tune\""),
        Entry::field("start_table", "The table to start from.")
            .path()
            .needed_unless("external", "then refused")
            .ex("start_table: \"../tables/tuned.ron\""),
        Entry::field(
            "engine",
            "The engine that plays; its table is replaced by the one being tuned.",
        )
        .path()
        .needed_unless("external", "then refused")
        .ex("engine: \"../engines/rich-d4.ron\""),
        Entry::field(
            "depth",
            "Search depth of the matches (SPSA, hill climbing) and of the confirmation; it \
             replaces the engine file's. A `time_control` budget replaces both. Texel's \
             self-play has a `depth` of its own.",
        )
        .default_text("the engine file's `depth`; refused with `external`")
        .int(1, MAX_DEPTH)
        .ex("depth: 4"),
        Entry::field(
            "external",
            "An external engine to tune instead of ours: a tournament's \
             [`External(..)` participant](#participants), whose `args` and options' values \
             hold the `params` as `{name}` (`args: [\"--lmr={lmr}\"]`, `options: \
             [(\"LMR\", \"{lmr}\")]`), filled with each player's values before it starts \
             (options go out as `INFO NAME VALUE` at each game's start). Its own \
             `move_time_ms` / `game_time_ms` time it; SPSA or hill climbing, no table, \
             engine, depth, pin, order, `time_control` or confirmation `also`.",
        )
        .default_means("None", "our engine plays")
        .limit("every `{name}` a parameter, every parameter used")
        .ex("external: Some(External(name: \"mine\", command: \"sh\", args: [\"mine.sh\", \"--lmr={lmr}\"], move_time_ms: 100)), params: [(name: \"lmr\", start: Some(2), min: Some(0), max: Some(8))]"),
        Entry::field("tuning_openings", "The openings of the tuning games.")
            .ex(format!("tuning_openings: (file: \"{BOOK}\", range: (0, 400))")),
        Entry::field(
            "holdout_openings",
            "Openings kept for the confirmation match.",
        )
        .limit("must not overlap `tuning_openings` when both name the same file")
        .ex(format!("holdout_openings: (file: \"{BOOK}\", range: (400, 600))")),
        Entry::field("seed", "The seed of every random choice.").ex("seed: 11"),
        Entry::field(
            "output",
            "The run directory: checkpoint (`state.json`), history, steps, the tuned table, \
             the confirmation (its games in `steps/confirmation/`, a run directory that `rate` \
             and `report` read) and the report. `--out` wins over it.",
        )
        .path()
        .limit("not empty")
        .ex("output: \"../../reports/my-tune\""),
        Entry::field("pin", "A score that is not tuned (it sets the scale).")
            .default_means("None", "every score is tuned")
            .limit("a score of the start table")
            .ex("pin: Some(\"own 11111\")"),
        Entry::field(
            "order",
            "Order constraints every kept table satisfies: `a > b > c` asks `a > b` and `b > c`.",
        )
        .default("[]")
        .limit("each with at least one `>`; scores of the start table")
        .ex("order: [\"own 11111 > own 011110 > own 11110\"]"),
        Entry::field(
            "move_cap",
            "A game is drawn when this many stones are on the board.",
        )
        .default("Some(200)")
        .ex("move_cap: Some(150)"),
        Entry::field("method", "The tuning method and its settings.")
            .ex("method: Spsa((iterations: 100, pairs: 8))"),
        Entry::field(
            "confirmation",
            "The closing match of the tuned table against the start table on the held-out \
             openings.",
        )
        .default("(pairs: 200, tie_break_margin: 40, also: [])")
        .ex("confirmation: (pairs: 400)"),
        Entry::field(
            "time_control",
            "As a [tournament's](#time-control), for every game of the run: the matches of SPSA \
             and hill climbing, Texel's self-play and the confirmation (a pruning's gain shows \
             under a clock). Any but `EngineDefault` replaces `depth` and Texel's self-play \
             depth; `Depth` and `Nodes` keep runs reproducible, `MoveTime` and `GameTime` do \
             not (a resumed run still continues from its last checkpoint).",
        )
        .default_means("EngineDefault", "`depth`")
        .ex("time_control: Nodes(20000)"),
        Entry::field(
            "params",
            "The parameters tuned, each a numeric field of the engine file or a table score, \
             with its start, bounds and SPSA gains. Given, only these move (the pin and \
             `order` still hold for scores); engine fields are tuned by SPSA and hill \
             climbing (Texel fits scores only) and written into the tuned table's description.",
        )
        .default_means("[]", "every score of the start table but the pinned one")
        .ex("params: [(name: \"futility\", min: Some(0), max: Some(2000))]"),
    ]);

    let fields: Vec<String> = NUMERIC_FIELDS[1..]
        .iter()
        .map(|f| format!("`{}` ({}..={})", f.name, f.min, f.max))
        .collect();
    let param = Item::new(
        "ParamEntry",
        "parameter",
        "parameter",
        "`params`",
        tune_host("method: Spsa(()), params: [(@@)]"),
    )
    .intro(format!(
        "A parameter's range is its field's, which bounds `start`, `min` and `max`: {} (an \
         engine field, as the engine file names it; `depth` is the tuning's own), or \
         -{MAX_PATTERN_SCORE}..={MAX_PATTERN_SCORE} for a score. An integer field plays its \
         value rounded (SPSA: stochastically, as table scores). An `external` engine's \
         parameter is a word written `{{name}}` in its args or options, and needs `start`, \
         `min` and `max`.",
        fields.join(", ")
    ))
    .entries(vec![
        Entry::field(
            "name",
            "An engine file's numeric field (`futility`) or a score of the start table \
             (`own 011110`).",
        )
        .limit("not `depth`, not the pin, not twice")
        .ex("name: \"top_n\""),
        Entry::field("start", "The start value.")
            .default_means(
                "None",
                "the engine file's value, or the start table's score",
            )
            .limit("min..=max")
            .ex("start: Some(8)"),
        Entry::field("min", "The least value the method gives it.")
            .default_means("None", "the field's least")
            .limit("within the field's range")
            .ex("min: Some(2)"),
        Entry::field("max", "The greatest value the method gives it.")
            .default_means("None", "the field's greatest")
            .limit("within the field's range, above `min`")
            .ex("max: Some(20)"),
        Entry::field("c_end", "SPSA's final perturbation `c_end`.")
            .default_means("None", "the method's `c_end_frac` of max(|start|, 1)")
            .limit("> 0")
            .ex("c_end: Some(2.0)"),
        Entry::field(
            "r_end",
            "SPSA's final learning rate `r_end = a_end / c_end²`.",
        )
        .default_means("None", "the method's `r_end`")
        .limit("(0, 1]")
        .ex("r_end: Some(0.002)"),
        Entry::field(
            "decimals",
            "An external engine's parameter: the decimals its value is written with (SPSA \
             rounds stochastically to them); 0 writes an integer.",
        )
        .default("0")
        .limit(format!(
            "0..={MAX_DECIMALS}; 0 for engine fields and scores"
        ))
        .host(host(
            Kind::Tune,
            format!(
                "Tune(name: \"host\", external: Some(External(name: \"mine\", command: \"sh\", \
                 options: [(\"noise\", \"{{top_n}}\")], move_time_ms: 100)), \
                 tuning_openings: (file: \"{BOOK}\", range: (0, 10)), \
                 holdout_openings: (file: \"{BOOK}\", range: (10, 20)), seed: 1, \
                 output: \"../../reports/host\", method: Spsa(()), \
                 params: [(start: Some(0.5), min: Some(0), max: Some(1), @@)])"
            ),
        ))
        .ex("decimals: 2"),
    ]);

    let range = Item::new(
        "OpeningRange",
        "opening range",
        "opening-range",
        "`tuning_openings`, `holdout_openings`",
        tune_file("(@@)", "method: Texel(())"),
    )
    .intro("The notation is told from the book's first line (there is no `format` field).")
    .entries(vec![
        Entry::field("file", "The book file.")
            .path()
            .ex(format!("file: \"{BOOK}\"")),
        Entry::field(
            "range",
            "Openings `start..end` of the book (from 0, `end` excluded).",
        )
        .limit("start < end ≤ the book's openings")
        .ex("range: (0, 10)"),
    ]);

    let method = Item::new(
        "MethodSettings",
        "method",
        "method",
        "`method`",
        tune_method_host("@@"),
    )
    .intro(
        "The settings are a struct inside the variant: `Texel((games: 2000))`, note the \
         double parentheses; `Texel(())` takes every default.",
    )
    .entries(vec![
        Entry::variant(
            "Texel",
            "A logistic fit of the table to self-play results: games are collected once, then \
             the scores are moved by local search.",
        )
        .ex("Texel((games: 4000, depth: 2))"),
        Entry::variant(
            "Match",
            "Hill climbing on playing strength: a perturbed table is kept only if it wins an SPRT \
             against the current one.",
        )
        .ex("Match((iterations: 10, max_pairs: 200))"),
        Entry::variant(
            "Spsa",
            "SPSA as fishtest and OpenBench run it: each iteration plays θ+ against θ- and moves \
             every score.",
        )
        .ex("Spsa((iterations: 100, pairs: 8))"),
    ]);

    let texel = Item::new(
        "TexelSettings",
        "Texel",
        "texel",
        "`Texel((...))`",
        tune_method_host("Texel((@@))"),
    )
    .entries(vec![
        Entry::field(
            "games",
            "Self-play games to collect positions from, rounded up to an even number (games come \
             in pairs).",
        )
        .default("2000")
        .int(1, MAX_TEXEL_GAMES as i128)
        .limit("or 0 with `runs`")
        .ex("games: 9000"),
        Entry::field(
            "runs",
            "Run directories (a tournament's `output`, say against a stronger engine) whose \
             games also give positions; their board and rule must be the tuning's, and only \
             games decided on the board count.",
        )
        .path()
        .default("[]")
        .ex("runs: [\"../../reports/sparring\"]"),
        Entry::field(
            "depth",
            "Search depth of the self-play games (the start table plays both sides).",
        )
        .default("2")
        .int(1, MAX_DEPTH)
        .ex("depth: 3"),
        Entry::field(
            "tie_break_margin",
            "Root tie-break margin of the self-play engine, so that games from one opening \
             differ.",
        )
        .default("40")
        .at_least(1)
        .ex("tie_break_margin: 20"),
        Entry::field(
            "vcf_fours",
            "Positions where the side to move has a VCF of at most this many fours are dropped.",
        )
        .default("4")
        .int(0, 255)
        .ex("vcf_fours: 6"),
        Entry::field(
            "validation_fraction",
            "Fraction of the games (not positions) held out for the validation loss.",
        )
        .default("0.1")
        .real(Some((0.0, false)), Some((1.0, true)))
        .ex("validation_fraction: 0.2"),
        Entry::field("iterations", "Most sweeps of the local search.")
            .default("30")
            .int(0, MAX_ITERATIONS)
            .ex("iterations: 60"),
        Entry::field(
            "step",
            "First step, relative to each score's size (0.25: ±25%).",
        )
        .default("0.25")
        .real(Some((0.0, true)), Some((1.0, false)))
        .limit("at least `min_step`")
        .ex("step: 0.5"),
        Entry::field(
            "min_step",
            "The search stops when the relative step falls below this.",
        )
        .default("0.01")
        .real(Some((0.0, true)), None)
        .limit("at most `step`")
        .ex("min_step: 0.02"),
    ]);

    let hill = Item::new(
        "MatchSettings",
        "Match",
        "match",
        "`Match((...))`",
        tune_method_host("Match((@@))"),
    )
    .entries(vec![
        Entry::field("iterations", "Candidates to try, one match each.")
            .default("30")
            .int(0, MAX_ITERATIONS)
            .ex("iterations: 10"),
        Entry::field("perturb", "Scores perturbed per candidate.")
            .default("2")
            .at_least(1)
            .ex("perturb: 3"),
        Entry::field("step", "Perturbation, relative to each score's size.")
            .default("0.2")
            .real(Some((0.0, true)), Some((1.0, false)))
            .ex("step: 0.1"),
        Entry::field("elo0", "The match SPRT's H0, logistic Elo.")
            .default("0.0")
            .real(Some((-MAX_ELO, false)), Some((MAX_ELO, false)))
            .limit("below `elo1`")
            .ex("elo0: -5.0"),
        Entry::field("elo1", "The match SPRT's H1, logistic Elo.")
            .default("15.0")
            .real(Some((-MAX_ELO, false)), Some((MAX_ELO, false)))
            .limit("above `elo0`")
            .ex("elo1: 10.0"),
        Entry::field("alpha", "The match SPRT's error rates (alpha = beta).")
            .default("0.05")
            .real(Some((0.0, true)), Some((0.5, true)))
            .ex("alpha: 0.1"),
        Entry::field(
            "max_pairs",
            "Most game pairs per match; a match still undecided rejects the candidate.",
        )
        .default("400")
        .int(1, MAX_PAIRS as i128)
        .ex("max_pairs: 64"),
        Entry::field("tie_break_margin", "Root tie-break margin of both engines.")
            .default("40")
            .at_least(0)
            .ex("tie_break_margin: 20"),
    ]);

    let spsa = Item::new(
        "SpsaSettings",
        "SPSA",
        "spsa",
        "`Spsa((...))`",
        tune_method_host("Spsa((@@))"),
    )
    .intro(
        "The gains follow fishtest, per score and for k = 1..N: \
         c_k = c_end · (N / k)^gamma and a_k = r_end · c_end² · ((A + N) / (A + k))^alpha, \
         where c_end = `c_end_frac` · max(|start score|, 1) and A = `a_frac` · N.",
    )
    .entries(vec![
        Entry::field("iterations", "Iterations N.")
            .default("200")
            .int(1, MAX_ITERATIONS)
            .ex("iterations: 100"),
        Entry::field(
            "pairs",
            "Game pairs per iteration (θ+ against θ-, colours reversed). The default is \
             chosen from the noise: enough pairs that an iteration's result has a \
             signal-to-noise ratio of ½ when θ+ is 20 Elo stronger than θ- (a pair's score \
             varies by 0.45 between near-equal engines), `0.45·(347.4·0.5/20)²` rounded up; \
             docs/TUNING.md says why. A run started under the default of before (4) keeps it \
             when resumed.",
        )
        .default("34")
        .int(1, MAX_PAIRS as i128)
        .ex("pairs: 8"),
        Entry::field(
            "c_end_frac",
            "The final perturbation c_end, relative to each start score's size.",
        )
        .default("0.15")
        .real(Some((0.0, true)), Some((1.0, false)))
        .ex("c_end_frac: 0.1"),
        Entry::field("r_end", "fishtest's r_end: the final a_end / c_end².")
            .default("0.002")
            .real(Some((0.0, true)), Some((1.0, false)))
            .ex("r_end: 0.001"),
        Entry::field("a_frac", "The stability constant A, as a fraction of N.")
            .default("0.1")
            .real(Some((0.0, false)), Some((1.0, false)))
            .ex("a_frac: 0.05"),
        Entry::field("alpha", "The exponent of a_k.")
            .default("0.602")
            .real(Some((0.0, true)), Some((1.0, false)))
            .ex("alpha: 0.7"),
        Entry::field("gamma", "The exponent of c_k.")
            .default("0.101")
            .real(Some((0.0, false)), Some((0.5, false)))
            .ex("gamma: 0.2"),
        Entry::field("tie_break_margin", "Root tie-break margin of both engines.")
            .default("40")
            .at_least(0)
            .ex("tie_break_margin: 20"),
    ]);

    let confirmation = Item::new(
        "ConfirmationSettings",
        "confirmation",
        "confirmation",
        "`confirmation`",
        tune_host("method: Texel(()), confirmation: (@@)"),
    )
    .entries(vec![
        Entry::field(
            "pairs",
            "Game pairs; the held-out openings cycle, each pass under another symmetry.",
        )
        .default("200")
        .int(1, MAX_PAIRS as i128)
        .ex("pairs: 400"),
        Entry::field(
            "tie_break_margin",
            "Root tie-break margin of both engines (above 0 makes repeated openings differ).",
        )
        .default("40")
        .at_least(0)
        .ex("tie_break_margin: 20"),
        Entry::field(
            "also",
            "Table files of more opponents rated in the same pool (the seed table, say).",
        )
        .path()
        .default("[]")
        .ex("also: [\"../tables/seed000.ron\"]"),
    ]);

    Section {
        kind: Kind::Tune,
        title: "Tuning files",
        anchor: "tuning-files",
        intro: "A tuning file (`configs/tune/*.ron`, run by `gomoku-arena tune F`) fits a \
                pattern table: Texel (a logistic fit to self-play), SPSA, or hill climbing by \
                SPRT matches, then a confirmation match on held-out openings. Each step's games \
                shard and merge like a tournament's (`--shard I/N`, `--merge-step`). \
                `Some(..)` must be written in tuning files (`pin: Some(\"own 11111\")`). \
                Shipped examples: `rich-texel.ron`, `classes-texel.ron`, `tuned-spsa.ron`, \
                `tuned-match.ron`, `tiny-spsa.ron`."
            .into(),
        items: vec![root, range, method, texel, hill, spsa, confirmation, param],
        example: r#"// configs/tune/reference.ron: every field written out. Paths are relative to this file.
Tune(
    name: "reference",
    start_table: "../tables/tuned.ron",
    engine: "../engines/rich-d4.ron",    // its table is replaced by the one being tuned
    depth: 2,
    tuning_openings: (file: "../../openings/freestyle15.txt", range: (0, 400)),
    holdout_openings: (file: "../../openings/freestyle15.txt", range: (400, 600)),
    seed: 5,
    output: "../../reports/tune-reference",
    pin: Some("own 11111"),
    order: [
        "own 11111 > own 011110 > own 11110 > own 011100",
        "opp 011100 > opp 11110 > opp 011110 > opp 11111",
    ],
    move_cap: Some(200),
    method: Spsa((
        iterations: 20,
        pairs: 8,
        c_end_frac: 0.15,
        r_end: 0.002,
        a_frac: 0.1,
        alpha: 0.602,
        gamma: 0.101,
        tie_break_margin: 40,
    )),
    confirmation: (pairs: 100, tie_break_margin: 40, also: ["../tables/seed000.ron"]),
    time_control: EngineDefault,    // `depth`; or Nodes(20000), MoveTime(100)...
    params: [    // left out: every score but the pin
        (name: "futility", start: Some(500), min: Some(0), max: Some(2000), c_end: Some(100), r_end: Some(0.002)),
        (name: "own 011110"),
    ],
)"#
        .into(),
        outro: String::new(),
    }
}
