import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Decision 0061: the shell loads every remote into one document, so a class one remote's global
// stylesheet defines reaches every other page that uses the same name. A remote's global CSS
// therefore defines no class that another package's global CSS defines; the kit's styles are
// CSS Modules (`*.module.css`), whose class names Vite makes unique.

const FRONTENDS = fileURLToPath(new URL('../../', import.meta.url));
const REMOTES = ['admin', 'seller', 'buyer', 'rider'];
const PACKAGES = [...REMOTES, 'shell', 'ui'];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The selectors of a stylesheet, comma-separated lists split (none of ours has a comma inside brackets). */
function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{};]+)\{/g)]
    .map((match) => (match[1] ?? '').trim())
    .filter((prelude) => !prelude.startsWith('@') && !/^(from|to|\d+%)$/.test(prelude))
    .flatMap((prelude) => prelude.split(','))
    .map((selector) => selector.trim());
}

/**
 * The classes a selector defines: those of its first compound, the one not scoped by anything.
 * `.admin-header__actions .button` defines admin-header__actions and only styles ui's .button
 * inside it; `select.field__input` restyles ui's .field__input everywhere, so defines it.
 */
function classesDefinedBy(selector: string): string[] {
  const first = selector.split(/\s*[\s>+~]\s*/)[0] ?? '';
  return [...first.replace(/\([^)]*\)/g, '').matchAll(/\.([A-Za-z_][\w-]*)/g)].map((match) => match[1] ?? '');
}

/** For each package, each class its global stylesheets define, with the files that do. */
function globalClasses(pkg: string): Map<string, Set<string>> {
  const defined = new Map<string, Set<string>>();
  for (const file of cssFiles(join(FRONTENDS, pkg, 'src'))) {
    if (file.endsWith('.module.css')) continue;
    for (const selector of selectorsOf(readFileSync(file, 'utf8'))) {
      for (const name of classesDefinedBy(selector)) {
        if (!defined.has(name)) defined.set(name, new Set());
        defined.get(name)?.add(relative(FRONTENDS, file));
      }
    }
  }
  return defined;
}

describe('global CSS of the remotes', () => {
  it('reads a selector as its first compound defines it', () => {
    expect(classesDefinedBy('.admin-header__actions .button')).toEqual(['admin-header__actions']);
    expect(classesDefinedBy('select.field__input')).toEqual(['field__input']);
    expect(classesDefinedBy('.card + .card')).toEqual(['card']);
    expect(classesDefinedBy('.button:hover:not(.x)')).toEqual(['button']);
    expect(classesDefinedBy('.status-badge::first-letter')).toEqual(['status-badge']);
    expect(selectorsOf('/* .a */ .b, .c > .d { x: 1 } @media (min-width: 1px) { .e { y: 2 } } @keyframes k { from { z: 0 } }')).toEqual(['.b', '.c > .d', '.e']);
  });

  it("no remote's global stylesheet defines a class another package's global stylesheet defines", () => {
    const classes = new Map(PACKAGES.map((pkg) => [pkg, globalClasses(pkg)]));
    const collisions: string[] = [];
    for (const remote of REMOTES) {
      for (const other of PACKAGES) {
        if (other === remote || (REMOTES.includes(other) && other < remote)) continue;
        for (const [name, files] of classes.get(remote) ?? []) {
          const elsewhere = classes.get(other)?.get(name);
          if (elsewhere) collisions.push(`.${name}: ${[...files, ...elsewhere].join(', ')}`);
        }
      }
    }
    expect(collisions).toEqual([]);
  });
});

describe("the kit's CSS Modules", () => {
  const components = join(FRONTENDS, 'ui', 'src', 'components');
  const modules = readdirSync(components).filter((name) => name.endsWith('.module.css'));

  it.each(modules)('%s: every class its component names is in it', (module) => {
    const css = readFileSync(join(components, module), 'utf8');
    const defined = new Set(selectorsOf(css).flatMap((selector) => [...selector.matchAll(/\.([A-Za-z_][\w-]*)/g)].map((match) => match[1])));
    const component = readFileSync(join(components, module.replace('.module.css', '.tsx')), 'utf8');
    const used = [...component.matchAll(/\bstyles\.(\w+)/g)].map((match) => match[1]);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((name) => !defined.has(name))).toEqual([]);
  });
});
