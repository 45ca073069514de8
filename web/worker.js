// The handheld's application in a Web Worker: MicroPython's WebAssembly port
// runs firmware/app.py and the engine (compiled to .mpy, in the pack that
// `make web` writes) on the board of web/py/webboard.py.  A worker, so that
// the computer's longest decision never holds up the page: the page paints
// and takes keys while Python thinks.
//
// From the page: {start: {kind, seed, files, pack}}, {key: [code, event]},
// {button: [code, down]}.  To the page: {frame}, {palette}, {files},
// {state: {busy, waiting, got, scene}}, {ai: line}, {ready: ms}, {error: text}.
import { loadMicroPython } from "./micropython.mjs";

// The device's loop waits 5 ms between passes while the app is busy
// (firmware/power.py's POLL_MS); an idle app is looked at less often (a
// held button's repeat and long press, its clock), and a key or a button
// wakes it at once.
const BUSY_MS = 5, IDLE_MS = 20;
const CHANGED = 2, BUSY = 4;  // web/py/webapp.py's run()

let mp = null, webapp = null, timer = null, got = 0, folder = "/data";

function unpack(FS, bytes) {
  // The pack: a line of JSON ([[path, offset, length], ...]), then the files.
  const nl = bytes.indexOf(10);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(0, nl)));
  const made = new Set(["/app"]);
  FS.mkdir("/app");
  for (const [path, offset, length] of index) {
    const parts = path.split("/");
    let dir = "/app";
    for (const p of parts.slice(0, -1)) {
      dir += "/" + p;
      if (!made.has(dir)) { FS.mkdir(dir); made.add(dir); }
    }
    FS.writeFile("/app/" + path, bytes.subarray(nl + 1 + offset, nl + 1 + offset + length));
  }
}

function files() {
  const out = {};
  for (const name of mp.FS.readdir(folder)) {
    if (name !== "." && name !== "..") out[name] = mp.FS.readFile(folder + "/" + name);
  }
  return out;
}

function sendFrame(addr, length, number) {
  const bytes = mp._module.HEAPU8.slice(addr, addr + length);
  postMessage({ frame: { bytes, number } }, [bytes.buffer]);
}

function loop() {
  timer = null;
  let bits;
  try {
    bits = webapp.run();
  } catch (e) {
    postMessage({ error: String(e.message || e) });
    return;
  }
  if (bits & CHANGED) postMessage({ files: files() });
  postMessage({ state: { busy: !!(bits & BUSY), waiting: webapp.waiting(), got, scene: webapp.scene() } });
  timer = setTimeout(loop, bits & BUSY ? BUSY_MS : IDLE_MS);
}

function soon() {
  // a key or button: the app looks at it now, not at the next idle step
  if (timer !== null) { clearTimeout(timer); timer = setTimeout(loop, 0); }
}

async function start({ kind, seed, files: kept, pack }) {
  const t0 = performance.now();
  const [packBytes] = await Promise.all([
    fetch(pack).then((r) => { if (!r.ok) throw new Error(pack + ": " + r.status); return r.arrayBuffer(); }),
    loadMicroPython({
      pystack: 16 * 1024,
      heapsize: 8 * 1024 * 1024,
      // app.trace's lines: a decision's cost is kept (`~ai ...`), the rest dropped
      stdout: (line) => { if (line.startsWith("~ai ")) postMessage({ ai: line }); else if (line[0] !== "~") console.log(line); },
      stderr: (line) => console.error(line),
    }).then((m) => { mp = m; }),
  ]);
  unpack(mp.FS, new Uint8Array(packBytes));
  mp.FS.mkdir(folder);
  for (const [name, bytes] of Object.entries(kept || {})) mp.FS.writeFile(folder + "/" + name, bytes);
  mp.runPython("import sys\nsys.path.insert(0, '/app')\nimport os\nos.chdir('/app')");
  webapp = mp.pyimport("webapp");
  webapp.start(kind, seed, sendFrame);
  postMessage({ palette: webapp.palette() });
  postMessage({ ready: performance.now() - t0 });
  loop();
}

onmessage = (ev) => {
  const m = ev.data;
  if (m.start) {
    start(m.start).catch((e) => postMessage({ error: String(e.message || e) }));
  } else if (m.key) {
    got++;  // (a key before the app is up is dropped, but counted)
    if (webapp) { webapp.key(m.key[0], m.key[1]); soon(); }
  } else if (m.button && webapp) {
    webapp.button(m.button[0], m.button[1]);
    soon();
  }
};
