//! The game viewer of `report.html`: every game of the run as JSON inside the page, and a
//! small script that lists them, draws the chosen one on an SVG board and steps through it
//! (buttons and arrow keys). The page stays one file: no network, no other file.
//!
//! Only the data is per game; the list, the board and the move list are built by the
//! script when a game is shown, so a run of thousands of games stays a light page.
//!
//! The JSON sits in a `<script type="application/json">` element. Every `<`, `>` and `&`
//! in it is written as a `\u` escape, so no name can close the element or open a comment,
//! and the script puts names into the page as text (`textContent`), never as markup.
//!
//! Data format (`v` 1): `width`, `height`, `k`, `rule`, `players` (names), `reasons` (the
//! words of each end), `games`: objects with `n` (game number), `b` and `w` (indices into
//! `players`), `o` (opening label), `om` and `m` (opening stones and moves, two characters
//! a point: column then row from 0, written `a`..`z` for 0..25 and `A`..`F` for 26..31),
//! `r` (`black`, `white`, `draw`, `none`) and `e` (the end's name, a key of `reasons`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::input::{GameEnd, GameRecords, Outcome};

/// The alphabet of the points in the data: a coordinate `v` is `ALPHABET[v]`.
const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyzABCDEF";

/// A JSON string literal that is safe inside an HTML `<script>` element: `<`, `>` and `&`
/// (and the line separators JavaScript once refused) as `\u` escapes.
pub(crate) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn points(moves: &[[u8; 2]]) -> String {
    let mut s = String::with_capacity(moves.len() * 2);
    for &[x, y] in moves {
        // Points off the 32x32 alphabet cannot be on a board of the report: skipped.
        if let (Some(&a), Some(&b)) = (ALPHABET.get(x as usize), ALPHABET.get(y as usize)) {
            s.push(a as char);
            s.push(b as char);
        }
    }
    s
}

fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::Black => "black",
        Outcome::White => "white",
        Outcome::Draw => "draw",
        Outcome::None => "none",
    }
}

/// The games as the viewer's JSON (see the module documentation).
pub(crate) fn data_json(g: &GameRecords) -> String {
    let mut players: Vec<&str> = Vec::new();
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    for game in &g.games {
        for name in [game.black.as_str(), game.white.as_str()] {
            if !index.contains_key(name) {
                index.insert(name, players.len());
                players.push(name);
            }
        }
    }
    let mut s = String::with_capacity(64 + g.games.len() * 160);
    let _ = write!(
        s,
        "{{\"v\":1,\"width\":{},\"height\":{},\"k\":{},\"rule\":{},\"players\":[",
        g.width,
        g.height,
        g.k,
        json_string(&g.rule)
    );
    for (i, p) in players.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&json_string(p));
    }
    s.push_str("],\"reasons\":{");
    for (i, e) in GameEnd::ALL.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "\"{}\":{}", e.name(), json_string(e.words()));
    }
    s.push_str("},\"games\":[");
    for (i, game) in g.games.iter().enumerate() {
        if i > 0 {
            s.push_str(",\n");
        }
        let _ = write!(
            s,
            "{{\"n\":{},\"b\":{},\"w\":{},\"o\":{},\"om\":\"{}\",\"m\":\"{}\",\"r\":\"{}\",\"e\":\"{}\"}}",
            game.number,
            index[game.black.as_str()],
            index[game.white.as_str()],
            json_string(&game.opening),
            points(&game.opening_moves),
            points(&game.moves),
            outcome(game.result),
            game.end.name()
        );
    }
    s.push_str("]}");
    s
}

/// Styles of the viewer, scoped to `#gv`.
pub(crate) const CSS: &str = "#gv{border:1px solid #ddd;padding:.8em;border-radius:6px}\
#gv .gv-pick{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;margin-bottom:.6em}\
#gv select{max-width:100%;font:inherit}#gv input{font:inherit}\
#gv .gv-main{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}\
#gv svg{width:min(100%,560px);height:auto;border:none;flex:0 0 auto}\
#gv .gv-side{flex:1 1 260px;min-width:240px}\
#gv .gv-buttons button{font:inherit;min-width:3em;margin:0 .2em .3em 0}\
#gv .gv-moves{font-family:monospace;line-height:1.8}\
#gv .gv-moves button{font:inherit;border:1px solid transparent;background:none;padding:0 .2em;cursor:pointer}\
#gv .gv-moves button.cur{border-color:#c00;background:#fee}\
#gv .gv-result{font-weight:bold}#gv .gv-note{color:#666;font-size:.85em}";

