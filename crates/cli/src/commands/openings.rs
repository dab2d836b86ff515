//! `openings`: generate a balanced book, verify a book by play, convert between formats.

use anyhow::{Context, Result, bail};
use gomoku_board::opening::{BookFormat, Opening, parse_book, write_offset, write_pos_book};
use gomoku_board::{Geometry, Rule};
use gomoku_openings::{
    GenerateParams, VerifyGame, VerifyParams, generate, tally, verify_games, verify_jobs,
};
use gomoku_runner::GameResult;
use gomoku_runner::journal::fnv1a64;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `openings`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Generate a balanced book by search (deterministic for a seed).
    Generate(GenerateArgs),
    /// Play every opening with an engine against itself and report the balance.
    Verify(VerifyArgs),
    /// Convert a book between the offset (Gomocup), pos and project formats.
    Convert(ConvertArgs),
}

/// Board shape and rule of a book.
#[derive(clap::Args)]
struct BoardArgs {
    /// Side of a square board.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Board width (with --height, for a rectangle).
    #[arg(long, requires = "height")]
    width: Option<usize>,
    /// Board height.
    #[arg(long, requires = "width")]
    height: Option<usize>,
    /// Winning row length.
    #[arg(long, default_value_t = 5)]
    k: usize,
    /// Rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
}

impl BoardArgs {
    fn geometry(&self) -> Geometry {
        Geometry {
            width: self.width.unwrap_or(self.size),
            height: self.height.unwrap_or(self.size),
            k: self.k,
        }
    }

    fn rule(&self) -> Result<Rule> {
        Ok(self.rule.parse()?)
    }
}

#[derive(clap::Args)]
struct GenerateArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Openings wanted.
    #[arg(long)]
    count: usize,
    /// Random stones per opening, as `A..=B` or `N`.
    #[arg(long, default_value = "3..=6")]
    stones: String,
    /// Stones go within this distance of the centre.
    #[arg(long, default_value_t = 3)]
    area: usize,
    /// Search depth of the balance check.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Keep openings scored within ±margin for the side to move.
    #[arg(long, default_value_t = 150)]
    margin: i32,
    /// Balancing moves allowed after the random stones (0-2; 1 only with --to-move any).
    #[arg(long, default_value_t = 0)]
    balance: usize,
    /// Side to move in every opening: white (odd stone counts), black (even) or any.
    #[arg(long, default_value = "white")]
    to_move: String,
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Engine config (RON) for the balance search; the default engine if omitted.
    #[arg(long)]
    engine: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Output file (project format: pos notation, one opening a line).
    #[arg(long)]
    out: PathBuf,
}

#[derive(clap::Args)]
struct VerifyArgs {
    /// The book to verify (format detected).
    file: PathBuf,
    #[command(flatten)]
    board: BoardArgs,
    /// Engine config (RON); the default engine if omitted.
    #[arg(long)]
    engine: Option<PathBuf>,
    /// Games per opening.
    #[arg(long, default_value_t = 2)]
    games_per_opening: u32,
    /// Engine tie-break margin, so repeated games of an opening differ.
    #[arg(long, default_value_t = 20)]
    tie_break: i32,
    /// Flag openings whose first-mover score is further than this from 0.5.
    #[arg(long, default_value_t = 0.5)]
    lopsided: f64,
    /// Draw after this many stones.
    #[arg(long)]
    move_cap: Option<usize>,
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Write the book without the lopsided openings here.
    #[arg(long)]
    prune: Option<PathBuf>,
    /// Print a per-opening table.
    #[arg(long)]
    per_opening: bool,
    /// Play only the games with job index % N == I, given as I/N (the job list is every
    /// (opening, game), opening-major); combine the shards' --journal files with --merge.
    #[arg(long, value_parser = super::tournament::parse_shard)]
    shard: Option<(usize, usize)>,
    /// Write one JSON line per game played: {run, shard, jobs, job, opening, game, result}.
    #[arg(long)]
    journal: Option<PathBuf>,
    /// Play nothing: summarize the games of these --journal files (of the same book and
    /// options; each game once; missing games are reported, exit code 3).
    #[arg(long, num_args = 1.., conflicts_with_all = ["shard", "journal"])]
    merge: Vec<PathBuf>,
}

