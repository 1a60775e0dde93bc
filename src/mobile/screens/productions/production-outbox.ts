import { outbox } from '../../../offline/outbox';
import type { ProductionTexts } from '../../../../resources/production';
import type { FormPart, JsonValue, OutboxEntry } from '../../../offline/outbox-entry';
import { type OutboxRef, refsIn } from '../../../offline/references';

/** A photo taken on the phone, resized, waiting to go with its item. */
export interface NewPhoto {
  key: string;
  blob: Blob;
  name: string;
  /** An object URL for the thumbnail. */
  url: string;
}

/** An item as the create and add-items calls take it, quantities as typed text (never a float). */
export interface ItemBody {
  budgetItemId: number;
  quantity: string;
  description?: string;
  stationId?: number | null;
}

/** POST /production/project/{projectId}'s body as the phone sends it. */
type CreateBody = { crewId: number; date: string; items: ItemBody[]; texts: Record<string, string>; taskId?: number };

const CREATE_PATH = /^\/production\/project\/(\d+)$/;

const ref = ($ref: string, field: string): OutboxRef => ({ $ref, field });

function photoForm(photos: NewPhoto[]): { form: FormPart[] } {
  return { form: photos.map((p) => ({ name: 'file', file: p.blob, filename: p.name })) };
}

function enqueuePhotos(path: Array<string | OutboxRef> | string, photos: NewPhoto[], label: string) {
  if (!photos.length) return Promise.resolve(null);
  return outbox.enqueue({ label: `${label}: ${photos.length === 1 ? 'photo' : `${photos.length} photos`}`, method: 'POST', path, body: photoForm(photos) });
}

/**
 * A new production in one call with its items, then each item's photos (their paths name the
 * created item by its place in the answer, whose items come in the order sent), then the submit:
 * in this order on the phone, sent in this order when there is a connection.
 */
export async function enqueueNewProduction(args: { projectId: number; label: string; body: CreateBody; photos: NewPhoto[][]; submit: boolean }): Promise<OutboxEntry> {
  const created = await outbox.enqueue({ label: args.label, method: 'POST', path: `/production/project/${args.projectId}`, body: args.body as unknown as JsonValue });
  for (const [index, photos] of args.photos.entries()) {
    const item = args.body.items[index];
    if (item) await enqueuePhotos(['/production/item/', ref(created.id, `items.${index}.id`), '/files'], photos, args.label);
  }
  if (args.submit) await outbox.enqueue({ label: `${args.label}: submit`, method: 'PATCH', path: ['/production/', ref(created.id, 'id'), '/submit'] });
  return created;
}

/** Changes to a draft that has an id: the day's texts, quantities, notes and stations, new items with their photos, photos of items, then the submit. */
export async function enqueueDraftChanges(args: {
  productionId: number;
  label: string;
  texts: ProductionTexts | null;
  quantities: Array<{ id: number; quantity: string }>;
  itemChanges: Array<{ id: number; change: { description?: string | null; stationId?: number | null } }>;
  added: ItemBody[];
  addedPhotos: NewPhoto[][];
  photos: Array<{ itemId: number; photos: NewPhoto[] }>;
  submit: boolean;
}) {
  const base = `/production/${args.productionId}`;
  if (args.texts) await outbox.enqueue({ label: `${args.label}: the day`, method: 'PATCH', path: base, body: { texts: args.texts } as unknown as JsonValue });
  if (args.quantities.length) await outbox.enqueue({ label: `${args.label}: quantities`, method: 'PATCH', path: `${base}/items`, body: { items: args.quantities } });
  for (const { id, change } of args.itemChanges) await outbox.enqueue({ label: `${args.label}: item`, method: 'PATCH', path: `/production/item/${id}`, body: change });
  if (args.added.length) {
    const added = await outbox.enqueue({ label: `${args.label}: items added`, method: 'POST', path: `${base}/items`, body: { items: args.added as unknown as JsonValue } });
    // The answer lists every item of the production, the new ones last.
    for (const [index, photos] of args.addedPhotos.entries()) {
      await enqueuePhotos(['/production/item/', ref(added.id, `items.${index - args.added.length}.id`), '/files'], photos, args.label);
    }
  }
  for (const { itemId, photos } of args.photos) await enqueuePhotos(`/production/item/${itemId}/files`, photos, args.label);
  if (args.submit) await outbox.enqueue({ label: `${args.label}: submit`, method: 'PATCH', path: `${base}/submit` });
}

/** An item of a draft taken out, with its photos. */
export const enqueueItemRemoval = (itemId: number, label: string) => outbox.enqueue({ label, method: 'DELETE', path: `/production/item/${itemId}` });

export const enqueueAmend = (productionId: number, label: string) => outbox.enqueue({ label: `${label}: amend`, method: 'POST', path: `/production/${productionId}/amend` });

/** A production created on this phone that the server has not accepted yet. */
export function isWaitingCreation(entry: OutboxEntry): boolean {
  return entry.method === 'POST' && typeof entry.path === 'string' && CREATE_PATH.test(entry.path);
}

/** The entries about one production: its own paths, those of its items, and those that wait on them (photos of items added). */
export function entriesOfProduction(entries: OutboxEntry[], productionId: number, itemIds: number[]): OutboxEntry[] {
  const own = `/production/${productionId}`;
  const items = new Set(itemIds.map((id) => `/production/item/${id}`));
  const found = new Set<string>();
  for (const e of entries) {
    if (typeof e.path === 'string') {
      const path = e.path.replace(/\/files$/, '');
      if (path === own || path.startsWith(`${own}/`) || items.has(path)) found.add(e.id);
    } else if ([...refsIn(e.path)].some((id) => found.has(id))) found.add(e.id);
  }
  return entries.filter((e) => found.has(e.id));
}

/** What a waiting creation says about itself, for its card. */
export function creationSummary(entry: OutboxEntry): { date: string; itemCount: number } {
  const body = (entry.body ?? {}) as { date?: string; items?: unknown[] };
  return { date: body.date ?? '', itemCount: body.items?.length ?? 0 };
}
