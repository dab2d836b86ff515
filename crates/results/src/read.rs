//! Reading results: a run directory (its `games.jsonl`), a journal file, or a results-only
//! PGN, into pool games with their game pairs.
//!
//! Conventions:
//! - the pool model's "first mover" is the player of the first stone: `black` in the journal,
//!   `[Black]` in a PGN (c-gomoku-cli's and our `results.pgn`'s convention); a PGN written the
//!   chess way (`[White]` moved first) is read with `FirstMover::White` (`rate
//!   --pgn-white-first`). Ratings without the first-mover term do not depend on it; the
//!   first-mover advantage and score do. Ordo and BayesElo read `[White]` as the side with the
//!   "white advantage", so on a c-gomoku-cli PGN their fitted white advantage is the *second*
//!   mover's, i.e. minus ours; the ratings are the same.
//! - game pairs (for the pentanomial): in a journal, the two games sharing
//!   (round, pair, opening) with colours reversed; in a PGN, two consecutive games between
//!   the same two players with colours reversed. Games without a partner count only in the
//!   trinomial.
//!
//! A journal is checked before anything is counted, because players are keyed by their
//! index in the run: a line of another run, or with an index the run does not have, would
//! silently rate the wrong player. Beside a `run.json`, every line must pass
//! `gomoku_runner::rundir::check_line`; a journal without one must at least agree with
//! itself (one run hash, one name per index).

use crate::ResultsError;
use gomoku_config::{InputLines, read_input_bytes};
use gomoku_runner::RunnerError;
use gomoku_runner::journal::{JOURNAL_FILE, JournalLine, RUN_FILE, RunInfo, read_journal};
use gomoku_runner::rundir::check_line;
use gomoku_stats::{FirstMover, PoolGame, parse_pgn, to_pool_games};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where the results came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// A `games.jsonl` journal (possibly inside a run directory).
    Journal,
    /// A results-only PGN.
    Pgn,
}

/// Results ready for the pool fit.
#[derive(Clone, Debug)]
pub struct Results {
    /// The file read.
    pub path: PathBuf,
    /// Its kind.
    pub kind: SourceKind,
    /// Player names, by pool index.
    pub names: Vec<String>,
    /// Games with a result, in file (journal: job) order.
    pub games: Vec<PoolGame>,
    /// Game pairs: indices into `games` of the two games of one opening, colours reversed.
    pub pairs: Vec<[usize; 2]>,
    /// Games without a result (failed jobs, unfinished `*` PGN games), not rated.
    pub skipped: usize,
    /// Journal lines kept (checked, deduplicated by job, sorted), empty for a PGN.
    pub lines: Vec<JournalLine>,
    /// What the reader should know but did not stop for (a torn last line, say).
    pub warnings: Vec<String>,
}

/// Reads a run directory (its `games.jsonl`), a journal file, or a results-only PGN. A file
/// whose first non-blank character is `{` is a journal; anything else is PGN.
///
/// A journal is checked against the `run.json` beside it; one of another format version
/// cannot be checked against, so the journal is then read alone, with a warning.
pub fn load_results(path: &Path, first_mover: FirstMover) -> Result<Results, ResultsError> {
    let file = if path.is_dir() {
        let journal = path.join(JOURNAL_FILE);
        if !journal.is_file() {
            return Err(crate::not_a_run(path, ResultsError::NotARun));
        }
        journal
    } else {
        path.to_path_buf()
    };
    if first_byte(&file)? == Some(b'{') {
        let mut warnings = Vec::new();
        let dir = file.parent().unwrap_or(Path::new("."));
        let info = match RunInfo::load(dir) {
            Ok(info) => Some(info),
            Err(_) if !dir.join(RUN_FILE).is_file() => None,
            Err(RunnerError::Version { path, found, .. }) => {
                warnings.push(format!(
                    "{}: format version {found}: the journal is rated without checking it against it",
                    path.display()
                ));
                None
            }
            Err(e) => return Err(e.into()),
        };
        let (lines, torn) = read_checked_journal(&file, info.as_ref())?;
        let mut results = results_from_lines(&file, lines);
        results.warnings = warnings.into_iter().chain(torn).collect();
        Ok(results)
    } else {
        let bytes = read_input_bytes(&file).map_err(|e| ResultsError::io(&file, e))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            ResultsError::Line {
                path: file.clone(),
                line: upto.iter().filter(|&&b| b == b'\n').count() + 1,
                message: "not UTF-8 text".into(),
            }
        })?;
        // A PGN opens with a tag; anything else (a config, a book) was never a result file.
        if text.trim_start().chars().next().is_some_and(|c| c != '[') {
            return Err(ResultsError::NotResults(file));
        }
        results_from_pgn(&file, &text, first_mover)
    }
}

