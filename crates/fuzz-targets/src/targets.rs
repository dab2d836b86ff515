//! The target functions, one per parser; [`crate::TARGETS`] names them. Each takes any bytes
//! and returns: a panic (or, under the libFuzzer driver, a hang or an oversized allocation)
//! is the finding. Text parsers get the input as UTF-8 with invalid sequences replaced;
//! the loaders that read files get the bytes as they are.

use crate::scratch::{scratch, symlink};
use gomoku_board::opening::{
    BookFormat, Opening, parse_book, parse_book_auto, validate_book, write_gtp_book, write_offset,
    write_pos_book,
};
use gomoku_board::sgf::{SgfGame, parse_sgf, parse_sgf_collection};
use gomoku_board::{Board, Geometry, Rule};
use gomoku_engine::{CompiledTable, EngineParams};
use gomoku_protocol::brain::{Brain, Budget, CentreBrain, EngineBrain, Thought};
use gomoku_protocol::command::{Command, parse_answer, parse_board_line, parse_command};
use gomoku_protocol::session::{Session, serve};
use gomoku_stats::{FirstMover, parse_pgn, to_pool_games};
use std::borrow::Cow;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// `gomoku_config::parse_table`; a table it accepts must compile and read back equal from
/// `table_to_ron` (what the tuner writes).
pub fn config_table(data: &[u8]) {
    let path = scratch().repo.join("configs/tables/fuzz-input.ron");
    let Ok(table) = gomoku_config::engine::parse_table(&text(data), &path) else {
        return;
    };
    let _ = CompiledTable::compile(&table);
    let written = gomoku_config::engine::table_to_ron(&table);
    match gomoku_config::engine::parse_table(&written, &path) {
        Ok(again) => assert_eq!(again, table, "table_to_ron does not read back equal"),
        Err(e) => panic!("table_to_ron wrote a table that does not parse: {e}\n{written}"),
    }
}

/// `gomoku_config::parse_engine`, as if the file sat in `configs/engines/`.
pub fn config_engine(data: &[u8]) {
    let path = scratch().repo.join("configs/engines/fuzz-input.ron");
    let _ = gomoku_config::engine::parse_engine(&text(data), &path);
}

/// `gomoku_config::parse_sprt`, as if the file sat in `configs/sprt/`; a plan it accepts
/// gives its run config and run hash.
pub fn config_sprt(data: &[u8]) {
    let path = scratch().repo.join("configs/sprt/fuzz-input.ron");
    if let Ok(plan) = gomoku_config::sprt::parse_sprt(&text(data), &path) {
        let _ = plan.max_pairs();
        let config = plan.run_config();
        let moves: Vec<_> = plan.openings.iter().map(|o| o.moves.clone()).collect();
        let _ = gomoku_runner::journal::run_hash(&config, &moves);
    }
}

/// Writes `data` to a fresh file `name-N.ron` under the scratch folder's `dir` and calls
/// `load` on it, removing the file afterwards.
fn with_file<T>(dir: &str, data: &[u8], load: impl FnOnce(&Path) -> T) -> T {
    let s = scratch();
    let path = s.root.join(dir).join(format!("input-{}.ron", s.next()));
    std::fs::write(&path, data).expect("writing the scratch input");
    let out = load(&path);
    let _ = std::fs::remove_file(&path);
    out
}

/// `gomoku_config::tournament::load_tournament` on the input written to
/// `configs/tournaments/` of the scratch folder; a tournament it accepts gives its run
/// config and run hash.
pub fn config_tournament(data: &[u8]) {
    let loaded = with_file("configs/tournaments", data, |p| {
        gomoku_config::tournament::load_tournament(p)
    });
    if let Ok(t) = loaded {
        let config = t.run_config();
        let moves: Vec<_> = t.openings.iter().map(|o| o.moves.clone()).collect();
        let _ = gomoku_runner::journal::run_hash(&config, &moves);
    }
}

/// `gomoku_config::tune::load_tune` on the input written to `configs/tune/` of the scratch
/// folder.
pub fn config_tune(data: &[u8]) {
    let _ = with_file("configs/tune", data, |p| gomoku_config::tune::load_tune(p));
}

/// The boards a book is read for: the usual one, a larger renju one, and a small odd one
/// with k=4 where most points of a book fall off.
fn book_boards() -> [(Geometry, Rule); 3] {
    [
        (Geometry::square(15), Rule::Freestyle),
        (Geometry::square(20), Rule::Renju),
        (
            Geometry {
                width: 7,
                height: 5,
                k: 4,
            },
            Rule::Standard,
        ),
    ]
}

