/**
 * A multipart body: the text fields, then the files in the order given (the server reads files
 * after the fields, as they arrive). One builder for every form the app sends — a memory's create
 * and update from the outbox (which the service worker also runs, so this module imports nothing),
 * and the map's Move.
 */
export function multipartForm(fields: Record<string, string>, files: readonly { field: string; blob: Blob; name: string }[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, file.blob, file.name);
  return form;
}