/// One game of `openings verify --journal`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct VerifyLine {
    /// Hash of the book and every option that decides the games (not --lopsided).
    run: String,
    /// The shard `[I, N]` that played it, null when unsharded.
    shard: Option<[usize; 2]>,
    /// Jobs of the whole verification.
    jobs: usize,
    job: usize,
    opening: usize,
    game: u32,
    result: Option<GameResult>,
}

/// The verification's run hash: FNV-1a of the book, board, rule, engine and play options.
fn verify_run_hash(openings: &[Opening], params: &VerifyParams, engine_debug: &str) -> String {
    let book: Vec<String> = openings
        .iter()
        .map(|o| gomoku_board::notation::format_pos_moves(&o.moves).unwrap_or_default())
        .collect();
    let key = serde_json::json!({
        "book": book,
        "board": [params.geometry.width, params.geometry.height, params.geometry.k],
        "rule": params.rule.name(),
        "games_per_opening": params.games_per_opening,
        "tie_break": params.tie_break_margin,
        "move_cap": params.move_cap,
        "seed": params.seed,
        "engine": engine_debug,
    });
    format!("{:016x}", fnv1a64(key.to_string().as_bytes()))
}

/// Reads `--journal` files of one verification run: each game once (identical repeats are
/// dropped and counted), refusing another run's games or one game with two results.
fn read_verify_journals(
    files: &[PathBuf],
    run: &str,
    jobs: usize,
) -> Result<(Vec<VerifyGame>, usize)> {
    let mut games: BTreeMap<usize, (VerifyLine, &Path)> = BTreeMap::new();
    let mut duplicates = 0;
    for file in files {
        let text =
            std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
        // A last line without its newline was torn by a kill: ignore it.
        let whole = match text.rfind('\n') {
            Some(end) => &text[..=end],
            None => "",
        };
        for (n, line) in whole.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let l: VerifyLine = serde_json::from_str(line).with_context(|| {
                format!("{}:{}: not a verify journal line", file.display(), n + 1)
            })?;
            if l.run != run {
                bail!(
                    "{}:{}: games of verification run {}, but this book and these options are run {run}; pass the book and options the shards were run with",
                    file.display(),
                    n + 1,
                    l.run
                );
            }
            if l.jobs != jobs || l.job >= jobs {
                bail!(
                    "{}:{}: job {} of {} jobs, but this verification has {jobs}",
                    file.display(),
                    n + 1,
                    l.job,
                    l.jobs
                );
            }
            match games.get(&l.job) {
                None => {
                    games.insert(l.job, (l, file));
                }
                Some((kept, from)) => {
                    let same =
                        (kept.opening, kept.game, kept.result) == (l.opening, l.game, l.result);
                    if !same {
                        bail!(
                            "job {} has two different results, in {} and in {}",
                            l.job,
                            from.display(),
                            file.display()
                        );
                    }
                    duplicates += 1;
                }
            }
        }
    }
    let games = games
        .into_values()
        .map(|(l, _)| VerifyGame {
            job: l.job,
            opening: l.opening,
            game: l.game,
            result: l.result,
        })
        .collect();
    Ok((games, duplicates))
}

fn write_verify_journal(
    path: &Path,
    run: &str,
    shard: Option<(usize, usize)>,
    jobs: usize,
    games: &[VerifyGame],
) -> Result<()> {
    let mut text = String::new();
    for g in games {
        let line = VerifyLine {
            run: run.to_string(),
            shard: shard.map(|(i, n)| [i, n]),
            jobs,
            job: g.job,
            opening: g.opening,
            game: g.game,
            result: g.result,
        };
        text += &serde_json::to_string(&line).expect("verify lines serialize");
        text.push('\n');
    }
    write_file(path, &text)
}

#[derive(clap::Args)]
struct ConvertArgs {
    /// The book to read (format detected).
    file: PathBuf,
    #[command(flatten)]
    board: BoardArgs,
    /// Output format: offset, pos (project format) or gtp.
    #[arg(long)]
    to: String,
    /// Output file.
    #[arg(long)]
    out: PathBuf,
}

/// Runs `openings`.
pub fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Sub::Generate(a) => run_generate(a),
        Sub::Verify(a) => run_verify(a),
        Sub::Convert(a) => run_convert(a),
    }
}

fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        b = b.num_threads(n);
    }
    b.build().context("starting the worker pool")
}

