//! The words of `docs/CONFIG.md`: one [`Item`] per struct, enum and struct variant of the five
//! file kinds, one [`Entry`] per field or variant. The tests in `crates/config/tests/docs.rs`
//! hold every entry to the schema (names), the parser (defaults) and the loaders (examples,
//! limits), so a value here that drifts from the code fails `cargo test`.
//!
//! Adding a field to a config struct: add its [`Entry`] to the struct's [`Item`] below, in the
//! struct's order, then regenerate the page with
//! `UPDATE_DOCS=1 cargo test -p gomoku-config --test docs`.

use super::{Entry, Host, Item, Kind, Section};
use crate::limits::{
    MAX_COMMAND_GAP_MS, MAX_DEPTH, MAX_ELO, MAX_INPUT_BYTES, MAX_ITERATIONS, MAX_JOBS,
    MAX_MEMORY_MB, MAX_NAME_LEN, MAX_PAIRS, MAX_PARTICIPANTS, MAX_ROUNDS, MAX_TEXEL_GAMES,
    MAX_THREADS, MAX_TIME_MS, MAX_TT_MIB,
};
use gomoku_board::{MAX_K, MAX_SIDE, MIN_K, MIN_SIDE};
use gomoku_engine::{CellClass, EngineParams, MAX_PATTERN_LEN, MAX_PATTERN_SCORE, MAX_VCT_DEPTH};

/// The project's opening book, from `configs/<kind>/`.
const BOOK: &str = "../../openings/freestyle15.txt";

fn host(kind: Kind, template: impl Into<String>) -> Host {
    Host {
        kind,
        template: template.into(),
    }
}

/// A tournament with two engines, the book `openings` (a value) and an output, plus `rest`;
/// either may hold the hole.
fn tournament_parts(openings: &str, rest: &str) -> Host {
    host(
        Kind::Tournament,
        format!(
            "Tournament(name: \"host\", participants: [Engine(\"../engines/seed-d2.ron\"), \
             Engine(\"../engines/seed-d4.ron\")], openings: {openings}, \
             output: \"../../reports/host\", {rest})"
        ),
    )
}

/// A tournament with two engines, a short book and an output, plus `rest` (which may hold the
/// hole).
fn tournament_host(rest: &str) -> Host {
    tournament_parts(&format!("(file: \"{BOOK}\", limit: 4)"), rest)
}

/// A tournament on a book without a header (it fits any board and rule), plus `rest`.
fn any_board_host(rest: &str) -> Host {
    tournament_parts("(file: \"../../openings/example-pos.txt\")", rest)
}

/// A tournament whose second participant is `participant` (which may hold the hole).
fn participant_host(participant: &str) -> Host {
    host(
        Kind::Tournament,
        format!(
            "Tournament(name: \"host\", participants: [Builtin(name: \"random\", kind: Random), \
             {participant}], openings: (file: \"{BOOK}\", limit: 4), \
             output: \"../../reports/host\")"
        ),
    )
}

/// An SPRT file of seed-d4 against seed-d2, plus `rest` (which may hold the hole).
fn sprt_host(rest: &str) -> Host {
    host(
        Kind::Sprt,
        format!(
            "Sprt(name: \"host\", candidate: Engine(\"../engines/seed-d4.ron\"), \
             baseline: Engine(\"../engines/seed-d2.ron\"), openings: (file: \"{BOOK}\"), \
             elo0: 0.0, elo1: 10.0, max_games: 100, output: \"../../reports/host\", {rest})"
        ),
    )
}

/// An SPRT file whose candidate is `candidate` (which may hold the hole).
fn sprt_candidate_host(candidate: &str) -> Host {
    host(
        Kind::Sprt,
        format!(
            "Sprt(name: \"host\", candidate: {candidate}, \
             baseline: Engine(\"../engines/seed-d2.ron\"), openings: (file: \"{BOOK}\"), \
             elo0: 0.0, elo1: 10.0, max_games: 100, output: \"../../reports/host\")"
        ),
    )
}

/// A tuning file, plus `rest` (which may hold the hole).
fn tune_host(rest: &str) -> Host {
    tune_file(&format!("(file: \"{BOOK}\", range: (0, 10))"), rest)
}

/// A tuning file whose `tuning_openings` are `tuning` (which may hold the hole), plus `rest`.
fn tune_file(tuning: &str, rest: &str) -> Host {
    host(
        Kind::Tune,
        format!(
            "Tune(name: \"host\", start_table: \"../tables/tuned.ron\", \
             engine: \"../engines/rich-d4.ron\", depth: 2, \
             tuning_openings: {tuning}, \
             holdout_openings: (file: \"{BOOK}\", range: (10, 20)), seed: 1, \
             output: \"../../reports/host\", {rest})"
        ),
    )
}

/// A tuning file with everything but `method`, and `method: METHOD` (which may hold the hole).
fn tune_method_host(method: &str) -> Host {
    tune_host(&format!("method: {method}"))
}

/// RON for an `Option` in a strict file.
fn some<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "None".into(), |v| format!("Some({v})"))
}

/// Every section of the reference, in page order.
pub fn sections() -> Vec<Section> {
    vec![tournament(), engine(), table(), sprt(), tune()]
}

/// Words for a time in milliseconds of at most a day.
fn ms_limit() -> String {
    format!("1..={MAX_TIME_MS} (a day)")
}

