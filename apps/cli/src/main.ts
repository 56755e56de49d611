#!/usr/bin/env node
// escrow-admin: the admin CLI (see src/cli.ts). Prints to stdout/stderr and exits with the command's code.
import { once } from 'node:events';
import { runCli } from './cli.js';

const code = await runCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  // Waits while stdout's buffer is full, so a large CSV piped to a slow reader is not held in memory.
  write: async (chunk) => {
    if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
  },
});
process.exitCode = code;
