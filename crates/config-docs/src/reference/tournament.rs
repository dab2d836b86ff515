//! The tournament section: the file, its participants, formats and book.

use super::common;
use super::hosts::{BOOK, host, ms_limit, participant_host};
use crate::{Entry, Item, Kind, Section};
use gomoku_config::limits::{
    MAX_COMMAND_GAP_MS, MAX_INPUT_BYTES, MAX_JOBS, MAX_MEMORY_MB, MAX_NAME_LEN, MAX_PARTICIPANTS,
    MAX_ROUNDS, MAX_THREADS, MAX_TIME_MS,
};

pub(super) fn tournament() -> Section {
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
            "The tournament's name, shown in the standings and the report. The PGN's `Event` tag holds the game's number, as c-gomoku-cli writes it.",
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
             the same games on every machine; `MoveTime` and `GameTime` do not. Any but \
             `EngineDefault` replaces every engine's own `depth` (the console and the report say \
             whose), so a participant whose `depth` the file sets (a variant's, a sweep of it) \
             is refused under it.",
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
             A full board is always a draw, and so is a position where the side to move has \
             no legal point (under renju, every empty point forbidden to Black).",
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
            "increment_ms",
            "Milliseconds added to its game time before each of its moves, the first included \
             (c-gomoku-cli's `tc=MATCH/TURN+INC`); only with `game_time_ms`.",
        )
        .default("0")
        .int(0, MAX_TIME_MS)
        .limit("only with `game_time_ms`")
        .ex("game_time_ms: Some(60000), increment_ms: 500"),
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
        Entry::field(
            "options",
            "Engine options, `(NAME, VALUE)` pairs sent in order as `INFO NAME VALUE` at the \
             start of every game, after the limits (c-gomoku-cli's `option.NAME=VALUE`, and \
             its `depth=`, `nodes=`, `thread=` as `max_depth`, `max_node`, `thread_num`). \
             What an engine does with an `INFO` it does not know is up to it.",
        )
        .default("[]")
        .limit("NAME one word; no line break in either")
        .ex("options: [(\"hash_size\", \"256\"), (\"max_depth\", \"8\")]"),
        Entry::field(
            "send_board",
            "Ask every move with the whole position (`BOARD` ... `DONE`) instead of `TURN` with \
             the last move (c-gomoku-cli's `-sendbyboard`; the first move of an empty board is \
             still `BEGIN`). Some engines play differently from a `BOARD` than along `TURN`s.",
        )
        .default("false")
        .ex("send_board: true"),
        Entry::field(
            "keep_messages",
            "Journal every `MESSAGE` line it sends while thinking, with the number of its move \
             (c-gomoku-cli's `-msg` writes them out, grouped by game). Off, only the last one of \
             a move is read, for its depth, score and nodes.",
        )
        .default("false")
        .ex("keep_messages: true"),
        Entry::field(
            "log_dir",
            "A folder where every line sent to it and read from it is appended to \
             `c-gomoku-cli.N.log`, N the worker thread from 1, as `MS: NAME <- LINE` and `MS: NAME \
             -> LINE` (c-gomoku-cli's `-log`; MS in milliseconds since the Unix epoch), relative \
             to the tournament file.",
        )
        .path()
        .default_means("None", "no log")
        .limit("an existing directory")
        .ex("log_dir: \"../../reports\""),
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
            "range",
            "Play only openings `start..end` of the book (from 0, `end` excluded), e.g. the \
             openings a tuning run held out; the journal numbers them from `start` as 0.",
        )
        .default_means("None", "the whole book (or `limit`)")
        .limit("start < end ≤ the book's openings; not with `limit`")
        .ex("range: (400, 600)"),
        Entry::field(
            "transform",
            "Give each (round, opening, pair of players) a random symmetry of the board, drawn \
             from the seed, the same for both games of the pair.",
        )
        .default("false")
        .ex("transform: true"),
    ]);

    let overrides = common::overrides();

    let board = common::board();

    let rule = common::rule();

    let book_format = common::book_format();

    let time_control = common::time_control();

    let game_time = common::game_time();

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
    time_control: EngineDefault,                 // each its own depth; arena-d2 its own limits
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
