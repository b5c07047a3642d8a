// Runs `shark` for the CLI's tests: in this process (runCli, as the process would, without paying for a
// new Node and a new module graph per case), or as operators run it, a child process of bin/shark.js.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runCli } from '#server/cli/run-cli.ts';

export interface SharkResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const bin = fileURLToPath(new URL('../../../bin/shark.js', import.meta.url));

/** `shark <args>` in this process, with the test's environment plus `env`. */
export async function sharkInProcess(
  env: Record<string, string>,
  ...args: string[]
): Promise<SharkResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { ...process.env, ...env },
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** `shark <args>` as a separate process, with the test's environment plus `env`. */
export function sharkProcess(env: Record<string, string>, ...args: string[]): Promise<SharkResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
