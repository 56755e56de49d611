/**
 * Settings of the public site that differ per deployment, read at build time from VITE_*
 * variables (`VITE_VERIFIED_SELLERS_URL=https://... npm run build`).
 *
 * No real-looking defaults: a made-up phone number, mailbox or domain could belong to a
 * stranger, who would then receive our sellers' messages. The directory link defaults to a
 * reserved example domain (RFC 2606) until the real directory is configured, and contact
 * details are simply not shown until they are set.
 */
export const DEFAULT_VERIFIED_SELLERS_URL = 'https://verified-sellers.example.com/';

/** An absolute http(s) URL, or undefined. */
function absoluteUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const nonBlank = (value: string | undefined): string | undefined => value?.trim() || undefined;

/** The external Verified Sellers directory, opened in a new tab from the top bar and footer. */
export const VERIFIED_SELLERS_URL = absoluteUrl(import.meta.env.VITE_VERIFIED_SELLERS_URL) ?? DEFAULT_VERIFIED_SELLERS_URL;

/** Shown on /contact when set. */
export const SUPPORT_EMAIL = nonBlank(import.meta.env.VITE_SUPPORT_EMAIL);
export const SUPPORT_PHONE = nonBlank(import.meta.env.VITE_SUPPORT_PHONE);
