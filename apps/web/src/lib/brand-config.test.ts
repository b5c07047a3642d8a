import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brandHeadTags, brandIdFromMode, selectBrand } from '#app/lib/brand-config.ts';

const file = fileURLToPath(new URL('../../../../config/brands.json', import.meta.url));
const brandsJson = readFileSync(file, 'utf8');

describe('brandIdFromMode', () => {
  it('takes the part before the first dot', () => {
    expect(brandIdFromMode('shark.production')).toBe('shark');
    expect(brandIdFromMode('lumen.staging.eu')).toBe('lumen');
  });

  it("names no brand in Vite's own modes", () => {
    expect(brandIdFromMode('production')).toBeUndefined();
    expect(brandIdFromMode('development')).toBeUndefined();
    expect(brandIdFromMode('.production')).toBeUndefined();
  });
});

describe('selectBrand on the shared brands file', () => {
  it('builds shark for shark.production, with its colours and the grouped sidebar', () => {
    expect(selectBrand(brandsJson, { mode: 'shark.production', file })).toEqual({
      id: 'shark',
      name: 'Shark',
      logoUrl: '/brand/shark-logo.svg',
      theme: { light: '#2b7fff', dark: '#155dfc' },
      links: {
        contact: 'mailto:support@shark.example',
        terms: 'https://shark.example/terms',
        privacy: 'https://shark.example/privacy',
      },
      sidebarVariant: 'grouped',
    });
  });

  it('has a second brand that differs only by configuration', () => {
    const lumen = selectBrand(brandsJson, { mode: 'lumen.production', file });
    expect(lumen).toMatchObject({ id: 'lumen', sidebarVariant: 'classic' });
    expect(lumen.name).not.toBe('Shark');
    expect(lumen.theme.light).not.toBe('#2b7fff');
  });

  it('leaves server-only fields out of the bundle', () => {
    const brand = selectBrand(brandsJson, { mode: 'shark.production', file });
    expect(brand).not.toHaveProperty('mailFrom');
    expect(JSON.stringify(brand)).not.toContain('no-reply');
  });

  it('falls back to VITE_SHARK_PROVIDER, then shark, when the mode names no brand', () => {
    expect(selectBrand(brandsJson, { mode: 'production', file }).id).toBe('shark');
    expect(selectBrand(brandsJson, { mode: 'production', provider: 'lumen', file }).id).toBe(
      'lumen',
    );
  });

  it('refuses a provider that contradicts the mode, an unknown brand and an invalid entry', () => {
    expect(() =>
      selectBrand(brandsJson, { mode: 'shark.production', provider: 'lumen', file }),
    ).toThrow(/VITE_SHARK_PROVIDER/);
    expect(() => selectBrand(brandsJson, { mode: 'acme.production', file })).toThrow(
      /Brand "acme" is not in .*known: shark, lumen/,
    );
    const broken = JSON.stringify({ brands: [{ id: 'shark', name: '' }] });
    expect(() => selectBrand(broken, { mode: 'shark.production', file })).toThrow(/invalid/);
    expect(() => selectBrand('{', { mode: 'shark.production', file })).toThrow(/not JSON/);
  });
});

describe('brandHeadTags', () => {
  it('sets the icon, the theme colour and the colour tokens', () => {
    const tags = brandHeadTags(selectBrand(brandsJson, { mode: 'lumen.production', file }));
    expect(tags).toContain('<link rel="icon" href="/brand/lumen-logo.svg" />');
    expect(tags).toContain('--brand-light:#a78bfa;--brand-dark:#7c3aed');
  });
});
