import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { languageFromLangCode, type AuthUser } from '@portal/shared';
import { authCalls } from '@portal/shared/contracts';
import { ApiError, setUnauthorizedHandler } from './api';
import { callApi } from './calls';
import { clearStoredUser, readStoredUser, toStoredUser, writeStoredUser, type StoredUser } from './auth-storage';
import { switchLanguage } from './i18n';

interface AuthState {
  user: StoredUser | null;
  isAuthenticated: boolean;
  /** True until the stored session has been checked at start. */
  isAuthLoading: boolean;
  /** Takes the server's answer of a sign-in call. */
  signIn(user: AuthUser): void;
  /** Ends the session on the server (best effort) and leaves with a full page load. */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Where a signed-out user lands: customers at their own login, everyone else at /login. */
function logoutTarget(user: StoredUser | null): string {
  return user?.role === 'customer' ? '/business-login' : '/login';
}

/** Drops the local session and does a full redirect (no state of the old session survives). */
function hardLogout(user: StoredUser | null): void {
  clearStoredUser();
  window.location.replace(logoutTarget(user));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StoredUser | null>(() => readStoredUser());
  const [isAuthLoading, setAuthLoading] = useState(true);

  useEffect(() => {
    setUnauthorizedHandler(() => hardLogout(readStoredUser() ?? user));
  }, [user]);

  // At start: a stored, unexpired session is confirmed with the server (it may have been ended elsewhere).
  useEffect(() => {
    const stored = readStoredUser();
    if (!stored) {
      setUser(null);
      setAuthLoading(false);
      return;
    }
    const ctrl = new AbortController();
    callApi(authCalls.verifyToken, {}, { signal: ctrl.signal, skipUnauthorizedHandler: true })
      .then((fresh) => {
        const next = toStoredUser(fresh);
        writeStoredUser(next);
        setUser(next);
        // lang_code is the user's working language (server: users/service workingLanguage): a language
        // they chose, else their browser's if the portal has it, else their account's.
        void switchLanguage(languageFromLangCode(next.lang_code));
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 401) {
          clearStoredUser();
          setUser(null);
        }
        // Offline or server down: keep the stored session; the next call will tell.
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setAuthLoading(false);
      });
    return () => ctrl.abort();
  }, []);

  // The token-expiry check: past expiresIn the session is over.
  useEffect(() => {
    if (!user) return;
    const check = () => {
      if (Date.now() >= user.expiresIn) hardLogout(user);
    };
    const id = window.setInterval(check, 15_000);
    const onFocus = () => check();
    window.addEventListener('focus', onFocus);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('focus', onFocus);
    };
  }, [user]);

  const signIn = useCallback((answer: AuthUser) => {
    const next = toStoredUser(answer);
    writeStoredUser(next);
    setUser(next);
    void switchLanguage(languageFromLangCode(next.lang_code));
  }, []);

  const logout = useCallback(async () => {
    const current = readStoredUser() ?? user;
    try {
      await callApi(authCalls.logout, {}, { skipUnauthorizedHandler: true });
    } catch {
      /* the local session ends regardless */
    }
    hardLogout(current);
  }, [user]);

  const value = useMemo<AuthState>(
    () => ({ user, isAuthenticated: !!user, isAuthLoading, signIn, logout }),
    [user, isAuthLoading, signIn, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
