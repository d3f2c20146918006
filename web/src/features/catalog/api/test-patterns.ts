import type { PatternTestInput, PatternTestResult } from '@jiema/shared';
import { request } from '../../../lib/http';

export const testPatterns = (data: Partial<PatternTestInput>) =>
  request<PatternTestResult>({ url: '/api/admin/applications/test-patterns', method: 'POST', data });
