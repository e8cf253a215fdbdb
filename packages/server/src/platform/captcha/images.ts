import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type Canvas, createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { CAPTCHA, type CaptchaPoint } from '@shetuan/shared/captcha';

const { width: W, height: H } = CAPTCHA;
const require = createRequire(import.meta.url);

/**
 * Noto Sans SC from @fontsource, in Google Fonts' frequency slices: slices 116 to 119 hold the most
 * common characters. Each slice is its own family; a word is drawn with the slice that has it.
 */
const SLICES = [116, 117, 118, 119];
const WORDS =
  '科学技术协会学术交流创新发展人才服务社团天地山水日月风云花春东南西北中国家大小上下年时' +
  '生成长工作文化体育健康医药农林海洋电子信息能源环境材料机械建筑交通城市乡村教育研究实验' +
  '数理化光声热力星河湖江田野森林草木石金银铜铁书画诗歌音乐美好和平安全开放合作共享未来';

interface FontSlice {
  family: string;
  has: (cp: number) => boolean;
}

let fonts: FontSlice[] | null = null;
function loadFonts(): FontSlice[] {
  if (fonts) return fonts;
  const css = fs.readFileSync(require.resolve('@fontsource/noto-sans-sc/400.css'), 'utf8');
  fonts = SLICES.map((n) => {
    const family = `CaptchaSC${n}`;
    GlobalFonts.registerFromPath(
      require.resolve(`@fontsource/noto-sans-sc/files/noto-sans-sc-${n}-400-normal.woff2`),
      family,
    );
    const block = css.split('@font-face').find((b) => b.includes(`noto-sans-sc-${n}-400-normal.woff2`)) ?? '';
    const ranges = (/unicode-range:([^;]+);/.exec(block)?.[1] ?? '').split(',').map((r) => {
      const [lo = '0', hi] = r.trim().replace(/^U\+/i, '').split('-');
      return [Number.parseInt(lo, 16), Number.parseInt(hi ?? lo, 16)] as const;
    });
    return { family, has: (cp: number) => ranges.some(([a, b]) => cp >= a && cp <= b) };
  });
  return fonts;
}

/** The characters a click challenge may ask for, each with the font family that draws it. */
function drawableWords(): { char: string; family: string }[] {
  const list = loadFonts();
  const out: { char: string; family: string }[] = [];
  for (const char of new Set(WORDS)) {
    const slice = list.find((f) => f.has(char.codePointAt(0) ?? 0));
    if (slice) out.push({ char, family: slice.family });
  }
  return out;
}

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)] as T;
function shuffle<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
const rand = (min: number, max: number) => min + randomInt(Math.max(1, Math.round(max - min) + 1));

/** A landscape drawn from random numbers: sky, sun, hills, a few shapes. No two are alike. */
function background(): Canvas {
  const canvas = createCanvas(W, H);
  const g = canvas.getContext('2d');
  const hue = rand(0, 359);
  const sky = g.createLinearGradient(0, 0, 0, H);
  sky.addColorStop(0, `hsl(${hue}, 60%, 72%)`);
  sky.addColorStop(1, `hsl(${(hue + 40) % 360}, 55%, 88%)`);
  g.fillStyle = sky;
  g.fillRect(0, 0, W, H);
  g.fillStyle = `hsla(${(hue + 180) % 360}, 80%, 70%, 0.8)`;
  g.beginPath();
  g.arc(rand(30, W - 30), rand(20, 60), rand(14, 26), 0, Math.PI * 2);
  g.fill();
  for (let layer = 0; layer < 3; layer++) {
    const base = 70 + layer * 28;
    g.fillStyle = `hsl(${(hue + 90 + layer * 25) % 360}, ${45 + layer * 8}%, ${55 - layer * 12}%)`;
    g.beginPath();
    g.moveTo(0, H);
    g.lineTo(0, base + rand(-10, 10));
    for (let x = 0; x <= W; x += 62) {
      g.quadraticCurveTo(x + 31, base + rand(-35, 10), x + 62, base + rand(-12, 12));
    }
    g.lineTo(W, H);
    g.closePath();
    g.fill();
  }
  for (let i = 0; i < 14; i++) {
    g.fillStyle = `hsla(${rand(0, 359)}, 70%, ${rand(40, 90)}%, 0.35)`;
    g.beginPath();
    g.arc(rand(0, W), rand(0, H), rand(2, 9), 0, Math.PI * 2);
    g.fill();
  }
  return canvas;
}

