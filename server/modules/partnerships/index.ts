import { acceptInvitation } from './operations/accept-invitation.js';
import { addMarket } from './operations/add-market.js';
import { addPartner } from './operations/add-partner.js';
import { acceptRequest, declineRequest } from './operations/answer-request.js';
import { createPartner } from './operations/create-partner.js';
import { declineInvitation } from './operations/decline-invitation.js';
import { deletePartnership } from './operations/delete-partnership.js';
import { getPartnershipBetween } from './operations/get-partnership-between.js';
import { getPartnership } from './operations/get-partnership.js';
import { invitationDetails } from './operations/invitation-details.js';
import { invitePartner } from './operations/invite-partner.js';
import { listPartnerships } from './operations/list-partnerships.js';
import { removeMarket } from './operations/remove-market.js';
import { searchCompanies } from './operations/search-companies.js';
import { searchMarkets } from './operations/search-markets.js';

export const partnershipRoutes = [
  listPartnerships,
  getPartnership,
  getPartnershipBetween,
  addPartner,
  invitePartner,
  createPartner,
  deletePartnership,
  acceptRequest,
  declineRequest,
  invitationDetails,
  acceptInvitation,
  declineInvitation,
  searchMarkets,
  addMarket,
  removeMarket,
  searchCompanies,
];
