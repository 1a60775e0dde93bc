import type { Db } from '../../db/index.js';
import type { UserRow } from '../../http/actor.js';
import { AppError, conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Services } from '../../services.js';
import type { RegisterUserBody } from '../../../resources/user.js';
import { startSession } from './sessions.js';
import { userView } from './user-view.js';

/** Every new account may create companies; self:companies:view comes with owning one. */
const NEW_USER_PERMISSIONS = ['self:companies:create'];

// A fixed hash to verify against when the e-mail is unknown, so timing does not reveal which e-mails exist.
let decoyHash: Promise<string> | null = null;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function createUser(db: Db, body: RegisterUserBody): Promise<UserRow> {
  if (await findUserByEmail(db, body.email)) throw conflict('A user with this email already exists', 'EMAIL_TAKEN');
  const passwordHash = await hashPassword(body.password);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        name: body.name,
        email: body.email,
        phone: body.phone,
        password_hash: passwordHash,
        settings: '{}',
        shortcuts: '[]',
        permissions: JSON.stringify(NEW_USER_PERMISSIONS),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: user.id, companyId: null }, { entityType: 'user', entityId: user.id, action: 'registered', after: { name: user.name, email: user.email } });
    return user;
  });
}

export async function register(services: Services, body: RegisterUserBody) {
  const user = await createUser(services.db, body);
  const token = await startSession(services.db, services, user.id, true);
  return { user: await userView(services.db, user), token };
}

export async function login(services: Services, email: string, password: string, remember: boolean) {
  const user = await findUserByEmail(services.db, email);
  decoyHash ??= hashPassword('decoy-password-for-unknown-users');
  const ok = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await decoyHash, password), false);
  if (!user || !ok) throw new AppError(401, 'Invalid email or password', 'INVALID_CREDENTIALS');
  const token = await startSession(services.db, services, user.id, remember);
  return { user: await userView(services.db, user), token };
}
