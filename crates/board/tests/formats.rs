//! Text formats: pos / xy / GTP notation, opening books (including every shared opening
//! file) and SGF, with round-trips over random legal games on random board shapes.

use gomoku_board::notation::{
    format_gtp, format_pos, format_pos_moves, format_xy, parse_gtp, parse_pos, parse_pos_moves,
    parse_xy,
};
use gomoku_board::opening::{
    BookFormat, Opening, dedup, parse_book, parse_book_auto, validate_book, write_gtp_book,
    write_offset, write_pos_book,
};
use gomoku_board::sgf::{SgfGame, parse_sgf, parse_sgf_collection, write_sgf};
use gomoku_board::{Board, BoardError, Color, Geometry, Outcome, Pos, Rule, Symmetry};
use proptest::prelude::*;

/// A third-party opening book from `../shared/data/openings/`, read at run time (not with
/// `include_str!`) so that the tests compile without the shared data; `None` means the file is
/// missing and the test skips (it fails under CI, see gomoku-testdata).
#[track_caller]
fn opening_file(name: &str) -> Option<String> {
    gomoku_testdata::shared_text(&format!("data/openings/{name}"))
}

/// Several books at once; `None` if any is missing (each missing one is named).
fn opening_files<const N: usize>(names: [&str; N]) -> Option<[String; N]> {
    let texts = names.map(opening_file);
    if texts.iter().any(Option::is_none) {
        return None;
    }
    Some(texts.map(Option::unwrap))
}

fn parse_err(e: BoardError) -> (usize, usize, String) {
    match e {
        BoardError::Parse {
            line,
            column,
            message,
        } => (line, column, message),
        e => panic!("expected a parse error, got {e:?}"),
    }
}

/// A random legal freestyle game on a random board: (geometry, moves). The game may end
/// with a win.
fn game() -> impl Strategy<Value = (Geometry, Vec<Pos>)> {
    (3usize..=32, 3usize..=32)
        .prop_flat_map(|(w, h)| {
            let points: Vec<Pos> = (0..h)
                .flat_map(|y| (0..w).map(move |x| Pos::new(x as u8, y as u8)))
                .collect();
            (
                Just(w),
                Just(h),
                3..=w.max(h).min(7),
                Just(points).prop_shuffle(),
                0..=(w * h).min(60),
            )
        })
        .prop_map(|(width, height, k, points, len)| {
            let geometry = Geometry { width, height, k };
            let mut board = Board::new(geometry, Rule::Freestyle).unwrap();
            for &p in points.iter().take(len) {
                if board.outcome().is_some() {
                    break;
                }
                board.try_make(p).unwrap();
            }
            (geometry, board.history().to_vec())
        })
}

/// The moves of a game without its last move if that ended the game: a valid opening.
fn open_prefix(geometry: Geometry, moves: &[Pos]) -> Vec<Pos> {
    let mut board = Board::new(geometry, Rule::Freestyle).unwrap();
    board.play_all(moves).unwrap();
    let mut moves = moves.to_vec();
    if board.outcome().is_some() {
        moves.pop();
    }
    moves
}

