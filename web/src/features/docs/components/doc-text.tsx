import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** `code` and **bold** spans of one paragraph; everything else is plain text (never HTML). */
function inline(text: string): ReactNode[] {
  let offset = 0;
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part) => {
    // Where the part starts in the paragraph: a key that says which part it is.
    const key = offset;
    offset += part.length;
    if (part.length > 1 && part.startsWith('`') && part.endsWith('`')) {
      return (
        <Typography.Text key={key} code>
          {part.slice(1, -1)}
        </Typography.Text>
      );
    }
    if (part.length > 3 && part.startsWith('**') && part.endsWith('**')) {
      return (
        <Typography.Text key={key} strong>
          {part.slice(2, -2)}
        </Typography.Text>
      );
    }
    return part;
  });
}

/**
 * An operation's description as the server writes it: paragraphs split by blank lines, the lines of
 * one paragraph joined (the English texts are wrapped in the source), with `code` and **bold**.
 */
export function DocText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
  return (
    <div data-testid="docs-description">
      {paragraphs.map((paragraph) => (
        <Typography.Paragraph key={paragraph} style={{ marginBottom: 8, overflowWrap: 'anywhere' }}>
          {inline(paragraph)}
        </Typography.Paragraph>
      ))}
    </div>
  );
}
