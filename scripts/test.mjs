#!/usr/bin/env node
// What root `npm test` runs: checks the tools the suites need, typechecks and lints, runs Vitest on
// PGlite and the integration tests again on Postgres, runs Playwright, and prints one
// `tests: N passed, N failed` line summed over every suite.
//
// SHARK_TEST_ONLY=unit,integration,e2e,eval (any comma-separated subset) runs fewer suites. `eval`
// is the matchers' quick evaluation on real photographs and on clips made from them
// (eval/match.ts --quick): one test that passes when the held-out figures meet the targets and no
// video copy matches the wrong clip.
// TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the admin
// connection the Postgres integration run uses.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT_DIR = path.join(ROOT, '.vitest-reports');
const VITEST_BIN = path.join(ROOT, 'node_modules', '.bin', 'vitest');
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const SUITES = ['unit', 'integration', 'e2e', 'eval'];

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const postgresUrl = process.env.TEST_POSTGRES_URL || DEFAULT_POSTGRES_URL;

/** Rows of the final table, in the order they ran. */
const results = [];

function header(title) {
  console.log(`\n==== ${title} ${'='.repeat(Math.max(0, 70 - title.length))}`);
}

function fail(message) {
  console.error(`\nnpm test: ${message}`);
  process.exit(1);
}

function parseSelection() {
  const raw = process.env.SHARK_TEST_ONLY?.trim();
  if (!raw) return new Set(SUITES);
  const picked = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = picked.filter((s) => !SUITES.includes(s));
  if (unknown.length > 0 || picked.length === 0) {
    fail(`SHARK_TEST_ONLY=${raw}: expected a comma-separated list of ${SUITES.join(', ')}`);
  }
  return new Set(picked);
}

