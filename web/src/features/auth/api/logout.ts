import { request } from '../../../lib/http';
import { sessionStore } from '../../../lib/session-store';

/** Spec §4: logout calls the server and clears local data whatever the outcome. */
export async function logout(): Promise<void> {
  try {
    await request<null>({ url: '/api/authSms/logout', method: 'POST', meta: { silent: true } });
  } catch {
    // the local session is cleared regardless
  } finally {
    sessionStore.clear();
  }
}
