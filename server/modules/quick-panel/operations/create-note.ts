import { createNoteBody } from '../../../../resources/quick-panel.js';
import { defineRoute } from '../../../http/route.js';
import { createNote } from '../notes.js';

export const createNoteRoute = defineRoute({
  method: 'POST',
  url: '/quick-panel/notes',
  access: 'user',
  status: 201,
  summary: 'Adds a note of the caller\'s: { title, detail }; at most 100 notes (409 beyond)',
  tags: ['quick-panel'],
  body: createNoteBody,
  handler: ({ actor, services, body }) => createNote(services, actor, body),
});
