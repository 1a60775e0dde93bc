import { createFolder } from './operations/create-folder.js';
import { deleteFile } from './operations/delete-file.js';
import { deleteFolder } from './operations/delete-folder.js';
import { getFile } from './operations/get-file.js';
import { getFolder } from './operations/get-folder.js';
import { getRootFolder } from './operations/get-root-folder.js';
import { listFolderFiles } from './operations/list-folder-files.js';
import { replaceFile } from './operations/replace-file.js';
import { searchFiles } from './operations/search-files.js';
import { searchFolders } from './operations/search-folders.js';
import { setPermission } from './operations/set-permission.js';
import { updateFile } from './operations/update-file.js';
import { updateFolder } from './operations/update-folder.js';
import { uploadFiles } from './operations/upload-files.js';
import { getStaticFile } from './static-file.js';

export const fileRoutes = [
  getRootFolder,
  searchFolders,
  getFolder,
  createFolder,
  updateFolder,
  deleteFolder,
  searchFiles,
  listFolderFiles,
  getFile,
  updateFile,
  uploadFiles,
  replaceFile,
  deleteFile,
  setPermission,
  getStaticFile,
];