/** The piece: a square with a knob on its top and on its right, its box at (x, y). */
export const PIECE = { size: 34, knob: 6, pad: 2 } as const;
/** The jigsaw image is as tall as the background and this wide (AJ-Captcha: 47 of 310). */
export const JIGSAW_WIDTH = 47;

function piecePath(g: SKRSContext2D, x: number, y: number): void {
  const { size: s, knob: r } = PIECE;
  const top = y + r;
  g.beginPath();
  g.moveTo(x, top);
  g.lineTo(x + s / 2 - r, top);
  g.arc(x + s / 2, top, r, Math.PI, 0, false);
  g.lineTo(x + s, top);
  g.lineTo(x + s, top + s / 2 - r);
  g.arc(x + s, top + s / 2, r, -Math.PI / 2, Math.PI / 2, false);
  g.lineTo(x + s, top + s);
  g.lineTo(x, top + s);
  g.closePath();
}

export interface Puzzle {
  originalImageBase64: string;
  jigsawImageBase64: string;
  /** Where the jigsaw image's left edge must come to rest (px of the 310-wide image), and the piece's top. */
  answer: CaptchaPoint;
}

/** The slide challenge: a background with a hole, and the piece cut from it on a transparent strip. */
export function makePuzzle(): Puzzle {
  const bg = background();
  const { size, knob, pad } = PIECE;
  const x = rand(JIGSAW_WIDTH + 20, W - size - knob - pad - 6);
  const y = rand(4, H - size - knob - 4);

  const jigsaw = createCanvas(JIGSAW_WIDTH, H);
  const j = jigsaw.getContext('2d');
  j.save();
  piecePath(j, pad, y);
  j.clip();
  j.drawImage(bg, x - pad, 0, JIGSAW_WIDTH, H, 0, 0, JIGSAW_WIDTH, H);
  j.restore();
  piecePath(j, pad, y);
  j.lineWidth = 1.5;
  j.strokeStyle = 'rgba(255,255,255,0.9)';
  j.stroke();

  const g = bg.getContext('2d');
  piecePath(g, x, y);
  g.fillStyle = 'rgba(0,0,0,0.45)';
  g.fill();
  g.lineWidth = 1;
  g.strokeStyle = 'rgba(255,255,255,0.7)';
  g.stroke();

  return {
    originalImageBase64: bg.toBuffer('image/png').toString('base64'),
    jigsawImageBase64: jigsaw.toBuffer('image/png').toString('base64'),
    answer: { x: x - pad, y: 5 },
  };
}

export interface ClickWords {
  originalImageBase64: string;
  wordList: string[];
  /** The centres of the words of wordList, in the order to click them. */
  answer: CaptchaPoint[];
}

/** The click challenge: four characters drawn at random, three of them asked for in order. */
export function makeClickWords(): ClickWords {
  const bg = background();
  const g = bg.getContext('2d');
  const pool = drawableWords();
  const chosen: { char: string; family: string }[] = [];
  while (chosen.length < 4) {
    const w = pick(pool);
    if (!chosen.some((c) => c.char === w.char)) chosen.push(w);
  }
  const cell = W / 4;
  const placed = chosen.map((w, i) => {
    const centre = { x: Math.round(cell * i + rand(22, cell - 22)), y: rand(24, H - 24) };
    g.save();
    g.translate(centre.x, centre.y);
    g.rotate((rand(-30, 30) * Math.PI) / 180);
    g.font = `bold 26px ${w.family}`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.lineWidth = 3;
    g.strokeStyle = 'rgba(0,0,0,0.55)';
    g.strokeText(w.char, 0, 0);
    g.fillStyle = `hsl(${rand(0, 359)}, 85%, 88%)`;
    g.fillText(w.char, 0, 0);
    g.restore();
    return { char: w.char, centre };
  });
  const asked = shuffle(placed).slice(0, 3);
  return {
    originalImageBase64: bg.toBuffer('image/png').toString('base64'),
    wordList: asked.map((p) => p.char),
    answer: asked.map((p) => p.centre),
  };
}
