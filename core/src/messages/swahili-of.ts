import { flattenTexts } from '../i18n/translation.js';
import { BUYER_STATUS_LABELS, PROGRESS_STEPS } from '../orders/progress.js';
import { validationMessagesSw } from '../validation/messages-sw.js';
import { validationMessages } from '../validation/messages.js';
import { catalogue } from './catalogue.js';
import { catalogueSw, tooManyAttemptsMessageSw } from './catalogue-sw.js';
import { viewTexts } from './view-texts.js';
import { BUYER_STATUS_LABELS_SW, PROGRESS_STEPS_SW, viewTextsSw } from './view-texts-sw.js';

/**
 * The server's one English -> Swahili lookup (issue 19, decision 0067): every text the core
 * writes into an answer (the catalogue, the form rules, the views' texts, the statuses and
 * steps) in English by id, and the same ids in Swahili. A text with values (`{amount}`) is
 * found by its English pattern and its values put into the Swahili.
 */
interface Pattern {
  readonly match: RegExp;
  readonly names: readonly string[];
  readonly swahili: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(english: string, swahili: string): Pattern {
  const names: string[] = [];
  const source = english
    .split(PLACEHOLDER)
    .map((piece, index) => {
      if (index % 2 === 0) return escapeRegExp(piece);
      names.push(piece);
      return '(.+?)';
    })
    .join('');
  return { match: new RegExp(`^${source}$`, 's'), names, swahili };
}

function buildLookup(): { exact: ReadonlyMap<string, string>; patterns: readonly Pattern[] } {
  const english = {
    ...flattenTexts(validationMessages, 'validation'),
    ...flattenTexts(catalogue, 'catalogue'),
    ...flattenTexts(viewTexts, 'view'),
    ...flattenTexts(BUYER_STATUS_LABELS, 'status'),
    ...flattenTexts(PROGRESS_STEPS, 'step'),
  };
  const swahili: Record<string, string> = {
    ...flattenTexts(validationMessagesSw, 'validation'),
    ...flattenTexts(catalogueSw, 'catalogue'),
    ...flattenTexts(viewTextsSw, 'view'),
    ...flattenTexts(BUYER_STATUS_LABELS_SW, 'status'),
    ...flattenTexts(PROGRESS_STEPS_SW, 'step'),
  };
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [id, text] of Object.entries(english)) {
    const translated = swahili[id];
    if (translated === undefined) continue;
    // One English text may stand under several ids; they share one Swahili (the core's tests hold it so).
    if (/\{\w+\}/.test(text)) patterns.push(patternOf(text, translated));
    else if (!exact.has(text)) exact.set(text, translated);
  }
  // The longest first: of two texts that differ by an ending, the longer is tried before the shorter.
  patterns.sort((a, b) => b.match.source.length - a.match.source.length);
  return { exact, patterns };
}

let lookup: ReturnType<typeof buildLookup> | undefined;

/** `tooManyAttemptsMessage`'s three forms, read back into the seconds they were built from. */
const TOO_MANY_SECONDS = /^Too many attempts\. Please wait (\d+) seconds? and try again\.$/;
const TOO_MANY_MINUTES = /^Too many attempts\. Please wait (\d+) minutes and try again\.$/;

/**
 * The Swahili of a text the core writes, or the text itself when it is none of the core's (a
 * name, an item, a person's words, a text already in Swahili).
 */
export function swahiliOf(text: string): string {
  lookup ??= buildLookup();
  const known = lookup.exact.get(text);
  if (known !== undefined) return known;
  for (const pattern of lookup.patterns) {
    const found = pattern.match.exec(text);
    if (!found) continue;
    const values = new Map(pattern.names.map((name, index) => [name, found[index + 1] ?? '']));
    return pattern.swahili.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  const seconds = TOO_MANY_SECONDS.exec(text) ?? null;
  if (seconds) return tooManyAttemptsMessageSw(Number(seconds[1]));
  const minutes = TOO_MANY_MINUTES.exec(text);
  if (minutes) return tooManyAttemptsMessageSw(Number(minutes[1]) * 60);
  return text;
}