/// The first byte of `file` that is not white space, `None` for a file of white space: a
/// journal's is `{`. Read line by line, so a long journal is not read to tell.
fn first_byte(file: &Path) -> Result<Option<u8>, ResultsError> {
    let io = |e| ResultsError::io(file, e);
    let mut input = InputLines::open(file).map_err(io)?;
    while let Some(line) = input.next_line().map_err(io)? {
        if let Some(&b) = line.bytes.iter().find(|b| !b.is_ascii_whitespace()) {
            return Ok(Some(b));
        }
    }
    Ok(None)
}

/// Reads a journal, checks every line (against `info` when given, else against the
/// journal's own first line), and returns the lines sorted and deduplicated by job, with a
/// warning naming a torn last line (a run killed while writing it), which is ignored.
pub fn read_checked_journal(
    path: &Path,
    info: Option<&RunInfo>,
) -> Result<(Vec<JournalLine>, Option<String>), ResultsError> {
    let contents = read_journal(path)?;
    let torn = contents.torn.then(|| {
        format!(
            "{}:{}: torn last line (the run was stopped while writing it): ignored",
            path.display(),
            contents.lines_read
        )
    });
    let mut names: BTreeMap<usize, &str> = BTreeMap::new();
    for (line, &number) in contents.lines.iter().zip(&contents.numbers) {
        match info {
            Some(info) => check_line(path, number, line, info)?,
            None => check_alone(path, number, line, &contents.lines[0], &mut names)?,
        }
    }
    let mut lines = contents.lines;
    lines.sort_by_key(|l| l.job);
    lines.dedup_by_key(|l| l.job);
    Ok((lines, torn))
}

/// A line of a journal without `run.json`: of the first line's run, one name per index.
fn check_alone<'a>(
    path: &Path,
    number: usize,
    line: &'a JournalLine,
    first: &JournalLine,
    names: &mut BTreeMap<usize, &'a str>,
) -> Result<(), ResultsError> {
    let bad = |message: String| ResultsError::Line {
        path: path.to_path_buf(),
        line: number,
        message,
    };
    if line.run != first.run {
        return Err(bad(format!(
            "a game of run {}, but the journal starts with run {}: rate one run's journal (merge shards with `merge`)",
            line.run, first.run
        )));
    }
    if line.black_idx == line.white_idx {
        return Err(bad(format!("player {} plays both colours", line.black_idx)));
    }
    for (idx, name) in [(line.black_idx, &line.black), (line.white_idx, &line.white)] {
        let known = *names.entry(idx).or_insert(name);
        if known != name {
            return Err(bad(format!(
                "player {idx} is '{name}' here but '{known}' earlier in the journal"
            )));
        }
        // One player per name too: two indices under one name would be rated apart and
        // listed as two players of the same name.
        if let Some((&other, _)) = names.iter().find(|&(&i, &n)| n == name && i != idx) {
            return Err(bad(format!(
                "players {other} and {idx} are both named '{name}'"
            )));
        }
    }
    line.check_game(None).map_err(bad)
}

