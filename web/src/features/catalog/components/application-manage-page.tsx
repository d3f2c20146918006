import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { Application } from '@jiema/shared';
import { App, Button, Card, Input, Select, Space, type TableColumnsType, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../../components/app-icon';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { useUrlTable } from '../../../lib/use-url-table';
import { deleteApplication } from '../api/delete-application';
import { exportApplications } from '../api/export-applications';
import { useApplications } from '../api/list-applications';
import { updateApplication } from '../api/update-application';
import { ApplicationFormModal } from './application-form-modal';
import {
  EnabledSwitch,
  monoStyle,
  sortOrderOf,
  useCan,
  useCatalogMutation,
  useEnabledOptions,
} from './catalog-common';

const pattern = (value: string) =>
  value ? (
    // At most the column's width (the table lays out automatically): long patterns are cut, whole on hover.
    <Typography.Text style={{ ...monoStyle, display: 'block', maxWidth: 140 }} ellipsis={{ tooltip: value }}>
      {value}
    </Typography.Text>
  ) : (
    '-'
  );

/** Admin: the services codes are received for, with their SMS attribution and code patterns and icons. */
export default function ApplicationManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const table = useUrlTable();
  const { filters } = table.query;
  const applications = useApplications(table.apiParams);
  const enabledOptions = useEnabledOptions();
  const [editing, setEditing] = useState<Application | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const canEdit = can('admin:application:edit');

  const update = useCatalogMutation(updateApplication, t('catalog.saved'));
  const remove = useCatalogMutation(deleteApplication, t('catalog.deleted'));
  const openForm = (application: Application | null) => {
    setEditing(application);
    setFormOpen(true);
  };
  const doExport = async () => {
    setExporting(true);
    try {
      await exportApplications({ keyword: filters.keyword, enabled: filters.enabled });
      void message.success(t('catalog.exported'));
    } catch {
      // the HTTP layer has said why
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<Application> = [
    {
      title: t('catalog.application.icon'),
      dataIndex: 'iconPath',
      width: 64,
      render: (_: string, app) => <AppIcon app={app} size={32} />,
    },
    {
      title: t('catalog.application.code'),
      dataIndex: 'code',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'code'),
      width: 90,
      render: (code: string) => (
        <Typography.Text strong style={monoStyle}>
          {code}
        </Typography.Text>
      ),
    },
    {
      title: t('catalog.nameZh'),
      dataIndex: 'nameZh',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'nameZh'),
      width: 150,
    },
    {
      title: t('catalog.nameEn'),
      dataIndex: 'nameEn',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'nameEn'),
      width: 170,
    },
    {
      title: t('catalog.application.fivesimProduct'),
      dataIndex: 'fivesimProduct',
      width: 120,
      render: (v: string | null) => (v ? <span style={monoStyle}>{v}</span> : '-'),
    },
    {
      title: t('catalog.application.senderPattern'),
      dataIndex: 'senderPattern',
      width: 170,
      render: pattern,
    },
    {
      title: t('catalog.application.keywordPattern'),
      dataIndex: 'keywordPattern',
      width: 170,
      render: pattern,
    },
    { title: t('catalog.application.codePattern'), dataIndex: 'codePattern', width: 170, render: pattern },
    {
      title: t('catalog.sortOrder'),
      dataIndex: 'sortOrder',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'sortOrder'),
      width: 90,
    },
    {
      title: t('catalog.status'),
      dataIndex: 'enabled',
      sorter: true,
      sortOrder: sortOrderOf(table.query, 'enabled'),
      width: 90,
      render: (enabled: boolean, row) => (
        <EnabledSwitch
          enabled={enabled}
          canEdit={canEdit}
          onChange={(next) => update.mutateAsync({ id: row.id, enabled: next })}
          testId={`application-enabled-${row.code}`}
        />
      ),
    },
    {
      title: t('catalog.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          onEdit={canEdit ? () => openForm(row) : undefined}
          editLabel={t('catalog.edit')}
          editTestId={`application-edit-${row.code}`}
          onDelete={can('admin:application:del') ? () => remove.mutateAsync(row.id) : undefined}
          deleteLabel={t('catalog.delete')}
          confirmTitle={t('catalog.application.deleteTitle', { name: row.nameEn })}
          confirmDescription={t('catalog.application.deleteWarning')}
        />
      ),
    },
  ];

  return (
    <Card title={t('catalog.application.title')} data-testid="application-manage">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('catalog.application.searchPlaceholder')}
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ ...filters, keyword })}
            style={{ width: 280 }}
            data-testid="application-search"
          />
          <Select
            allowClear
            placeholder={t('catalog.status')}
            value={filters.enabled}
            options={enabledOptions}
            onChange={(enabled) => table.setFilters({ ...filters, enabled })}
            style={{ width: 120 }}
          />
        </Space>
        <Space wrap>
          {can('admin:application:export') && (
            <Button icon={<DownloadOutlined />} onClick={doExport} loading={exporting}>
              {t('catalog.export')}
            </Button>
          )}
          {can('admin:application:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => openForm(null)}
              data-testid="application-add"
            >
              {t('catalog.application.add')}
            </Button>
          )}
        </Space>
      </Space>
      <DataTable<Application>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={applications.data?.list}
        loading={applications.isFetching}
        pagination={table.pagination(applications.data?.total)}
        onChange={(pagination, tableFilters, sorter) =>
          table.onTableChange(pagination, tableFilters, sorter as SorterResult<unknown>)
        }
        data-testid="application-table"
      />
      <ApplicationFormModal open={formOpen} application={editing} onClose={() => setFormOpen(false)} />
    </Card>
  );
}
