//! Items that several file kinds share: overrides, board, rule, book notation, time control.

use super::hosts::{BOOK, any_board_host, participant_host, tournament_host, tournament_parts};
use crate::{Entry, Item};
use gomoku_board::{MAX_K, MAX_SIDE, MIN_K, MIN_SIDE};
use gomoku_config::limits::{
    MAX_BLOCK_EXTENSION, MAX_DEPTH, MAX_FRONTIER_WIDTH, MAX_HISTORY_BOUND, MAX_LMR_SCALE,
    MAX_MOVE_COUNT, MAX_QUIESCENCE, MAX_SCORE_MARGIN, MAX_TIME_MS, MAX_TT_MIB,
};
use gomoku_engine::{MAX_ORDER_WEIGHT, MAX_VCT_DEPTH};

pub(super) fn overrides() -> Item {
    Item::new(
        "Overrides",
        "overrides",
        "overrides",
        "`overrides`: changes to an engine file",
        participant_host(
            "Variant(base: \"../engines/seed-d4.ron\", name: \"variant\", overrides: (@@))",
        ),
    )
    .intro(
        "Used by `Variant` (tournaments and SPRT files) and named by `Sweep`. Each field left \
         out keeps the engine file's value; the ranges are the [engine file](#engine-file)'s. \
         Three names differ from the engine file's: `use_tt` and `use_ordering` (the engine \
         file's `tt` and `ordering` are accepted here too), and `table` takes a table file.",
    )
    .entries(vec![
        Entry::field("depth", "Search depth.")
            .default_text("the engine file's")
            .int(1, MAX_DEPTH)
            .ex("depth: 6"),
        Entry::field("top_n", "Moves searched per node; `None`: all of them.")
            .default_text("the engine file's")
            .at_least(1)
            .ex("top_n: None"),
        Entry::field("radius", "Candidate radius around the stones.")
            .default_text("the engine file's")
            .int(1, 4)
            .ex("radius: 3"),
        Entry::field("tt_mib", "Transposition table size, MiB.")
            .default_text("the engine file's")
            .int(1, MAX_TT_MIB as i128)
            .ex("tt_mib: 64"),
        Entry::field("use_tt", "Transposition table on or off.")
            .aliases(&["tt"])
            .default_text("the engine file's")
            .ex("use_tt: false"),
        Entry::field("use_ordering", "Pattern-score move ordering on or off.")
            .aliases(&["ordering"])
            .default_text("the engine file's")
            .ex("use_ordering: false"),
        Entry::field("iterative_deepening", "Iterative deepening on or off.")
            .default_text("the engine file's")
            .ex("iterative_deepening: false"),
        Entry::field("killers", "Killer moves on or off.")
            .default_text("the engine file's")
            .ex("killers: false"),
        Entry::field("history", "History heuristic on or off.")
            .default_text("the engine file's")
            .ex("history: false"),
        Entry::field("vcf", "Root VCF search on or off.")
            .default_text("the engine file's")
            .ex("vcf: false"),
        Entry::field("vcf_depth", "Most fours in a VCF line.")
            .default_text("the engine file's")
            .int(0, 255)
            .ex("vcf_depth: 12"),
        Entry::field(
            "tie_break_margin",
            "Root tie-break margin (0: deterministic).",
        )
        .default_text("the engine file's")
        .at_least(0)
        .ex("tie_break_margin: 20"),
        Entry::field(
            "threads",
            "Search threads per engine (more than 1 makes games non-deterministic).",
        )
        .default_text("the engine file's")
        .int(1, 64)
        .ex("threads: 2"),
        Entry::field("aspiration", "Root aspiration window half-width (0: off).")
            .default_text("the engine file's")
            .int(0, MAX_SCORE_MARGIN)
            .ex("aspiration: 50"),
        Entry::field("lmr", "Late-move reductions on or off.")
            .default_text("the engine file's")
            .ex("lmr: false"),
        Entry::field(
            "lmr_scale",
            "Logarithmic LMR scale in hundredths (0: one ply).",
        )
        .default_text("the engine file's")
        .int(0, MAX_LMR_SCALE)
        .ex("lmr_scale: 100"),
        Entry::field("move_count", "Move-count pruning base (0: off).")
            .default_text("the engine file's")
            .int(0, MAX_MOVE_COUNT)
            .ex("move_count: 3"),
        Entry::field("history_bound", "History gravity bound (0: off).")
            .default_text("the engine file's")
            .int(0, MAX_HISTORY_BOUND)
            .ex("history_bound: 10000"),
        Entry::field(
            "node_futility",
            "Futility margin per ply at the node (0: off).",
        )
        .default_text("the engine file's")
        .int(0, MAX_SCORE_MARGIN)
        .ex("node_futility: 1000"),
        Entry::field("razoring", "Razoring margin per ply (0: off).")
            .default_text("the engine file's")
            .int(0, MAX_SCORE_MARGIN)
            .ex("razoring: 2000"),
        Entry::field("futility", "Futility margin at depth 2 (0: off).")
            .default_text("the engine file's")
            .int(0, MAX_SCORE_MARGIN)
            .ex("futility: 0"),
        Entry::field("threat_extension", "Threat extensions on or off.")
            .default_text("the engine file's")
            .ex("threat_extension: true"),
        Entry::field(
            "block_extension",
            "Extension of the reply to a four, in hundredths of a ply (0: off).",
        )
        .default_text("the engine file's")
        .int(0, MAX_BLOCK_EXTENSION)
        .ex("block_extension: 130"),
        Entry::field("counter_moves", "Counter-moves on or off.")
            .default_text("the engine file's")
            .ex("counter_moves: true"),
        Entry::field("eval_average", "Two-ply evaluation average on or off.")
            .default_text("the engine file's")
            .ex("eval_average: true"),
        Entry::field("three_defence", "Three defence on or off.")
            .default_text("the engine file's")
            .ex("three_defence: false"),
        Entry::field("exact_defence", "Exact defence on or off.")
            .default_text("the engine file's")
            .ex("exact_defence: true"),
        Entry::field(
            "singular_margin",
            "Singular extension margin per ply (0: off).",
        )
        .default_text("the engine file's")
        .ex("singular_margin: 12"),
        Entry::field("singular_depth", "Least depth of the singular test.")
            .default_text("the engine file's")
            .ex("singular_depth: 8"),
        Entry::field(
            "singular_tt_depth",
            "Plies the TT entry may lack for the singular test.",
        )
        .default_text("the engine file's")
        .ex("singular_tt_depth: 3"),
        Entry::field("static_wins", "Static wins on or off.")
            .default_text("the engine file's")
            .ex("static_wins: true"),
        Entry::field("quiescence", "Most plies of threat quiescence (0: off).")
            .default_text("the engine file's")
            .int(0, MAX_QUIESCENCE)
            .ex("quiescence: 4"),
        Entry::field(
            "quiescence_delta",
            "Delta pruning margin of the threat quiescence (0: off).",
        )
        .default_text("the engine file's")
        .int(0, MAX_SCORE_MARGIN)
        .ex("quiescence_delta: 3000"),
        Entry::field(
            "quiescence_plain_fours",
            "A side's quiescence moves with plain fours (0: all).",
        )
        .default_text("the engine file's")
        .int(0, MAX_QUIESCENCE)
        .ex("quiescence_plain_fours: 1"),
        Entry::field(
            "fixed_time_start_share",
            "Percentage of a fixed move time before which the next iteration always starts \
             (0: off).",
        )
        .default_text("the engine file's")
        .int(0, 100)
        .ex("fixed_time_start_share: 50"),
        Entry::field(
            "frontier_width",
            "Moves searched one ply above the leaves (0: every candidate).",
        )
        .default_text("the engine file's")
        .int(0, MAX_FRONTIER_WIDTH)
        .ex("frontier_width: 10"),
        Entry::field(
            "alpha_reduction_bound",
            "Largest score at which raising alpha reduces a PV node's other moves (0: off).",
        )
        .default_text("the engine file's")
        .int(0, MAX_SCORE_MARGIN)
        .ex("alpha_reduction_bound: 30000"),
        Entry::field(
            "alpha_reduction_depth",
            "The depth from which the alpha-improvement reduction stops.",
        )
        .default_text("the engine file's")
        .int(0, MAX_DEPTH)
        .ex("alpha_reduction_depth: 12"),
        Entry::field(
            "root_width",
            "Moves searched at the root (0: `top_n`'s; 1024: every candidate).",
        )
        .default_text("the engine file's")
        .int(0, MAX_FRONTIER_WIDTH)
        .ex("root_width: 1024"),
        Entry::field(
            "root_reduction_from",
            "Index of the first root move searched a ply shallower first (0: off).",
        )
        .default_text("the engine file's")
        .int(0, MAX_FRONTIER_WIDTH)
        .ex("root_reduction_from: 10"),
        Entry::field(
            "order_opp_gain",
            "The move ordering's weight of the opponent's pattern gain, in percent.",
        )
        .default_text("the engine file's")
        .int(0, MAX_ORDER_WEIGHT)
        .ex("order_opp_gain: 50"),
        Entry::field(
            "order_class_heat",
            "The move ordering's weight of the cell classes' scores, in percent.",
        )
        .default_text("the engine file's")
        .int(0, MAX_ORDER_WEIGHT)
        .ex("order_class_heat: 200"),
        Entry::field("vct", "Root VCT search on or off.")
            .default_text("the engine file's")
            .ex("vct: false"),
        Entry::field("vct_depth", "Most attacker moves in a VCT.")
            .default_text("the engine file's")
            .int(2, MAX_VCT_DEPTH)
            .ex("vct_depth: 30"),
        Entry::field("vct_threat", "Longest VCF a VCT three may threaten.")
            .default_text("the engine file's")
            .int(1, 64)
            .ex("vct_threat: 4"),
        Entry::field(
            "table",
            "A pattern-table file instead of the engine's, relative to the tournament (or SPRT) \
             file.",
        )
        .path()
        .default_text("the engine file's")
        .ex("table: \"../tables/seed003.ron\""),
    ])
}