/// Results of checked journal lines: players named by participant index (only those with
/// games), pairs by (round, pair, opening).
pub fn results_from_lines(path: &Path, lines: Vec<JournalLine>) -> Results {
    let mut by_index: BTreeMap<usize, String> = BTreeMap::new();
    for l in lines.iter().filter(|l| l.result.is_some()) {
        by_index
            .entry(l.black_idx)
            .or_insert_with(|| l.black.clone());
        by_index
            .entry(l.white_idx)
            .or_insert_with(|| l.white.clone());
    }
    let pool_index: BTreeMap<usize, usize> =
        by_index.keys().enumerate().map(|(k, &i)| (i, k)).collect();
    let mut games = Vec::new();
    let mut skipped = 0;
    let mut groups: BTreeMap<(u32, usize, usize), Vec<usize>> = BTreeMap::new();
    for l in &lines {
        let Some(result) = l.result else {
            skipped += 1;
            continue;
        };
        groups
            .entry((l.round, l.pair, l.opening))
            .or_default()
            .push(games.len());
        games.push(PoolGame {
            first: pool_index[&l.black_idx],
            second: pool_index[&l.white_idx],
            score: result.black_score(),
        });
    }
    let mut pairs = Vec::new();
    for idx in groups.values() {
        // Pair games of the group with colours reversed, in job order.
        let mut used = vec![false; idx.len()];
        for a in 0..idx.len() {
            if used[a] {
                continue;
            }
            let ga = games[idx[a]];
            if let Some(b) = (a + 1..idx.len()).find(|&b| {
                !used[b] && games[idx[b]].first == ga.second && games[idx[b]].second == ga.first
            }) {
                used[a] = true;
                used[b] = true;
                pairs.push([idx[a], idx[b]]);
            }
        }
    }
    pairs.sort_unstable();
    Results {
        path: path.to_path_buf(),
        kind: SourceKind::Journal,
        names: by_index.into_values().collect(),
        games,
        pairs,
        skipped,
        lines,
        warnings: Vec::new(),
    }
}

