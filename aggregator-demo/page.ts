import { SCRATCH_ICONS } from './art.ts';
import { STAKES, WHEEL_SEGMENTS } from './games.ts';

/**
 * The page a game session opens in the operator's frame: plain HTML, CSS and a small script, as
 * third-party game clients are. It shows the balance, a stake, one button, and the round drawn
 * the game's way; the round itself is played by the demo aggregator's server (POST round), which
 * calls the operator's wallet. After each round it tells its parent frame that the balance moved
 * (a message without figures: the operator reads its own balance).
 */
const TEXTS = {
  en: { balance: 'Balance', stake: 'Stake', win: 'Win', play: { scratch: 'Buy and scratch', wheel: 'Spin the wheel', card: 'Deal' }, lost: 'No win this time', tie: 'Tie: stake returned', fun: 'Fun money', real: 'Real money', by: 'by', busy: 'Playing…', you: 'You', dealer: 'Dealer' },
  fr: { balance: 'Solde', stake: 'Mise', win: 'Gain', play: { scratch: 'Acheter et gratter', wheel: 'Lancer la roue', card: 'Distribuer' }, lost: 'Pas de gain cette fois', tie: 'Égalité : mise rendue', fun: 'Argent fictif', real: 'Argent réel', by: 'par', busy: 'Partie en cours…', you: 'Vous', dealer: 'Croupier' },
};

export type PageInput = { launch: string; code: string; name: string; product: string; lang: string; mode: 'real' | 'demo'; currency: string };