fn tournament() -> Section {
    let root = Item::new(
        "Tournament",
        "tournament",
        "tournament-file",
        "`Tournament(...)`: the file",
        host(Kind::Tournament, "Tournament(@@)"),
    )
    .entries(vec![
        Entry::field(
            "name",
            "The tournament's name, shown in the standings, the report and the PGN's `Event` tag.",
        )
        .limit(format!("at most {MAX_NAME_LEN} characters, one line"))
        .ex("name: \"depth-sweep\""),
        Entry::field(
            "participants",
            "Who plays: engine files, variants of them, sweeps, built-in players and external \
             programs. Every participant's name must be unique.",
        )
        .limit(format!(
            "2..={MAX_PARTICIPANTS} participants, each value of a sweep counted"
        ))
        .ex("participants: [Engine(\"../engines/seed-d2.ron\"), Engine(\"../engines/seed-d4.ron\")]"),
        Entry::field("format", "Who plays whom: everyone against everyone, or a gauntlet.")
            .default("RoundRobin")
            .ex("format: Gauntlet(candidates: [\"seed-d4\"])"),
        Entry::field("board", "The board's size, the row length that wins and the rule.")
            .default_means("()", "15 × 15, five in a row, freestyle")
            .ex("board: (size: 20), openings: (file: \"../../openings/freestyle20.txt\")"),
        Entry::field(
            "openings",
            "The opening book. Every opening is played twice per pair of players, colours \
             reversed.",
        )
        .ex(format!("openings: (file: \"{BOOK}\", limit: 40)")),
        Entry::field(
            "rounds",
            "Passes through the book; the schedule is rounds × openings × pairs of players × 2 \
             games.",
        )
        .default("1")
        .int(1, MAX_ROUNDS)
        .limit(format!("and at most {MAX_JOBS} games in the schedule"))
        .ex("rounds: 2"),
        Entry::field(
            "time_control",
            "How long the in-process engines and built-in players think. `Depth` and `Nodes` give \
             the same games on every machine; `MoveTime` and `GameTime` do not.",
        )
        .default_means("EngineDefault", "each engine's own `depth`")
        .ex("time_control: Nodes(20000)"),
        Entry::field(
            "seed",
            "The run seed: every random choice (symmetries, tie-breaks, built-in players) comes \
             from it and the game's index, so the same file and seed replay the same games.",
        )
        .default("0")
        .ex("seed: 20240601"),
        Entry::field(
            "threads",
            "Games played at once. The command line's `--threads` wins over it. Each thread \
             builds its own engines (and starts its own external programs).",
        )
        .default_means("None", "one per core")
        .int(1, MAX_THREADS as i128)
        .ex("threads: 2"),
        Entry::field(
            "output",
            "The run directory: journal, PGN, SGF, standings and report. The command line's \
             `--out` (relative to the working directory) wins over it.",
        )
        .path()
        .limit("not empty")
        .ex("output: \"../../reports/depth-sweep\""),
        Entry::field(
            "move_cap",
            "A game is drawn when this many stones are on the board (opening stones included). \
             A full board is always a draw.",
        )
        .default_means("None", "no cap")
        .limit("1 to the points of the board")
        .ex("move_cap: 150"),
        Entry::field(
            "standings_every",
            "Print the standings every this many games (0: only at the end).",
        )
        .default("100")
        .ex("standings_every: 400"),
    ]);

    let participants = Item::new(
        "ParticipantEntry",
        "participant",
        "participants",
        "`participants`: who plays",
        participant_host("@@"),
    )
    .intro(
        "Each entry is one participant, except a sweep, which is one per value. Engine files \
         are played in process (deterministic); `External` programs run as child processes \
         over the Gomocup protocol.",
    )
    .entries(vec![
        Entry::variant("Engine", "An engine file, under the name written in it.")
            .path()
            .ex("Engine(\"../engines/seed-d4.ron\")"),
        Entry::variant(
            "Variant",
            "An engine file with some parameters changed, under a new name.",
        )
        .ex("Variant(base: \"../engines/seed-d4.ron\", name: \"seed-d4-top5\", overrides: (top_n: 5))"),
        Entry::variant(
            "Sweep",
            "One participant per value of one parameter of an engine file.",
        )
        .ex("Sweep(base: \"../engines/seed-d4.ron\", field: \"depth\", values: [2, 3, 4], name: \"seed-d{}\")"),
        Entry::variant("Builtin", "A built-in player that needs no engine file.")
            .ex("Builtin(name: \"greedy\", kind: Greedy)"),
        Entry::variant(
            "External",
            "Any Gomocup (\"pbrain\") program: Rapfi, Embryo, AIWine, our own \
             `pbrain-gomoku-arena`...",
        )
        .ex("External(name: \"arena\", command: \"../../target/release/pbrain-gomoku-arena\", move_time_ms: 100)"),
    ]);

    let variant = Item::new(
        "ParticipantEntry::Variant",
        "Variant",
        "variant",
        "`Variant(...)`: an engine file with overrides",
        participant_host("Variant(@@)"),
    )
    .entries(vec![
        Entry::field("base", "The engine file to start from.")
            .path()
            .ex("base: \"../engines/seed-d4.ron\""),
        Entry::field("name", "The participant's name.")
            .limit(format!("at most {MAX_NAME_LEN} characters, one line"))
            .ex("name: \"seed-d4-top5\""),
        Entry::field(
            "overrides",
            "The parameters to change; the others keep the file's values.",
        )
        .default_means("()", "none")
        .ex("overrides: (top_n: 5, use_tt: false)"),
    ]);

    let sweep =
        Item::new(
            "ParticipantEntry::Sweep",
            "Sweep",
            "sweep",
            "`Sweep(...)`: one participant per value",
            participant_host("Sweep(@@)"),
        )
        .intro(
            "`Sweep(base: \"../engines/seed-d4.ron\", field: \"depth\", values: [2, 3, 4], \
         name: \"seed-d{}\")` is the three participants `seed-d2`, `seed-d3` and `seed-d4`.",
        )
        .entries(vec![
        Entry::field("base", "The engine file to start from.")
            .path()
            .ex("base: \"../engines/seed-d4.ron\""),
        Entry::field(
            "field",
            "The parameter to sweep: any field of [overrides](#overrides), by its name there \
             (`\"depth\"`, `\"top_n\"`, `\"table\"`...).",
        )
        .ex("field: \"top_n\""),
        Entry::field(
            "values",
            "Its values, each written as in `overrides` (`top_n` may take `None`: full width; \
             `table` takes table files, relative to the tournament file).",
        )
        .limit("at least one value")
        .ex("values: [5, 10, None]"),
        Entry::field(
            "name",
            "The participants' names: `{}` is replaced by the value (`None` reads `all`, a table \
             file its file name without `.ron`).",
        )
        .default_means("None", "`\"<engine name>-<field>{}\"`, e.g. `seed-d4-top_n5`")
        .ex("name: \"seed-d{}\""),
    ]);

    let builtin = Item::new(
        "ParticipantEntry::Builtin",
        "Builtin",
        "builtin",
        "`Builtin(...)`: a player without an engine",
        participant_host("Builtin(@@)"),
    )
    .entries(vec![
        Entry::field("name", "The participant's name.")
            .limit(format!("at most {MAX_NAME_LEN} characters, one line"))
            .ex("name: \"greedy\""),
        Entry::field("kind", "Which player.").ex("kind: Random"),
    ]);

    let builtin_kind = Item::new(
        "BuiltinSpec",
        "built-in kind",
        "builtin-kind",
        "`kind`: the built-in players",
        participant_host("Builtin(name: \"builtin\", kind: @@)"),
    )
    .intro(
        "Both are useful as sparring partners of known (low) strength, and as a sanity check of \
         a new setup.",
    )
    .entries(vec![
        Entry::variant("Random", "Uniformly random legal moves.").ex("Random"),
        Entry::variant(
            "Greedy",
            "Wins if it can, else blocks the opponent's win, else plays a random point next to a \
             stone.",
        )
        .ex("Greedy"),
    ]);

    let external = Item::new(
        "ParticipantEntry::External",
        "External",
        "external",
        "`External(...)`: a Gomocup program",
        participant_host("External(@@)"),
    )
    .intro(format!(
        "The program is started once per worker thread and restarted after a crash. It is told \
         `INFO timeout_turn` (`move_time_ms`), `INFO timeout_match` and then `INFO time_left` \
         before each move (`game_time_ms`), and `INFO max_memory` (`max_memory_mb`). A move later \
         than its limit plus `tolerance_ms`, a crash, a line that is not a move, an illegal or a \
         forbidden move loses that game (journaled with its reason, listed as forfeits in the \
         standings). The tournament's `time_control` applies to the other players, not to \
         this one (under `GameTime` the runner's clock also caps its `time_left`). The \
         protocol plays five in a row only: `board.k` must be 5. Games with an external \
         program depend on the machine's speed and load. Limits: times {}.",
        ms_limit()
    ))
    .entries(vec![
        Entry::field("name", "The participant's name.")
            .limit(format!("at most {MAX_NAME_LEN} characters, one line"))
            .ex("name: \"rapfi\""),
        Entry::field(
            "command",
            "The program: a path relative to the tournament file (or absolute), else a name \
             looked up in `PATH` (`\"wine\"`). A file found beside the tournament file is run \
             by its absolute path.",
        )
        .limit("an executable file")
        .ex("command: \"../../target/release/pbrain-gomoku-arena\""),
        Entry::field(
            "args",
            "Its arguments, as separate strings (no shell: no quoting, no `~`).",
        )
        .default("[]")
        .ex("args: [\"--depth\", \"4\"]"),
        Entry::field(
            "dir",
            "Its working directory, relative to the tournament file; relative paths in `args` \
             are relative to it.",
        )
        .path()
        .default_means("None", "gomoku-arena's own working directory")
        .limit("an existing directory")
        .ex("dir: \"../..\""),
        Entry::field("protocol", "The protocol it speaks.")
            .default("Gomocup")
            .ex("protocol: Gomocup"),
        Entry::field(
            "move_time_ms",
            "Milliseconds per move (`INFO timeout_turn`).",
        )
        .int(1, MAX_TIME_MS)
        .ex("move_time_ms: 1000"),
        Entry::field(
            "game_time_ms",
            "Milliseconds for all of its moves in a game (`INFO timeout_match`, then \
             `INFO time_left` before each move).",
        )
        .default_means("None", "no game clock")
        .int(1, MAX_TIME_MS)
        .ex("game_time_ms: 60000"),
        Entry::field(
            "tolerance_ms",
            "Grace past a limit before the program loses on time; a move in the grace counts as \
             \"over the time limit\" in the standings but stands.",
        )
        .default("1000")
        .int(0, MAX_TIME_MS)
        .ex("tolerance_ms: 200"),
        Entry::field(
            "max_memory_mb",
            "Memory it may use, in MiB (`INFO max_memory`, sent in bytes).",
        )
        .default_means("None", "not sent")
        .int(1, MAX_MEMORY_MB)
        .ex("max_memory_mb: 350"),
        Entry::field(
            "start_timeout_ms",
            "How long it may take to answer `START` (loading a network, say).",
        )
        .default("10000")
        .int(1, MAX_TIME_MS)
        .ex("start_timeout_ms: 30000"),
        Entry::field(
            "command_gap_ms",
            "The least time between its move and the next line sent to it. Rapfi loses the first \
             word of a command that comes while it finishes a move (it answers `ERROR Unknown \
             command: 7,2` to `TURN 7,2` and forfeits); 10 ms cures it.",
        )
        .default("0")
        .int(0, MAX_COMMAND_GAP_MS)
        .ex("command_gap_ms: 10"),
        Entry::field(
            "stderr",
            "A file its standard error is appended to, relative to the tournament file.",
        )
        .path()
        .default_means("None", "discarded")
        .ex("stderr: \"../../reports/rapfi-stderr.log\""),
    ]);

    let protocol = Item::new(
        "ProtocolSpec",
        "protocol",
        "protocol",
        "`protocol`: what an external program speaks",
        participant_host(
            "External(name: \"x\", command: \"../../target/release/pbrain-gomoku-arena\", \
             move_time_ms: 100, protocol: @@)",
        ),
    )
    .entries(vec![
        Entry::variant(
            "Gomocup",
            "The Gomocup (\"pbrain\", Piskvork) protocol over standard input and output.",
        )
        .ex("Gomocup"),
    ]);

    let overrides =
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
        Entry::field("tie_break_margin", "Root tie-break margin (0: deterministic).")
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
            .int(0, 1_000_000)
            .ex("aspiration: 50"),
        Entry::field("lmr", "Late-move reductions on or off.")
            .default_text("the engine file's")
            .ex("lmr: false"),
        Entry::field("futility", "Futility margin at depth 2 (0: off).")
            .default_text("the engine file's")
            .int(0, 1_000_000)
            .ex("futility: 0"),
        Entry::field("threat_extension", "Threat extensions on or off.")
            .default_text("the engine file's")
            .ex("threat_extension: true"),
        Entry::field("eval_average", "Two-ply evaluation average on or off.")
            .default_text("the engine file's")
            .ex("eval_average: true"),
        Entry::field("three_defence", "Three defence on or off.")
            .default_text("the engine file's")
            .ex("three_defence: false"),
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
    ]);

    let format = Item::new(
        "FormatSpec",
        "format",
        "format",
        "`format`: who plays whom",
        host(
            Kind::Tournament,
            format!(
                "Tournament(name: \"host\", participants: [Engine(\"../engines/seed-d2.ron\"), \
                 Engine(\"../engines/seed-d4.ron\"), Builtin(name: \"greedy\", kind: Greedy)], \
                 openings: (file: \"{BOOK}\", limit: 4), output: \"../../reports/host\", \
                 format: @@)"
            ),
        ),
    )
    .entries(vec![
        Entry::variant("RoundRobin", "Every participant plays every other.").ex("RoundRobin"),
        Entry::variant(
            "Gauntlet",
            "The candidates play every participant that is not a candidate (and not each other).",
        )
        .ex("Gauntlet(candidates: [\"seed-d4\"])"),
    ]);

    let gauntlet =
        Item::new(
            "FormatSpec::Gauntlet",
            "Gauntlet",
            "gauntlet",
            "`Gauntlet(...)`",
            host(
                Kind::Tournament,
                format!(
                    "Tournament(name: \"host\", participants: [Engine(\"../engines/seed-d2.ron\"), \
                 Engine(\"../engines/seed-d4.ron\"), Builtin(name: \"greedy\", kind: Greedy)], \
                 openings: (file: \"{BOOK}\", limit: 4), output: \"../../reports/host\", \
                 format: Gauntlet(@@))"
                ),
            ),
        )
        .entries(vec![Entry::field(
        "candidates",
        "The candidates' participant names (a sweep's participants by their expanded names).",
    )
    .limit("at least one, and at least one participant left over")
    .ex("candidates: [\"seed-d4\", \"greedy\"]")]);

    let board = Item::new(
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
    ]);

    let rule = Item::new(
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
    ]);

    let openings = Item::new(
        "OpeningsSpec",
        "openings",
        "openings",
        "`openings`: the book of a tournament",
        host(
            Kind::Tournament,
            "Tournament(name: \"host\", participants: [Engine(\"../engines/seed-d2.ron\"), \
             Engine(\"../engines/seed-d4.ron\")], output: \"../../reports/host\", \
             openings: (@@))",
        ),
    )
    .intro(
        "Openings are played in book order. Every opening is checked against the board and \
         rule at load; a bad one is reported at its line in the book. A book made by \
         `openings generate` names its board and rule in its header (`# gomoku-arena opening \
         book: 600 openings, 15x15 k=5, freestyle`) and is refused on another: a 20 × 20 \
         tournament needs `freestyle20.txt`, a renju one `renju15.txt`. See \
         [opening books](#opening-books) for the notations.",
    )
    .entries(vec![
        Entry::field("file", "The book file.")
            .path()
            .limit(format!("at most {} MiB", MAX_INPUT_BYTES >> 20))
            .ex(format!("file: \"{BOOK}\"")),
        Entry::field("format", "The book's notation.")
            .default_means("Auto", "told from the first line")
            .ex("format: Pos"),
        Entry::field("limit", "Play only the first this many openings.")
            .default_means("None", "the whole book")
            .limit("at least 1 (0 leaves no opening)")
            .ex("limit: 40"),
        Entry::field(
            "transform",
            "Give each (round, opening, pair of players) a random symmetry of the board, drawn \
             from the seed, the same for both games of the pair.",
        )
        .default("false")
        .ex("transform: true"),
    ]);

    let book_format = Item::new(
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
    ]);

    let time_control = Item::new(
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
    ]);

    let game_time = Item::new(
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
    ]);

    Section {
        kind: Kind::Tournament,
        title: "Tournament files",
        anchor: "tournament-files",
        intro: "A tournament (`configs/tournaments/*.ron`, run by `gomoku-arena tournament F`) \
                is a fixed list of games: rounds × openings × pairs of players × both colours, \
                played on all cores into a run directory that resumes (`--resume`), shards \
                (`--shard I/N`) and merges. Shipped examples: `quick.ron` (a sweep, a variant \
                and an engine file), `seed-ablation.ron` (overrides: TT, ordering, tables), \
                `sparring.ron` (an external engine)."
            .into(),
        items: vec![
            root,
            participants,
            variant,
            sweep,
            builtin,
            builtin_kind,
            external,
            protocol,
            overrides,
            format,
            gauntlet,
            board,
            rule,
            openings,
            book_format,
            time_control,
            game_time,
        ],
        example: r#"// configs/tournaments/reference.ron: every field written out. Paths are relative to this file.
Tournament(
    name: "reference",
    participants: [
        // an engine file, under the name written in it
        Engine("../engines/seed-d2.ron"),
        // an engine file with overrides, under a new name
        Variant(base: "../engines/seed-d4.ron", name: "seed-d4-top5", overrides: (top_n: 5)),
        // one line, one participant per value: seed-d3 and seed-d4
        Sweep(base: "../engines/seed-d4.ron", field: "depth", values: [3, 4], name: "seed-d{}"),
        // a built-in player
        Builtin(name: "greedy", kind: Greedy),
        // any Gomocup program; here our own, built by `cargo build --release`
        External(
            name: "arena-d2",
            command: "../../target/release/pbrain-gomoku-arena",
            args: ["--engine", "configs/engines/seed-d2.ron", "--depth", "2"],
            dir: "../..",                    // it runs in the repository root
            protocol: Gomocup,
            move_time_ms: 1000,
            game_time_ms: None,
            tolerance_ms: 1000,
            max_memory_mb: 350,
            start_timeout_ms: 10000,
            stderr: "../../reports/reference-arena-d2.log",
        ),
    ],
    format: Gauntlet(candidates: ["seed-d4-top5"]),  // it plays the five others
    board: (size: 15, k: 5, rule: Freestyle),
    openings: (file: "../../openings/freestyle15.txt", format: Pos, limit: 20, transform: true),
    rounds: 2,                                   // 2 x 20 openings x 5 pairs x 2 = 400 games
    time_control: Depth(4),                      // not for arena-d2, which has its own limits
    seed: 1,
    threads: 2,
    output: "../../reports/reference",
    move_cap: 200,
    standings_every: 50,
)"#
        .into(),
        outro: String::new(),
    }
}