/// Every opening-book reader, on each of [`book_boards`]: `parse_book` in each format (which
/// checks our header line first), `validate_book` and `parse_book_auto`. A book that reads
/// must read back equal once written in its format (`openings convert` relies on it).
pub fn book(data: &[u8]) {
    let text = text(data);
    for (geometry, rule) in book_boards() {
        for format in [BookFormat::Offset, BookFormat::Pos, BookFormat::Gtp] {
            if let Ok(book) = parse_book(&text, format, geometry, rule) {
                book_round_trip(&book, format, geometry, rule);
            }
            let _ = validate_book(&text, format, geometry, rule);
        }
        let _ = parse_book_auto(&text, geometry, rule);
    }
}

fn book_round_trip(book: &[Opening], format: BookFormat, geometry: Geometry, rule: Rule) {
    let written = match format {
        BookFormat::Offset => write_offset(book, geometry),
        BookFormat::Gtp => write_gtp_book(book, geometry),
        BookFormat::Pos => {
            // The header as `openings generate` writes it, which the reader checks.
            let header = format!(
                "gomoku-arena opening book: {} openings, {}x{} k={}, {rule}",
                book.len(),
                geometry.width,
                geometry.height,
                geometry.k
            );
            match write_pos_book(book, &header) {
                Ok(w) => w,
                // Columns past `z` have no pos notation: nothing to read back.
                Err(_) => return,
            }
        }
    };
    match parse_book(&written, format, geometry, rule) {
        Ok(again) => assert_eq!(
            again,
            book,
            "a {} book does not read back equal:\n{written}",
            format.name()
        ),
        Err(e) => panic!(
            "a {} book written by us does not read back: {e}\n{written}",
            format.name()
        ),
    }
}

/// `parse_sgf` and `parse_sgf_collection`; every game read is replayed under its own rule
/// (freestyle when it names none) and must read back with the same board, players, setup
/// and moves once written by `write_sgf`.
pub fn sgf(data: &[u8]) {
    let text = text(data);
    if let Ok(game) = parse_sgf(&text) {
        sgf_game(&game);
    }
    if let Ok(games) = parse_sgf_collection(&text) {
        for game in &games {
            sgf_game(game);
        }
    }
}

fn sgf_game(game: &SgfGame) {
    let _ = game.replay(game.rule().unwrap_or(Rule::Freestyle));
    let written = game.to_sgf();
    let again = match parse_sgf(&written) {
        Ok(g) => g,
        Err(e) => panic!("write_sgf wrote a game that does not parse: {e}\n{written}"),
    };
    let view = |g: &SgfGame| {
        (
            g.geometry,
            g.black_name.clone(),
            g.white_name.clone(),
            g.setup_black.clone(),
            g.setup_white.clone(),
            g.moves.clone(),
        )
    };
    assert_eq!(
        view(&again),
        view(game),
        "an SGF game does not read back equal:\n{written}"
    );
}

/// `parse_pgn`, and the pool games of what it reads with either first mover.
pub fn pgn(data: &[u8]) {
    if let Ok(games) = parse_pgn(&text(data)) {
        let _ = to_pool_games(&games.games, FirstMover::Black);
        let _ = to_pool_games(&games.games, FirstMover::White);
    }
}

/// The `run.json` the journal target checks lines against: a tiny two-engine tournament
/// (`fuzz/seeds/journal/` holds lines of its journal).
fn run_fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/run.json")
}

/// The journal readers on the input as a file: `read_journal`, and `load_results` on a
/// journal alone (checked against itself, or read as PGN when it does not start with `{`)
/// and on a run directory whose `run.json` is [`run_fixture`]. The two files are rewritten
/// for each input, under a lock, since tests may run targets on several threads.
pub fn journal(data: &[u8]) {
    use gomoku_runner::journal::{JOURNAL_FILE, RUN_FILE, read_journal};
    static FILES: OnceLock<Mutex<(PathBuf, PathBuf)>> = OnceLock::new();
    let files = FILES.get_or_init(|| {
        let s = scratch();
        let dir = s.root.join("run");
        std::fs::create_dir_all(&dir).expect("scratch run directory");
        symlink(&run_fixture(), &dir.join(RUN_FILE));
        Mutex::new((s.root.join("journal.jsonl"), dir))
    });
    let files = files.lock().unwrap_or_else(|e| e.into_inner());
    let (alone, dir) = &*files;
    std::fs::write(alone, data).expect("writing the scratch journal");
    let _ = read_journal(alone);
    let _ = gomoku_results::read::load_results(alone, FirstMover::Black);
    std::fs::write(dir.join(JOURNAL_FILE), data).expect("writing the scratch journal");
    let _ = gomoku_results::read::load_results(dir, FirstMover::White);
}

