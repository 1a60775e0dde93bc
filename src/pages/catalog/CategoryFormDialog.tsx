import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { itemCategories } from '../../../resources/item-categories';
import { ResourceFormDialog } from '../../engine/ResourceFormDialog';
import { CategoryPicker } from './CategoryPicker';
import { subtreeIds, type CategoryNode } from './category-tree';

/**
 * The generic category dialog, with the parent chosen from the tree: when editing, the category
 * itself and its subcategories are not offered, since the server would refuse the loop.
 */
export function CategoryFormDialog({
  id,
  parentId,
  tree,
  onClose,
}: {
  id?: string;
  parentId?: number | null;
  tree: CategoryNode[];
  onClose: (savedId?: string | number) => void;
}) {
  const exclude = useMemo(() => (id ? subtreeIds(tree, Number(id)) : undefined), [id, tree]);
  return (
    <ResourceFormDialog
      def={itemCategories}
      id={id}
      onClose={onClose}
      initialValues={parentId ? { parentId } : undefined}
      renderField={(field, control) =>
        field.name === 'parentId' ? (
          <Controller
            name="parentId"
            control={control}
            render={({ field: input, fieldState }) => (
              <CategoryPicker
                label={field.label}
                placeholder="None: a top-level category"
                value={input.value ?? null}
                onChange={input.onChange}
                error={fieldState.error?.message}
                exclude={exclude}
              />
            )}
          />
        ) : undefined
      }
    />
  );
}