pub(super) fn board() -> Item {
    Item::new(
        "BoardSpec",
        "board",
        "board",
        "`board`: size, row length and rule",
        any_board_host("board: (@@)"),
    )
    .intro(
        "Also used by SPRT files. Give `size`, or `width` and `height`, or neither (15 × 15). \
         The opening book must fit the board.",
    )
    .entries(vec![
        Entry::field("size", "The side of a square board.")
            .default_means("None", "15, unless `width` and `height` are given")
            .int(MIN_SIDE as i128, MAX_SIDE as i128)
            .limit("at least `k`; the openings must fit")
            .ex("size: 20"),
        Entry::field("width", "The width of a rectangular board, with `height`.")
            .default("None")
            .int(MIN_SIDE as i128, MAX_SIDE as i128)
            .limit("at least `k`; the openings must fit")
            .ex("width: 15, height: 12"),
        Entry::field("height", "The height of a rectangular board, with `width`.")
            .default("None")
            .int(MIN_SIDE as i128, MAX_SIDE as i128)
            .limit("at least `k`; the openings must fit")
            .ex("height: 12, width: 15"),
        Entry::field("k", "The row length that wins.")
            .default("5")
            .int(MIN_K as i128, MAX_K as i128)
            .limit("at most the longer side; 5 under `Renju` and with `External` players")
            .ex("k: 6"),
        Entry::field("rule", "The rule.")
            .default("Freestyle")
            .ex("rule: Standard"),
    ])
}

