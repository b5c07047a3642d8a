// `shark`: the operator CLI, on the same DATA_DIR / DATABASE_URL as the server.
import { runCli } from './run-cli.ts';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
});
process.exit(code);
