// Writes src/lib/class-merge-config.gen.ts: tailwind-merge's default configuration cut down to the class
// groups the app's sources use. The default configuration knows every Tailwind utility (about 380 groups,
// 6 kB of gzip on every page); `cn` only ever merges the app's own classes, so it ships the groups they
// belong to, with the conflicts among those groups, and merges them exactly as the full one does (the
// unit test beside `cn` checks both: this file is current, and every pair of the app's classes merges
// the same way). Run `npm run gen:class-merge -w @shark/web` after adding classes of a new kind.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { createTailwindMerge, getDefaultConfig, validators } from 'tailwind-merge';

const WEB_ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIR = path.join(WEB_ROOT, 'src');
export const GENERATED_FILE = path.join(SOURCE_DIR, 'lib', 'class-merge-config.gen.ts');

type Config = ReturnType<typeof getDefaultConfig>;
type Definition = unknown;

/** Every whitespace-separated word inside a string or template literal of the app's sources. */
export function sourceWords(dir = SOURCE_DIR): Set<string> {
  const words = new Set<string>();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.(test|gen)\.tsx?$/.test(file),
  );
  for (const file of files.sort()) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g))
      for (const word of match[2]!.split(/\s+/)) if (word) words.add(word);
  }
  return words;
}

/**
 * The class groups these words belong to. A merge that knows one group only drops the first of two
 * copies of a class in that group and keeps both copies of any other word.
 */
export function classGroupsOf(words: Iterable<string>, config: Config = getDefaultConfig()) {
  const doubled = [...words].map((word) => [word, `${word} ${word}`] as const);
  const groups = new Set<string>();
  for (const [group, definitions] of Object.entries(config.classGroups)) {
    const merge = createTailwindMerge(() => ({
      ...config,
      classGroups: { [group]: definitions },
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
    }));
    if (doubled.some(([word, twice]) => merge(twice) === word)) groups.add(group);
  }
  return groups;
}

const validatorNames = new Map<unknown, string>(
  Object.entries(validators).map(([name, fn]) => [fn, `validators.${name}`]),
);

/** The theme key a `fromTheme(key)` getter reads (it keeps no other trace of it). */
function themeKeyOf(getter: (theme: Record<string, unknown>) => unknown): string {
  let key: string | undefined;
  getter(
    new Proxy(
      {},
      {
        get: (_, property) => {
          key = String(property);
          return [];
        },
      },
    ),
  );
  if (!key) throw new Error('a theme getter that reads no key');
  return key;
}

function isThemeGetter(value: unknown): value is (theme: Record<string, unknown>) => unknown {
  return (
    typeof value === 'function' && (value as { isThemeGetter?: boolean }).isThemeGetter === true
  );
}

/** Source text of a class definition; records the theme keys it reads. */
function definitionSource(definition: Definition, themeKeys: Set<string>): string {
  if (typeof definition === 'string') return JSON.stringify(definition);
  if (isThemeGetter(definition)) {
    const key = themeKeyOf(definition);
    themeKeys.add(key);
    return `fromTheme(${JSON.stringify(key)})`;
  }
  if (typeof definition === 'function') {
    const name = validatorNames.get(definition);
    if (!name) throw new Error(`an unknown validator in tailwind-merge's configuration`);
    return name;
  }
  if (Array.isArray(definition))
    return `[${definition.map((item) => definitionSource(item, themeKeys)).join(', ')}]`;
  if (definition && typeof definition === 'object')
    return `{${Object.entries(definition)
      .map(([key, value]) => `${JSON.stringify(key)}: ${definitionSource(value, themeKeys)}`)
      .join(', ')}}`;
  throw new Error(`an unexpected value in tailwind-merge's configuration: ${String(definition)}`);
}

/** The generated module's text for these groups (formatted as the repository formats code). */
export async function classMergeConfigSource(usedGroups: Set<string>): Promise<string> {
  const config = getDefaultConfig();
  const themeKeys = new Set<string>();
  const pick = (record: Record<string, readonly string[] | undefined>) =>
    Object.entries(record)
      .filter(([group]) => usedGroups.has(group))
      .map(([group, others]) => [group, (others ?? []).filter((other) => usedGroups.has(other))])
      .filter(([, others]) => others!.length > 0);
  const classGroups = Object.entries(config.classGroups)
    .filter(([group]) => usedGroups.has(group))
    .map(
      ([group, definitions]) =>
        `${JSON.stringify(group)}: ${definitionSource(definitions, themeKeys)}`,
    );
  // Theme values may read other theme keys: follow them until no new key appears.
  const theme = new Map<string, string>();
  for (
    let pending = [...themeKeys];
    pending.length > 0;
    pending = [...themeKeys].filter((k) => !theme.has(k))
  )
    for (const key of pending)
      theme.set(
        key,
        definitionSource((config.theme as Record<string, Definition>)[key] ?? [], themeKeys),
      );
  const record = (entries: (string | string[])[][]) =>
    `{${entries.map(([key, values]) => `${JSON.stringify(key)}: ${JSON.stringify(values)}`).join(', ')}}`;
  const text = `// Generated by apps/web/scripts/class-merge-config.ts from tailwind-merge's default configuration: the
// class groups the app's sources use. Do not edit; run \`npm run gen:class-merge -w @shark/web\`.
import { fromTheme, validators, type Config } from 'tailwind-merge';

export const classMergeConfig = {
  cacheSize: ${config.cacheSize},
  theme: {${[...theme]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${JSON.stringify(key)}: ${value}`)
    .join(', ')}},
  classGroups: {${classGroups.join(', ')}},
  conflictingClassGroups: ${record(pick(config.conflictingClassGroups))},
  conflictingClassGroupModifiers: ${record(pick(config.conflictingClassGroupModifiers))},
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
} as unknown as Config<string, string>;
`;
  return format(text, { ...(await resolveConfig(GENERATED_FILE)), filepath: GENERATED_FILE });
}

/** The module the app's current sources call for. */
export async function currentClassMergeConfigSource(): Promise<string> {
  return classMergeConfigSource(classGroupsOf(sourceWords()));
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(GENERATED_FILE, await currentClassMergeConfigSource());
  console.log(`wrote ${path.relative(process.cwd(), GENERATED_FILE)}`);
}
