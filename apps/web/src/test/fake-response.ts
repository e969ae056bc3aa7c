/**
 * jsdom has no `Response`; this is the part of it the api layer reads.
 * A string body is sent as is, anything else as JSON.
 */
export function fakeResponse(
  status: number,
  body?: unknown,
  statusText = '',
  headers: Record<string, string> = {},
): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const lowerCased = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const response = {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: { get: (name: string) => lowerCased.get(name.toLowerCase()) ?? null },
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(JSON.parse(text) as unknown),
  };
  return response as unknown as Response;
}
