// One place for how this project launches Chromium: Playwright cannot download browsers
// here, so the system Chromium is used by the end-to-end tests and the bundle-size report.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

/** @returns {{ executablePath: string, args: string[] }} */
export function chromiumLaunchOptions() {
  return { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
}

export function chromiumAvailable() {
  return existsSync(CHROMIUM_PATH);
}
