import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand';
import { LanguageToggle } from '../../../components/language-toggle';

/** The frame of the login and register pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        // One column of at most 400px that may shrink: an auto column would keep the card 400px
        // wide on a 390px phone and scroll the page sideways.
        gridTemplateColumns: 'minmax(0, 400px)',
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
    </div>
  );
}
