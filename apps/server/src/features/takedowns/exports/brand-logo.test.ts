import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadBrandLogo, parseSvgLogo } from './brand-logo.ts';

const publicDir = fileURLToPath(new URL('../../../../../web/public', import.meta.url));

describe('brand logo', () => {
  it('reads the shapes, gradient and strokes of the configured SVG logo', () => {
    const logo = parseSvgLogo(readFileSync(`${publicDir}/brand/shark-logo.svg`, 'utf8'));
    expect(logo?.kind).toBe('vector');
    if (logo?.kind !== 'vector') return;
    expect(logo.viewBox).toEqual([0, 0, 40, 40]);
    const [background, shield, check] = logo.shapes;
    expect(background).toMatchObject({
      kind: 'rect',
      width: 40,
      height: 40,
      rx: 10,
      fill: {
        kind: 'gradient',
        stops: [
          { offset: 0, color: '#2b7fff' },
          { offset: 1, color: '#155dfc' },
        ],
      },
    });
    expect(shield).toMatchObject({
      kind: 'path',
      fill: { kind: 'color', color: '#ffffff' },
      stroke: null,
    });
    expect(check).toMatchObject({
      kind: 'path',
      fill: null,
      stroke: {
        width: 2.6,
        cap: 'round',
        join: 'round',
        paint: { kind: 'color', color: '#155dfc' },
      },
    });
  });

  it('draws nothing it does not understand, and never reads outside the web app', () => {
    expect(parseSvgLogo('<svg viewBox="0 0 10 10"><text>Hi</text></svg>')).toBeNull();
    expect(parseSvgLogo('not an svg')).toBeNull();
    expect(parseSvgLogo('<svg><path d="M0 0 L10 10; javascript:alert(1)"/></svg>')).toBeNull();
    expect(loadBrandLogo('/../../../etc/passwd', [publicDir])).toBeNull();
    expect(loadBrandLogo('https://cdn.example/logo.svg', [publicDir])).toBeNull();
    expect(loadBrandLogo('/brand/missing.svg', [publicDir])).toBeNull();
    expect(loadBrandLogo('/brand/lumen-logo.svg', [publicDir])?.kind).toBe('vector');
  });
});
