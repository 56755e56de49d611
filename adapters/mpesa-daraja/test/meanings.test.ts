import { describe, expect, it } from 'vitest';
import { describeDarajaError, stkResultCodeMeaning } from '../src/index.js';

describe('describeDarajaError', () => {
  // Every code the fact sheet documents, with a word the sentence must contain.
  it.each([
    ['400.002.02', 'invalid'],
    ['500.003.02', 'spike arrest'],
    ['500.003.03', 'quota'],
    ['404.001.01', 'no such resource'],
    ['404.001.03', 'access token'],
    ['404.001.04', 'Authorization header'],
    ['405.001', 'HTTP method'],
    ['500.002.1001', 'OriginatorConversationID'],
    ['400.008.01', 'authorization type'],
    ['400.008.02', 'grant type'],
    ['400.003.01', 'access token'],
    ['401.002.01', 'access token'],
    ['500.003.1001', 'already registered'],
    ['500.001.1001', 'general failure'],
  ])('%s: a sentence about %s', (code, words) => {
    const sentence = describeDarajaError(code);
    expect(sentence).toContain(words);
    expect(sentence).toMatch(/^[A-Z].*\.$/);
    expect(sentence).not.toContain('error code'); // not the fallback
  });

  it.each([
    ['The transaction is being processed', 'still being processed'],
    ['Unable to lock subscriber, a transaction is already in process for the current subscriber', 'lock the subscriber'],
    ['Wrong credentials', 'Wrong credentials'],
    ['Merchant does not exist', 'does not know this merchant'],
  ])('500.001.1001 "%s" is told apart by its message', (message, words) => {
    expect(describeDarajaError('500.001.1001', message)).toContain(words);
  });

  it('names an unknown code', () => {
    expect(describeDarajaError('999.999.99', 'Something odd')).toBe('Daraja refused the request with error code 999.999.99: Something odd.');
  });
});

describe('stkResultCodeMeaning', () => {
  it.each([
    [0, 'success'],
    [1, 'insufficient_funds'],
    [2, 'limit'],
    [3, 'limit'],
    [4, 'limit'],
    [8, 'limit'],
    [17, 'duplicate'],
    [1019, 'expired'],
    [1025, 'push_error'],
    [1032, 'cancelled'],
    [1037, 'unreachable'],
    [2001, 'wrong_pin'],
    [2028, 'not_permitted'],
    [8006, 'locked'],
    ['SFC_IC0003', 'unknown_operator'],
  ] as const)('%s is %s, final, with a sentence', (code, kind) => {
    const meaning = stkResultCodeMeaning(code);
    expect(meaning.kind).toBe(kind);
    expect(meaning.final).toBe(true);
    expect(meaning.description).toMatch(/^[A-Z].*\.$/);
  });

  it('reads codes sent as strings (STK Query) like numbers', () => {
    expect(stkResultCodeMeaning('1032')).toEqual(stkResultCodeMeaning(1032));
    expect(stkResultCodeMeaning('0').kind).toBe('success');
  });

  it('only 0 is success', () => {
    for (const code of [1, 2, 3, 4, 8, 17, 1019, 1025, 1032, 1037, 2001, 2028, 8006, 'SFC_IC0003', 4999, -1]) {
      expect(stkResultCodeMeaning(code).kind).not.toBe('success');
    }
  });

  it('an unknown code is not final, so the checkout is asked about again rather than failed', () => {
    expect(stkResultCodeMeaning(4999)).toEqual({ kind: 'unknown', final: false, description: expect.stringContaining('4999') });
  });
});
