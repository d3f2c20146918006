import type { LoginAnalysis, RegistrationAnalysis, StatisticsReport } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportPeriodParams } from '../../../components/report-period';
import { downloadFile } from '../../../lib/download';
import { request } from '../../../lib/http';

const report = <T>(name: string, params: ReportPeriodParams) =>
  request<T>({ url: `/api/reports/${name}`, params });

export const useStatisticsReport = (params: ReportPeriodParams) =>
  useQuery({
    queryKey: ['reports', 'statistics', params],
    queryFn: () => report<StatisticsReport>('statistics', params),
    placeholderData: keepPreviousData,
  });

export const exportStatistics = (params: ReportPeriodParams) =>
  downloadFile('/api/reports/statistics/export', params, `statistics-${params.from}-${params.to}.csv`);

export const useLoginAnalysis = (params: ReportPeriodParams) =>
  useQuery({
    queryKey: ['reports', 'login-analysis', params],
    queryFn: () => report<LoginAnalysis>('login-analysis', params),
    placeholderData: keepPreviousData,
  });

export const useRegistrationAnalysis = (params: ReportPeriodParams) =>
  useQuery({
    queryKey: ['reports', 'registration-analysis', params],
    queryFn: () => report<RegistrationAnalysis>('registration-analysis', params),
    placeholderData: keepPreviousData,
  });
