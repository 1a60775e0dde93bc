import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'fw1';

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * AES-256-GCM for single sensitive values (SSNs, driver's licence numbers). A stored value reads
 * `fw1:<key id>:<iv>:<ciphertext>:<tag>`, so values written under an older key stay readable while
 * it is listed among the previous keys. The context (table, column, row) is bound in as associated
 * data: a value copied into another row or column no longer decrypts.
 */
export class FieldCipher {
  private currentId: string;
  private keys: Map<string, Buffer>;

  constructor(keys: { current: Buffer; previous: Buffer[] }) {
    this.currentId = keyIdOf(keys.current);
    this.keys = new Map([...keys.previous, keys.current].map((k) => [keyIdOf(k), k]));
  }

  encrypt(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.currentId, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
  }

  /** The plain value; throws when the value was written under a key this server no longer has, or was tampered with. */
  decrypt(stored: string, context: string): string {
    const [version, keyId, iv, body, tag] = stored.split(':');
    const key = keyId === undefined ? undefined : this.keys.get(keyId);
    if (version !== VERSION || !key || !iv || body === undefined || !tag) {
      throw new Error(`A ${context} value cannot be decrypted: its key (${keyId ?? 'none'}) is not among FIELD_ENCRYPTION_KEY and FIELD_ENCRYPTION_PREVIOUS_KEYS`);
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether a stored value was written by this cipher at all (the rest is plaintext from before encryption). */
  static isSealed(stored: string): boolean {
    return stored.startsWith(`${VERSION}:`);
  }

  /** The LIKE pattern of values sealed under the current key; the rest need (re-)encrypting. */
  currentPattern(): string {
    return `${VERSION}:${this.currentId}:%`;
  }
}
