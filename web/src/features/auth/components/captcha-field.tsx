import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { Captcha } from '@jiema/shared';
import { Form, Input, Skeleton, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The captcha answer input with its image; clicking the image fetches a new one. */
export function CaptchaField({
  captcha,
  onRefresh,
}: {
  captcha: Captcha | undefined;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item required={captcha?.enabled !== false} label={t('auth.captcha.label')}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="captchaCode"
          noStyle
          rules={
            captcha?.enabled === false ? [] : [{ required: true, message: t('validation.captchaRequired') }]
          }
        >
          <Input
            prefix={<SafetyCertificateOutlined />}
            placeholder={t('auth.captcha.placeholder')}
            maxLength={8}
            autoComplete="off"
            data-testid="captcha-input"
          />
        </Form.Item>
        <Tooltip title={t('auth.captcha.refresh')}>
          {captcha ? (
            <button
              type="button"
              onClick={onRefresh}
              aria-label={t('auth.captcha.refresh')}
              style={{
                border: '1px solid #d9d9d9',
                borderLeft: 0,
                padding: 0,
                background: '#fff',
                cursor: 'pointer',
              }}
            >
              <img
                src={captcha.image}
                alt={t('auth.captcha.alt')}
                width={120}
                height={30}
                data-testid="captcha-image"
              />
            </button>
          ) : (
            <Skeleton.Button active style={{ width: 120 }} />
          )}
        </Tooltip>
      </Space.Compact>
    </Form.Item>
  );
}
