import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useLoginPath } from '@/session/next-path';

/** Spec §4/§5: a page that needs a login says so, then goes to /login-or-register after 2 s (and comes back). */
export const LOGIN_NOTICE_REDIRECT_MS = 2000;

export function LoginNotice({ message }: { message: string }) {
  const navigate = useNavigate();
  const login = useLoginPath();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(login), LOGIN_NOTICE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, login]);
  return (
    <MessageBar intent="warning" layout="multiline" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}
