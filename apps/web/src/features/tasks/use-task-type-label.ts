import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A task type's name in the interface language. The server keeps German names (reference data);
 * the known types are translated by id, a type added later shows its server name until it is.
 */
export function useTaskTypeLabel(): (id: number, serverName: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (id: number, serverName: string) => {
      const key = `tasks.types.${id}`;
      return i18n.exists(key) ? t(key) : serverName;
    },
    // `t` is a new function after a language switch, so the labels follow it.
    [t, i18n],
  );
}
