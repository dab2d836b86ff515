//! SGF (FF\[4\], GM\[4\] = Gomoku) for one game, read and written in the style of
//! c-gomoku-cli:
//!
//! ```text
//! (;FF[4]GM[4]SZ[15]PB[alpha]PW[beta]RE[B+1]RU[0]EV[alpha x beta]
//! ;B[hh]C[opening move];W[ig]C[opening move];B[ii]C[15ms];W[jj]C[12ms]
//! )
//! ```
//!
//! Points are two letters, column then row (row from the top), `a`..`z` then `A`..`Z`.
//! Only the main line of a game tree is read; other variations are checked for syntax and
//! dropped. Errors are [`BoardError::Parse`] with the line and column (from 1); errors about a
//! move also name its number.

use crate::{Board, BoardError, Color, Geometry, Outcome, Pos, Rule};

/// One game as stored in SGF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfGame {
    /// Board width and height (`SZ[15]` or `SZ[20:15]`); `k` is not stored in SGF and reads
    /// as 5 (or the longer side, if shorter).
    pub geometry: Geometry,
    /// Black's name (`PB`).
    pub black_name: Option<String>,
    /// White's name (`PW`).
    pub white_name: Option<String>,
    /// The result (`RE`): `B+1`, `W+1`, `0` for a draw; `None` if absent or unknown.
    pub result: Option<Outcome>,
    /// Black set-up stones (`AB`), placed before the first move.
    pub setup_black: Vec<Pos>,
    /// White set-up stones (`AW`), placed before the first move.
    pub setup_white: Vec<Pos>,
    /// The moves in order, colours alternating.
    pub moves: Vec<(Color, Pos)>,
    /// The comment (`C`) of each move, by index into `moves`. The reader makes it as long as
    /// `moves`; the writer treats missing entries as no comment.
    pub comments: Vec<Option<String>>,
    /// Other root properties in file order (`RU`, `EV`, `DT`, `GN`, `KM`, `C`, ...), each with
    /// its values unescaped.
    pub properties: Vec<(String, Vec<String>)>,
}

/// Root properties the reader and writer handle themselves.
const OWN: [&str; 10] = ["FF", "GM", "SZ", "PB", "PW", "RE", "AB", "AW", "B", "W"];

/// Moves written per line, as c-gomoku-cli does.
const MOVES_PER_LINE: usize = 8;

impl SgfGame {
    /// An empty game on `geometry`.
    pub fn new(geometry: Geometry) -> SgfGame {
        SgfGame {
            geometry,
            black_name: None,
            white_name: None,
            result: None,
            setup_black: Vec::new(),
            setup_white: Vec::new(),
            moves: Vec::new(),
            comments: Vec::new(),
            properties: Vec::new(),
        }
    }

    /// A game of `moves` played alternately from Black, with no comments.
    pub fn from_moves(geometry: Geometry, moves: &[Pos]) -> SgfGame {
        let mut game = SgfGame::new(geometry);
        let mut color = Color::Black;
        for &p in moves {
            game.moves.push((color, p));
            color = color.opponent();
        }
        game.comments = vec![None; moves.len()];
        game
    }

    /// Appends a move with an optional comment.
    pub fn push_move(&mut self, color: Color, pos: Pos, comment: Option<String>) {
        self.comments.resize(self.moves.len(), None);
        self.moves.push((color, pos));
        self.comments.push(comment);
    }

    /// The comment of move `index` (from 0), if any.
    pub fn comment(&self, index: usize) -> Option<&str> {
        self.comments.get(index).and_then(|c| c.as_deref())
    }

