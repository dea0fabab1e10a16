/** Query keys of the signage screens; a change invalidates `all`, so every screen shows it. */
export const signageKeys = {
  all: ['signage'] as const,
  overview: () => ['signage', 'overview'] as const,
  devices: (status: string, q: string, offset: number) => ['signage', 'devices', status, q, offset] as const,
  files: (offset: number) => ['signage', 'files', offset] as const,
  deviceContent: (deviceId: number) => ['signage', 'device-content', deviceId] as const,
  schedules: (status: string, offset: number) => ['signage', 'schedules', status, offset] as const,
  scheduleContent: (scheduleId: number) => ['signage', 'schedule-content', scheduleId] as const,
  customers: (offset: number) => ['signage', 'customers', offset] as const,
  status: (offset: number) => ['signage', 'status', offset] as const,
  search: (query: string) => ['signage', 'search', query] as const,
};

/** Rows per page of the signage tables. */
export const SIGNAGE_PAGE = 25;
