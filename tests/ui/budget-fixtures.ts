import { fireEvent } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { Budget, BudgetItem, BudgetReview, ChangeOrder, ExternalBudgetReview } from '../../resources/budget';
import type { Project } from '../../resources/project';
import { fakeUser } from './fixtures';

const stamp = '2026-03-01T10:00:00.000Z';

export const project: Project = {
  id: 5,
  companyId: 7,
  companyName: 'Acme Paving',
  projectName: 'Main Street Repaving',
  code: 'MS-1',
  projectNumber: null,
  address: null,
  country: 'US',
  state: 'TX',
  city: 'Austin',
  startDate: null,
  endDate: null,
  clientId: 40,
  clientName: 'City Of Austin',
  clientEmail: null,
  projectId: null,
  parentName: null,
  powoNumber: null,
  timezone: 'America/Chicago',
  marketId: null,
  marketName: null,
  isSinglePart: false,
  requireQuantityOnPDFDraw: false,
  taskBasedProduction: false,
  pdfScaleFactor: null,
  boundariesSettings: {},
  mapSettings: {},
  scheduleSettings: {},
  lat: null,
  lng: null,
  status: 'active',
  suspendedShutdownReason: null,
  suspendStart: null,
  suspendEnd: null,
  suspendReason: null,
  folderId: 90,
  budgetId: 11,
  subProjectCount: 0,
  relation: 'owner',
  canManage: true,
  createdAt: stamp,
  updatedAt: stamp,
};

export const budget = (overrides: Partial<Budget> = {}): Budget => ({
  id: 11,
  projectId: 5,
  companyId: 7,
  status: 'draft',
  singlePart: false,
  retainagePercent: 10,
  profitabilityPercent: 12.5,
  itemCount: 2,
  total: '13579.50',
  retainage: '1357.95',
  profit: '1697.44',
  submittedAt: null,
  approvedAt: null,
  canManage: true,
  myPendingReviewId: null,
  createdAt: stamp,
  updatedAt: stamp,
  ...overrides,
});

export const budgetItem = (overrides: Partial<BudgetItem> = {}): BudgetItem => ({
  id: 101,
  budgetId: 11,
  itemId: 31,
  itemName: 'Asphalt Overlay',
  itemCode: 'AO-2',
  unit: 'ton',
  categoryId: 1,
  categoryName: 'Paving',
  reportWeight: false,
  quantity: 10,
  price: '1234.50',
  amount: '12345.00',
  description: null,
  changeOrderCount: 0,
  pendingChangeOrders: 0,
  drawings: 0,
  planEvidence: null,
  createdAt: stamp,
  updatedAt: stamp,
  ...overrides,
});

export const review = (overrides: Partial<BudgetReview> = {}): BudgetReview => ({
  id: 3,
  budgetId: 11,
  memberId: 10,
  reviewerCompanyId: 40,
  reviewerName: 'Rita Reviewer',
  reviewerEmail: 'rita@austin.example',
  status: 'pending',
  statusReason: null,
  signed: false,
  signedAt: null,
  signerName: null,
  decidedAt: null,
  createdAt: stamp,
  ...overrides,
});

export const changeOrder = (overrides: Partial<ChangeOrder> = {}): ChangeOrder => ({
  id: 61,
  number: 1,
  budgetId: 11,
  budgetItemId: 101,
  itemName: 'Asphalt Overlay',
  status: 'sent',
  quantity: 12,
  price: '1250.00',
  amount: '15000.00',
  reportWeight: false,
  description: 'Two more tons at the corner',
  requestFromParent: false,
  message: null,
  previousQuantity: null,
  previousPrice: null,
  sentAt: stamp,
  decidedAt: null,
  createdAt: stamp,
  updatedAt: stamp,
  canDecide: true,
  contact: null,
  contactRequired: false,
  turn: null,
  decisions: [],
  moves: ['accept', 'sendBack'],
  ...overrides,
});

export const catalogItem = { id: 31, companyId: 7, name: 'Asphalt Overlay', code: 'AO-2', unit: 'ton', categoryId: 1, categoryName: 'Paving' };

