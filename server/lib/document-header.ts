import { buffer } from 'node:stream/consumers';
import type { Executor } from '../db/index.js';
import type { Services } from '../services.js';
import { publicIdOf } from '../storage/file-store.js';
import { MARGIN, WIDTH, type Writer } from './pdf-writer.js';

/** An uploaded logo's bytes, as pdf-lib embeds them. */
export interface Logo {
  bytes: Uint8Array;
  png: boolean;
}

/**
 * The issuer's uploaded logo (PNG or JPEG), when it has one in the file store; a logo at any other
 * address is left out. Read through `db`: a document rendered inside a transaction (a sending) must
 * not wait for another connection, which on SQLite is the one the transaction holds.
 */
export async function logoBytes(services: Services, db: Executor, url: string | null): Promise<Logo | null> {
  const publicId = publicIdOf(url);
  if (!publicId) return null;
  const file = await db.selectFrom('files').select(['object_name', 'content_type']).where('public_id', '=', publicId).executeTakeFirst();
  if (!file || !['image/png', 'image/jpeg'].includes(file.content_type)) return null;
  const stream = await services.storage.read(file.object_name);
  return stream ? { bytes: new Uint8Array(await buffer(stream)), png: file.content_type === 'image/png' } : null;
}

/** What the top of a project document (the signed budget, a change order) prints, the same on each. */
export interface DocumentHeader {
  title: string;
  issuerName: string;
  logo: Logo | null;
  project: { name: string; code: string; number: string | null; powoNumber: string | null };
  clientName: string | null;
}

interface HeaderProject {
  company_id: number;
  client_id: number | null;
  client_name: string | null;
  project_name: string;
  code: string;
  project_number: string | null;
  powo_number: string | null;
}

/** The header of a document of this project: the company that runs it (with its logo) and its client, a platform company or typed on the project. */
export async function documentHeaderOf(services: Services, db: Executor, project: HeaderProject, title: string): Promise<DocumentHeader> {
  const [issuer, client] = await Promise.all([
    db.selectFrom('companies').select(['name', 'logo_url']).where('id', '=', project.company_id).executeTakeFirstOrThrow(),
    project.client_id === null ? undefined : db.selectFrom('companies').select('name').where('id', '=', project.client_id).executeTakeFirst(),
  ]);
  return {
    title,
    issuerName: issuer.name,
    logo: await logoBytes(services, db, issuer.logo_url),
    project: { name: project.project_name, code: project.code, number: project.project_number, powoNumber: project.powo_number },
    clientName: client?.name ?? project.client_name,
  };
}

/** Draws the header on the current page: the logo at the top right, the title, the project, its numbers, the issuer and the client. */
export async function drawDocumentHeader(w: Writer, h: DocumentHeader): Promise<void> {
  if (h.logo) {
    const logo = h.logo;
    const image = await (logo.png ? w.doc.embedPng(logo.bytes) : w.doc.embedJpg(logo.bytes)).catch(() => null);
    if (image) {
      const scale = Math.min(1, 160 / image.width, 56 / image.height);
      const height = Math.max(1, image.height * scale);
      w.page.drawImage(image, { x: MARGIN + WIDTH - image.width * scale, y: w.y - height + 10, width: Math.max(1, image.width * scale), height });
    }
  }
  w.line(h.title, { size: 18, bold: true });
  w.line(h.project.name, { size: 13, bold: true });
  const numbers = [`Project code: ${h.project.code}`];
  if (h.project.number) numbers.push(`Project number: ${h.project.number}`);
  if (h.project.powoNumber) numbers.push(`PO/WO: ${h.project.powoNumber}`);
  w.line(numbers.join(' · '));
  w.line(`Company: ${h.issuerName}`);
  w.line(`Client: ${h.clientName ?? '-'}`);
}
