import { expect, test } from 'bun:test';
import { blockedRangeOf } from './address-policy.ts';

test.each([
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.1.1', 'linkLocal'],
  ['169.254.169.254', 'cloudMetadata'],
  ['169.254.170.2', 'cloudMetadata'],
  ['168.63.129.16', 'cloudMetadata'],
  ['100.100.100.200', 'cloudMetadata'],
  ['192.0.0.192', 'cloudMetadata'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.255', 'carrierGradeNat'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['255.255.255.255', 'broadcast'],
  ['192.0.2.1', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'linkLocal'],
  ['fe80::1%eth0', 'linkLocal'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456::1', 'uniqueLocal'],
  ['fd00:ec2::254', 'cloudMetadata'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:169.254.169.254', 'cloudMetadata'],
  ['::7f00:1', 'ipv4Compatible'],
  ['::a00:1', 'ipv4Compatible'],
  ['::127.0.0.1', 'loopback'],
  ['64:ff9b::7f00:1', 'rfc6052'],
  ['2002:7f00:1::', '6to4'],
  ['2001:0::1', 'teredo'],
  ['2001:db8::1', 'reserved'],
  ['not an address', 'invalid'],
  ['example.com', 'invalid'],
])('%s is refused as %s', (address, range) => {
  expect(blockedRangeOf(address)).toBe(range);
});

test.each([
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '172.32.0.1',
  '100.128.0.1',
  '2606:4700::1111',
  '::ffff:8.8.8.8',
])('%s is public', (address) => {
  expect(blockedRangeOf(address)).toBeNull();
});
