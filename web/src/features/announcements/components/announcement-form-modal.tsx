import { type Announcement, type AnnouncementInput, ZAnnouncementInput } from '@jiema/shared';
import { Col, Form, Input, Modal, Row, Switch, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createAnnouncement } from '../api/create-announcement';
import { updateAnnouncement } from '../api/update-announcement';
import { RichTextEditor } from './rich-text-editor';
import { wholeSchemaRule } from './schema-rule';
import { useAnnouncementMutation } from './use-announcement-mutation';

const EMPTY: AnnouncementInput = {
  titleZh: '',
  contentZh: '',
  titleEn: '',
  contentEn: '',
  published: false,
  pinned: false,
};

/** Write or edit an announcement: Chinese (required) and English (optional) title and rich text. */
export function AnnouncementFormModal({
  open,
  announcement,
  onClose,
}: {
  open: boolean;
  announcement: Announcement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AnnouncementInput>();
  const rule = (field: keyof AnnouncementInput) => [wholeSchemaRule(ZAnnouncementInput, field, t)];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(announcement ?? EMPTY);
  }, [open, announcement, form]);

  const save = useAnnouncementMutation(
    (values: AnnouncementInput) =>
      announcement ? updateAnnouncement({ id: announcement.id, ...values }) : createAnnouncement(values),
    t('announcements.saved'),
    onClose,
  );

  const language = (suffix: 'Zh' | 'En') => (
    <>
      <Form.Item
        name={`title${suffix}`}
        label={t('announcements.fields.title')}
        rules={rule(`title${suffix}`)}
        dependencies={[`content${suffix}`]}
      >
        <Input maxLength={200} showCount data-testid={`announcement-title-${suffix.toLowerCase()}`} />
      </Form.Item>
      <Form.Item
        name={`content${suffix}`}
        label={t('announcements.fields.content')}
        rules={rule(`content${suffix}`)}
        dependencies={[`title${suffix}`]}
      >
        <RichTextEditor
          placeholder={t('announcements.editor.placeholder')}
          testId={`announcement-editor-${suffix.toLowerCase()}`}
        />
      </Form.Item>
    </>
  );

  return (
    <Modal
      open={open}
      title={announcement ? t('announcements.editTitle') : t('announcements.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      width={880}
      destroyOnHidden
      maskClosable={false}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        onFinishFailed={({ errorFields }) => {
          // Show the tab holding the first error.
          const first = String(errorFields[0]?.name[0] ?? '');
          if (first.endsWith('En')) document.querySelector<HTMLElement>('[data-node-key="en"]')?.click();
        }}
        data-testid="announcement-form"
      >
        <Tabs
          items={[
            { key: 'zh', label: t('announcements.chinese'), children: language('Zh'), forceRender: true },
            {
              key: 'en',
              label: t('announcements.englishOptional'),
              children: (
                <>
                  <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 12 }}>
                    {t('announcements.englishHint')}
                  </div>
                  {language('En')}
                </>
              ),
              forceRender: true,
            },
          ]}
        />
        <Row gutter={16}>
          <Col>
            <Form.Item name="published" label={t('announcements.fields.published')} valuePropName="checked">
              <Switch data-testid="announcement-published-switch" />
            </Form.Item>
          </Col>
          <Col>
            <Form.Item name="pinned" label={t('announcements.fields.pinned')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