/// Results of a results-only PGN text; consecutive games of two players with colours
/// reversed form a pair.
pub fn results_from_pgn(
    path: &Path,
    text: &str,
    first_mover: FirstMover,
) -> Result<Results, ResultsError> {
    let parsed = parse_pgn(text).map_err(|e| match e {
        gomoku_stats::StatsError::Pgn { line, message } => ResultsError::Line {
            path: path.to_path_buf(),
            line,
            message,
        },
        source => ResultsError::Pgn {
            path: path.to_path_buf(),
            source,
        },
    })?;
    if let Some(g) = parsed.games.iter().find(|g| g.white == g.black) {
        return Err(ResultsError::Line {
            path: path.to_path_buf(),
            line: g.line,
            message: format!("'{}' plays both sides of this game", g.white),
        });
    }
    let (names, games) = to_pool_games(&parsed.games, first_mover);
    let mut pairs = Vec::new();
    let mut i = 0;
    while i + 1 < games.len() {
        let (a, b) = (games[i], games[i + 1]);
        if a.first == b.second && a.second == b.first {
            pairs.push([i, i + 1]);
            i += 2;
        } else {
            i += 1;
        }
    }
    Ok(Results {
        path: path.to_path_buf(),
        kind: SourceKind::Pgn,
        names,
        games,
        pairs,
        skipped: parsed.unfinished,
        lines: Vec::new(),
        warnings: Vec::new(),
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use gomoku_runner::GameResult;
    use gomoku_runner::game::Reason;
    use gomoku_testdata::ScratchDir;

    /// A journal line of run `r1`: `job`, pair `pair`, Black and White by index and name.
    pub(crate) fn line(
        job: usize,
        pair: usize,
        black: (usize, &str),
        white: (usize, &str),
        result: Option<GameResult>,
    ) -> JournalLine {
        JournalLine {
            v: 1,
            run: "r1".into(),
            job,
            round: 0,
            pair,
            opening: 0,
            transform: "identity".into(),
            black: black.1.into(),
            white: white.1.into(),
            black_idx: black.0,
            white_idx: white.0,
            opening_moves: vec![[7, 7]],
            moves: vec![[7, 8], [8, 8]],
            result,
            reason: Reason::Five,
            message: None,
            nodes: vec![100, 200],
            depth: vec![2, 3],
            score: vec![0, 0],
            stats: Default::default(),
            time_us: vec![10, 20],
            side_time_us: [10, 20],
            overshoots: Default::default(),
            date: String::new(),
            messages: Vec::new(),
        }
    }

    /// A journal of `lines` then `tail` in a folder of its own (removed when dropped).
    fn write_journal(tag: &str, lines: &[JournalLine], tail: &str) -> (ScratchDir, PathBuf) {
        let dir = ScratchDir::new(&format!("results-{tag}"));
        let mut text = String::new();
        for l in lines {
            text += &serde_json::to_string(l).unwrap();
            text.push('\n');
        }
        let path = dir.join(JOURNAL_FILE);
        std::fs::write(&path, text + tail).unwrap();
        (dir, path)
    }

    /// A file of `len` zero bytes (sparse: no disk used) after `head`, in a directory of
    /// its own (removed when dropped).
    fn oversized(tag: &str, name: &str, head: &[u8], len: u64) -> (ScratchDir, PathBuf) {
        let dir = ScratchDir::new(&format!("results-{tag}"));
        let path = dir.join(name);
        std::fs::write(&path, head).unwrap();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(len)
            .unwrap();
        (dir, path)
    }

    #[test]
    fn an_oversized_input_to_rate_is_refused_naming_the_file() {
        let big = (64 << 20) + 1;
        let (_dir, pgn) = oversized("big-pgn", "results.pgn", b"[Event \"1\"]\n", big);
        let err = load_results(&pgn, FirstMover::Black)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            format!(
                "{}: larger than 64 MiB, the most gomoku-arena reads from one input file",
                pgn.display()
            )
        );
        // A journal may be longer than that, but no line of it: this one has a line of
        // zero bytes that never ends.
        let first = line(0, 0, (0, "a"), (1, "b"), Some(GameResult::Black));
        let head = serde_json::to_string(&first).unwrap() + "\n";
        let (_dir, journal) = oversized("big-journal", JOURNAL_FILE, head.as_bytes(), big + 10_000);
        let err = load_results(&journal, FirstMover::Black)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            format!(
                "{}: line 2 is longer than 64 MiB, the most gomoku-arena reads from one line of an input file",
                journal.display()
            )
        );
        let _ = std::fs::remove_dir_all(pgn.parent().unwrap());
        let _ = std::fs::remove_dir_all(journal.parent().unwrap());
    }

    #[test]
    fn journal_games_pair_by_opening_with_colours_reversed() {
        let (a, b, c) = ((0, "a"), (2, "c"), (1, "b"));
        let lines = vec![
            line(0, 0, a, b, Some(GameResult::Black)),
            line(1, 0, b, a, Some(GameResult::Draw)),
            line(2, 1, a, c, None),
            line(3, 1, c, a, Some(GameResult::White)),
        ];
        let r = results_from_lines(Path::new("g"), lines);
        // Pool indices follow participant indices: a (0), b (1), c (2).
        assert_eq!(r.names, ["a", "b", "c"]);
        assert_eq!(r.games.len(), 3);
        assert_eq!(r.skipped, 1);
        assert_eq!(r.pairs, [[0, 1]]);
        assert_eq!((r.games[0].first, r.games[0].second), (0, 2));
        assert_eq!(r.games[2].score, 0.0);
    }

    #[test]
    fn pgn_pairs_are_consecutive_games_with_colours_reversed() {
        let game = |w: &str, b: &str, res: &str| {
            format!("[White \"{w}\"]\n[Black \"{b}\"]\n[Result \"{res}\"]\n\n{res}\n\n")
        };
        let text = game("A", "B", "1-0") + &game("B", "A", "1/2-1/2") + &game("A", "C", "0-1");
        let r = results_from_pgn(Path::new("p.pgn"), &text, FirstMover::Black).unwrap();
        assert_eq!(r.games.len(), 3);
        assert_eq!(r.pairs, [[0, 1]]);
        let err = results_from_pgn(Path::new("p.pgn"), "[White A]\n", FirstMover::Black);
        assert!(err.unwrap_err().to_string().starts_with("p.pgn:1:"));
    }

    #[test]
    fn a_journal_without_run_file_must_agree_with_itself() {
        let (a, b) = ((0, "a"), (1, "b"));
        let good = [
            line(0, 0, a, b, Some(GameResult::Black)),
            line(1, 0, b, a, Some(GameResult::White)),
        ];
        let (_dir, path) = write_journal("alone", &good, "{\"v\":1,");
        let (lines, torn) = read_checked_journal(&path, None).unwrap();
        assert_eq!(lines.len(), 2);
        assert!(torn.unwrap().contains("games.jsonl:3: torn"));

        let mut other = good.clone();
        other[1].run = "r2".into();
        let (_dir, path) = write_journal("other-run", &other, "");
        let err = read_checked_journal(&path, None).unwrap_err().to_string();
        assert!(err.contains("games.jsonl:2: a game of run r2"), "{err}");

        let mut renamed = good.clone();
        renamed[1].white = "z".into();
        let (_dir, path) = write_journal("renamed", &renamed, "");
        let err = read_checked_journal(&path, None).unwrap_err().to_string();
        assert!(err.contains("games.jsonl:2: player 0 is 'z'"), "{err}");
    }
}
