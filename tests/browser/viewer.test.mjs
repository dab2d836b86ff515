// report.html's game viewer in a real browser (Debian's Chromium, driven by playwright-core).
//
// Run by .ci/browser-test.sh, which installs what it needs, plays a small real tournament and
// sets GOMOKU_RUN to its run directory. The journal (games.jsonl) is the oracle: the test
// picks a game in the page, steps through it with the buttons and the arrow keys, and checks
// what the board shows (how many stones, where the last one is, the coordinates, the result)
// against the journal's moves. `cargo test --workspace` never runs this.
//
// Environment: GOMOKU_RUN (required), CHROMIUM (default /usr/bin/chromium), SCREENSHOT (a PNG
// path for the viewer; default /tmp/gomoku-viewer.png).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const RUN = process.env.GOMOKU_RUN;
if (!RUN) throw new Error('GOMOKU_RUN must name a run directory (see .ci/browser-test.sh)');
const URL = pathToFileURL(join(RUN, 'report', 'report.html')).href;
const SCREENSHOT = process.env.SCREENSHOT || '/tmp/gomoku-viewer.png';

// The journal, and the game to look at: the longest decisive one (ties: the first).
const journal = readFileSync(join(RUN, 'games.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));
const decisive = journal.filter((l) => l.result === 'black' || l.result === 'white');
const game = (decisive.length ? decisive : journal).reduce((a, b) =>
  b.moves.length > a.moves.length || (b.moves.length === a.moves.length && b.job < a.job) ? b : a);
const number = game.job + 1;
const pos = ([x, y]) => String.fromCharCode(97 + x) + (y + 1);

let context;
let profile;

before(async () => {
  profile = mkdtempSync(join(tmpdir(), 'gomoku-chromium-'));
  // A persistent context on a fresh folder is how Playwright takes --user-data-dir.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1100, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

after(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
});

/** Opens the report, failing on any script error. */
async function open(hash = '') {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // No network: a request that is not the file itself fails the test.
  await page.route('**/*', (route) =>
    route.request().url().startsWith('file:') ? route.continue() : route.abort());
  await page.goto(URL + hash);
  return { page, errors };
}

/** Picks `number` in the game list as a user would. */
async function pick(page, n) {
  const value = await page.$eval('#gv-select', (s, n) => {
    const o = [...s.options].find((o) => o.textContent.startsWith(`#${n} `));
    return o ? o.value : null;
  }, n);
  assert.ok(value !== null, `game ${n} is in the list`);
  await page.selectOption('#gv-select', value);
}

const stones = (page) => page.locator('#gv-board .stone').count();
const played = (page) => page.locator('#gv-board .stone.move').count();

/** The last stone on the board: its point and colour. */
async function lastStone(page) {
  return page.$$eval('#gv-board .stone', (els) => {
    const e = els[els.length - 1];
    return e && { point: e.getAttribute('data-point'), black: e.classList.contains('black') };
  });
}

/**
 * Steps through `game` from the start with the next button and checks the board after every
 * move against the journal; then the previous, last and first buttons and the arrow keys.
 */
async function stepThrough(page) {
  const open = game.opening_moves.length;
  const total = game.moves.length;
  await page.click('#gv-first');
  assert.equal(await stones(page), open, 'the first position shows the opening alone');
  assert.equal(await page.locator('#gv-board .stone.opening').count(), open);
  assert.equal(await page.locator('#gv-board .gv-last').count(), 0, 'no last move yet');
  assert.match(await page.textContent('#gv-move'), new RegExp(`^Move 0 of ${total}`));
  const steps = Math.min(total, 12);
  for (let k = 1; k <= steps; k++) {
    await page.click('#gv-next');
    assert.equal(await stones(page), open + k, `stones after ${k} clicks on next`);
    assert.equal(await played(page), k);
    const last = await lastStone(page);
    assert.equal(last.point, pos(game.moves[k - 1]), `move ${k} is where the journal has it`);
    assert.equal(last.black, (open + k - 1) % 2 === 0, `move ${k}'s colour`);
    const colour = (open + k - 1) % 2 === 0 ? 'Black' : 'White';
    assert.equal(
      await page.textContent('#gv-move'),
      `Move ${k} of ${total}: ${colour} ${pos(game.moves[k - 1])}`,
    );
    // the number on the stone is the move's
    const label = await page.$$eval('#gv-board .stone.move text', (t) => t[t.length - 1].textContent);
    assert.equal(label, String(k));
  }
  await page.click('#gv-prev');
  assert.equal(await stones(page), open + steps - 1, 'previous takes one stone back');
  // arrow keys, with the focus on the page (not in the list or the search box)
  await page.click('#gv-board');
  await page.keyboard.press('ArrowRight');
  assert.equal(await stones(page), open + steps, 'right arrow plays the next move');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await stones(page), open + steps - 2, 'left arrow takes a move back');
  await page.click('#gv-last');
  assert.equal(await stones(page), open + total, 'last shows every stone');
  assert.ok(await page.isDisabled('#gv-next'), 'next is disabled at the end');
  await page.keyboard.press('ArrowRight');
  assert.equal(await stones(page), open + total, 'nothing past the end');
  await page.click('#gv-first');
  assert.equal(await stones(page), open, 'first goes back to the opening');
}

test('the viewer shows the chosen game of the journal move by move', async () => {
  const { page, errors } = await open();
  await pick(page, number);
  const players = `Game ${number}: ${game.black} (Black) vs ${game.white} (White)`;
  assert.equal(await page.textContent('#gv-title'), players, 'names shown as text, exactly');

  // A picked game opens at its end: every stone, the winning row marked.
  const open0 = game.opening_moves.length;
  assert.equal(await stones(page), open0 + game.moves.length);
  const winner = game.result === 'black' ? `${game.black} (Black)` : `${game.white} (White)`;
  const reason = { five: 'five in a row', board_full: 'board full', move_cap: 'move cap reached' };
  const result = await page.textContent('#gv-result');
  if (game.result === 'draw') assert.equal(result, `Result: Draw: ${reason[game.reason]}`);
  else assert.ok(result.startsWith(`Result: ${winner} won: `), result);
  if (game.reason === 'five') {
    assert.equal(result, `Result: ${winner} won: five in a row`);
    assert.equal(await page.locator('#gv-board .gv-win').count(), 1, 'the five is marked');
  }
  assert.equal(
    await page.textContent('#gv-opening'),
    `Opening #${game.opening + 1}: ${game.opening_moves.map(pos).join(' ')} (marked stones)`,
  );

  // Coordinates as pos notation reads them: letters from a, rows from 1 at the top.
  const cols = await page.$$eval('#gv-board text.gv-col', (t) => t.map((e) => e.textContent));
  const rows = await page.$$eval('#gv-board text.gv-row', (t) => t.map((e) => ({
    label: e.textContent,
    y: +e.getAttribute('y'),
  })));
  assert.deepEqual(cols, 'abcdefghijklmno'.split(''));
  assert.deepEqual(rows.map((r) => r.label), Array.from({ length: 15 }, (_, i) => String(i + 1)));
  assert.ok(rows[0].y < rows[14].y, 'row 1 is at the top');

  await stepThrough(page);
  await page.click('#gv-last');
  await page.locator('#gv').screenshot({ path: SCREENSHOT });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link to #game-N opens that game; the search narrows the list', async () => {
  const other = journal.find((l) => l.job !== game.job) || game;
  const { page, errors } = await open(`#game-${other.job + 1}`);
  assert.ok((await page.textContent('#gv-title')).startsWith(`Game ${other.job + 1}: `));
  assert.equal(await stones(page), other.opening_moves.length + other.moves.length);
  const count = () => page.locator('#gv-select option').count();
  assert.equal(await count(), journal.length, 'every game of the run is listed');
  await page.fill('#gv-filter', game.black);
  const wanted = journal.filter((l) => l.black === game.black || l.white === game.black).length;
  assert.equal(await count(), wanted, 'the search keeps the games of that player');
  assert.match(await page.textContent('#gv-count'), new RegExp(`^${wanted} of ${journal.length} games`));
  // the rest of the report: the CFS matrix and the forfeits
  assert.ok((await page.textContent('table.matrix')).includes('CFS'));
  assert.ok((await page.textContent('#forfeits + *')).length > 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the check catches a next button that does nothing', async () => {
  const { page } = await open();
  await pick(page, number);
  // A clone keeps the button and drops its click handler.
  await page.$eval('#gv-next', (b) => b.replaceWith(b.cloneNode(true)));
  await assert.rejects(stepThrough(page), /stones after 1 clicks on next/);
  await page.close();
});
