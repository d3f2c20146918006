/** Query keys of mass SMS; a change invalidates the area it touched. */
export const TEMPLATES_KEY = ['mass-sms', 'templates'] as const;
export const CAMPAIGNS_KEY = ['mass-sms', 'campaigns'] as const;
export const MESSAGES_KEY = ['mass-sms', 'messages'] as const;
export const QUOTA_KEY = ['mass-sms', 'quota'] as const;
export const CONNECTORS_KEY = ['mass-sms', 'connectors'] as const;