/** Runs a command with inherited stdio; resolves to its exit code (signals count as failure). */
function run(command, args, env = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function onPath(binary) {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
}

function redact(url) {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------- tools

async function ensureDebianTools(needChromium, needPhotos, needFaces) {
  const wanted = [
    { pkg: 'ffmpeg', present: () => onPath('ffmpeg') },
    // pdftotext and pdfinfo read generated PDFs back (notices, takedown reports).
    { pkg: 'poppler-utils', present: () => onPath('pdftotext') },
  ];
  if (needChromium)
    wanted.unshift({ pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') });
  if (needPhotos) {
    // The photographs eval/match.ts evaluates the matcher on (see eval/photos.ts).
    wanted.push({ pkg: 'ukui-wallpapers', present: () => existsSync('/usr/share/backgrounds') });
    wanted.push({
      pkg: 'tuxpaint-stamps-default',
      present: () => existsSync('/usr/share/tuxpaint/stamps'),
    });
  }
  if (needFaces) {
    // Labelled face photographs: eval/faces.ts verifies identities on them (eval/face-datasets.ts),
    // and the likeness scan test posts them on the simulated web.
    wanted.push({
      pkg: 'libdlib19.1',
      present: () => existsSync('/usr/share/doc/libdlib19.1/examples/johns'),
    });
  }

  const missing = wanted.filter((tool) => !tool.present()).map((tool) => tool.pkg);
  for (const tool of wanted) {
    if (!missing.includes(tool.pkg)) console.log(`ok: ${tool.pkg}`);
  }
  if (missing.length === 0) return;

  if (!isRoot) {
    fail(
      `missing Debian package(s): ${missing.join(', ')}. ` +
        `Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  console.log(`installing missing Debian package(s): ${missing.join(', ')}`);
  const aptEnv = { DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update'], aptEnv)) !== 0) fail('apt-get update failed');
  if ((await run('apt-get', ['install', '-y', ...missing], aptEnv)) !== 0) {
    fail(`apt-get install -y ${missing.join(' ')} failed`);
  }
  const stillMissing = wanted.filter((tool) => !tool.present()).map((tool) => tool.pkg);
  if (stillMissing.length > 0) fail(`still missing after install: ${stillMissing.join(', ')}`);
}

/** Resolves to null when Postgres answers `select 1`, else to the error message. */
async function postgresError(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await Promise.race([client.end().catch(() => undefined), sleep(1000)]);
  }
}

async function ensurePostgres() {
  let error = await postgresError(postgresUrl);
  if (error === null) {
    console.log(`ok: Postgres at ${redact(postgresUrl)}`);
    return;
  }
  console.log(`Postgres at ${redact(postgresUrl)} is not reachable: ${error}`);

  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  if (isRoot && onPath('pg_ctlcluster') && versions.length > 0) {
    for (const version of versions) {
      if (!existsSync(`/etc/postgresql/${version}/main`)) continue;
      await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
    }
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      error = await postgresError(postgresUrl);
      if (error === null) {
        console.log(`ok: Postgres at ${redact(postgresUrl)} (started)`);
        return;
      }
      await sleep(500);
    }
  }
  fail(
    `Postgres is not reachable at ${redact(postgresUrl)} (${error}). ` +
      'Start it (as root: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start), ' +
      'point TEST_POSTGRES_URL at an admin connection, or run a subset with SHARK_TEST_ONLY=unit,e2e.',
  );
}

// -------------------------------------------------------------------------------- reports

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function emptyRow(name) {
  return {
    name,
    status: 'not run',
    files: 0,
    passed: 0,
    failed: 0,
    skipped: 0,
    seconds: 0,
    note: '',
  };
}

/** Splits a Vitest JSON report into rows by file kind (`*.int.test.*` is integration). */
function vitestRows(report, rowFor) {
  const rows = new Map();
  for (const file of report?.testResults ?? []) {
    const row = rowFor(file.name);
    if (!rows.has(row.name)) rows.set(row.name, row);
    row.files += 1;
    row.fileNames ??= new Set();
    row.fileNames.add(file.name);
    let failedHere = 0;
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed') row.passed += 1;
      else if (test.status === 'failed') {
        row.failed += 1;
        failedHere += 1;
      } else row.skipped += 1;
    }
    // A file that failed to load, or whose hooks failed, has no failed test to count.
    if (file.status === 'failed' && failedHere === 0) {
      row.failed += 1;
      row.note = appendNote(row.note, `error in ${path.relative(ROOT, file.name)}`);
    }
  }
  return rows;
}

function appendNote(note, extra) {
  return note ? `${note}; ${extra}` : extra;
}

function finishRow(row, exitCode, seconds) {
  row.seconds = seconds;
  if (exitCode !== 0 && row.failed === 0) {
    // The runner failed without a failed test to show for it (crash, config error, timeout).
    row.failed += 1;
    row.note = appendNote(row.note, `runner exited ${exitCode}`);
  }
  if (row.failed > 0) row.status = 'FAILED';
  else if (row.passed + row.skipped === 0) row.status = 'no tests';
  else row.status = 'ok';
  const time = Number.isNaN(seconds) ? '' : ` in ${seconds.toFixed(1)}s`;
  console.log(`\n---- step ${row.name}: ${row.status}${time}`);
}

// --------------------------------------------------------------------------------- suites

async function runVitest({ label, projects, db, reportName, rowsFor, once }) {
  const outputFile = path.join(REPORT_DIR, reportName);
  rmSync(outputFile, { force: true });
  const args = ['run', '--passWithNoTests', '--reporter=default', '--reporter=json'];
  args.push(`--outputFile.json=${outputFile}`);
  for (const project of projects) args.push(`--project=${project}`);

  header(label);
  const started = Date.now();
  const code = await run(VITEST_BIN, args, {
    SHARK_TEST_DB: db,
    TEST_POSTGRES_URL: postgresUrl,
    // With both passes, the files that do not depend on the database run in the Postgres pass only.
    ...(once ? { SHARK_TEST_ONCE: once } : {}),
  });
  const seconds = (Date.now() - started) / 1000;
  const report = readJson(outputFile);
  const rows = rowsFor(report);
  if (report === null) rows[0].note = appendNote(rows[0].note, 'no JSON report');
  // One Vitest process may run two rows, one group after the other (unit, then integration): a row
  // ends when its last file ends, the next row's time starts there, and the last row ends with the
  // process. A failed exit with no failed test in any row counts once, on the first row.
  const anyFailed = rows.some((row) => row.failed > 0);
  const ends = rows.map((row, i) =>
    i === rows.length - 1 ? started + seconds * 1000 : lastFileEnd(report, row, started),
  );
  rows.forEach((row, i) => {
    const from = i === 0 ? started : ends[i - 1];
    finishRow(row, i === 0 && !anyFailed ? code : 0, Math.max(0, ends[i] - from) / 1000);
  });
  results.push(...rows);
  return code === 0;
}

/** When the last of a row's files ended (epoch ms), from the report's per-file end times. */
function lastFileEnd(report, row, fallback) {
  const ends = (report?.testResults ?? [])
    .filter((file) => row.fileNames?.has(file.name))
    .map((file) => file.endTime)
    .filter((end) => Number.isFinite(end));
  return ends.length > 0 ? Math.max(...ends) : fallback;
}

async function runE2e() {
  const row = emptyRow('e2e (chromium)');
  header('e2e: Playwright in Chromium');
  const manifest = readJson(path.join(ROOT, 'e2e', 'package.json'));
  if (!manifest?.scripts?.test) {
    row.status = 'no tests';
    row.note = 'e2e/package.json has no "test" script';
    console.log(`skipped: ${row.note}`);
    results.push(row);
    return true;
  }
  const outputFile = path.join(REPORT_DIR, 'e2e.json');
  // e2e/run.mjs runs the scanning specs and the second brand's pass beside the main run, each with its
  // report next to this one.
  const otherFiles = ['-scans', '-lumen'].map((suffix) =>
    outputFile.replace(/\.json$/, `${suffix}.json`),
  );
  rmSync(outputFile, { force: true });
  for (const file of otherFiles) rmSync(file, { force: true });
  const started = Date.now();
  // PW_TEST_REPORTER adds a reporter next to the ones in playwright.config, so this works
  // whatever the e2e workspace's own `test` script and config say.
  const code = await run('npm', ['test', '-w', '@shark/e2e'], {
    PW_TEST_REPORTER: 'json',
    PLAYWRIGHT_JSON_OUTPUT_FILE: outputFile,
  });
  const reports = [outputFile, ...otherFiles].map(readJson).filter((report) => report?.stats);
  if (reports.length > 0) {
    row.passed = 0;
    row.failed = 0;
    row.skipped = 0;
    const files = new Set();
    for (const report of reports) {
      const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
      row.passed += expected + flaky;
      row.failed += unexpected;
      row.skipped += skipped;
      for (const suite of report.suites ?? []) files.add(suite.file);
      if (flaky > 0) row.note = appendNote(row.note, `${flaky} flaky (passed on retry)`);
      const errors = report.errors?.length ?? 0;
      if (errors > 0) row.note = appendNote(row.note, `${errors} error(s) outside tests`);
    }
    row.files = files.size;
  } else {
    row.note = appendNote(row.note, 'no JSON report');
  }
  finishRow(row, code, (Date.now() - started) / 1000);
  results.push(row);
  return code === 0;
}

/**
 * The evaluations on real photographs, one test each, passed when the targets are met: the image and
 * video matchers' quick run and the face search's identity verification.
 */
async function runEval() {
  const row = emptyRow('eval (matcher --quick, faces)');
  header(
    'eval: image matcher on held-out photographs and video on dressed-up clips (quick), face verification',
  );
  const started = Date.now();
  let code = 0;
  for (const [script, ...args] of [['eval/match.ts', '--quick'], ['eval/faces.ts']]) {
    const exit = await run('npx', ['tsx', script, ...args]);
    row.files += 1;
    if (exit === 0) row.passed += 1;
    else {
      row.failed += 1;
      code = exit;
      row.note = appendNote(
        row.note,
        exit === 1 ? `${script}: figures below the targets` : `${script} exited ${exit}`,
      );
    }
  }
  finishRow(row, code, (Date.now() - started) / 1000);
  results.push(row);
  return code === 0;
}

/** A check step (no tests to count): its own row with its status and time. */
async function timedCheck(name, body) {
  const started = Date.now();
  const code = await body();
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n---- step ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)}s`);
  results.push({ ...emptyRow(name), check: true, status: code === 0 ? 'ok' : 'FAILED', seconds });
  return code;
}

// ---------------------------------------------------------------------------------- main

function printSummary() {
  header('summary');
  const columns = ['suite', 'status', 'files', 'passed', 'failed', 'skipped', 'time', 'note'];
  const count = (r, n) => (r.check ? '-' : String(n));
  const lines = results.map((r) => [
    r.name,
    r.status,
    count(r, r.files),
    count(r, r.passed),
    count(r, r.failed),
    count(r, r.skipped),
    Number.isNaN(r.seconds) ? '(above)' : `${r.seconds.toFixed(1)}s`,
    r.note,
  ]);
  const widths = columns.map((c, i) => Math.max(c.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells
      .map((cell, i) => (i >= 2 && i <= 6 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(format(columns));
  console.log(format(widths.map((w) => '-'.repeat(w))));
  for (const line of lines) console.log(format(line));
  const wall = (Date.now() - mainStarted) / 1000;
  console.log(`npm test wall time ${wall.toFixed(1)}s (steps side by side overlap)`);
}

const mainStarted = Date.now();

async function main() {
  const selected = parseSelection();
  console.log(`suites: ${[...selected].join(', ')}`);
  mkdirSync(REPORT_DIR, { recursive: true });

  header('tools');
  await ensureDebianTools(
    selected.has('e2e'),
    selected.has('eval'),
    selected.has('eval') || selected.has('integration'),
  );
  if (selected.has('integration')) await ensurePostgres();

  // Two steps side by side, each timed on its own: tsc keeps one core busy and leaves the other to
  // the formatter's check and eslint (both quick beside tsc).
  header('format + lint, typecheck (side by side)');
  const [lint, typecheck] = await Promise.all([
    timedCheck('format + lint', async () => {
      const formatted = await run('npm', ['run', 'format:check']);
      if (formatted !== 0) console.error('\nformat: run `npm run format` and commit the result');
      const linted = await run('npm', ['run', 'lint']);
      return linted === 0 && formatted === 0 ? 0 : 1;
    }),
    timedCheck('typecheck', () => run('npm', ['run', 'typecheck'])),
  ]);
  if (typecheck !== 0 || lint !== 0) {
    printSummary();
    fail(`${typecheck !== 0 ? 'typecheck' : 'lint or format check'} failed; no tests were run`);
  }

  // Two Vitest processes side by side, together keeping both cores busy: the PGlite run (integration
  // files one at a time, each database in the test's process) and the Postgres run (the unit tests on
  // both cores, then integration files two at a time, mostly waiting on the server). The unit tests go
  // with the Postgres run because its integration files take less time than PGlite's. Without the
  // integration suite, the unit tests run alone. Their output interleaves; the summary separates them.
  const vitestRuns = [];
  const unitWithPostgres = selected.has('unit') && selected.has('integration');
  if (selected.has('integration')) {
    vitestRuns.push(
      runVitest({
        label: 'vitest: integration on PGlite',
        projects: ['integration'],
        db: 'pglite',
        once: 'postgres',
        reportName: 'pglite.json',
        rowsFor: (report) => {
          const row = emptyRow('integration (pglite)');
          vitestRows(report, () => row);
          return [row];
        },
      }),
    );
    vitestRuns.push(
      runVitest({
        label: `vitest: ${unitWithPostgres ? 'unit + ' : ''}integration on Postgres`,
        projects: unitWithPostgres ? ['unit', 'integration'] : ['integration'],
        db: 'postgres',
        reportName: 'postgres.json',
        rowsFor: (report) => {
          const unit = emptyRow('unit');
          const integration = emptyRow('integration (postgres)');
          vitestRows(report, (file) => (/\.int\.test\.tsx?$/.test(file) ? integration : unit));
          return unitWithPostgres ? [unit, integration] : [integration];
        },
      }),
    );
  } else if (selected.has('unit')) {
    vitestRuns.push(
      runVitest({
        label: 'vitest: unit',
        projects: ['unit'],
        db: 'pglite',
        reportName: 'unit.json',
        rowsFor: (report) => {
          const row = emptyRow('unit');
          vitestRows(report, () => row);
          return [row];
        },
      }),
    );
  }
  // The eval (one core, about a minute) starts when the Postgres run ends: the PGlite run's
  // integration files go on alone for minutes after it, on one core, and the eval takes the other.
  // Without both integration runs it runs after e2e as before.
  const evalBesidePglite = selected.has('eval') && vitestRuns.length === 2;
  if (evalBesidePglite) {
    const postgresRun = vitestRuns.pop();
    vitestRuns.push(postgresRun.then(async (done) => (await runEval()) && done));
  }
  // The e2e suite after the Vitest runs: started beside the PGlite run's integration files (tried),
  // the e2e servers and that run slowed each other down more than they saved.
  let ok = (await Promise.all(vitestRuns)).every(Boolean);
  if (selected.has('e2e')) ok = (await runE2e()) && ok;
  if (selected.has('eval') && !evalBesidePglite) ok = (await runEval()) && ok;
  const order = [
    'format + lint',
    'typecheck',
    'unit',
    'integration (pglite)',
    'integration (postgres)',
    'e2e (chromium)',
    'eval (matcher --quick, faces)',
  ];
  results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));

  printSummary();
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const skipped = results.reduce((n, r) => n + r.skipped, 0);
  const empty = results.filter((r) => !r.check && r.status === 'no tests').map((r) => r.name);
  if (empty.length > 0) console.log(`\nwarning: no tests in ${empty.join(', ')}`);
  if (passed + failed === 0) {
    console.error('\nnpm test: no tests ran');
    ok = false;
  }
  if (!ok || failed > 0) console.error('\nnpm test: FAILED');
  console.log(
    `\ntests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`,
  );
  process.exitCode = ok && failed === 0 ? 0 : 1;
}

await main();
