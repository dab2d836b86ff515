//! The game session, free of terminal I/O: it takes one command line at a time, changes the
//! game and writes plain-text output lines to a sink. The engine is behind the [`Brain`]
//! trait, so tests can drive a session with a scripted player.

use crate::brain::{Brain, Humans, summary};
use crate::record::Record;
use crate::view::{self, playable_board, pos_list, show};
use gomoku_board::notation::parse_pos;
use gomoku_board::renju::forbidden_kind;
use gomoku_board::sgf::SgfGame;
use gomoku_board::{Board, BoardError, Color, Geometry, Outcome, Rule};
use std::path::Path;

/// Whether the input loop should go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// Stop (the user typed `quit`).
    Quit,
}

/// The output of one command, collected (see [`Session::run_line`]).
#[cfg(test)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The lines printed.
    pub lines: Vec<String>,
    /// Whether the session asked to stop.
    pub quit: bool,
}

#[cfg(test)]
impl Reply {
    /// All lines joined with newlines, for assertions.
    pub fn text(&self) -> String {
        self.lines.join("\n")
    }
}

/// A game between a person and the engine, driven one command line at a time.
pub struct Session<B: Brain> {
    humans: Humans,
    brain: B,
    board: Board,
    /// Set-up stones, first mover and the comment of each move.
    record: Record,
    /// The side that resigned, if one did.
    resigned: Option<Color>,
    /// Set when the engine could not move; cleared by `new`, `undo` and `load`.
    stalled: bool,
}

/// The text of `help`.
const HELP: &[&str] = &[
    "commands:",
    "  h8             play a move: column letter a.., row number 1.. (row 1 is the top line)",
    "  hint           the engine's suggestion for the side to move, with its score and line",
    "  undo           take back your last move and the engine's reply",
    "  save FILE.sgf  write the game to an SGF file",
    "  load FILE.sgf  continue from a recorded game (load FILE.sgf N: game N of a collection)",
    "  resign         give up the game",
    "  new            start a new game",
    "  board          draw the board again",
    "  help           this list",
    "  quit           leave (end of input does too)",
    "board: X black, O white, [ ] the last move, ! a point forbidden to black (renju)",
];

impl<B: Brain> Session<B> {
    /// A session on an empty board. Fails on a board the session cannot show or play:
    /// an invalid geometry, more than 26 columns, or renju with k other than 5.
    pub fn new(geometry: Geometry, rule: Rule, humans: Humans, brain: B) -> Result<Self, String> {
        let board = playable_board(geometry, rule)?;
        Ok(Session {
            humans,
            brain,
            board,
            record: Record::empty(),
            resigned: None,
            stalled: false,
        })
    }

