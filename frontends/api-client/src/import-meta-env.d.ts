// `import.meta.env.DEV` as Vite (and Vitest) define it: true in development and tests, replaced
// by false in a production build. The remotes get the same declaration from vite/client; this
// package has no Vite of its own.
interface ImportMetaEnv {
  DEV: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