fn engine() -> Section {
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
         `EngineParams::default()`, the engine the project ships as its best (the search \
         switches on by default are those an SPRT kept). `Some(..)` must be written \
         (`top_n: Some(10)`).",
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
            .int(0, 1_000_000)
            .ex("aspiration: 50"),
        Entry::field("lmr", "Late-move reductions on or off.")
            .default(f.lmr.to_string())
            .ex("lmr: false"),
        Entry::field("futility", "Futility pruning margin at depth 2 (0: off).")
            .default(f.futility.to_string())
            .int(0, 1_000_000)
            .ex("futility: 0"),
        Entry::field(
            "threat_extension",
            "Threat extensions on or off (a four does not use up a ply).",
        )
        .default(f.threat_extension.to_string())
        .ex("threat_extension: true"),
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
    futility: 500,
    threat_extension: false,
    eval_average: false,
    three_defence: true,
    // the root VCT (fours and threes)
    vct: true,
    vct_depth: 20,
    vct_threat: 3,
)"#
        .into(),
        outro: String::new(),
    }
}

fn table() -> Section {
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

    Section {
        kind: Kind::Table,
        title: "Pattern-table files",
        anchor: "pattern-table-files",
        intro: "A pattern table (`configs/tables/*.ron`) is the whole evaluation, as data: \
                changing a score never needs a code change. Engine files name one \
                (`table: File(..)`), tuning files start from one, and `tune` writes one."
            .into(),
        items: vec![root, pattern, class],
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
)"#
        .into(),
        outro: String::new(),
    }
}

