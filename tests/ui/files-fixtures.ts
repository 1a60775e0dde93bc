import { http, HttpResponse } from 'msw';
import { FILE_MESSAGES, NEW_FOLDER_NAME, type FileView, type FolderAnswer, type FolderView, type NodePermission, type UploadAnswer } from '../../resources/files';
import { fakeUser } from './fixtures';

/**
 * An in-memory file manager API for the UI tests, answering as resources/files.ts says: a root with
 * "Site photos" (holding "Week 1" and plan.txt) and a PDF at the top.
 */
export function fileStore() {
  const stamp = '2026-03-01T10:00:00.000Z';
  const access = { permissions: [] as NodePermission[], inheritedFrom: null, canManage: true };
  const folder = (id: number, name: string, parentId: number | null): FolderView => ({
    ...access,
    id,
    companyId: 7,
    parentId,
    name,
    projectId: null,
    isRoot: parentId === null,
    createdBy: { id: 1, name: 'Dana Field' },
    createdAt: stamp,
    updatedAt: stamp,
  });
  const file = (id: number, name: string, folderId: number, contentType: string, length: number): FileView => ({
    ...access,
    id,
    companyId: 7,
    folderId,
    name,
    filename: name,
    contentType,
    length,
    uploadDate: stamp,
    updatedAt: stamp,
    uploadedBy: { id: 1, name: 'Dana Field' },
    previousVersions: 0,
    url: `/api/v1/staticfiles/signed-${id}`,
    downloadUrl: `/api/v1/staticfiles/signed-${id}?download=1`,
  });
  const state = {
    folders: [folder(1, 'Acme Paving', null), folder(2, 'Site photos', 1), folder(3, 'Week 1', 2)],
    files: [file(20, 'plan.txt', 2, 'text/plain', 2048), file(21, 'contract.pdf', 1, 'application/pdf', 300_000)],
    maxUploadMb: 1,
    /** Every call that changed something, as method, path and body. */
    sent: [] as Array<{ method: string; path: string; body: unknown }>,
    uploads: [] as Array<{ fields: string[]; names: string[] }>,
    /** The multipart parts as the client appended them (see recordFormParts). */
    parts: [] as Array<{ field: string; value: string; type: string; size: number }>,
    /** Holds the upload answer until released, to see the bars below 100. */
    gate: null as Promise<void> | null,
    uploadErrors: [] as UploadAnswer['errors'],
    uploadStatus: 200,
    nextId: 100,
  };

  const inheritedFrom = (folderId: number | null): { id: number; name: string } | null => {
    const f = state.folders.find((x) => x.id === folderId);
    if (!f) return null;
    return f.permissions.length ? { id: f.id, name: f.name } : inheritedFrom(f.parentId);
  };
  const view = <T extends FolderView | FileView>(n: T): T =>
    n.permissions.length ? { ...n, inheritedFrom: null } : { ...n, inheritedFrom: inheritedFrom('folderId' in n ? n.folderId : n.parentId) };
  const answer = (id: number): FolderAnswer | null => {
    const f = state.folders.find((x) => x.id === id);
    if (!f) return null;
    const crumbs = [];
    for (let at: FolderView | undefined = f; at; at = state.folders.find((x) => x.id === at!.parentId)) crumbs.unshift({ id: at.id, name: at.name });
    return {
      folder: view(f),
      folders: state.folders.filter((x) => x.parentId === id).map(view).sort((a, b) => a.name.localeCompare(b.name)),
      breadcrumbs: crumbs,
    };
  };
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    state.sent.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
    return text ? JSON.parse(text) : null;
  };
  const notFound = () => HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });

  const handlers = [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
    http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite', mail: 'outbox', maxUploadMb: state.maxUploadMb })),
    http.get('/api/v1/folders/root', () => HttpResponse.json(answer(1))),
    http.get('/api/v1/folders/folderId/:id', ({ params }) => {
      const a = answer(Number(params.id));
      return a ? HttpResponse.json(a) : notFound();
    }),
    http.get('/api/v1/filesNew/folderId/:id', ({ params }) => {
      const rows = state.files.filter((f) => f.folderId === Number(params.id)).map(view);
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
    http.get('/api/v1/filesNew/search/', ({ request }) => {
      const q = new URL(request.url).searchParams.get('substring')!.toLowerCase();
      return HttpResponse.json(state.files.filter((f) => f.name.toLowerCase().includes(q)).map(view));
    }),
    http.get('/api/v1/folders/search/', ({ request }) => {
      const q = new URL(request.url).searchParams.get('substring')!.toLowerCase();
      return HttpResponse.json(state.folders.filter((f) => !f.isRoot && f.name.toLowerCase().includes(q)).map(view));
    }),
    http.get('/api/v1/filesNew/secured/:id', ({ params }) => {
      const f = state.files.find((x) => x.id === Number(params.id));
      return f ? HttpResponse.json(view(f)) : notFound();
    }),
    http.post('/api/v1/folders', async ({ request }) => {
      const body = await record(request, '/folders');
      const taken = (name: string) => state.folders.some((x) => x.parentId === body.parentId && x.name === name);
      let name = body.name ?? NEW_FOLDER_NAME;
      for (let n = 2; taken(name); n++) name = `${body.name ?? NEW_FOLDER_NAME} (${n})`;
      const created = folder(state.nextId++, name, body.parentId);
      state.folders.push(created);
      return HttpResponse.json(view(created), { status: 201 });
    }),
    http.patch('/api/v1/folders/:id', async ({ params, request }) => {
      const body = await record(request, `/folders/${params.id}`);
      const f = state.folders.find((x) => x.id === Number(params.id))!;
      if (body.name && state.folders.some((x) => x.parentId === f.parentId && x.name === body.name && x.id !== f.id)) {
        return HttpResponse.json({ error: { code: 'VALIDATION', message: FILE_MESSAGES.nameTaken } }, { status: 400 });
      }
      Object.assign(f, body.name ? { name: body.name } : {}, body.parentId ? { parentId: body.parentId } : {});
      return HttpResponse.json(view(f));
    }),
    http.patch('/api/v1/filesNew/secured/:id', async ({ params, request }) => {
      const body = await record(request, `/filesNew/secured/${params.id}`);
      const f = state.files.find((x) => x.id === Number(params.id))!;
      Object.assign(f, body.filename ? { name: body.filename } : {}, body.folderId ? { folderId: body.folderId } : {});
      return HttpResponse.json(view(f));
    }),
    http.delete('/api/v1/folders/:id', async ({ params, request }) => {
      await record(request, `/folders/${params.id}`);
      state.folders = state.folders.filter((x) => x.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('/api/v1/filesNew/:id', async ({ params, request }) => {
      await record(request, `/filesNew/${params.id}`);
      state.files = state.files.filter((x) => x.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/v1/filesNew', async () => {
      const parts = state.parts.splice(0);
      const files = parts.filter((p) => p.field === 'file');
      state.uploads.push({ fields: parts.map((p) => p.field), names: files.map((p) => p.value) });
      if (state.gate) await state.gate;
      if (state.uploadStatus !== 200) return HttpResponse.json({ error: { code: 'TOO_LARGE', message: 'Payload too large' } }, { status: state.uploadStatus });
      const refused = new Set(state.uploadErrors.map((e) => e.filename));
      const folderId = Number(parts.find((p) => p.field === 'folderId')?.value);
      const stored = files.filter((p) => !refused.has(p.value)).map((p) => file(state.nextId++, p.value, folderId, p.type, p.size));
      state.files.push(...stored);
      const body: UploadAnswer = { files: stored.map(view), errors: state.uploadErrors };
      return HttpResponse.json(body, { status: 201 });
    }),
    http.post('/api/v1/folder/file/permission/:id', async ({ params, request }) => {
      const body = await record(request, `/folder/file/permission/${params.id}`);
      const n = (body.type === 'folder' ? state.folders : state.files).find((x) => x.id === Number(params.id))!;
      const names: Record<number, string> = { 3: 'Owner', 4: 'Foreman' };
      const same = (p: NodePermission) => p.subjectType === body.permission?.subjectType && p.subjectId === body.permission?.subjectId;
      if (body.action === 'add') n.permissions = [...n.permissions.filter((p) => !same(p)), { ...body.permission, subjectName: names[body.permission.subjectId] }];
      if (body.action === 'remove') n.permissions = n.permissions.filter((p) => !same(p));
      if (body.action === 'inherit') n.permissions = [];
      return HttpResponse.json(view(n as FolderView & FileView));
    }),
    http.get('/api/v1/roles/company/7/all', () =>
      HttpResponse.json(
        [
          { id: 3, name: 'Owner' },
          { id: 4, name: 'Foreman' },
        ],
        { headers: { 'X-Total-Count': '2' } },
      ),
    ),
    http.get('/api/v1/companies/7/memberships/options/people', () =>
      HttpResponse.json([{ id: 10, name: 'Dana Field', email: 'dana@example.com', status: 'accepted', role: 'Owner' }], { headers: { 'X-Total-Count': '1' } }),
    ),
  ];
  return { state, handlers };
}

/**
 * msw's XHR interceptor turns jsdom's FormData into a body without file names or bytes, so the test
 * reads the parts where the client builds them, in the order it appends them.
 */
export function recordFormParts(state: ReturnType<typeof fileStore>['state']) {
  const append = FormData.prototype.append;
  return vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, field: string, value: string | Blob, filename?: string) {
    const blob = typeof value === 'string' ? null : value;
    state.parts.push({ field, value: blob ? (filename ?? 'blob') : value as string, type: blob?.type ?? '', size: blob?.size ?? 0 });
    const call = append as (...args: unknown[]) => void;
    // A third argument, even undefined, makes jsdom want a Blob.
    return blob ? call.call(this, field, blob, filename) : call.call(this, field, value);
  });
}
