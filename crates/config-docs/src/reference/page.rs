//! The page around the sections: its opening, the limits table and the opening books.

use crate::Section;
use gomoku_board::{MAX_K, MAX_SIDE, MIN_K, MIN_SIDE};
use gomoku_config::limits::{
    MAX_COMMAND_GAP_MS, MAX_DEPTH, MAX_ELO, MAX_INPUT_BYTES, MAX_ITERATIONS, MAX_JOBS,
    MAX_MEMORY_MB, MAX_NAME_LEN, MAX_PAIRS, MAX_PARTICIPANTS, MAX_ROUNDS, MAX_TEXEL_GAMES,
    MAX_THREADS, MAX_TIME_MS, MAX_TT_MIB,
};

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

/// The table of every limit a value is checked against at load, each constant's value
/// written in.
pub fn limits_table() -> String {
    let ms = MAX_TIME_MS;
    let rows: [(&str, String); 27] = [
        (
            "an input file (config, table, opening book)",
            format!("{} MiB", MAX_INPUT_BYTES >> 20),
        ),
        (
            "a name (engine, participant, tournament, SPRT test, tuning run)",
            format!("{MAX_NAME_LEN} characters, one line"),
        ),
        ("a tournament's `rounds`", format!("1..={MAX_ROUNDS}")),
        (
            "a tournament's games (rounds × openings × pairs of players × 2)",
            MAX_JOBS.to_string(),
        ),
        (
            "a tournament's participants",
            format!("2..={MAX_PARTICIPANTS}"),
        ),
        (
            "worker `threads` of a tournament or SPRT",
            format!("1..={MAX_THREADS}"),
        ),
        (
            "SPRT `elo0`, `elo1` (finite, `elo0 < elo1`); `alpha`, `beta`",
            format!("±{MAX_ELO}; (0, 0.5) each"),
        ),
        ("SPRT `max_games`", format!("2..={MAX_JOBS}")),
        ("SPRT `batch_pairs`", format!("1..={MAX_PAIRS}")),
        (
            "time per move or game (`MoveTime`, `GameTime`); an external engine's `move_time_ms`, `game_time_ms`, `start_timeout_ms`",
            format!("1..={ms} (one day, in ms)"),
        ),
        ("an external engine's `tolerance_ms`", format!("0..={ms}")),
        (
            "an external engine's `max_memory_mb`",
            format!("1..={MAX_MEMORY_MB} (1 TiB)"),
        ),
        (
            "an external engine's `command_gap_ms`",
            format!("0..={MAX_COMMAND_GAP_MS} (a second)"),
        ),
        (
            "search depth (`depth`, `Depth(n)`, Texel's collection `depth`)",
            format!("1..={MAX_DEPTH}"),
        ),
        ("transposition table `tt_mib`", format!("1..={MAX_TT_MIB}")),
        (
            "board `size`, `width`, `height`; `k`",
            format!("{MIN_SIDE}..={MAX_SIDE}; {MIN_K}..={MAX_K} (as `gomoku_board` accepts)"),
        ),
        (
            "tuning: SPSA `pairs`, match `max_pairs`, confirmation `pairs`",
            format!("1..={MAX_PAIRS}"),
        ),
        (
            "tuning: match `elo0`, `elo1` (finite, `elo0 < elo1`); `alpha`",
            format!("±{MAX_ELO}; (0, 0.5)"),
        ),
        ("tuning: Texel `games`", format!("1..={MAX_TEXEL_GAMES}")),
        (
            "tuning: `iterations` (SPSA, match, Texel sweeps)",
            format!("{MAX_ITERATIONS}; at least 1 for SPSA"),
        ),
        (
            "tuning: SPSA `c_end_frac`, `r_end`, `alpha`",
            "(0, 1]".into(),
        ),
        ("tuning: SPSA `a_frac`", "[0, 1]".into()),
        ("tuning: SPSA `gamma`", "[0, 0.5]".into()),
        (
            "tuning: Texel `step`; `min_step`",
            "(0, 1]; (0, `step`]".into(),
        ),
        ("tuning: match `step` (perturbation)", "(0, 1]".into()),
        (
            "tuning: `tie_break_margin` (SPSA, match, confirmation)",
            ">= 0 (Texel: > 0)".into(),
        ),
        ("tuning: Texel `vcf_fours`", "0..=255".into()),
    ];
    let mut out = String::from("| What | Limit |\n|---|---|\n");
    for (what, limit) in rows {
        out.push_str(&format!("| {what} | {limit} |\n"));
    }
    out
}

/// The page's opening: what each file is for, how to read them, paths, limits.
pub fn preamble(sections: &[Section]) -> String {
    let contents: Vec<String> = sections
        .iter()
        .map(|s| format!("[{}](#{})", s.title, s.anchor))
        .collect();
    let limits = limits_table();
    format!(
        r#"# Configuration reference

<!-- Generated from the serde schema by crates/config-docs; do not edit by hand.
     `cargo test --workspace` fails when this page and the schema disagree; regenerate with
     cargo run -p gomoku-config-docs -->

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

c-gomoku-cli's own command line can also be typed as it is (`gomoku-arena -engine cmd=X
name=N ... -games 72 -repeat`); README.md's "Coming from c-gomoku-cli" lists what it takes.
The table maps the options to the files' fields.

| fastchess | c-gomoku-cli | gomoku-arena |
|---|---|---|
| `-engine cmd=X name=N` | `-engine cmd=X name=N` | a participant `External(name: "N", command: "X", move_time_ms: ..)`, or an in-process `Engine("file.ron")` |
| `-each st=0.1` | `tc=0/0.1` | `time_control: MoveTime(100)`; an external program's `move_time_ms: 100` |
| `-each tc=10+0.1` | `tc=10/10+0.1` | `time_control: GameTime(base_ms: 10000, inc_ms: 100)`; an external program's `game_time_ms: 10000, increment_ms: 100` |
| `-each depth=N`, `nodes=N` | `depth=N`, `nodes=N` | `time_control: Depth(N)`, `Nodes(N)` (in-process engines); an external program's `options: [("max_depth", "N")]`, `("max_node", "N")` (what c-gomoku-cli sends it) |
| `option.O=V` | `option.O=V` | an external program's `options: [("O", "V")]`, sent as `INFO O V` at every game's start |
| — | `maxmemory=B` (bytes) | an external program's `max_memory_mb` (MiB) |
| — | — (ours: `command_gap_ms=MS` in `-engine`/`-each`) | an external program's `command_gap_ms` (Rapfi needs 10) |
| — | `-sendbyboard` | an external program's `send_board: true` (`BOARD` before every move) |
| — | `-msg F`, `-log` | an external program's `keep_messages: true` (in the journal), `log_dir: "DIR"` |
| `-openings file=F format=epd order=sequential` | `-openings file=F` | `openings: (file: "F", format: Offset, limit: N)`: in book order, `transform` for random symmetries |
| `-repeat` / `-games 2` | `-repeat` | always: each opening is played twice per pair, colours reversed |
| `-rounds N` | `-rounds N` | `rounds: N` |
| `-tournament gauntlet -seeds 1` | `-gauntlet` | `format: Gauntlet(candidates: ["name"])` |
| `-concurrency N` | `-concurrency N` | `threads: N` (or `--threads N`) |
| `-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized` | `-sprt elo0=0 elo1=5` | an [SPRT file](#sprt-files): `elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: Normalized`; c-gomoku-cli's `-sprt` typed as it is runs its own rule (logistic Elo, W/D/L, checked after every game) |
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
