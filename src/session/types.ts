import type { OwnUserView, UserMembership, UserView } from '../../resources/user-view';

/** The user object of GET /users/me, as the shared contract in resources/ declares it. */
export type SessionUser = OwnUserView;
/** The user object of the other account answers (login, register, reset): without the masked SSN and licence. */
export type AccountUser = UserView;
export type Membership = UserMembership;
