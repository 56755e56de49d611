#!/usr/bin/env node
// escrow-admin: the admin CLI (see src/cli.ts). Prints to stdout/stderr and exits with the command's code.
import { runCli } from './cli.js';

const code = await runCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
});
process.exitCode = code;
