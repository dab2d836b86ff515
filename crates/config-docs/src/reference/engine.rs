//! The engine and pattern-table sections.

use super::hosts::{host, some};
use crate::{Entry, Item, Kind, Section};
use gomoku_config::limits::{
    MAX_BLOCK_EXTENSION, MAX_DEPTH, MAX_FRONTIER_WIDTH, MAX_HISTORY_BOUND, MAX_LMR_SCALE,
    MAX_MOVE_COUNT, MAX_NAME_LEN, MAX_QUIESCENCE, MAX_SCORE_MARGIN, MAX_TT_MIB, NUMERIC_FIELDS,
};
use gomoku_engine::{
    CellClass, EngineParams, MAX_ORDER_WEIGHT, MAX_PATTERN_LEN, MAX_PATTERN_SCORE, MAX_VCT_DEPTH,
};

/// The brain's `INFO` keys: one per numeric field, with its range.
fn brain_options() -> String {
    let mut text = String::from(
        "`pbrain-gomoku-arena` takes every numeric field of its engine file as an option, \
         `INFO <field> <value>` (c-gomoku-cli's `option.<field>=<value>`), before or between \
         games: a value in the field's range rebuilds the engine with it; a value out of \
         range, one that is not an integer, or a key that is neither one of these nor one of \
         the protocol's is answered `ERROR INFO <key>: ...` and changes nothing. A tuning \
         file's `params` name the same fields with the same ranges.\n\n\
         | `INFO` key | values |\n|---|---|\n",
    );
    for f in NUMERIC_FIELDS {
        text += &format!("| `{}` | {}..={} |\n", f.name, f.min, f.max);
    }
    text
}

