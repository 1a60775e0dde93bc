/** A message for the login page that survives the redirect there (expired or unrecoverable session). */
const KEY = 'fieldwork.loginNotice';

export function setLoginNotice(message: string): void {
  sessionStorage.setItem(KEY, message);
}

export function takeLoginNotice(): string | null {
  const message = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return message;
}
