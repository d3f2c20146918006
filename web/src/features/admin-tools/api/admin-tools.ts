import type { SweepResult, ToolPatternTestInput, ToolPatternTestResult } from '@jiema/shared';
import { downloadFile } from '../../../lib/download';
import { request } from '../../../lib/http';

export const testPatterns = (data: Partial<ToolPatternTestInput>) =>
  request<ToolPatternTestResult>({ method: 'POST', url: '/api/admin/tools/pattern-test', data });

export const sweepNow = () => request<SweepResult>({ method: 'POST', url: '/api/admin/tools/sweep' });

export const exportSettings = () =>
  downloadFile(
    '/api/admin/tools/settings-export',
    {},
    `jiema-settings-${new Date().toISOString().slice(0, 10)}.json`,
  );