pub(super) fn engine() -> Section {
    let d = EngineParams::default();
    let f = d.features;
    let root = Item::new(
        "Engine",
        "engine",
        "engine-file",
        "`Engine(...)`: the file",
        host(Kind::Engine, "Engine(@@)"),
    )
    .intro(
        "Every field but `name` and `table` may be left out; the defaults are \
         `EngineParams::default()`'s, the seed engine's (the search switches on by default \
         are those an SPRT kept). Without an engine file, the brain, `analyze` and `play` \
         search with `configs/engines/tuned-sel.ron`, the strongest shipped engine, compiled \
         in. `Some(..)` must be written (`top_n: Some(10)`).",
    )
    .entries(vec![
        Entry::field(
            "name",
            "The engine's name in standings, reports and ratings.",
        )
        .limit(format!("at most {MAX_NAME_LEN} characters, one line"))
        .ex("name: \"my-engine\""),
        Entry::field(
            "table",
            "The evaluation: a table file or a table written in place.",
        )
        .ex("table: File(\"../tables/rich.ron\")"),
        Entry::field(
            "depth",
            "Search depth in plies, used under the `EngineDefault` time control (a clock or a \
             node budget lets the engine deepen past it).",
        )
        .default(d.depth.to_string())
        .int(1, MAX_DEPTH)
        .ex("depth: 6"),
        Entry::field(
            "top_n",
            "Moves searched per node, best-ordered first; `None`: all candidates.",
        )
        .default(some(d.top_n))
        .at_least(1)
        .ex("top_n: Some(15)"),
        Entry::field(
            "radius",
            "Candidate moves lie within this distance of a stone.",
        )
        .default(d.radius.to_string())
        .int(1, 4)
        .ex("radius: 3"),
        Entry::field(
            "tt_mib",
            "Transposition table size in MiB. Each engine has its own, and a tournament builds \
             each engine once per worker thread.",
        )
        .default(d.tt_mib.to_string())
        .int(1, MAX_TT_MIB as i128)
        .ex("tt_mib: 64"),
        Entry::field("tt", "Transposition table on or off.")
            .default(d.use_tt.to_string())
            .ex("tt: false"),
        Entry::field("ordering", "Pattern-score move ordering on or off.")
            .default(d.use_ordering.to_string())
            .ex("ordering: false"),
        Entry::field("iterative_deepening", "Iterative deepening on or off.")
            .default(d.iterative_deepening.to_string())
            .ex("iterative_deepening: false"),
        Entry::field("killers", "Killer moves on or off.")
            .default(d.killers.to_string())
            .ex("killers: false"),
        Entry::field("history", "History heuristic on or off.")
            .default(d.history.to_string())
            .ex("history: false"),
        Entry::field(
            "vcf",
            "Root VCF search (continuous fours) on or off; if the opponent has a VCF, only the \
             moves that stop it are searched.",
        )
        .default(d.vcf.to_string())
        .ex("vcf: false"),
        Entry::field("vcf_depth", "Most fours in a VCF line.")
            .default(d.vcf_depth.to_string())
            .int(0, 255)
            .ex("vcf_depth: 12"),
        Entry::field(
            "tie_break_margin",
            "Root moves within this many points of the best are picked at random (from the \
             run seed and game index); 0: always the best, deterministic.",
        )
        .default(d.tie_break_margin.to_string())
        .at_least(0)
        .ex("tie_break_margin: 20"),
        Entry::field(
            "threads",
            "Search threads per engine (more than 1 makes games non-deterministic).",
        )
        .default(d.threads.to_string())
        .int(1, 64)
        .ex("threads: 2"),
        Entry::field("aspiration", "Root aspiration window half-width (0: off).")
            .default(f.aspiration.to_string())
            .int(0, MAX_SCORE_MARGIN)
            .ex("aspiration: 50"),
        Entry::field("lmr", "Late-move reductions on or off.")
            .default(f.lmr.to_string())
            .ex("lmr: false"),
        Entry::field(
            "lmr_scale",
            "Logarithmic late-move reductions (with `lmr`; 0: one ply from the 4th move): from \
             the 2nd move, at depth 3 and more, a move that makes no four is reduced by this \
             many hundredths of ln(depth)·ln(move number) plies, a ply less at PV nodes, a ply \
             more where the evaluation is not improving and at cut nodes for a move that is no \
             killer; one that beats alpha is searched again at full depth.",
        )
        .default(f.lmr_scale.to_string())
        .int(0, MAX_LMR_SCALE)
        .ex("lmr_scale: 100"),
        Entry::field(
            "move_count",
            "Move-count pruning (0: off): at depth 2 and more, once a move that does not lose is \
             found, moves that make no four past this base plus depth^1.32 (half as many where \
             the evaluation is not improving) are skipped; never when the opponent has a \
             five-point, an open-four or a double-four point. Needs a table with cell classes.",
        )
        .default(f.move_count.to_string())
        .int(0, MAX_MOVE_COUNT)
        .ex("move_count: 3"),
        Entry::field(
            "history_bound",
            "History with gravity (0: off, a cutoff adds its depth squared): a cutoff's bonus, \
             and the same penalty for each move searched before it at the node, move the \
             history counters under gravity within ±this bound; with `lmr_scale`, a move's \
             counter takes up to a ply off its reduction.",
        )
        .default(f.history_bound.to_string())
        .int(0, MAX_HISTORY_BOUND)
        .ex("history_bound: 10000"),
        Entry::field(
            "node_futility",
            "Futility at the node (0: off): a null-window node whose static evaluation beats \
             beta by this margin per ply of depth past the first (a ply less where it is \
             improving) returns it unsearched; never under a four, an open-four or a \
             double-four threat. Needs a table with cell classes.",
        )
        .default(f.node_futility.to_string())
        .int(0, MAX_SCORE_MARGIN)
        .ex("node_futility: 1000"),
        Entry::field(
            "razoring",
            "Razoring (0: off): a null-window node of depth 1 or 2 whose static evaluation is \
             this margin per ply below alpha returns the leaf's threat quiescence (when on), or \
             its evaluation when the side to move has no four to play; never under a four, an \
             open-four or a double-four threat. Needs a table with cell classes.",
        )
        .default(f.razoring.to_string())
        .int(0, MAX_SCORE_MARGIN)
        .ex("razoring: 2000"),
        Entry::field("futility", "Futility pruning margin at depth 2 (0: off).")
            .default(f.futility.to_string())
            .int(0, MAX_SCORE_MARGIN)
            .ex("futility: 0"),
        Entry::field(
            "threat_extension",
            "Threat extensions on or off (a four does not use up a ply).",
        )
        .default(f.threat_extension.to_string())
        .ex("threat_extension: true"),
        Entry::field(
            "block_extension",
            "Extension of the reply to a four, in hundredths of a ply (0: off; Rapfi's is \
             130): the block, the one move that does not lose when the opponent has a \
             five-point, is searched this much deeper than a ply less; the fractions add up \
             along the line, a whole ply at a time, within twice the nominal depth from the \
             root.",
        )
        .default(f.block_extension.to_string())
        .int(0, MAX_BLOCK_EXTENSION)
        .ex("block_extension: 130"),
        Entry::field(
            "counter_moves",
            "Counter-moves on or off: a quiet move that cuts off in answer to the opponent's \
             last move is remembered for that move's cell (per colour, for the game) and tried \
             after the killers wherever that cell is the last move again.",
        )
        .default(f.counter_moves.to_string())
        .ex("counter_moves: true"),
        Entry::field(
            "eval_average",
            "Leaves average the evaluation of the last two plies.",
        )
        .default(f.eval_average.to_string())
        .ex("eval_average: true"),
        Entry::field(
            "three_defence",
            "Where the opponent can make an open four, only the moves that may stop it and the \
             moves that make a four are searched (any other move loses to the open four); needs \
             a table with cell classes.",
        )
        .default(f.three_defence.to_string())
        .ex("three_defence: false"),
        Entry::field(
            "exact_defence",
            "With `three_defence`, below the frontier only the moves that make a four and those \
             after which the opponent has no open-four or double-four point left, nor a \
             four-three point while we have no four to make, are searched (read from the \
             line-kind table; any other move loses in 3 or 5 plies); off, every cell on an open \
             four's lines within five is kept.",
        )
        .default(f.exact_defence.to_string())
        .ex("exact_defence: true"),
        Entry::field(
            "singular_margin",
            "Singular extension margin per ply of depth (0: off): the TT move of a node of at \
             least `singular_depth` plies, with a lower-bound or exact entry at most \
             `singular_tt_depth` plies shallower and no mate score, is extended a ply when \
             every other move fails low at half the depth against its stored value less the \
             margin times the depth; when they reach beta even so, the node returns that bound \
             (multi-cut).",
        )
        .default(f.singular_margin.to_string())
        .int(0, MAX_SCORE_MARGIN)
        .ex("singular_margin: 12"),
        Entry::field(
            "singular_depth",
            "The least depth of a node whose TT move is tested for a singular extension.",
        )
        .default(f.singular_depth.to_string())
        .int(1, 64)
        .ex("singular_depth: 8"),
        Entry::field(
            "singular_tt_depth",
            "How many plies shallower than the node its TT entry may be for the singular test.",
        )
        .default(f.singular_tt_depth.to_string())
        .int(0, 16)
        .ex("singular_tt_depth: 3"),
        Entry::field(
            "static_wins",
            "A node whose side to move has a five-point, an open-four or double-four point, or a \
             four-three point while the opponent can make no four, is scored a win in 1, 3 or 5 \
             plies without searching it; needs a table with cell classes.",
        )
        .default(f.static_wins.to_string())
        .ex("static_wins: true"),
        Entry::field(
            "quiescence",
            "Threat quiescence: the most plies a leaf plays on along the fours near its side's \
             last stone and the block of the opponent's four, standing pat on the evaluation \
             (0: off); needs a table with cell classes for the fours.",
        )
        .default(f.quiescence.to_string())
        .int(0, MAX_QUIESCENCE)
        .ex("quiescence: 4"),
        Entry::field(
            "quiescence_delta",
            "Delta pruning of the threat quiescence (0: off): a null-window quiescence node \
             whose evaluation is this margin below alpha returns it without playing its fours, \
             as Rapfi's leaf VCF search does.",
        )
        .default(f.quiescence_delta.to_string())
        .int(0, MAX_SCORE_MARGIN)
        .ex("quiescence_delta: 3000"),
        Entry::field(
            "quiescence_plain_fours",
            "The threat quiescence moves of a side in which it plays a plain four, one that \
             makes nothing else (0: all of them): past these only fours of class four-two or \
             better are played, as Rapfi's leaf VCF search plays them.",
        )
        .default(f.quiescence_plain_fours.to_string())
        .int(0, MAX_QUIESCENCE)
        .ex("quiescence_plain_fours: 1"),
        Entry::field(
            "fixed_time_start_share",
            "Under a fixed time per move (where the move's limit, not a game clock, sets \
             its time: Gomocup's `timeout_turn`, `analyze --time-ms`), the percentage of it before which \
             iterative deepening starts the next iteration even when it is not predicted to \
             finish (0: the prediction alone); the move's limit cuts it short, and what it \
             searched still fills the hash table and can prove a better move. Time only: a \
             game clock and a node budget keep the prediction.",
        )
        .default(f.fixed_time_start_share.to_string())
        .int(0, 100)
        .ex("fixed_time_start_share: 50"),
        Entry::field(
            "frontier_width",
            "Moves searched at a node one ply above the leaves, the best by the ordering's \
             score (pattern gains, cell classes, history), the hash move, killers and counter-move \
             first when among them; when every one of them loses, the others are searched too, as \
             under `top_n`. 0: every candidate, in board order. Not where the opponent's open \
             three or four forces the defence.",
        )
        .default(f.frontier_width.to_string())
        .int(0, MAX_FRONTIER_WIDTH)
        .ex("frontier_width: 10"),
        Entry::field(
            "alpha_reduction_bound",
            "Alpha-improvement reduction (0: off): at a principal-variation node of depth 3 up \
             to `alpha_reduction_depth`, once a move raises alpha without reaching beta with a \
             score smaller than this either way (no decided position), the node's other moves \
             are searched a ply shallower, a ply more at each further raise while the depth \
             stays 3 or more (Rapfi's).",
        )
        .default(f.alpha_reduction_bound.to_string())
        .int(0, MAX_SCORE_MARGIN)
        .ex("alpha_reduction_bound: 30000"),
        Entry::field(
            "alpha_reduction_depth",
            "The depth from which the alpha-improvement reduction stops.",
        )
        .default(f.alpha_reduction_depth.to_string())
        .int(0, MAX_DEPTH)
        .ex("alpha_reduction_depth: 12"),
        Entry::field(
            "root_width",
            "Moves searched at the root, the best by the ordering's score; 0: `top_n`'s, and              1024 every candidate on any board. The nodes below keep `top_n`: a move the root              leaves out is never played.",
        )
        .default(f.root_width.to_string())
        .int(0, MAX_FRONTIER_WIDTH)
        .ex("root_width: 1024"),
        Entry::field(
            "root_reduction_from",
            "Root reduction (0: off): at depth 3 or more, the root moves from this index on \
             (in the last iteration's order) are searched a ply shallower with a null window \
             first, and at full depth only if that beats the best so far; with a `root_width` \
             past `top_n`, the moves it adds cost less.",
        )
        .default(f.root_reduction_from.to_string())
        .int(0, MAX_FRONTIER_WIDTH)
        .ex("root_reduction_from: 10"),
        Entry::field(
            "order_opp_gain",
            "Weight of the opponent's pattern gain at a cell in the move ordering's score, in              percent (100: as much as one's own): how much blocking counts beside building.",
        )
        .default(f.order_opp_gain.to_string())
        .int(0, MAX_ORDER_WEIGHT)
        .ex("order_opp_gain: 50"),
        Entry::field(
            "order_class_heat",
            "Weight of the cell classes' scores at a cell (one's own class there, less the              opponent's) in the move ordering's score, in percent.",
        )
        .default(f.order_class_heat.to_string())
        .int(0, MAX_ORDER_WEIGHT)
        .ex("order_class_heat: 200"),
        Entry::field(
            "vct",
            "Root VCT search (fours and threes, by proof numbers) on or off.",
        )
        .default(d.vct.to_string())
        .ex("vct: false"),
        Entry::field(
            "vct_depth",
            "Most attacker moves in a VCT, the five included.",
        )
        .default(d.vct_depth.to_string())
        .int(2, MAX_VCT_DEPTH)
        .ex("vct_depth: 30"),
        Entry::field(
            "vct_threat",
            "A VCT three is a move whose pass would lose to a VCF of at most this many fours.",
        )
        .default(d.vct_threat.to_string())
        .int(1, 64)
        .ex("vct_threat: 4"),
    ]);

    let source = Item::new(
        "TableSource",
        "table source",
        "table-source",
        "`table`: where the evaluation comes from",
        host(Kind::Engine, "Engine(name: \"host\", table: @@)"),
    )
    .entries(vec![
        Entry::variant("File", "A [table file](#pattern-table-files), relative to the engine file.")
            .path()
            .ex("File(\"../tables/seed000.ron\")"),
        Entry::variant("Inline", "A [table](#table-file) written in place.")
            .ex("Inline(PatternTable(name: \"tiny\", patterns: [(shape: \"11111\", own: 100000, opp: -100000), (shape: \"011110\", own: 5000, opp: -5000)]))"),
    ]);

    Section {
        kind: Kind::Engine,
        title: "Engine files",
        anchor: "engine-files",
        intro: "An engine file (`configs/engines/*.ron`) is one in-process engine: a pattern \
                table, a depth, a width and the search switches. Tournament and SPRT files name \
                engine files (and change them with [overrides](#overrides)); tuning files take \
                one as the engine that plays; `bench`, `analyze`, `play` and `openings` take \
                one with `--engine`; `pbrain-gomoku-arena` reads one with `--engine` or as \
                `pbrain-gomoku-arena.ron` beside the executable."
            .into(),
        items: vec![root, source],
        example: r#"// configs/engines/reference.ron: every field written out. Paths are relative to this file.
Engine(
    name: "reference",
    table: File("../tables/seed000.ron"),
    depth: 4,
    top_n: Some(10),            // Some(..) is required in engine files
    radius: 2,
    tt_mib: 16,
    tt: true,
    ordering: true,
    iterative_deepening: true,
    killers: true,
    history: true,
    vcf: true,
    vcf_depth: 255,
    tie_break_margin: 0,
    threads: 1,
    // search techniques
    aspiration: 0,
    lmr: true,
    lmr_scale: 100,
    move_count: 0,
    history_bound: 0,
    node_futility: 800,
    razoring: 0,
    futility: 500,
    threat_extension: false,
    block_extension: 0,
    counter_moves: false,
    eval_average: false,
    three_defence: true,
    exact_defence: false,
    singular_margin: 0,
    singular_depth: 7,
    singular_tt_depth: 2,
    static_wins: false,
    quiescence: 0,
    quiescence_delta: 0,
    quiescence_plain_fours: 0,
    fixed_time_start_share: 0,
    frontier_width: 0,
    alpha_reduction_bound: 0,
    alpha_reduction_depth: 12,
    root_width: 0,
    root_reduction_from: 0,
    order_opp_gain: 100,
    order_class_heat: 100,
    // the root VCT (fours and threes)
    vct: true,
    vct_depth: 20,
    vct_threat: 3,
)"#
        .into(),
        outro: brain_options(),
    }
}

