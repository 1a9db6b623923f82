import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { paths } from '@/config/paths';

/** Spec §4/§5: a page that needs a login says so, then goes to /login-or-register after 2 s. */
export const LOGIN_NOTICE_REDIRECT_MS = 2000;

export function LoginNotice({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(paths.loginOrRegister), LOGIN_NOTICE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <MessageBar intent="warning" layout="multiline" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}
