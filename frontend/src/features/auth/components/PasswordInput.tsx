import { useState } from 'react';
import { Button, Input, type InputProps } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { authZhHK } from '@/i18n/auth-zh-HK';

/** A password input with a show/hide button (typing on a phone keyboard is error-prone). */
export function PasswordInput(props: Omit<InputProps, 'type' | 'contentAfter'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={visible ? <EyeOffRegular /> : <EyeRegular />}
          aria-label={visible ? authZhHK.login.hidePassword : authZhHK.login.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        />
      }
    />
  );
}
