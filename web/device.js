// The handheld drawn on the page: its screen (a canvas the frames are
// painted on, each pixel SCALE x SCALE), its buttons (pointer and touch),
// and the keyboard.  The two boards are the ones of hal/boards.py whose
// every key has a button of its own: pico_oled (six buttons; a held BACK
// is MENU) and, for the LCD, the Pico-LCD-1.14 (a joystick and A, B).

// hal/keys.py
export const KEY = { LEFT: 1, RIGHT: 2, UP: 3, DOWN: 4, OK: 5, BACK: 6, MENU: 7 };
const PRESS = 1, REPEAT = 2;

export const SCREENS = {
  oled: { width: 128, height: 64, scale: 4 },
  lcd: { width: 240, height: 135, scale: 3 },
};

// The buttons as printed on each board: [label, key, grid area].
const BUTTONS = {
  oled: [["UP", "UP", "up"], ["LEFT", "LEFT", "left"], ["RIGHT", "RIGHT", "right"],
    ["DOWN", "DOWN", "down"], ["OK", "OK", "ok"], ["BACK", "BACK", "back"]],
  lcd: [["▲", "UP", "up"], ["◀", "LEFT", "left"], ["●", "MENU", "press"], ["▶", "RIGHT", "right"],
    ["▼", "DOWN", "down"], ["A", "OK", "ok"], ["B", "BACK", "back"]],
};

const KEYBOARD = {
  ArrowLeft: "LEFT", ArrowRight: "RIGHT", ArrowUp: "UP", ArrowDown: "DOWN",
  Enter: "OK", " ": "OK", Escape: "BACK", Backspace: "BACK", m: "MENU", M: "MENU",
};

// host_sim/screen.py's colours, so the canvas and the simulator's frame are
// the same pixels: the OLED's lit pixels pale blue-white on black; the
// LCD's palette from RGB565 with the same rounding.
const OLED_ON = [0xe8, 0xf4, 0xff], OLED_OFF = [0, 0, 0];

export function rgb565(v) {
  const r = (v >> 11) & 0x1f, g = (v >> 5) & 0x3f, b = v & 0x1f;
  return [Math.floor((r * 255 + 15) / 31), Math.floor((g * 255 + 31) / 63), Math.floor((b * 255 + 15) / 31)];
}

export class Device {
  // root: the element the board is drawn in; send(kind, code, x): the app's
  // key ("key", code, PRESS/REPEAT) or button ("button", code, down).
  constructor(root, kind, send) {
    this.kind = kind;
    this.send = send;
    this.screen = SCREENS[kind];
    this.colours = [OLED_OFF, OLED_ON];
    root.replaceChildren();
    root.className = "device " + kind;
    const glass = document.createElement("div");
    glass.className = "glass";
    this.canvas = document.createElement("canvas");
    this.canvas.width = this.screen.width * this.screen.scale;
    this.canvas.height = this.screen.height * this.screen.scale;
    this.canvas.id = "screen";
    glass.append(this.canvas);
    root.append(glass);
    this.small = document.createElement("canvas");
    this.small.width = this.screen.width;
    this.small.height = this.screen.height;
    this.image = this.small.getContext("2d").createImageData(this.screen.width, this.screen.height);
    const pad = document.createElement("div");
    pad.className = "buttons";
    for (const [label, key, area] of BUTTONS[kind]) pad.append(this.button(label, key, area));
    root.append(pad);
  }

  button(label, key, area) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.className = "key " + area;
    b.dataset.key = key;
    b.setAttribute("aria-label", key);
    const up = (ev) => {
      if (!b.classList.contains("held")) return;
      b.classList.remove("held");
      this.send("button", KEY[key], false);
      ev.preventDefault();
    };
    b.addEventListener("pointerdown", (ev) => {
      b.setPointerCapture(ev.pointerId);
      b.classList.add("held");
      this.send("button", KEY[key], true);
      ev.preventDefault();
    });
    for (const what of ["pointerup", "pointercancel", "lostpointercapture"]) b.addEventListener(what, up);
    b.addEventListener("contextmenu", (ev) => ev.preventDefault());  // a long touch is MENU, not a menu
    b.addEventListener("click", (ev) => {
      // Enter or Space on a focused button (the keyboard's own click)
      if (ev.detail === 0) { this.send("key", KEY[key], PRESS); }
    });
    return b;
  }

  keydown(ev) {
    const name = KEYBOARD[ev.key];
    if (!name || ev.ctrlKey || ev.altKey || ev.metaKey) return false;
    const t = ev.target;
    if ((ev.key === "Enter" || ev.key === " ") && t && (t.tagName === "BUTTON" || t.tagName === "INPUT")) {
      return false;  // a button reached with Tab: its own click (a drawn key's: that key)
    }
    // Auto-repeat moves the cursor only (firmware/app.py drops it elsewhere).
    this.send("key", KEY[name], ev.repeat ? REPEAT : PRESS);
    ev.preventDefault();
    return true;
  }

  setPalette(text) {
    if (text) this.colours = text.split(",").map((v) => rgb565(Number(v)));
  }

  paint(bytes) {
    const { width, height } = this.screen;
    const px = this.image.data, pal = this.colours;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let c;
        if (this.kind === "oled") {
          c = (bytes[(y >> 3) * width + x] >> (y & 7)) & 1;  // MONO_VLSB
        } else {
          const b = bytes[(y * width + x) >> 1];  // GS4_HMSB: the even pixel in the high nibble
          c = x & 1 ? b & 0x0f : b >> 4;
        }
        const rgb = pal[c] || OLED_OFF, i = (y * width + x) * 4;
        px[i] = rgb[0]; px[i + 1] = rgb[1]; px[i + 2] = rgb[2]; px[i + 3] = 255;
      }
    }
    this.small.getContext("2d").putImageData(this.image, 0, 0);
    const ctx = this.canvas.getContext("2d");
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.small, 0, 0, this.canvas.width, this.canvas.height);
  }

  // The screen as the frame's pixels, "rrggbb" each, row after row, read
  // back from the canvas (one pixel of each SCALE x SCALE block; null if a
  // block is not one colour): what the tests compare with the simulator.
  pixels() {
    const { width, height, scale } = this.screen;
    const data = this.canvas.getContext("2d").getImageData(0, 0, this.canvas.width, this.canvas.height).data;
    const W = this.canvas.width, out = [];
    const hex = (i) => ((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]).toString(16).padStart(6, "0");
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const first = hex(((y * scale) * W + x * scale) * 4);
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            if (hex(((y * scale + dy) * W + x * scale + dx) * 4) !== first) return null;
          }
        }
        out.push(first);
      }
    }
    return out.join("");
  }
}
