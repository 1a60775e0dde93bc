import type { Executor } from '../../db/index.js';
import type { UserRow } from '../../http/actor.js';
import { AppError, conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Services } from '../../services.js';
import type { RegisterUserBody } from '../../../resources/user.js';
import { startSession } from './sessions.js';
import { isUniqueViolation } from '../../db/constraint-errors.js';
import type { UserSettings } from '../../../resources/user-view.js';
import { userView } from './user-view.js';

/** Every new account may create companies; self:companies:view comes with owning one. */
const NEW_USER_PERMISSIONS = ['self:companies:create'];

// A fixed hash to verify against when the e-mail is unknown, so timing does not reveal which e-mails exist.
let decoyHash: Promise<string> | null = null;

export const emailTaken = () => conflict('A user with this email already exists', 'EMAIL_TAKEN');

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Executor, id: number): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Inserts the account and its audit event inside the caller's transaction. The password arrives
 * hashed so the slow KDF never runs while a transaction holds the database.
 */
export async function createUser(db: Executor, body: RegisterUserBody, passwordHash: string, settings: UserSettings = {}): Promise<UserRow> {
  const now = nowIso();
  const user = await db
    .insertInto('users')
    .values({
      name: body.name,
      email: body.email,
      phone: body.phone,
      password_hash: passwordHash,
      settings: JSON.stringify(settings),
      shortcuts: '[]',
      permissions: JSON.stringify(NEW_USER_PERMISSIONS),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? emailTaken() : err;
    });
  await recordAudit(db, { userId: user.id, companyId: null }, { entityType: 'user', entityId: user.id, action: 'registered', after: { name: user.name, email: user.email } });
  return user;
}

export async function register(services: Services, body: RegisterUserBody) {
  if (await findUserByEmail(services.db, body.email)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  return services.db.transaction().execute(async (trx) => {
    const user = await createUser(trx, body, passwordHash);
    const token = await startSession(trx, services, user.id, true);
    return { user: await userView(trx, user), token };
  });
}

export async function login(services: Services, email: string, password: string, remember: boolean) {
  const user = await findUserByEmail(services.db, email);
  decoyHash ??= hashPassword('decoy-password-for-unknown-users');
  const ok = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await decoyHash, password), false);
  if (!user || !ok) throw new AppError(401, 'Invalid email or password', 'INVALID_CREDENTIALS');
  const token = await startSession(services.db, services, user.id, remember);
  return { user: await userView(services.db, user), token };
}
