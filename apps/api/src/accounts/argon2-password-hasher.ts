import type { PasswordHasher } from '@escrow/core';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1); see
 * docs/decisions/0015-password-hashing-argon2id.md. `Algorithm` is an ambient const enum, which
 * isolatedModules cannot read, hence the literal: 2 is Argon2id.
 */
export const ARGON2ID_PARAMETERS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class Argon2PasswordHasher implements PasswordHasher {
  constructor(private readonly parameters = ARGON2ID_PARAMETERS) {}

  hash(password: string): Promise<string> {
    return hash(password, this.parameters);
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      // Not an Argon2 PHC string (a corrupt row): no password matches it.
      return false;
    }
  }

  needsRehash(stored: string): boolean {
    try {
      const used = parseOptions(stored);
      return (
        used.algorithm !== this.parameters.algorithm ||
        used.memoryCost < this.parameters.memoryCost ||
        used.timeCost < this.parameters.timeCost ||
        used.parallelism !== this.parameters.parallelism
      );
    } catch {
      return false;
    }
  }
}
