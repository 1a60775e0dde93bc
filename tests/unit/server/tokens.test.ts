import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from '../../../server/lib/tokens.js';

describe('TokenSigner', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the claims of its own tokens, again from memory, and nothing for a token signed with another secret or altered', async () => {
    const signer = new TokenSigner('a-secret-long-enough-for-hmac-sha256');
    const token = await signer.sign({ userId: 7, sessionId: 's-1' }, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).toEqual({ userId: 7, sessionId: 's-1' });
    expect(await signer.verify(token)).toEqual({ userId: 7, sessionId: 's-1' });
    const other = await new TokenSigner('another-secret-long-enough-for-hmac').sign({ userId: 7, sessionId: 's-1' }, new Date(Date.now() + 60_000));
    expect(await signer.verify(other)).toBeNull();
    const [head, body, signature] = token.split('.');
    // The signature's first character changed (its last ones may already be the replacement, or carry padding bits only).
    const altered = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await signer.verify(`${head}.${body}.${altered}`)).toBeNull();
  });

  it('refuses a token once it has expired, even one it verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T10:00:00Z'));
    const signer = new TokenSigner('a-secret-long-enough-for-hmac-sha256');
    const token = await signer.sign({ userId: 3, sessionId: 's-2' }, new Date('2026-12-01T10:05:00Z'));
    expect(await signer.verify(token)).toEqual({ userId: 3, sessionId: 's-2' });
    vi.setSystemTime(new Date('2026-12-01T10:05:01Z'));
    expect(await signer.verify(token)).toBeNull();
    expect(await signer.verify(token)).toBeNull();
  });
});