/// Feeds the input to a protocol session over `brain` through `serve`, which answers a
/// line that panicked with `ERROR internal error` and reads on: that answer is the finding.
fn session<B: Brain>(brain: B, data: &[u8]) {
    let mut out = Vec::new();
    serve(&mut Session::new(brain), data, &mut out).expect("writing to memory");
    let out = String::from_utf8_lossy(&out);
    assert!(
        !out.lines().any(|l| l == "ERROR internal error"),
        "a line panicked the session; it answered:\n{out}"
    );
}

/// The brain side of the Gomocup protocol with the trivial [`CentreBrain`]: every command,
/// BOARD blocks, takebacks and rule changes, at the cost of a move near the centre.
pub fn protocol_brain(data: &[u8]) {
    session(CentreBrain, data);
}

/// The shipped default engine (`configs/engines/default.ron`) at depth 1 with a 1 MiB
/// transposition table (which `INFO max_memory` cannot shrink further), loaded once.
fn engine_params() -> &'static EngineParams {
    static PARAMS: OnceLock<EngineParams> = OnceLock::new();
    PARAMS.get_or_init(|| {
        let path = scratch().repo.join("configs/engines/default.ron");
        let mut params = gomoku_config::engine::load_engine(&path)
            .unwrap_or_else(|e| panic!("{e}"))
            .to_params();
        params.depth = 1;
        params.tt_mib = 1;
        params
    })
}

/// The brain side of the Gomocup protocol with the engine brain at depth 1, without a clock:
/// the input's `INFO timeout_turn`, `timeout_match` and `time_left` lines are dropped unless
/// their value is `0`. On a clock the brain spends a share of the time it is granted (the
/// threat searches take it whatever the depth), which made a run depend on the machine and
/// 40 ms an input; [`protocol_brain`] fuzzes the clock's handling. One brain per thread
/// serves every input: it thinks only in a game that the input started, and starting one
/// resets it (transposition table, killers, history, threat caches and the tie-break
/// stream), so an input's replies depend on it alone.
pub fn protocol_engine(data: &[u8]) {
    thread_local! {
        static BRAIN: RefCell<EngineBrain> = RefCell::new(
            EngineBrain::new(engine_params().clone(), 1)
                .expect("the default engine builds")
                .with_depth_cap(Some(1)),
        );
    }
    let input = without_clock(data);
    BRAIN.with(|brain| session(Lent(&mut *brain.borrow_mut()), &input));
}

/// `data` without its clock lines (see [`protocol_engine`]); lines end at LF or CR, as
/// `serve` reads them, and keep their ends.
fn without_clock(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    for line in data.split_inclusive(|&b| b == b'\n' || b == b'\r') {
        // Read as the session reads it (NUL padding trimmed, any case), so no spelling of a
        // clock line slips through.
        let text = String::from_utf8_lossy(line);
        let clock = matches!(
            parse_command(&text),
            Ok(Some(Command::Info(key, value)))
                if ["timeout_turn", "timeout_match", "time_left"].contains(&key.as_str())
                    && value != "0"
        );
        if !clock {
            out.extend_from_slice(line);
        }
    }
    out
}

/// A brain lent to one session.
struct Lent<'a, B: Brain>(&'a mut B);

impl<B: Brain> Brain for Lent<'_, B> {
    fn new_game(&mut self) {
        self.0.new_game();
    }

    fn think(&mut self, board: &Board, budget: Budget) -> Thought {
        self.0.think(board, budget)
    }

    fn set_max_memory(&mut self, bytes: u64) {
        self.0.set_max_memory(bytes);
    }
}

/// The manager side of the Gomocup protocol: each line (split at LF and CR, as `serve`
/// splits) as a brain's answer, a command and a BOARD line.
pub fn protocol_manager(data: &[u8]) {
    let text = text(data);
    for line in text.split(['\n', '\r']) {
        let _ = parse_answer(line);
        let _ = parse_command(line);
        let _ = parse_board_line(line);
    }
}

#[cfg(test)]
mod tests {
    use super::without_clock;

    #[test]
    fn clock_lines_are_dropped_but_a_zero_is_kept() {
        let input = b"START 15\r\ninfo Timeout_Turn 50\rINFO time_left 9\nINFO timeout_turn 0\nINFO rule 1\n\0INFO \0\0 timeout_match 604\nBEGIN";
        assert_eq!(
            without_clock(input),
            b"START 15\r\nINFO timeout_turn 0\nINFO rule 1\nBEGIN".to_vec()
        );
    }
}
