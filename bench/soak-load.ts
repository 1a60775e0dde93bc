// The soak's load (issue 22): connections that each loop over a weighted mix of what people do all
// day in every area, reads about 70 % of the requests. A record that a flow moves (a production being
// billed, an open invoice, a task) is taken out of its shared pool by one connection while it works
// on it, so two connections never race for it: every answer has one expected status, and anything
// else (a 409 included) is an error.
import { pick } from './measure.js';
import http from 'node:http';
import { headersOf, sheetOf, type Person, type SoakWorld } from './soak-seed.js';

export type Kind =
  | 'productionsPage'
  | 'productionView'
  | 'billablePage'
  | 'invoicesPage'
  | 'invoiceView'
  | 'tasksPage'
  | 'taskView'
  | 'folderFiles'
  | 'filesSearch'
  | 'chatList'
  | 'chatOpen'
  | 'productionCreate'
  | 'productionSubmit'
  | 'productionApprove'
  | 'invoiceCreate'
  | 'invoiceSend'
  | 'invoiceCancel'
  | 'taskCreate'
  | 'taskMove'
  | 'chatSend'
  | 'fileUpload'
  | 'fileDelete';

export const WRITES: ReadonlySet<Kind> = new Set([
  'productionCreate',
  'productionSubmit',
  'productionApprove',
  'invoiceCreate',
  'invoiceSend',
  'invoiceCancel',
  'taskCreate',
  'taskMove',
  'chatSend',
  'fileUpload',
  'fileDelete',
]);

export interface Recorder {
  record(kind: Kind, ms: number, problem: string | null): void;
}

/** Where a task goes next: started, finished, reopened into progress (each a legal move, resources/task.ts). */
const NEXT_STATUS: Record<string, string> = { open: 'progress', progress: 'completed', completed: 'progress' };
/** Files kept in the folder: beyond this an upload's connection also deletes the oldest, so the folder stays a working size. */
const FOLDER_FILES = 40;

const page = (size: number, pages: number) => {
  const start = Math.floor(Math.random() * pages) * size;
  return `_start=${start}&_end=${start + size}`;
};

/**
 * A request on a keep-alive agent of `sockets` connections: node:http rather than fetch, whose pool
 * opens extra sockets when a response is not yet released and keeps them for the server's keep-alive
 * time, which showed as a step in the server's open descriptors that was the bench's, not the server's.
 */
function send(agent: http.Agent, url: string, method: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: body ? { ...headers, 'content-length': String(body.length) } : headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A multipart body of one small text file, folderId first, as the file manager sends it. */
function fileForm(folderId: number, name: string) {
  const boundary = `----soak${Math.random().toString(16).slice(2)}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n${folderId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n` +
      `${`Daily notes of ${name}\n`.repeat(40)}\r\n--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One connection's requests to one server process: each timed, its status checked, its body parsed. */
function client(agent: http.Agent, baseUrl: string, world: SoakWorld, recorder: Recorder) {
  return async (kind: Kind, method: string, path: string, expect: number, opts: { who?: Person; body?: unknown; form?: { body: Buffer; contentType: string } } = {}) => {
    const headers: Record<string, string> = headersOf(world, opts.who ?? world.owner);
    let body: Buffer | undefined;
    if (opts.form) {
      headers['content-type'] = opts.form.contentType;
      body = opts.form.body;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify(opts.body));
    }
    const started = performance.now();
    try {
      const res = await send(agent, `${baseUrl}/api/v1${path}`, method, headers, body);
      const ms = performance.now() - started;
      if (res.status !== expect) {
        recorder.record(kind, ms, `${method} ${path} answered ${res.status} (expected ${expect}): ${res.text.slice(0, 300)}`);
        return null;
      }
      recorder.record(kind, ms, null);
      return res.text ? JSON.parse(res.text) : {};
    } catch (err) {
      recorder.record(kind, performance.now() - started, `${method} ${path} failed: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  };
}