    /// The first value of an extra root property such as `EV` or `RU`.
    pub fn property(&self, id: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(k, _)| k == id)
            .and_then(|(_, v)| v.first())
            .map(String::as_str)
    }

    /// Sets an extra root property to one value, replacing any earlier one.
    pub fn set_property(&mut self, id: &str, value: impl Into<String>) {
        let value = vec![value.into()];
        match self.properties.iter_mut().find(|(k, _)| k == id) {
            Some(entry) => entry.1 = value,
            None => self.properties.push((id.to_string(), value)),
        }
    }

    /// The rule named by `RU`: the Gomocup codes c-gomoku-cli writes (0 freestyle,
    /// 1 exact five, 4 renju) or a rule name.
    pub fn rule(&self) -> Option<Rule> {
        let ru = self.property("RU")?.trim();
        match ru {
            "0" => Some(Rule::Freestyle),
            "1" => Some(Rule::Standard),
            "4" => Some(Rule::Renju),
            _ => ru.parse().ok(),
        }
    }

    /// Sets up the stones and plays every move on a board under `rule`, checking that each is
    /// legal, made by the side to move and made before the game ended; errors name the move.
    pub fn replay(&self, rule: Rule) -> Result<Board, BoardError> {
        let first = match self.moves.first() {
            Some(&(c, _)) => c,
            None => match self.property("PL").map(str::trim) {
                Some("W" | "w") => Color::White,
                _ => Color::Black,
            },
        };
        let mut board = Board::from_stones(
            self.geometry,
            rule,
            &self.setup_black,
            &self.setup_white,
            first,
        )?;
        for (i, &(color, pos)) in self.moves.iter().enumerate() {
            if color != board.to_move() {
                return Err(BoardError::WrongTurn {
                    expected: board.to_move(),
                    got: color,
                }
                .at_move(i + 1));
            }
            board.try_make(pos).map_err(|e| e.at_move(i + 1))?;
        }
        Ok(board)
    }

    /// Writes the game as SGF in c-gomoku-cli's layout (see [`write_sgf`]).
    pub fn to_sgf(&self) -> String {
        write_sgf(self)
    }
}

/// Writes one game: the root node on the first line, then the moves, eight per line, each
/// with its comment; ends with `)` and a newline.
pub fn write_sgf(game: &SgfGame) -> String {
    let mut out = String::from("(;FF[4]GM[4]");
    let g = game.geometry;
    if g.width == g.height {
        out.push_str(&format!("SZ[{}]", g.width));
    } else {
        out.push_str(&format!("SZ[{}:{}]", g.width, g.height));
    }
    for (id, value) in [("PB", &game.black_name), ("PW", &game.white_name)] {
        if let Some(v) = value {
            push_prop(&mut out, id, v);
        }
    }
    if let Some(result) = game.result {
        let re = match result {
            Outcome::Win(Color::Black) => "B+1",
            Outcome::Win(Color::White) => "W+1",
            Outcome::Draw => "0",
        };
        push_prop(&mut out, "RE", re);
    }
    for (id, values) in &game.properties {
        let id: String = id.chars().filter(char::is_ascii_uppercase).collect();
        if id.is_empty() || OWN.contains(&id.as_str()) || values.is_empty() {
            continue;
        }
        out.push_str(&id);
        for v in values {
            push_value(&mut out, v);
        }
    }
    for (id, stones) in [("AB", &game.setup_black), ("AW", &game.setup_white)] {
        if !stones.is_empty() {
            out.push_str(id);
            for &p in stones {
                out.push('[');
                push_point(&mut out, p);
                out.push(']');
            }
        }
    }
    out.push('\n');
    for (i, &(color, pos)) in game.moves.iter().enumerate() {
        if i > 0 && i % MOVES_PER_LINE == 0 {
            out.push('\n');
        }
        out.push(';');
        out.push_str(match color {
            Color::Black => "B[",
            Color::White => "W[",
        });
        push_point(&mut out, pos);
        out.push(']');
        if let Some(c) = game.comment(i) {
            push_prop(&mut out, "C", c);
        }
    }
    if !game.moves.is_empty() {
        out.push('\n');
    }
    out.push_str(")\n");
    out
}

fn push_prop(out: &mut String, id: &str, value: &str) {
    out.push_str(id);
    push_value(out, value);
}

fn push_value(out: &mut String, value: &str) {
    out.push('[');
    out.push_str(&escape_value(value));
    out.push(']');
}

/// A property value as SGF text: `]` and `\` escaped with a backslash. Every SGF writer of
/// the workspace goes through it (the run's `games.sgf` too), so any name reads back.
pub fn escape_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn coord_letter(v: u8) -> char {
    match v {
        0..=25 => (b'a' + v) as char,
        26..=51 => (b'A' + v - 26) as char,
        _ => '?',
    }
}

fn push_point(out: &mut String, p: Pos) {
    out.push(coord_letter(p.x));
    out.push(coord_letter(p.y));
}

fn letter_coord(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - b'a'),
        'A'..='Z' => Some(c as u8 - b'A' + 26),
        _ => None,
    }
}

