import type { RiderCredentials } from '../../shared/rider-api.ts';

/** What every action of the job view gets from the page. */
export interface StepProps {
  readonly orderId: string;
  readonly credentials: RiderCredentials;
  /** The request is about to go out (its live event is the page's own). */
  onSending(): void;
  /** It was not sent or was refused. */
  onNotSent(): void;
  /** It succeeded: show the server's message and re-read the job. */
  onDone(message: string): void;
}
