import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * The SSRF guard of webhook deliveries: an endpoint may not reach the server's own networks. Refused
 * unless WEBHOOK_ALLOW_PRIVATE=true: loopback, private (RFC 1918), CGNAT, link-local, unique-local,
 * multicast, reserved and unspecified addresses, and IPv6 forms that embed an IPv4 one (mapped,
 * NAT64, 6to4), which are judged by the address they embed.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Expands an IPv6 address to its eight 16-bit groups. */
function groups(ip: string): number[] | null {
  let text = ip.toLowerCase().split('%')[0]!;
  // A dotted IPv4 tail (::ffff:10.0.0.1) becomes two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const p = tail[1]!.split('.').map(Number);
    text = text.slice(0, -tail[1]!.length) + `${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const a = head ? head.split(':') : [];
  const b = rest === undefined ? [] : rest ? rest.split(':') : [];
  const fill = rest === undefined ? 0 : 8 - a.length - b.length;
  const all = [...a, ...Array(fill).fill('0'), ...b].map((g) => parseInt(g, 16));
  return all.length === 8 && all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), or null. */
function embeddedIpv4(ip: string): string | null {
  const g = groups(ip);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (zeros(0, 6) && (g[6] !== 0 || g[7]! > 1)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

/** Whether a delivery may never go to this address (without WEBHOOK_ALLOW_PRIVATE); anything that is not an IP address counts as refused. */
export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(ip);
  if (inner !== null) return blocked.check(inner, 'ipv4');
  return blocked.check(ip.split('%')[0]!, 'ipv6');
}

export class RefusedAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to a private, loopback or link-local address: refused (WEBHOOK_ALLOW_PRIVATE is not set)`);
  }
}

/** A URL's host without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

type Resolver = (host: string) => Promise<LookupAddress[]>;
const resolveAll: Resolver = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/**
 * The addresses a delivery may connect to: every address the host resolves to must be allowed, so
 * a name with one public and one private address is refused whole.
 */
export async function allowedAddresses(host: string, allowPrivate: boolean, resolve: Resolver = resolveAll): Promise<LookupAddress[]> {
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host);
  if (!addresses.length) throw new Error(`${host} has no address`);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) throw new RefusedAddressError(host);
  return addresses;
}

/**
 * The lookup option of http(s).request: answers only the addresses checked here, so the socket
 * connects to an address that passed, with no second resolution a rebinding DNS could answer
 * differently. Node calls it with `all: true` when it tries several addresses (autoSelectFamily).
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = resolveAll) {
  return (host: string, options: { all?: boolean } | number | undefined, callback: (...args: any[]) => void) => {
    allowedAddresses(host, allowPrivate, resolve).then(
      (addresses) => {
        if (typeof options === 'object' && options?.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: Error) => callback(err),
    );
  };
}
