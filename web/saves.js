// The device's files (its storage folder: saved matches, settings,
// statistics), kept across reloads in localStorage, and carried to and from
// a real device: "Download save" gives a .zip of them exactly as the device
// holds them (hal/storage.py's header and CRC-32 included), the same bytes
// `python -m host_sim link pull` copies off a Pico; "Upload save" takes such
// files, or a .zip of them, back.

const KEPT = "pocket-card-table/files";
const MAX_SIZE = 16 * 1024 + 12;  // hal/storage.py's MAX_SIZE and its header

let crcTable = null;
export function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text) {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

// {name: Uint8Array} as kept; {} when nothing is (or storage is blocked).
export function load() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT) || "{}");
    const out = {};
    for (const [name, text] of Object.entries(kept)) out[name] = fromBase64(text);
    return out;
  } catch (e) {
    return {};
  }
}

// true when kept
export function keep(files) {
  const out = {};
  for (const [name, bytes] of Object.entries(files)) out[name] = toBase64(bytes);
  try {
    localStorage.setItem(KEPT, JSON.stringify(out));
    return true;
  } catch (e) {
    return false;
  }
}

// A name the device's storage takes (hal/storage.py's Storage.path()).
export function usableName(name) {
  return name.length > 0 && !name.includes("/") && !name.startsWith(".") && !name.endsWith(".tmp");
}

// A file as hal/storage.py writes it: b"PCT1", the length, the CRC-32.
export function deviceFile(text) {
  const data = new TextEncoder().encode(text);
  const out = new Uint8Array(12 + data.length), v = new DataView(out.buffer);
  out.set([0x50, 0x43, 0x54, 0x31]);
  v.setUint32(4, data.length, true);
  v.setUint32(8, crc32(data), true);
  out.set(data, 12);
  return out;
}

// The files as a .zip (stored, no compression: a few hundred bytes each).
export function zip(files) {
  const enc = new TextEncoder(), parts = [], central = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files).sort()) {
    const n = enc.encode(name), crc = crc32(data);
    const local = new Uint8Array(30 + n.length), lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true); lv.setUint16(4, 10, true);
    lv.setUint32(14, crc, true); lv.setUint32(18, data.length, true); lv.setUint32(22, data.length, true);
    lv.setUint16(26, n.length, true);
    local.set(n, 30);
    const dir = new Uint8Array(46 + n.length), dv = new DataView(dir.buffer);
    dv.setUint32(0, 0x02014b50, true); dv.setUint16(4, 20, true); dv.setUint16(6, 10, true);
    dv.setUint32(16, crc, true); dv.setUint32(20, data.length, true); dv.setUint32(24, data.length, true);
    dv.setUint16(28, n.length, true); dv.setUint32(42, offset, true);
    dir.set(n, 46);
    parts.push(local, data);
    central.push(dir);
    offset += local.length + data.length;
  }
  const size = central.reduce((s, d) => s + d.length, 0);
  const end = new Uint8Array(22), ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, central.length, true); ev.setUint16(10, central.length, true);
  ev.setUint32(12, size, true); ev.setUint32(16, offset, true);
  return new Blob([...parts, ...central, end], { type: "application/zip" });
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// {name: bytes} of a .zip's files (stored or deflated; folders dropped).
export async function unzip(bytes) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), out = {};
  let end = bytes.length - 22;
  while (end >= 0 && v.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a .zip");
  let p = v.getUint32(end + 16, true);
  for (let i = v.getUint16(end + 10, true); i > 0; i--) {
    const method = v.getUint16(p + 10, true), size = v.getUint32(p + 20, true);
    const nlen = v.getUint16(p + 28, true), xlen = v.getUint16(p + 30, true), clen = v.getUint16(p + 32, true);
    const local = v.getUint32(p + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nlen)).split("/").pop();
    const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    const raw = bytes.subarray(start, start + size);
    if (name && (method === 0 || method === 8)) out[name] = method === 0 ? raw.slice() : await inflate(raw);
    p += 46 + nlen + xlen + clen;
  }
  return out;
}

// The uploaded files (File objects: device files, or .zip files of them)
// as {taken: {name: bytes}, left: [names left out]}.  The device checks
// each file's CRC as it reads it, and sets aside one that fails.
export async function fromUpload(fileList) {
  const taken = {}, left = [];
  for (const f of fileList) {
    const bytes = new Uint8Array(await f.arrayBuffer());
    const inside = f.name.toLowerCase().endsWith(".zip") ? await unzip(bytes) : { [f.name]: bytes };
    for (const [name, data] of Object.entries(inside)) {
      const ok = usableName(name) && data.length >= 12 && data.length <= MAX_SIZE &&
        String.fromCharCode(...data.subarray(0, 4)) === "PCT1";
      if (ok) taken[name] = data; else left.push(name);
    }
  }
  return { taken, left };
}
