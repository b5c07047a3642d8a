import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from '@shark/engine/media/sharp.ts';
import { LOGO_PIXELS, loadBrandLogo, renderSvgLogo } from './brand-logo.ts';

const publicDir = fileURLToPath(new URL('../../../../../web/public', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'brand-logo-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The RGBA pixel at (x, y) given in the logo's 40-unit viewBox. */
async function pixelsOf(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return {
    info,
    at(x: number, y: number) {
      const px = Math.round((x / 40) * info.width);
      const py = Math.round((y / 40) * info.height);
      const offset = (py * info.width + px) * info.channels;
      const [r, g, b, a] = data.subarray(offset, offset + 4);
      return { r: r!, g: g!, b: b!, a: a! };
    },
  };
}

describe('brand logo', () => {
  it('renders the shapes, gradient and strokes of the configured SVG logo, crisp at print size', async () => {
    const logo = await loadBrandLogo('/brand/shark-logo.svg', [publicDir]);
    expect(logo?.kind).toBe('raster');
    if (!logo) return;
    const pixels = await pixelsOf(logo.data);
    // Enough pixels for the 30-point letterhead square at well over print resolution.
    expect(pixels.info).toMatchObject({ format: 'raw', width: LOGO_PIXELS, height: LOGO_PIXELS });
    expect(LOGO_PIXELS).toBeGreaterThanOrEqual(300);
    // Outside the rounded corner: transparent.
    expect(pixels.at(0.5, 0.5).a).toBe(0);
    // The background rect's gradient from #2b7fff (top left) to #155dfc (bottom right).
    const topLeft = pixels.at(3, 12);
    const bottomRight = pixels.at(37, 28);
    expect(topLeft).toMatchObject({ a: 255 });
    expect(topLeft.b).toBeGreaterThan(240);
    expect(topLeft.r).toBeGreaterThan(bottomRight.r);
    expect(topLeft.g).toBeGreaterThan(bottomRight.g);
    expect(bottomRight.r).toBeLessThan(40);
    // The white shield.
    expect(pixels.at(20, 12)).toEqual({ r: 255, g: 255, b: 255, a: 255 });
    // The check mark's #155dfc round-capped stroke on the shield.
    const check = pixels.at(18.7, 23.4);
    expect(check.r).toBeLessThan(60);
    expect(check.g).toBeLessThan(130);
    expect(check.b).toBeGreaterThan(220);
  });

  it('draws nothing it cannot read, and never reads outside the web app', async () => {
    expect(await renderSvgLogo(Buffer.from('not an svg'))).toBeNull();
    writeFileSync(join(scratch, 'broken.svg'), '<svg viewBox="0 0 10 10"><path d="M0 0');
    expect(await loadBrandLogo('/broken.svg', [scratch])).toBeNull();
    expect(await loadBrandLogo('/../../../etc/passwd', [publicDir])).toBeNull();
    expect(await loadBrandLogo('https://cdn.example/logo.svg', [publicDir])).toBeNull();
    expect(await loadBrandLogo('/brand/missing.svg', [publicDir])).toBeNull();
    const lumen = await loadBrandLogo('/brand/lumen-logo.svg', [publicDir]);
    expect(lumen?.kind).toBe('raster');
    expect(lumen?.data.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
