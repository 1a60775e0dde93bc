import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { FolderPage } from './FolderPage';
import { SearchPage } from './SearchPage';

// The preview is its own chunk: pdf.js loads only when a PDF is shown.
const PreviewPage = lazy(() => import('./PreviewPage').then((m) => ({ default: m.PreviewPage })));

/** files/:folderId?, files/search and files/preview/:fileId/:projectId (spec 01 §2). */
export function FileRoutes() {
  return (
    <Routes>
      <Route index element={<FolderPage />} />
      <Route path="search" element={<SearchPage />} />
      <Route path="preview/:fileId/:projectId?" element={<PreviewPage />} />
      <Route path=":folderId" element={<FolderPage />} />
    </Routes>
  );
}
