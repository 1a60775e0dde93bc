import type { OwnUserView, UserView } from '../../server/modules/users/user-view';

/** The user object of GET /users/me, typed from the server's own serializer. */
export type SessionUser = OwnUserView;
export type Membership = UserView['memberships'][number];
