import { Grid } from 'antd';
import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand';
import { LanguageToggle } from '../../../components/language-toggle';

/**
 * The frame of the login and register pages. `aside` (the login page's `login_side` ads) stands
 * beside the card on wide screens and below it on narrower ones, so the form stays first and
 * full-width. The ads arrive after the form is drawn, so the card's place never depends on them:
 * it sits in the middle cell of a three-column (wide) or three-row (narrow) grid and the aside
 * fills a side cell. A card that jumped when an ad loaded would move the button under a finger
 * (or a browser test's click) that was already on its way.
 */
export function AuthCard({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const wide = useAsideBeside();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        // One column of at most 400px that may shrink: an auto column would keep the card 400px
        // wide on a 390px phone and scroll the page sideways.
        gridTemplateColumns: wide ? 'minmax(0, 1fr) minmax(0, 400px) minmax(0, 1fr)' : 'minmax(0, 400px)',
        gridTemplateRows: wide ? 'auto' : 'minmax(0, 1fr) auto minmax(0, 1fr)',
        columnGap: 32,
        rowGap: 16,
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #e6f4ff 0%, #f0f5ff 50%, #f9f0ff 100%)',
        padding: 16,
        // the padding inside the 100vh, or every login page scrolls by 32px
        boxSizing: 'border-box',
      }}
    >
      <div style={{ position: 'fixed', top: 12, right: 16 }}>
        <LanguageToggle />
      </div>
      {/* A plain panel, not antd's Card: Card pulls in Tabs, which the login page never shows. */}
      <div
        data-testid="auth-card"
        style={{
          gridColumn: wide ? 2 : 1,
          gridRow: wide ? 1 : 2,
          width: '100%',
          boxSizing: 'border-box',
          padding: 24,
          background: '#fff',
          borderRadius: 8,
          boxShadow: '0 8px 24px rgba(0,0,0,0.08)',
        }}
      >
        <div style={{ textAlign: 'center', marginBottom: 8 }}>
          <Brand />
        </div>
        <h2 style={{ textAlign: 'center', margin: '8px 0 24px', fontWeight: 500 }}>{title}</h2>
        {children}
      </div>
      {aside && (
        <aside
          data-testid="auth-aside"
          style={{
            gridColumn: wide ? 3 : 1,
            gridRow: wide ? 1 : 3,
            alignSelf: wide ? 'center' : 'start',
            width: '100%',
            maxWidth: 360,
          }}
        >
          {aside}
        </aside>
      )}
    </div>
  );
}

/** Whether the aside stands beside the card: from `lg`, where a side cell is wide enough for an ad. */
export function useAsideBeside(): boolean {
  return Grid.useBreakpoint().lg === true;
}
