import { noteParams, updateNoteBody } from '../../../../resources/quick-panel.js';
import { defineRoute } from '../../../http/route.js';
import { ownNote, updateNote } from '../notes.js';

export const updateNoteRoute = defineRoute({
  method: 'PATCH',
  url: '/quick-panel/notes/:id',
  access: 'user',
  summary: "Changes a note's title or detail; another user's note is a 404",
  tags: ['quick-panel'],
  params: noteParams,
  body: updateNoteBody,
  guard: ({ services, actor, params }) => ownNote(services, actor, params.id),
  handler: ({ actor, services, params, body }) => updateNote(services, actor, params.id, body),
});
