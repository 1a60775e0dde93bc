import { FILE_MESSAGES } from '../../resources/files.js';
import type { TestServer } from './harness.js';

export const API = '/api/v1';
export { FILE_MESSAGES };

/** A multipart body of several files in one request, as the file manager sends it (folderId first). */
export function filesBody(fields: Record<string, string>, files: Array<{ name: string; type?: string; bytes: Buffer; field?: string }>) {
  const boundary = `----fieldwork${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file[]'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'text/plain'}\r\n\r\n`),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function rootOf(s: TestServer, token: string) {
  const res = await s.call('GET', `${API}/folders/root`, { token });
  if (res.status !== 200) throw new Error(`root: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.folder as { id: number; name: string };
}

export async function newFolder(s: TestServer, token: string, parentId: number, name?: string) {
  const res = await s.call('POST', `${API}/folders`, { token, body: { parentId, ...(name === undefined ? {} : { name }) } });
  if (res.status !== 201) throw new Error(`folder: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string };
}

export async function upload(s: TestServer, token: string, folderId: number, files: Array<{ name: string; bytes: Buffer; type?: string }>) {
  const { body, headers } = filesBody({ folderId: String(folderId) }, files);
  return s.call('POST', `${API}/filesNew`, { token, body, headers });
}

export async function uploadOne(s: TestServer, token: string, folderId: number, name: string, content = `content of ${name}`) {
  const res = await upload(s, token, folderId, [{ name, bytes: Buffer.from(content) }]);
  if (res.status !== 201 || res.body.files.length !== 1) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.files[0] as { id: number; name: string; url: string; downloadUrl: string };
}

export async function roleIdOf(s: TestServer, companyId: number, name: string) {
  const row = await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', companyId).where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export async function membershipIdOf(s: TestServer, companyId: number, userId: number) {
  const row = await s.services.db.selectFrom('memberships').select('id').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.id;
}

export async function objects(s: TestServer) {
  const names: string[] = [];
  for await (const o of s.services.storage.list()) names.push(o.name);
  return names;
}

export const grant = (s: TestServer, token: string, id: number, type: 'folder' | 'file', subjectType: 'role' | 'member', subjectId: number, level: 'view' | 'manage' = 'view') =>
  s.call('POST', `${API}/folder/file/permission/${id}`, { token, body: { type, action: 'add', permission: { subjectType, subjectId, level } } });
