import { useSyncExternalStore } from 'react';

/** Below this width a list is shown as cards: a table's fixed columns would leave no room for the rest. */
export const CARD_LIST_MAX_WIDTH = 600;

const query = `(max-width: ${CARD_LIST_MAX_WIDTH - 0.02}px)`;

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * Whether the window is narrower than `CARD_LIST_MAX_WIDTH`, read synchronously on the first render
 * (antd's `Grid.useBreakpoint` answers only after an effect, so a phone would draw the table first).
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
