import { isIPv6 } from "node:net";

/**
 * The subject a per-address limit counts: an IPv4 address as is, an IPv6 client by its /64
 * (one home or phone usually holds a whole /64 and could rotate through it), as Better Auth's
 * limiter does. IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as the IPv4 address.
 */
export function addressSubject(address: string): string {
  if (!isIPv6(address)) return address;
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return mapped[1];
  const [head = "", tail] = lower.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  const groups = [...left, ...zeros, ...right].slice(0, 4).map((g) => g.padStart(4, "0"));
  return `${groups.join(":")}::/64`;
}
