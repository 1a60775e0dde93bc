import { Route, Routes } from 'react-router';
import { items } from '../../../resources/items';
import { ResourceListPage } from '../../engine/ResourceListPage';
import { ResourceShowPage } from '../../engine/ResourceShowPage';
import { useResource } from '../../engine/useResource';
import { CatalogImportButton } from './CatalogImportDialog';
import { ItemFormDialog } from './ItemFormDialog';

/** items: the engine's grid and show page, with the item's own dialog (client, market, icon upload). */
export function ItemRoutes() {
  const { canManage } = useResource(items);
  // Importing writes the catalog: offered with items:manage, like New Item.
  const actions = canManage ? <CatalogImportButton /> : undefined;
  return (
    <Routes>
      <Route index element={<ResourceListPage def={items} form={ItemFormDialog} actions={actions} />} />
      <Route path="create" element={<ResourceListPage def={items} form={ItemFormDialog} dialog="create" actions={actions} />} />
      <Route path=":id/edit" element={<ResourceListPage def={items} form={ItemFormDialog} dialog="edit" actions={actions} />} />
      <Route path=":id" element={<ResourceShowPage def={items} />} />
    </Routes>
  );
}