const kindOf = (code: string) => (code.includes('scratch') ? 'scratch' : code.includes('wheel') ? 'wheel' : 'card');

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function gamePage(input: PageInput): string {
  const t = input.lang === 'fr' ? TEXTS.fr : TEXTS.en;
  const kind = kindOf(input.code);
  const board =
    kind === 'scratch'
      ? `<div class="card-grid" id="board">${Array.from({ length: 9 }, (_, i) => `<div class="cell" data-cell="${i}"><span class="symbol"></span><span class="foil"></span></div>`).join('')}</div>`
      : kind === 'wheel'
        ? `<div class="wheel-wrap"><div class="pointer"></div><svg id="wheel" viewBox="-100 -100 200 200" class="wheel"></svg></div>`
        : `<div class="table" id="board"><div class="slot"><div class="label">${t.you}</div><div class="playing-card back" id="player"></div></div><div class="slot"><div class="label">${t.dealer}</div><div class="playing-card back" id="dealer"></div></div></div>`;
  const config = JSON.stringify({ launch: input.launch, kind, icons: SCRATCH_ICONS, stakes: STAKES, segments: WHEEL_SEGMENTS, texts: t, lang: input.lang }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${input.lang === 'fr' ? 'fr' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(input.name)}</title>
<style>
:root{color-scheme:dark;font-family:system-ui,-apple-system,Segoe UI,sans-serif}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:${kind === 'scratch' ? 'radial-gradient(120% 80% at 30% 10%,#5a1a45,#12081a 70%)' : kind === 'wheel' ? 'radial-gradient(120% 80% at 50% 0%,#1b6f8f,#04131c 70%)' : 'linear-gradient(#14324a,#071521)'};color:#f6f0e6}
header{display:flex;justify-content:space-between;align-items:center;padding:12px 16px;gap:8px;flex-wrap:wrap}
h1{margin:0;font-size:18px;letter-spacing:.5px}.studio{font-size:12px;opacity:.7}
.mode{font-size:11px;text-transform:uppercase;letter-spacing:1px;padding:4px 8px;border-radius:99px;background:rgba(255,255,255,.12)}
main{flex:1;display:grid;place-items:center;padding:8px}
footer{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:center;padding:14px;background:rgba(0,0,0,.35)}
.figure{display:flex;flex-direction:column;min-width:110px}.figure small{opacity:.65;font-size:11px;text-transform:uppercase;letter-spacing:1px}.figure b{font-size:20px;font-variant-numeric:tabular-nums}
select,button{font:inherit;border-radius:12px;border:0;padding:10px 14px}select{background:#1d1d29;color:#fff}
button{background:${kind === 'scratch' ? '#ffb347' : kind === 'wheel' ? '#f2c14e' : '#f1e3c2'};color:#1a1020;font-weight:800;min-width:170px;cursor:pointer}
button:disabled{opacity:.55;cursor:wait}
#message{min-height:24px;text-align:center;font-weight:700;font-size:18px;margin-top:14px}
#message.win{color:#ffe27a}#message.error{color:#ff8b8b;font-size:15px}
.card-grid{display:grid;grid-template-columns:repeat(3,min(22vw,96px));gap:10px;padding:16px;border-radius:22px;background:#2a1636;box-shadow:0 0 0 3px #ffb34755}
.cell{position:relative;aspect-ratio:1;border-radius:14px;background:#3b2150;display:grid;place-items:center;overflow:hidden}.cell .symbol{width:100%;height:100%;display:grid;place-items:center}
.cell .foil{position:absolute;inset:0;background:linear-gradient(135deg,#d9d9e3,#8e8ea4 50%,#ececf4);transition:opacity .45s ease,transform .45s ease}
.cell.open .foil{opacity:0;transform:scale(1.3)}.cell.hit{box-shadow:inset 0 0 0 3px #ffe27a}
.wheel-wrap{position:relative;width:min(78vw,340px);aspect-ratio:1}.wheel{width:100%;height:100%;transition:transform 3.2s cubic-bezier(.15,.85,.2,1)}
.pointer{position:absolute;left:50%;top:-6px;transform:translateX(-50%);width:0;height:0;border-left:14px solid transparent;border-right:14px solid transparent;border-top:26px solid #fff;z-index:2;filter:drop-shadow(0 2px 2px #0008)}
.table{display:flex;gap:min(8vw,48px)}.slot{text-align:center}.label{opacity:.7;font-size:12px;text-transform:uppercase;letter-spacing:1px;margin-bottom:8px}
.playing-card{width:min(30vw,120px);aspect-ratio:5/7;border-radius:12px;background:#fdfaf2;color:#1d2b3a;display:grid;place-items:center;font:700 min(10vw,44px) Georgia,serif;transition:transform .4s ease;box-shadow:0 6px 18px #0008}
.playing-card.red{color:#c8323c}.playing-card.back{background:repeating-linear-gradient(45deg,#1f4c6e 0 8px,#17405e 8px 16px);color:transparent}
.playing-card.flip{transform:rotateY(180deg)}
@media (prefers-reduced-motion:reduce){.wheel,.cell .foil,.playing-card{transition:none}}
</style></head>
<body data-game="${escape(input.code)}" data-mode="${input.mode}">
<header><div><h1>${escape(input.name)}</h1><div class="studio">${t.by} ${escape(input.product)}</div></div><span class="mode">${input.mode === 'demo' ? t.fun : t.real}</span></header>
<main><div>${board}<div id="message" role="status" aria-live="polite"></div></div></main>
<footer>
<div class="figure"><small>${t.balance}</small><b id="balance" data-testid="aggregator-balance">…</b></div>
<label class="figure"><small>${t.stake}</small><select id="stake">${STAKES.map((stake) => `<option value="${stake}"${stake === 100 ? ' selected' : ''}>${(stake / 100).toFixed(2)}</option>`).join('')}</select></label>
<div class="figure"><small>${t.win}</small><b id="win">0.00</b></div>
<button id="play" type="button">${t.play[kind]}</button>
</footer>
<script>${CLIENT.replace('__CONFIG__', config)}</script>
</body></html>`;
}

/** The page's script: plain browser JavaScript, no framework. */
const CLIENT = `
const config = __CONFIG__;
const $ = (id) => document.getElementById(id);
const money = (minor, currency) => (minor / 100).toFixed(2) + (currency && currency !== 'XXX' ? ' ' + currency : '');
let rotation = 0;
function drawWheel() {
  const svg = $('wheel'); if (!svg) return;
  const n = config.segments.length; const step = 360 / n; const colours = { 0: '#0f5c7a', 1.5: '#f2c14e', 2: '#e4572e', 3: '#76b041' };
  let parts = '';
  config.segments.forEach((m, i) => {
    const a = (i * step - step / 2) * Math.PI / 180, b = ((i + 1) * step - step / 2) * Math.PI / 180;
    const p = (x) => (95 * Math.sin(x)).toFixed(2) + ' ' + (-95 * Math.cos(x)).toFixed(2);
    const mid = i * step;
    parts += '<path d="M0 0L' + p(a) + 'A95 95 0 0 1 ' + p(b) + 'Z" fill="' + colours[m] + '" stroke="#062633" stroke-width="1.5"/>';
    parts += '<text transform="rotate(' + mid + ') translate(0 -70)" text-anchor="middle" font-size="10" font-weight="700" fill="' + (m ? '#062633' : '#bfe6f5') + '">' + (m ? 'x' + m : '–') + '</text>';
  });
  svg.innerHTML = parts + '<circle r="16" fill="#062633" stroke="#f2c14e" stroke-width="3"/>';
}
async function refresh() {
  const response = await fetch('/games/' + config.launch + '/state');
  const state = await response.json();
  if (response.ok) $('balance').textContent = money(state.balance, state.currency);
}
function wait(ms) { return new Promise((resolve) => setTimeout(resolve, matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : ms)); }
async function show(outcome) {
  if (config.kind === 'scratch') {
    const cells = document.querySelectorAll('.cell');
    cells.forEach((cell, i) => { cell.className = 'cell'; cell.querySelector('.symbol').innerHTML = '<svg viewBox="-14 -14 28 28" width="70%" height="70%">' + config.icons[outcome.cells[i]] + '</svg>'; });
    for (const cell of cells) { await wait(110); cell.classList.add('open'); }
    cells.forEach((cell, i) => { if (outcome.symbol && outcome.cells[i] === outcome.symbol) cell.classList.add('hit'); });
    await wait(300);
  } else if (config.kind === 'wheel') {
    const step = 360 / config.segments.length;
    rotation += 360 * 4 + ((360 - outcome.segment * step - (rotation % 360)) % 360 + 360) % 360;
    $('wheel').style.transform = 'rotate(' + rotation + 'deg)';
    await wait(3300);
  } else {
    for (const [id, card] of [['player', outcome.player], ['dealer', outcome.dealer]]) {
      const el = $(id); el.className = 'playing-card flip';
      await wait(200);
      const red = card.suit === 'hearts' || card.suit === 'diamonds';
      el.className = 'playing-card' + (red ? ' red' : '');
      el.textContent = card.rank + ({ hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' })[card.suit];
      await wait(250);
    }
  }
}
async function play() {
  const button = $('play'); const message = $('message');
  button.disabled = true; button.dataset.label = button.dataset.label || button.textContent; button.textContent = config.texts.busy;
  message.className = ''; message.textContent = '';
  try {
    const response = await fetch('/games/' + config.launch + '/round', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stake: Number($('stake').value) }) });
    const answer = await response.json();
    if (!response.ok) { message.className = 'error'; message.textContent = answer.error; return; }
    // The stake has left the balance: the operator's page may show it now.
    window.parent.postMessage({ type: 'aggregator:balance-changed' }, '*');
    await show(answer.outcome);
    $('win').textContent = money(answer.win, answer.currency);
    $('balance').textContent = money(answer.balance, answer.currency);
    const tie = answer.outcome.result === 'tie';
    message.className = answer.win > 0 && !tie ? 'win' : '';
    message.textContent = tie ? config.texts.tie : answer.win > 0 ? config.texts.win + ' ' + money(answer.win, answer.currency) : config.texts.lost;
    message.dataset.round = answer.round_id;
    window.parent.postMessage({ type: 'aggregator:balance-changed' }, '*');
  } catch (error) {
    message.className = 'error'; message.textContent = String(error.message || error);
  } finally {
    button.disabled = false; button.textContent = button.dataset.label;
  }
}
drawWheel();
$('play').addEventListener('click', play);
refresh();
`;