proptest! {
    // No regression files: the repository is shared, and failures print their inputs.
    #![proptest_config(ProptestConfig {
        cases: 200,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn pos_notation_round_trips((geometry, moves) in game()) {
        let wide = moves.iter().any(|p| p.x >= 26);
        match format_pos_moves(&moves) {
            Ok(text) => {
                prop_assert!(!wide);
                prop_assert_eq!(&parse_pos_moves(&text, geometry).unwrap(), &moves);
                let spaced: Vec<String> = moves.iter().map(|&p| format_pos(p).unwrap()).collect();
                prop_assert_eq!(&parse_pos_moves(&spaced.join(" "), geometry).unwrap(), &moves);
                prop_assert_eq!(
                    &parse_pos_moves(&spaced.join(", ").to_uppercase(), geometry).unwrap(),
                    &moves
                );
                for &p in &moves {
                    prop_assert_eq!(parse_pos(&format_pos(p).unwrap(), geometry).unwrap(), p);
                }
            }
            Err(e) => {
                prop_assert!(wide);
                let is_unrepresentable = matches!(e, BoardError::Unrepresentable { .. });
                prop_assert!(is_unrepresentable);
            }
        }
    }

    #[test]
    fn xy_and_gtp_round_trip((geometry, moves) in game()) {
        for &p in &moves {
            prop_assert_eq!(parse_xy(&format_xy(p), geometry).unwrap(), p);
            prop_assert_eq!(parse_gtp(&format_gtp(p, geometry), geometry).unwrap(), p);
        }
    }

    #[test]
    fn books_round_trip((geometry, moves) in game()) {
        let moves = open_prefix(geometry, &moves);
        // Every non-empty prefix is an opening.
        let book: Vec<Opening> = (1..=moves.len()).map(|n| Opening::new(moves[..n].to_vec())).collect();
        let text = write_offset(&book, geometry);
        if !book.is_empty() {
            prop_assert_eq!(BookFormat::detect(&text), Some(BookFormat::Offset));
        }
        prop_assert_eq!(&parse_book(&text, BookFormat::Offset, geometry, Rule::Freestyle).unwrap(), &book);
        let crlf = text.replace('\n', "\r\n");
        prop_assert_eq!(&parse_book(&crlf, BookFormat::Offset, geometry, Rule::Freestyle).unwrap(), &book);
        let gtp = write_gtp_book(&book, geometry);
        prop_assert_eq!(&parse_book(&gtp, BookFormat::Gtp, geometry, Rule::Freestyle).unwrap(), &book);
        match write_pos_book(&book, "random book\nline two") {
            Ok(pos) => {
                let (format, parsed) = parse_book_auto(&pos, geometry, Rule::Freestyle).unwrap();
                prop_assert_eq!(format, BookFormat::Pos);
                prop_assert_eq!(&parsed, &book);
            }
            Err(_) => prop_assert!(moves.iter().any(|p| p.x >= 26)),
        }
    }

    #[test]
    fn sgf_round_trips(
        (geometry, moves) in game(),
        black in "\\PC{0,10}",
        white in prop_oneof![Just("a]b\\c".to_string()), "\\PC{0,10}"],
        result in prop_oneof![
            Just(None),
            Just(Some(Outcome::Draw)),
            Just(Some(Outcome::Win(Color::Black))),
            Just(Some(Outcome::Win(Color::White))),
        ],
        comment in "[ -~]{0,8}",
    ) {
        let mut game = SgfGame::from_moves(geometry, &moves);
        game.black_name = Some(black);
        game.white_name = Some(white);
        game.result = result;
        game.comments = (0..moves.len())
            .map(|i| (i % 3 == 0).then(|| format!("{i}:{comment}")))
            .collect();
        game.set_property("RU", "0");
        game.set_property("EV", comment.clone());
        let text = write_sgf(&game);
        let read = parse_sgf(&text).unwrap();
        let mut expect = game.clone();
        expect.geometry.k = 5.min(geometry.width.max(geometry.height));
        prop_assert_eq!(&read, &expect);
        prop_assert_eq!(read.rule(), Some(Rule::Freestyle));
        // SGF has no k: replay with the k the game was played with.
        let mut with_k = read.clone();
        with_k.geometry = geometry;
        let board = with_k.replay(Rule::Freestyle).unwrap();
        prop_assert_eq!(board.history(), &moves[..]);
    }

    #[test]
    fn canonical_key_ignores_symmetry((geometry, moves) in game(), pick in 0usize..8) {
        let opening = Opening::new(moves.clone());
        let syms = Symmetry::of(geometry);
        let sym = syms[pick % syms.len()];
        let turned = opening.transform(sym, geometry);
        prop_assert_eq!(opening.canonical_key(geometry), turned.canonical_key(geometry));
        prop_assert_eq!(
            opening.canonical(geometry).key(),
            turned.canonical(geometry).key()
        );
        prop_assert_eq!(dedup(&[opening.clone(), turned], geometry), vec![opening]);
    }
}

