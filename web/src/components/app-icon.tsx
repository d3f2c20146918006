import { resolveIconUrl } from '@jiema/shared';
import { Avatar } from 'antd';
import { useEffect, useState } from 'react';
import { BRAND_ICONS } from './brand-icons';

type IconApp = { code: string; nameEn: string; iconPath?: string | null };

/** A stable colour for a brand simple-icons does not know: hashed from the code. */
function colourOf(code: string): string {
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h}, 55%, 45%)`;
}

/** Black or white, whichever reads on the brand colour (Snapchat's yellow needs black). */
function inkOn(hex: string): string {
  const n = Number.parseInt(hex, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 170 ? '#000' : '#fff';
}

/** Up to two letters of the name: "Tencent QQ" → TQ, "Google" → G. */
const initials = (name: string) =>
  name
    .replace(/\(.*\)/, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The path of a simple-icons SVG (one path, 24×24 view box). */
const pathOf = (svg: string) => /\sd="([^"]+)"/.exec(svg)?.[1] ?? null;

/**
 * An application's icon: the uploaded one, else its brand mark on the brand's colour (loaded per
 * application), else its initials on the brand's colour; never a grey placeholder.
 */
export function AppIcon({ app, size = 20 }: { app: IconApp; size?: number }) {
  const uploaded = resolveIconUrl(app.iconPath);
  const brand = uploaded ? undefined : BRAND_ICONS[app.code];
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setPath(null);
    brand?.[1]?.()
      .then((m) => live && setPath(pathOf(m.default)))
      .catch(() => undefined); // the initials stay
    return () => {
      live = false;
    };
  }, [brand]);

  if (uploaded) return <Avatar src={uploaded} size={size} shape="square" alt={app.nameEn} />;
  const background = brand ? `#${brand[0]}` : colourOf(app.code);
  const ink = brand ? inkOn(brand[0]) : '#fff';
  return (
    <Avatar
      size={size}
      shape="square"
      style={{ background, color: ink, fontSize: Math.max(10, size * 0.42), flex: 'none' }}
      aria-label={app.nameEn}
      data-testid={`app-icon-${app.code}`}
      data-icon={path ? 'brand' : 'letters'}
    >
      {path ? (
        <svg viewBox="0 0 24 24" width={size * 0.62} height={size * 0.62} style={{ verticalAlign: 'middle' }}>
          <title>{app.nameEn}</title>
          <path d={path} fill={ink} />
        </svg>
      ) : (
        initials(app.nameEn)
      )}
    </Avatar>
  );
}
