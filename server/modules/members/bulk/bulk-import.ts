import { ROLE_LABELS, isRoleName } from '../../../../permissions/index.js';
import { memberContact, type BulkImportResult } from '../../../../resources/member.js';
import { isUniqueViolation } from '../../../db/constraint-errors.js';
import type { Actor } from '../../../http/actor.js';
import type { CompanyMembership } from '../../../http/company-access.js';
import { recordAudit } from '../../../lib/audit.js';
import { nowIso } from '../../../lib/json.js';
import type { Services } from '../../../services.js';
import { emailTakenReason } from '../member-checks.js';
import { insertInvitation, queueInvitationMail } from '../member-invite.js';
import type { Sheet } from '../../imports/sheet-read.js';
import { memberRows, type SheetRow } from './read-sheet.js';

interface CompanyRole {
  id: number;
  name: string;
  assignable: boolean;
}

/** Role names as people type them: 'ProjectManager', 'project manager' and 'Project Manager' are one role. */
const roleKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

async function rolesByKey(services: Services, companyId: number) {
  const rows = await services.db.selectFrom('roles').select(['id', 'name', 'assignable']).where('scope_type', '=', 'company').where('scope_id', '=', companyId).execute();
  const map = new Map<string, CompanyRole>();
  for (const r of rows) {
    const role = { id: r.id, name: r.name, assignable: !!r.assignable };
    map.set(roleKey(r.name), role);
    if (isRoleName(r.name)) map.set(roleKey(ROLE_LABELS[r.name]), role);
  }
  return map;
}

type Checked = { ok: true; contact: ReturnType<typeof memberContact.parse>; role: CompanyRole } | { ok: false; email: string | null; reason: string };

function checkRow(row: SheetRow, roles: Map<string, CompanyRole>): Checked {
  const v = row.values;
  const email = v.email?.toLowerCase() || null;
  if (row.problems.length) return { ok: false, email, reason: row.problems.join('; ') };
  const parsed = memberContact.safeParse({ name: v.name ?? '', email: v.email ?? '', phone: v.phone || null, country: v.country || null, state: v.state || null });
  if (!parsed.success) return { ok: false, email, reason: [...new Set(parsed.error.issues.map((i) => i.message))].join('; ') };
  if (!v.role) return { ok: false, email, reason: 'Role is required' };
  const role = roles.get(roleKey(v.role));
  if (!role) return { ok: false, email, reason: `Unknown role "${v.role}"` };
  if (!role.assignable) return { ok: false, email, reason: `The role "${role.name}" cannot be assigned` };
  return { ok: true, contact: parsed.data, role };
}

/**
 * Each row is its own all-or-nothing invitation, its mail queued in the same transaction as the
 * membership: a refused row leaves nothing behind and does not stop the others, and a restart loses no
 * mail. Jobs send the mails after the answer, so a large file does not wait on SMTP.
 */
export async function importMembers(services: Services, actor: Actor, company: CompanyMembership, sheet: Sheet): Promise<BulkImportResult> {
  const { companyId } = company;
  const rows = memberRows(sheet);
  const roles = await rolesByKey(services, companyId);
  const seen = new Map<string, number>();
  const result: BulkImportResult = { added: [], refused: [] };

  for (const row of rows) {
    const checked = checkRow(row, roles);
    if (!checked.ok) {
      result.refused.push({ row: row.row, email: checked.email, reason: checked.reason });
      continue;
    }
    const { contact, role } = checked;
    const earlier = seen.get(contact.email);
    if (earlier) {
      result.refused.push({ row: row.row, email: contact.email, reason: `Duplicate e-mail: already on row ${earlier}` });
      continue;
    }
    seen.set(contact.email, row.row);
    try {
      const invited = await services.db.transaction().execute(async (trx) => {
        const taken = await emailTakenReason(trx, companyId, contact.email);
        if (taken) return { refused: taken };
        const now = nowIso();
        const inserted = await insertInvitation(trx, companyId, actor.user.id, { ...contact, roleId: role.id }, now);
        const after = { ...contact, role: role.name, status: 'invited', crewsAsMember: [], crewsAsLeader: [], categories: [] };
        await recordAudit(trx, { userId: actor.user.id, companyId }, { entityType: 'membership', entityId: inserted.id, action: 'invited', after });
        await queueInvitationMail(trx, services, { companyId, name: contact.name, email: contact.email }, inserted.token, actor.user.name);
        return inserted;
      });
      if ('refused' in invited) {
        result.refused.push({ row: row.row, email: contact.email, reason: invited.refused });
        continue;
      }
      result.added.push({ row: row.row, id: invited.id, name: contact.name, email: contact.email });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      result.refused.push({ row: row.row, email: contact.email, reason: 'This e-mail has already been invited to the company' });
    }
  }
  return result;
}
