/** Query keys of announcements; every change invalidates `ANNOUNCEMENTS_KEY` (admin and reader lists). */
export const ANNOUNCEMENTS_KEY = ['announcements'] as const;
