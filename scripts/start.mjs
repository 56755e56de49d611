#!/usr/bin/env node
// `npm start`: install, build and start the whole product on the embedded default (SQLite in
// ./data, photos in ./data/uploads, notifications on the console). DATABASE_URL switches to
// PostgreSQL; PORT (default 3000) and the rest are read by apps/api/src/config.ts.
import { spawn } from 'node:child_process';
import { build, install } from './run-steps.mjs';

install();
build();
const port = process.env.PORT ?? '3000';
console.log(`\n=== starting the API and the frontends: open http://localhost:${port}/`);
const server = spawn('node', ['apps/api/dist/main.js'], { stdio: 'inherit', env: { ...process.env, PORT: port } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