pub(super) fn table() -> Section {
    let classes: Vec<String> = CellClass::ALL[1..]
        .iter()
        .map(|c| format!("`{}`", c.name()))
        .collect();
    let root = Item::new(
        "PatternTable",
        "table",
        "table-file",
        "`PatternTable(...)`: the file",
        host(Kind::Table, "PatternTable(@@)"),
    )
    .entries(vec![
        Entry::field("name", "The table's name (the tuner names its output after the run).")
            .ex("name: \"my-table\""),
        Entry::field("description", "Where the values come from, for readers.")
            .default("\"\"")
            .ex("description: \"hand-set; open four = 5000\""),
        Entry::field(
            "patterns",
            "The shapes and their scores; a line's score is the sum of the shapes found on it.",
        )
        .limit("at least one; each shape at most once")
        .ex("patterns: [(shape: \"11111\", own: 100000, opp: -100000), (shape: \"011110\", own: 5000, opp: -5000)]"),
        Entry::field(
            "classes",
            "Scores per cell class: what an empty cell would give each side with its four \
             lines together. Kept for k up to 5 (6 in freestyle); a table without classes \
             plays as before.",
        )
        .default("[]")
        .limit("each class at most once")
        .ex("classes: [(class: \"four-three\", own: 20000, opp: -8000)]"),
        Entry::field(
            "threats",
            "Scores per pair of best classes: the strongest class any empty cell gives the \
             side to move, and its opponent's, scored once per position (who holds the \
             initiative). Kept with the classes' line kinds.",
        )
        .default("[]")
        .limit("each pair at most once")
        .ex("threats: [(own: \"three\", opp: \"none\", score: 400)]"),
        Entry::field(
            "order",
            "Move-ordering bonuses per cell class, not part of the evaluation: entries as in \
             `classes`, but `own` is added to the ordering score of a move on a cell where \
             the side to move has this class, and `opp` where its opponent has it. Interior \
             nodes keep their best `top_n` moves by that score, so the bonuses decide which \
             moves are searched. A table with bonuses keeps the line kinds even without \
             classes, so the switches that read them (static wins, the three defence) work \
             with it. `gomoku-arena tune-order --engine E --run DIR --out FILE` fits them to \
             the moves played in a run's games (a stronger engine's).",
        )
        .default("[]")
        .limit("each class at most once")
        .ex("order: [(class: \"double-three\", own: 6500, opp: 1000)]"),
    ]);

    let pattern = Item::new(
        "PatternFile",
        "pattern",
        "pattern",
        "A pattern: `(shape: ..., own: ..., opp: ...)`",
        host(
            Kind::Table,
            "PatternTable(name: \"host\", patterns: [(@@)])",
        ),
    )
    .entries(vec![
        Entry::field(
            "shape",
            "Cells along one line: `1` a stone of the side that owns the shape, `0` empty, `x` \
             the other side's stone or the edge.",
        )
        .limit(format!(
            "1..={MAX_PATTERN_LEN} cells of `0`, `1`, `x`; not all `x`"
        ))
        .ex("shape: \"011110\""),
        Entry::field("own", "Score when the side to move owns the shape.")
            .int(-(MAX_PATTERN_SCORE as i128), MAX_PATTERN_SCORE)
            .ex("own: 5000"),
        Entry::field("opp", "Score when its opponent owns it (usually negative).")
            .int(-(MAX_PATTERN_SCORE as i128), MAX_PATTERN_SCORE)
            .ex("opp: -5000"),
    ]);

    let class = Item::new(
        "ClassFile",
        "class score",
        "class",
        "A class score: `(class: ..., own: ..., opp: ...)`",
        host(
            Kind::Table,
            "PatternTable(name: \"host\", patterns: [(shape: \"11111\", own: 1, opp: -1)], \
             classes: [(@@)])",
        ),
    )
    .entries(vec![
        Entry::field("class", "The cell class, by name.")
            .limit(format!("one of {}", classes.join(", ")))
            .ex("class: \"four-three\""),
        Entry::field("own", "Score per cell of this class the side to move has.")
            .int(-(MAX_PATTERN_SCORE as i128), MAX_PATTERN_SCORE)
            .ex("own: 20000"),
        Entry::field("opp", "Score per cell of this class its opponent has.")
            .int(-(MAX_PATTERN_SCORE as i128), MAX_PATTERN_SCORE)
            .ex("opp: -8000"),
    ]);

    let best: Vec<String> = CellClass::ALL[..=CellClass::Five.index()]
        .iter()
        .map(|c| format!("`{}`", c.name()))
        .collect();
    let threat = Item::new(
        "ThreatFile",
        "threat score",
        "threat",
        "A threat score: `(own: ..., opp: ..., score: ...)`",
        host(
            Kind::Table,
            "PatternTable(name: \"host\", patterns: [(shape: \"11111\", own: 1, opp: -1)], \
             threats: [(@@)])",
        ),
    )
    .entries(vec![
        Entry::field(
            "own",
            "The side to move's best class (`none`: no empty cell of any class).",
        )
        .limit(format!("one of {}", best.join(", ")))
        .ex("own: \"three\""),
        Entry::field("opp", "Its opponent's best class.")
            .limit(format!("one of {}", best.join(", ")))
            .ex("opp: \"none\""),
        Entry::field("score", "Added to the side to move's evaluation.")
            .int(-(MAX_PATTERN_SCORE as i128), MAX_PATTERN_SCORE)
            .ex("score: 400"),
    ]);

    Section {
        kind: Kind::Table,
        title: "Pattern-table files",
        anchor: "pattern-table-files",
        intro: "A pattern table (`configs/tables/*.ron`) is the whole evaluation, as data: \
                changing a score never needs a code change. Engine files name one \
                (`table: File(..)`), tuning files start from one, and `tune` writes one."
            .into(),
        items: vec![root, pattern, class, threat],
        example: r#"// configs/tables/reference.ron: a small table with every field.
PatternTable(
    name: "reference",
    description: "A hand-set example: fives, fours, threes and twos.",
    patterns: [
        (shape: "11111", own: 1000000, opp: -1000000),
        (shape: "011110", own: 100000, opp: -100000),
        (shape: "11110", own: 6000, opp: -2500),
        (shape: "01111", own: 6000, opp: -2500),
        (shape: "011100", own: 3000, opp: -1300),
        (shape: "001110", own: 3000, opp: -1300),
        (shape: "001100", own: 500, opp: -500),
    ],
    classes: [
        (class: "four-three", own: 20000, opp: -8000),
        (class: "double-three", own: 8000, opp: -4000),
    ],
    threats: [
        (own: "three", opp: "none", score: 400),
        (own: "two", opp: "three", score: -600),
    ],
    order: [
        (class: "double-three", own: 6500, opp: 1000),
    ],
)"#
        .into(),
        outro: String::new(),
    }
}
