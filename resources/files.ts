import { z } from 'zod';
import { id } from './id.js';
import { text } from './text.js';

/**
 * The file manager's contract (spec 01 §2, §3 "File and folder", §7 "Files and folders", §8, §9;
 * spec 02 §7 "Files and editors"): folders and files of the active company, with permissions per
 * folder and per file that sub-folders and files inherit unless set on them.
 */

/** Spec 01 §8, word for word. */
export const FILE_MESSAGES = {
  fileDeleted: 'File deleted successfully',
  folderDeleted: 'Folder deleted successfully',
  fileUpdated: 'File updated successfully',
  folderUpdated: 'Folder updated successfully',
  folderAdded: 'Folder added successfully',
  fileAdded: 'File added successfully',
  fileRenamed: 'File renamed successfully',
  /** Ours: the spec's upload errors are "not shown" beyond "the first message is shown as an error". */
  tooLarge: (maxMb: number) => `The file is too large: at most ${maxMb} MB`,
  nameRequired: 'Name is required',
  nameLength: 'Name must be at most 255 characters',
  nameInvalid: 'Name must not contain / or \\, or be . or ..',
  nameTaken: 'A folder of that name is already here',
  moveIntoItself: 'A folder cannot be moved into itself or one of its sub-folders',
  rootFixed: "The company's root folder cannot be renamed, moved or deleted",
} as const;

/** Spec 01 §9. */
export const NEW_FOLDER_NAME = 'New Folder';

/**
 * A folder or file name as people type it: trimmed, no path separators, no control characters, not
 * `.` or `..`. Stored names never reach a file system path (objects are stored under generated keys),
 * so this is about names that read well and never pretend to be paths.
 */
export const nodeName = text({ error: FILE_MESSAGES.nameRequired })
  .trim()
  .min(1, FILE_MESSAGES.nameRequired)
  .max(255, FILE_MESSAGES.nameLength)
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[/\\\u0000-\u001f\u007f]/.test(v) && v !== '.' && v !== '..', FILE_MESSAGES.nameInvalid);

export const PERMISSION_LEVELS = ['view', 'manage'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];
export const PERMISSION_LEVEL_LABELS: Record<PermissionLevel, string> = { view: 'Can view', manage: 'Can manage' };

export const PERMISSION_SUBJECTS = ['role', 'member'] as const;
export type PermissionSubject = (typeof PERMISSION_SUBJECTS)[number];

/** One grant on a folder or file: a role or a member (membership id) may view or manage it. */
export interface NodePermission {
  subjectType: PermissionSubject;
  subjectId: number;
  /** The role's or member's name, for the permission dialog. */
  subjectName: string;
  level: PermissionLevel;
}

/** Who may see a node: its own grants, or (when it has none) the grants it inherits and from where. */
export interface NodeAccess {
  /** Grants set on this node; empty when it inherits. */
  permissions: NodePermission[];
  /** The folder whose grants apply when this node has none of its own; null when nothing restricts it. */
  inheritedFrom: { id: number; name: string } | null;
  /** Whether the caller may rename, move, delete, upload into and set permissions on it. */
  canManage: boolean;
}

export interface FolderView extends NodeAccess {
  id: number;
  companyId: number;
  /** Null for the company's root folder. */
  parentId: number | null;
  name: string;
  /** Set on a project's folder (projects land later). */
  projectId: number | null;
  isRoot: boolean;
  /** Set in search answers: the parent folder's name (null for the root), to show where it is. */
  parentName?: string | null;
  createdBy: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface FileView extends NodeAccess {
  id: number;
  companyId: number;
  folderId: number;
  /** The folder's name, to show where a file found by search is. */
  folderName?: string;
  /** The name shown and renamed (spec: name). */
  name: string;
  /** The name the file was uploaded with (spec: filename). */
  filename: string;
  /** Decided from the bytes, not from what the browser claimed. */
  contentType: string;
  /** Bytes. */
  length: number;
  uploadDate: string;
  updatedAt: string;
  uploadedBy: { id: number; name: string } | null;
  /** How many earlier versions are kept (an edited image keeps its original). */
  previousVersions: number;
  /**
   * A signed link to the bytes (streams with Range, ETag and Content-Disposition), valid for an hour:
   * usable in <img>, <video>, react-pdf and download links, which cannot send the session header.
   */
  url: string;
  /** The same link asking for a download (Content-Disposition: attachment). */
  downloadUrl: string;
}

export interface Breadcrumb {
  id: number;
  name: string;
}

/** GET /folders/folderId/{id} and GET /folders/root (spec 01 §7). */
export interface FolderAnswer {
  folder: FolderView;
  /** The visible sub-folders, by name. */
  folders: FolderView[];
  /** Root first, the folder itself last. */
  breadcrumbs: Breadcrumb[];
}

/** POST /folders: name defaults to 'New Folder' (with " (2)", " (3)"... when taken). */
export const createFolderBody = z.object({
  name: nodeName.optional(),
  parentId: id(),
});
export type CreateFolderInput = z.output<typeof createFolderBody>;

/** PATCH /folders/{id}: rename and/or move. */
export const updateFolderBody = z.object({ name: nodeName, parentId: id() }).partial().strict();
export type UpdateFolderInput = z.output<typeof updateFolderBody>;

/** PATCH /filesNew/secured/{id} (spec: "rename with filename, or other updates"): rename and/or move. */
export const updateFileBody = z.object({ filename: nodeName, folderId: id() }).partial().strict();
export type UpdateFileInput = z.output<typeof updateFileBody>;

/** GET /filesNew/search/ and /folders/search/: a substring of the name, matched ignoring ASCII case. */
export const searchQuery = z.object({
  substring: text().trim().min(1, 'Type something to search for').max(255),
  _start: text().optional(),
  _end: text().optional(),
});

/** POST /folder/file/permission/{id} (spec: permission, action, type folder or file). */
export const setPermissionBody = z.object({
  type: z.enum(['folder', 'file'], { error: 'type must be folder or file' }),
  action: z.enum(['add', 'remove', 'inherit'], { error: 'action must be add, remove or inherit' }),
  /** Required for add and remove; `inherit` drops every grant set on the node. */
  permission: z
    .object({
      subjectType: z.enum(PERMISSION_SUBJECTS, { error: 'subjectType must be role or member' }),
      subjectId: id(),
      level: z.enum(PERMISSION_LEVELS, { error: 'level must be view or manage' }).default('view'),
    })
    .optional(),
});
export type SetPermissionInput = z.output<typeof setPermissionBody>;

/** POST /filesNew answer: the files stored and the ones refused with the reason (spec 01 §5: the client shows the first). */
export interface UploadAnswer {
  files: FileView[];
  errors: Array<{ filename: string; message: string }>;
}