fn parse_range(s: &str) -> Result<std::ops::RangeInclusive<usize>> {
    let parse = |t: &str| {
        t.trim()
            .parse::<usize>()
            .with_context(|| format!("bad number '{t}' in --stones"))
    };
    if let Some((a, b)) = s.split_once("..=") {
        Ok(parse(a)?..=parse(b)?)
    } else if let Some((a, b)) = s.split_once("..") {
        let (a, b) = (parse(a)?, parse(b)?);
        if b == 0 {
            bail!("empty range '{s}'");
        }
        Ok(a..=b - 1)
    } else {
        let n = parse(s)?;
        Ok(n..=n)
    }
}

/// Reads a book file of any supported format and checks every line against board and rule.
pub fn read_book(path: &Path, geometry: Geometry, rule: Rule) -> Result<Vec<Opening>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let format = BookFormat::detect(&text)
        .with_context(|| format!("{}: cannot tell the book format", path.display()))?;
    parse_book(&text, format, geometry, rule).with_context(|| format!("{}", path.display()))
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

fn run_generate(a: GenerateArgs) -> Result<ExitCode> {
    let geometry = a.board.geometry();
    let rule = a.board.rule()?;
    let engine = super::engine_params(a.engine.as_deref())?;
    let mut params = GenerateParams::new(geometry, rule, a.count, a.seed);
    params.stones = parse_range(&a.stones)?;
    params.area = a.area;
    params.depth = a.depth;
    params.margin = a.margin;
    params.balance_moves = a.balance;
    params.to_move = match a.to_move.as_str() {
        "white" => Some(gomoku_board::Color::White),
        "black" => Some(gomoku_board::Color::Black),
        "any" => None,
        other => bail!("--to-move must be white, black or any, not '{other}'"),
    };
    let started = std::time::Instant::now();
    let book = pool(a.threads)?.install(|| generate(&params, &engine))?;
    let openings: Vec<Opening> = book.openings.iter().map(|g| g.opening.clone()).collect();
    let mut header = String::new();
    let engine_name = a
        .engine
        .as_ref()
        .map_or("built-in default".to_string(), |p| p.display().to_string());
    writeln!(
        header,
        "gomoku-arena opening book: {} openings, {geometry}, {rule}",
        openings.len()
    )?;
    writeln!(
        header,
        "made by: gomoku-arena openings generate --size {} --rule {rule} --count {} --stones {} --area {} --depth {} --margin {} --balance {} --to-move {} --seed {}{}",
        geometry.width,
        a.count,
        a.stones,
        a.area,
        a.depth,
        a.margin,
        a.balance,
        a.to_move,
        a.seed,
        a.engine
            .as_ref()
            .map_or(String::new(), |p| format!(" --engine {}", p.display()))
    )?;
    writeln!(
        header,
        "engine: {engine_name} (depth {} search for the balance check)",
        a.depth
    )?;
    writeln!(
        header,
        "attempts: {}; rejected: {} threats, {} VCF, {} unbalanced, {} duplicates under symmetry",
        book.attempts,
        book.rejected.threat,
        book.rejected.vcf,
        book.rejected.unbalanced,
        book.rejected.duplicate
    )?;
    write!(
        header,
        "format: pos notation (letter = column from a, number = row from the top), Black first"
    )?;
    let text = write_pos_book(&openings, &header)?;
    write_file(&a.out, &text)?;
    let scores: Vec<i32> = book.openings.iter().map(|g| g.score).collect();
    let mean = scores.iter().map(|&s| s as f64).sum::<f64>() / scores.len().max(1) as f64;
    println!(
        "wrote {} openings to {} in {:.1} s ({} attempts; mean search score {:.1})",
        openings.len(),
        a.out.display(),
        started.elapsed().as_secs_f64(),
        book.attempts,
        mean
    );
    Ok(ExitCode::SUCCESS)
}

