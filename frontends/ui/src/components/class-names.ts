/** Joins the class names that apply (a CSS Module's name may be undefined to the type checker). */
export function classNames(...names: readonly (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
