// Entry of a fingerprint pool thread: loads the TypeScript worker through tsx, whatever loader (or
// none) the parent thread runs under.
import { register } from 'tsx/esm/api';

register();
await import('./fingerprint-worker.ts');