fn sprt() -> Section {
    let root = Item::new(
        "Sprt",
        "SPRT",
        "sprt-file",
        "`Sprt(...)`: the file",
        host(Kind::Sprt, "Sprt(@@)"),
    )
    .entries(vec![
        Entry::field("name", "The test's name, for reports.")
            .limit(format!("at most {MAX_NAME_LEN} characters, one line"))
            .ex("name: \"top5-vs-top10\""),
        Entry::field(
            "candidate",
            "The engine under test (H1: it is `elo1` stronger than the baseline).",
        )
        .ex("candidate: Variant(base: \"../engines/seed-d4.ron\", name: \"seed-d4-top5\", overrides: (top_n: 5))"),
        Entry::field("baseline", "The reference engine.")
            .limit("a name other than the candidate's")
            .ex("baseline: Engine(\"../engines/seed-d4.ron\")"),
        Entry::field("board", "Board and rule, as a [tournament's](#board).")
            .default_means("()", "15 × 15, five in a row, freestyle")
            .ex("board: (rule: Renju), openings: (file: \"../../openings/renju15.txt\")"),
        Entry::field(
            "openings",
            "The book; pair i plays opening i of the range, cycling.",
        )
        .ex(format!("openings: (file: \"{BOOK}\", range: (0, 40))")),
        Entry::field(
            "elo0",
            "The Elo difference under H0, in the unit of `model`.",
        )
        .real(Some((-MAX_ELO, false)), Some((MAX_ELO, false)))
        .limit("below `elo1`")
        .ex("elo0: 0.0"),
        Entry::field(
            "elo1",
            "The Elo difference under H1. A gain test asks `elo0: 0.0` and a positive `elo1`; a \
             non-regression test a negative `elo0` and `elo1: 0.0`.",
        )
        .real(Some((-MAX_ELO, false)), Some((MAX_ELO, false)))
        .limit("above `elo0`")
        .ex("elo1: 10.0"),
        Entry::field("alpha", "Type I error: accepting H1 when H0 holds.")
            .default("0.05")
            .real(Some((0.0, true)), Some((0.5, true)))
            .ex("alpha: 0.025"),
        Entry::field("beta", "Type II error: accepting H0 when H1 holds.")
            .default("0.05")
            .real(Some((0.0, true)), Some((0.5, true)))
            .ex("beta: 0.025"),
        Entry::field("model", "The kind of Elo `elo0` and `elo1` are.")
            .default("Normalized")
            .ex("model: Logistic"),
        Entry::field(
            "max_games",
            "The cap: the test stops undecided after `max_games / 2` pairs.",
        )
        .int(2, MAX_JOBS)
        .ex("max_games: 20000"),
        Entry::field("time_control", "As a [tournament's](#time-control).")
            .default_means("EngineDefault", "each engine's own `depth`")
            .ex("time_control: Nodes(20000)"),
        Entry::field("seed", "The run seed (symmetries, tie-breaks).")
            .default("0")
            .ex("seed: 7"),
        Entry::field("threads", "Games played at once (`--threads` wins over it).")
            .default_means("None", "one per core")
            .int(1, MAX_THREADS as i128)
            .ex("threads: 2"),
        Entry::field(
            "batch_pairs",
            "Pairs played in parallel between two looks at the test. The decision is taken \
             pair by pair in pair order either way.",
        )
        .default_means("None", "2 per thread, at least 4")
        .int(1, MAX_PAIRS as i128)
        .ex("batch_pairs: 16"),
        Entry::field(
            "output",
            "The run directory (`--out` wins over it): journal, `sprt.json` after every batch, \
             report.",
        )
        .path()
        .limit("not empty")
        .ex("output: \"../../reports/top5-vs-top10\""),
        Entry::field("move_cap", "Draw when this many stones are on the board.")
            .default_means("None", "no cap")
            .limit("1 to the points of the board")
            .ex("move_cap: 150"),
    ]);

    let entry = Item::new(
        "EngineEntry",
        "SPRT engine",
        "sprt-engine",
        "`candidate`, `baseline`",
        sprt_candidate_host("@@"),
    )
    .intro("The two engines are in-process engines: an SPRT has no `External` or `Builtin` players.")
    .entries(vec![
        Entry::variant("Engine", "An engine file, under the name written in it.")
            .path()
            .ex("Engine(\"../engines/seed-d4.ron\")"),
        Entry::variant("Variant", "An engine file with overrides, under a new name.")
            .ex("Variant(base: \"../engines/seed-d4.ron\", name: \"seed-d4-top5\", overrides: (top_n: 5))"),
    ]);

    let variant = Item::new(
        "EngineEntry::Variant",
        "SPRT Variant",
        "sprt-variant",
        "`Variant(...)` in an SPRT file",
        sprt_candidate_host("Variant(@@)"),
    )
    .entries(vec![
        Entry::field("base", "The engine file to start from.")
            .path()
            .ex("base: \"../engines/seed-d4.ron\""),
        Entry::field("name", "The engine's name in the test.")
            .limit(format!("at most {MAX_NAME_LEN} characters, one line"))
            .ex("name: \"seed-d4-top5\""),
        Entry::field(
            "overrides",
            "The parameters to change, as a tournament's [overrides](#overrides).",
        )
        .default_means("()", "none")
        .ex("overrides: (top_n: 5)"),
    ]);

    let openings = Item::new(
        "SprtOpenings",
        "SPRT openings",
        "sprt-openings",
        "`openings` of an SPRT",
        host(
            Kind::Sprt,
            "Sprt(name: \"host\", candidate: Engine(\"../engines/seed-d4.ron\"), \
             baseline: Engine(\"../engines/seed-d2.ron\"), elo0: 0.0, elo1: 10.0, \
             max_games: 100, output: \"../../reports/host\", openings: (@@))",
        ),
    )
    .entries(vec![
        Entry::field("file", "The book file.")
            .path()
            .ex(format!("file: \"{BOOK}\"")),
        Entry::field("format", "Its [notation](#book-format).")
            .default_means("Auto", "told from the first line")
            .ex("format: Pos"),
        Entry::field(
            "range",
            "Openings `start..end` of the book (from 0, `end` excluded); pair i plays opening \
             `start + i mod (end - start)`.",
        )
        .default_means("None", "the whole book")
        .limit("start < end ≤ the book's openings")
        .ex("range: (0, 40)"),
        Entry::field(
            "transform",
            "A random board symmetry per pair, from the seed.",
        )
        .default("false")
        .ex("transform: true"),
    ]);

    let model = Item::new(
        "ModelSpec",
        "Elo model",
        "model",
        "`model`",
        sprt_host("model: @@"),
    )
    .entries(vec![
        Entry::variant(
            "Logistic",
            "Logistic Elo, from the expected score (the Elo most rating tools print).",
        )
        .ex("Logistic"),
        Entry::variant(
            "Normalized",
            "Normalized Elo (nElo), fishtest's and fastchess's default: the same bounds mean \
             the same test at any draw rate.",
        )
        .ex("Normalized"),
    ]);

    Section {
        kind: Kind::Sprt,
        title: "SPRT files",
        anchor: "sprt-files",
        intro: "An SPRT file (`configs/sprt/*.ron`, run by `gomoku-arena sprt F`) plays a \
                candidate engine against a baseline in game pairs (one opening, colours \
                reversed) until the generalized SPRT of fishtest and fastchess (pentanomial) \
                accepts H0 or H1, or `max_games` is reached. `--resume` continues a stopped \
                test. Shipped examples: `seed-d4-vs-d2.ron`, `top5-vs-top10.ron`."
            .into(),
        items: vec![root, entry, variant, openings, model],
        example: r#"// configs/sprt/reference.ron: every field written out. Paths are relative to this file.
Sprt(
    name: "reference",
    candidate: Variant(base: "../engines/seed-d4.ron", name: "seed-d4-top5", overrides: (top_n: 5)),
    baseline: Engine("../engines/seed-d4.ron"),
    board: (size: 15, k: 5, rule: Freestyle),
    openings: (file: "../../openings/freestyle15.txt", format: Pos, range: (0, 40), transform: true),
    elo0: -10.0,                 // non-regression: is the candidate at most 10 nElo weaker?
    elo1: 0.0,
    alpha: 0.05,
    beta: 0.05,
    model: Normalized,
    max_games: 4000,
    time_control: EngineDefault,
    seed: 1,
    threads: None,               // one per core
    batch_pairs: None,
    output: "../../reports/sprt-reference",
    move_cap: None,
)"#
        .into(),
        outro: String::new(),
    }
}

