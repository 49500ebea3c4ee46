#!/usr/bin/env node
// The CLI is TypeScript run through tsx, so the same sources serve the app, the tests and the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
