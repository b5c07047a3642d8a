// Properties of entry parsing and matching over generated hosts, paths and inputs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWhitelistEntry, type WhitelistKind } from './whitelist-entry.ts';
import { whitelistMatch } from './whitelist-match.ts';

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/).filter((l) => l !== 'www');
/** Four characters or more, so never a shared second level such as co.uk or gv.de. */
const name = fc.stringMatching(/^[a-z][a-z0-9]{3,10}$/).filter((l) => l !== 'www');
const tld = fc.constantFrom('com', 'net', 'org', 'io', 'example', 'de');
/** A registrable-looking domain: one or two labels under a top-level domain. */
const domain = fc
  .tuple(fc.array(name, { minLength: 1, maxLength: 2 }), tld)
  .map(([labels, top]) => [...labels, top].join('.'));
const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/).filter((s) => s !== '.' && s !== '..');
const path = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((segments) => `/${segments.join('/')}`);
const query = fc
  .array(fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z0-9]{0,6}$/)), {
    maxLength: 3,
  })
  .map((pairs) =>
    pairs.filter(([name]) => !name.startsWith('utm_') && name !== 'igsh' && name !== 'yclid'),
  );

function parsed(input: string, kind?: WhitelistKind) {
  const result = parseWhitelistEntry(input, kind);
  if (!result.ok) throw new Error(`${input}: ${result.message}`);
  return { ...result.entry, input };
}

describe('whitelist properties', () => {
  it('never throws on arbitrary input, and every accepted entry reads back as itself', () => {
    const kinds = fc.constantFrom<WhitelistKind | undefined>(undefined, 'url', 'domain', 'pattern');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.domain(),
        ),
        kinds,
        (input, kind) => {
          const result = parseWhitelistEntry(input, kind);
          if (!result.ok) {
            expect(result.message.length).toBeGreaterThan(0);
            return;
          }
          expect(parseWhitelistEntry(result.entry.value, result.entry.kind)).toMatchObject({
            ok: true,
            entry: result.entry,
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a URL entry covers its page however the address is written', () => {
    fc.assert(
      fc.property(
        domain,
        path,
        query,
        fc.record({
          scheme: fc.constantFrom('http', 'https'),
          www: fc.boolean(),
          upper: fc.boolean(),
          slash: fc.boolean(),
          tracking: fc.boolean(),
          fragment: fc.boolean(),
          reorder: fc.boolean(),
          defaultPort: fc.boolean(),
        }),
        (host, pagePath, params, v) => {
          const q = (pairs: [string, string][]) =>
            pairs.length ? `?${pairs.map(([k, val]) => `${k}=${val}`).join('&')}` : '';
          const entry = parsed(`https://${host}${pagePath}${q(params)}`, 'url');
          const extra: [string, string][] = v.tracking ? [['utm_source', 'feed']] : [];
          const pairs = [...(v.reorder ? [...params].reverse() : params), ...extra];
          let address = `${v.scheme}://${v.www ? 'www.' : ''}${host}${v.defaultPort ? ':443' : ''}${pagePath}${v.slash ? '/' : ''}${q(pairs)}${v.fragment ? '#part' : ''}`;
          if (v.upper) address = address.toUpperCase().replace(/^HTTPS?/, v.scheme);
          expect(whitelistMatch(address, [entry])?.entry).toBe(entry);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a URL entry does not cover another path, another host or an extra parameter', () => {
    fc.assert(
      fc.property(domain, path, segment, domain, (host, pagePath, more, other) => {
        const entry = parsed(`https://${host}${pagePath}`, 'url');
        expect(whitelistMatch(`https://${host}${pagePath}/${more}`, [entry])).toBeNull();
        expect(whitelistMatch(`https://${host}${pagePath}?id=${more}`, [entry])).toBeNull();
        expect(whitelistMatch(`https://${host}.${other}${pagePath}`, [entry])).toBeNull();
        expect(whitelistMatch(`https://x${host}${pagePath}`, [entry])).toBeNull();
        expect(whitelistMatch(`https://${host}@${other}${pagePath}`, [entry])?.entry).toBe(
          host === other ? entry : undefined,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('a domain covers its subdomains and nothing that merely contains its name', () => {
    fc.assert(
      fc.property(
        domain,
        fc.array(label, { maxLength: 3 }),
        domain,
        path,
        (host, subLabels, other, anyPath) => {
          fc.pre(other !== host && !other.endsWith(`.${host}`));
          const entry = parsed(host, 'domain');
          const sub = [...subLabels, host].join('.');
          expect(whitelistMatch(`https://${sub}${anyPath}`, [entry])?.entry).toBe(entry);
          expect(whitelistMatch(`http://${sub.toUpperCase()}.${anyPath}`, [entry])?.entry).toBe(
            entry,
          );
          // The same name followed by something else, or preceded without a dot, is another site.
          expect(whitelistMatch(`https://${host}.${other}/`, [entry])).toBeNull();
          expect(whitelistMatch(`https://not${host}/`, [entry])).toBeNull();
          expect(whitelistMatch(`https://${host}-cdn.${other}/`, [entry])).toBeNull();
          expect(whitelistMatch(`https://${host}@${other}/`, [entry])).toBeNull();
          expect(whitelistMatch(`https://${other}/${host}`, [entry])).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a domain written in Unicode and in punycode is one entry covering both forms', () => {
    const unicodeLabel = fc.stringMatching(/^[a-zäöüßéèçñ]{1,10}$/).filter((l) => /[^a-z]/.test(l));
    fc.assert(
      fc.property(unicodeLabel, tld, (name, top) => {
        const unicode = `${name}.${top}`;
        const entry = parsed(unicode, 'domain');
        expect(entry.value).toMatch(/^xn--/);
        expect(parsed(entry.value, 'domain').value).toBe(entry.value);
        expect(whitelistMatch(`https://www.${entry.value}/`, [entry])?.entry).toBe(entry);
        expect(whitelistMatch(`https://shop.${unicode}/x`, [entry])?.entry).toBe(entry);
      }),
      { numRuns: 200 },
    );
  });

  it('*.domain/folder/* covers exactly the folder on the domain and its subdomains', () => {
    fc.assert(
      fc.property(
        domain,
        segment,
        path,
        fc.array(label, { maxLength: 2 }),
        segment,
        (host, folder, rest, subLabels, otherFolder) => {
          fc.pre(otherFolder.toLowerCase() !== folder.toLowerCase());
          const entry = parsed(`*.${host}/${folder}/*`);
          const sub = [...subLabels, host].join('.');
          expect(whitelistMatch(`https://${sub}/${folder}${rest}`, [entry])?.entry).toBe(entry);
          expect(whitelistMatch(`https://${sub}/${folder}`, [entry])?.entry).toBe(entry);
          expect(whitelistMatch(`https://${sub}/${otherFolder}${rest}`, [entry])).toBeNull();
          expect(
            whitelistMatch(`https://${host}.attacker.invalid/${folder}${rest}`, [entry]),
          ).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});
