import { BlockList, isIP } from 'node:net';

/** Addresses allowed to call a route: single addresses and CIDR ranges, IPv4 and IPv6. */
export interface IpAllowList {
  /** The entries as configured (for logs and errors). */
  readonly entries: readonly string[];
  allows(address: string | undefined): boolean;
}

/**
 * Parses a comma- or space-separated list such as `196.201.214.0/24, 196.201.213.114`. Answers
 * the list, or the entries that are not an address or a CIDR range.
 */
export function parseIpAllowList(text: string): { ok: true; list: IpAllowList } | { ok: false; invalid: string[] } {
  const entries = text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const blocks = new BlockList();
  const invalid: string[] = [];
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (family === 0 || extra !== undefined || Number.isNaN(bits) || (bits !== null && bits > (family === 4 ? 32 : 128))) {
      invalid.push(entry);
      continue;
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === null) blocks.addAddress(address, type);
    else blocks.addSubnet(address, bits, type);
  }
  if (invalid.length > 0) return { ok: false, invalid };
  return {
    ok: true,
    list: {
      entries,
      allows(candidate) {
        if (!candidate) return false;
        const family = isIP(candidate);
        return family !== 0 && blocks.check(candidate, family === 4 ? 'ipv4' : 'ipv6');
      },
    },
  };
}
