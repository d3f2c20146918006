import {
  ADJUSTMENT_TYPES,
  type AdjustmentType,
  type AdminUser,
  type BalanceAdjust,
  fromMicros,
  toMicros,
  ZAmountInput,
  ZBalanceAdjust,
} from '@jiema/shared';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/ledger-cells';
import { zodFieldRule } from '../../../lib/form-rules';
import { useAdjustBalance } from '../api/adjust-balance';
import { useUser } from '../api/get-user';
import { newRequestId } from '../lib/request-id';

type Values = Pick<BalanceAdjust, 'type' | 'amount' | 'note'>;

/** The balance after the change, exactly (micro-units), or null while the amount is not valid yet. */
function balanceAfter(balance: string, type: AdjustmentType | undefined, amount: string | undefined) {
  if (!type || !ZAmountInput.safeParse(amount ?? '').success) return null;
  const change = toMicros(amount!.trim());
  return fromMicros(toMicros(balance) + (type === 'deduction' ? -change : change));
}

/**
 * Adds (manual recharge, reward) or removes (deduction) balance with a required note, after a confirmation that shows
 * the balance before and after. One request id per opening: a double click or a retry applies once.
 */
function AdjustBalanceForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [requestId] = useState(newRequestId);
  const [confirming, setConfirming] = useState<Values | null>(null);
  /** Set synchronously, so the second click of a double click is ignored before React re-renders. */
  const inFlight = useRef(false);
  const fresh = useUser(user.userId);
  const adjust = useAdjustBalance();
  const balance = fresh.data?.balance ?? user.balance;
  const type = Form.useWatch('type', form);
  const amount = Form.useWatch('amount', form);
  const preview = balanceAfter(balance, type, amount);
  const after = confirming ? balanceAfter(balance, confirming.type, confirming.amount) : null;
  const negative = after?.startsWith('-') ?? false;

  const submit = () => {
    if (!confirming || negative || inFlight.current) return;
    inFlight.current = true;
    adjust.mutate(
      { id: user.userId, ...confirming, amount: confirming.amount.trim(), requestId },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: (result) => {
          void message.success(
            result.applied
              ? t('users.adjust.done', { balance: result.balanceAfter })
              : t('users.adjust.alreadyApplied', { balance: result.balanceAfter }),
          );
          onClose();
        },
      },
    );
  };

  if (confirming) {
    return (
      <>
        <Descriptions
          bordered
          size="small"
          column={1}
          data-testid="adjust-confirmation"
          items={[
            { key: 'user', label: t('users.adjust.user'), children: `${user.username} (#${user.userId})` },
            {
              key: 'type',
              label: t('users.adjust.type'),
              children: t(`users.adjust.types.${confirming.type}`),
            },
            {
              key: 'before',
              label: t('users.adjust.before'),
              children: (
                <span data-testid="adjust-before">
                  <Money value={balance} /> USDT
                </span>
              ),
            },
            {
              key: 'change',
              label: t('users.adjust.change'),
              children: (
                <Typography.Text
                  type={confirming.type === 'deduction' ? 'danger' : 'success'}
                  data-testid="adjust-change"
                >
                  {confirming.type === 'deduction' ? '-' : '+'}
                  <Money value={fromMicros(toMicros(confirming.amount.trim()))} /> USDT
                </Typography.Text>
              ),
            },
            {
              key: 'after',
              label: t('users.adjust.after'),
              children: (
                <Typography.Text strong type={negative ? 'danger' : undefined} data-testid="adjust-after">
                  <Money value={after ?? '-'} /> USDT
                </Typography.Text>
              ),
            },
            { key: 'note', label: t('users.adjust.note'), children: confirming.note.trim() },
          ]}
        />
        {negative ? (
          <Alert type="error" showIcon style={{ marginTop: 16 }} title={t('users.adjust.negative')} />
        ) : (
          <Alert type="warning" showIcon style={{ marginTop: 16 }} title={t('users.adjust.warning')} />
        )}
        <Space style={{ marginTop: 24, width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={() => setConfirming(null)} disabled={adjust.isPending}>
            {t('users.adjust.back')}
          </Button>
          <Button
            type="primary"
            danger={confirming.type === 'deduction'}
            disabled={negative}
            loading={adjust.isPending}
            onClick={submit}
            data-testid="adjust-confirm"
          >
            {t('users.adjust.confirm')}
          </Button>
        </Space>
      </>
    );
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ type: 'reward' }}
      onFinish={(values) => setConfirming(values)}
      data-testid="adjust-form"
    >
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'user', label: t('users.adjust.user'), children: `${user.username} (#${user.userId})` },
          {
            key: 'balance',
            label: t('users.adjust.before'),
            children: (
              <span data-testid="adjust-current">
                <Money value={balance} /> USDT
              </span>
            ),
          },
        ]}
      />
      <Form.Item
        name="type"
        label={t('users.adjust.type')}
        rules={[zodFieldRule(ZBalanceAdjust, 'type', t)]}
        extra={type === 'recharge' ? t('users.adjust.rechargeHint') : undefined}
      >
        <Radio.Group buttonStyle="solid" data-testid="adjust-type">
          {ADJUSTMENT_TYPES.map((type) => (
            <Radio.Button key={type} value={type}>
              {t(`users.adjust.types.${type}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('users.adjust.amount')}
        rules={[zodFieldRule(ZBalanceAdjust, 'amount', t)]}
        extra={
          preview !== null && (
            <span data-testid="adjust-preview">
              {t('users.adjust.after')}: <Money value={preview} /> USDT
            </span>
          )
        }
      >
        <Input
          inputMode="decimal"
          suffix="USDT"
          placeholder="0.000000"
          autoComplete="off"
          data-testid="adjust-amount"
        />
      </Form.Item>
      <Form.Item name="note" label={t('users.adjust.note')} rules={[zodFieldRule(ZBalanceAdjust, 'note', t)]}>
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          placeholder={t('users.adjust.notePlaceholder')}
          data-testid="adjust-note"
        />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" data-testid="adjust-next">
          {t('users.adjust.next')}
        </Button>
      </Space>
    </Form>
  );
}

export function AdjustBalanceModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!user}
      title={t('users.adjust.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="adjust-modal"
    >
      {user && <AdjustBalanceForm key={user.userId} user={user} onClose={onClose} />}
    </Modal>
  );
}