/// The viewer's script (plain ES5, no library).
pub(crate) const SCRIPT: &str = r#"(function () {
'use strict';
var A = 'abcdefghijklmnopqrstuvwxyzABCDEF', NS = 'http://www.w3.org/2000/svg';
var data = JSON.parse(document.getElementById('gv-data').textContent);
var W = data.width, H = data.height, K = data.k, names = data.players, games = data.games;
var letters = W <= 26;
var C = 30, M = 34;
function $(id) { return document.getElementById(id); }
var sel = $('gv-select'), filter = $('gv-filter'), num = $('gv-number'), svg = $('gv-board');
var cur = -1, step = 0, pts = [], nOpen = 0, stones = null;
function decode(s) {
  var out = [];
  for (var i = 0; i + 1 < s.length; i += 2) out.push([A.indexOf(s.charAt(i)), A.indexOf(s.charAt(i + 1))]);
  return out;
}
function col(x) { return letters ? A.charAt(x) : String(x); }
function row(y) { return letters ? String(y + 1) : String(y); }
function point(p) { return letters ? A.charAt(p[0]) + (p[1] + 1) : p[0] + ',' + p[1]; }
function colour(i) { return i % 2 === 0 ? 'Black' : 'White'; }
function result(g) {
  var b = names[g.b], w = names[g.w], why = data.reasons[g.e] || g.e;
  if (g.r === 'black' || g.r === 'white') {
    var black = g.r === 'black';
    var s = (black ? b : w) + ' (' + (black ? 'Black' : 'White') + ') won: ' + why;
    if (g.e !== 'five') s += ', ' + (black ? w : b) + ' (' + (black ? 'White' : 'Black') + ') at fault';
    return s;
  }
  if (g.r === 'draw') return 'Draw: ' + why;
  return 'No result: ' + why;
}
function short(g) {
  var r = g.r === 'black' ? 'Black won' : g.r === 'white' ? 'White won' : g.r === 'draw' ? 'draw' : 'no result';
  return '#' + g.n + ' \u00b7 ' + names[g.b] + ' vs ' + names[g.w] + ' \u00b7 opening ' + g.o + ' \u00b7 ' + r + ' (' + (data.reasons[g.e] || g.e) + ')';
}
function el(name, attrs, text) {
  var e = document.createElementNS(NS, name);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}
