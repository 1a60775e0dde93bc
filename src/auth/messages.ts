/** Session messages, word for word from spec 01 §8. */
export const SESSION_EXPIRED = 'Session has expired. Please log in.';
export const SESSION_UNRECOVERABLE = 'Cannot recover session. Please log in.';
export const NO_PERMISSION = 'You do not have the necessary permissions to perform this action.';
