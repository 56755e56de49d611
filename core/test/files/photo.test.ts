import { describe, expect, it } from 'vitest';
import { checkPhoto, cryptoRandom, detectImageType, MAX_PHOTO_BYTES, photoPath } from '../../src/index.js';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const jpg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]);

describe('photos', () => {
  it('are recognised by their bytes, not their names', () => {
    expect(detectImageType(png)?.ext).toBe('png');
    expect(detectImageType(jpg)?.contentType).toBe('image/jpeg');
    expect(detectImageType(new TextEncoder().encode('<svg onload=alert(1)>'))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });

  it('must be non-empty images of at most 10 MB', () => {
    expect(checkPhoto(new Uint8Array())).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
    big.set(jpg);
    expect(checkPhoto(big)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'The photo can be at most 10 MB' } });
    expect(checkPhoto(jpg)).toMatchObject({ ok: true, value: { ext: 'jpg' } });
  });

  it('are named under the spec folders with a timestamp', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(photoPath({ folder: 'seller-logos', type: { ext: 'png', contentType: 'image/png' }, now, random: cryptoRandom, sellerId: 's1' })).toBe(`seller-logos/s1-${now.getTime()}.png`);
    expect(photoPath({ folder: 'pickup', type: { ext: 'jpg', contentType: 'image/jpeg' }, now, random: cryptoRandom })).toMatch(new RegExp(`^pickup/${now.getTime()}-[A-Za-z0-9_-]{12}\\.jpg$`));
  });
});
