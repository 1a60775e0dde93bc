import UploadFile from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import { CATALOG_IMPORT_COLUMNS } from '../../../resources/imports';
import { items } from '../../../resources/items';
import { SheetImportDialog } from '../../components/sheet-import/SheetImportDialog';

/** The catalog grid's Import button and its dialog; the grid loads again after an import. */
export function CatalogImportButton() {
  const [open, setOpen] = useState(false);
  const invalidate = useInvalidate();
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setOpen(true)}>
        Import
      </Button>
      {open && (
        <SheetImportDialog
          title="Import items"
          noun="items"
          previewPath="/items/import/preview"
          importPath="/items/import"
          template="items"
          columns={CATALOG_IMPORT_COLUMNS}
          intro="A row whose code (or, without a code, whose name) is already in the catalog updates that item with the cells filled in; any other row adds an item. The category must be one of your item categories."
          onClose={(imported) => {
            setOpen(false);
            if (imported) void invalidate({ resource: items.name, invalidates: ['list'] });
          }}
        />
      )}
    </>
  );
}
