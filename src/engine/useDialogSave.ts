import { useCreate, useUpdate } from '@refinedev/core';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ResourceDef } from '../../resources/engine';
import type { ApiError } from '../api/http';
import type { resourceMeta } from './resource-meta';

interface DialogSaveOptions<T extends FieldValues> {
  def: ResourceDef;
  meta: ReturnType<typeof resourceMeta>;
  /** The row being edited; none creates one. */
  id?: string;
  fields: readonly string[];
  setError: UseFormSetError<T>;
  onSaved: (savedId?: string | number) => void;
  /** Places a refusal the per-field details do not cover. */
  onRefused?: (error: ApiError) => void;
}

/** Creates or updates a row from a dialog's form, with the resource's own success message; a refusal lands under its fields and in `failure`. */
export function useDialogSave<T extends FieldValues>({ def, meta, id, fields, setError, onSaved, onRefused }: DialogSaveOptions<T>) {
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (values: T) => {
    setFailure(null);
    const common = { resource: def.name, values, meta: { ...meta, quiet: true }, errorNotification: false as const };
    try {
      const saved =
        id !== undefined
          ? await update({ ...common, id, successNotification: { message: def.messages.saved, type: 'success' } })
          : await create({ ...common, successNotification: { message: def.messages.created, type: 'success' } });
      onSaved(saved.data.id);
    } catch (err) {
      const apiError = err as ApiError;
      // 'members.2' names the third entry of a list field; the message says which one.
      for (const d of apiError.details ?? []) {
        const field = d.field.split('.')[0]!;
        if (fields.includes(field)) setError(field as Path<T>, { message: d.message });
      }
      onRefused?.(apiError);
      setFailure(apiError.message);
    }
  };
  return { save, failure };
}
