import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { mono } from './deposit-cells';

/** A value to send or to send to, in full (wrapping on a phone), with a copy button. */
export function CopyField({ value, testId, large }: { value: string; testId: string; large?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(value)) void message.success(t('recharge.copied'));
  };
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text
        strong={large}
        style={{ ...mono, fontSize: large ? 22 : 15, wordBreak: 'break-all' }}
        data-testid={testId}
      >
        {value}
      </Typography.Text>
      <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid={`${testId}-copy`}>
        {t('recharge.copy')}
      </Button>
    </Flex>
  );
}
