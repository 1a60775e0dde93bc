import { loginUser } from './operations/login.js';
import { logoutUser } from './operations/logout.js';
import { getMe } from './operations/me.js';
import { registerUser } from './operations/register.js';

export const userRoutes = [registerUser, loginUser, logoutUser, getMe];
