// CSS Modules (`*.module.css`, decision 0061): Vite turns each class into a name of its own and
// the import into a map from the written name to it. The remotes get this from vite/client; the
// ui package has no Vite of its own.
declare module '*.module.css' {
  const classes: { readonly [name: string]: string };
  export default classes;
}
