import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleInput, ScheduleRow } from '@portal/shared';
import { api } from '../../../lib/api';
import { SIGNAGE_PAGE, signageKeys } from './query-keys';

/** GET /okds-schedules?status= (default active). */
export const getSchedules = (status: string, offset: number, signal?: AbortSignal) =>
  api<{ rows: ScheduleRow[]; total: number }>(
    `/okds-schedules?status=${status}&offset=${offset}&limit=${SIGNAGE_PAGE}`,
    { signal },
  );

export const schedulesQuery = (status: string, offset: number) =>
  queryOptions({
    queryKey: signageKeys.schedules(status, offset),
    queryFn: ({ signal }) => getSchedules(status, offset, signal),
    placeholderData: keepPreviousData,
  });

export const useSchedules = (status: string, offset: number) => useQuery(schedulesQuery(status, offset));

/** POST /okds-schedules or PUT /okds-schedules/{id}. */
export const saveSchedule = (input: ScheduleInput, id?: number) =>
  api<{ message: string; schedule: ScheduleRow }>(id ? `/okds-schedules/${id}` : '/okds-schedules', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });

/** DELETE /okds-schedules/{id}. */
export const deleteSchedule = (id: number) => api<{ message: string }>(`/okds-schedules/${id}`, { method: 'DELETE' });
