import type { Executor } from '../../db/index.js';
import type { UserRow } from '../../http/actor.js';
import { FieldCipher } from '../../lib/field-cipher.js';
import type { SensitiveValues } from '../../../resources/user.js';

/** The user columns kept encrypted at rest, and their names in answers. */
export const SENSITIVE_COLUMNS = { ssn: 'ssn', drivers_license: 'driversLicense' } as const;
type Column = keyof typeof SENSITIVE_COLUMNS;
const COLUMNS = Object.keys(SENSITIVE_COLUMNS) as Column[];

/** Binds each value to its row and column, so a ciphertext moved elsewhere does not decrypt. */
const contextOf = (userId: number, column: Column) => `users.${column}:${userId}`;

/** The patch with its SSN and driver's licence encrypted; absent and null values pass as they are. */
export function sealSensitive<P extends Partial<Record<Column, string | null | undefined>>>(cipher: FieldCipher, userId: number, patch: P): P {
  const sealed = { ...patch };
  for (const column of COLUMNS) {
    const value = patch[column];
    if (value) sealed[column] = cipher.encrypt(value, contextOf(userId, column)) as P[Column];
  }
  return sealed;
}

function open(cipher: FieldCipher, user: Pick<UserRow, 'id' | Column>, column: Column): string | null {
  const stored = user[column];
  if (!stored) return null;
  // A value written before encryption existed reads as it is until the start-up pass seals it.
  return FieldCipher.isSealed(stored) ? cipher.decrypt(stored, contextOf(user.id, column)) : stored;
}

export function revealSensitive(cipher: FieldCipher, user: Pick<UserRow, 'id' | Column>): SensitiveValues {
  return { ssn: open(cipher, user, 'ssn'), driversLicense: open(cipher, user, 'drivers_license') };
}

/** '***-**-1234': the last four digits, as on forms people recognise. */
export const maskSsn = (ssn: string) => `***-**-${ssn.slice(-4)}`;

/** The last four characters of a long number; a short one is hidden whole, since four would be most of it. */
export const maskLicence = (licence: string) => (licence.length >= 8 ? `****${licence.slice(-4)}` : '****');

export function maskedSensitive(cipher: FieldCipher, user: Pick<UserRow, 'id' | Column>): SensitiveValues {
  const { ssn, driversLicense } = revealSensitive(cipher, user);
  return { ssn: ssn && maskSsn(ssn), driversLicense: driversLicense && maskLicence(driversLicense) };
}

/**
 * Encrypts every value still in plaintext (stored before encryption existed) and re-encrypts those
 * written under a previous key, so retiring that key loses nothing. Runs at every start; a row
 * changed meanwhile by its user is left to the value they wrote.
 */
export async function sealStoredSensitive(db: Executor, cipher: FieldCipher): Promise<number> {
  let sealed = 0;
  for (const column of COLUMNS) {
    const rows = await db
      .selectFrom('users')
      .select(['id', column])
      .where(column, 'is not', null)
      .where(column, 'not like', cipher.currentPattern())
      .execute();
    for (const row of rows) {
      const stored = row[column] as string;
      const plain = FieldCipher.isSealed(stored) ? cipher.decrypt(stored, contextOf(row.id, column)) : stored;
      const done = await db
        .updateTable('users')
        .set({ [column]: cipher.encrypt(plain, contextOf(row.id, column)) })
        .where('id', '=', row.id)
        .where(column, '=', stored)
        .executeTakeFirst();
      sealed += Number(done.numUpdatedRows);
    }
  }
  return sealed;
}
