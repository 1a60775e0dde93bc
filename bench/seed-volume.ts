// The data volume of the large-list benchmarks: one company with 100,000 members, 50,000 items and
// 100,000 files (10,000 of them in one folder),
// written straight into the database the running server uses (the API would take minutes).
import { openDatabase } from '../server/db/index.js';
import { settleVolume } from './seed-sql.js';

export const VOLUME = { members: 100_000, items: 50_000, categories: 40, folderFiles: 10_000, files: 100_000 };
// 13 columns a row: 1,000 rows stay under both databases' bound-parameter limits.
const BATCH = 1_000;

const FIRST = ['Ana', 'Ben', 'Carla', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jamal', 'Kara', 'Luis', 'Mara', 'Nils', 'Olga', 'Pavel'];
// Surnames are many, as in a real workforce: 30 x 30 made-up ones, each shared by about 110 of the
// 100,000 members, so looking one up is the selective "contains" filter a person types.
const SURNAME_HEADS = ['Ash', 'Brad', 'Carl', 'Dal', 'Elling', 'Fair', 'Gold', 'Hal', 'Ing', 'Kings', 'Lang', 'Mar', 'Nor', 'Oak', 'Pem', 'Quill', 'Ral', 'Stan', 'Thorn', 'Ux', 'Vick', 'Wes', 'Yar', 'Zell', 'Brock', 'Crom', 'Drey', 'Fenn', 'Gar', 'Holl'];
const SURNAME_TAILS = ['bury', 'ford', 'ton', 'well', 'wood', 'by', 'field', 'more', 'stead', 'worth', 'ley', 'brook', 'dale', 'ham', 'son', 'croft', 'gate', 'hurst', 'mere', 'wick', 'shaw', 'holm', 'thorpe', 'cott', 'den', 'ridge', 'land', 'ward', 'mont', 'vale'];
const surname = (i: number) => `${SURNAME_HEADS[i % SURNAME_HEADS.length]}${SURNAME_TAILS[Math.floor(i / SURNAME_HEADS.length) % SURNAME_TAILS.length]}`;
/** A surname the "contains" benchmark looks for (lower case, as typed). */
export const SOUGHT_SURNAME = surname(17).toLowerCase();
/**
 * A first name and surname picked at random, as typed (about 7 members hold each of the 14,400 pairs):
 * searches that differ from one request to the next, so no cached answer serves them.
 */
export const randomFullName = () =>
  `${FIRST[Math.floor(Math.random() * FIRST.length)]} ${surname(Math.floor(Math.random() * SURNAME_HEADS.length * SURNAME_TAILS.length))}`.toLowerCase();
const THINGS = ['Conduit', 'Handhole', 'Pedestal', 'Vault', 'Splice', 'Trench', 'Bore', 'Restoration', 'Sidewalk', 'Curb', 'Asphalt', 'Fiber'];
const UNITS = ['LF', 'EA', 'SF', 'CY', 'HR'];

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

export interface Volume {
  companyId: number;
  categoryId: number;
  /** How many members' names contain SOUGHT_SURNAME: the total the "contains" page must report. */
  soughtMatches: number;
  /** The file manager's folder holding VOLUME.folderFiles files (the rest are in another folder). */
  folderId: number;
  /** How many of the VOLUME.files file names contain SOUGHT_SURNAME. */
  soughtFiles: number;
  seconds: number;
}

export async function seedVolume(opts: { databaseUrl: string | null; dataDir: string; companyId: number }): Promise<Volume> {
  const started = Date.now();
  const { db, dialect, close } = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const now = new Date().toISOString();
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('scope_type', '=', 'company')
      .where('scope_id', '=', opts.companyId)
      .where('name', '=', 'Crew')
      .executeTakeFirstOrThrow();
    let soughtMatches = 0;
    let soughtFiles = 0;
    let folderId = 0;
    await db.transaction().execute(async (trx) => {
      const members = Array.from({ length: VOLUME.members }, (_, i) => ({
        user_id: null,
        company_id: opts.companyId,
        type: 'company',
        role_id: role.id,
        status: 'invited',
        name: `${FIRST[i % FIRST.length]} ${surname(Math.floor(i / FIRST.length))} ${i}`,
        email: `member.${i}@volume.example.com`,
        phone: '+1 555 010 0000',
        country: 'US',
        state: 'TX',
        notification_settings: '{}',
        created_at: now,
        updated_at: now,
      }));
      soughtMatches = members.filter((m) => m.name.toLowerCase().includes(SOUGHT_SURNAME)).length;
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

      const root = await trx.selectFrom('folders').select('id').where('company_id', '=', opts.companyId).where('parent_id', 'is', null).executeTakeFirstOrThrow();
      const folder = (name: string) =>
        trx
          .insertInto('folders')
          .values({ company_id: opts.companyId, parent_id: root.id, name, project_id: null, created_by: null, created_at: now, updated_at: now, acl_type: null, acl_id: null })
          .returning('id')
          .executeTakeFirstOrThrow();
      const [big, rest] = [await folder('Volume 10k'), await folder('Volume rest')];
      folderId = big.id;
      const files = Array.from({ length: VOLUME.files }, (_, i) => ({
        public_id: `volume-${opts.companyId}-${i}`,
        company_id: opts.companyId,
        entity_type: 'company',
        entity_id: String(opts.companyId),
        type: 'file',
        filename: `${surname(i % 900)} ${THINGS[i % THINGS.length]} ${i}.pdf`,
        name: `${surname(i % 900)} ${THINGS[i % THINGS.length]} ${i}.pdf`,
        content_type: 'application/pdf',
        length: 1000 + i,
        object_name: `volume/${i}`,
        uploaded_by: null,
        created_at: now,
        updated_at: now,
        folder_id: i < VOLUME.folderFiles ? big.id : rest.id,
      }));
      soughtFiles = files.filter((f) => f.name.toLowerCase().includes(SOUGHT_SURNAME)).length;
      await inBatches(files, (batch) => trx.insertInto('files').values(batch).execute());
    });
    await settleVolume(db, dialect);
    const category = await db.selectFrom('item_categories').select('id').where('company_id', '=', opts.companyId).orderBy('id').executeTakeFirstOrThrow();
    return { companyId: opts.companyId, categoryId: category.id, soughtMatches, folderId, soughtFiles, seconds: Math.round((Date.now() - started) / 100) / 10 };
  } finally {
    await close();
  }
}
