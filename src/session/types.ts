import type { OwnUserView, UserView } from '../../server/modules/users/user-view';

/** The user object of GET /users/me, typed from the server's own serializer. */
export type SessionUser = OwnUserView;
/** The user object of the other account answers (login, register, reset): without the masked SSN and licence. */
export type AccountUser = UserView;
export type Membership = UserView['memberships'][number];
