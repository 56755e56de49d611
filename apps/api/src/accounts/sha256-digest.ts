import type { SecretDigest } from '@escrow/core';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';

const utf8 = new TextEncoder();

/** SHA-256 (oslo) as lower-case hex: session ids from tokens, reset-code hashes. */
export const sha256Digest: SecretDigest = {
  sha256Hex: (value) => encodeHexLowerCase(sha256(utf8.encode(value))),
};
