import type { RecipientInput } from '@jiema/shared';

/** Recipient lists saved in this browser under a name, to send to again. */
export type SavedList = {
  name: string;
  savedAt: string;
  recipientsText: string;
  recipients: RecipientInput[];
};

const KEY = 'jiema.massSms.savedLists';
const MAX_LISTS = 20;

export function loadSavedLists(): SavedList[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SavedList[]) : [];
  } catch {
    return [];
  }
}

/** Saves (or replaces, by name) a list; the oldest go once there are more than 20. */
export function saveList(list: SavedList): SavedList[] {
  const next = [list, ...loadSavedLists().filter((l) => l.name !== list.name)].slice(0, MAX_LISTS);
  localStorage.setItem(KEY, JSON.stringify(next));
  return next;
}

export function deleteSavedList(name: string): SavedList[] {
  const next = loadSavedLists().filter((l) => l.name !== name);
  localStorage.setItem(KEY, JSON.stringify(next));
  return next;
}
