// The data volume of issue 3: one company with 20,000 members and 50,000 items, written straight
// into the database the running server uses (the API would take minutes to create this many).
import { sql } from 'kysely';
import { openDatabase } from '../server/db/index.js';

export const VOLUME = { members: 20_000, items: 50_000, categories: 40 };
const BATCH = 500;

const FIRST = ['Ana', 'Ben', 'Carla', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jamal', 'Kara', 'Luis', 'Mara', 'Nils', 'Olga', 'Pavel'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Wilson', 'Anderson', 'Thompson', 'Martinez', 'Robinson', 'Clark'];
const THINGS = ['Conduit', 'Handhole', 'Pedestal', 'Vault', 'Splice', 'Trench', 'Bore', 'Restoration', 'Sidewalk', 'Curb', 'Asphalt', 'Fiber'];
const UNITS = ['LF', 'EA', 'SF', 'CY', 'HR'];

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

export interface Volume {
  companyId: number;
  categoryId: number;
  seconds: number;
}

export async function seedVolume(opts: { databaseUrl: string | null; dataDir: string; companyId: number }): Promise<Volume> {
  const started = Date.now();
  const { db, close } = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const now = new Date().toISOString();
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('scope_type', '=', 'company')
      .where('scope_id', '=', opts.companyId)
      .where('name', '=', 'Crew')
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      const members = Array.from({ length: VOLUME.members }, (_, i) => ({
        user_id: null,
        company_id: opts.companyId,
        type: 'company',
        role_id: role.id,
        status: 'invited',
        name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
        email: `member.${i}@volume.example.com`,
        phone: '+1 555 010 0000',
        country: 'US',
        state: 'TX',
        notification_settings: '{}',
        created_at: now,
        updated_at: now,
      }));
      await inBatches(members, (batch) => trx.insertInto('memberships').values(batch).execute());

      const categories = await trx
        .insertInto('item_categories')
        .values(Array.from({ length: VOLUME.categories }, (_, i) => ({ company_id: opts.companyId, parent_id: null, name: `Category ${i}`, description: null, color: '#1f5fbf', created_at: now, updated_at: now })))
        .returning('id')
        .execute();
      const items = Array.from({ length: VOLUME.items }, (_, i) => ({
        company_id: opts.companyId,
        partnership_id: null,
        market_id: null,
        category_id: categories[i % categories.length]!.id,
        name: `${THINGS[i % THINGS.length]} ${Math.floor(i / THINGS.length)}`,
        code: `IT-${String(i).padStart(6, '0')}`,
        unit: UNITS[i % UNITS.length]!,
        icon_id: null,
        icon_url: null,
        production_is_allowed: i % 3 === 0 ? 1 : 0,
        production_item_type: 'quantity',
        line_color: '#f28c28',
        photos_number: i % 4,
        created_at: now,
        updated_at: now,
      }));
      await inBatches(items, (batch) => trx.insertInto('items').values(batch).execute());
    });
    // Fresh statistics, as a database that grew to this size over time would have.
    await sql`analyze`.execute(db);
    const category = await db.selectFrom('item_categories').select('id').where('company_id', '=', opts.companyId).orderBy('id').executeTakeFirstOrThrow();
    return { companyId: opts.companyId, categoryId: category.id, seconds: Math.round((Date.now() - started) / 100) / 10 };
  } finally {
    await close();
  }
}