fn tune() -> Section {
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
         `opp SHAPE` (or `own CLASS`, such as `own four-three`), as in the start table.",
        )
        .entries(vec![
        Entry::field("name", "The run's name, and the tuned table's.")
            .limit(format!("at most {MAX_NAME_LEN} characters, one line"))
            .ex("name: \"my-tune\""),
        Entry::field("start_table", "The table to start from.")
            .path()
            .ex("start_table: \"../tables/tuned.ron\""),
        Entry::field(
            "engine",
            "The engine that plays; its table is replaced by the one being tuned.",
        )
        .path()
        .ex("engine: \"../engines/rich-d4.ron\""),
        Entry::field(
            "depth",
            "Search depth of the matches (SPSA, hill climbing) and of the confirmation; it \
             replaces the engine file's. Texel's self-play has a `depth` of its own.",
        )
        .int(1, MAX_DEPTH)
        .ex("depth: 4"),
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
             the confirmation and the report. `--out` wins over it.",
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
            "Game pairs per iteration (θ+ against θ-, colours reversed).",
        )
        .default("4")
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
        items: vec![root, range, method, texel, hill, spsa, confirmation],
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
)"#
        .into(),
        outro: String::new(),
    }
}

/// The three tiny books of the opening-book section: (path, format, text). They hold the same
/// two openings, which a test checks.
pub fn example_books() -> Vec<(&'static str, &'static str, &'static str)> {
    vec![
        (
            "openings/example-pos.txt",
            "Pos",
            "# openings/example-pos.txt: pos notation, one opening per line, Black first\nh8i7g7\nh8i9j8   # a comment may end a line\n",
        ),
        (
            "openings/example-offset.txt",
            "Offset",
            "# openings/example-offset.txt: offsets from the centre (x right, y down), as Gomocup\n0,0, 1,-1, -1,-1\n0,0, 1,1, 2,0\n",
        ),
        (
            "openings/example-gtp.txt",
            "Gtp",
            "# openings/example-gtp.txt: KataGomo's GTP, the board side then the points\n15 H8 J9 G9\n15 H8 J7 K8\n",
        ),
    ]
}

