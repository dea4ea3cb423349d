import { schemaResolver } from '@mantine/form';

/**
 * A form's `validate` made from the contract's request schema (issue 23: forms do not repeat the contract's rules).
 * The form's values become the request body with the form's own `toBody` and are checked by the schema the server
 * checks them with (Mantine's `schemaResolver`, which takes zod 4 as a Standard Schema — no separate zod resolver
 * package is needed on Mantine 9); each message lands on the form field that `fields` names for the body field —
 * the same map `fieldErrorsOf` uses for the server's 400s, so client and server errors show in the same place.
 * Synchronous, so `form.onSubmit` decides at once, as before.
 */
export function contractValidate<V, F extends string>(
  schema: Parameters<typeof schemaResolver>[0],
  toBody: (values: V) => unknown,
  fields: readonly F[] | Readonly<Record<string, F>>,
): (values: V) => Partial<Record<F, string>> {
  const resolve = schemaResolver(schema, { sync: true });
  const formField = (server: string): F | undefined =>
    Array.isArray(fields) ? (fields.includes(server as F) ? (server as F) : undefined) : (fields as Readonly<Record<string, F>>)[server];
  return (values) => {
    const errors: Partial<Record<F, string>> = {};
    for (const [path, message] of Object.entries(resolve(toBody(values)))) {
      const field = formField(path.split('.')[0] ?? '');
      if (field && errors[field] === undefined && message) errors[field] = String(message);
    }
    return errors;
  };
}
