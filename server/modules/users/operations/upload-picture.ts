import { defineRoute } from '../../../http/route.js';
import { readImageUpload } from '../../../storage/image-upload.js';
import { setProfilePicture } from '../picture-service.js';

export const uploadProfilePicture = defineRoute({
  method: 'POST',
  url: '/users/me/files',
  access: 'user',
  summary: 'Upload a profile picture (multipart: type=profilePicture, file); answers { user }',
  tags: ['users'],
  handler: async ({ actor, services, req }) => setProfilePicture(services, actor, await readImageUpload(services, req, 'profilePicture')),
});