/// The limits table of `crate::limits`' documentation, with each constant's value written in.
pub fn limits_table() -> Result<String, String> {
    let source = include_str!("../limits.rs");
    let values: [(&str, String); 15] = [
        ("MAX_INPUT_BYTES", format!("{} MiB", MAX_INPUT_BYTES >> 20)),
        ("MAX_NAME_LEN", MAX_NAME_LEN.to_string()),
        ("MAX_ROUNDS", MAX_ROUNDS.to_string()),
        ("MAX_JOBS", MAX_JOBS.to_string()),
        ("MAX_PARTICIPANTS", MAX_PARTICIPANTS.to_string()),
        ("MAX_THREADS", MAX_THREADS.to_string()),
        ("MAX_ELO", MAX_ELO.to_string()),
        ("MAX_PAIRS", MAX_PAIRS.to_string()),
        ("MAX_TIME_MS", MAX_TIME_MS.to_string()),
        ("MAX_MEMORY_MB", MAX_MEMORY_MB.to_string()),
        ("MAX_COMMAND_GAP_MS", MAX_COMMAND_GAP_MS.to_string()),
        ("MAX_DEPTH", MAX_DEPTH.to_string()),
        ("MAX_TT_MIB", MAX_TT_MIB.to_string()),
        ("MAX_TEXEL_GAMES", MAX_TEXEL_GAMES.to_string()),
        ("MAX_ITERATIONS", MAX_ITERATIONS.to_string()),
    ];
    let mut out = String::new();
    for line in source.lines().filter_map(|l| l.strip_prefix("//! |")) {
        let mut line = format!("|{line}");
        for (name, value) in &values {
            let link = format!("[`{name}`]");
            while let Some(at) = line.find(&link) {
                let after = &line[at + link.len()..];
                // `[`MAX_ROUNDS`] (100000)`: the value once; `(one day, in ms)`: kept.
                let (replace_len, text) = match after
                    .strip_prefix(" (")
                    .and_then(|a| a.find(')').map(|e| (e, &a[..e])))
                {
                    Some((end, paren)) if paren == value => {
                        (link.len() + 2 + end + 1, value.clone())
                    }
                    Some((end, paren)) => (link.len() + 2 + end + 1, format!("{value} ({paren})")),
                    None => (link.len(), value.clone()),
                };
                line.replace_range(at..at + replace_len, &text);
            }
        }
        if let Some(at) = line.find("[`") {
            return Err(format!(
                "limits.rs links a constant the reference does not know: {}",
                &line[at..]
            ));
        }
        out.push_str(&line);
        out.push('\n');
    }
    if out.is_empty() {
        return Err("limits.rs has no table".into());
    }
    Ok(out)
}