    /// Whether the game has ended (five, full board or resignation).
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.board.outcome().is_some()
    }

    /// Prints the header and the position, then lets the engine move if it is its turn
    /// (with `--human none`, the whole game is played here).
    pub fn start(&mut self, out: &mut dyn FnMut(&str)) {
        let g = self.board.geometry();
        out(&format!(
            "gomoku-arena play: {}x{} {}, {} in a row; {}",
            g.width,
            g.height,
            self.board.rule(),
            g.k,
            self.roles()
        ));
        out("type a move such as h8, or help for the commands");
        self.engine_then_report(out);
    }

    /// Runs one command line and writes its output to `out`.
    pub fn command(&mut self, line: &str, out: &mut dyn FnMut(&str)) -> Flow {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let lower = word.to_ascii_lowercase();
        match lower.as_str() {
            "" => {}
            "quit" | "exit" | "q" => {
                out("bye");
                return Flow::Quit;
            }
            "help" | "?" => HELP.iter().for_each(|l| out(l)),
            "board" => self.report(out),
            "new" => self.new_game(out),
            "undo" => self.undo(out),
            "hint" => self.hint(out),
            "resign" => self.resign(out),
            "save" => self.save(rest, out),
            "load" => self.load(rest, out),
            _ if looks_like_a_point(word) => {
                if rest.is_empty() {
                    self.human_move(word, out);
                } else {
                    out("one move at a time, please");
                }
            }
            _ => {
                // A bounded echo: the word may be a whole pasted file.
                let cut: String = word.chars().take(40).collect();
                let more = if cut.len() < word.len() { "..." } else { "" };
                out(&format!(
                    "unknown command '{cut}{more}' (type help for the list)"
                ))
            }
        }
        Flow::Continue
    }

    /// Loads an SGF file and continues from it (what the `load` command does), returning the
    /// error as one line instead of printing it. A collection (such as a run's `games.sgf`)
    /// needs `game`, the number of the game in it from 1; a file of one game takes none.
    pub fn load_file(
        &mut self,
        path: &Path,
        game: Option<usize>,
        out: &mut dyn FnMut(&str),
    ) -> Result<(), String> {
        let loaded = Record::load(path, game, self.board.rule())?;
        self.board = loaded.board;
        self.record = loaded.record;
        self.resigned = None;
        self.stalled = false;
        self.brain.new_game();
        out(&loaded.message);
        Ok(())
    }

    /// Who plays what, for the header.
    fn roles(&self) -> String {
        let engine = self.brain.name();
        match self.humans {
            Humans::Black => format!("you play black (X), {engine} plays white (O)"),
            Humans::White => format!("{engine} plays black (X), you play white (O)"),
            Humans::Both => format!("you play both sides; {engine} gives hints"),
            Humans::None => format!("{engine} plays both sides"),
        }
    }

    /// The points forbidden to Black, while the game goes on.
    fn forbidden(&self) -> Vec<gomoku_board::Pos> {
        if self.is_over() {
            Vec::new()
        } else {
            view::forbidden_for_black(&self.board)
        }
    }

    /// Draws the board and says whose turn it is or how the game ended.
    fn report(&self, out: &mut dyn FnMut(&str)) {
        let forbidden = self.forbidden();
        for line in view::draw(&self.board, &forbidden) {
            out(&line);
        }
        if !forbidden.is_empty() {
            out(&format!(
                "forbidden for black ({}): {}",
                view::FORBIDDEN,
                pos_list(&forbidden)
            ));
        }
        if let Some(color) = self.resigned {
            out(&format!(
                "game over: {color} resigns, {} wins",
                color.opponent()
            ));
        } else if let Some(outcome) = self.board.outcome() {
            match outcome {
                Outcome::Win(color) => {
                    let line = self.board.winning_line().unwrap_or_default();
                    out(&format!("game over: {color} wins with {}", pos_list(&line)));
                }
                Outcome::Draw => out("game over: draw, the board is full"),
            }
        } else {
            let color = self.board.to_move();
            let n = self.board.history().len() + 1;
            let who = if self.humans.plays(color) {
                ""
            } else {
                " (the engine has no move)"
            };
            out(&format!(
                "{color} ({}) to move, move {n}{who}",
                view::glyph(color)
            ));
            return;
        }
        out("type new, undo, save FILE, load FILE or quit");
    }

    /// Lets the engine play while it is its turn, then reports the position.
    fn engine_then_report(&mut self, out: &mut dyn FnMut(&str)) {
        while !self.is_over() && !self.stalled && !self.humans.plays(self.board.to_move()) {
            self.engine_move(out);
        }
        self.report(out);
    }

    /// One engine move, announced as `white: engine plays h8 (depth 4, score 120, 3.2 ms)`.
    fn engine_move(&mut self, out: &mut dyn FnMut(&str)) {
        let color = self.board.to_move();
        let thought = self.brain.think(&self.board);
        let Some(best) = thought.best else {
            out(&format!("{color}: the engine has no move"));
            self.stalled = true;
            return;
        };
        if let Err(e) = self.board.try_make(best) {
            out(&format!("{color}: the engine chose an illegal move: {e}"));
            self.stalled = true;
            return;
        }
        let summary = summary(&thought);
        out(&format!("{color}: engine plays {} ({summary})", show(best)));
        self.record.comments.push(Some(summary));
    }

    fn human_move(&mut self, text: &str, out: &mut dyn FnMut(&str)) {
        if self.is_over() {
            out("the game is over: type new, undo, save FILE, load FILE or quit");
            return;
        }
        let color = self.board.to_move();
        if !self.humans.plays(color) {
            out(&format!("it is the engine's turn ({color})"));
            return;
        }
        let pos = match parse_pos(text, self.board.geometry()) {
            Ok(p) => p,
            Err(e) => {
                out(&format!("invalid move '{text}': {}", parse_message(&e)));
                return;
            }
        };
        let name = show(pos);
        if self.board.cell(pos).color().is_some() {
            out(&format!("{name} is occupied"));
            return;
        }
        if self.board.is_forbidden(pos) {
            let mut scratch = self.board.clone();
            let why =
                forbidden_kind(&mut scratch, pos).map_or_else(String::new, |k| format!(" ({k})"));
            out(&format!("{name} is forbidden for black under renju{why}"));
            return;
        }
        if let Err(e) = self.board.try_make(pos) {
            out(&format!("{name} cannot be played: {e}"));
            return;
        }
        self.record.comments.push(None);
        self.engine_then_report(out);
    }

    fn hint(&mut self, out: &mut dyn FnMut(&str)) {
        if self.is_over() {
            out("the game is over: no hint");
            return;
        }
        let thought = self.brain.think(&self.board);
        match thought.best {
            None => out("hint: the engine finds no move"),
            Some(best) => {
                let pv: Vec<String> = thought.pv.iter().map(|&p| show(p)).collect();
                out(&format!(
                    "hint: {} ({}) pv {}",
                    show(best),
                    summary(&thought),
                    pv.join(" ")
                ));
            }
        }
    }

    fn undo(&mut self, out: &mut dyn FnMut(&str)) {
        if let Some(color) = self.resigned.take() {
            out(&format!("{color} takes back the resignation"));
            self.report(out);
            return;
        }
        if self.humans == Humans::None {
            out("undo needs a human player (--human black, white or both)");
            return;
        }
        let history = self.board.history();
        let Some(keep) = (0..history.len())
            .rev()
            .find(|&i| self.humans.plays(self.record.color_of(i)))
        else {
            out("nothing to undo");
            return;
        };
        let mut taken = Vec::new();
        while self.board.history().len() > keep {
            if let Some(p) = self.board.unmake() {
                taken.push(p);
            }
        }
        taken.reverse();
        self.record.comments.truncate(keep);
        self.stalled = false;
        out(&format!("took back {}", pos_list(&taken)));
        self.report(out);
    }

    fn resign(&mut self, out: &mut dyn FnMut(&str)) {
        if self.is_over() {
            out("the game is over already");
            return;
        }
        let color = self.board.to_move();
        if !self.humans.plays(color) {
            out("only a human player can resign");
            return;
        }
        self.resigned = Some(color);
        self.report(out);
    }

    fn new_game(&mut self, out: &mut dyn FnMut(&str)) {
        let geometry = self.board.geometry();
        match Board::new(geometry, self.board.rule()) {
            Ok(board) => self.board = board,
            Err(e) => {
                out(&format!("cannot start a new game: {e}"));
                return;
            }
        }
        self.record = Record::empty();
        self.resigned = None;
        self.stalled = false;
        self.brain.new_game();
        out("new game");
        self.engine_then_report(out);
    }

    /// The game as SGF: set-up stones, moves with the engine's comments, rule and result.
    pub fn to_sgf(&self) -> SgfGame {
        let engine = self.brain.name();
        let name = |c: Color| {
            if self.humans.plays(c) {
                "human".to_string()
            } else {
                engine.clone()
            }
        };
        let result = match self.resigned {
            Some(c) => Some(Outcome::Win(c.opponent())),
            None => self.board.outcome(),
        };
        self.record.to_sgf(&self.board, name, result)
    }

    fn save(&mut self, path: &str, out: &mut dyn FnMut(&str)) {
        if path.is_empty() {
            out("usage: save FILE.sgf");
            return;
        }
        let text = self.to_sgf().to_sgf();
        match std::fs::write(path, text) {
            Ok(()) => out(&format!(
                "saved {} moves to {path}",
                self.board.history().len()
            )),
            Err(e) => out(&format!("cannot save {path}: {e}")),
        }
    }

    fn load(&mut self, rest: &str, out: &mut dyn FnMut(&str)) {
        if rest.is_empty() {
            out("usage: load FILE.sgf [N] (N: the game's number in a collection, from 1)");
            return;
        }
        // `load FILE N`: a trailing number picks a game of a collection.
        let (path, game) = match rest.rsplit_once(' ') {
            Some((path, n)) if n.parse::<usize>().is_ok() => (path.trim(), n.parse().ok()),
            _ => (rest, None),
        };
        match self.load_file(Path::new(path), game, out) {
            Ok(()) => self.engine_then_report(out),
            Err(e) => out(&format!("cannot load {e}")),
        }
    }
}

