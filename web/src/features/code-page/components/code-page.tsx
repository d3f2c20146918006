import { CheckCircleFilled, CopyOutlined, LoadingOutlined, WifiOutlined } from '@ant-design/icons';
import type { CodeItem } from '@jiema/shared';
import { App, Button, Card, Flex, Result, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LanguageToggle } from '../../../components/language-toggle';
import { copyText } from '../../../lib/clipboard';
import { type LinkState, watchCodeLink } from '../api/watch-code-link';

const pad = (n: number) => String(n).padStart(2, '0');

function timeLeft(expiresAt: string, now: number): string | null {
  const s = Math.floor((Date.parse(expiresAt) - now) / 1000);
  if (s <= 0) return null;
  const d = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return d > 0 ? `${d}d ${clock}` : clock;
}

function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function CopyText({
  text,
  label,
  testId,
  primary = false,
}: {
  text: string;
  label: string;
  testId: string;
  primary?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      size={primary ? 'large' : 'middle'}
      icon={<CopyOutlined />}
      data-testid={testId}
      onClick={() =>
        void copyText(text).then((ok) =>
          ok ? message.success(t('code-page.copied')) : message.error(t('code-page.copyFailed')),
        )
      }
    >
      {label}
    </Button>
  );
}

function NumberCard({ item, index, now }: { item: CodeItem; index: number; now: number }) {
  const { t, i18n } = useTranslation();
  const left = timeLeft(item.expiresAt, now);
  const open = item.status === 'active';
  return (
    <Card data-testid={`code-card-${index}`} styles={{ body: { padding: 16 } }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong style={{ fontSize: 16 }} data-testid="code-application">
          {item.applicationName}
        </Typography.Text>
        <Tag color={open ? 'green' : 'default'}>{t(`code-page.status.${item.status}`)}</Tag>
      </Flex>
      <Flex align="center" gap={8} wrap style={{ marginTop: 12 }}>
        <Typography.Text style={{ fontFamily: 'monospace', fontSize: 20 }} data-testid="code-number">
          {item.phoneNumber}
        </Typography.Text>
        <CopyText text={item.phoneNumber} label={t('code-page.copyNumber')} testId={`copy-number-${index}`} />
      </Flex>
      <Typography.Text type="secondary" data-testid="code-time-left">
        {left ? t('code-page.timeLeft', { time: left }) : t('code-page.ended')}
      </Typography.Text>
      <div
        style={{
          marginTop: 16,
          padding: 16,
          borderRadius: 8,
          background: item.code ? '#f6ffed' : '#fafafa',
          textAlign: 'center',
        }}
      >
        {item.code ? (
          <>
            <Typography.Text type="success">
              <CheckCircleFilled /> {t('code-page.codeArrived')}
            </Typography.Text>
            <div
              data-testid={`code-value-${index}`}
              style={{
                fontFamily: 'monospace',
                fontSize: 44,
                fontWeight: 700,
                letterSpacing: 4,
                lineHeight: 1.3,
                wordBreak: 'break-all',
              }}
            >
              {item.code}
            </div>
            <CopyText
              text={item.code}
              label={t('code-page.copyCode')}
              testId={`copy-code-${index}`}
              primary
            />
          </>
        ) : (
          <Space direction="vertical" size={4} data-testid={`code-waiting-${index}`}>
            {open ? <Spin indicator={<LoadingOutlined spin />} /> : null}
            <Typography.Text type="secondary">
              {open
                ? item.waitingForAnother
                  ? t('code-page.waitingAnother')
                  : t('code-page.waiting')
                : t('code-page.noCode')}
            </Typography.Text>
          </Space>
        )}
      </div>
      {item.text ? (
        <div style={{ marginTop: 12 }}>
          <Typography.Text type="secondary">
            {t('code-page.fullText')}
            {item.sender ? ` · ${item.sender}` : ''}
            {item.receivedAt ? ` · ${new Date(item.receivedAt).toLocaleString(i18n.language)}` : ''}
          </Typography.Text>
          <Typography.Paragraph
            style={{ marginTop: 4, marginBottom: 0, whiteSpace: 'pre-wrap' }}
            data-testid={`code-text-${index}`}
          >
            {item.text}
          </Typography.Paragraph>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * `/code/<token>`: the page behind every code link, for the people resellers hand links to. No
 * login; phone-first; the number, application, time left, the code large with a copy button and the
 * full text, kept live by long-polling the link itself.
 */
export default function CodePage() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<LinkState>({ phase: 'loading' });
  const now = useNow();

  useEffect(() => {
    const controller = new AbortController();
    void watchCodeLink(token, () => i18n.language, setState, controller.signal);
    return () => controller.abort();
  }, [token, i18n]);

  useEffect(() => {
    document.title = t('code-page.title');
  }, [t]);

  return (
    <div style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <Flex
        justify="space-between"
        align="center"
        style={{ padding: '8px 12px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}
      >
        <Flex align="center" gap={8}>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <Typography.Text strong>{t('code-page.title')}</Typography.Text>
        </Flex>
        <LanguageToggle />
      </Flex>
      <main style={{ maxWidth: 560, margin: '0 auto', padding: 12 }}>
        {state.phase === 'loading' ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : state.phase === 'invalid' ? (
          <Result
            status="404"
            title={t('code-page.invalid')}
            subTitle={t('code-page.invalidHint')}
            data-testid="code-invalid"
          />
        ) : (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            {state.answer.kind !== 'rental' ? (
              <Typography.Text type="secondary">
                {state.answer.groupName ?? state.answer.orderNo} ·{' '}
                {t('code-page.numbers', { count: state.answer.items.length })}
              </Typography.Text>
            ) : null}
            {state.answer.items.map((item, index) => (
              <NumberCard key={item.phoneNumber} item={item} index={index} now={now} />
            ))}
            {state.answer.items.length === 0 ? <Result status="info" title={t('code-page.empty')} /> : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="code-live">
              <WifiOutlined />{' '}
              {state.limited
                ? t('code-page.limited')
                : state.live
                  ? t('code-page.live')
                  : t('code-page.offline')}
            </Typography.Text>
          </Space>
        )}
      </main>
    </div>
  );
}
