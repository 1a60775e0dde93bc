import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../api/http';

/** Puts the server's per-field messages under their fields and answers the overall message for the form's notice. */
export function showServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string {
  const apiError = err as ApiError;
  for (const d of apiError.details ?? []) {
    if (fields.includes(d.field)) setError(d.field as Path<T>, { type: 'server', message: d.message });
  }
  return apiError.message;
}
