import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/config.js';
import { FieldCipher } from '../../../server/lib/field-cipher.js';
import { maskLicence, maskSsn } from '../../../server/modules/users/sensitive-fields.js';

const key = () => randomBytes(32);

describe('field cipher', () => {
  const cipher = new FieldCipher({ current: key(), previous: [] });

  it('round-trips a value and never stores it readable', () => {
    const sealed = cipher.encrypt('123-45-6789', 'users.ssn:1');
    expect(sealed).toMatch(/^fw1:[0-9a-f]{8}:/);
    expect(sealed).not.toContain('6789');
    expect(cipher.encrypt('123-45-6789', 'users.ssn:1')).not.toBe(sealed);
    expect(cipher.decrypt(sealed, 'users.ssn:1')).toBe('123-45-6789');
  });

  it('refuses a value moved to another row or column, or altered', () => {
    const sealed = cipher.encrypt('123-45-6789', 'users.ssn:1');
    expect(() => cipher.decrypt(sealed, 'users.ssn:2')).toThrow();
    expect(() => cipher.decrypt(sealed, 'users.drivers_license:1')).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('999-99-9999').toString('base64url');
    expect(() => cipher.decrypt(parts.join(':'), 'users.ssn:1')).toThrow();
  });

  it('reads values under a previous key, and names the missing key otherwise', () => {
    const old = key();
    const sealed = new FieldCipher({ current: old, previous: [] }).encrypt('TX1234567', 'c');
    expect(new FieldCipher({ current: key(), previous: [old] }).decrypt(sealed, 'c')).toBe('TX1234567');
    expect(() => cipher.decrypt(sealed, 'c')).toThrow(/FIELD_ENCRYPTION_KEY/);
  });

  it('masks an SSN to its last four digits and a licence to its last four characters when long enough', () => {
    expect(maskSsn('123-45-6789')).toBe('***-**-6789');
    expect(maskLicence('TX1234567')).toBe('****4567');
    expect(maskLicence('B1234')).toBe('****');
  });
});

describe('field key configuration', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-key-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('generates a key once into the data folder and keeps it', () => {
    const first = loadConfig({ AUTH_SECRET: 'x' }, { dataDir }).fieldKeys.current;
    expect(first).toHaveLength(32);
    expect(Buffer.from(readFileSync(path.join(dataDir, 'field-key'), 'utf8'), 'base64')).toEqual(first);
    expect(loadConfig({ AUTH_SECRET: 'x' }, { dataDir }).fieldKeys.current).toEqual(first);
  });

  it('takes FIELD_ENCRYPTION_KEY and previous keys from the environment, refusing a key of the wrong size', () => {
    const current = key();
    const previous = key();
    const env = { AUTH_SECRET: 'x', FIELD_ENCRYPTION_KEY: current.toString('base64'), FIELD_ENCRYPTION_PREVIOUS_KEYS: previous.toString('base64') };
    expect(loadConfig(env, { dataDir }).fieldKeys).toEqual({ current, previous: [previous] });
    expect(() => loadConfig({ AUTH_SECRET: 'x', FIELD_ENCRYPTION_KEY: 'c2hvcnQ=' }, { dataDir })).toThrow(/FIELD_ENCRYPTION_KEY must be 32 bytes/);
  });
});