struct SharedFile {
    name: &'static str,
    size: usize,
    rule: Rule,
    format: BookFormat,
    count: usize,
}

/// Every opening book of `../shared/data/openings/` with its board, rule, format and the
/// number of openings it holds (shared/data/README.md).
fn shared_files() -> Vec<SharedFile> {
    let f = |name, size, rule, format, count| SharedFile {
        name,
        size,
        rule,
        format,
        count,
    };
    use BookFormat::{Gtp, Offset, Pos as PosF};
    use Rule::{Freestyle, Renju};
    vec![
        f("gomocup_freestyle15_2024.txt", 15, Freestyle, Offset, 12),
        f("gomocup_freestyle15_2025.txt", 15, Freestyle, Offset, 12),
        f("gomocup_freestyle15_2026.txt", 15, Freestyle, Offset, 12),
        f("gomocup_freestyle20_ego.txt", 20, Freestyle, Offset, 12),
        f("gomocupjudge_openings_20.txt", 20, Freestyle, Offset, 6),
        f("gomocuponline_openings.txt", 20, Freestyle, Offset, 3),
        f("piskvork_openings.txt", 20, Freestyle, Offset, 41),
        f(
            "c-gomoku-cli_offset_freestyle_20x20.txt",
            20,
            Freestyle,
            Offset,
            4,
        ),
        f(
            "c-gomoku-cli_pos_freestyle_20x20.txt",
            20,
            Freestyle,
            PosF,
            4,
        ),
        f("katagomo_renju5_first200.txt", 15, Renju, Gtp, 200),
    ]
}

#[test]
fn every_shared_opening_file_loads_on_its_board() {
    let files = shared_files();
    // Read them all first: with one missing the test skips as a whole (naming each missing
    // file) rather than passing over part of the data.
    let texts: Vec<Option<String>> = files.iter().map(|f| opening_file(f.name)).collect();
    let Some(texts) = texts.into_iter().collect::<Option<Vec<String>>>() else {
        return;
    };
    let mut openings = 0;
    for (file, text) in files.iter().zip(&texts) {
        let geometry = Geometry::square(file.size);
        assert_eq!(BookFormat::detect(text), Some(file.format), "{}", file.name);
        let book = parse_book(text, file.format, geometry, file.rule)
            .unwrap_or_else(|e| panic!("{}: {e}", file.name));
        assert_eq!(book.len(), file.count, "{}", file.name);
        assert!(validate_book(text, file.format, geometry, file.rule).is_empty());
        for o in &book {
            let board = o.board(geometry, file.rule).unwrap();
            assert_eq!(board.stone_count(), o.moves.len());
        }
        // Written back in offset format, every book reads the same.
        let again = write_offset(&book, geometry);
        assert_eq!(
            parse_book(&again, BookFormat::Offset, geometry, file.rule).unwrap(),
            book,
            "{}",
            file.name
        );
        openings += book.len();
    }
    // The ten books of shared/data/README.md hold 306 openings between them.
    assert_eq!((texts.len(), openings), (10, 306));
}

