import { acceptInvitation } from './operations/accept-invitation.js';
import { bulkImportMembers } from './operations/bulk-import-members.js';
import { createMember } from './operations/create-member.js';
import { declineInvitation } from './operations/decline-invitation.js';
import { deleteMember } from './operations/delete-member.js';
import { getInvitation } from './operations/get-invitation.js';
import { getMember } from './operations/get-member.js';
import { listMembers } from './operations/list-members.js';
import { revealMemberSensitiveFields } from './operations/reveal-member-sensitive.js';
import { listCategoryOptions, listCrewOptions, listPeopleOptions } from './operations/member-options.js';
import { updateMember } from './operations/update-member.js';

export const memberRoutes = [
  listMembers,
  createMember,
  bulkImportMembers,
  getMember,
  revealMemberSensitiveFields,
  updateMember,
  deleteMember,
  getInvitation,
  acceptInvitation,
  declineInvitation,
  listCrewOptions,
  listCategoryOptions,
  listPeopleOptions,
];
