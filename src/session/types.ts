import type { UserMembership, UserView } from '../../resources/user-view';

/** The user object of GET /users/me, as the shared contract in resources/ declares it. */
export type SessionUser = UserView;
export type Membership = UserMembership;
