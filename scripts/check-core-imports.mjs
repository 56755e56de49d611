#!/usr/bin/env node
// Keeps the core hexagonal: core/src may import only its own files and zod. No adapters, apps,
// frontends, Node built-ins (I/O) or other packages. Fails the test command when broken.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const coreSrc = join(root, 'core', 'src');
const ALLOWED_PACKAGES = new Set(['zod']);
const specifier = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]|require\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) yield path;
  }
}

const problems = [];
let checked = 0;
for (const file of files(coreSrc)) {
  checked += 1;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(specifier)) {
    const spec = match[1] ?? match[2] ?? match[3] ?? match[4];
    const where = `${relative(root, file)}: '${spec}'`;
    if (spec.startsWith('.')) {
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(coreSrc)) problems.push(`${where} leaves core/src`);
    } else {
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (!ALLOWED_PACKAGES.has(pkg)) problems.push(`${where} is not allowed in the core (only ${[...ALLOWED_PACKAGES].join(', ')} and core's own files)`);
    }
  }
}
const pkg = JSON.parse(readFileSync(join(root, 'core', 'package.json'), 'utf8'));
for (const dep of Object.keys(pkg.dependencies ?? {})) {
  if (!ALLOWED_PACKAGES.has(dep)) problems.push(`core/package.json depends on ${dep}`);
}
if (problems.length > 0) {
  console.error(`core dependency check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`core dependency check: ${checked} files import only core and ${[...ALLOWED_PACKAGES].join(', ')}`);