fn run_verify(a: VerifyArgs) -> Result<ExitCode> {
    let geometry = a.board.geometry();
    let rule = a.board.rule()?;
    let openings = read_book(&a.file, geometry, rule)?;
    let engine = super::engine_params(a.engine.as_deref())?;
    let params = VerifyParams {
        geometry,
        rule,
        games_per_opening: a.games_per_opening,
        tie_break_margin: a.tie_break,
        lopsided: a.lopsided,
        move_cap: a.move_cap,
        seed: a.seed,
    };
    let started = std::time::Instant::now();
    let run = verify_run_hash(&openings, &params, &format!("{engine:?}"));
    let jobs = verify_jobs(openings.len(), params.games_per_opening).len();
    let games = if a.merge.is_empty() {
        let games =
            pool(a.threads)?.install(|| verify_games(&openings, &params, &engine, a.shard))?;
        if let Some(path) = &a.journal {
            write_verify_journal(path, &run, a.shard, jobs, &games)?;
            eprintln!(
                "verify: {} games journaled to {}",
                games.len(),
                path.display()
            );
        }
        games
    } else {
        let (games, duplicates) = read_verify_journals(&a.merge, &run, jobs)?;
        if duplicates > 0 {
            eprintln!("verify: warning: {duplicates} duplicate games (identical) counted once");
        }
        games
    };
    let missing: Vec<usize> = {
        let have: std::collections::HashSet<usize> = games.iter().map(|g| g.job).collect();
        (0..jobs).filter(|j| !have.contains(j)).collect()
    };
    if let Some((i, n)) = a.shard {
        eprintln!(
            "verify: shard {i}/{n} of run {run}: {} of {jobs} games (the figures below are this shard's only)",
            games.len()
        );
    }
    let report = tally(openings.len(), &games, params.lopsided);
    if a.per_opening {
        println!(
            "{:>5}  {:>5}  {:>4} {:>4} {:>4}  {:>6}  opening",
            "#", "games", "B", "W", "D", "score"
        );
        for s in &report.openings {
            let moves = gomoku_board::notation::format_pos_moves(&openings[s.index].moves)
                .unwrap_or_default();
            println!(
                "{:>5}  {:>5}  {:>4} {:>4} {:>4}  {:>6.3}  {moves}",
                s.index + 1,
                s.games,
                s.black_wins,
                s.white_wins,
                s.draws,
                s.first_mover_score()
            );
        }
    }
    let games: u32 = report.openings.iter().map(|s| s.games).sum();
    let (b, w, d): (u32, u32, u32) = report.openings.iter().fold((0, 0, 0), |(b, w, d), s| {
        (b + s.black_wins, w + s.white_wins, d + s.draws)
    });
    println!(
        "{} openings, {games} games in {:.1} s: first-mover (Black) score {:.3} (B {b} / W {w} / D {d}), per-opening spread (sd) {:.3}, {} lopsided (|score - 0.5| > {})",
        openings.len(),
        started.elapsed().as_secs_f64(),
        report.overall,
        report.spread,
        report.lopsided.len(),
        a.lopsided
    );
    let incomplete = a.shard.is_none() && !missing.is_empty();
    if incomplete {
        let first: Vec<String> = missing.iter().take(10).map(|j| j.to_string()).collect();
        eprintln!(
            "verify: INCOMPLETE: {} of {jobs} games missing (jobs {}{})",
            missing.len(),
            first.join(", "),
            if missing.len() > 10 { ", ..." } else { "" }
        );
    }
    if let Some(out) = &a.prune {
        if a.shard.is_some() || incomplete {
            bail!(
                "--prune needs every game of the book: merge the shards' journals with --merge first"
            );
        }
        let keep: Vec<Opening> = openings
            .iter()
            .enumerate()
            .filter(|(i, _)| !report.lopsided.contains(i))
            .map(|(_, o)| o.clone())
            .collect();
        let header = format!(
            "pruned from {} by: gomoku-arena openings verify --games-per-opening {} --tie-break {} --lopsided {} --seed {}\nkept {} of {} openings",
            a.file.display(),
            a.games_per_opening,
            a.tie_break,
            a.lopsided,
            a.seed,
            keep.len(),
            openings.len()
        );
        write_file(out, &write_pos_book(&keep, &header)?)?;
        println!("wrote {} openings to {}", keep.len(), out.display());
    }
    if incomplete {
        return Ok(ExitCode::from(super::merge::INCOMPLETE));
    }
    Ok(ExitCode::SUCCESS)
}

fn run_convert(a: ConvertArgs) -> Result<ExitCode> {
    let geometry = a.board.geometry();
    let rule = a.board.rule()?;
    let openings = read_book(&a.file, geometry, rule)?;
    let text = match a.to.as_str() {
        "offset" => write_offset(&openings, geometry),
        "pos" => write_pos_book(&openings, &format!("converted from {}", a.file.display()))?,
        "gtp" => gomoku_board::opening::write_gtp_book(&openings, geometry),
        other => bail!("--to must be offset, pos or gtp, not '{other}'"),
    };
    write_file(&a.out, &text)?;
    println!("wrote {} openings to {}", openings.len(), a.out.display());
    Ok(ExitCode::SUCCESS)
}
