#!/usr/bin/env node
// The operator CLI's entry: runs the TypeScript source through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
