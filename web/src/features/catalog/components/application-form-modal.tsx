import { ExperimentOutlined } from '@ant-design/icons';
import {
  type Application,
  type ApplicationCreate,
  DEFAULT_CODE_PATTERN,
  DEFAULT_SORT_ORDER,
  extractCode,
  smsMatchesApplication,
  ZApplicationCreate,
} from '@jiema/shared';
import {
  Alert,
  Button,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldRule } from '../../../lib/form-rules';
import { createApplication } from '../api/create-application';
import { updateApplication } from '../api/update-application';
import { monoInputStyle, useCatalogMutation } from './catalog-common';
import { IconUpload } from './icon-upload';

type Sample = { sender: string; text: string };
type Result = { attributed: boolean; code: string | null };

/** Add or edit an application: names, codes, the SMS patterns (tried on a sample right here) and its icon. */
export function ApplicationFormModal({
  open,
  application,
  onClose,
}: {
  open: boolean;
  application: Application | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplicationCreate>();
  const [sample, setSample] = useState<Sample>({ sender: '', text: '' });
  const [result, setResult] = useState<Result | null>(null);
  const rule = (field: string) => [zodFieldRule(ZApplicationCreate, field, t)];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      application ?? {
        code: '',
        fivesimProduct: null,
        nameZh: '',
        nameEn: '',
        senderPattern: '',
        keywordPattern: '',
        codePattern: DEFAULT_CODE_PATTERN,
        iconPath: '',
        enabled: true,
        sortOrder: DEFAULT_SORT_ORDER,
      },
    );
    setSample({ sender: application?.nameEn ?? '', text: '' });
    setResult(null);
  }, [open, application, form]);

  const save = useCatalogMutation(
    (values: ApplicationCreate) =>
      application ? updateApplication({ id: application.id, ...values }) : createApplication(values),
    t('catalog.saved'),
    onClose,
  );

  /** The same shared functions the server runs on inbound SMS; the patterns are validated first. */
  const tryPatterns = async () => {
    try {
      const values = await form.validateFields(['senderPattern', 'keywordPattern', 'codePattern']);
      setResult({
        attributed: smsMatchesApplication(values, sample),
        code: extractCode(values.codePattern, sample.text),
      });
    } catch {
      setResult(null);
    }
  };

  return (
    <Modal
      open={open}
      title={
        application
          ? t('catalog.application.editTitle', { name: application.nameEn })
          : t('catalog.application.addTitle')
      }
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      width={760}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid="application-form"
      >
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item
              name="code"
              label={t('catalog.application.code')}
              rules={rule('code')}
              tooltip={t('catalog.application.codeHint')}
            >
              <Input maxLength={16} style={monoInputStyle} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="fivesimProduct"
              label={t('catalog.application.fivesimProduct')}
              rules={rule('fivesimProduct')}
            >
              <Input maxLength={40} style={monoInputStyle} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="nameZh" label={t('catalog.nameZh')} rules={rule('nameZh')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="nameEn" label={t('catalog.nameEn')} rules={rule('nameEn')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {t('catalog.application.patternHelp')}
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="senderPattern"
              label={t('catalog.application.senderPattern')}
              rules={rule('senderPattern')}
            >
              <Input maxLength={200} style={monoInputStyle} placeholder="Telegram" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="keywordPattern"
              label={t('catalog.application.keywordPattern')}
              rules={rule('keywordPattern')}
            >
              <Input maxLength={200} style={monoInputStyle} placeholder="Telegram" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="codePattern"
              label={t('catalog.application.codePattern')}
              rules={rule('codePattern')}
              extra={t('catalog.application.codePatternHint')}
            >
              <Input maxLength={200} style={monoInputStyle} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="sortOrder" label={t('catalog.sortOrder')} rules={rule('sortOrder')}>
              <InputNumber style={{ width: '100%' }} min={0} max={1_000_000} precision={0} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={t('catalog.status')} valuePropName="checked">
              <Switch checkedChildren={t('catalog.on')} unCheckedChildren={t('catalog.off')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="iconPath" hidden>
          <Input />
        </Form.Item>
      </Form>
      {application && (
        <>
          <Divider titlePlacement="start" plain>
            {t('catalog.application.icon')}
          </Divider>
          <IconUpload
            application={application}
            onUploaded={(iconPath) => form.setFieldValue('iconPath', iconPath)}
          />
        </>
      )}
      <Divider titlePlacement="start" plain>
        {t('catalog.application.tryTitle')}
      </Divider>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            style={{ width: 200 }}
            placeholder={t('catalog.application.trySender')}
            value={sample.sender}
            onChange={(e) => setSample({ ...sample, sender: e.target.value })}
          />
          <Input
            placeholder={t('catalog.application.tryText')}
            value={sample.text}
            onChange={(e) => setSample({ ...sample, text: e.target.value })}
            data-testid="application-try-text"
          />
          <Button icon={<ExperimentOutlined />} onClick={tryPatterns} data-testid="application-try">
            {t('catalog.application.try')}
          </Button>
        </Space.Compact>
        {result && (
          <Alert
            type={result.attributed && result.code ? 'success' : 'warning'}
            showIcon
            message={
              <Space split="·" wrap>
                <span>
                  {result.attributed
                    ? t('catalog.application.tryAttributed')
                    : t('catalog.application.tryNotAttributed')}
                </span>
                <span>
                  {result.code
                    ? t('catalog.application.tryCode', { code: result.code })
                    : t('catalog.application.tryNoCode')}
                </span>
              </Space>
            }
            data-testid="application-try-result"
          />
        )}
      </Space>
    </Modal>
  );
}
