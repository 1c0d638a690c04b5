/** A visitor's sign-up on the demo sign-up form (the seed's `formEntries` page), as the public page sends it. */
export function demoSignUpBody(widgetId: number, name: string, email: string) {
  const fields = [
    { uid: 'field-participe-nome', value: name },
    { uid: 'field-participe-email', value: email },
    { uid: 'field-participe-whatsapp', value: '' },
    { uid: 'field-participe-ajuda', value: 'Divulgar nas redes' },
  ];
  return { form_entry: { widget_id: widgetId, fields: JSON.stringify(fields) } };
}
