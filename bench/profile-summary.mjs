#!/usr/bin/env node
// Summarises a V8 CPU profile (`node --cpu-prof`, e.g. from `BENCH_CPU_PROF=dir npm run bench`):
// self time by package or file, the top functions by self time, and the total (inclusive)
// time of functions whose name matches a pattern.
//   node bench/profile-summary.mjs PROFILE.cpuprofile [--top 40] [--inclusive name1,name2]
import { readFileSync } from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs PROFILE.cpuprofile [--top N] [--inclusive a,b]');
  process.exit(2);
}
const option = (name, fallback) => {
  const at = rest.indexOf(name);
  return at === -1 ? fallback : rest[at + 1];
};
const TOP = Number(option('--top', 40));
const INCLUSIVE = option('--inclusive', '').split(',').filter(Boolean);

const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Self time per node from the samples and their time deltas (microseconds).
const selfUs = new Map();
let totalUs = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  totalUs += delta;
});

/** Where a function lives: a package name, a workspace folder, or node's own code. */
function area(url) {
  if (!url) return '(native/vm)';
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pnpm) return pnpm[1];
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return url;
  const ours = /\/(core|adapters\/[^/]+|apps\/[^/]+)\/(?:dist|src)\/(.*)$/.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  return url;
}

const label = (node) => `${node.callFrame.functionName || '(anonymous)'} ${area(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
let idleUs = 0;
const byArea = new Map();
const byFunction = new Map();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  const name = node.callFrame.functionName;
  if (name === '(idle)') {
    idleUs += us;
    continue;
  }
  const where = idle.has(name) ? name : area(node.callFrame.url);
  byArea.set(where, (byArea.get(where) ?? 0) + us);
  const key = label(node);
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const busyUs = totalUs - idleUs;
const pct = (us) => `${((100 * us) / busyUs).toFixed(1).padStart(5)}%`;
console.log(`profile: ${(totalUs / 1e6).toFixed(1)} s, busy ${(busyUs / 1e6).toFixed(1)} s (${((100 * busyUs) / totalUs).toFixed(0)}%)`);
console.log('\nself time by area (share of busy time):');
for (const [where, us] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${pct(us)}  ${where}`);
console.log(`\ntop ${TOP} functions by self time:`);
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${pct(us)}  ${key}`);

if (INCLUSIVE.length > 0) {
  // Inclusive time: a sample counts once for a function if it is anywhere on the sample's stack.
  console.log('\ninclusive time (share of busy time):');
  for (const pattern of INCLUSIVE) {
    let us = 0;
    for (const [id, self] of selfUs) {
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const node = byId.get(at);
        if (node.callFrame.functionName === pattern || label(node).includes(pattern)) {
          us += self;
          break;
        }
      }
    }
    console.log(`  ${pct(us)}  ${pattern}`);
  }
}
