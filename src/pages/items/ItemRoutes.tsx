import { Route, Routes } from 'react-router';
import { items } from '../../../resources/items';
import { ResourceListPage } from '../../engine/ResourceListPage';
import { ResourceShowPage } from '../../engine/ResourceShowPage';
import { ItemFormDialog } from './ItemFormDialog';

/** items: the engine's grid and show page, with the item's own dialog (client, market, icon upload). */
export function ItemRoutes() {
  return (
    <Routes>
      <Route index element={<ResourceListPage def={items} form={ItemFormDialog} />} />
      <Route path="create" element={<ResourceListPage def={items} form={ItemFormDialog} dialog="create" />} />
      <Route path=":id/edit" element={<ResourceListPage def={items} form={ItemFormDialog} dialog="edit" />} />
      <Route path=":id" element={<ResourceShowPage def={items} />} />
    </Routes>
  );
}