#[cfg(test)]
impl<B: Brain> Session<B> {
    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Runs one command line and collects its output.
    pub fn run_line(&mut self, line: &str) -> Reply {
        let mut lines = Vec::new();
        let flow = self.command(line, &mut |l: &str| lines.push(l.to_string()));
        Reply {
            lines,
            quit: flow == Flow::Quit,
        }
    }

    /// Collects the output of [`Session::start`].
    pub fn start_lines(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        self.start(&mut |l: &str| lines.push(l.to_string()));
        lines
    }
}

/// Whether a word is meant as a point: a letter followed by a digit (`h8`, `z99`).
fn looks_like_a_point(word: &str) -> bool {
    let mut chars = word.chars();
    matches!(
        (chars.next(), chars.next()),
        (Some(a), Some(d)) if a.is_ascii_alphabetic() && d.is_ascii_digit()
    )
}

/// A board error's message without the `line 1, column 1:` of single-token parses.
fn parse_message(e: &BoardError) -> String {
    match e {
        BoardError::Parse { message, .. } => message.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brain::Thought;
    use gomoku_board::Pos;
    use gomoku_board::sgf::parse_sgf;
    use std::time::Duration;

    /// Plays the first empty legal point of a fixed list, then the first legal point.
    struct Scripted {
        prefer: Vec<Pos>,
        games: usize,
    }

    impl Brain for Scripted {
        fn new_game(&mut self) {
            self.games += 1;
        }
        fn think(&mut self, board: &Board) -> Thought {
            let best = self
                .prefer
                .iter()
                .copied()
                .chain(board.points())
                .find(|&p| board.is_legal(p));
            Thought {
                best,
                score: 7,
                win_in: None,
                pv: best.into_iter().collect(),
                depth: 1,
                time: Duration::from_micros(1500),
            }
        }
        fn name(&self) -> String {
            "scripted".into()
        }
    }

    fn p(s: &str) -> Pos {
        parse_pos(s, Geometry::square(15)).unwrap()
    }

    fn session(humans: Humans, rule: Rule, prefer: &[&str]) -> Session<Scripted> {
        let brain = Scripted {
            prefer: prefer.iter().map(|s| p(s)).collect(),
            games: 0,
        };
        Session::new(Geometry::square(15), rule, humans, brain).unwrap()
    }

    #[test]
    fn a_move_gets_an_engine_reply_and_a_board() {
        let mut s = session(Humans::Black, Rule::Freestyle, &["a1"]);
        let start = s.start_lines();
        assert!(start[0].contains("you play black"), "{start:?}");
        assert_eq!(start.last().unwrap(), "black (X) to move, move 1");
        let r = s.run_line("h8");
        let text = r.text();
        assert!(
            text.contains("white: engine plays a1 (depth 1, score 7, 1.5 ms)"),
            "{text}"
        );
        assert!(
            text.contains(" 8 . . . . . . . X . . . . . . . 8"),
            "{text}"
        );
        assert!(text.contains(" 1[O]. "), "{text}");
        assert_eq!(r.lines.last().unwrap(), "black (X) to move, move 3");
        assert_eq!(s.board().history(), &[p("h8"), p("a1")]);
    }

    #[test]
    fn bad_input_is_one_line_and_changes_nothing() {
        let mut s = session(Humans::Black, Rule::Freestyle, &["a1"]);
        s.start_lines();
        s.run_line("h8");
        for (input, expect) in [
            (
                "p16",
                "invalid move 'p16': p16 (15,15) is off the 15x15 board",
            ),
            ("h0", "invalid move 'h0': h0: rows are numbered from 1"),
            ("h8", "h8 is occupied"),
            ("A1", "a1 is occupied"),
            ("fly", "unknown command 'fly' (type help for the list)"),
            ("h9 h10", "one move at a time, please"),
            ("save", "usage: save FILE.sgf"),
        ] {
            let r = s.run_line(input);
            assert_eq!(r.lines, vec![expect.to_string()], "{input}");
        }
        assert_eq!(s.board().history().len(), 2);
        assert!(s.run_line("").lines.is_empty());
    }

    #[test]
    fn undo_takes_back_the_reply_and_the_move() {
        let mut s = session(Humans::Black, Rule::Freestyle, &["a1", "a2"]);
        s.start_lines();
        assert_eq!(s.run_line("undo").lines, vec!["nothing to undo"]);
        s.run_line("h8");
        s.run_line("h9");
        let r = s.run_line("undo");
        assert_eq!(r.lines[0], "took back h9 a2");
        assert_eq!(s.board().history(), &[p("h8"), p("a1")]);
        assert_eq!(s.board().to_move(), Color::Black);
        s.run_line("undo");
        assert!(s.board().history().is_empty());
    }

    #[test]
    fn engine_plays_black_when_the_human_is_white() {
        let mut s = session(Humans::White, Rule::Freestyle, &["h8"]);
        let lines = s.start_lines();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("black: engine plays h8"))
        );
        assert_eq!(lines.last().unwrap(), "white (O) to move, move 2");
        s.run_line("a1");
        assert_eq!(s.run_line("undo").lines[0], "took back a1 b1");
        assert_eq!(s.board().history(), &[p("h8")]);
        assert_eq!(s.run_line("undo").lines, vec!["nothing to undo"]);
    }

    #[test]
    fn a_five_ends_the_game_and_only_some_commands_remain() {
        let mut s = session(Humans::Black, Rule::Freestyle, &["a1", "b1", "c1", "d1"]);
        s.start_lines();
        for m in ["h8", "h9", "h10", "h11"] {
            s.run_line(m);
        }
        let r = s.run_line("h12");
        let text = r.text();
        assert!(
            text.contains("game over: black wins with h8 h9 h10 h11 h12"),
            "{text}"
        );
        assert!(!text.contains("engine plays"), "{text}");
        assert!(s.is_over());
        assert!(s.run_line("a5").lines[0].starts_with("the game is over"));
        assert!(s.run_line("hint").lines[0].starts_with("the game is over"));
        assert_eq!(s.run_line("undo").lines[0], "took back h12");
        assert!(!s.is_over());
        let r = s.run_line("new");
        assert_eq!(r.lines[0], "new game");
        assert!(s.board().history().is_empty());
        assert_eq!(s.brain.games, 1);
        assert!(s.run_line("quit").quit);
    }

    #[test]
    fn demo_plays_to_the_end() {
        let g = Geometry {
            width: 5,
            height: 5,
            k: 4,
        };
        let brain = Scripted {
            prefer: vec![],
            games: 0,
        };
        let mut s = Session::new(g, Rule::Freestyle, Humans::None, brain).unwrap();
        let lines = s.start_lines();
        assert!(s.is_over());
        // First legal point row by row: black a1 c1 e1 b2.. white b1 d1 a2..; a column or
        // diagonal ends it; whatever it is, the announcement names the winning line.
        let last = &lines[lines.len() - 2];
        assert!(last.starts_with("game over: "), "{lines:?}");
        assert_eq!(
            lines.last().unwrap(),
            "type new, undo, save FILE, load FILE or quit"
        );
        assert!(s.run_line("undo").lines[0].starts_with("undo needs a human"));
    }

    #[test]
    fn renju_forbidden_points_are_marked_and_refused() {
        // Black f8 g8 (a row) and h6 h7 (a column): h8 would make two open threes.
        let mut s = session(Humans::Both, Rule::Renju, &[]);
        s.start_lines();
        for m in ["f8", "a1", "g8", "a3", "h6", "a5", "h7", "a7"] {
            let r = s.run_line(m);
            assert!(r.lines.last().unwrap().contains("to move"), "{m}: {r:?}");
        }
        let board = s.run_line("board").text();
        assert!(board.contains("forbidden for black (!): h8"), "{board}");
        assert!(board.contains(" 8 . . . . . X X ! "), "{board}");
        let r = s.run_line("h8");
        assert_eq!(
            r.lines,
            vec!["h8 is forbidden for black under renju (double-three)"]
        );
        assert_eq!(s.board().history().len(), 8);
    }

    #[test]
    fn a_position_already_won_is_not_loaded() {
        let dir = std::env::temp_dir();
        let mut s = session(Humans::None, Rule::Freestyle, &[]);
        s.start_lines();
        for (name, sgf, says) in [
            // Set-up stones: Black has five, White to move.
            (
                "setup",
                "(;GM[4]SZ[15]AB[hh][hi][hj][hk][hl]AW[aa][ab]PL[W])",
                "black has five in a row",
            ),
            // Both sides have five.
            (
                "both",
                "(;GM[4]SZ[15]AB[hh][hi][hj][hk][hl]AW[aa][ab][ac][ad][ae])",
                "has five in a row",
            ),
        ] {
            let path = dir.join(format!("play-won-{name}-{}.sgf", std::process::id()));
            std::fs::write(&path, sgf).unwrap();
            let before = s.board().clone();
            let err = s.load_file(&path, None, &mut |_| {}).unwrap_err();
            assert!(
                err.contains("the position is finished") && err.contains(says),
                "{err}"
            );
            assert_eq!(
                s.board().history(),
                before.history(),
                "the game in play is kept"
            );
            std::fs::remove_file(&path).unwrap();
        }
    }

    #[test]
    fn save_and_load_round_trip() {
        let dir = std::env::temp_dir();
        let path = dir.join(format!("play-session-{}.sgf", std::process::id()));
        let name = path.to_str().unwrap().to_string();
        let mut s = session(Humans::Black, Rule::Freestyle, &["a1", "a2"]);
        s.start_lines();
        s.run_line("h8");
        s.run_line("h9");
        let r = s.run_line(&format!("save {name}"));
        assert_eq!(r.lines, vec![format!("saved 4 moves to {name}")]);
        let game = parse_sgf(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let moves: Vec<Pos> = game.moves.iter().map(|m| m.1).collect();
        assert_eq!(moves, vec![p("h8"), p("a1"), p("h9"), p("a2")]);
        assert_eq!(game.comment(1), Some("depth 1, score 7, 1.5 ms"));
        assert_eq!(game.comment(0), None);
        assert_eq!(game.rule(), Some(Rule::Freestyle));

        let mut t = session(Humans::Black, Rule::Freestyle, &["b5"]);
        t.start_lines();
        let r = t.run_line(&format!("load {name}"));
        assert_eq!(
            r.lines[0],
            format!("loaded {name} (4 moves, 15x15 freestyle)")
        );
        assert_eq!(t.board().history(), s.board().history());
        assert_eq!(t.run_line("undo").lines[0], "took back h9 a2");
        let missing = dir.join("play-session-does-not-exist.sgf");
        let r = t.run_line(&format!("load {}", missing.display()));
        assert_eq!(r.lines.len(), 1);
        assert!(r.lines[0].starts_with("cannot load "), "{r:?}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn loading_a_game_with_the_engine_to_move_lets_it_move() {
        let path = std::env::temp_dir().join(format!("play-session-w-{}.sgf", std::process::id()));
        std::fs::write(&path, "(;FF[4]GM[4]SZ[15]RU[4];B[hh])").unwrap();
        let mut s = session(Humans::Black, Rule::Freestyle, &["a1"]);
        s.start_lines();
        let text = s.run_line(&format!("load {}", path.display())).text();
        assert!(text.contains("15x15 renju"), "{text}");
        assert!(text.contains("white: engine plays a1"), "{text}");
        assert_eq!(s.board().rule(), Rule::Renju);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn resign_and_hint() {
        let mut s = session(Humans::Black, Rule::Freestyle, &["c3", "a1"]);
        s.start_lines();
        assert_eq!(
            s.run_line("hint").lines,
            vec!["hint: c3 (depth 1, score 7, 1.5 ms) pv c3"]
        );
        let r = s.run_line("resign");
        assert!(r.text().contains("game over: black resigns, white wins"));
        assert_eq!(
            s.to_sgf().result,
            Some(Outcome::Win(Color::White)),
            "saved result"
        );
        assert_eq!(
            s.run_line("undo").lines[0],
            "black takes back the resignation"
        );
        assert!(!s.is_over());
    }

    #[test]
    fn case_spaces_and_line_ends_do_not_matter() {
        let mut s = session(Humans::Both, Rule::Freestyle, &[]);
        s.start_lines();
        assert!(
            s.run_line("  H8\r\n")
                .text()
                .ends_with("white (O) to move, move 2")
        );
        assert_eq!(s.run_line("UNDO\r").lines[0], "took back h8");
        assert!(s.run_line("\u{e9}8").lines[0].starts_with("unknown command"));
        assert!(s.run_line("Quit\r").quit);
    }

    #[test]
    fn too_wide_boards_are_refused() {
        let brain = Scripted {
            prefer: vec![],
            games: 0,
        };
        let g = Geometry::square(27);
        assert!(Session::new(g, Rule::Freestyle, Humans::Black, brain).is_err());
    }
}
