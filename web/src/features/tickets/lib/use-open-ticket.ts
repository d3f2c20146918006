import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The ticket open in the drawer, kept in the URL (`?ticket=12`) without touching the list's page. */
export function useOpenTicket(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('ticket')) || null;
  const open = useCallback(
    (id: number | null) => {
      const next = new URLSearchParams(params);
      if (id) next.set('ticket', String(id));
      else next.delete('ticket');
      setParams(next);
    },
    [params, setParams],
  );
  return [openId, open];
}