#[test]
fn known_openings_decode_to_the_right_points() {
    let Some([pos, off, kata, judge]) = opening_files([
        "c-gomoku-cli_pos_freestyle_20x20.txt",
        "c-gomoku-cli_offset_freestyle_20x20.txt",
        "katagomo_renju5_first200.txt",
        "gomocupjudge_openings_20.txt",
    ]) else {
        return;
    };
    let g15 = Geometry::square(15);
    let g20 = Geometry::square(20);
    let pos = parse_book(&pos, BookFormat::Pos, g20, Rule::Freestyle).unwrap();
    let off = parse_book(&off, BookFormat::Offset, g20, Rule::Freestyle).unwrap();
    assert_eq!(pos[0].moves[0], Pos::new(3, 2)); // d3
    assert_eq!(off[0].moves[0], Pos::new(18, 7)); // 8,-3 from (10,10)
    let kata = parse_book(&kata, BookFormat::Gtp, g15, Rule::Renju).unwrap();
    // "15 L7 L8 M8 L9 N10": L is column 10 (I skipped), row 7 from the bottom is y = 8.
    assert_eq!(
        kata[0].moves[..3],
        [Pos::new(10, 8), Pos::new(10, 7), Pos::new(11, 7)]
    );
    let judge = parse_book(&judge, BookFormat::Offset, g20, Rule::Freestyle).unwrap();
    // The last line uses bare commas: "-6,1,-6,0,..." (41 stones).
    assert_eq!(judge[5].moves.len(), 41);
    assert_eq!(judge[5].moves[..2], [Pos::new(4, 11), Pos::new(4, 10)]);
}

#[test]
fn piskvork_needs_a_board_of_16() {
    let Some(text) = opening_file("piskvork_openings.txt") else {
        return;
    };
    let text = text.as_str();
    // Line 41 "-8,-6, ..." is the first to leave a 15x15 board (offsets there reach only 7).
    let (line, column, message) = parse_err(
        parse_book(
            text,
            BookFormat::Offset,
            Geometry::square(15),
            Rule::Freestyle,
        )
        .unwrap_err(),
    );
    assert_eq!((line, column), (41, 1));
    assert!(
        message.contains("move 1") && message.contains("off"),
        "{message}"
    );
    let all = validate_book(
        text,
        BookFormat::Offset,
        Geometry::square(15),
        Rule::Freestyle,
    );
    assert_eq!(all.len(), 1);
    assert_eq!(
        parse_book(
            text,
            BookFormat::Offset,
            Geometry::square(16),
            Rule::Freestyle
        )
        .unwrap()
        .len(),
        41
    );
    assert_eq!(
        parse_book(
            text,
            BookFormat::Offset,
            Geometry::square(20),
            Rule::Freestyle
        )
        .unwrap()
        .len(),
        41
    );
}

#[test]
fn trailing_comma_and_missing_newline() {
    let g20 = Geometry::square(20);
    let text = "-5,9, -3,9, -1,7, \n1,1, 2,2, ";
    let book = parse_book(text, BookFormat::Offset, g20, Rule::Freestyle).unwrap();
    assert_eq!(book.len(), 2);
    assert_eq!(book[0].moves.len(), 3);
}

#[test]
fn malformed_books_point_at_the_problem() {
    let g15 = Geometry::square(15);
    let fs = Rule::Freestyle;
    let cases: &[(&str, BookFormat, (usize, usize), &str)] = &[
        (
            "0,0, 1,1\n0,0, 1,a\n",
            BookFormat::Offset,
            (2, 8),
            "integer",
        ),
        (
            "0,0, 1,1\r\n\r\n0,0, 1\r\n",
            BookFormat::Offset,
            (3, 6),
            "odd",
        ),
        ("0,0, 1,1, 0,0", BookFormat::Offset, (1, 11), "move 3"),
        ("# c\nh8 i9\nh8 z3\n", BookFormat::Pos, (3, 4), "off"),
        (
            "h8 i9 # fine\nh8 9i\n",
            BookFormat::Pos,
            (2, 4),
            "column letter",
        ),
        ("15 H8 J9\n15 H8 H8\n", BookFormat::Gtp, (2, 7), "move 2"),
        ("19 H8\n", BookFormat::Gtp, (1, 1), "19x19"),
    ];
    for &(text, format, at, word) in cases {
        let (line, column, message) = parse_err(parse_book(text, format, g15, fs).unwrap_err());
        assert_eq!((line, column), at, "{text:?}: {message}");
        assert!(message.contains(word), "{text:?}: {message}");
    }
    // A finished game is not an opening.
    let five = "h8 a1 i8 a2 j8 a3 k8 a4 l8";
    let (line, column, message) =
        parse_err(parse_book(five, BookFormat::Pos, g15, fs).unwrap_err());
    assert_eq!((line, column), (1, 25));
    assert!(message.contains("move 9"), "{message}");
}

