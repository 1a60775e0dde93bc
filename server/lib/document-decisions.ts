import type { DecisionChannel, DocumentDecision, DocumentDecisionValue, DocumentKind } from '../../resources/client-decision.js';
import type { Executor } from '../db/index.js';
import type { Services } from '../services.js';
import { signedFileUrl } from '../storage/signed-links.js';
import { nowIso } from './json.js';

export interface DecisionEntry {
  /** The issuing company, whose document it is. */
  companyId: number;
  kind: DocumentKind;
  entityId: number;
  decision: DocumentDecisionValue;
  channel: DecisionChannel;
  decidedByName: string;
  decidedByEmail: string | null;
  decidedAt: string;
  reason: string | null;
  fileId?: number | null;
  linkId?: number | null;
  /** The member deciding signed in, or the issuer's member recording; null through a link. */
  recordedBy: number | null;
}

/** Writes one decision, in the caller's transaction (the one that moves the document's state). */
export async function recordDocumentDecision(db: Executor, entry: DecisionEntry): Promise<void> {
  await db
    .insertInto('document_decisions')
    .values({
      company_id: entry.companyId,
      entity_type: entry.kind,
      entity_id: entry.entityId,
      decision: entry.decision,
      channel: entry.channel,
      decided_by_name: entry.decidedByName,
      decided_by_email: entry.decidedByEmail,
      decided_at: entry.decidedAt,
      reason: entry.reason,
      file_id: entry.fileId ?? null,
      link_id: entry.linkId ?? null,
      recorded_by: entry.recordedBy,
      created_at: nowIso(),
    })
    .execute();
}

/** A document's decisions, newest first (a rejected invoice sent again and approved has two). */
export async function documentDecisions(services: Services, db: Executor, kind: DocumentKind, entityId: number): Promise<DocumentDecision[]> {
  const rows = await db
    .selectFrom('document_decisions as d')
    .leftJoin('users as u', 'u.id', 'd.recorded_by')
    .leftJoin('files as f', 'f.id', 'd.file_id')
    .select([
      'd.id',
      'd.decision',
      'd.channel',
      'd.decided_by_name',
      'd.decided_by_email',
      'd.decided_at',
      'd.reason',
      'd.created_at',
      'u.name as recorded_by_name',
      'f.id as file_id',
      'f.public_id',
      'f.filename',
      'f.object_name',
    ])
    .where('d.entity_type', '=', kind)
    .where('d.entity_id', '=', entityId)
    .orderBy('d.id', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    decision: r.decision as DocumentDecisionValue,
    channel: r.channel as DecisionChannel,
    decidedByName: r.decided_by_name,
    decidedByEmail: r.decided_by_email,
    decidedAt: String(r.decided_at),
    reason: r.reason,
    file:
      r.file_id !== null && r.public_id && r.filename
        ? { id: r.file_id, filename: r.filename, url: signedFileUrl(services, r.public_id, { download: true, version: r.object_name ?? undefined }) }
        : null,
    recordedByName: r.channel === 'link' ? null : r.recorded_by_name,
    createdAt: String(r.created_at),
  }));
}