pub(super) fn rule() -> Item {
    Item::new(
        "RuleSpec",
        "rule",
        "rule",
        "`rule`",
        any_board_host("board: (rule: @@)"),
    )
    .entries(vec![
        Entry::variant("Freestyle", "A row of `k` or more wins.").ex("Freestyle"),
        Entry::variant(
            "Standard",
            "Exactly `k` in a row wins; an overline does not.",
        )
        .ex("Standard"),
        Entry::variant(
            "Renju",
            "Renju: Black may not make a double three, a double four or an overline (forbidden \
             points); White wins with five or more. `k` must be 5.",
        )
        .ex("Renju"),
    ])
}

pub(super) fn book_format() -> Item {
    Item::new(
        "BookFormatSpec",
        "book format",
        "book-format",
        "`format`: book notations",
        tournament_parts(&format!("(file: \"{BOOK}\", format: @@)"), ""),
    )
    .intro("Also used by SPRT files. Tuning files always tell the notation from the first line.")
    .entries(vec![
        Entry::variant("Auto", "Told from the first line that is not a comment.").ex("Auto"),
        Entry::variant(
            "Offset",
            "Gomocup, Piskvork and c-gomoku-cli: `x,y` offsets from the centre, y downwards.",
        )
        .host(tournament_parts(
            "(file: \"../../openings/example-offset.txt\", format: @@)",
            "",
        ))
        .ex("Offset"),
        Entry::variant(
            "Pos",
            "Pos notation, as Rapfi and this project's books: `h8i7g7`.",
        )
        .ex("Pos"),
        Entry::variant(
            "Gtp",
            "KataGomo's GTP lines: the board side, then points (`15 H8 J9 G9`).",
        )
        .host(tournament_parts(
            "(file: \"../../openings/example-gtp.txt\", format: @@)",
            "",
        ))
        .ex("Gtp"),
    ])
}

