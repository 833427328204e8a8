import { loadSharp } from "./sharp";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function hue(seed: number, shift = 0): number {
  return Math.abs(seed * 47 + shift) % 360;
}

/** A 450x450 WebP placeholder product photo: a soft gradient, a few shapes and the label. */
export async function demoProductImage(seed: number, label: string): Promise<Buffer> {
  const h = hue(seed);
  const shape = seed % 3;
  const shapes = [
    `<circle cx="225" cy="200" r="110" fill="hsl(${hue(seed, 140)},70%,60%)" opacity="0.9"/>`,
    `<rect x="120" y="95" width="210" height="210" rx="36" fill="hsl(${hue(seed, 200)},65%,55%)" opacity="0.9"/>`,
    `<polygon points="225,80 345,300 105,300" fill="hsl(${hue(seed, 90)},70%,58%)" opacity="0.9"/>`,
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="450" height="450" viewBox="0 0 450 450">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${h},60%,92%)"/><stop offset="1" stop-color="hsl(${hue(seed, 40)},55%,78%)"/>
  </linearGradient></defs>
  <rect width="450" height="450" fill="url(#g)"/>
  ${shapes[shape]}
  <circle cx="${90 + (seed % 5) * 60}" cy="360" r="26" fill="hsl(${hue(seed, 260)},60%,50%)" opacity="0.5"/>
  <text x="225" y="410" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="hsl(${h},40%,25%)">${escapeXml(label.slice(0, 28))}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 72 }).toBuffer();
}

/** A 900x450 WebP home-page slide with a headline. */
export async function demoSlideImage(
  seed: number,
  headline: string,
  subline: string,
): Promise<Buffer> {
  const h = hue(seed * 3, 15);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="450" viewBox="0 0 900 450">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="hsl(${h},70%,35%)"/><stop offset="1" stop-color="hsl(${hue(seed * 3, 60)},70%,55%)"/>
  </linearGradient></defs>
  <rect width="900" height="450" fill="url(#g)"/>
  <circle cx="720" cy="225" r="170" fill="hsl(${hue(seed, 180)},80%,70%)" opacity="0.35"/>
  <circle cx="800" cy="90" r="60" fill="#fff" opacity="0.15"/>
  <text x="60" y="210" font-family="DejaVu Sans, sans-serif" font-size="56" font-weight="700" fill="#fff">${escapeXml(headline)}</text>
  <text x="60" y="270" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#fff" opacity="0.9">${escapeXml(subline)}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 75 }).toBuffer();
}