/// Reads one game; text after it other than white space is an error (see
/// [`parse_sgf_collection`] for files with several games).
pub fn parse_sgf(text: &str) -> Result<SgfGame, BoardError> {
    let mut p = Parser::new(text);
    p.skip_ws();
    let game = p.game()?;
    p.skip_ws();
    if let Some(c) = p.peek() {
        return Err(p.error_here(format!(
            "unexpected '{c}' after the game (use a collection reader for several games)"
        )));
    }
    Ok(game)
}

/// Reads every game of a collection such as c-gomoku-cli's `-sgf` output file.
pub fn parse_sgf_collection(text: &str) -> Result<Vec<SgfGame>, BoardError> {
    let mut p = Parser::new(text);
    let mut games = Vec::new();
    loop {
        p.skip_ws();
        if p.peek().is_none() {
            return Ok(games);
        }
        games.push(p.game()?);
    }
}

/// A place in the text: line and column, from 1.
#[derive(Clone, Copy, Debug)]
struct Loc {
    line: usize,
    col: usize,
}

impl Loc {
    fn error(self, message: impl Into<String>) -> BoardError {
        BoardError::parse(self.line, self.col, message)
    }
}

struct Prop {
    id: String,
    loc: Loc,
    values: Vec<(String, Loc)>,
}

struct Parser {
    chars: Vec<char>,
    i: usize,
    loc: Loc,
}

impl Parser {
    fn new(text: &str) -> Parser {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Parser {
            chars: text.chars().collect(),
            i: 0,
            loc: Loc { line: 1, col: 1 },
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.loc.line += 1;
            self.loc.col = 1;
        } else {
            self.loc.col += 1;
        }
        Some(c)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn error_here(&self, message: impl Into<String>) -> BoardError {
        self.loc.error(message)
    }

    /// Reads one game tree and returns the nodes of its main line.
    fn tree(&mut self) -> Result<Vec<Vec<Prop>>, BoardError> {
        if self.peek() != Some('(') {
            let found = self
                .peek()
                .map_or("the end".to_string(), |c| format!("'{c}'"));
            return Err(self.error_here(format!("expected '(' to start a game, found {found}")));
        }
        self.bump();
        // had_child[d]: whether the tree open at depth d already has a child tree.
        let mut had_child = vec![false];
        // Depth at which a variation off the main line was entered.
        let mut skipping: Option<usize> = None;
        let mut nodes = Vec::new();
        let mut node_in_tree = false;
        loop {
            self.skip_ws();
            let loc = self.loc;
            let depth = had_child.len();
            match self.peek() {
                None => return Err(self.error_here("unexpected end: missing ')'")),
                Some(';') => {
                    if had_child[depth - 1] {
                        return Err(loc.error("a node after a variation"));
                    }
                    self.bump();
                    let node = self.node()?;
                    node_in_tree = true;
                    if skipping.is_none() {
                        nodes.push(node);
                    }
                }
                Some('(') => {
                    if !node_in_tree {
                        return Err(loc.error("a game tree must start with a node ';'"));
                    }
                    self.bump();
                    let last = depth - 1;
                    if skipping.is_none() && had_child[last] {
                        skipping = Some(depth + 1);
                    }
                    had_child[last] = true;
                    had_child.push(false);
                    node_in_tree = false;
                }
                Some(')') => {
                    if !node_in_tree && !had_child[depth - 1] {
                        return Err(loc.error("empty game tree"));
                    }
                    self.bump();
                    if skipping == Some(depth) {
                        skipping = None;
                    }
                    had_child.pop();
                    node_in_tree = true;
                    if had_child.is_empty() {
                        return Ok(nodes);
                    }
                }
                Some(c) => return Err(loc.error(format!("unexpected '{c}'"))),
            }
        }
    }

    /// Reads the properties of a node (after its ';').
    fn node(&mut self) -> Result<Vec<Prop>, BoardError> {
        let mut props: Vec<Prop> = Vec::new();
        loop {
            self.skip_ws();
            let loc = self.loc;
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => {
                    let mut id = String::new();
                    while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
                        // FF[3] allowed lowercase letters in identifiers; they are ignored.
                        if c.is_ascii_uppercase() {
                            id.push(c);
                        }
                        self.bump();
                    }
                    if id.is_empty() {
                        return Err(loc.error("a property identifier needs capital letters"));
                    }
                    self.skip_ws();
                    if self.peek() != Some('[') {
                        return Err(loc.error(format!("property {id} has no [value]")));
                    }
                    let mut values = Vec::new();
                    while self.peek() == Some('[') {
                        values.push(self.value(&id)?);
                        self.skip_ws();
                    }
                    if props.iter().any(|p| p.id == id) {
                        return Err(loc.error(format!("property {id} appears twice in a node")));
                    }
                    props.push(Prop { id, loc, values });
                }
                Some(';' | '(' | ')') | None => return Ok(props),
                Some(c) => return Err(loc.error(format!("unexpected '{c}' in a node"))),
            }
        }
    }

    /// Reads a `[value]`, unescaping `\x` and removing escaped line breaks.
    fn value(&mut self, id: &str) -> Result<(String, Loc), BoardError> {
        let open = self.loc;
        self.bump();
        let start = self.loc;
        let mut v = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(open.error(format!("value of property {id} is not closed by ']'")));
                }
                Some(']') => return Ok((v, start)),
                Some('\\') => match self.bump() {
                    None => {
                        return Err(open.error(format!("value of property {id} is not closed")));
                    }
                    Some('\n') => {
                        if self.peek() == Some('\r') {
                            self.bump();
                        }
                    }
                    Some('\r') => {
                        if self.peek() == Some('\n') {
                            self.bump();
                        }
                    }
                    Some(c) => v.push(c),
                },
                Some(c) => v.push(c),
            }
        }
    }

    /// Reads one game tree and interprets it.
    fn game(&mut self) -> Result<SgfGame, BoardError> {
        let start = self.loc;
        let nodes = self.tree()?;
        build_game(nodes, start)
    }
}