pub(super) fn time_control() -> Item {
    Item::new(
        "TimeControlSpec",
        "time control",
        "time-control",
        "`time_control`",
        tournament_host("time_control: @@"),
    )
    .intro(format!(
        "Also used by SPRT files. It applies to in-process engines and built-in players; an \
         `External` program has its own limits. Under `Nodes`, `MoveTime` and `GameTime` an \
         engine deepens until its budget is spent (its `depth` applies only under \
         `EngineDefault`), never starting an iteration it predicts it cannot finish; moves over \
         the budget are counted in the standings. Times are at most {MAX_TIME_MS} ms (a day)."
    ))
    .entries(vec![
        Entry::variant("EngineDefault", "Each engine searches to its own `depth`.")
            .ex("EngineDefault"),
        Entry::variant("Depth", "Every engine searches to this depth.")
            .int(1, MAX_DEPTH)
            .ex("Depth(4)"),
        Entry::variant("Nodes", "A node budget per move.")
            .at_least(1)
            .ex("Nodes(20000)"),
        Entry::variant(
            "MoveTime",
            "Milliseconds per move (the machine's speed and load change the games).",
        )
        .int(1, MAX_TIME_MS)
        .ex("MoveTime(100)"),
        Entry::variant(
            "GameTime",
            "A clock per side: a base and an increment per move, in milliseconds.",
        )
        .ex("GameTime(base_ms: 10000, inc_ms: 100)"),
    ])
}

pub(super) fn game_time() -> Item {
    Item::new(
        "TimeControlSpec::GameTime",
        "GameTime",
        "game-time",
        "`GameTime(...)`",
        tournament_host("time_control: GameTime(@@)"),
    )
    .entries(vec![
        Entry::field("base_ms", "Milliseconds on each side's clock at the start.")
            .int(1, MAX_TIME_MS)
            .ex("base_ms: 10000"),
        Entry::field("inc_ms", "Milliseconds added after each move.")
            .int(0, MAX_TIME_MS)
            .ex("inc_ms: 100"),
    ])
}
