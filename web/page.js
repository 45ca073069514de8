// The page: the board chosen (OLED or LCD), the worker that runs the
// device's application (worker.js), the frames it sends painted, the keys
// and buttons sent to it, its files kept (saves.js).
//
// ?board=oled|lcd picks the screen (else the one last chosen), ?seed=N deals
// every match from N as the simulator's --seed does (tests compare the two).
// window.pocket is what tests and benchmarks read: the state of the app,
// the computer's decisions, the time to the first frame.
import { Device } from "./device.js";
import * as saves from "./saves.js";
import { words, deviceLanguage } from "./words.js";

const PACK = "@PACK@";  // host_sim/webbuild.py puts the pack's name here
const BOARD_KEPT = "pocket-card-table/board";
const params = new URLSearchParams(location.search);
const seed = /^\d+$/.test(params.get("seed") || "") ? Number(params.get("seed")) : -1;

const pocket = window.pocket = {
  kind: null, files: {}, state: null, sent: 0, got: 0, frames: 0, starts: 0, decisions: [],
  firstFrameMs: null, bootMs: null, error: null, stored: true,
  idle() {  // the app waits for a key, every key sent taken
    const s = this.state;
    return !!s && !s.busy && s.waiting === 0 && this.got === this.sent && this.frames > 0;
  },
  pixels() { return device.pixels(); },
};

let worker = null, device = null, lang = "en";

function $(id) { return document.getElementById(id); }

function say(text) {
  $("note").textContent = text || "";
}

function translate() {
  const w = words(lang);
  document.documentElement.lang = lang;
  document.title = w.title;
  for (const el of document.querySelectorAll("[data-word]")) el.textContent = w[el.dataset.word];
  $("board-keys").textContent = pocket.kind === "lcd" ? w.lcdKeys : w.oledKeys;
}

function send(what, code, x) {
  if (!worker) return;
  if (what === "key") pocket.sent++;
  worker.postMessage({ [what]: [code, x] });
}

function fromWorker(ev) {
  const m = ev.data;
  if (m.frame) {
    device.paint(m.frame.bytes);
    pocket.frames++;
    if (pocket.firstFrameMs === null) {
      pocket.firstFrameMs = performance.now();  // since the page's navigation began
      say("");
    }
  } else if (m.state) {
    pocket.state = m.state;
    pocket.got = m.state.got;
  } else if (m.palette !== undefined) {
    device.setPalette(m.palette);
  } else if (m.files) {
    pocket.files = m.files;
    pocket.stored = saves.keep(m.files);
    if (!pocket.stored) say(words(lang).noStorage);
    const now = deviceLanguage(m.files);
    if (now !== lang) { lang = now; translate(); }
  } else if (m.ai) {
    // "~ai GAME SEAT US FREE_BEFORE FREE_AFTER WORK" (firmware/thinking.py)
    const f = m.ai.split(" ");
    pocket.decisions.push({ game: f[1], seat: Number(f[2]), ms: Number(f[3]) / 1000, work: Number(f[6]) });
  } else if (m.ready !== undefined) {
    pocket.bootMs = m.ready;
  } else if (m.error) {
    pocket.error = m.error;
    say(words(lang).failed + m.error);
  }
}

// (Re)start the device on the board `kind` with the files kept.
function start(kind) {
  if (worker) worker.terminate();
  pocket.kind = kind;
  pocket.starts++;
  pocket.state = null;
  pocket.sent = pocket.got = 0;
  try { localStorage.setItem(BOARD_KEPT, kind); } catch (e) { /* storage blocked */ }
  for (const b of document.querySelectorAll("[data-board]")) b.setAttribute("aria-pressed", String(b.dataset.board === kind));
  device = new Device($("device"), kind, send);
  translate();
  worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = fromWorker;
  worker.onerror = (e) => { pocket.error = e.message; say(words(lang).failed + e.message); };
  worker.postMessage({ start: { kind, seed, files: pocket.files, pack: PACK } });
}

function download() {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(saves.zip(pocket.files));
  a.download = "pocket-card-table-saves.zip";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

async function upload(fileList) {
  const w = words(lang);
  let got;
  try {
    got = await saves.fromUpload(fileList);
  } catch (e) {
    say(w.nothing + " (" + e.message + ")");
    return;
  }
  const names = Object.keys(got.taken);
  if (!names.length) { say(w.nothing); return; }
  Object.assign(pocket.files, got.taken);
  pocket.stored = saves.keep(pocket.files);
  start(pocket.kind);  // the start menu reads the files afresh
  say(w.uploaded + names.sort().join(", ") + (got.left.length ? "; " + w.skipped + got.left.join(", ") : ""));
}

function boot() {
  pocket.files = saves.load();
  if (!pocket.files.lang && !Object.keys(pocket.files).length && (navigator.language || "").startsWith("ru")) {
    pocket.files.lang = saves.deviceFile("v1 ru");  // a first visit in Russian: the device in Russian
  }
  lang = deviceLanguage(pocket.files);
  let kind = params.get("board");
  if (!["oled", "lcd"].includes(kind)) {
    try { kind = localStorage.getItem(BOARD_KEPT); } catch (e) { kind = null; }
  }
  if (!["oled", "lcd"].includes(kind)) kind = "lcd";
  // (a control clicked lets go of the focus: Enter and Space are the device's again)
  for (const b of document.querySelectorAll("[data-board]")) {
    b.addEventListener("click", (ev) => {
      if (ev.detail) b.blur();
      if (b.dataset.board !== pocket.kind) start(b.dataset.board);
    });
  }
  $("download").addEventListener("click", (ev) => { if (ev.detail) ev.target.blur(); download(); });
  $("upload").addEventListener("click", (ev) => { if (ev.detail) ev.target.blur(); $("upload-file").click(); });
  $("upload-file").addEventListener("change", (ev) => { upload(ev.target.files); ev.target.value = ""; });
  document.addEventListener("keydown", (ev) => { if (device) device.keydown(ev); });
  say(words(lang).loading);
  start(kind);
}

boot();
