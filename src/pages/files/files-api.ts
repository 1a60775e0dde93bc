import type { FileView, FolderAnswer, FolderView, SetPermissionInput, UploadAnswer } from '../../../resources/files';
import { FILE_MESSAGES } from '../../../resources/files';
import { apiFetch } from '../../api/http';
import { useServerInfo } from '../../api/server-info';
import { uploadFile } from '../../api/upload';

/** A folder or a file as the screen handles them: one key space for selection and drag and drop. */
export type Node = { kind: 'folder'; item: FolderView } | { kind: 'file'; item: FileView };
export const nodeKey = (n: Node) => `${n.kind}:${n.item.id}`;

export const FILES_PAGE = 200;

/** The screens show a folder that cannot be loaded in place, so these reads are quiet. */
export const loadFolder = (folderId?: number) =>
  apiFetch<FolderAnswer>(folderId ? `/folders/folderId/${folderId}` : '/folders/root', { quiet: true }).then((r) => r.data);

export async function loadFiles(folderId: number, end = FILES_PAGE) {
  const { data, headers } = await apiFetch<FileView[]>(`/filesNew/folderId/${folderId}?_start=0&_end=${end}&_sort=name&_order=asc`, { quiet: true });
  return { files: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export async function search(substring: string) {
  const q = encodeURIComponent(substring);
  const [files, folders] = await Promise.all([
    apiFetch<FileView[]>(`/filesNew/search/?substring=${q}`, { quiet: true }).then((r) => r.data),
    apiFetch<FolderView[]>(`/folders/search/?substring=${q}`, { quiet: true }).then((r) => r.data),
  ]);
  return { files, folders };
}

export const createFolder = (parentId: number) =>
  apiFetch<FolderView>('/folders', { method: 'POST', body: { parentId } }).then((r) => r.data);

/** Renames and moves answer their own errors (a taken name is shown at the field). */
export function renameNode(node: Node, name: string) {
  return node.kind === 'folder'
    ? apiFetch(`/folders/${node.item.id}`, { method: 'PATCH', body: { name }, quiet: true })
    : apiFetch(`/filesNew/secured/${node.item.id}`, { method: 'PATCH', body: { filename: name }, quiet: true });
}

export function moveNode(node: Node, folderId: number) {
  return node.kind === 'folder'
    ? apiFetch(`/folders/${node.item.id}`, { method: 'PATCH', body: { parentId: folderId } })
    : apiFetch(`/filesNew/secured/${node.item.id}`, { method: 'PATCH', body: { folderId } });
}

export const deleteNode = (node: Node) =>
  apiFetch(node.kind === 'folder' ? `/folders/${node.item.id}` : `/filesNew/${node.item.id}`, { method: 'DELETE' });

export const loadFile = (id: number) => apiFetch<FileView>(`/filesNew/secured/${id}`, { quiet: true }).then((r) => r.data);

export function setPermission(node: Node, body: Omit<SetPermissionInput, 'type'>) {
  return apiFetch<FolderView | FileView>(`/folder/file/permission/${node.item.id}`, { method: 'POST', body: { type: node.kind, ...body } }).then(
    (r) => r.data,
  );
}

export function uploadInto(folderId: number, files: File[], maxMb: number | null, onFileProgress: (percents: number[]) => void) {
  return uploadFile<UploadAnswer>('/filesNew', { folderId: String(folderId) }, files, undefined, {
    maxBytes: maxMb === null ? undefined : maxMb * 1024 * 1024,
    tooLargeMessage: maxMb === null ? undefined : FILE_MESSAGES.tooLarge(maxMb),
    onFileProgress,
  });
}

/** The server's upload limit in MB (GET /health's maxUploadMb); null until known or when it does not say. */
export const useMaxUploadMb = (): number | null => useServerInfo().maxUploadMb;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}

export type FileKind = 'image' | 'pdf' | 'video' | 'audio' | 'sheet' | 'doc' | 'archive' | 'other';

export function fileKind(contentType: string): FileKind {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType.startsWith('audio/')) return 'audio';
  if (/spreadsheet|excel|csv/.test(contentType)) return 'sheet';
  if (/word|opendocument\.text|rtf|^text\//.test(contentType)) return 'doc';
  if (/zip|x-tar|gzip|x-7z|rar/.test(contentType)) return 'archive';
  return 'other';
}

export const KIND_LABELS: Record<FileKind, string> = {
  image: 'Image',
  pdf: 'PDF',
  video: 'Video',
  audio: 'Audio',
  sheet: 'Spreadsheet',
  doc: 'Document',
  archive: 'Archive',
  other: 'File',
};

export const previewPath = (file: FileView, projectId: number | null) => `/files/preview/${file.id}${projectId ? `/${projectId}` : ''}`;
