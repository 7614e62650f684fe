/**
 * Which IP addresses fetch may connect to: public unicast only. Everything ipaddr.js classifies
 * as anything but 'unicast' is refused (loopback, private, link-local, unique-local, CGNAT,
 * multicast, unspecified, broadcast, reserved, documentation, 6to4/Teredo/NAT64 tunnels that
 * could embed a private IPv4), plus the cloud metadata endpoints that sit on public-looking
 * addresses and the deprecated IPv4-compatible IPv6 block. IPv4-mapped IPv6 is judged as the
 * IPv4 address it carries.
 */
import ipaddr from 'ipaddr.js';

const CLOUD_METADATA = new Set(
  [
    '169.254.169.254', // AWS, GCP, Azure, OpenStack instance metadata
    '169.254.170.2', // AWS ECS task metadata
    '168.63.129.16', // Azure WireServer
    '100.100.100.200', // Alibaba Cloud
    '192.0.0.192', // Oracle Cloud
    'fd00:ec2::254', // AWS instance metadata over IPv6
  ].map((address) => ipaddr.parse(address).toNormalizedString()),
);

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** Why `address` is refused (a range name such as 'loopback'), or null when it is public. */
export function blockedRangeOf(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = unmapped(ipaddr.parse(address));
  if (CLOUD_METADATA.has(parsed.toNormalizedString())) return 'cloudMetadata';
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  return null;
}

function unmapped(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()
    ? address.toIPv4Address()
    : address;
}
