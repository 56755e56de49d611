/**
 * A request this client refuses to send (a bad amount, a reference too long, a forbidden word
 * in a URL, simulate in production...). Nothing went over the wire, so nothing needs checking:
 * it is the caller's bug or bad input, kept apart from DarajaError on purpose.
 */
export class DarajaInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'DarajaInputError';
  }
}
