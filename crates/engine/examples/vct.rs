//! Times the threat searches alone on quintet's renju threat cases in `../shared` (the VCF
//! on its VCF cases, the VCT with each case's threat limit on the others; the rest of the
//! search left out): `cargo run --release -p gomoku-engine --example vct [NODES] [ID]`.

use gomoku_board::{Board, Color, Geometry, Pos, Rule};
use gomoku_engine::{Engine, EngineParams};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let nodes: u64 = args.get(1).map_or(2_000_000, |a| a.parse().expect("NODES"));
    let only = args.get(2).cloned().unwrap_or_default();
    let path = "../shared/data/puzzles/tactics_normalized.jsonl";
    let text = std::fs::read_to_string(path)
        .or_else(|_| std::fs::read_to_string(format!("../../{path}")))
        .expect("the quintet cases in ../shared");
    let mut correct = 0;
    for line in text.lines().filter(|l| l.contains(&only)) {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let stones = |c: &str| -> Vec<Pos> {
            v[c].as_array()
                .unwrap()
                .iter()
                .map(|p| Pos::new(p[0].as_u64().unwrap() as u8, p[1].as_u64().unwrap() as u8))
                .collect()
        };
        let to_move = if v["to_move"] == "black" {
            Color::Black
        } else {
            Color::White
        };
        let board = Board::from_stones(
            Geometry::square(15),
            Rule::Renju,
            &stones("black"),
            &stones("white"),
            to_move,
        )
        .unwrap();
        let limit = v["limit"].as_u64().unwrap() as u32;
        let threat = v["threat_limit"].as_u64().unwrap() as u32;
        let mut e = Engine::new(EngineParams {
            vct_threat: threat.max(1),
            ..EngineParams::default()
        })
        .unwrap();
        let t = Instant::now();
        // Quintet counts attacker moves up to the double threat; ours include the five.
        let found = if v["kind"] == "vcf" {
            e.find_vcf(&board, limit)
                .map(|line| (line[0], line.len().div_ceil(2) as u32))
        } else {
            e.find_vct(&board, (limit + 1).min(60), nodes)
        };
        let expect = v["expect"] == "win";
        let ok = found.is_some() == expect;
        correct += ok as u32;
        println!(
            "{:40} limit {limit:3} threat {threat} expect {:5} found {:12} {:9.1} ms {}",
            v["id"].as_str().unwrap(),
            expect,
            format!("{found:?}"),
            t.elapsed().as_secs_f64() * 1e3,
            if ok { "ok" } else { "MISS" }
        );
    }
    println!("correct {correct}");
}
