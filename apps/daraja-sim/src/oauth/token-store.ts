import { accessToken } from '../ids/daraja-ids.js';

interface IssuedToken {
  consumerKey: string;
  expiresAt: number;
}

/** One live access token per consumer: issuing a new one invalidates the previous one, as on Daraja. */
export class TokenStore {
  private readonly byToken = new Map<string, IssuedToken>();
  private readonly currentByConsumer = new Map<string, string>();

  constructor(private readonly ttlSeconds: number) {}

  issue(consumerKey: string, now = Date.now()): { token: string; expiresIn: number } {
    const previous = this.currentByConsumer.get(consumerKey);
    if (previous) this.byToken.delete(previous);
    const token = accessToken();
    this.byToken.set(token, { consumerKey, expiresAt: now + this.ttlSeconds * 1000 });
    this.currentByConsumer.set(consumerKey, token);
    return { token, expiresIn: this.ttlSeconds };
  }

  isValid(token: string, now = Date.now()): boolean {
    const issued = this.byToken.get(token);
    return issued !== undefined && issued.expiresAt > now;
  }
}
