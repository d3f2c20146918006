import { DeleteOutlined, InboxOutlined, SaveOutlined } from '@ant-design/icons';
import type { RecipientInput } from '@jiema/shared';
import { App, Button, Card, Input, List, Popconfirm, Space, Tabs, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readRecipientsFile } from '../lib/recipients-file';
import { deleteSavedList, loadSavedLists, type SavedList, saveList } from '../lib/saved-lists';
import { CountryCodeSelect } from './country-code-select';

export type RecipientsValue = {
  recipientsText: string;
  recipients: RecipientInput[];
  /** Variable columns of the uploaded file. */
  columns: string[];
  fileName: string;
};

export const EMPTY_RECIPIENTS: RecipientsValue = {
  recipientsText: '',
  recipients: [],
  columns: [],
  fileName: '',
};

/** Recipients pasted, uploaded (TXT/CSV/XLSX, a column per variable) or taken from a saved list. */
export function RecipientsCard({
  value,
  onChange,
  defaultCountryCode,
  onCountryCodeChange,
}: {
  value: RecipientsValue;
  onChange: (next: RecipientsValue) => void;
  defaultCountryCode: string;
  onCountryCodeChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [lists, setLists] = useState<SavedList[]>(loadSavedLists);
  const [listName, setListName] = useState('');

  const upload = async (file: File) => {
    try {
      const parsed = await readRecipientsFile(file);
      if ('text' in parsed) onChange({ ...value, recipientsText: parsed.text, fileName: file.name });
      else
        onChange({ ...value, recipients: parsed.recipients, columns: parsed.columns, fileName: file.name });
      void message.success(t('mass-sms.send.fileRead', { name: file.name }));
    } catch {
      void message.error(t('mass-sms.send.fileUnreadable'));
    }
    return false;
  };

  const save = () => {
    const name = listName.trim();
    if (!name) return;
    setLists(
      saveList({
        name,
        savedAt: new Date().toISOString(),
        recipientsText: value.recipientsText,
        recipients: value.recipients,
      }),
    );
    setListName('');
    void message.success(t('mass-sms.send.listSaved'));
  };

  return (
    <Card size="small" title={t('mass-sms.send.recipients')}>
      <Tabs
        items={[
          {
            key: 'paste',
            label: t('mass-sms.send.paste'),
            children: (
              <Input.TextArea
                rows={6}
                value={value.recipientsText}
                onChange={(e) => onChange({ ...value, recipientsText: e.target.value })}
                placeholder={t('mass-sms.send.pastePlaceholder')}
                data-testid="recipients-text"
              />
            ),
          },
          {
            key: 'upload',
            label: t('mass-sms.send.upload'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Upload.Dragger
                  accept=".txt,.csv,.xlsx"
                  showUploadList={false}
                  beforeUpload={(file) => upload(file)}
                  data-testid="recipients-upload"
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p>{t('mass-sms.send.uploadHint')}</p>
                  <Typography.Text type="secondary">{t('mass-sms.send.uploadColumns')}</Typography.Text>
                </Upload.Dragger>
                {value.recipients.length > 0 && (
                  <Space wrap data-testid="recipients-file-summary">
                    <Tag color="blue">{value.fileName}</Tag>
                    <Typography.Text>
                      {t('mass-sms.send.fileRows', { count: value.recipients.length })}
                    </Typography.Text>
                    {value.columns.map((c) => (
                      <Tag key={c}>{`{${c}}`}</Tag>
                    ))}
                    <Button
                      size="small"
                      onClick={() => onChange({ ...value, recipients: [], columns: [], fileName: '' })}
                    >
                      {t('mass-sms.send.clearFile')}
                    </Button>
                  </Space>
                )}
              </Space>
            ),
          },
          {
            key: 'saved',
            label: t('mass-sms.send.savedLists'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    value={listName}
                    maxLength={40}
                    onChange={(e) => setListName(e.target.value)}
                    placeholder={t('mass-sms.send.listName')}
                    data-testid="saved-list-name"
                  />
                  <Button
                    icon={<SaveOutlined />}
                    onClick={save}
                    disabled={
                      !listName.trim() || (!value.recipientsText.trim() && value.recipients.length === 0)
                    }
                    data-testid="saved-list-save"
                  >
                    {t('mass-sms.send.saveList')}
                  </Button>
                </Space.Compact>
                <List
                  size="small"
                  dataSource={lists}
                  locale={{ emptyText: t('mass-sms.send.noSavedLists') }}
                  renderItem={(list) => (
                    <List.Item
                      actions={[
                        <Button
                          key="use"
                          size="small"
                          type="link"
                          onClick={() =>
                            onChange({
                              recipientsText: list.recipientsText,
                              recipients: list.recipients,
                              columns: Object.keys(list.recipients[0]?.variables ?? {}),
                              fileName: list.name,
                            })
                          }
                          data-testid={`saved-list-use-${list.name}`}
                        >
                          {t('mass-sms.send.useList')}
                        </Button>,
                        <Popconfirm
                          key="del"
                          title={t('mass-sms.send.deleteListConfirm')}
                          onConfirm={() => setLists(deleteSavedList(list.name))}
                        >
                          <Button
                            size="small"
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('mass-sms.delete')}
                          />
                        </Popconfirm>,
                      ]}
                    >
                      {list.name}
                    </List.Item>
                  )}
                />
              </Space>
            ),
          },
        ]}
      />
      <Space wrap style={{ marginTop: 8 }}>
        <Typography.Text>{t('mass-sms.send.defaultCountryCode')}</Typography.Text>
        <CountryCodeSelect value={defaultCountryCode} onChange={onCountryCodeChange} />
        <Typography.Text type="secondary">{t('mass-sms.send.defaultCountryCodeHint')}</Typography.Text>
      </Space>
    </Card>
  );
}
