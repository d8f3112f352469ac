import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Addresses not on the public internet, for the calls the platform makes to addresses its customers type (webhook
 * endpoints, identity providers): a tenant must not reach the platform's own network through them (SSRF).
 */
const V4_PRIVATE: Array<[number, number]> = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata)
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xe0000000, 3], // 224/3 multicast and reserved, broadcast
];

const v4Number = (ip: string): number => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

/** Whether an address is private, loopback, link-local or otherwise not on the public internet (IPv4 and IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) {
    const n = v4Number(ip);
    return V4_PRIVATE.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
  }
  if (kind !== 6) return true;
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPrivateAddress(mapped[1] as string);
  if (lower === '::' || lower === '::1') return true;
  const first = Number.parseInt(lower.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

/** The host's addresses, all of them (one private among them is enough to refuse it). */
export async function addressesOf(host: string): Promise<{ address: string; family: number }[]> {
  return lookup(host.replace(/^\[|\]$/g, ''), { all: true, verbatim: true });
}
