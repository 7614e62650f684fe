import { describe, expect, test } from 'bun:test';
import { rejectionOf } from '@mcp-connector/shared/test-support';
import { blockedRangeOf } from './address-policy.ts';
import { pinTarget, type AddressResolution } from './safe-target.ts';
import { routeTestHost } from './test-hosts.ts';

function resolvingTo(...addresses: string[]): AddressResolution & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    resolve: async (hostname) => {
      asked.push(hostname);
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    blockedRange: blockedRangeOf,
  };
}

describe('pinTarget', () => {
  test('pins the first address of a public name, keeping the name for Host and TLS', async () => {
    const resolution = resolvingTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c');
    expect(await pinTarget(new URL('https://example.com/a?b'), resolution)).toMatchObject({
      hostname: 'example.com',
      address: '93.184.215.14',
      family: 4,
    });
    expect(resolution.asked).toEqual(['example.com']);
  });

  test('refuses a name when any of its addresses is private', async () => {
    const failure = await rejectionOf(
      pinTarget(new URL('http://mixed.example/'), resolvingTo('93.184.215.14', '10.0.0.7')),
    );
    expect(failure).toMatchObject({
      code: 'fetch_blocked',
      details: { address: '10.0.0.7', range: 'private' },
    });
  });

  test.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://[::1]:8080/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', 'cloudMetadata'],
    ['http://[fd00:ec2::254]/', 'cloudMetadata'],
    ['http://100.64.1.1/', 'carrierGradeNat'],
    ['http://0.0.0.0/', 'unspecified'],
  ])('refuses the literal %s (%s) without asking DNS', async (url, range) => {
    const resolution = resolvingTo('93.184.215.14');
    const failure = await rejectionOf(pinTarget(new URL(url), resolution));
    expect(failure).toMatchObject({ code: 'fetch_blocked', details: { range } });
    expect(resolution.asked).toEqual([]);
  });

  test.each([
    'file:///etc/passwd',
    'ftp://example.com/',
    'gopher://example.com/',
    'data:text/plain,x',
  ])('refuses the scheme of %s', async (url) => {
    expect(await rejectionOf(pinTarget(new URL(url), resolvingTo('93.184.215.14')))).toMatchObject({
      code: 'fetch_blocked',
    });
  });

  test('a name that does not resolve is fetch_failed', async () => {
    const resolution: AddressResolution = {
      resolve: async () => {
        throw new Error('getaddrinfo ENOTFOUND nowhere.invalid');
      },
      blockedRange: blockedRangeOf,
    };
    expect(
      await rejectionOf(pinTarget(new URL('http://nowhere.invalid/'), resolution)),
    ).toMatchObject({
      code: 'fetch_failed',
    });
  });
});

describe('routeTestHost', () => {
  test('routes a .test name past the policy, and only while routed', async () => {
    const unroute = routeTestHost('Local.TEST', '127.0.0.1');
    const resolution = resolvingTo('10.0.0.1');
    expect(await pinTarget(new URL('http://local.test:81/'), resolution)).toMatchObject({
      address: '127.0.0.1',
      hostname: 'local.test',
    });
    unroute();
    expect(await rejectionOf(pinTarget(new URL('http://local.test/'), resolution))).toMatchObject({
      code: 'fetch_blocked',
    });
  });

  test('refuses any name outside .test', () => {
    expect(() => routeTestHost('localhost', '127.0.0.1')).toThrow('.test');
    expect(() => routeTestHost('example.com', '127.0.0.1')).toThrow('.test');
  });
});
