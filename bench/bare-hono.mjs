#!/usr/bin/env node
// The baseline of issue 18's targets: a bare Hono app on @hono/node-server (the API's own
// versions) that answers every GET with the same bytes the API answered (BODY_FILE), as JSON.
// What the API costs beyond this is the price of its work: sessions, checks, the database.
// Env: PORT, BODY_FILE.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const fromApi = createRequire(join(root, 'apps/api/package.json'));
const { Hono } = await import(pathToFileURL(fromApi.resolve('hono')).href);
const { serve } = await import(pathToFileURL(fromApi.resolve('@hono/node-server')).href);

const body = readFileSync(process.env.BODY_FILE ?? '');
const app = new Hono();
app.get('*', (c) => c.body(body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => process.stderr.write('bare Hono listening\n'));
