import { CLIENT_DECISION_MESSAGES, type DocumentKind } from '../../resources/client-decision.js';
import type { Executor } from '../db/index.js';
import type { DocumentLinksTable } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { nowIso } from './json.js';
import { hashToken, randomToken } from './tokens.js';

/** A decision link works for 30 days, as a budget review link does; then the issuer sends the document again. */
export const DOCUMENT_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type DocumentLinkRow = Omit<DocumentLinksTable, 'id'> & { id: number };

/**
 * Every refusal of a document link is this one answer, whatever was wrong: a forged or mistyped
 * token, a link of another document or kind, one already used, revoked by a newer sending, or past
 * its time. Nobody learns which, or whether the document exists.
 */
export const documentLinkRefused = () => new AppError(410, CLIENT_DECISION_MESSAGES.linkRefused, 'LINK_USED');

export interface IssuedLink {
  token: string;
  row: DocumentLinkRow;
}

/**
 * A fresh link to one document for its client contact, in the caller's transaction (the sending's):
 * links sent earlier for the same document die with it, so only the newest mail decides.
 */
export async function issueDocumentLink(
  db: Executor,
  input: { companyId: number; kind: DocumentKind; entityId: number; contactEmail: string; contactName: string | null; createdBy: number | null },
): Promise<IssuedLink> {
  const token = randomToken();
  const now = new Date();
  await revokeDocumentLinks(db, input.kind, input.entityId);
  const row = (await db
    .insertInto('document_links')
    .values({
      company_id: input.companyId,
      entity_type: input.kind,
      entity_id: input.entityId,
      token_hash: hashToken(token),
      contact_email: input.contactEmail,
      contact_name: input.contactName,
      expires_at: new Date(now.getTime() + DOCUMENT_LINK_LIFETIME_MS).toISOString(),
      used_at: null,
      revoked_at: null,
      created_by: input.createdBy,
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as DocumentLinkRow;
  return { token, row };
}

/** Ends every open link of a document (a new sending, a decision made another way, a cancellation). */
export async function revokeDocumentLinks(db: Executor, kind: DocumentKind, entityId: number): Promise<void> {
  await db
    .updateTable('document_links')
    .set({ revoked_at: nowIso() })
    .where('entity_type', '=', kind)
    .where('entity_id', '=', entityId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The open link a token names for a document of this kind: unused, unrevoked, unexpired, its company not deleted; 410 otherwise. */
export async function openDocumentLink(db: Executor, kind: DocumentKind, token: string): Promise<DocumentLinkRow> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw documentLinkRefused();
  const row = (await db
    .selectFrom('document_links as l')
    .innerJoin('companies as c', 'c.id', 'l.company_id')
    .selectAll('l')
    .where('l.token_hash', '=', hashToken(token))
    .where('l.entity_type', '=', kind)
    .where('l.used_at', 'is', null)
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', nowIso())
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst()) as DocumentLinkRow | undefined;
  if (!row) throw documentLinkRefused();
  return row;
}

/**
 * Uses the link up, in the decision's transaction: conditional on its still being open, so of two
 * decisions through one link (two tabs, a double tap) only the first passes; the other is refused.
 */
export async function consumeDocumentLink(db: Executor, link: DocumentLinkRow): Promise<void> {
  const result = await db
    .updateTable('document_links')
    .set({ used_at: nowIso() })
    .where('id', '=', link.id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw documentLinkRefused();
}

/** The newest link sent for a document (used or not): where and when it went, for "Waiting for …". */
export async function lastDocumentLink(db: Executor, kind: DocumentKind, entityId: number): Promise<DocumentLinkRow | undefined> {
  return (await db
    .selectFrom('document_links')
    .selectAll()
    .where('entity_type', '=', kind)
    .where('entity_id', '=', entityId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()) as DocumentLinkRow | undefined;
}