function grid() {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  var w = 2 * M + (W - 1) * C, h = 2 * M + (H - 1) * C;
  svg.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
  svg.appendChild(el('rect', { x: 0, y: 0, width: w, height: h, fill: '#e3b96b' }));
  var g = el('g', { stroke: '#5a4020', 'stroke-width': 1 });
  for (var x = 0; x < W; x++) g.appendChild(el('line', { x1: M + x * C, y1: M, x2: M + x * C, y2: M + (H - 1) * C }));
  for (var y = 0; y < H; y++) g.appendChild(el('line', { x1: M, y1: M + y * C, x2: M + (W - 1) * C, y2: M + y * C }));
  svg.appendChild(g);
  var t = el('g', { 'font-family': 'sans-serif', 'font-size': 13, fill: '#333', 'text-anchor': 'middle', 'dominant-baseline': 'central' });
  for (x = 0; x < W; x++) {
    t.appendChild(el('text', { x: M + x * C, y: M / 2 - 4, 'class': 'gv-col' }, col(x)));
    t.appendChild(el('text', { x: M + x * C, y: h - M / 2 + 4 }, col(x)));
  }
  for (y = 0; y < H; y++) {
    t.appendChild(el('text', { x: M / 2 - 4, y: M + y * C, 'class': 'gv-row' }, row(y)));
    t.appendChild(el('text', { x: w - M / 2 + 4, y: M + y * C }, row(y)));
  }
  svg.appendChild(t);
  stones = el('g', { id: 'gv-stones' });
  svg.appendChild(stones);
}
function winRow(n) {
  var g = games[cur];
  if (g.e !== 'five' || n !== pts.length || n === 0) return null;
  var at = {}, last = pts[n - 1], me = (n - 1) % 2;
  for (var i = 0; i < n; i++) at[pts[i][0] + ',' + pts[i][1]] = i % 2;
  var dirs = [[1, 0], [0, 1], [1, 1], [1, -1]];
  for (var d = 0; d < 4; d++) {
    var a = last, b = last, dx = dirs[d][0], dy = dirs[d][1], c = 1;
    while (at[(a[0] - dx) + ',' + (a[1] - dy)] === me) { a = [a[0] - dx, a[1] - dy]; c++; }
    while (at[(b[0] + dx) + ',' + (b[1] + dy)] === me) { b = [b[0] + dx, b[1] + dy]; c++; }
    if (c >= K) return [a, b];
  }
  return null;
}
function draw() {
  while (stones.firstChild) stones.removeChild(stones.firstChild);
  var n = nOpen + step, r = C * 0.46;
  for (var i = 0; i < n; i++) {
    var p = pts[i], cx = M + p[0] * C, cy = M + p[1] * C, black = i % 2 === 0, opening = i < nOpen;
    var g = el('g', { 'class': 'stone ' + (black ? 'black' : 'white') + (opening ? ' opening' : ' move'), 'data-point': point(p), 'data-index': i });
    g.appendChild(el('circle', { cx: cx, cy: cy, r: r, fill: black ? '#111' : '#fafafa', stroke: black ? '#000' : '#444', 'stroke-width': 1 }));
    if (opening) {
      g.appendChild(el('rect', { x: cx - 4, y: cy - 4, width: 8, height: 8, fill: black ? '#f0a030' : '#c06000' }));
    } else {
      g.appendChild(el('text', { x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-family': 'sans-serif', 'font-size': i - nOpen + 1 >= 100 ? 10 : 12, fill: black ? '#fff' : '#111' }, String(i - nOpen + 1)));
    }
    stones.appendChild(g);
  }
  if (step > 0) {
    var q = pts[n - 1];
    stones.appendChild(el('circle', { 'class': 'gv-last', cx: M + q[0] * C, cy: M + q[1] * C, r: r + 2.5, fill: 'none', stroke: '#e00', 'stroke-width': 2.5 }));
  }
  var wr = winRow(n);
  if (wr) stones.appendChild(el('line', { 'class': 'gv-win', x1: M + wr[0][0] * C, y1: M + wr[0][1] * C, x2: M + wr[1][0] * C, y2: M + wr[1][1] * C, stroke: '#e00', 'stroke-width': 4, 'stroke-linecap': 'round', opacity: 0.7 }));
  var total = pts.length - nOpen;
  $('gv-move').textContent = step === 0
    ? 'Move 0 of ' + total + ': the opening (' + nOpen + ' stones)'
    : 'Move ' + step + ' of ' + total + ': ' + colour(n - 1) + ' ' + point(pts[n - 1]);
  var bs = $('gv-moves').getElementsByTagName('button');
  for (i = 0; i < bs.length; i++) bs[i].className = i + 1 === step ? 'cur' : '';
  $('gv-first').disabled = $('gv-prev').disabled = step === 0;
  $('gv-next').disabled = $('gv-last').disabled = step === total;
}
function go(s) {
  if (cur < 0) return;
  step = Math.max(0, Math.min(pts.length - nOpen, s));
  draw();
}
function show(i) {
  if (i < 0 || i >= games.length) return;
  cur = i;
  var g = games[i], om = decode(g.om);
  pts = om.concat(decode(g.m));
  nOpen = om.length;
  $('gv-title').textContent = 'Game ' + g.n + ': ' + names[g.b] + ' (Black) vs ' + names[g.w] + ' (White)';
  $('gv-opening').textContent = 'Opening ' + g.o + ': ' + om.map(point).join(' ') + ' (marked stones)';
  $('gv-result').textContent = 'Result: ' + result(g);
  var list = $('gv-moves');
  while (list.firstChild) list.removeChild(list.firstChild);
  for (var k = nOpen; k < pts.length; k++) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = (k - nOpen + 1) + '.' + point(pts[k]);
    b.setAttribute('data-step', k - nOpen + 1);
    list.appendChild(b);
    list.appendChild(document.createTextNode(' '));
  }
  if (sel.value !== String(i)) sel.value = String(i);
  num.value = g.n;
  grid();
  go(pts.length - nOpen);
}
var index = {};
for (var i = 0; i < games.length; i++) { index[games[i].n] = i; games[i].label = short(games[i]); }
function fill() {
  var words = filter.value.toLowerCase().split(/\s+/).filter(function (w) { return w; });
  var frag = document.createDocumentFragment(), count = 0;
  for (var i = 0; i < games.length; i++) {
    var l = games[i].label.toLowerCase(), ok = true;
    for (var j = 0; j < words.length && ok; j++) ok = l.indexOf(words[j]) >= 0;
    if (!ok) continue;
    var o = document.createElement('option');
    o.value = String(i);
    o.textContent = games[i].label;
    frag.appendChild(o);
    count++;
  }
  sel.textContent = '';
  sel.appendChild(frag);
  if (cur >= 0) sel.value = String(cur);
  $('gv-count').textContent = count + ' of ' + games.length + ' games';
}
function fromHash() {
  var m = /^#game-(\d+)$/.exec(location.hash);
  if (m && index[m[1]] !== undefined) { show(index[m[1]]); return true; }
  return false;
}
sel.addEventListener('change', function () { if (sel.value !== '') show(+sel.value); });
filter.addEventListener('input', fill);
num.addEventListener('change', function () {
  var i = index[num.value];
  if (i === undefined) { $('gv-move').textContent = 'No game ' + num.value + ' in this run.'; return; }
  show(i);
});
$('gv-first').addEventListener('click', function () { go(0); });
$('gv-prev').addEventListener('click', function () { go(step - 1); });
$('gv-next').addEventListener('click', function () { go(step + 1); });
$('gv-last').addEventListener('click', function () { go(Infinity); });
$('gv-moves').addEventListener('click', function (e) {
  var s = e.target.getAttribute && e.target.getAttribute('data-step');
  if (s) go(+s);
});
document.addEventListener('keydown', function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || cur < 0) return;
  var t = e.target.tagName;
  if (t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA') return;
  var inside = $('gv').contains(e.target);
  if (e.key === 'ArrowLeft') go(step - 1);
  else if (e.key === 'ArrowRight') go(step + 1);
  else if (e.key === 'Home' && inside) go(0);
  else if (e.key === 'End' && inside) go(Infinity);
  else return;
  e.preventDefault();
});
window.addEventListener('hashchange', function () {
  if (fromHash()) $('gv').scrollIntoView();
});
fill();
if (!fromHash()) show(0);
}());"#;

