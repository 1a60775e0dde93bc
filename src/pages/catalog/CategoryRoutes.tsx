import { Route, Routes } from 'react-router';
import { CategoriesPage } from './CategoriesPage';

/** catalog/categories: the tree, with its create and edit dialogs at their own URLs. */
export function CategoryRoutes() {
  return (
    <Routes>
      <Route index element={<CategoriesPage />} />
      <Route path="create" element={<CategoriesPage dialog="create" />} />
      <Route path=":id/edit" element={<CategoriesPage dialog="edit" />} />
    </Routes>
  );
}
