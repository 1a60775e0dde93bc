import { createHmac } from 'node:crypto';
import { allowedAddresses, guardedLookup, isPrivateAddress } from '../../../server/lib/webhooks/address-guard.js';
import { sendDelivery } from '../../../server/lib/webhooks/send.js';
import { signatureHeader, verifySignature } from '../../../server/lib/webhooks/signing.js';

describe('webhook SSRF guard', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:c0a8:101::1',
    'ff02::1',
    'not-an-ip',
  ])('refuses %s', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])('allows %s', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });

  it('refuses a name when any address it resolves to is private, unless allowed', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(allowedAddresses('rebind.example', false, resolve)).rejects.toThrow(/private, loopback or link-local/);
    await expect(allowedAddresses('rebind.example', true, resolve)).resolves.toHaveLength(2);
    await expect(allowedAddresses('public.example', false, async () => [{ address: '93.184.216.34', family: 4 }])).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('the lookup given to the socket answers only checked addresses, in both of node’s shapes', async () => {
    const resolve = async () => [{ address: '93.184.216.34', family: 4 }];
    const one = await new Promise<unknown[]>((r) => guardedLookup(false, resolve)('x.example', {}, (...args) => r(args)));
    expect(one).toEqual([null, '93.184.216.34', 4]);
    const all = await new Promise<unknown[]>((r) => guardedLookup(false, resolve)('x.example', { all: true }, (...args) => r(args)));
    expect(all).toEqual([null, [{ address: '93.184.216.34', family: 4 }]]);
    const refused = await new Promise<unknown[]>((r) => guardedLookup(false, async () => [{ address: '127.0.0.1', family: 4 }])('x.example', {}, (...args) => r(args)));
    expect(String(refused[0])).toMatch(/refused/);
  });

  it('a delivery to a private address or a name resolving to one is refused at delivery time, without a request', async () => {
    const target = { secret: 's', event: 'ping', deliveryId: 1, body: '{}' };
    const settings = { allowPrivate: false, timeoutMs: 1000 };
    expect((await sendDelivery({ ...target, url: 'https://127.0.0.1:9/x' }, settings)).error).toMatch(/refused/);
    expect((await sendDelivery({ ...target, url: 'https://[::ffff:127.0.0.1]:9/x' }, settings)).error).toMatch(/refused/);
    expect((await sendDelivery({ ...target, url: 'https://localhost:9/x' }, settings)).error).toMatch(/refused/);
    expect((await sendDelivery({ ...target, url: 'http://93.184.216.34/x' }, settings)).error).toBe('The endpoint must use https');
  });
});

describe('webhook signatures', () => {
  it('signs t.body with HMAC-SHA256 and verifies within the tolerance only', () => {
    const header = signatureHeader('whsec_test', '{"a":1}', 1_800_000_000);
    // The documented scheme, recomputed by hand: hex HMAC-SHA256(secret, "1800000000.{"a":1}").
    expect(header).toBe('t=1800000000,v1=' + createHmac('sha256', 'whsec_test').update('1800000000.{"a":1}').digest('hex'));
    expect(verifySignature('whsec_test', '{"a":1}', header, { now: 1_800_000_100 })).toBe(true);
    expect(verifySignature('whsec_test', '{"a":2}', header, { now: 1_800_000_100 })).toBe(false);
    expect(verifySignature('whsec_other', '{"a":1}', header, { now: 1_800_000_100 })).toBe(false);
    expect(verifySignature('whsec_test', '{"a":1}', header, { now: 1_800_000_000 + 301 })).toBe(false);
    expect(verifySignature('whsec_test', '{"a":1}', 'garbage', { now: 1_800_000_000 })).toBe(false);
  });
});