/// The viewer's section of `report.html`: the controls, the data and the script.
pub(crate) fn section(g: &GameRecords) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<h2 id=\"games\">Games</h2>\n<p class=\"note\">All {} games of the run: pick one (type \
         a player, an opening, a result or a reason to narrow the list, or a game number), \
         then step through it with the buttons or the arrow keys (Home and End jump to the \
         start and the end). Columns are lettered from a and rows numbered from 1 at the top, \
         as pos notation reads them; the opening's stones are marked with a square, played \
         moves are numbered from 1, the last one is ringed.</p>\n",
        g.games.len()
    );
    s.push_str(
        "<div id=\"gv\">\n<div class=\"gv-pick\">\
<label>Find <input id=\"gv-filter\" type=\"search\" placeholder=\"player, opening, result, reason\"></label>\
<label>Game <input id=\"gv-number\" type=\"number\" min=\"1\" style=\"width:6em\"></label>\
<span id=\"gv-count\" class=\"gv-note\"></span></div>\n\
<select id=\"gv-select\" aria-label=\"game\"></select>\n\
<div class=\"gv-main\">\n<svg id=\"gv-board\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"board\"></svg>\n\
<div class=\"gv-side\">\n<p id=\"gv-title\"></p>\n<p id=\"gv-opening\" class=\"gv-note\"></p>\n\
<p id=\"gv-result\" class=\"gv-result\"></p>\n\
<div class=\"gv-buttons\"><button type=\"button\" id=\"gv-first\" title=\"first (Home)\">|&lt;</button>\
<button type=\"button\" id=\"gv-prev\" title=\"previous (left arrow)\">&lt;</button>\
<button type=\"button\" id=\"gv-next\" title=\"next (right arrow)\">&gt;</button>\
<button type=\"button\" id=\"gv-last\" title=\"last (End)\">&gt;|</button></div>\n\
<p id=\"gv-move\"></p>\n<div id=\"gv-moves\" class=\"gv-moves\"></div>\n</div>\n</div>\n\
<noscript><p>The game viewer needs JavaScript.</p></noscript>\n</div>\n",
    );
    let _ = write!(
        s,
        "<script type=\"application/json\" id=\"gv-data\">{}</script>\n<script>{}</script>\n",
        data_json(g),
        SCRIPT
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::GameRecord;

    #[test]
    fn strings_cannot_close_the_script_element() {
        let s = json_string("a\"</script><!--&\u{2028}\\\n");
        assert_eq!(
            s,
            "\"a\\\"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\\\\\n\""
        );
        assert!(!s.contains('<') && !s.contains('>'));
    }

    #[test]
    fn games_are_written_compactly_with_players_by_index() {
        let g = GameRecords {
            width: 15,
            height: 15,
            k: 5,
            rule: "freestyle".into(),
            games: vec![GameRecord {
                number: 7,
                black: "b\"<x>".into(),
                white: "w".into(),
                opening: "#2".into(),
                opening_moves: vec![[7, 7], [26, 31]],
                moves: vec![[0, 1]],
                result: Outcome::White,
                end: GameEnd::TimeForfeit,
            }],
        };
        let json = data_json(&g);
        assert!(
            json.contains("\"players\":[\"b\\\"\\u003cx\\u003e\",\"w\"]"),
            "{json}"
        );
        assert!(
            json.contains(
                "{\"n\":7,\"b\":0,\"w\":1,\"o\":\"#2\",\"om\":\"hhAF\",\"m\":\"ab\",\"r\":\"white\",\"e\":\"time_forfeit\"}"
            ),
            "{json}"
        );
        assert!(json.contains("\"time_forfeit\":\"forfeit by time\""));
    }
}