fn parse_size(v: &str, loc: Loc) -> Result<Geometry, BoardError> {
    let bad = || loc.error(format!("bad board size SZ[{v}]"));
    let (w, h) = match v.split_once(':') {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (v.trim(), v.trim()),
    };
    let w: usize = w.parse().map_err(|_| bad())?;
    let h: usize = h.parse().map_err(|_| bad())?;
    let geometry = Geometry {
        width: w,
        height: h,
        k: 5.min(w.max(h)),
    };
    geometry
        .validate()
        .map_err(|e| loc.error(format!("SZ[{v}]: {e}")))?;
    Ok(geometry)
}

fn parse_result(v: &str, loc: Loc) -> Result<Option<Outcome>, BoardError> {
    let t = v.trim().to_ascii_lowercase();
    Ok(match t.as_str() {
        "" | "?" | "*" | "void" | "unknown" => None,
        "0" | "draw" | "d" | "jigo" | "1/2-1/2" => Some(Outcome::Draw),
        _ if t == "b" || t.starts_with("b+") || t == "1-0" => Some(Outcome::Win(Color::Black)),
        _ if t == "w" || t.starts_with("w+") || t == "0-1" => Some(Outcome::Win(Color::White)),
        _ => return Err(loc.error(format!("unrecognized result RE[{v}]"))),
    })
}

fn parse_point(v: &str, loc: Loc, geometry: Geometry, what: &str) -> Result<Pos, BoardError> {
    let cs: Vec<char> = v.chars().collect();
    let [cx, cy] = cs.as_slice() else {
        let msg = if v.is_empty() {
            format!("{what}: a pass (empty point) is not allowed in Gomoku")
        } else {
            format!("{what}: '{v}' is not a point (two letters, column then row)")
        };
        return Err(loc.error(msg));
    };
    let (Some(x), Some(y)) = (letter_coord(*cx), letter_coord(*cy)) else {
        return Err(loc.error(format!("{what}: '{v}' is not a point (letters a..z, A..Z)")));
    };
    if x as usize >= geometry.width || y as usize >= geometry.height {
        return Err(loc.error(format!(
            "{what}: {v} ({x},{y}) is off the {}x{} board",
            geometry.width, geometry.height
        )));
    }
    Ok(Pos::new(x, y))
}

/// Points of an `AB`/`AW` value: one point or a rectangle `aa:cc`.
fn parse_point_list(
    v: &str,
    loc: Loc,
    geometry: Geometry,
    what: &str,
) -> Result<Vec<Pos>, BoardError> {
    match v.split_once(':') {
        None => Ok(vec![parse_point(v, loc, geometry, what)?]),
        Some((a, b)) => {
            let a = parse_point(a, loc, geometry, what)?;
            let b = parse_point(b, loc, geometry, what)?;
            let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
            let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
            Ok((y0..=y1)
                .flat_map(|y| (x0..=x1).map(move |x| Pos::new(x, y)))
                .collect())
        }
    }
}

