/** A test control asked for something impossible (an unknown prompt, one already final, bad input). */
export class SimControlError extends Error {
  constructor(
    readonly code: 'not_found' | 'not_pending' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'SimControlError';
  }
}
