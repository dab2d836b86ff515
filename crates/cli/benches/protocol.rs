//! The cost of one move through the Gomocup protocol, as a manager pays it: `TURN` sent to a
//! child process and its move read back (the fake engine answers at once, so this is the
//! pipe and parsing cost), and the same through the runner's `ExternalPlayer` (which adds the
//! choice of TURN or BOARD and the checks of the answer). `cargo bench -p gomoku-arena`.

use gomoku_board::{Board, Geometry, Pos, Rule};
use gomoku_protocol::{EngineCommand, ExternalEngine, Timeouts};
use gomoku_runner::{ClockState, ExternalPlayer, ExternalSpec, Player, TimeControl};
use std::time::Duration;

const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");

/// Four corner replies, so that a game never ends while it is measured.
const REPLIES: [Pos; 4] = [
    Pos::new(0, 0),
    Pos::new(14, 0),
    Pos::new(0, 14),
    Pos::new(14, 14),
];

fn main() {
    divan::main();
}

#[divan::bench]
fn turn_round_trip(bencher: divan::Bencher<'_, '_>) {
    let g = Geometry::square(15);
    let mut engine = ExternalEngine::spawn(&EngineCommand::new(FAKE, ["good"])).unwrap();
    let mut n = 0;
    bencher.bench_local(|| {
        if n % REPLIES.len() == 0 {
            engine
                .start(g, Rule::Freestyle, Timeouts::default())
                .unwrap();
        }
        let reply = engine.turn(REPLIES[n % REPLIES.len()]).unwrap();
        n += 1;
        reply
    });
}

#[divan::bench]
fn external_player_move(bencher: divan::Bencher<'_, '_>) {
    let g = Geometry::square(15);
    let spec = ExternalSpec::new(EngineCommand::new(FAKE, ["good"]), Duration::from_secs(5));
    let mut player = ExternalPlayer::new("fake", spec);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
    let mut board = Board::new(g, Rule::Freestyle).unwrap();
    let mut n = 0;
    bencher.bench_local(|| {
        if n % REPLIES.len() == 0 {
            player.new_game(g, Rule::Freestyle);
            board = Board::new(g, Rule::Freestyle).unwrap();
        }
        board.make(REPLIES[n % REPLIES.len()]);
        n += 1;
        let clock = ClockState {
            control: TimeControl::EngineDefault,
            remaining: None,
            ply: board.history().len(),
        };
        let answer = player.choose_move(&board, &clock, &mut rng).unwrap();
        board.make(answer.pos);
        answer
    });
}
