use gomoku_board::{Geometry, Pos, Rule, Board, Symmetry};
use gomoku_engine::{Engine, Limits};
use rand::SeedableRng;
#[test]
#[ignore]
fn probe() {
    let seed = gomoku_config::engine::load_engine("/work/main/configs/engines/seed-d4.ron").unwrap().to_params();
    let rich = gomoku_config::engine::load_engine("/work/main/configs/engines/rich-d4.ron").unwrap().to_params();
    let g = Geometry::square(15);
    let op: Vec<Pos> = [(7,7),(6,9),(6,8)].iter().map(|&(x,y)| Pos::new(x,y)).collect();
    let _ = Symmetry::Identity;
    let mut b = Board::new(g, Rule::Freestyle).unwrap();
    b.play_all(&op).unwrap();
    let mut e = [Engine::new(seed).unwrap(), Engine::new(rich).unwrap()];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for ply in 0..200 {
        if b.outcome().is_some() { break; }
        let side = b.to_move().index();
        let t = std::time::Instant::now();
        let r = e[side].search(&b, &Limits { depth: Some(4), ..Default::default() }, &mut rng);
        eprintln!("ply {ply} side {side} {:?} nodes {} {:.3}s", r.best, r.nodes, t.elapsed().as_secs_f64());
        b.make(r.best.unwrap());
    }
}