/// The page's opening: what each file is for, how to read them, paths, limits.
pub fn preamble(sections: &[Section]) -> String {
    let contents: Vec<String> = sections
        .iter()
        .map(|s| format!("[{}](#{})", s.title, s.anchor))
        .collect();
    let limits = limits_table().unwrap_or_else(|e| format!("(limits table unavailable: {e})\n"));
    format!(
        r#"# Configuration reference

<!-- Generated from the serde schema by crates/config/src/schema_doc.rs; do not edit by hand.
     `cargo test --workspace` fails when this page and the schema disagree; regenerate with
     UPDATE_DOCS=1 cargo test -p gomoku-config --test docs -->

Everything gomoku-arena plays is described by files in [RON](https://github.com/ron-rs/ron)
under `configs/`. There are five kinds:

| kind | starts with | lives in | used by | what it is for |
|---|---|---|---|---|
| [tournament](#tournament-files) | `Tournament(` | `configs/tournaments/` | `gomoku-arena tournament F` | who plays whom: engine files, variants, sweeps, built-in players, external Gomocup programs; board, book, time control, seed, output directory |
| [engine](#engine-files) | `Engine(` | `configs/engines/` | tournament, SPRT and tuning files; `--engine` of `bench`, `analyze`, `play`, `openings`, `pbrain-gomoku-arena` | one in-process engine: table, depth, width, search switches |
| [pattern table](#pattern-table-files) | `PatternTable(` | `configs/tables/` | engine and tuning files; written by `tune` | the evaluation, as data |
| [SPRT](#sprt-files) | `Sprt(` | `configs/sprt/` | `gomoku-arena sprt F` | a candidate engine against a baseline until the SPRT decides |
| [tuning](#tuning-files) | `Tune(` | `configs/tune/` | `gomoku-arena tune F` | fit a pattern table (Texel, SPSA, hill climbing) and confirm it |

Contents: {contents}, [Opening books](#opening-books).

## Reading and writing the files

- **RON in one paragraph.** A file is one value: `Tournament(name: "x", rounds: 2)` is a
  struct with its fields; a nested struct may drop its name, `(size: 15, rule: Renju)`.
  Lists are `[a, b]`, strings `"..."`, optional values `Some(x)` or `None`, enum values a bare
  name (`RoundRobin`) or a name with its content (`Depth(4)`, `Gauntlet(candidates: [..])`).
  `//` and `/* */` are comments; a trailing comma is fine; fields may come in any order.
- **Paths inside a file are relative to that file's folder**, not to the working directory:
  a tournament in `configs/tournaments/` names `"../engines/seed-d4.ron"` and
  `"../../openings/freestyle15.txt"`, and runs the same from any folder. Absolute paths are
  taken as they are. The command line's `--out` is the exception: it is relative to the
  working directory. An `External` program's `command` is looked up beside the file first,
  then in `PATH`.
- **`Some(..)` may be left out** around optional values in tournament and SPRT files
  (`threads: 4` is `threads: Some(4)`); engine, table and tuning files need it written
  (`top_n: Some(10)`).
- **Fields left out take their default**; the tables below list them. A required field left
  out, a misspelled field and a value of the wrong type are errors with the file, line and
  column.
- **Everything is checked before the first game**: every engine, table and book is read, every
  opening is played out on the board, every number is held to its limits:

{limits}
Engine parameters have ranges of their own (`radius` 1..=4, `threads` 1..=64...), listed with
the [engine file](#engine-file).

## Coming from fastchess or c-gomoku-cli

| fastchess | c-gomoku-cli | gomoku-arena |
|---|---|---|
| `-engine cmd=X name=N` | `-engine cmd=X name=N` | a participant `External(name: "N", command: "X", move_time_ms: ..)`, or an in-process `Engine("file.ron")` |
| `-each st=0.1` | `tc=0/0.1` | `time_control: MoveTime(100)`; an external program's `move_time_ms: 100` |
| `-each tc=10+0.1` | `tc=10/10+0.1` | `time_control: GameTime(base_ms: 10000, inc_ms: 100)`; an external program's `game_time_ms` |
| `-each depth=N`, `nodes=N` | `depth=N`, `nodes=N` | `time_control: Depth(N)`, `Nodes(N)` (in-process engines) |
| — | `maxmemory=B` (bytes) | an external program's `max_memory_mb` (MiB) |
| `-openings file=F format=epd order=sequential` | `-openings file=F` | `openings: (file: "F", format: Offset, limit: N)`: in book order, `transform` for random symmetries |
| `-repeat` / `-games 2` | `-repeat` | always: each opening is played twice per pair, colours reversed |
| `-rounds N` | `-rounds N` | `rounds: N` |
| `-tournament gauntlet -seeds 1` | `-gauntlet` | `format: Gauntlet(candidates: ["name"])` |
| `-concurrency N` | `-concurrency N` | `threads: N` (or `--threads N`) |
| `-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized` | `-sprt elo0=0 elo1=5` | an [SPRT file](#sprt-files): `elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: Normalized` |
| `-pgnout file=F` | `-pgn F`, `-sgf F` | `output: "DIR"`: `results.pgn`, `games.sgf`, `games.jsonl`, `standings.json`, report |
| `-srand N` | `srand=N` (of `-openings`) | `seed: N` (every random choice, not only the book's) |
| — | `-rule 0\|1\|4`, `-boardsize N` | `board: (size: N, rule: Freestyle\|Standard\|Renju)` |
| `-maxmoves N` | — | `move_cap: N` (stones on the board, opening included) |
"#,
        contents = contents.join(", "),
        limits = limits,
    )
}

/// The page's closing part: the book notations, with a tiny book in each.
pub fn appendix() -> String {
    let mut out = String::from(
        "\n<a id=\"opening-books\"></a>\n\n## Opening books\n\n\
         A book is a text file with one opening per line, Black's move first. In every \
         notation `#` starts a comment (a whole line or the end of one) and blank lines are \
         ignored. `openings/README.md` tells how the shipped books were made and measured. \
         The three books below hold the same two openings; a file's `format` may name its \
         notation or leave it to `Auto`.\n",
    );
    for (path, format, text) in example_books() {
        out.push_str(&format!(
            "\n`format: {format}` ({path}):\n\n```text\n{}\n```\n",
            text.trim_end()
        ));
    }
    out
}
