import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';

export default function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center">
        <BrandMark size={48} />
        <Title order={1} fz={28}>
          404 - Page Not Found
        </Title>
        <Text c="dimmed" maw={380}>
          The page you are looking for does not exist or has moved.
        </Text>
        <Button component={Link} to="/">
          Back to Home
        </Button>
      </Stack>
    </Center>
  );
}
