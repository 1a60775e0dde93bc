import { changePassword } from './operations/change-password.js';
import { confirmEmail } from './operations/confirm-email.js';
import { createView } from './operations/create-view.js';
import { deleteView } from './operations/delete-view.js';
import { forgotPassword } from './operations/forgot-password.js';
import { loginUser } from './operations/login.js';
import { logoutUser } from './operations/logout.js';
import { getMe } from './operations/me.js';
import { registerInvitedUser } from './operations/register-invited.js';
import { registerUser } from './operations/register.js';
import { resetPassword } from './operations/reset-password.js';
import { revealOwnSensitiveFields } from './operations/reveal-sensitive.js';
import { setDefaultCompany } from './operations/set-default-company.js';
import { setShortcuts } from './operations/set-shortcuts.js';
import { updateMe } from './operations/update-me.js';
import { updateView } from './operations/update-view.js';
import { uploadProfilePicture } from './operations/upload-picture.js';

export const userRoutes = [
  registerUser,
  registerInvitedUser,
  loginUser,
  logoutUser,
  forgotPassword,
  resetPassword,
  getMe,
  updateMe,
  revealOwnSensitiveFields,
  confirmEmail,
  changePassword,
  setDefaultCompany,
  setShortcuts,
  createView,
  updateView,
  deleteView,
  uploadProfilePicture,
];
