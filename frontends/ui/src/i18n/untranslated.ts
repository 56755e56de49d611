/** A language's texts by message id. */
export type TextTable = Readonly<Record<string, string>>;

/** The texts a page shows, each as a whole, and the names, alts, titles and placeholders it gives (data blocks left out). */
function shownTexts(root: ParentNode): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // A server-rendered page's answers (a JSON block) are data, not text on the page.
    if (node.parentElement?.closest('script, style')) continue;
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const element of (root as Element).querySelectorAll('[aria-label],[alt],[title],[placeholder]')) {
    for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  return texts;
}

/**
 * For the frontends' Swahili tests (issue 19): a finder of what a page shows in English although
 * its language is another. `tables` pair each English table with its translation; a text the
 * translation says the same is not English left over. English texts are looked for whole (a short
 * 'Rider' alone) and in pieces of 12 characters or more (cut at `{…}`, plural branches and
 * `<0>` tags); a message id shown raw (`buyer.code.title`) under one of `idPrefixes` counts too.
 * The tables are read once, when the finder is made: make it at a test module's top level.
 */
export function englishLeftovers(tables: readonly (readonly [TextTable, TextTable])[], idPrefixes: readonly string[]): (root: ParentNode, data?: readonly string[]) => string[] {
  const pieces = new Set<string>();
  const whole = new Set<string>();
  for (const [english, translated] of tables) {
    for (const [id, text] of Object.entries(english)) {
      if (translated[id] === text) continue;
      whole.add(text.trim());
      for (const piece of text.split(/\{[^{}]*\{|\}\s*[a-z]+\s*\{|\{[^}]*\}|<\/?\d+>|[{}#]/)) {
        const trimmed = piece.trim();
        if (trimmed.length >= 12) pieces.add(trimmed);
      }
    }
  }
  const rawId = new RegExp(`\\b(?:${idPrefixes.join('|')})\\.[a-zA-Z][\\w.]*`, 'g');
  return (root, data = []) => {
    const texts = shownTexts(root);
    const page = texts.join('\n');
    return [
      ...[...pieces].filter((piece) => page.includes(piece)),
      ...texts.filter((text) => whole.has(text) && !data.includes(text)),
      ...(page.match(rawId) ?? []).map((id) => `raw id: ${id}`),
    ];
  };
}

/**
 * The ids whose translation is the English itself: a text left untranslated, unless it is one
 * that reads the same in both (a brand, a number); tests list those by id, so any other fails.
 */
export function sameAsEnglish(english: TextTable, translated: TextTable): string[] {
  return Object.keys(english).filter((id) => translated[id] === english[id]);
}
