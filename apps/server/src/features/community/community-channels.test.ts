// The brand's community channels: read from BRANDS_FILE, validated (http or https only), optional.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBrands } from '#server/config/brands.ts';
import { channelsOf } from './community-service.ts';

const dir = mkdtempSync(join(tmpdir(), 'shark-brands-community-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function brandsWith(community: unknown) {
  const brand = {
    id: 'acme',
    name: 'Acme',
    logoUrl: '/logo.svg',
    theme: { light: '#2b7fff', dark: '#155dfc' },
    links: {
      contact: 'mailto:a@acme.example',
      terms: 'https://acme.example/t',
      privacy: 'https://acme.example/p',
    },
    mailFrom: 'Acme <no-reply@acme.example>',
    sidebarVariant: 'grouped',
    ...(community === undefined ? {} : { community }),
  };
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ brands: [brand] }));
  return () => loadBrands(file);
}

describe('community channels in the brand configuration', () => {
  it('are optional: a brand without them lists none', () => {
    expect(channelsOf(brandsWith(undefined)().get('acme'))).toEqual([]);
  });

  it('are listed with their label, address and description', () => {
    const brands = brandsWith([
      { label: 'Forum', url: 'https://forum.acme.example/' },
      { label: 'Chat', url: 'http://chat.acme.example/', description: 'Say hello.' },
    ])();
    expect(channelsOf(brands.get('acme'))).toEqual([
      { label: 'Forum', url: 'https://forum.acme.example/', description: null },
      { label: 'Chat', url: 'http://chat.acme.example/', description: 'Say hello.' },
    ]);
  });

  it('refuse a link that is not http or https, and a missing label', () => {
    expect(brandsWith([{ label: 'Bad', url: 'javascript:alert(1)' }])).toThrow(/community\.0\.url/);
    expect(brandsWith([{ label: '', url: 'https://ok.example/' }])).toThrow(/community\.0\.label/);
  });
});
