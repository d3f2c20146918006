import { AD_LOCALES, AD_PLACEMENTS, type Ad, type AdInput, ZAdInput } from '@jiema/shared';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createAd } from '../api/create-ad';
import { updateAd } from '../api/update-ad';
import { AdImageUpload } from './ad-image-upload';
import { wholeSchemaRule } from './schema-rule';
import { useAdMutation } from './use-ad-mutation';

type FormValues = Omit<AdInput, 'startsAt' | 'endsAt'> & { schedule?: [Dayjs | null, Dayjs | null] | null };

const toInput = ({ schedule, ...rest }: FormValues): AdInput => ({
  ...rest,
  startsAt: schedule?.[0]?.toISOString() ?? null,
  endsAt: schedule?.[1]?.toISOString() ?? null,
});

/** Add or edit an ad: image, link, placement, language, schedule, order. */
export function AdFormModal({ open, ad, onClose }: { open: boolean; ad: Ad | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const rule = (field: keyof AdInput) => [wholeSchemaRule(ZAdInput, field, t, toInput)];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      ad
        ? {
            ...ad,
            schedule: [ad.startsAt ? dayjs(ad.startsAt) : null, ad.endsAt ? dayjs(ad.endsAt) : null],
          }
        : {
            title: '',
            linkUrl: '',
            placement: 'dashboard_banner',
            locale: 'all',
            enabled: true,
            sortOrder: 0,
          },
    );
  }, [open, ad, form]);

  const save = useAdMutation(
    (values: FormValues) => (ad ? updateAd({ id: ad.id, ...toInput(values) }) : createAd(toInput(values))),
    t('ads.saved'),
    onClose,
  );

  return (
    <Modal
      open={open}
      title={ad ? t('ads.editTitle') : t('ads.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)} data-testid="ad-form">
        <Form.Item name="imageFileId" label={t('ads.fields.image')} rules={rule('imageFileId')}>
          <AdImageUpload />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('ads.fields.title')}
          rules={rule('title')}
          extra={t('ads.titleHint')}
        >
          <Input maxLength={100} showCount data-testid="ad-title" />
        </Form.Item>
        <Form.Item
          name="linkUrl"
          label={t('ads.fields.link')}
          rules={rule('linkUrl')}
          extra={t('ads.linkHint')}
        >
          <Input maxLength={2048} placeholder="https://" data-testid="ad-link" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="placement" label={t('ads.fields.placement')} rules={rule('placement')}>
              <Select
                options={AD_PLACEMENTS.map((value) => ({ value, label: t(`ads.placements.${value}`) }))}
                data-testid="ad-placement"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="locale" label={t('ads.fields.locale')} rules={rule('locale')}>
              <Select options={AD_LOCALES.map((value) => ({ value, label: t(`ads.locales.${value}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="schedule"
          label={t('ads.fields.schedule')}
          rules={[wholeSchemaRule(ZAdInput, 'endsAt', t, toInput)]}
          extra={t('ads.scheduleHint')}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[true, true]}
            placeholder={[t('ads.startNow'), t('ads.noEnd')]}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="sortOrder" label={t('ads.fields.sortOrder')} rules={rule('sortOrder')}>
              <InputNumber style={{ width: '100%' }} min={0} max={9999} precision={0} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('ads.fields.enabled')} valuePropName="checked">
              <Switch checkedChildren={t('ads.on')} unCheckedChildren={t('ads.off')} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
