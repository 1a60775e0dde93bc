import { BUDGET_IMPORT_COLUMNS } from '../../../../resources/imports';
import { SheetImportDialog } from '../../../components/sheet-import/SheetImportDialog';
import type { BudgetPaths } from './budget-api';

/** The budget's items from an xlsx or csv (server/modules/imports): previewed, then added in one go. */
export function BudgetImportDialog({ paths, onClose }: { paths: BudgetPaths; onClose: (imported: boolean) => void }) {
  return (
    <SheetImportDialog
      title="Import budget items"
      noun="items"
      previewPath={paths.importPreview}
      importPath={paths.import}
      template="budget-items"
      columns={BUDGET_IMPORT_COLUMNS}
      intro="Each row names a catalog item by its code or its name, with a quantity and a unit price. Items not in the catalog are added to it when you may manage items."
      onClose={onClose}
    />
  );
}