#[test]
fn pos_notation_errors_name_the_column() {
    let g15 = Geometry::square(15);
    for (text, column) in [("h8i7p7", 5), ("h8 i7 g", 8), ("h8,,i0", 5), ("h8 #", 4)] {
        let (line, col, _) = parse_err(parse_pos_moves(text, g15).unwrap_err());
        assert_eq!((line, col), (1, column), "{text}");
    }
    let msg = parse_pos("p16", g15).unwrap_err().to_string();
    assert!(msg.contains("p16") && msg.contains("15x15"), "{msg}");
    // Pos notation has no letter for a 27th column.
    let wide = Geometry::square(30);
    assert!(matches!(
        format_pos(Pos::new(27, 0)),
        Err(BoardError::Unrepresentable { x: 27, y: 0, .. })
    ));
    assert!(
        parse_pos_moves("aa1", wide)
            .unwrap_err()
            .to_string()
            .contains("26")
    );
    assert_eq!(parse_pos("z30", wide).unwrap(), Pos::new(25, 29));
}

#[test]
fn symmetric_openings_share_a_key() {
    let g15 = Geometry::square(15);
    let o = parse_book("h8i7j6h6", BookFormat::Pos, g15, Rule::Freestyle)
        .unwrap()
        .remove(0);
    for &s in Symmetry::of(g15) {
        let t = o.transform(s, g15);
        assert_eq!(t.canonical_key(g15), o.canonical_key(g15), "{}", s.name());
    }
    // Reordering Black's moves keeps the key too; swapping colours does not.
    let reordered = Opening::new(vec![o.moves[2], o.moves[1], o.moves[0], o.moves[3]]);
    assert_eq!(reordered.canonical_key(g15), o.canonical_key(g15));
    let swapped = Opening::new(vec![o.moves[1], o.moves[0], o.moves[3], o.moves[2]]);
    assert_ne!(swapped.canonical_key(g15), o.canonical_key(g15));
    // On a rectangle only the four symmetries that fit count.
    let rect = Geometry {
        width: 20,
        height: 15,
        k: 5,
    };
    let r = Opening::new(vec![Pos::new(2, 3), Pos::new(5, 5)]);
    assert_eq!(
        r.transform(Symmetry::Rotate180, rect).canonical_key(rect),
        r.canonical_key(rect)
    );
    let books = dedup(
        &[
            r.clone(),
            r.transform(Symmetry::FlipX, rect),
            r.transform(Symmetry::FlipY, rect),
        ],
        rect,
    );
    assert_eq!(books, vec![r]);
}

/// A game exactly as c-gomoku-cli's `Game::export_sgf` lays it out: root properties on one
/// line, a line break before the first engine move, eight engine moves per line, `C[...]`
/// on every move, then `)` and a blank line.
const C_GOMOKU_CLI_SGF: &str = "(;FF[4]GM[4]GN[3]EV[engineA x engineB]DT[2024.05.01 12:34:56]RO[2.1]RU[0]SZ[15]PB[engineA]PW[engineB]RE[B+1]TE[Black win by five connection]
;B[hh]C[opening move];W[ig]C[opening move];B[gg]C[opening move]
;W[ha]C[15ms];B[ff]C[20ms];W[aa]C[3ms];B[ee]C[7ms];W[ob]C[1ms];B[ii]C[2ms])

