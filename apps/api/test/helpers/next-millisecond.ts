/**
 * Waits until the wall clock has moved past the current millisecond. Lists are "newest first"
 * by a creation time kept to the millisecond (id breaking ties, in no meaningful order), and on
 * a fast machine two rows made one after the other can share a millisecond: a test that expects
 * one exact order of rows it made must give them distinct times first.
 */
export async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() === start) await new Promise((resolve) => setTimeout(resolve, 1));
}
