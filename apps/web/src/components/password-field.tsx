import { TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from './light-icons';

/**
 * A password input with a show/hide toggle. Mantine's PasswordInput would do, but it brings ActionIcon and
 * its own chunk to the login route, which has a 150 kB gzip budget.
 */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'rightSection'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      rightSection={
        <UnstyledButton
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          c="dimmed"
          style={{ display: 'flex', padding: 4, borderRadius: 4 }}
          disabled={props.disabled}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </UnstyledButton>
      }
    />
  );
}
