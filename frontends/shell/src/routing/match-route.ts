export interface RouteMatch<P extends string> {
  path: P;
  params: Record<string, string>;
}

function segmentsOf(pathname: string): string[] {
  // '/about/' and '/about' are the same page; empty segments carry no meaning.
  return pathname.split('/').filter((segment) => segment !== '');
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Finds the first pattern ('/buyer/order/:id') matching a pathname and reads its params. */
export function matchRoute<P extends string>(pathname: string, patterns: readonly P[]): RouteMatch<P> | undefined {
  const actual = segmentsOf(pathname);
  for (const pattern of patterns) {
    const expected = segmentsOf(pattern);
    if (expected.length !== actual.length) continue;
    const params: Record<string, string> = {};
    const matches = expected.every((part, index) => {
      const segment = actual[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      const value = decodeSegment(segment);
      if (value === undefined) return false;
      params[part.slice(1)] = value;
      return true;
    });
    if (matches) return { path: pattern, params };
  }
  return undefined;
}