fn single_value(p: &Prop) -> Result<(&str, Loc), BoardError> {
    match p.values.as_slice() {
        [(v, loc)] => Ok((v.as_str(), *loc)),
        _ => Err(p.loc.error(format!("property {} takes one value", p.id))),
    }
}

fn build_game(nodes: Vec<Vec<Prop>>, start: Loc) -> Result<SgfGame, BoardError> {
    let Some(root) = nodes.first() else {
        return Err(start.error("a game needs a root node"));
    };
    let mut geometry = Geometry::square(15);
    for p in root {
        match p.id.as_str() {
            "GM" => {
                let (v, loc) = single_value(p)?;
                if v.trim() != "4" {
                    return Err(loc.error(format!("GM[{v}] is not Gomoku (GM[4])")));
                }
            }
            "SZ" => {
                let (v, loc) = single_value(p)?;
                geometry = parse_size(v, loc)?;
            }
            _ => {}
        }
    }
    let mut game = SgfGame::new(geometry);
    let mut occupied = vec![false; geometry.area()];
    let mut claim = |pos: Pos, loc: Loc, what: &str| {
        let i = pos.y as usize * geometry.width + pos.x as usize;
        if std::mem::replace(&mut occupied[i], true) {
            Err(loc.error(format!(
                "{what}: point ({},{}) is already occupied",
                pos.x, pos.y
            )))
        } else {
            Ok(())
        }
    };
    for (n, node) in nodes.iter().enumerate() {
        let is_root = n == 0;
        let mut moved = false;
        let mut comment = None;
        for p in node {
            match p.id.as_str() {
                "B" | "W" => {
                    if moved {
                        return Err(p.loc.error("two moves in one node"));
                    }
                    moved = true;
                    let color = if p.id == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let number = game.moves.len() + 1;
                    let what = format!("move {number}");
                    let (v, loc) = single_value(p)?;
                    let pos = parse_point(v, loc, geometry, &what)?;
                    if game.moves.last().is_some_and(|&(last, _)| last == color) {
                        let e = BoardError::WrongTurn {
                            expected: color.opponent(),
                            got: color,
                        };
                        return Err(p.loc.error(e.at_move(number).to_string()));
                    }
                    claim(pos, loc, &what)?;
                    game.moves.push((color, pos));
                }
                "AB" | "AW" => {
                    if !game.moves.is_empty() {
                        return Err(p.loc.error("set-up stones after the first move"));
                    }
                    let what = format!("set-up stone {}", p.id);
                    for (v, loc) in &p.values {
                        for pos in parse_point_list(v, *loc, geometry, &what)? {
                            claim(pos, *loc, &what)?;
                            if p.id == "AB" {
                                game.setup_black.push(pos);
                            } else {
                                game.setup_white.push(pos);
                            }
                        }
                    }
                }
                "C" => comment = Some(p.values.first().map(|v| v.0.clone()).unwrap_or_default()),
                _ if !is_root => {}
                "FF" | "GM" | "SZ" => {}
                "PB" => game.black_name = Some(single_value(p)?.0.to_string()),
                "PW" => game.white_name = Some(single_value(p)?.0.to_string()),
                "RE" => {
                    let (v, loc) = single_value(p)?;
                    game.result = parse_result(v, loc)?;
                }
                _ => game
                    .properties
                    .push((p.id.clone(), p.values.iter().map(|v| v.0.clone()).collect())),
            }
        }
        if moved {
            game.comments.resize(game.moves.len() - 1, None);
            game.comments.push(comment);
        } else if let (true, Some(c)) = (is_root, comment) {
            game.properties.push(("C".to_string(), vec![c]));
        }
    }
    game.comments.resize(game.moves.len(), None);
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err_at(e: BoardError) -> (usize, usize, String) {
        e.parse_position()
    }

    #[test]
    fn escapes_round_trip() {
        let mut g = SgfGame::from_moves(Geometry::square(15), &[Pos::new(7, 7)]);
        g.black_name = Some("a]b\\c".into());
        g.comments = vec![Some("x]y\\".into())];
        g.set_property("EV", "e]v");
        let text = g.to_sgf();
        assert!(text.contains("PB[a\\]b\\\\c]"), "{text}");
        assert_eq!(parse_sgf(&text).unwrap(), g);
    }

    #[test]
    fn soft_line_break_and_lowercase_ids() {
        let g = parse_sgf("(;GaMe[4]SZ[15]C[ab\\\ncd];B[hh])").unwrap();
        assert_eq!(g.property("C"), Some("abcd"));
        assert_eq!(g.moves, vec![(Color::Black, Pos::new(7, 7))]);
    }

    #[test]
    fn variations_keep_the_main_line() {
        let g = parse_sgf("(;GM[4]SZ[15];B[hh](;W[ii];B[jj])(;W[aa](;B[bb])))").unwrap();
        let pts: Vec<Pos> = g.moves.iter().map(|m| m.1).collect();
        assert_eq!(pts, vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(9, 9)]);
        assert!(parse_sgf("(;GM[4](;B[aa]);W[bb])").is_err());
        assert!(parse_sgf("(;GM[4]()").is_err());
    }

    #[test]
    fn results() {
        let re = |s: &str| parse_sgf(&format!("(;GM[4]RE[{s}])")).map(|g| g.result);
        assert_eq!(re("B+R").unwrap(), Some(Outcome::Win(Color::Black)));
        assert_eq!(re("W+T").unwrap(), Some(Outcome::Win(Color::White)));
        assert_eq!(re("B+").unwrap(), Some(Outcome::Win(Color::Black)));
        assert_eq!(re("0").unwrap(), Some(Outcome::Draw));
        assert_eq!(re("Draw").unwrap(), Some(Outcome::Draw));
        assert_eq!(re("Void").unwrap(), None);
        assert_eq!(re("*").unwrap(), None);
        assert!(re("Q+3").is_err());
    }

    #[test]
    fn setup_rectangle_and_replay() {
        let g = parse_sgf("(;GM[4]SZ[9]AB[aa:bb]AW[ii];W[cc];B[dd])").unwrap();
        assert_eq!(g.setup_black.len(), 4);
        let b = g.replay(Rule::Freestyle).unwrap();
        assert_eq!(b.stone_count(), 7);
        assert_eq!(b.to_move(), Color::White);
    }

    #[test]
    fn error_places() {
        let e = |t: &str| err_at(parse_sgf(t).unwrap_err());
        let (l, c, _) = e("(;GM[1]SZ[19])");
        assert_eq!((l, c), (1, 6));
        let (l, c, m) = e("(;GM[4]SZ[15]\n;B[hh];W[hh])");
        assert_eq!((l, c), (2, 10));
        assert!(m.contains("move 2") && m.contains("occupied"), "{m}");
        let (l, c, m) = e("(;GM[4]SZ[15]\n;B[hh];W[ph])");
        assert_eq!((l, c), (2, 10));
        assert!(m.contains("move 2") && m.contains("off"), "{m}");
        assert_eq!(e("(;GM[4]SZ[40])").0, 1);
        assert_eq!(e("(;GM[4]SZ[abc])").1, 11);
        assert_eq!(e("(;GM[4]SZ[15];B[hh").1, 16);
        let (_, c, m) = e("(;GM[4];B[hh];B[ii])");
        assert_eq!(c, 15);
        assert!(m.contains("move 2"), "{m}");
        assert_eq!(e("(;GM[4];B[])").1, 11);
        assert_eq!(e("(;GM[4];B[]").1, 12);
        assert_eq!(e("(;GM[4]SZ[15] B hh)").1, 15);
        assert_eq!(e("(;GM[4]SZ[15];B[hh]!)").1, 20);
        assert_eq!(e("x(;GM[4])").1, 1);
    }

    #[test]
    fn replay_catches_rule_errors() {
        let mut g = SgfGame::from_moves(
            Geometry::square(15),
            &[0u8, 1, 2, 3, 4, 5]
                .map(|x| Pos::new(x, 0))
                .iter()
                .flat_map(|&p| [p, Pos::new(p.x, 5)])
                .collect::<Vec<_>>(),
        );
        match g.replay(Rule::Freestyle).unwrap_err() {
            BoardError::BadMove { number, source } => {
                assert_eq!(number, 10);
                assert_eq!(*source, BoardError::GameOver);
            }
            e => panic!("{e}"),
        }
        g.moves.truncate(9);
        g.moves[8].0 = Color::White;
        assert!(matches!(
            g.replay(Rule::Freestyle).unwrap_err(),
            BoardError::BadMove { number: 9, .. }
        ));
    }
}
