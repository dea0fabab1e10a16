import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PortalNotification } from '@portal/shared';
import { mergeNotifications, noteRead, unreadCount } from '../src/features/notifications/notification-store';

const note = (id: number, status: 'read' | 'unread'): PortalNotification =>
  ({ id, status, title: `n${id}`, message: '', type: 'task_assigned' }) as unknown as PortalNotification;

describe('notification store (the bell badge)', () => {
  it('keeps newest first, each id once, within the cap', () => {
    const merged = mergeNotifications(
      [note(1, 'unread'), note(3, 'unread')],
      [note(2, 'unread'), note(3, 'unread')],
      2,
    );
    assert.deepEqual(
      merged.map((n) => n.id),
      [3, 2],
    );
  });

  it('a read notification stays read when an older answer says unread', () => {
    const merged = mergeNotifications([note(5, 'read')], [note(5, 'unread'), note(6, 'unread')], 100);
    assert.equal(merged.find((n) => n.id === 5)?.status, 'read');
    assert.equal(unreadCount(merged), 1);
  });

  it('a read noted on this page wins over a full load served before the server stored it (bell mounted anew)', () => {
    assert.equal(unreadCount(mergeNotifications([], [note(7, 'unread'), note(8, 'unread')], 100)), 2);
    noteRead(7);
    const fresh = mergeNotifications([], [note(7, 'unread'), note(8, 'unread')], 100);
    assert.equal(fresh.find((n) => n.id === 7)?.status, 'read');
    assert.equal(unreadCount(fresh), 1);
  });
});