export const externalReview = (overrides: Partial<ExternalBudgetReview['review']> = {}): ExternalBudgetReview => ({
  review: { id: 3, status: 'pending', reviewerName: 'Rita Reviewer', reviewerEmail: 'rita@austin.example', statusReason: null, ...overrides },
  project: { id: 5, projectName: 'Main Street Repaving', code: 'MS-1', companyName: 'Acme Paving', clientName: 'City Of Austin' },
  budget: { id: 11, status: 'submitted', singlePart: false, retainagePercent: 10, profitabilityPercent: 12.5, itemCount: 2, total: '13579.50', retainage: '1357.95', profit: '1697.44' },
  items: [
    { id: 101, itemName: 'Asphalt Overlay', itemCode: 'AO-2', unit: 'ton', quantity: 10, price: '1234.50', amount: '12345.00', description: null, drawings: 0, planEvidence: null },
    { id: 102, itemName: 'Stop Bar', itemCode: null, unit: 'ft', quantity: 3, price: '411.50', amount: '1234.50', description: 'North crossing', drawings: 0, planEvidence: null },
  ],
  pdfAvailableUntil: null,
});

export const list = <T>(rows: T[]) => HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
export const refused = (status: number, message: string) =>
  HttpResponse.json({ error: { statusCode: status, message, code: status === 409 ? 'ILLEGAL_TRANSITION' : 'GONE' }, statusCode: status, message }, { status });

/** What a signed-in owner of company 7 reads on the project page's budget section. */
export function budgetHandlers(state: { budget: Budget; items: BudgetItem[]; reviews: BudgetReview[]; changeOrders: ChangeOrder[] }) {
  const base = '/api/v1/projects/5/budgets/11';
  return [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
    http.get('/api/v1/projects/5', () => HttpResponse.json(project)),
    http.get(base, () => HttpResponse.json(state.budget)),
    http.get(`${base}/items/company`, () => list(state.items)),
    http.get(`${base}/reviews`, () => list(state.reviews)),
    http.get(`${base}/change-orders`, () => list(state.changeOrders)),
    http.get(`${base}/comments`, () => list([])),
    http.get('/api/v1/items', () => list([catalogItem])),
  ];
}

/**
 * jsdom has no canvas: a 2D context that draws nothing, and a PNG for what was "drawn", so the real
 * signature_pad runs its pointer handling against them.
 */
export function stubCanvas() {
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : key === 'measureText' ? () => ({ width: 10 }) : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  const proto = HTMLCanvasElement.prototype as unknown as Record<string, unknown>;
  const saved = { getContext: proto.getContext, toDataURL: proto.toDataURL };
  proto.getContext = () => ctx;
  // The PNG signature and an empty IHDR start: enough for the upload to carry real PNG bytes.
  proto.toDataURL = () => 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  return () => Object.assign(proto, saved);
}

/** A stroke across the pad, as a finger or mouse would draw it. */
export function drawOn(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { pointerId: 1, buttons: 1, clientX: 10, clientY: 10 });
  for (const x of [30, 60, 90]) fireEvent.pointerMove(window, { pointerId: 1, buttons: 1, clientX: x, clientY: 20 + x / 3 });
  fireEvent.pointerUp(window, { pointerId: 1, buttons: 0, clientX: 100, clientY: 40 });
}

/**
 * The parts the client puts in its multipart uploads. jsdom's XHR does not carry a file's bytes, name
 * or type to the (msw) server, so what was sent is read where the form is built.
 */
export function parts(): Array<[string, FormDataEntryValue]> {
  const seen: Array<[string, FormDataEntryValue]> = [];
  const append = FormData.prototype.append;
  vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, name: string, value: string | Blob, filename?: string) {
    seen.push([name, value as FormDataEntryValue]);
    Reflect.apply(append, this, filename === undefined ? [name, value] : [name, value, filename]);
  });
  return seen;
}

/** The upload held one file part: signature.png, an image/png starting with the PNG signature. */
export async function expectPngPart(sent: Array<[string, FormDataEntryValue]>) {
  const files = sent.filter(([, v]) => typeof v !== 'string');
  expect(files).toHaveLength(1);
  const [name, file] = files[0]! as [string, File];
  expect(name).toBe('file');
  expect(file.name).toBe('signature.png');
  expect(file.type).toBe('image/png');
  const bytes = new Uint8Array(await file.arrayBuffer());
  expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
}