type Call = ReturnType<typeof client>;
type Action = (call: Call, world: SoakWorld) => Promise<void>;

const billingOf = (productions: Array<{ id: number; itemIds: number[] }>) => productions.map((p) => ({ id: p.id, items: p.itemIds.map((id) => ({ id })) }));

/** The mix: an action's weight is how often a connection picks it. */
const ACTIONS: Array<{ weight: number; run: Action }> = [
  // Reads: the lists as their grids ask them (a filter and one of the first pages) and records opened.
  { weight: 10, run: (call, w) => call('productionsPage', 'GET', `/production?projectId=${w.projectId}&status=${pick(['approved', 'draft', 'submitted'])}&${page(25, 3)}&_sort=date&_order=desc`, 200) },
  { weight: 8, run: (call, w) => call('productionView', 'GET', `/production/${pick(w.productionIds)}`, 200) },
  { weight: 4, run: (call, w) => call('billablePage', 'GET', `/billable-productions/${w.projectId}?${page(25, 2)}`, 200) },
  { weight: 6, run: (call, w) => call('invoicesPage', 'GET', `/invoices?projectId=${w.projectId}&${pick(['', 'status=submit&', 'status=cancelled&'])}${page(25, 2)}`, 200) },
  { weight: 5, run: (call, w) => call('invoiceView', 'GET', `/invoices/${pick(w.invoices).id}`, 200) },
  { weight: 8, run: (call, w) => call('tasksPage', 'GET', `/tasks?projectId=${w.projectId}&status=${pick(['open', 'progress', 'completed'])}&${page(25, 2)}`, 200) },
  { weight: 6, run: (call, w) => call('taskView', 'GET', `/tasks/${pick(w.tasks).id}`, 200) },
  { weight: 6, run: (call, w) => call('folderFiles', 'GET', `/filesNew/folderId/${w.folderId}?${page(50, 2)}&_sort=${pick(['name', 'uploadDate'])}&_order=asc`, 200) },
  { weight: 3, run: (call) => call('filesSearch', 'GET', `/filesNew/search/?substring=${pick(['soak', 'notes', 'seed 1'])}&_start=0&_end=50`, 200) },
  { weight: 4, run: (call, w) => call('chatList', 'GET', '/chat/user', 200, { who: pick(pick(w.chats).people) }) },
  {
    weight: 5,
    run: async (call, w) => {
      const [me, other] = pick(w.chats).people;
      await call('chatOpen', 'GET', `/chat/get-chat?contactId=${other.userId}&limit=50`, 200, { who: me });
    },
  },
  // Writes.
  {
    // A crew's day recorded with one to three items, submitted and approved: billable from then on.
    weight: 3,
    run: async (call, w) => {
      const { crewId, date } = sheetOf(w, w.nextSheet++);
      const items = w.budgetItemIds.slice(0, 1 + Math.floor(Math.random() * 3)).map((budgetItemId) => ({ budgetItemId, quantity: (1 + Math.random() * 50).toFixed(3) }));
      const created = await call('productionCreate', 'POST', `/production/project/${w.projectId}`, 201, { body: { crewId, date, items } });
      if (!created) return;
      w.productionIds.push(created.id);
      if (!(await call('productionSubmit', 'PATCH', `/production/${created.id}/submit`, 200))) return;
      const approved = await call('productionApprove', 'POST', `/production/${created.id}/approve`, 200, { body: {} });
      if (approved) w.billable.push({ id: created.id, itemIds: (approved.items as Array<{ id: number }>).map((i) => i.id) });
    },
  },
  {
    // An invoice of one to three billable productions: sent at once, or made a draft and then sent.
    weight: 2,
    run: async (call, w) => {
      const billed = w.billable.splice(0, 1 + Math.floor(Math.random() * 3));
      if (!billed.length) return;
      const direct = Math.random() < 0.5;
      const invoice = await call('invoiceCreate', 'POST', `/invoices/${w.companyId}`, 201, { body: { projectId: w.projectId, status: direct ? 'submit' : 'draft', productions: billingOf(billed) } });
      if (!invoice) return void w.billable.push(...billed);
      if (!direct && !(await call('invoiceSend', 'PATCH', `/invoices/${invoice.id}/send`, 200))) return;
      w.invoices.push({ id: invoice.id, productions: billed });
    },
  },
  {
    // The oldest open invoice cancelled: its productions are billable again, so the pool never runs dry.
    weight: 2,
    run: async (call, w) => {
      const open = w.invoices.findIndex((i) => i.productions.length > 0);
      if (open < 0) return;
      const invoice = w.invoices[open]!;
      const freed = invoice.productions;
      invoice.productions = [];
      if (await call('invoiceCancel', 'POST', `/invoices/${invoice.id}/cancelled`, 200, { body: { reason: 'Billed on the month-end invoice instead' } })) w.billable.push(...freed);
    },
  },
  {
    weight: 3,
    run: async (call, w) => {
      const task = await call('taskCreate', 'POST', `/projects/${w.projectId}/tasks`, 201, {
        body: { summary: `Locate and mark ${Math.floor(Math.random() * 900) + 100} ft`, crewId: pick(w.crewIds), priority: pick(['low', 'normal', 'high']), items: [{ budgetItemId: pick(w.budgetItemIds), quantity: '25' }] },
      });
      if (task) w.tasks.push({ id: task.id, status: task.status });
    },
  },
  {
    weight: 4,
    run: async (call, w) => {
      const free = w.tasks.filter((t) => t.status in NEXT_STATUS);
      const task = free.length ? pick(free) : null;
      if (!task) return;
      const from = task.status;
      task.status = 'moving'; // taken: no other connection picks it until it has moved
      const moved = await call('taskMove', 'PATCH', `/tasks/${task.id}`, 200, { body: { status: NEXT_STATUS[from] } });
      task.status = moved ? moved.status : from;
    },
  },
  {
    weight: 5,
    run: async (call, w) => {
      const chat = pick(w.chats);
      const who = pick(chat.people);
      await call('chatSend', 'POST', '/chat/send-message', 201, { who, body: { chatId: chat.id, message: { who: who.userId, message: pick(['On site', 'Trench open to station 12', 'Need two more cones', 'Done for today']) } } });
    },
  },
  {
    weight: 3,
    run: async (call, w) => {
      const name = `soak notes ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}.txt`;
      const uploaded = await call('fileUpload', 'POST', '/filesNew', 201, { form: fileForm(w.folderId, name) });
      if (!uploaded) return;
      w.fileIds.push(...(uploaded.files as Array<{ id: number }>).map((f) => f.id));
      if (w.fileIds.length > FOLDER_FILES) await call('fileDelete', 'DELETE', `/filesNew/${w.fileIds.shift()}`, 204);
    },
  },
];

const TOTAL_WEIGHT = ACTIONS.reduce((sum, a) => sum + a.weight, 0);

function nextAction(): Action {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const a of ACTIONS) if ((r -= a.weight) < 0) return a.run;
  return ACTIONS.at(-1)!.run;
}

/** `connections` loops, split evenly over the servers (one keep-alive socket each), until `until` (ms since the epoch); in-flight actions finish. */
export async function runLoad(baseUrls: string[], world: SoakWorld, connections: number, until: number, recorder: Recorder): Promise<void> {
  const agents = baseUrls.map(() => new http.Agent({ keepAlive: true, maxSockets: Math.ceil(connections / baseUrls.length) }));
  try {
    await Promise.all(
      Array.from({ length: connections }, async (_, i) => {
        const call = client(agents[i % agents.length]!, baseUrls[i % baseUrls.length]!, world, recorder);
        while (Date.now() < until) await nextAction()(call, world);
      }),
    );
  } finally {
    for (const agent of agents) agent.destroy();
  }
}
