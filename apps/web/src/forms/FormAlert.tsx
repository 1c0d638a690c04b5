import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** Messages that belong to no single field, above the submit button. Announced as they appear. */
export function FormAlert({ message, children }: { message?: string; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert color="danger" variant="light" role="alert">
      {message}
      {children}
    </Alert>
  );
}
