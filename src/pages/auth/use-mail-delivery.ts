import { useEffect, useState } from 'react';
import type { MailDelivery } from '../../../resources/user';
import { apiFetch } from '../../api/http';

/**
 * Whether this server sends mail (GET /health's `mail`), so the reset pages promise an e-mail only when
 * one is sent. null while asking; 'unknown' when the server could not say.
 */
export function useMailDelivery(): MailDelivery | 'unknown' | null {
  const [delivery, setDelivery] = useState<MailDelivery | 'unknown' | null>(null);
  useEffect(() => {
    let live = true;
    apiFetch<{ mail?: MailDelivery }>('/health', { anonymous: true, quiet: true })
      .then(({ data }) => live && setDelivery(data.mail ?? 'unknown'))
      .catch(() => live && setDelivery('unknown'));
    return () => {
      live = false;
    };
  }, []);
  return delivery;
}
