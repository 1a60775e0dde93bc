import { buffer } from 'node:stream/consumers';
import { companyData, type TestServer } from './harness.js';
import { callAs } from './project-helpers.js';
import type { InvoiceWorld } from './invoices-helpers.js';

let contacts = 0;

/**
 * A client company the owner typed in (POST /partnerships/create/client: no members, nobody can sign
 * in), its contact Jane Roe <ap…@hcp.example> (an address of its own: the suite's server is shared),
 * made the client of the world's project.
 */
export async function memberlessClient(s: TestServer, w: InvoiceWorld) {
  const contact = { contactName: 'Jane Roe', contactEmail: `ap${++contacts}@hcp.example` };
  const res = await callAs(s, w.owner, 'POST', '/partnerships/create/client', { ...companyData({ name: 'Hill Country Power' }), ...contact });
  if (res.status !== 201) throw new Error(`create partner: ${res.status} ${JSON.stringify(res.body)}`);
  const companyId = res.body.partnerId as number;
  await s.services.db.updateTable('projects').set({ client_id: companyId }).where('id', '=', w.projectId).execute();
  return { companyId, email: contact.contactEmail };
}

/** The messages queued to an address, oldest first, each with its attachments' rows and bytes. */
export async function mailTo(s: TestServer, to: string) {
  const db = s.services.db;
  const rows = await db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
  return Promise.all(
    rows.map(async (r) => {
      const attachments = await db
        .selectFrom('mail_attachments as a')
        .innerJoin('files as f', 'f.id', 'a.file_id')
        .select(['a.filename', 'f.object_name', 'f.content_type', 'f.type'])
        .where('a.outbox_id', '=', r.id)
        .execute();
      const withBytes = await Promise.all(attachments.map(async (a) => ({ ...a, bytes: await buffer((await s.services.storage.read(a.object_name))!) })));
      return { ...r, attachments: withBytes };
    }),
  );
}

/** The decide link's token in a mail's text. */
export function tokenIn(text: string): string {
  const m = text.match(/\/app\/decide\/invoice\/([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no decide link in: ${text}`);
  return m[1]!;
}
