// The emulated Pico: rp2040js running MicroPython's rp2 firmware with the
// project's files on its flash, driven by host_sim/pico.py over a pipe.
//
//   node harness.mjs CONFIG.json
//
// Commands come on stdin, one JSON object a line; what the device does goes
// to stdout as binary records, each [kind u8][time f64 ns][length u32][data]:
//   S  bytes the device wrote to its USB serial port
//   I  one I2C write transaction: [start f64 ns][address, bytes...], at its
//      stop condition
//   P  SPI bytes sent while DC and CS held one level: [start f64 ns]
//      [dc | cs << 1, bytes...], at the end of the last byte on the wire
//   D  the command is done: JSON {t, why, ...}
// Peripherals take their wire time: an I2C byte 9 SCL periods at the clock
// the firmware programmed (start and stop one each), an SPI frame its bits
// at the programmed SCK.  The USB host holds the device's OUT requests until
// it has data, as a real host NAKs: answering them at once with empty
// packets keeps the CPU in USB interrupts and bytecode runs 2.5x slower.
// Flash program/erase, which rp2040js does not emulate, are done here when
// the CPU enters the boot ROM's routines, charged their typical times.
import { Simulator, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';
import fs from 'fs';
import readline from 'readline';

const cfg = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const sim = new Simulator();
const clock = sim.clock;
const mcu = sim.rp2040;
mcu.logger = new ConsoleLogger(LogLevel.Error);

function words(path) {
  const b = fs.readFileSync(path);
  return new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
}
mcu.loadBootrom(words(cfg.bootrom));
mcu.flash.fill(0xff);
mcu.flash.set(fs.readFileSync(cfg.firmware), 0);
if (cfg.filesystem) mcu.flash.set(fs.readFileSync(cfg.filesystem), cfg.fs_offset);
mcu.core.PC = 0x10000000;

// ---- output records -------------------------------------------------------
const out = [];
let outBytes = 0;
function record(kind, data, since, at) {
  // I and P records begin with the time (f64 ns) their first byte began
  if (since !== undefined) {
    const t = Buffer.alloc(8);
    t.writeDoubleLE(since, 0);
    data = Buffer.concat([t, Buffer.from(data)]);
  }
  const head = Buffer.alloc(13);
  head.writeUInt8(kind.charCodeAt(0), 0);
  head.writeDoubleLE(at === undefined ? clock.nanos : at, 1);
  head.writeUInt32LE(data.length, 9);
  out.push(head, Buffer.from(data));
  outBytes += 13 + data.length;
}
function flush() {
  if (out.length) {
    process.stdout.write(Buffer.concat(out, outBytes));
    out.length = 0;
    outBytes = 0;
  }
}

// ---- USB serial ------------------------------------------------------------
const cdc = new USBCDC(mcu.usbCtrl);
let serialSeen = '';  // since the command began, for until_serial
let lastActivity = 0;  // ns of the last serial or bus byte
let connected = false;
cdc.onDeviceConnected = () => { connected = true; };
cdc.onSerialData = (b) => {
  record('S', b);
  serialSeen += Buffer.from(b).toString('latin1');
  if (serialSeen.length > 65536) serialSeen = serialSeen.slice(-32768);
  lastActivity = clock.nanos;
};
let heldOut = null;  // the device's OUT request waiting for host data
mcu.usbCtrl.onEndpointRead = (ep, size) => {
  if (ep !== cdc.outEndpoint) return;
  if (cdc.txFIFO.empty) { heldOut = size; return; }
  answerOut(size);
};
function answerOut(size) {
  const buf = new Uint8Array(Math.min(size, cdc.txFIFO.itemCount));
  for (let i = 0; i < buf.length; i++) buf[i] = cdc.txFIFO.pull();
  mcu.usbCtrl.endpointReadDone(cdc.outEndpoint, buf);
}
const hostQueue = [];  // bytes for the device beyond the CDC FIFO's 512
function feedSerial() {
  while (hostQueue.length && !cdc.txFIFO.full) cdc.sendSerialByte(hostQueue.shift());
  if (heldOut !== null && !cdc.txFIFO.empty) {
    const size = heldOut;
    heldOut = null;
    answerOut(size);
  }
}

// ---- I2C: devices that ACK, bytes at their wire time -------------------------
function i2cPeriodNs(bus) {
  const cycles = bus.sclHighPeriod + bus.sclLowPeriod;
  return cycles * 1e9 / mcu.clkSys;
}
const acked = new Set(cfg.i2c_devices || []);  // [bus * 256 + address]
mcu.i2c.forEach((bus, n) => {
  let tx = null;
  let txStart = 0;
  const later = (periods, fn) => {
    const a = clock.createAlarm(fn);
    a.schedule(periods * i2cPeriodNs(bus));
  };
  bus.onStart = () => later(1, () => bus.completeStart());
  bus.onConnect = (address, mode) => {
    const ack = acked.has(n * 256 + address) && mode === 0;
    if (ack) { tx = [address]; txStart = clock.nanos; }
    later(9, () => bus.completeConnect(ack));
  };
  bus.onWriteByte = (value) => {
    if (tx) tx.push(value);
    later(9, () => { lastActivity = clock.nanos; bus.completeWrite(true); });
  };
  bus.onReadByte = () => later(9, () => bus.completeRead(0xff));
  bus.onStop = () => later(1, () => {
    if (tx) { record('I', tx, txStart); tx = null; lastActivity = clock.nanos; }
    bus.completeStop();
  });
});

// ---- SPI: bytes at the programmed SCK, grouped by the DC and CS levels ------
const spiCfg = cfg.spi;  // {bus, dc, cs} or null
if (spiCfg) {
  const bus = mcu.spi[spiCfg.bus];
  let chunk = null;
  let chunkFlags = -1;
  let chunkStart = 0;
  let chunkEnd = 0;  // when the chunk's last byte left the wire
  const flags = () => (mcu.gpio[spiCfg.dc].outputValue ? 1 : 0) |
    (mcu.gpio[spiCfg.cs].outputValue ? 2 : 0);
  globalThis.flushSpi = () => {
    if (chunk && chunk.length > 1) record('P', chunk, chunkStart, chunkEnd);
    chunk = null;
    chunkFlags = -1;
  };
  bus.onTransmit = (value) => {
    const f = flags();
    if (f !== chunkFlags) {
      globalThis.flushSpi();
      chunk = [f];
      chunkFlags = f;
      chunkStart = clock.nanos;
    }
    chunk.push(value & 0xff);
    const hz = bus.clockFrequency || mcu.clkPeri / 2;
    const a = clock.createAlarm(() => {
      lastActivity = clock.nanos;
      chunkEnd = clock.nanos;
      bus.completeTransmit(0);
    });
    a.schedule(bus.dataBits * 1e9 / hz);
  };
} else {
  globalThis.flushSpi = () => {};
}

// ---- flash program/erase through the boot ROM -------------------------------
// The ROM's function table: a u16 pointer at 0x14 to (code u16, address u16)
// pairs; rom_table_code('R','E') = 'E' << 8 | 'R'.
function romFunc(c1, c2) {
  const code = c2.charCodeAt(0) << 8 | c1.charCodeAt(0);
  let p = mcu.readUint16(0x14);
  for (;;) {
    const c = mcu.readUint16(p);
    if (!c) return -1;
    if (c === code) return mcu.readUint16(p + 2) & ~1;
    p += 4;
  }
}
const ERASE = romFunc('R', 'E');
const PROGRAM = romFunc('R', 'P');
const ERASE_NS = 45e6;  // typical 4 KB sector erase (W25Q16JV datasheet)
const PAGE_NS = 0.4e6;  // typical 256-byte page program
let flashWrites = 0;
function flashCall(pc) {
  const r = mcu.core.registers;
  if (pc === ERASE) {
    const addr = r[0], count = r[1];
    mcu.flash.fill(0xff, addr, addr + count);
    clock.tick(ERASE_NS * Math.ceil(count / 4096));
  } else {
    const addr = r[0], data = r[1], count = r[2];
    for (let i = 0; i < count; i++) {
      mcu.flash[addr + i] &= mcu.readUint8(data + i);  // programming only clears bits
    }
    clock.tick(PAGE_NS * Math.ceil(count / 256));
  }
  flashWrites++;
  mcu.core.PC = mcu.core.LR & ~1;
}

// ---- buttons ----------------------------------------------------------------
// Every button pulls up and closes to ground: released reads 1.
for (const gp of cfg.inputs_high || []) mcu.gpio[gp].setInputValue(true);

// ---- running --------------------------------------------------------------
const CYCLE_NS = 1e9 / 125e6;
const IDLE_STEP_NS = 100e3;  // sleeping with no alarm due: look again after this
function run(cmd) {
  const limit = cmd.until_ns !== undefined ? cmd.until_ns : clock.nanos + (cmd.ms || 0) * 1e6;
  const want = cmd.until_serial;
  const quiet = cmd.quiet_ns;
  serialSeen = '';
  const start = clock.nanos;
  const core = mcu.core;
  let why = 'time';
  let n = 0;
  while (clock.nanos < limit) {
    if (core.waiting) {
      // until_idle: stop once the CPU waits for an interrupt (the app's
      // loop in machine.idle(): its frame drawn and its save written)
      if (cmd.until_idle) { why = 'idle'; break; }
      const d = clock.nanosToNextAlarm;
      clock.tick(d > 0 ? Math.min(d, limit - clock.nanos + 1) : IDLE_STEP_NS);
    } else {
      const pc = core.PC;
      if (pc === ERASE || pc === PROGRAM) flashCall(pc);
      else clock.tick(core.executeInstruction() * CYCLE_NS);
    }
    if ((++n & 1023) === 0) {
      feedSerial();
      if (want !== undefined && serialSeen.includes(want)) { why = 'serial'; break; }
      if (quiet !== undefined && (!cmd.after_activity || lastActivity > start) &&
          clock.nanos - Math.max(lastActivity, start) >= quiet) {
        why = 'quiet';
        break;
      }
    }
  }
  globalThis.flushSpi();
  return why;
}

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const cmd = JSON.parse(line);
  const done = { t: clock.nanos };
  try {
    switch (cmd.cmd) {
      case 'run':
        done.why = run(cmd);
        break;
      case 'pin':  // a level on an input pin (a button: 0 while pressed)
        mcu.gpio[cmd.gp].setInputValue(!!cmd.level);
        break;
      case 'serial':
        for (const b of Buffer.from(cmd.data, 'base64')) hostQueue.push(b);
        feedSerial();
        break;
      case 'peek':  // words of memory, e.g. registers
        done.value = mcu.readUint32(cmd.address);
        break;
      case 'status':
        done.connected = connected;
        done.flash_writes = flashWrites;
        done.clk_sys = mcu.clkSys;
        done.clk_peri = mcu.clkPeri;
        if (spiCfg) done.spi_hz = mcu.spi[spiCfg.bus].clockFrequency;
        done.i2c_hz = mcu.i2c.map((b) => 1e9 / i2cPeriodNs(b));
        break;
      case 'flash':  // the filesystem's bytes, as a littlefs image
        fs.writeFileSync(cmd.path, mcu.flash.subarray(cfg.fs_offset, cfg.fs_offset + cmd.size));
        break;
      case 'quit':
        flush();
        process.exit(0);
        break;
      default:
        throw new Error('unknown command ' + cmd.cmd);
    }
  } catch (e) {
    done.error = String(e && e.stack || e);
  }
  done.t = clock.nanos;
  record('D', Buffer.from(JSON.stringify(done)));
  flush();
});