(;FF[4]GM[4]GN[4]EV[engineB x engineA]DT[2024.05.01 12:35:10]RO[2.2]RU[4]SZ[15]PB[engineB]PW[engineA]RE[0]TE[Draw by adjudication]
;B[hh]C[opening move];W[ig]C[opening move];B[gg]C[opening move]
;W[ii]C[10ms];B[ff]C[11ms])

";

#[test]
fn reads_c_gomoku_cli_sgf() {
    let games = parse_sgf_collection(C_GOMOKU_CLI_SGF).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.geometry.width, 15);
    assert_eq!(g.black_name.as_deref(), Some("engineA"));
    assert_eq!(g.white_name.as_deref(), Some("engineB"));
    assert_eq!(g.result, Some(Outcome::Win(Color::Black)));
    assert_eq!(g.rule(), Some(Rule::Freestyle));
    assert_eq!(g.property("EV"), Some("engineA x engineB"));
    assert_eq!(g.property("TE"), Some("Black win by five connection"));
    assert_eq!(g.property("DT"), Some("2024.05.01 12:34:56"));
    assert_eq!(g.moves.len(), 9);
    assert_eq!(g.moves[0], (Color::Black, Pos::new(7, 7)));
    assert_eq!(g.moves[1], (Color::White, Pos::new(8, 6)));
    assert_eq!(g.comment(0), Some("opening move"));
    assert_eq!(g.comment(3), Some("15ms"));
    let board = g.replay(g.rule().unwrap()).unwrap();
    assert_eq!(board.outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(games[1].rule(), Some(Rule::Renju));
    assert_eq!(games[1].result, Some(Outcome::Draw));
    games[1].replay(Rule::Renju).unwrap();
    // One game alone reads with parse_sgf; two do not.
    let first_end = C_GOMOKU_CLI_SGF.find("\n\n").unwrap();
    assert_eq!(&parse_sgf(&C_GOMOKU_CLI_SGF[..first_end]).unwrap(), g);
    assert!(parse_sgf(C_GOMOKU_CLI_SGF).is_err());
}

#[test]
fn writes_in_c_gomoku_cli_style() {
    let mut g = SgfGame::from_moves(
        Geometry::square(15),
        &[Pos::new(7, 7), Pos::new(8, 6), Pos::new(6, 6)],
    );
    g.black_name = Some("a".into());
    g.white_name = Some("b".into());
    g.result = Some(Outcome::Win(Color::White));
    g.set_property("RU", "0");
    g.comments = vec![Some("opening move".into()), None, Some("12ms".into())];
    assert_eq!(
        write_sgf(&g),
        "(;FF[4]GM[4]SZ[15]PB[a]PW[b]RE[W+1]RU[0]\n;B[hh]C[opening move];W[ig];B[gg]C[12ms]\n)\n"
    );
    // Rectangles use SZ[w:h]; columns past z use capitals.
    let mut wide = SgfGame::from_moves(
        Geometry {
            width: 30,
            height: 20,
            k: 5,
        },
        &[Pos::new(29, 19)],
    );
    wide.result = Some(Outcome::Draw);
    assert_eq!(write_sgf(&wide), "(;FF[4]GM[4]SZ[30:20]RE[0]\n;B[Dt]\n)\n");
    assert_eq!(parse_sgf(&write_sgf(&wide)).unwrap(), wide);
    // Nine moves wrap after the eighth.
    let nine: Vec<Pos> = (0..9).map(|i| Pos::new(i, i % 2)).collect();
    let text = write_sgf(&SgfGame::from_moves(Geometry::square(15), &nine));
    assert_eq!(text.lines().count(), 4, "{text}");
}

