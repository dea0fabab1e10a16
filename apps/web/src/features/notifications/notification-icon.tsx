import {
  IconAlarm,
  IconBell,
  IconCircleCheck,
  IconClipboardCheck,
  IconLifebuoy,
  IconNote,
  IconPaperclip,
  IconSquarePlus,
  IconUserCheck,
  IconUserShare,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** An icon per type of both spec documents; any other type gets the bell. */
const ICONS: Record<string, { icon: ComponentType<{ size?: number }>; color: string }> = {
  files_uploaded: { icon: IconPaperclip, color: 'gray' },
  file_added: { icon: IconPaperclip, color: 'gray' },
  note_added: { icon: IconNote, color: 'blue' },
  task_assignment: { icon: IconUserCheck, color: 'teal' },
  task_assigned: { icon: IconUserCheck, color: 'teal' },
  task_reassigned: { icon: IconUserShare, color: 'teal' },
  assist_request: { icon: IconLifebuoy, color: 'orange' },
  assist_requested: { icon: IconLifebuoy, color: 'orange' },
  audit_submitted: { icon: IconClipboardCheck, color: 'grape' },
  task_created: { icon: IconSquarePlus, color: 'indigo' },
  task_overdue: { icon: IconAlarm, color: 'red' },
  task_closed: { icon: IconCircleCheck, color: 'green' },
};

export function notificationIcon(type: string) {
  return ICONS[type] ?? { icon: IconBell, color: 'gray' };
}
