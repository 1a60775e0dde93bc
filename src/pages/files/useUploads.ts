import { useNotification } from '@refinedev/core';
import { useCallback, useRef, useState } from 'react';
import { FILE_MESSAGES } from '../../../resources/files';
import { uploadInto } from './files-api';
import type { UploadEntry } from './UploadPanel';

/**
 * Uploads into a folder with a progress bar per file. Files over the server's limit are refused here
 * without sending; of the errors the server reports, the first is shown (spec 01 §5).
 */
export function useUploads(maxMb: number | null, onUploaded: (folderId: number) => void) {
  const { open: notify } = useNotification();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const seq = useRef(0);

  const upload = useCallback(
    async (folderId: number, chosen: File[]) => {
      const limit = maxMb === null ? Infinity : maxMb * 1024 * 1024;
      const tooLarge = chosen.filter((f) => f.size > limit);
      const sending = chosen.filter((f) => f.size <= limit);
      if (tooLarge.length && maxMb !== null) notify?.({ type: 'error', message: FILE_MESSAGES.tooLarge(maxMb), key: 'files-too-large' });
      if (!sending.length) return;
      const batch = sending.map((f) => ({ id: `u${++seq.current}`, name: f.name, percent: 0, done: false }));
      const ids = new Set(batch.map((b) => b.id));
      const update = (fn: (e: UploadEntry, i: number) => UploadEntry) =>
        setEntries((all) => {
          let i = 0;
          return all.map((e) => (ids.has(e.id) ? fn(e, i++) : e));
        });
      setEntries((all) => [...all.filter((e) => !e.done), ...batch]);
      try {
        const answer = await uploadInto(folderId, sending, maxMb, (percents) => update((e, i) => ({ ...e, percent: percents[i] ?? e.percent })));
        const refused = new Map(answer.errors.map((er) => [er.filename, er.message]));
        update((e) => ({ ...e, done: true, percent: 100, error: answer.files.some((f) => f.filename === e.name) ? undefined : refused.get(e.name) }));
        if (answer.errors.length) notify?.({ type: 'error', message: answer.errors[0].message, key: 'files-upload-error' });
        if (answer.files.length) notify?.({ type: 'success', message: FILE_MESSAGES.fileAdded, key: 'files-added' });
        if (answer.files.length) onUploaded(folderId);
      } catch (err) {
        const message = (err as Error).message;
        update((e) => ({ ...e, done: true, error: message }));
        notify?.({ type: 'error', message, key: 'files-upload-error' });
      }
    },
    [maxMb, notify, onUploaded],
  );

  return { entries, upload, dismiss: () => setEntries((all) => all.filter((e) => !e.done)) };
}
