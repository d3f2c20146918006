import './announcement-content.css';

/**
 * Announcement HTML as the server stored it: it went through the server's allow-list sanitiser, so
 * it is put into the page as it is (no script, event handler or javascript: link can be in it).
 */
export function AnnouncementContent({ html }: { html: string }) {
  return (
    <div
      className="announcement-content"
      style={{ lineHeight: 1.7, wordBreak: 'break-word', overflowWrap: 'anywhere' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before storage
      dangerouslySetInnerHTML={{ __html: html }}
      data-testid="announcement-content"
    />
  );
}