#[test]
fn malformed_sgf_points_at_the_problem() {
    let cases: &[(&str, (usize, usize), &str)] = &[
        ("(;FF[4]GM[1]SZ[19])", (1, 11), "GM[1]"),
        ("(;FF[4]GM[4]SZ[33])", (1, 16), "33"),
        ("(;FF[4]GM[4]SZ[15:x])", (1, 16), "size"),
        ("(;FF[4]GM[4]SZ[15]\n;B[hh]\n;W[hh])", (3, 4), "move 2"),
        ("(;FF[4]GM[4]SZ[15]\n;B[hh];W[hq])", (2, 10), "off"),
        ("(;FF[4]GM[4]SZ[15]\n;B[hh];W[h])", (2, 10), "not a point"),
        ("(;FF[4]GM[4]SZ[15]\n;B[hh];B[ii])", (2, 8), "move 2"),
        ("(;FF[4]GM[4]SZ[15];B[hh]C[unclosed)", (1, 26), "not closed"),
        ("(;FF[4]GM[4]RE[maybe])", (1, 16), "result"),
        ("(;FF[4]GM[4]SZ[15];B[hh]", (1, 25), "missing ')'"),
        ("(;FF[4]GM[4]PB[x]PB[y])", (1, 18), "twice"),
    ];
    for &(text, at, word) in cases {
        let (line, column, message) = parse_err(parse_sgf(text).unwrap_err());
        assert_eq!((line, column), at, "{text:?}: {message}");
        assert!(message.contains(word), "{text:?}: {message}");
    }
}

#[test]
fn sgf_replay_checks_rules() {
    // White's five is legal in the file but the game was already won by Black at move 9.
    let text = "(;GM[4]SZ[15];B[aa];W[ab];B[ba];W[bb];B[ca];W[cb];B[da];W[db];B[ea];W[eb])";
    let game = parse_sgf(text).unwrap();
    match game.replay(Rule::Freestyle).unwrap_err() {
        BoardError::BadMove { number, source } => {
            assert_eq!(number, 10);
            assert_eq!(*source, BoardError::GameOver);
        }
        e => panic!("{e:?}"),
    }
    // Under exact five an overline does not win, so the same game goes on.
    let six = "(;GM[4]SZ[15];B[aa];W[ab];B[ba];W[bb];B[ca];W[cb];B[ea];W[eb];B[fa];W[fb];B[da])";
    let board = parse_sgf(six).unwrap().replay(Rule::Standard).unwrap();
    assert_eq!(board.outcome(), None);
}

#[test]
fn a_book_whose_header_names_another_game_is_refused() {
    let book = "# gomoku-arena opening book: 2 openings, 20x20 k=5, freestyle\nh8i9\nh8h9\n";
    let at_15 = parse_book(book, BookFormat::Pos, Geometry::square(15), Rule::Freestyle);
    let e = at_15.unwrap_err().to_string();
    assert!(e.contains("line 1") || e.contains("1:"), "{e}");
    assert!(e.contains("20x20 boards") && e.contains("15x15"), "{e}");
    let at_20 = parse_book(book, BookFormat::Pos, Geometry::square(20), Rule::Freestyle);
    assert_eq!(at_20.unwrap().len(), 2);
    let renju = book.replace("20x20 k=5, freestyle", "15x15 k=5, renju");
    let e = parse_book(
        &renju,
        BookFormat::Pos,
        Geometry::square(15),
        Rule::Freestyle,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("the renju rule") && e.contains("freestyle"),
        "{e}"
    );
    let k6 = book.replace("20x20 k=5", "15x15 k=6");
    let g = Geometry::square(15);
    assert!(parse_book(&k6, BookFormat::Pos, g, Rule::Freestyle).is_err());
    assert_eq!(
        validate_book(&k6, BookFormat::Pos, g, Rule::Freestyle).len(),
        1
    );
    // Books without our header (Gomocup's, c-gomoku-cli's) are read as before.
    let plain = "# any comment, 20x20\nh8i9\n";
    assert_eq!(
        parse_book(plain, BookFormat::Pos, g, Rule::Freestyle)
            .unwrap()
            .len(),
        1
    );
}
