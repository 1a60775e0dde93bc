import { noteParams } from '../../../../resources/quick-panel.js';
import { defineRoute } from '../../../http/route.js';
import { deleteNote } from '../notes.js';

export const deleteNoteRoute = defineRoute({
  method: 'DELETE',
  url: '/quick-panel/notes/:id',
  access: 'user',
  summary: "Deletes a note of the caller's; another user's note is a 404",
  tags: ['quick-panel'],
  params: noteParams,
  handler: ({ actor, services, params }) => deleteNote(services, actor, params.id),
});
