export type ErrorCatalogue = Record<string, { status: number; 'zh-CN': string; 'en-US': string }>;
