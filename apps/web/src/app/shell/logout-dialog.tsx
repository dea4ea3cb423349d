import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-provider';

export function LogoutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const close = () => {
    setFailed(false);
    onClose();
  };

  const logOut = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { error } = await signOut();
      if (error) {
        setFailed(true);
        return;
      }
      onClose();
      navigate('/login', { replace: true });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>Confirm Logout</Text>} size="sm">
      <Text>Are you sure you want to log out?</Text>
      {failed && (
        <Alert color="red" variant="light" mt="md" role="alert">
          Failed to log out. Please try again.
        </Alert>
      )}
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" onClick={() => void logOut()} loading={busy}>
          Log Out
        </Button>
      </Group>
    </Modal>
  );
}
